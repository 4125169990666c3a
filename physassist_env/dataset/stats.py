"""Counts over a build's sessions, as nested dicts and as Markdown tables for the card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum

from physassist_env.scenarios.model import (
    ARCS,
    Implicitness,
    Scenario,
    Session,
    TaskType,
    Tier,
    ToolSource,
    Turn,
)
from physassist_env.scenarios.provenance import COUNT_ROWS, provenance_row

#: Splits in card order.
SPLITS = ("train", "validation", "test")
TOTAL = "total"

#: ``table -> row -> column -> count``; columns are the splits present plus ``total``.
Stats = dict[str, dict[str, dict[str, int]]]


def arc_label(index: int) -> str:
    """``"3: IL > IL > DG > WU"``: an arc index with its four task types."""
    return f"{index}: " + " > ".join(t.value for t in ARCS[index])


def _enum_rows(enum: type[Enum]) -> list[str]:
    return [str(m.value) for m in enum]


def decision_row(turn: Turn) -> str:
    """``"topic: outcome"``, the row of a decision turn in the ``decision`` table."""
    return f"{turn.topic}: {turn.decision}"


def compute_stats(sessions: Iterable[Session], patient_splits: dict[str, str]) -> Stats:
    """Count sessions, turns and patients by split and by each breakdown (one pass over
    ``sessions``: :class:`SessionCounts`).

    Args:
        sessions: The build's sessions.
        patient_splits: ``patient_id -> split`` for the patients written.

    Returns:
        ``{table: {row: {split or "total": count}}}`` for the tables ``splits``,
        ``scenario``, ``tier``, ``arc``, ``task_type``, ``implicitness``,
        ``tool_source``, ``language``, ``decision`` (turns per topic and gold outcome,
        :func:`decision_row`) and ``provenance``
        (:func:`physassist_env.scenarios.provenance.provenance_counts`); rows with no count are left out, except in
        ``splits``.
    """
    counts = SessionCounts()
    for s in sessions:
        counts.add(s)
    return counts.stats(patient_splits)


class SessionCounts:
    """The counts of :func:`compute_stats`, taken one session at a time (the writer
    counts each session as it writes it, so the sessions need not be held at once)."""

    def __init__(self) -> None:
        self._n: Counter[tuple[str, str, str]] = Counter()  # (table, row, split) -> n

    def add(self, s: Session) -> Session:
        """Count ``s``; returns it (to count sessions as they stream past)."""
        n, split = self._n, s.split
        n["splits", "sessions", split] += 1
        n["splits", "turns", split] += len(s.turns)
        n["scenario", s.scenario.value, split] += 1
        n["tier", s.tier.value, split] += 1
        n["arc", arc_label(s.arc_index), split] += 1
        for t in s.turns:
            n["task_type", t.task_type.value, split] += 1
            n["implicitness", t.implicitness.value, split] += 1
            n["tool_source", t.tool_source.value, split] += 1
            for lang in ("en", "zh"):
                if t.request.get(lang).strip():
                    n["language", lang, split] += 1
            if t.decision:
                n["decision", decision_row(t), split] += 1
            for it in t.rubric:
                n["provenance", provenance_row(it), split] += 1
            n["provenance", COUNT_ROWS[5], split] += len(t.answer_provenance)
            n["provenance", COUNT_ROWS[6], split] += len(t.answer_unbound)
        return s

    def stats(self, patient_splits: dict[str, str]) -> Stats:
        """The tables of :func:`compute_stats` for the sessions added so far.

        Raises:
            KeyError: A session counted under a row its table does not have, or a
                patient in a split without sessions.
        """
        n = Counter(self._n)
        present = {split for (table, _, split) in n if table == "splits"}
        columns = [s for s in SPLITS if s in present]
        for split in patient_splits.values():
            if split not in columns:
                raise KeyError(f"patients in split {split!r}, which has no session")
            n["splits", "patients", split] += 1
        rows: dict[str, list[str]] = {
            "splits": ["sessions", "turns", "patients"],
            "scenario": _enum_rows(Scenario),
            "tier": _enum_rows(Tier),
            "arc": [arc_label(i) for i in range(len(ARCS))],
            "task_type": _enum_rows(TaskType),
            "implicitness": _enum_rows(Implicitness),
            "tool_source": _enum_rows(ToolSource),
            "language": ["en", "zh"],
            "decision": sorted({r for (table, r, _) in n if table == "decision"}),
            "provenance": list(COUNT_ROWS),
        }
        for table, row, split in n:
            if row not in rows[table] or split not in columns:
                raise KeyError(f"{table} has no row {row!r} or split {split!r}")
        stats: Stats = {}
        for table, names in rows.items():
            out: dict[str, dict[str, int]] = {}
            for row in names:
                cells = {split: n[table, row, split] for split in columns}
                cells[TOTAL] = sum(cells.values())
                if cells[TOTAL] or table == "splits":
                    out[row] = cells
            stats[table] = out
        return stats


#: Card titles and the unit counted, per table.
TABLE_TITLES = {
    "splits": ("Splits", "count"),
    "scenario": ("Sessions by scenario", "scenario"),
    "tier": ("Sessions by data-richness tier", "tier"),
    "arc": ("Sessions by arc (index: task types of turns 0-3)", "arc"),
    "task_type": ("Turns by task type", "task type"),
    "implicitness": ("Turns by implicitness of the request", "implicitness"),
    "tool_source": ("Turns by information source", "tool source"),
    "language": ("Turns with a request per language", "language"),
    "decision": (
        "Decision turns by topic and gold outcome (issue #36: within a topic no outcome "
        "should hold more than 60 % of the test split's turns; shares below)",
        "topic: outcome",
    ),
    "provenance": (
        "Rubric items by what they rest on (record rows, derived from rows, the patient; "
        "unbound facts should be 0), and gold-answer values bound or not to record rows",
        "provenance",
    ),
}


def render_table(table: dict[str, dict[str, int]], row_header: str) -> str:
    """A Markdown table: one row per key, one column per split and ``total``."""
    if not table:
        return "_(none)_"
    columns = list(next(iter(table.values())))
    lines = [
        "| " + " | ".join([row_header, *columns]) + " |",
        "|" + "---|" + "---:|" * len(columns),
    ]
    for row, counts in table.items():
        lines.append(
            "| " + " | ".join([f"`{row}`", *(str(counts[c]) for c in columns)]) + " |"
        )
    return "\n".join(lines)


def render_stats(stats: Stats) -> str:
    """All tables as Markdown, each under a ``####`` heading, then the outcome shares."""
    parts = []
    for name, (title, header) in TABLE_TITLES.items():
        parts.append(f"#### {title}\n\n{render_table(stats[name], header)}")
    parts.append(
        "#### Outcome shares per decision topic, test split\n\n"
        + render_decision_shares(stats.get("decision", {}))
    )
    return "\n\n".join(parts)


