"""Which sessions of a dataset are reviewed (``physassist report --reviewed-only``).

Kept apart from the package's other modules because it reads a dataset folder (the
loader), which the card writer, itself used by the loader's writer, must not import.
"""

from __future__ import annotations

import os

from physassist_env.dataset.loader import load_sessions, read_manifest
from physassist_env.dataset.review.apply import reviewed_state
from physassist_env.dataset.review.records import read_reviews, review_files


def reviewed_session_ids(folder: str | os.PathLike[str]) -> set[str]:
    """The sessions of a dataset folder that are fully reviewed: those its manifest's
    ``build.review`` lists (a dataset the reviews were applied to) and those its own
    ``reviews/`` files cover (a dataset under review).

    Raises:
        FileNotFoundError, ValueError: When ``folder`` is not a dataset.
    """
    manifest = read_manifest(folder)
    ids = set((manifest.build.get("review") or {}).get("reviewed_sessions", []))
    files = review_files(str(manifest.path))
    if files:
        reviews = read_reviews(files)
        ids |= {
            s.session_id
            for s in load_sessions(str(manifest.path), None)
            if reviewed_state(s, reviews) == "reviewed"
        }
    return ids
