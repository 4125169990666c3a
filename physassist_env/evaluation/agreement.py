"""Judge-versus-rule agreement over a stored evaluation run.

It lives here, not in :mod:`physassist_env.official`, because reading a run is the evaluation
layer's job; the comparison itself is :func:`physassist_env.official.compare_grades`.
"""

from __future__ import annotations

import os
from typing import Any

from physassist_env.evaluation.records import load_run, turn_results
from physassist_env.official.compare import compare_grades


def compare_run(run: str | os.PathLike[str]) -> dict[str, Any]:
    """:func:`compare_grades` over a stored evaluation run graded with :class:`DualGrader`."""
    _, records = load_run(run)
    return compare_grades(turn_results(records))
