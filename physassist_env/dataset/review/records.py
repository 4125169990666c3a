"""Clinician reviews of a dataset's gold: one JSON line per judgement, append-only.

Each reviewer writes ``<dataset>/reviews/<reviewer>.jsonl`` (:data:`REVIEW_DIR`); a line is
one :class:`Review`: a verdict on one rubric item (``correct``, ``wrong``, ``unsafe``,
``debatable``, with an optional correction and a comment) or a judgement of one turn
(``fits``: the question fits this patient, yes or no). Every line carries the reviewer, the
time (UTC), the dataset's fingerprint (:func:`dataset_fingerprint`) and, for an item, the
item's content hash (:func:`item_hash`), so a review made on another build of the item is
recognised as stale instead of applied to a changed item.

Lines are appended with :func:`physassist_env.paths.append_line` (flushed and ``fsync``\\ ed
before the server answers), so a review the browser saw confirmed survives a ``kill -9``.
Nothing is ever rewritten: a later line for the same (reviewer, session, turn, item)
replaces an earlier one when read (:func:`current_reviews`); a line with neither verdict
nor ``fits`` withdraws it. Files of several reviewers merge by reading them together:
one reviewer's latest judgement per key is kept, all reviewers' are kept side by side.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from physassist_env.paths import append_line, read_bytes_safe
from physassist_env.scenarios.model import RubricItem

log = logging.getLogger(__name__)

#: Folder of the review files inside a dataset folder.
REVIEW_DIR = "reviews"
#: Verdicts on an item, mildest first (:data:`SEVERITY` orders them).
VERDICTS = ("correct", "debatable", "wrong", "unsafe")
SEVERITY = {v: i for i, v in enumerate(VERDICTS)}
#: What a reviewer id may be (it names the reviewer's file).
REVIEWER_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$")
#: Longest correction or comment kept (characters).
MAX_TEXT = 4000

Verdict = Literal["correct", "debatable", "wrong", "unsafe"]


class Correction(BaseModel):
    """A reviewer's corrected item: criterion wording (EN, ZH) and, for a value item, the value."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    en: str = Field(default="", max_length=MAX_TEXT)
    zh: str = Field(default="", max_length=MAX_TEXT)
    value: float | None = None

    def empty(self) -> bool:
        """Whether the correction changes nothing."""
        return not (self.en.strip() or self.zh.strip()) and self.value is None


