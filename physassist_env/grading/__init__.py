"""Grading of turns: rubric scoring, the rule checks and graders by name.

* :func:`rubric_score` / :func:`tag_scores`: the one pure scoring function.
* :func:`evaluate`: one rubric check against a :class:`GradingContext` -> :class:`Verdict`.
* :func:`make_grader` (``"rules"``; the LLM judge registers as ``"judge"``),
  :func:`register_grader`, :class:`RuleGrader`, :class:`TurnGrade`.
* :func:`grade_gold`: grade a turn's own gold answer (should score 1.0).
* :class:`JudgeGrader` (``"judge"``), :func:`detect_injection`: the LLM judge.
* :func:`agreement`: item-level agreement of two graders.
* :class:`TurnResult` and the metrics (:func:`main_table`, :func:`breakdown`,
  :func:`pass_hat_k`, :func:`bootstrap_ci`...) in :mod:`physassist_env.grading.metrics`.
"""

from __future__ import annotations

from physassist_env.grading.agreement import agreement
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
from physassist_env.grading.judge import (
    PROMPT_VERSION,
    JudgeCache,
    JudgeGrader,
    detect_injection,
)
from physassist_env.grading.metrics import (
    THRESHOLDS,
    SessionResults,
    bootstrap_ci,
    breakdown,
    estimate,
    group_sessions,
    main_table,
    main_table_ci,
    mrs,
    pass_at_session,
    pass_at_turn,
    pass_hat_k,
    tool_statistics,
)
from physassist_env.grading.results import ItemVerdict, TurnResult
from physassist_env.grading.score import rubric_score, tag_scores

__all__ = [
    "PROMPT_VERSION",
    "THRESHOLDS",
    "Grader",
    "GraderSpec",
    "GradingContext",
    "ItemGrade",
    "ItemVerdict",
    "JudgeCache",
    "JudgeGrader",
    "RuleGrader",
    "SessionResults",
    "TurnGrade",
    "TurnResult",
    "Verdict",
    "agreement",
    "bootstrap_ci",
    "breakdown",
    "detect_injection",
    "estimate",
    "evaluate",
    "grade_gold",
    "group_sessions",
    "main_table",
    "main_table_ci",
    "make_grader",
    "mrs",
    "pass_at_session",
    "pass_at_turn",
    "pass_hat_k",
    "register_grader",
    "registered_graders",
    "rubric_score",
    "tag_scores",
    "tool_statistics",
]