#: The most one outcome may hold within a decision topic on the test split (issue #36).
MAX_OUTCOME_SHARE = 0.6


def decision_shares(
    table: dict[str, dict[str, int]], split: str = "test"
) -> dict[str, dict[str, float]]:
    """``topic -> outcome -> share`` of ``split``'s decision turns (from the ``decision``
    table; topics with no turn in ``split`` are left out)."""
    out: dict[str, dict[str, int]] = {}
    for row, counts in table.items():
        topic, _, outcome = row.partition(": ")
        if counts.get(split):
            out.setdefault(topic, {})[outcome] = counts[split]
    return {
        topic: {o: n / sum(c.values()) for o, n in c.items()}
        for topic, c in sorted(out.items())
    }


def render_decision_shares(table: dict[str, dict[str, int]]) -> str:
    """One line per decision topic of the test split: its turns and outcome shares, the
    topic marked when one outcome holds more than :data:`MAX_OUTCOME_SHARE`."""
    shares = decision_shares(table)
    if not shares:
        return "_(no decision turn in the test split)_"
    lines = ["| topic | test turns | outcomes |", "|---|---:|---|"]
    for topic, c in shares.items():
        n = sum(table[f"{topic}: {o}"]["test"] for o in c)
        over = " (above 60 %)" if max(c.values()) > MAX_OUTCOME_SHARE else ""
        text = "; ".join(
            f"{o} {s:.0%}" for o, s in sorted(c.items(), key=lambda x: -x[1])
        )
        lines.append(f"| `{topic}`{over} | {n} | {text} |")
    return "\n".join(lines)


def parse_markdown_table(text: str) -> dict[str, dict[str, int]]:
    """Inverse of :func:`render_table` (used by tests and tools that read a card)."""
    lines = [
        ln.strip() for ln in text.strip().splitlines() if ln.strip().startswith("|")
    ]
    if not lines:  # "_(none)_": an empty table
        return {}
    header = [c.strip() for c in lines[0].strip("|").split("|")][1:]
    out: dict[str, dict[str, int]] = {}
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip("|").split("|")]
        out[cells[0].strip("`")] = {
            h: int(v) for h, v in zip(header, cells[1:], strict=True)
        }
    return out
