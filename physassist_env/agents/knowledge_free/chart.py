"""What the chart shows, read without medicine: result rows, values, the chart's H/L markers.

:func:`parse_result` reads one tool result as the agent is shown it (the text rendering of
``PhysAssist-v0``; anything else degrades to plain text, never to an exception).
:func:`render_facts` restates the results: values with units and dates as printed, the
chart's own H/L markers as the only flags ("high"/"low", and "normal" for an unmarked value
that has a reference range), first-versus-last arithmetic trends, the largest and smallest
value, the rows of lists (orders, diagnoses, cultures), the patient's own words. It draws
no conclusion and recommends nothing.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field

from physassist_env.agents.knowledge_free.text import join_sentences

_HEAD = re.compile(
    r"^(?P<date>\d{4}-\d{2}-\d{2})(?: (?P<time>\d{2}:\d{2}))?(?: to (?P<end>.+))?$"
)
_VALUE = re.compile(
    r"^(?P<num>[<>]?=?-?\d+(?:\.\d+)?)(?:\s+(?P<unit>[^\s(\[]+))?"
    r"(?:\s*\((?P<mark>[A-Za-z]+)\))?(?:\s*\[ref (?P<ref>[^\]]*)\])?"
)
_EMPTY = re.compile(r"^(?:no \S+ found|未找到 ?\S+)\s*$", re.IGNORECASE)
_BORN = re.compile(r"\|\s*(?P<sex>[a-z]+)\s*\|\s*born (?P<born>\d{4}-\d{2}-\d{2})")
_PATIENT_TOOLS = frozenset(
    {
        "symptom_history",
        "medication_adherence",
        "social_history",
        "functional_status",
        "pain_assessment",
        "ask_patient",
    }
)

#: The chart's marker rendered in words (the legend of the H/L column), per language.
MARKER_WORDS = {
    "en": {"H": "high", "L": "low", "N": "normal"},
    "zh": {"H": "偏高", "L": "偏低", "N": "正常"},
}
TREND_WORDS = {
    "en": {"rising": "rising", "falling": "falling", "stable": "stable"},
    "zh": {"rising": "上升", "falling": "下降", "stable": "平稳"},
}


@dataclass
class Row:
    """One result row: ``- DATE [TIME] | NAME = VALUE UNIT (MARK) [ref ...] | ...``."""

    date: str
    time: str
    text: str
    name: str = ""
    value: str = ""
    number: float | None = None
    unit: str = ""
    marker: str = ""
    ref: str = ""
    end: str = ""

    @property
    def when(self) -> str:
        """Date and time as printed."""
        return f"{self.date} {self.time}".strip()


@dataclass
class Result:
    """One tool result as the agent saw it."""

    tool: str
    content: str
    kind: str  # rows | empty | text | created | error
    rows: list[Row] = field(default_factory=list)

    def groups(self) -> dict[str, list[Row]]:
        """Rows with a number, by name (newest first, as shown)."""
        out: dict[str, list[Row]] = {}
        for r in self.rows:
            if r.name and r.number is not None:
                out.setdefault(r.name, []).append(r)
        return out


def parse_row(line: str) -> Row | None:
    """A ``- DATE | ...`` line, or ``None`` when it is not one."""
    if not line.startswith("- "):
        return None
    parts = line[2:].split(" | ")
    head = _HEAD.match(parts[0].strip())
    if head is None:
        return None
    row = Row(
        date=head["date"],
        time=head["time"] or "",
        end=head["end"] or "",
        text=" | ".join(parts[1:]).strip(),
    )
    if len(parts) > 1 and " = " in parts[1]:
        name, _, value = parts[1].partition(" = ")
        row.name, row.value = name.strip(), value.strip()
        m = _VALUE.match(row.value)
        if m:
            try:
                row.number = float(m["num"].lstrip("<>="))
            except ValueError:
                row.number = None
            row.value = m["num"]
            row.unit = m["unit"] or ""
            mark = (m["mark"] or "").upper()
            row.marker = mark[0] if mark[:1] in ("H", "L") else ""
            row.ref = m["ref"] or ""
    return row


def parse_result(tool: str, content: str | None) -> Result:
    """Read one tool result (never raises)."""
    text = str(content or "").strip()
    if not text or text.startswith("ERROR") or text.startswith("{"):
        return Result(tool, text, "error" if text.startswith("ERROR") else "text")
    if _EMPTY.match(text.splitlines()[0]):
        return Result(tool, text, "empty")
    if text.startswith("Created:"):
        return Result(tool, text, "created")
    rows = [r for r in (parse_row(line) for line in text.splitlines()) if r]
    if rows:
        return Result(tool, text, "rows", rows)
    return Result(tool, text, "text")


def results_of_turn(messages: list[dict]) -> list[Result]:
    """The tool results after the last physician request of a chat."""
    start = 0
    for i, m in enumerate(messages):
        if m.get("role") == "user" and not str(m.get("content", "")).startswith(
            "ERROR"
        ):
            start = i
    return [
        parse_result(str(m.get("name") or ""), m.get("content"))
        for m in messages[start + 1 :]
        if m.get("role") == "tool"
    ]


def main_rows(results: list[Result], main_names: list[str]) -> list[Row]:
    """The main lab's rows (newest first): the first numeric group whose name is in
    ``main_names`` (lower case), else the first numeric group shown; ``[]`` if none."""
    groups: list[tuple[str, list[Row]]] = [
        (name, rows) for r in results for name, rows in r.groups().items()
    ]
    if not groups:
        return []
    return next(
        (rows for name, rows in groups if name.lower() in main_names), groups[0][1]
    )


def marker_state(results: list[Result], main_names: list[str]) -> str:
    """The chart's marker of the main lab's newest value (:func:`main_rows`): ``H``, ``L``
    or ``N`` (unmarked); ``E`` when every result was empty; ``R`` when there were rows but
    no numeric lab."""
    rows = main_rows(results, main_names)
    if rows:
        return rows[0].marker or "N"
    if results and all(r.kind == "empty" for r in results):
        return "E"
    return "R"


def trend(rows: list[Row], threshold: float) -> str | None:
    """``rising``/``falling``/``stable`` from the oldest to the newest value shown, with a
    relative change of at most ``threshold`` called stable; ``None`` with fewer than 2."""
    nums = [r.number for r in rows if r.number is not None]
    if len(nums) < 2:
        return None
    first, last = nums[-1], nums[0]
    change = (last - first) / abs(first) if first else (last - first)
    if abs(change) <= threshold:
        return "stable"
    return "rising" if change > 0 else "falling"


def _age(born: str, today: str) -> int | None:
    try:
        b, t = _dt.date.fromisoformat(born), _dt.date.fromisoformat(today)
    except ValueError:
        return None
    return t.year - b.year - ((t.month, t.day) < (b.month, b.day))


def _lab_sentence(
    name: str, rows: list[Row], language: str, threshold: float, full: bool
) -> str:
    latest = rows[0]
    unit = f" {latest.unit}" if latest.unit else ""
    flag = latest.marker or ("N" if latest.ref else "")
    words = MARKER_WORDS[language]
    zh = language == "zh"
    if zh:
        s = f"{name}：最近一次 {latest.value}{unit}（{latest.when}）"
        s += f"，{words[flag]}" if flag else ""
    else:
        s = f"{name}: latest {latest.value}{unit} ({latest.when})"
        s += f", {words[flag]}" if flag else ""
    if full and len(rows) > 1:
        first = rows[-1]
        direction = trend(rows, threshold)
        hi = max(rows, key=lambda r: r.number or 0.0)
        lo = min(rows, key=lambda r: r.number or 0.0)
        if zh:
            s += f"；首次 {first.value}（{first.when}），趋势{TREND_WORDS['zh'][direction or 'stable']}"
            s += f"；最高 {hi.value}（{hi.when}）；最低 {lo.value}（{lo.when}）"
        else:
            s += f"; first {first.value} ({first.when}), {TREND_WORDS['en'][direction or 'stable']}"
            s += f"; highest {hi.value} ({hi.when}); lowest {lo.value} ({lo.when})"
    return s + ("。" if zh else ".")


def _rows_sentence(
    result: Result, language: str, limit: int, active_only: bool
) -> list[str]:
    zh = language == "zh"
    out: list[str] = []
    if result.tool == "MedicationAdministration.search":
        by_drug: dict[str, list[Row]] = {}
        for r in result.rows:
            by_drug.setdefault(r.text.split(" | ")[0], []).append(r)
        for drug, rows in list(by_drug.items())[:limit]:
            given = [r for r in rows if r.text.endswith("completed")] or rows
            out.append(
                f"{drug}：最近一次记录 {given[0].when}。"
                if zh
                else f"{drug}: most recent {given[0].when}."
            )
        return out
    rows = result.rows
    if active_only and result.tool == "MedicationRequest.search":
        rows = [r for r in rows if "| active" in r.text] or rows[:1]
    seen: set[str] = set()
    items = []
    for r in rows:
        if r.name and r.number is not None:
            continue  # numeric groups are told by _lab_sentence
        body = r.text
        if body in seen:
            continue
        seen.add(body)
        items.append(f"{body} ({r.when})" if not zh else f"{body}（{r.when}）")
    for i in range(0, min(len(items), limit), 12):
        chunk = items[i : min(i + 12, limit)]
        out.append(("；".join(chunk) + "。") if zh else ("; ".join(chunk) + "."))
    return out


def render_facts(
    results: list[Result],
    language: str,
    *,
    names: dict[str, str] | None = None,
    threshold: float = 0.1,
    today: str = "",
    full: bool = True,
    limit: int = 60,
    active_only: bool = False,
) -> str:
    """The results restated: values as printed with the chart's markers, trends, lists.

    Args:
        results: This turn's tool results.
        language: ``en`` or ``zh``.
        names: Row name (lower case) -> the name to say it by (learned from train).
        threshold: Relative first-to-last change called stable.
        today: The session date (for an age from a birth date).
        full: Add first value, trend, highest, lowest and count for series.
        limit: Most rows listed per result.
        active_only: List only the active medication orders (the newest one when none
            is active); a profile the reward search may choose per topic.
    """
    names = names or {}
    zh = language == "zh"
    out: list[str] = []
    for res in results:
        if res.kind == "empty":
            out.append(res.content.splitlines()[0] + ("。" if zh else "."))
        elif res.kind == "created":
            detail = res.content.partition("Created:")[2].strip()
            out.append(f"已完成：{detail}。" if zh else f"Done: {detail}.")
        elif res.kind == "text" and res.tool in _PATIENT_TOOLS:
            out.append(
                f"患者说：“{res.content}”"
                if zh
                else f'The patient says: "{res.content}"'
            )
        elif res.kind == "text" and res.tool == "Patient.read":
            m = _BORN.search(res.content)
            age = _age(m["born"], today) if m else None
            if m and age is not None:
                out.append(
                    f"患者{m['sex']}，{age} 岁（出生 {m['born']}）。"
                    if zh
                    else f"Patient: {m['sex']}, age {age} (born {m['born']})."
                )
        elif res.kind == "rows":
            if res.tool == "Encounter.search":
                continue
            for name, rows in res.groups().items():
                said = names.get(name.lower(), name)
                out.append(_lab_sentence(said, rows, language, threshold, full))
            out += _rows_sentence(res, language, limit, active_only)
    return join_sentences(out, language)


def encounter_start(results: list[Result], hadm_id: str | None) -> str | None:
    """The start date of the admission ``hadm_id`` in Encounter.search results."""
    for res in results:
        if res.tool != "Encounter.search":
            continue
        for r in res.rows:
            if hadm_id and r.text.endswith(f"Encounter/{hadm_id}"):
                return r.date
        ongoing = [r for r in res.rows if r.end == "ongoing"]
        if ongoing:
            return ongoing[-1].date
    return None
