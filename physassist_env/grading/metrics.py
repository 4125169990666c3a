"""Benchmark metrics over :class:`TurnResult` lists: pure functions, seeded bootstrap.

Definitions (``docs/grading.md`` has the formulas):

* A **session** is one trial of one session in one language of one run
  (``run_id, session_id, language, trial``); its turns are its :class:`TurnResult` rows.
* A turn is **scored** when its score is not ``None``. Unscored turns (every positive item
  unjudged, or no positive item) are left out of mRS and Pass@Turn, and a session with an
  unscored turn is left out of Pass@Session and pass^k — never counted as a failure.
* **mRS** = mean over sessions of (mean score of the session's scored turns).
* **Pass@Turn(t)** = scored turns with score >= t / scored turns.
* **Pass@Session(t)** = sessions whose every turn has score >= t / sessions.
* **pass^k(t)**: for each ``(run_id, session_id, language)`` with ``n`` trials of which
  ``c`` pass the session at ``t``: ``C(c, k) / C(n, k)``, averaged over those with
  ``n >= k`` (the unbiased estimator of the chance that k fresh trials all pass).
* **Bootstrap CIs** resample session ids with replacement (all trials, languages and
  turns of a session move together) with a seeded :class:`numpy.random.Generator`;
  the interval is the percentile interval of the statistic over ``n_boot`` resamples.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from math import comb
from typing import Any

import numpy as np

from physassist_env.grading.results import TurnResult

#: The paper's thresholds.
THRESHOLDS: tuple[float, ...] = (0.60, 0.75)
TIERS: tuple[str, ...] = ("L1", "L2", "L3")
#: Session-level breakdown keys (Pass@Session applies); the others are per turn.
SESSION_KEYS: frozenset[str] = frozenset({"scenario", "tier", "literacy", "split"})
TURN_KEYS: frozenset[str] = frozenset({"task_type", "implicitness", "turn_index"})


@dataclass(frozen=True)
class SessionResults:
    """The turns of one trial of one session in one language (sorted by turn index)."""

    run_id: str
    session_id: str
    language: str
    trial: int
    tier: str
    scenario: str
    literacy: str | None
    split: str
    turns: tuple[TurnResult, ...]

    @property
    def scores(self) -> list[float]:
        """Scores of the scored turns."""
        return [t.score for t in self.turns if t.score is not None]

    @property
    def complete(self) -> bool:
        """Whether every turn is scored."""
        return bool(self.turns) and all(t.score is not None for t in self.turns)

    def passed(self, threshold: float) -> bool:
        """Whether every turn is scored and reaches ``threshold``."""
        return self.complete and all(
            t.score is not None and t.score >= threshold for t in self.turns
        )


Results = Sequence[TurnResult] | Sequence[SessionResults]


def group_sessions(results: Iterable[TurnResult]) -> list[SessionResults]:
    """Group turn results into sessions, in a deterministic order.

    Raises:
        ValueError: If a session has two rows for the same turn.
    """
    groups: dict[tuple[str, str, str, int], list[TurnResult]] = defaultdict(list)
    for r in results:
        groups[(r.run_id, r.session_id, r.language, r.trial)].append(r)
    out = []
    for key in sorted(groups):
        turns = sorted(groups[key], key=lambda t: t.turn_index)
        if len({t.turn_index for t in turns}) != len(turns):
            raise ValueError(f"session {key} has duplicate turns")
        first = turns[0]
        out.append(
            SessionResults(
                run_id=key[0],
                session_id=key[1],
                language=key[2],
                trial=key[3],
                tier=str(first.tier),
                scenario=str(first.scenario),
                literacy=first.literacy,
                split=first.split,
                turns=tuple(turns),
            )
        )
    return out


def _sessions(results: Results) -> list[SessionResults]:
    items = list(results)
    if items and isinstance(items[0], SessionResults):
        return items  # type: ignore[return-value]
    return group_sessions(items)  # type: ignore[arg-type]


def _mean(values: Sequence[float]) -> float | None:
    return float(sum(values) / len(values)) if values else None


def _fmt(t: float) -> str:
    return f"{t:.2f}"


# ---------------------------------------------------------------- headline statistics
def mrs(results: Results, tier: str | None = None) -> float | None:
    """Mean rubric score: per session (scored turns), then over sessions.

    Args:
        results: Turn results (or grouped sessions).
        tier: Only sessions of this tier (``L1``/``L2``/``L3``); ``None`` for all.

    Returns:
        The mRS, or ``None`` when no session has a scored turn.
    """
    per_session = [
        _mean(s.scores)
        for s in _sessions(results)
        if (tier is None or s.tier == tier) and s.scores
    ]
    return _mean([v for v in per_session if v is not None])


def pass_at_turn(results: Results, threshold: float) -> float | None:
    """Share of scored turns with score >= ``threshold`` (``None`` when none is scored)."""
    scores = [v for s in _sessions(results) for v in s.scores]
    return _mean([float(v >= threshold) for v in scores])


def pass_at_session(results: Results, threshold: float) -> float | None:
    """Share of (complete) sessions in which every turn has score >= ``threshold``."""
    sessions = [s for s in _sessions(results) if s.complete]
    return _mean([float(s.passed(threshold)) for s in sessions])


def pass_hat_k(results: Results, k: int, threshold: float = 0.75) -> float | None:
    """pass^k: chance that ``k`` independent trials of a session all pass, averaged.

    For each ``(run_id, session_id, language)`` with ``n >= k`` complete trials of which
    ``c`` pass (:meth:`SessionResults.passed`): ``C(c, k) / C(n, k)``; the mean over those
    sessions. Sessions with fewer than ``k`` complete trials are left out.

    Args:
        results: Turn results over several trials.
        k: Trials that must all pass (>= 1).
        threshold: The per-turn pass threshold.

    Returns:
        pass^k, or ``None`` when no session has ``k`` complete trials.

    Raises:
        ValueError: If ``k < 1``.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    trials: dict[tuple[str, str, str], list[bool]] = defaultdict(list)
    for s in _sessions(results):
        if s.complete:
            trials[(s.run_id, s.session_id, s.language)].append(s.passed(threshold))
    values = [comb(sum(p), k) / comb(len(p), k) for p in trials.values() if len(p) >= k]
    return _mean(values)