class Review(BaseModel):
    """One judgement of one reviewer (one line of a review file).

    Attributes:
        reviewer: Who judged (letters, digits, ``._-``; names the file).
        time: When, ISO 8601 UTC.
        dataset: The fingerprint of the dataset reviewed (:func:`dataset_fingerprint`).
        session_id: The session.
        turn: The turn index.
        item: The rubric item id; ``None`` for a turn judgement.
        item_hash: :func:`item_hash` of the item as reviewed (``""`` for a turn).
        verdict: The item verdict; ``None`` withdraws it (item) or is absent (turn).
        fits: Turn only: whether the question fits this patient.
        correction: The corrected item (item only).
        comment: Free text.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    reviewer: str
    time: str
    dataset: str = ""
    session_id: str = Field(min_length=1, max_length=200)
    turn: int = Field(ge=0, le=50)
    item: str | None = Field(default=None, max_length=100)
    item_hash: str = ""
    verdict: Verdict | None = None
    fits: bool | None = None
    correction: Correction | None = None
    comment: str = Field(default="", max_length=MAX_TEXT)

    @field_validator("reviewer")
    @classmethod
    def _reviewer(cls, value: str) -> str:
        if not REVIEWER_ID.match(value):
            raise ValueError(
                "a reviewer id is 1-40 letters, digits, '.', '_' or '-' (it names the file)"
            )
        return value

    @property
    def key(self) -> tuple[str, str, int, str]:
        """What a later line of the same reviewer replaces: (reviewer, session, turn, item)."""
        return (self.reviewer, self.session_id, self.turn, self.item or "")


def now() -> str:
    """The current time as stored in a review (UTC, seconds)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def item_hash(item: RubricItem) -> str:
    """A short hash of what an item says (criterion, points, check, critical), so a review of
    an item that a rebuild changed is not applied to the new one."""
    body = json.dumps(
        {
            "criterion": item.criterion.model_dump(),
            "points": item.points,
            "check": item.check.model_dump(mode="json"),
            "critical": item.critical,
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def dataset_fingerprint(sha256: dict[str, str]) -> str:
    """The fingerprint of a build: a hash of its sessions files' sha256 (from the manifest)."""
    parts = sorted(f"{k}={v}" for k, v in sha256.items() if k.startswith("sessions/"))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def review_file(reviewer: str) -> str:
    """The review file of a reviewer, relative to the dataset folder."""
    if not REVIEWER_ID.match(reviewer):
        raise ValueError(f"not a reviewer id: {reviewer!r}")
    return f"{REVIEW_DIR}/{reviewer}.jsonl"


def append_review(folder: str | Path, review: Review) -> Path:
    """Append ``review`` to its reviewer's file in the dataset ``folder`` (durable on return)."""
    folder = Path(folder)
    (folder / REVIEW_DIR).mkdir(exist_ok=True)
    relative = review_file(review.reviewer)
    line = review.model_dump_json(exclude_defaults=False).encode("utf-8")
    append_line(folder, relative, line)
    return folder / relative


def review_files(folder: str | Path) -> list[Path]:
    """The review files of a dataset folder (sorted; none when it has no ``reviews/``)."""
    where = Path(folder) / REVIEW_DIR
    return sorted(where.glob("*.jsonl")) if where.is_dir() else []


def collect_review_files(paths: Iterable[str | Path]) -> list[Path]:
    """The review files named by ``paths``: a ``.jsonl`` file, a folder of them, or a dataset
    folder (its ``reviews/``).

    Raises:
        FileNotFoundError: For a path that does not exist or holds no review file.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_file():
            out.append(p)
            continue
        if not p.is_dir():
            raise FileNotFoundError(f"no review file or folder at {p}")
        found = review_files(p) or sorted(p.glob("*.jsonl"))
        if not found:
            raise FileNotFoundError(
                f"{p} holds no review file (*.jsonl, or reviews/*.jsonl)"
            )
        out += found
    return sorted(set(out))


def read_reviews(paths: Iterable[str | Path]) -> list[Review]:
    """Every valid line of the review files ``paths``, in file order (files sorted by name).

    A line that is not a review (cut off by a crash, damaged, edited by hand) is skipped
    with a warning naming the file and line; it never hides the lines after it.
    """
    out: list[Review] = []
    for path in sorted({Path(p) for p in paths}):
        raw = read_bytes_safe(path)
        bad: list[int] = []
        for number, line in enumerate(raw.splitlines(), 1):
            if not line.strip():
                continue
            try:
                out.append(Review.model_validate_json(line))
            except (ValidationError, ValueError):
                bad.append(number)
        if bad:
            log.warning(
                "%s: skipped %d line(s) that are not reviews (line %s)",
                path,
                len(bad),
                ", ".join(map(str, bad[:10])),
            )
    return out


def current_reviews(reviews: Sequence[Review]) -> list[Review]:
    """Each reviewer's latest judgement per (session, turn, item); withdrawn ones dropped.

    "Latest" is the later ``time``, then the later line (the order of ``reviews``), so one
    reviewer's files from two machines merge too.
    """
    latest: dict[tuple[str, str, int, str], tuple[str, int, Review]] = {}
    for order, r in enumerate(reviews):
        seen = latest.get(r.key)
        if seen is None or (r.time, order) >= seen[:2]:
            latest[r.key] = (r.time, order, r)
    return [
        r
        for _, _, r in sorted(latest.values(), key=lambda x: x[2].key)
        if r.verdict is not None or r.fits is not None
    ]
