"""Grading imported sessions: the judge grades the release's rubric strings, the rule grader
runs alongside, and :func:`compare_grades` measures their per-item agreement.

Use :class:`DualGrader` as an episode's grader: its grade is the judge's (the release's
rubric strings are judge criteria) and its ``metadata["rules"]`` holds the rule grader's
item verdicts for the same items. Items tagged ``derived`` have a rule check derived from
a recognisable form; items tagged ``judge-only`` only a key-term mention check, so their
agreement is reported separately.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from physassist_env.grading.agreement import agreement
from physassist_env.grading.checks import GradingContext
from physassist_env.grading.grader import (
    Grader,
    GraderSpec,
    ItemGrade,
    RuleGrader,
    TurnGrade,
)
from physassist_env.grading.results import TurnResult
from physassist_env.official.rubric import DERIVED, JUDGE_ONLY
from physassist_env.scenarios.model import Turn


class DualGrader:
    """The judge's grade, with the rule grader's verdicts alongside in the metadata.

    Args:
        judge: The judge grader (``make_grader("judge", ...)`` or a :class:`JudgeGrader`).
        rules: The rule grader (default :class:`RuleGrader`).
    """

    spec: GraderSpec

    def __init__(self, judge: Grader, rules: Grader | None = None):
        self.judge = judge
        self.rules = rules or RuleGrader()
        self.spec = GraderSpec(
            name="judge+rules",
            args={
                "judge": judge.spec.model_dump(),
                "rules": self.rules.spec.model_dump(),
            },
        )

    def grade(self, turn: Turn, ctx: GradingContext) -> TurnGrade:
        """Grade with both; returns the judge's grade with ``metadata["rules"]`` added."""
        judged = self.judge.grade(turn, ctx)
        ruled = self.rules.grade(turn, ctx)
        metadata = dict(judged.metadata)
        metadata["rules"] = [i.model_dump() for i in ruled.items]
        metadata["rule_score"] = ruled.score
        return judged.model_copy(update={"metadata": metadata, "grader": self.spec})


def _items(grade: TurnGrade | TurnResult) -> list[ItemGrade]:
    if isinstance(grade, TurnGrade):
        return list(grade.items)
    return [
        ItemGrade(
            id=i.id,
            met=bool(i.met),
            points=i.points,
            reason=i.reason,
            tags=list(i.tags),
            judged=i.met is not None,
        )
        for i in grade.items
    ]


def compare_grades(grades: Sequence[TurnGrade | TurnResult]) -> dict[str, Any]:
    """Per-item agreement of the rule grader and the judge over graded turns.

    Args:
        grades: Turn grades (or stored turn results) from :class:`DualGrader`; turns
            without ``metadata["rules"]`` are skipped and counted.

    Returns:
        ``{"derived": agreement, "judge_only": agreement, "all": agreement,
        "turns": n, "skipped_turns": n}``, each agreement as returned by
        :func:`physassist_env.grading.agreement` (items, accuracy, Cohen's kappa, counts).
    """
    pairs: dict[str, tuple[list[ItemGrade], list[ItemGrade]]] = {
        "derived": ([], []),
        "judge_only": ([], []),
        "all": ([], []),
    }
    turns = skipped = 0
    for grade in grades:
        rules = grade.metadata.get("rules")
        if not rules:
            skipped += 1
            continue
        turns += 1
        rule_items = {r["id"]: ItemGrade.model_validate(r) for r in rules}
        for judged in _items(grade):
            ruled = rule_items.get(judged.id)
            if ruled is None:
                continue
            groups = ["all"]
            if DERIVED in judged.tags:
                groups.append("derived")
            elif JUDGE_ONLY in judged.tags:
                groups.append("judge_only")
            for g in groups:
                pairs[g][0].append(ruled)
                pairs[g][1].append(judged)
    out: dict[str, Any] = {k: agreement(a, b) for k, (a, b) in pairs.items()}
    out["turns"] = turns
    out["skipped_turns"] = skipped
    return out