def _by_language(sessions: list[SessionResults]) -> dict[str, list[SessionResults]]:
    out: dict[str, list[SessionResults]] = defaultdict(list)
    for s in sessions:
        out[s.language].append(s)
    return dict(sorted(out.items()))


def _table(
    sessions: list[SessionResults], thresholds: Sequence[float]
) -> dict[str, Any]:
    return {
        "mRS": {
            **{t: mrs(sessions, t) for t in TIERS},
            "all": mrs(sessions),
        },
        "pass_at_turn": {_fmt(t): pass_at_turn(sessions, t) for t in thresholds},
        "pass_at_session": {_fmt(t): pass_at_session(sessions, t) for t in thresholds},
    }


def main_table(
    results: Results, thresholds: Sequence[float] = THRESHOLDS
) -> dict[str, dict[str, Any]]:
    """The paper's main table, per language.

    Returns:
        ``{lang: {"mRS": {"L1", "L2", "L3", "all"}, "pass_at_turn": {"0.60", "0.75"},
        "pass_at_session": {"0.60", "0.75"}}}``; a cell is ``None`` when it has no data.
    """
    return {
        lang: _table(group, thresholds)
        for lang, group in _by_language(_sessions(results)).items()
    }


# ---------------------------------------------------------------- bootstrap
def bootstrap_ci(
    results: Results,
    statistic: Callable[[list[SessionResults]], float | None],
    *,
    n_boot: int = 1000,
    seed: int = 0,
    alpha: float = 0.05,
) -> tuple[float, float] | None:
    """Percentile bootstrap interval of ``statistic``, resampling session ids.

    All rows of a session id (trials, languages, turns) are resampled together; the
    clusters are in sorted id order and drawn with ``numpy.random.default_rng(seed)``, so
    the interval is reproducible.

    Args:
        results: Turn results (or grouped sessions).
        statistic: A function of a list of sessions (e.g. ``lambda s: mrs(s, "L1")``).
        n_boot: Resamples.
        seed: Generator seed.
        alpha: 1 - coverage (0.05 for a 95% interval).

    Returns:
        ``(low, high)``, or ``None`` when no resample gives a value.

    Raises:
        ValueError: If ``n_boot < 1`` or ``alpha`` is not in (0, 1).
    """
    if n_boot < 1 or not 0 < alpha < 1:
        raise ValueError(f"need n_boot >= 1 and 0 < alpha < 1 (got {n_boot}, {alpha})")
    clusters: dict[str, list[SessionResults]] = defaultdict(list)
    for s in _sessions(results):
        clusters[s.session_id].append(s)
    ids = sorted(clusters)
    if not ids:
        return None
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(ids), size=(n_boot, len(ids)))
    values = []
    for row in draws:
        # A cluster drawn twice counts as two sessions (relabelled, so that pass^k does
        # not pool their trials).
        sample = [
            replace(s, session_id=f"{s.session_id}#{pos}")
            for pos, j in enumerate(row)
            for s in clusters[ids[j]]
        ]
        v = statistic(sample)
        if v is not None:
            values.append(v)
    if not values:
        return None
    lo, hi = np.quantile(np.asarray(values), [alpha / 2, 1 - alpha / 2])
    return float(lo), float(hi)


def estimate(
    results: Results,
    statistic: Callable[[list[SessionResults]], float | None],
    *,
    n_boot: int = 1000,
    seed: int = 0,
    alpha: float = 0.05,
) -> dict[str, float | None]:
    """``{"value", "lo", "hi"}``: the statistic and its bootstrap interval."""
    sessions = _sessions(results)
    ci = bootstrap_ci(sessions, statistic, n_boot=n_boot, seed=seed, alpha=alpha)
    return {
        "value": statistic(sessions),
        "lo": None if ci is None else ci[0],
        "hi": None if ci is None else ci[1],
    }


