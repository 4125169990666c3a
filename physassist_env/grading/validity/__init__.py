"""Grader validity: does a grader tell a right answer from a wrong one?

For every turn of a split, :func:`run_validity` makes WRONG variants of the gold answer
(one per class of :data:`WRONG`) and CORRECT rewordings (:data:`CORRECT`), grades each
exactly as the environment grades an answer (:meth:`physassist_env.env.episode.Episode.answer`:
the turn's request, the tool calls, every observation of the session so far, the resources
the turn's writes created, the patient facts revealed) and reports, per class, how many
turns it applied to, the share reaching the pass threshold and the mean score.

A perfect grader passes no wrong variant and every correct one. The variants are made
here from the gold answer text, the rubric's checks and criteria and the gold tool calls,
with perturbation code of its own: nothing is imported from the grader's text or claim
reading (:mod:`physassist_env.grading.text`), so the suite does not grade the grader by
the grader's own reading. A class is skipped for a turn when it does not apply (no
decision to negate, no trend to flip...), and applicability is counted.

Write turns get mutated write sets, executed through the EHR toolkit on a view of the
patient (as an episode's writes are) so the grader sees the created resources too.
"""

from __future__ import annotations

from physassist_env.grading.validity.suite import (
    format_table,
    grading_context,
    make_variants,
    run_validity,
)
from physassist_env.grading.validity.variants import (
    CORRECT,
    GENERATORS,
    WRONG,
    Case,
    Pools,
    Variant,
    analyte_names,
    build_cases,
)

__all__ = [
    "CORRECT",
    "GENERATORS",
    "WRONG",
    "Case",
    "Pools",
    "Variant",
    "analyte_names",
    "build_cases",
    "format_table",
    "grading_context",
    "make_variants",
    "run_validity",
]
