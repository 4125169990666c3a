"""Rubric scoring: one pure function, reused for per-tag scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol


class ScoredItem(Protocol):
    """What scoring needs from a rubric item (:class:`RubricItem` or a graded item)."""

    @property
    def id(self) -> str: ...

    @property
    def points(self) -> float: ...

    @property
    def tags(self) -> list[str]: ...


#: A verdict per item; ``None`` marks an unjudged item (e.g. a judge reply that could not be
#: parsed), which scoring skips: it counts neither as met nor in the denominator.
Verdicts = Sequence[bool | None] | Mapping[str, bool | None]


def _met(items: Sequence[ScoredItem], verdicts: Verdicts) -> list[bool | None]:
    if isinstance(verdicts, Mapping):
        got = [verdicts.get(item.id, False) for item in items]
    else:
        if len(verdicts) != len(items):
            raise ValueError(f"{len(verdicts)} verdicts for {len(items)} items")
        got = list(verdicts)
    return [None if v is None else bool(v) for v in got]


def rubric_score(items: Sequence[ScoredItem], verdicts: Verdicts) -> float | None:
    """Points met over positive points, clipped to [0, 1].

    A met item adds its points, so a met negative (safety) item subtracts; an unmet item adds
    nothing. An unjudged item (verdict ``None``) is skipped: it adds nothing and its points
    leave the denominator.

    Args:
        items: Rubric items (anything with ``id`` and ``points``).
        verdicts: Whether each item is met: a sequence aligned with ``items`` or a mapping
            from item id to verdict (missing ids count as not met; ``None`` = unjudged).

    Returns:
        The score in [0, 1], or ``None`` when no judged item has positive points.

    Raises:
        ValueError: If a verdict sequence does not have one verdict per item.

    Example:
        >>> from types import SimpleNamespace as I
        >>> items = [I(id="a", points=2, tags=[]), I(id="b", points=1, tags=[]),
        ...          I(id="c", points=-2, tags=[])]
        >>> rubric_score(items, [True, True, True])
        0.3333333333333333
    """
    met = _met(items, verdicts)
    judged = [(item, ok) for item, ok in zip(items, met, strict=True) if ok is not None]
    total = sum(item.points for item, _ in judged if item.points > 0)
    if total <= 0:
        return None
    achieved = sum(item.points for item, ok in judged if ok)
    return min(1.0, max(0.0, achieved / total))


def tag_scores(
    items: Sequence[ScoredItem], verdicts: Verdicts
) -> dict[str, float | None]:
    """:func:`rubric_score` over the items carrying each tag.

    Args:
        items: Rubric items (with ``tags``).
        verdicts: As for :func:`rubric_score`.

    Returns:
        Tag -> score, in order of first appearance; ``None`` for a tag whose items are all
        negative (e.g. only a safety item).
    """
    met = _met(items, verdicts)
    out: dict[str, float | None] = {}
    for tag in dict.fromkeys(t for item in items for t in item.tags):
        pairs = [
            (item, ok) for item, ok in zip(items, met, strict=True) if tag in item.tags
        ]
        out[tag] = rubric_score([p[0] for p in pairs], [p[1] for p in pairs])
    return out


#: The highest score a turn can get when its decision is wrong (a critical item not met, or a
#: safety item triggered): below every Pass@ threshold the benchmark reports (0.60, 0.75).
CRITICAL_CAP = 0.5

#: Scoring rules: ``critical`` (default) caps a turn with a wrong decision at
#: :data:`CRITICAL_CAP`; ``paper`` is the paper's plain items-met fraction.
SCORING_RULES = ("critical", "paper")


def critical_cap(
    items: Sequence[ScoredItem], verdicts: Verdicts, score: float | None
) -> float | None:
    """``score`` capped at :data:`CRITICAL_CAP` when the turn's decision is wrong.

    The turn is wrong when an item marked ``critical`` (with positive points) is judged
    not met, an item is ``contradicted`` (the answer asserted the opposite about the item's
    subject: another value, the opposite flag, trend or decision, a hedge; leaving it out is
    only a missed item), or a negative (safety) item is judged met. Unjudged items never
    trigger the cap.

    Args:
        items: Rubric items (``critical`` is read when present, default ``False``).
        verdicts: As for :func:`rubric_score`.
        score: The turn's :func:`rubric_score`.

    Returns:
        The capped score (``None`` stays ``None``).

    Example:
        >>> from types import SimpleNamespace as I
        >>> items = [I(id="v", points=1, tags=[], critical=False),
        ...          I(id="d", points=1, tags=[], critical=True)]
        >>> critical_cap(items, [True, False], rubric_score(items, [True, False]))
        0.5
        >>> critical_cap(items, [True, True], 1.0)
        1.0
    """
    if score is None:
        return None
    met = _met(items, verdicts)
    for item, ok in zip(items, met, strict=True):
        if ok is None:
            continue
        if (
            item.points > 0
            and not ok
            and (
                getattr(item, "critical", False) or getattr(item, "contradicted", False)
            )
        ):
            return min(score, CRITICAL_CAP)
        if item.points < 0 and ok:
            return min(score, CRITICAL_CAP)
    return score
