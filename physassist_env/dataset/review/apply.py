"""Applying clinician reviews to sessions, and what the reviews say about the gold.

The rule (:func:`apply_reviews`), per rubric item with at least one current review whose
``item_hash`` matches the item (a review of a changed item is *stale* and not applied):

* the item's verdict is the most severe of its reviewers' (unsafe > wrong > debatable >
  correct), so one reviewer's objection is never outvoted;
* a correction (the latest one any reviewer gave) replaces the generated item only where
  the item's machine check can carry it, so the grader never pays for the claim the
  reviewer rejected: a *debatable* item takes the corrected wording (EN, ZH) and keeps its
  check; a *wrong* or *unsafe* value item takes the corrected value (and wording), and the
  gold answer's one quote of the old value in each language is replaced by the new one
  (when the old value is not quoted exactly once, the session is excluded: its gold could
  not be kept consistent). Corrected items are tagged ``review:corrected``;
* any other item judged ``wrong`` or ``unsafe`` is dropped, a correction of it included
  (a corrected decision, mention or recommendation needs a regenerated rubric: it goes to
  ``physassist review export`` as a bug report); ``correct`` and ``debatable`` items are
  kept (``debatable`` tagged ``review:debatable``).

A session is **excluded** (left out of the dataset) when any reviewer says a turn's
question does not fit this patient, when a critical item (the turn's decision) is dropped,
or when a turn is left without an item of positive points: such a turn cannot be graded
fairly by editing items, and a session's turns form one arc.

:func:`review_summary` counts coverage per (scenario, tier) cell, the verdicts found (per
topic and per reviewer) and Cohen's kappa between reviewers on items two reviewed.
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from physassist_env.dataset.review.records import (
    SEVERITY,
    VERDICTS,
    Correction,
    Review,
    collect_review_files,
    current_reviews,
    item_hash,
    read_reviews,
)
from physassist_env.scenarios.model import RubricItem, Session, Text, ValueCheck

#: Tags of an applied review.
CORRECTED, DEBATABLE = "review:corrected", "review:debatable"


@dataclass
class Applied:
    """What :func:`apply_reviews` did."""

    sessions: list[Session]
    corrected: int = 0
    dropped: int = 0
    stale: int = 0
    excluded: dict[str, str] = field(default_factory=dict)  # session id -> why


def _index(reviews: Sequence[Review]) -> dict[tuple[str, int, str], list[Review]]:
    out: dict[tuple[str, int, str], list[Review]] = defaultdict(list)
    for r in current_reviews(reviews):
        out[(r.session_id, r.turn, r.item or "")].append(r)
    return out


def _carried(item: RubricItem, verdict: str, correction: Correction) -> bool:
    """Whether ``item``'s machine check can carry ``correction`` (module docstring)."""
    if verdict == "debatable":
        return True
    return correction.value is not None and isinstance(item.check, ValueCheck)


def _corrected(item: RubricItem, correction: Correction) -> RubricItem:
    criterion = Text(
        en=correction.en.strip() or item.criterion.en,
        zh=correction.zh.strip() or item.criterion.zh,
    )
    check = item.check
    if correction.value is not None and isinstance(check, ValueCheck):
        check = check.model_copy(update={"value": correction.value})
    tags = [t for t in item.tags if t != DEBATABLE] + [CORRECTED]
    return item.model_copy(
        update={"criterion": criterion, "check": check, "tags": tags}
    )


def _quotes(value: float) -> list[str]:
    """The ways ``value`` can be printed (``5.0`` -> ``5``, ``5.0``, ``5.00``)."""
    return sorted(
        {f"{value:.{d}f}" for d in range(5) if float(f"{value:.{d}f}") == value},
        key=len,
    )


def _requoted(answer: Text, old: float, new: float) -> Text | None:
    """``answer`` with its one quote of ``old`` replaced by ``new`` (same decimals), or
    ``None`` when a language quotes ``old`` other than exactly once."""
    out = {}
    for lang in ("en", "zh"):
        text = getattr(answer, lang)
        spans = []
        for quote in _quotes(old):
            pat = rf"(?<![\d.]){re.escape(quote)}(?![\d]|\.\d)"
            spans += [(m.start(), m.end(), quote) for m in re.finditer(pat, text)]
        if len(spans) != 1:
            return None
        start, end, quote = spans[0]
        decimals = len(quote.split(".")[1]) if "." in quote else 0
        out[lang] = f"{text[:start]}{new:.{decimals}f}{text[end:]}"
    return Text(**out)


