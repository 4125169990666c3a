"""A turn's rubric must not contradict itself (round 15b; issue #37, reading l).

A rubric that rewards a decision and also rewards, or fails to penalise, its opposite
credits both answers: the grade no longer says which decision is right. The reading of
10004235-24181354 t3 found "stop metronidazole and ceftriaxone" (critical) beside
"continue metronidazole and ceftriaxone unchanged": the second was a negative (penalty)
item, listed without its sign. What makes a rubric contradictory, checked on every built
session (:func:`physassist_env.scenarios.generate.check_gold`, so a build fails on it):

* a negative check (the forbidden action) that earns points instead of losing them;
* one action on one target both rewarded (a recommend item) and penalised (a negative
  item);
* opposite decisions (continue and stop, start and do not start) both rewarded on the
  same target.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from physassist_env.scenarios.model import NegativeCheck, RecommendCheck, RubricItem
from physassist_env.vocab.decisions import DECISION_WORDS, Decision

#: Decisions that cannot both be right about one target.
OPPOSITE: tuple[tuple[Decision, Decision], ...] = (
    (Decision.CONTINUE, Decision.STOP),
    (Decision.START, Decision.NO_START),
)


def _low(words: Iterable[str]) -> set[str]:
    return {w.strip().lower() for w in words if w.strip()}


def _decisions(actions: set[str]) -> set[Decision]:
    """The decisions whose words ``actions`` name."""
    return {d for d, words in DECISION_WORDS.items() if _low(words) & actions}


def contradictions(items: Sequence[RubricItem]) -> list[str]:
    """Why ``items`` (one turn's rubric) contradict themselves; empty when they do not."""
    out: list[str] = []
    rewarded = [
        (i, _low(i.check.actions), _low(i.check.targets))
        for i in items
        if isinstance(i.check, RecommendCheck) and i.points > 0
    ]
    penalised = [
        (i, _low(i.check.actions), _low(i.check.targets))
        for i in items
        if isinstance(i.check, NegativeCheck)
    ]
    for i, _, _ in penalised:
        if i.points >= 0:
            out.append(
                f"{i.id} ({i.criterion.en}): a forbidden action scored {i.points:+g}, not a loss"
            )
    for (r, ra, rt), (n, na, nt) in ((r, n) for r in rewarded for n in penalised):
        if ra & na and rt & nt:
            out.append(
                f"{r.id} rewards and {n.id} penalises {sorted(ra & na)[0]!r} on "
                f"{sorted(rt & nt)[0]!r}"
            )
    for (a, aa, at), (b, ba, bt) in combinations(rewarded, 2):
        da, db = _decisions(aa), _decisions(ba)
        if not at & bt:
            continue
        for x, y in OPPOSITE:
            # an item naming both sides (a "continue or hold" judgement) decides neither
            sa, sb = da & {x, y}, db & {x, y}
            if len(sa) == 1 and len(sb) == 1 and sa != sb:
                out.append(
                    f"{a.id} and {b.id} reward opposite decisions ({x.value} / "
                    f"{y.value}) on {sorted(at & bt)[0]!r}"
                )
    return out
