"""Counts over a build's sessions, as nested dicts and as Markdown tables for the card."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
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


def compute_stats(sessions: Sequence[Session], patient_splits: dict[str, str]) -> Stats:
    """Count sessions, turns and patients by split and by each breakdown.

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
    columns = [s for s in SPLITS if any(x.split == s for x in sessions)] + [TOTAL]
    stats: Stats = {}

    def new(rows: Iterable[str]) -> dict[str, dict[str, int]]:
        return {r: dict.fromkeys(columns, 0) for r in rows}

    def add(table: dict[str, dict[str, int]], row: str, split: str, n: int = 1) -> None:
        table[row][split] += n
        table[row][TOTAL] += n

    splits = new(["sessions", "turns", "patients"])
    for s in sessions:
        add(splits, "sessions", s.split)
        add(splits, "turns", s.split, len(s.turns))
    for split in patient_splits.values():
        add(splits, "patients", split)
    stats["splits"] = splits

    per_session: list[tuple[str, list[str], Callable[[Session], str]]] = [
        ("scenario", _enum_rows(Scenario), lambda s: s.scenario.value),
        ("tier", _enum_rows(Tier), lambda s: s.tier.value),
        (
            "arc",
            [arc_label(i) for i in range(len(ARCS))],
            lambda s: arc_label(s.arc_index),
        ),
    ]
    for name, rows, key in per_session:
        table = new(rows)
        for s in sessions:
            add(table, key(s), s.split)
        stats[name] = table

    per_turn: list[tuple[str, list[str], Callable[[Turn], str]]] = [
        ("task_type", _enum_rows(TaskType), lambda t: t.task_type.value),
        ("implicitness", _enum_rows(Implicitness), lambda t: t.implicitness.value),
        ("tool_source", _enum_rows(ToolSource), lambda t: t.tool_source.value),
    ]
    for name, rows, key in per_turn:
        table = new(rows)
        for s in sessions:
            for t in s.turns:
                add(table, key(t), s.split)
        stats[name] = table

    language = new(["en", "zh"])
    for s in sessions:
        for t in s.turns:
            for lang in ("en", "zh"):
                if t.request.get(lang).strip():
                    add(language, lang, s.split)
    stats["language"] = language

    decisions = sorted(
        {decision_row(t) for s in sessions for t in s.turns if t.decision}
    )
    decision = new(decisions)
    for s in sessions:
        for t in s.turns:
            if t.decision:
                add(decision, decision_row(t), s.split)
    stats["decision"] = decision

    provenance = new(COUNT_ROWS)
    for s in sessions:
        for t in s.turns:
            for it in t.rubric:
                add(provenance, provenance_row(it), s.split)
            add(provenance, COUNT_ROWS[5], s.split, len(t.answer_provenance))
            add(provenance, COUNT_ROWS[6], s.split, len(t.answer_unbound))
    stats["provenance"] = provenance

    for name, table in stats.items():
        if name != "splits":
            stats[name] = {r: c for r, c in table.items() if c[TOTAL]}
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
