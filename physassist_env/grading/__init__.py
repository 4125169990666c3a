"""Grading of turns: rubric scoring, the rule checks and graders by name.

* :func:`rubric_score` / :func:`tag_scores`: the one pure scoring function.
* :func:`evaluate`: one rubric check against a :class:`GradingContext` -> :class:`Verdict`.
* :func:`make_grader` (``"rules"``; the LLM judge registers as ``"judge"``),
  :func:`register_grader`, :class:`RuleGrader`, :class:`TurnGrade`.
* :func:`grade_gold`: grade a turn's own gold answer (should score 1.0).
"""

from __future__ import annotations

from physassist_env.grading.checks import GradingContext, Verdict, evaluate
from physassist_env.grading.grader import (
    Grader,
    GraderSpec,
    ItemGrade,
    RuleGrader,
    TurnGrade,
    grade_gold,
    make_grader,
    register_grader,
    registered_graders,
)
from physassist_env.grading.score import rubric_score, tag_scores

__all__ = [
    "Grader",
    "GraderSpec",
    "GradingContext",
    "ItemGrade",
    "RuleGrader",
    "TurnGrade",
    "Verdict",
    "evaluate",
    "grade_gold",
    "make_grader",
    "register_grader",
    "registered_graders",
    "rubric_score",
    "tag_scores",
]