def main_table_ci(
    results: Results,
    thresholds: Sequence[float] = THRESHOLDS,
    *,
    n_boot: int = 1000,
    seed: int = 0,
    alpha: float = 0.05,
) -> dict[str, dict[str, Any]]:
    """:func:`main_table` with every cell an :func:`estimate` (value and 95% interval)."""
    kw = {"n_boot": n_boot, "seed": seed, "alpha": alpha}
    out: dict[str, dict[str, Any]] = {}
    for lang, group in _by_language(_sessions(results)).items():

        def tier_stat(
            tier: str | None,
        ) -> Callable[[list[SessionResults]], float | None]:
            return lambda s: mrs(s, tier)

        out[lang] = {
            "mRS": {
                **{t: estimate(group, tier_stat(t), **kw) for t in TIERS},
                "all": estimate(group, tier_stat(None), **kw),
            },
            "pass_at_turn": {
                _fmt(t): estimate(group, lambda s, t=t: pass_at_turn(s, t), **kw)
                for t in thresholds
            },
            "pass_at_session": {
                _fmt(t): estimate(group, lambda s, t=t: pass_at_session(s, t), **kw)
                for t in thresholds
            },
        }
    return out


# ---------------------------------------------------------------- breakdowns
def _restrict(s: SessionResults, turns: Sequence[TurnResult]) -> SessionResults:
    return SessionResults(**{**s.__dict__, "turns": tuple(turns)})


def breakdown(
    results: Results, by: str, thresholds: Sequence[float] = THRESHOLDS
) -> dict[str, dict[str, dict[str, Any]]]:
    """Metrics per value of a field, per language.

    For a session-level field (scenario, tier, literacy, split) each group holds whole
    sessions and reports mRS, Pass@Turn and Pass@Session. For a turn-level field
    (task_type, implicitness, turn_index) each group holds the matching turns of every
    session; mRS is then the mean over sessions of their matching turns' mean, and
    Pass@Session is not reported.

    Args:
        results: Turn results.
        by: A field of :class:`TurnResult` (see :data:`SESSION_KEYS`, :data:`TURN_KEYS`).
        thresholds: Pass thresholds.

    Returns:
        ``{lang: {value: {"mRS", "pass_at_turn": {...}, ["pass_at_session": {...}],
        "sessions", "turns"}}}``; a missing literacy is the value ``"none"``.

    Raises:
        ValueError: For an unknown field.
    """
    if by not in SESSION_KEYS | TURN_KEYS:
        raise ValueError(
            f"cannot break down by {by!r}; use one of {sorted(SESSION_KEYS | TURN_KEYS)}"
        )
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for lang, sessions in _by_language(_sessions(results)).items():
        groups: dict[str, list[SessionResults]] = defaultdict(list)
        for s in sessions:
            if by in SESSION_KEYS:
                groups[str(getattr(s, by) or "none")].append(s)
                continue
            parts: dict[str, list[TurnResult]] = defaultdict(list)
            for t in s.turns:
                parts[str(getattr(t, by))].append(t)
            for value, turns in parts.items():
                groups[value].append(_restrict(s, turns))
        table: dict[str, dict[str, Any]] = {}
        for value in sorted(groups):
            group = groups[value]
            row: dict[str, Any] = {
                "mRS": mrs(group),
                "pass_at_turn": {_fmt(t): pass_at_turn(group, t) for t in thresholds},
            }
            if by in SESSION_KEYS:
                row["pass_at_session"] = {
                    _fmt(t): pass_at_session(group, t) for t in thresholds
                }
            row["sessions"] = len(group)
            row["turns"] = sum(len(s.turns) for s in group)
            table[value] = row
        out[lang] = table
    return out


def tool_statistics(results: Results) -> dict[str, dict[str, float | int | None]]:
    """Tool use per language, over every turn (scored or not).

    Returns:
        ``{lang: {"turns", "calls_per_turn", "invalid_call_rate" (invalid / calls),
        "budget_exhaustion_rate" (turns that hit the budget / turns),
        "clarifications_per_turn", "unjudged_items", "unscored_turns"}}``.
    """
    out: dict[str, dict[str, float | int | None]] = {}
    for lang, sessions in _by_language(_sessions(results)).items():
        turns = [t for s in sessions for t in s.turns]
        n = len(turns)
        calls = sum(t.tool_calls for t in turns)
        out[lang] = {
            "turns": n,
            "calls_per_turn": calls / n if n else None,
            "invalid_call_rate": sum(t.invalid_calls for t in turns) / calls
            if calls
            else None,
            "budget_exhaustion_rate": sum(t.budget_exhausted for t in turns) / n
            if n
            else None,
            "clarifications_per_turn": sum(t.clarifications for t in turns) / n
            if n
            else None,
            "unjudged_items": sum(t.n_unjudged for t in turns),
            "unscored_turns": sum(t.score is None for t in turns),
        }
    return out