def apply_reviews(sessions: Sequence[Session], reviews: Sequence[Review]) -> Applied:
    """The sessions with the reviews applied by the rule of the module docstring."""
    by_key = _index(reviews)
    out = Applied(sessions=[])
    for session in sessions:
        turns = []
        why = ""
        for turn in session.turns:
            turn_reviews = by_key.get((session.session_id, turn.index, ""), [])
            if any(r.fits is False for r in turn_reviews):
                why = (
                    why or f"turn {turn.index}: the question does not fit this patient"
                )
            items: list[RubricItem] = []
            gold = turn.gold_answer
            for item in turn.rubric:
                fresh = []
                for r in by_key.get((session.session_id, turn.index, item.id), []):
                    if r.item_hash and r.item_hash != item_hash(item):
                        out.stale += 1
                    elif r.verdict is not None:
                        fresh.append(r)
                if not fresh:
                    items.append(item)
                    continue
                verdict = max((r.verdict for r in fresh), key=lambda v: SEVERITY[v])
                fixes = sorted(
                    (r for r in fresh if r.correction and not r.correction.empty()),
                    key=lambda r: r.time,
                )
                fix = fixes[-1].correction if fixes else None
                if fix and verdict != "correct" and _carried(item, verdict, fix):
                    if fix.value is not None and isinstance(item.check, ValueCheck):
                        requoted = _requoted(gold, item.check.value, fix.value)
                        if requoted is None:
                            why = why or (
                                f"turn {turn.index}: the corrected value of {item.id} "
                                "is not quoted exactly once in the gold answer"
                            )
                        else:
                            gold = requoted
                    items.append(_corrected(item, fix))
                    out.corrected += 1
                elif verdict in ("wrong", "unsafe"):
                    out.dropped += 1
                    if item.critical:
                        why = (
                            why
                            or f"turn {turn.index}: its decision item {item.id} is {verdict}"
                        )
                elif verdict == "debatable":
                    items.append(
                        item.model_copy(update={"tags": [*item.tags, DEBATABLE]})
                    )
                else:
                    items.append(item)
            if not any(i.points > 0 for i in items):
                why = why or f"turn {turn.index}: no item of positive points is left"
            turns.append(turn.model_copy(update={"rubric": items, "gold_answer": gold}))
        if why:
            out.excluded[session.session_id] = why
            continue
        out.sessions.append(session.model_copy(update={"turns": turns}))
    return out


def reviewed_state(session: Session, reviews: Sequence[Review]) -> str:
    """``reviewed`` (every item has a verdict and every turn a fit answer), ``partial``
    (some of it) or ``none``; only reviews whose item hash matches count."""
    by_key = _index(reviews)
    need = done = 0
    for turn in session.turns:
        need += 1
        done += any(
            r.fits is not None
            for r in by_key.get((session.session_id, turn.index, ""), [])
        )
        for item in turn.rubric:
            need += 1
            h = item_hash(item)
            done += any(
                r.verdict is not None and r.item_hash in ("", h)
                for r in by_key.get((session.session_id, turn.index, item.id), [])
            )
    return "reviewed" if done == need else "partial" if done else "none"


def cohen_kappa(pairs: Sequence[tuple[str, str]]) -> float | None:
    """Cohen's kappa of two raters' labels (``None`` without pairs; 1.0 when both always
    agree on one label, where chance agreement is also 1)."""
    n = len(pairs)
    if not n:
        return None
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(first[k] * second[k] for k in first) / (n * n)
    if expected >= 1.0:
        return 1.0
    return (observed - expected) / (1.0 - expected)


def review_summary(
    sessions: Sequence[Session],
    reviews: Sequence[Review],
    applied: Applied | None = None,
) -> dict[str, Any]:
    """Coverage, verdicts found and agreement, JSON-ready (``build.review`` of a manifest).

    Keys: ``reviewers``, ``lines``; ``coverage`` (``scenario -> tier -> [reviewed,
    sessions]`` over the sessions given, and ``partial``); ``verdicts`` (item verdict counts
    over each reviewer's current judgements), ``error_rate`` (wrong + unsafe over items
    judged), ``by_topic`` and ``by_reviewer`` (their counts and error rates), ``misfit_turns``
    (turns judged not to fit); ``kappa`` (pooled over reviewer pairs, and per pair, on items
    two reviewers judged: ``{"items": n, "kappa": k}``); ``reviewed_sessions`` (ids); with
    ``applied``: ``corrected``, ``dropped``, ``stale``, ``excluded``.
    """
    current = current_reviews(reviews)
    topic_of = {(s.session_id, t.index): t.topic for s in sessions for t in s.turns}
    items_of = {
        (s.session_id, t.index, i.id): item_hash(i)
        for s in sessions
        for t in s.turns
        for i in t.rubric
    }
    coverage: dict[str, dict[str, list[int]]] = {}
    partial = 0
    reviewed_ids = []
    for s in sessions:
        cell = coverage.setdefault(s.scenario.value, {}).setdefault(
            s.tier.value, [0, 0]
        )
        cell[1] += 1
        state = reviewed_state(s, reviews)
        if state == "reviewed":
            cell[0] += 1
            reviewed_ids.append(s.session_id)
        partial += state == "partial"
    verdicts: Counter[str] = Counter()
    by_topic: dict[str, Counter[str]] = defaultdict(Counter)
    by_reviewer: dict[str, Counter[str]] = defaultdict(Counter)
    labels: dict[tuple[str, int, str], dict[str, str]] = defaultdict(dict)
    misfit = 0
    for r in current:
        if r.item is None:
            misfit += r.fits is False
            continue
        key = (r.session_id, r.turn, r.item)
        h = items_of.get(key)
        if h is None or r.verdict is None or (r.item_hash and r.item_hash != h):
            continue  # no such item, or stale: the item changed since
        verdicts[r.verdict] += 1
        by_topic[topic_of.get((r.session_id, r.turn), "?")][r.verdict] += 1
        by_reviewer[r.reviewer][r.verdict] += 1
        labels[key][r.reviewer] = r.verdict
    pair_labels: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for judged in labels.values():
        for a, b in combinations(sorted(judged), 2):
            pair_labels[(a, b)].append((judged[a], judged[b]))
    pooled = [p for ps in pair_labels.values() for p in ps]
    out: dict[str, Any] = {
        "reviewers": sorted({r.reviewer for r in reviews}),
        "lines": len(reviews),
        "coverage": coverage,
        "partial": partial,
        "verdicts": {v: verdicts[v] for v in VERDICTS},
        "error_rate": _rate(verdicts),
        "by_topic": {
            t: {**{v: c[v] for v in VERDICTS}, "error_rate": _rate(c)}
            for t, c in sorted(by_topic.items())
        },
        "by_reviewer": {
            r: {**{v: c[v] for v in VERDICTS}, "error_rate": _rate(c)}
            for r, c in sorted(by_reviewer.items())
        },
        "misfit_turns": misfit,
        "kappa": {
            "items": len(pooled),
            "kappa": _round(cohen_kappa(pooled)),
            "pairs": {
                f"{a}|{b}": {"items": len(ps), "kappa": _round(cohen_kappa(ps))}
                for (a, b), ps in sorted(pair_labels.items())
            },
        },
        "reviewed_sessions": sorted(reviewed_ids),
    }
    if applied is not None:
        out |= {
            "corrected": applied.corrected,
            "dropped": applied.dropped,
            "stale": applied.stale,
            "excluded": dict(sorted(applied.excluded.items())),
        }
    return out


