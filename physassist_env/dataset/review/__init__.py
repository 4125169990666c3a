"""Clinician review of a dataset's gold (``physassist review``, docs/review.md).

:mod:`.records`: the append-only review files; :mod:`.apply`: the rule that applies
reviews to sessions and the summary (coverage, error rates, Cohen's kappa) the manifest and
card report; :mod:`.queue`: the review queue and its stratified sample; :mod:`.export`:
reviews as bug reports for the generator.
"""

from physassist_env.dataset.review.apply import (
    Applied,
    apply_reviews,
    cohen_kappa,
    render_review,
    review_summary,
    reviewed,
    reviewed_state,
)
from physassist_env.dataset.review.export import bug_reports, render_bug_reports
from physassist_env.dataset.review.queue import audit_flags, queue
from physassist_env.dataset.review.records import (
    REVIEW_DIR,
    VERDICTS,
    Correction,
    Review,
    append_review,
    collect_review_files,
    current_reviews,
    dataset_fingerprint,
    item_hash,
    now,
    read_reviews,
    review_files,
)

__all__ = [
    "REVIEW_DIR",
    "VERDICTS",
    "Applied",
    "Correction",
    "Review",
    "append_review",
    "apply_reviews",
    "audit_flags",
    "bug_reports",
    "collect_review_files",
    "cohen_kappa",
    "current_reviews",
    "dataset_fingerprint",
    "item_hash",
    "now",
    "queue",
    "read_reviews",
    "render_bug_reports",
    "render_review",
    "review_files",
    "review_summary",
    "reviewed",
    "reviewed_state",
]
