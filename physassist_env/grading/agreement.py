"""Item-level agreement between two graders (e.g. the rule grader and the LLM judge)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from physassist_env.grading.grader import ItemGrade, TurnGrade


def _flatten(grades: Sequence[TurnGrade | ItemGrade]) -> list[ItemGrade]:
    out: list[ItemGrade] = []
    for g in grades:
        out.extend(g.items if isinstance(g, TurnGrade) else [g])
    return out


def agreement(
    rule_grades: Sequence[TurnGrade | ItemGrade],
    judge_grades: Sequence[TurnGrade | ItemGrade],
) -> dict[str, Any]:
    """Per-item agreement of two graders: accuracy and Cohen's kappa on met / not met.

    Items are paired in order (turn grades are flattened into their items) and must have
    the same ids. A pair where either side is unjudged is left out and counted.

    Cohen's kappa is ``(p_o - p_e) / (1 - p_e)`` with ``p_o`` the observed agreement and
    ``p_e = p_a p_b + (1 - p_a)(1 - p_b)`` (``p_a``, ``p_b``: each grader's share of "met");
    it is ``None`` when ``p_e == 1`` (both graders constant and equal) or no pair is judged.

    Args:
        rule_grades: The reference grader's turn (or item) grades.
        judge_grades: The other grader's grades, aligned.

    Returns:
        ``{"items": n judged pairs, "accuracy": p_o, "cohen_kappa": kappa,
        "unjudged": pairs left out, "both_met": .., "only_rules_met": ..,
        "only_judge_met": .., "neither_met": ..}``.

    Raises:
        ValueError: If the two sides have different items.

    Example:
        >>> a = [ItemGrade(id=str(i), met=m, points=1, reason="") for i, m in
        ...      enumerate([True, True, False, False])]
        >>> b = [ItemGrade(id=str(i), met=m, points=1, reason="") for i, m in
        ...      enumerate([True, False, False, False])]
        >>> r = agreement(a, b)
        >>> r["accuracy"], round(r["cohen_kappa"], 3)
        (0.75, 0.5)
    """
    left, right = _flatten(rule_grades), _flatten(judge_grades)
    if [i.id for i in left] != [i.id for i in right]:
        raise ValueError(
            f"the graders graded different items ({len(left)} vs {len(right)})"
        )
    pairs = [
        (a.met, b.met)
        for a, b in zip(left, right, strict=True)
        if a.judged and b.judged
    ]
    n = len(pairs)
    counts = {
        "both_met": sum(a and b for a, b in pairs),
        "only_rules_met": sum(a and not b for a, b in pairs),
        "only_judge_met": sum(b and not a for a, b in pairs),
        "neither_met": sum(not a and not b for a, b in pairs),
    }
    accuracy: float | None = None
    kappa: float | None = None
    if n:
        p_o = (counts["both_met"] + counts["neither_met"]) / n
        p_a = sum(a for a, _ in pairs) / n
        p_b = sum(b for _, b in pairs) / n
        p_e = p_a * p_b + (1 - p_a) * (1 - p_b)
        accuracy = p_o
        kappa = None if p_e >= 1 else (p_o - p_e) / (1 - p_e)
    return {
        "items": n,
        "accuracy": accuracy,
        "cohen_kappa": kappa,
        "unjudged": len(left) - n,
        **counts,
    }