def reviewed(
    sessions: Sequence[Session], paths: Sequence[str | os.PathLike[str]]
) -> tuple[list[Session], dict[str, Any]]:
    """The sessions with the reviews in ``paths`` applied (files, folders or a reviewed
    dataset folder: :func:`~.records.collect_review_files`) and the summary
    (:func:`review_summary`) a manifest stores as ``build.review``.

    Raises:
        FileNotFoundError: When a path holds no review file.
    """
    reviews = read_reviews(collect_review_files(paths))
    applied = apply_reviews(sessions, reviews)
    return applied.sessions, review_summary(sessions, reviews, applied)


def _rate(c: Counter[str]) -> float | None:
    n = sum(c[v] for v in VERDICTS)
    return round((c["wrong"] + c["unsafe"]) / n, 4) if n else None


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def render_review(build: dict[str, Any]) -> str:
    """The card's review section (Markdown) from ``build["review"]``; ``""`` when none."""
    rev = build.get("review")
    if not rev:
        return ""
    tiers = sorted({t for cells in rev["coverage"].values() for t in cells})
    lines = [
        "### Clinician review",
        "",
        f"Reviews by {len(rev['reviewers'])} reviewer(s) ({', '.join(rev['reviewers']) or 'none'}), "
        "applied by the rule of `physassist_env/dataset/review/apply.py` (docs/review.md). "
        "Sessions fully reviewed / sessions, per scenario and tier:",
        "",
        "| scenario | " + " | ".join(tiers) + " |",
        "|---|" + "---|" * len(tiers),
    ]
    for scenario, cells in sorted(rev["coverage"].items()):
        row = [f"{cells[t][0]}/{cells[t][1]}" if t in cells else "-" for t in tiers]
        lines.append(f"| {scenario} | " + " | ".join(row) + " |")
    v = rev["verdicts"]
    rate = rev["error_rate"]
    kappa = rev["kappa"]
    k = "n/a" if kappa["kappa"] is None else f"{kappa['kappa']:.2f}"
    lines += [
        "",
        f"Items judged: {sum(v.values())} ({', '.join(f'{k} {n}' for k, n in v.items())}); "
        f"error rate (wrong or unsafe): {'n/a' if rate is None else f'{rate:.1%}'}; "
        f"turns whose question does not fit the patient: {rev['misfit_turns']}.",
        f"Inter-reviewer agreement (Cohen's kappa on {kappa['items']} doubly reviewed "
        f"items): {k}.",
    ]
    if "corrected" in rev:
        lines.append(
            f"Applied: {rev['corrected']} item(s) corrected, {rev['dropped']} dropped, "
            f"{len(rev['excluded'])} session(s) excluded, {rev['stale']} stale review(s) "
            "not applied (the item changed since)."
        )
    if rev["by_reviewer"]:
        lines += [
            "",
            "| reviewer | " + " | ".join(VERDICTS) + " | error rate |",
            "|---|" + "---|" * (len(VERDICTS) + 1),
        ]
        for name, c in rev["by_reviewer"].items():
            er = c["error_rate"]
            lines.append(
                f"| {name} | "
                + " | ".join(str(c[k]) for k in VERDICTS)
                + f" | {'n/a' if er is None else f'{er:.1%}'} |"
            )
    return "\n".join(lines)
