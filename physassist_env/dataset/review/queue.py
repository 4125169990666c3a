"""The review queue: which sessions a reviewer sees, filtered, and a stratified sample.

:func:`queue` filters sessions by scenario, tier, topic, review state and audit flags, and
with ``per_cell`` keeps a fixed sample of that many sessions per (scenario, tier) cell:
sessions ordered by a hash of their id (the same sample on every machine and every run,
independent of the order of the files), already reviewed ones first so that a team's
progress stays inside the sample. :func:`audit_flags` reads the sessions that
``physassist audit --json`` names in its contradicted and clinical examples.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from physassist_env.dataset.review.apply import reviewed_state
from physassist_env.dataset.review.records import Review
from physassist_env.scenarios.model import Session

#: Where an audit example names a session and turn: ``<session_id> t<turn> ...``.
_WHERE = re.compile(r"^(\S+) t(\d+)\b")


def audit_flags(path: str | Path, session_ids: Iterable[str]) -> dict[str, set[int]]:
    """``session id -> flagged turns`` from the JSON that ``physassist audit --json`` printed.

    Contradicted claims and clinical problems count (unverifiable ones do not: their row
    could not be read). The audit prints at most ``--examples`` per kind, so run it with a
    large ``--examples`` to flag every session.

    Raises:
        ValueError: When the file is not an audit report.
    """
    try:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not JSON ({exc})") from None
    if not isinstance(report, dict) or "examples" not in report:
        raise ValueError(f"{path} is not the output of physassist audit --json")
    lines = list(report["examples"].get("contradicted", []))
    for shown in (report.get("clinical") or {}).get("examples", {}).values():
        lines += shown
    known = set(session_ids)
    flags: dict[str, set[int]] = {}
    for line in lines:
        m = _WHERE.match(str(line))
        if m and m.group(1) in known:
            flags.setdefault(m.group(1), set()).add(int(m.group(2)))
    return flags


def _order(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def queue(
    sessions: Sequence[Session],
    reviews: Sequence[Review],
    *,
    scenario: str = "",
    tier: str = "",
    topic: str = "",
    state: str = "",
    flagged: dict[str, set[int]] | None = None,
    only_flagged: bool = False,
    per_cell: int = 0,
) -> list[dict[str, Any]]:
    """The queue rows: ``session_id``, ``scenario``, ``tier``, ``topics``, ``split``,
    ``state`` (``none`` / ``partial`` / ``reviewed``), ``flagged`` (turns the audit flagged).

    Args:
        sessions: The dataset's sessions.
        reviews: Every review read (all reviewers): a session reviewed by anyone counts.
        scenario, tier, topic: Keep sessions of that scenario, tier, or with a turn of
            that topic (``""``: any).
        state: Keep sessions in that review state; ``todo`` keeps those not fully reviewed.
        flagged: :func:`audit_flags`.
        only_flagged: Keep only sessions the audit flagged.
        per_cell: When > 0, at most this many sessions per (scenario, tier) cell, drawn
            as the module docstring says (before the other filters but the cell's).
    """
    flagged = flagged or {}
    rows = []
    for s in sessions:
        rows.append(
            {
                "session_id": s.session_id,
                "scenario": s.scenario.value,
                "tier": s.tier.value,
                "topics": [t.topic for t in s.turns],
                "split": s.split,
                "state": reviewed_state(s, reviews),
                "flagged": sorted(flagged.get(s.session_id, ())),
            }
        )
    if per_cell > 0:
        cells: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for row in rows:
            cells.setdefault((row["scenario"], row["tier"]), []).append(row)
        rows = []
        for members in cells.values():
            members.sort(key=lambda r: (r["state"] == "none", _order(r["session_id"])))
            rows += members[:per_cell]
    keep = [
        r
        for r in rows
        if (not scenario or r["scenario"] == scenario)
        and (not tier or r["tier"] == tier)
        and (not topic or topic in r["topics"])
        and (
            not state
            or (r["state"] != "reviewed" if state == "todo" else r["state"] == state)
        )
        and (not only_flagged or r["flagged"])
    ]
    return sorted(keep, key=lambda r: (r["scenario"], r["tier"], r["session_id"]))
