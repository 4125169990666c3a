"""Reviews as bug reports for the generator's authors (``physassist review export``).

Every item a reviewer judged ``wrong``, ``unsafe`` or ``debatable`` and every turn judged
not to fit its patient becomes one report, grouped by generator topic, then by error class
(the verdict, ``misfit`` for a turn), with what a rule fix needs to be checked against it:
session, turn, item, the criterion as generated, its machine check, the evidence rows it
rests on, the correction and comment, the reviewer. :func:`bug_reports` gives the data
(JSON), :func:`render_bug_reports` the Markdown.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from physassist_env.dataset.review.records import Review, current_reviews, item_hash
from physassist_env.scenarios.model import Session

#: Error classes, most serious first.
CLASSES = ("unsafe", "wrong", "misfit", "debatable")


def bug_reports(
    sessions: Sequence[Session], reviews: Sequence[Review]
) -> dict[str, Any]:
    """``{"topics": {topic: {class: [report, ...]}}, "counts": {class: n}, "stale": n}``."""
    by_id = {s.session_id: s for s in sessions}
    topics: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    stale = 0
    for r in current_reviews(reviews):
        session = by_id.get(r.session_id)
        turn = (
            next((t for t in session.turns if t.index == r.turn), None)
            if session
            else None
        )
        if turn is None:
            stale += 1
            continue
        base = {
            "session_id": r.session_id,
            "turn": r.turn,
            "scenario": session.scenario.value,  # type: ignore[union-attr]
            "request": turn.request.en,
            "reviewer": r.reviewer,
            "time": r.time,
            "comment": r.comment,
        }
        if r.item is None:
            if r.fits is False:
                topics[turn.topic]["misfit"].append(base)
            continue
        if r.verdict in (None, "correct"):
            continue
        item = next((i for i in turn.rubric if i.id == r.item), None)
        if item is None or (r.item_hash and r.item_hash != item_hash(item)):
            stale += 1
            continue
        evidence = [
            {"resource": e.resource, "table": e.table, "row": e.row, "time": e.time}
            for e in (item.provenance.evidence if item.provenance else [])
        ]
        topics[turn.topic][r.verdict].append(
            base
            | {
                "item": item.id,
                "criterion": item.criterion.en,
                "criterion_zh": item.criterion.zh,
                "points": item.points,
                "critical": item.critical,
                "check": item.check.model_dump(mode="json"),
                "evidence": evidence,
                "correction": r.correction.model_dump() if r.correction else None,
            }
        )
    counts = {c: sum(len(t.get(c, [])) for t in topics.values()) for c in CLASSES}
    return {
        "topics": {
            topic: {c: classes[c] for c in CLASSES if classes.get(c)}
            for topic, classes in sorted(topics.items())
        },
        "counts": counts,
        "stale": stale,
    }


def render_bug_reports(data: dict[str, Any]) -> str:
    """The reports of :func:`bug_reports` as Markdown, one section per topic."""
    counts = data["counts"]
    lines = [
        "# Clinician review: bug reports",
        "",
        "Per generator topic and error class: "
        + ", ".join(f"{c} {counts[c]}" for c in CLASSES)
        + (
            f"; {data['stale']} review(s) of items that changed since were left out"
            if data["stale"]
            else ""
        )
        + ".",
    ]
    if not data["topics"]:
        lines += ["", "No item was judged wrong, unsafe or debatable."]
    for topic, classes in data["topics"].items():
        lines += ["", f"## {topic}"]
        for cls, reports in classes.items():
            lines += ["", f"### {cls} ({len(reports)})", ""]
            for rep in reports:
                where = f"{rep['session_id']} turn {rep['turn']}"
                if "item" in rep:
                    lines.append(
                        f"- **{where} {rep['item']}** ({rep['points']:+g} pt"
                        f"{', critical' if rep['critical'] else ''}): {rep['criterion']}"
                    )
                    lines.append(f"  - check: `{_short(rep['check'])}`")
                    for e in rep["evidence"][:5]:
                        lines.append(
                            f"  - evidence: {e['resource']} {e['table']} {e['row']} {e['time']}".rstrip()
                        )
                    fix = rep["correction"]
                    if fix:
                        shown = "; ".join(
                            f"{k}: {v}" for k, v in fix.items() if v not in ("", None)
                        )
                        lines.append(f"  - correction: {shown}")
                else:
                    lines.append(f"- **{where}**: {rep['request']}")
                if rep["comment"]:
                    lines.append(f"  - comment: {' '.join(rep['comment'].split())}")
                lines.append(f"  - reviewer: {rep['reviewer']}, {rep['time']}")
    return "\n".join(lines) + "\n"


def _short(check: dict[str, Any], limit: int = 200) -> str:
    text = ", ".join(
        f"{k}={v}" for k, v in check.items() if v not in ([], {}, None, "")
    )
    return text if len(text) <= limit else text[: limit - 3] + "..."
