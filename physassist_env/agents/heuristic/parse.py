"""Readers of the compact text the EHR tools return (one line per resource).

Each ``parse_*`` takes a tool result as the agent received it and returns plain records;
lines it does not recognise are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date


@dataclass
class LabValue:
    """One Observation line."""

    time: str
    name: str
    value: float | None
    text: str
    unit: str
    flag: str


_OBS_RE = re.compile(r"^- (\d{4}-\d\d-\d\d(?: \d\d:\d\d)?) \| (.+?) = (.*)$")
_VAL_RE = re.compile(
    r"^(-?\d+(?:\.\d+)?)(?:\s+(?!\(|\[ref)(\S+))?(?:\s+\((HH|LL|H|L|A)\))?"
)


def parse_observations(text: str) -> list[LabValue]:
    """Observation lines (newest first as returned)."""
    out = []
    for line in text.splitlines():
        m = _OBS_RE.match(line.strip())
        if not m:
            continue
        when, name, rest = m.groups()
        rest = rest.split(" | ")[0].strip()
        v = _VAL_RE.match(rest)
        if v:
            unit = (v.group(2) or "").strip()
            out.append(
                LabValue(
                    when, name.strip(), float(v.group(1)), rest, unit, v.group(3) or ""
                )
            )
        else:
            flag = re.search(r"\((HH|LL|H|L|A)\)", rest)
            out.append(
                LabValue(
                    when, name.strip(), None, rest, "", flag.group(1) if flag else ""
                )
            )
    return out


@dataclass
class Culture:
    """One microbiology line."""

    time: str
    test: str
    result: str

    @property
    def negative(self) -> bool:
        """No organism reported."""
        return bool(
            re.search(
                r"no growth|negative|no .*isolated|not detected|pending|no organism",
                self.result,
                re.I,
            )
        )


def parse_cultures(text: str) -> list[Culture]:
    """Microbiology lines."""
    out = []
    for line in text.splitlines():
        m = _OBS_RE.match(line.strip())
        if m:
            result = m.group(3).split(" | ")[0].strip().rstrip(".")
            out.append(Culture(m.group(1), m.group(2).strip(), result))
    return out


@dataclass
class Order:
    """One MedicationRequest (or MedicationAdministration) line."""

    time: str
    name: str
    dose: str
    unit: str
    route: str
    frequency: str
    status: str
    text: str


_ORDER_RE = re.compile(r"^- ([^|]*?) \| (.+?) \| (\S+)(.*)$")
_DOSE_RE = re.compile(
    r"^(.*?)\s+(\d+(?:\.\d+)?(?:-\d+(?:\.\d+)?)?)\s+(\S+)(?:\s+(\S+))?(?:\s+(.+))?$"
)


def parse_orders(text: str) -> list[Order]:
    """MedicationRequest / MedicationAdministration lines."""
    out = []
    for line in text.splitlines():
        m = _ORDER_RE.match(line.strip())
        if not m:
            continue
        when, desc, status, _ = m.groups()
        d = _DOSE_RE.match(desc.strip())
        if d:
            name, dose, unit, route, freq = d.groups()
            out.append(
                Order(
                    when.strip(),
                    name.strip(),
                    dose,
                    unit,
                    route or "",
                    (freq or "").strip(),
                    status,
                    desc.strip(),
                )
            )
        else:
            out.append(
                Order(when.strip(), desc.strip(), "", "", "", "", status, desc.strip())
            )
    return out


@dataclass
class Condition:
    """One Condition line."""

    time: str
    title: str
    code: str


_COND_RE = re.compile(
    r"^- ([^|]*?) \| (.+?)(?: \((ICD-(?:9|10)) ([^)]+)\))?(?: \| (.*))?$"
)


def parse_conditions(text: str) -> list[Condition]:
    """Condition lines."""
    out = []
    for line in text.splitlines():
        m = _COND_RE.match(line.strip())
        if m:
            out.append(
                Condition(
                    m.group(1).strip(),
                    m.group(2).strip(),
                    (m.group(4) or "").replace(".", "").strip(),
                )
            )
    return out


def parse_patient(text: str) -> tuple[str, int | None]:
    """(sex, birth year) from a ``Patient.read`` line."""
    sex = (
        "female"
        if re.search(r"\|\s*female\b", text)
        else "male"
        if re.search(r"\|\s*male\b", text)
        else ""
    )
    born = re.search(r"born (\d{4})", text)
    return sex, int(born.group(1)) if born else None


def parse_admission(text: str, hadm_id: str) -> str | None:
    """Start date of the admission ``hadm_id`` (else of the newest encounter) from ``Encounter.search``."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("- ")]
    for ln in lines:
        if hadm_id and f"Encounter/{hadm_id}" in ln:
            return ln[2:12]
    return lines[0][2:12] if lines else None


def has_code(conditions: list[Condition], prefixes: tuple[str, ...]) -> bool:
    """Whether any condition's ICD code starts with one of ``prefixes``."""
    return any(c.code.upper().startswith(p) for c in conditions for p in prefixes)


def age_at(birth_year: int | None, current_date: str) -> int | None:
    """Age in years as the record counts it (difference of years)."""
    if birth_year is None:
        return None
    try:
        return date.fromisoformat(current_date[:10]).year - birth_year
    except ValueError:
        return None


def decimals_of(value_text: str) -> int:
    """Decimal places of the number a value text starts with ("1.80 mg/dL" -> 2)."""
    m = re.match(r"-?\d+(?:\.(\d+))?", value_text.strip())
    return len(m.group(1) or "") if m else 0


def trend_of(first: float, last: float, decimals: int) -> str:
    """rising / falling / stable: the agent's own convention, a change of more than 10% or
    of one reporting step (``decimals``) counts."""
    step = max(abs(first) * 0.1, 10**-decimals)
    if last - first > step:
        return "rising"
    if first - last > step:
        return "falling"
    return "stable"


def adherence_summary(reply: str) -> tuple[str, str] | None:
    """(EN, ZH) summary of what the patient said about taking a drug."""
    low = reply.lower()
    rules = [
        (
            ("ran out", "run out", "吃完", "用完"),
            ("ran out of it", "药已经吃完了（断药）"),
        ),
        (
            (
                "never got",
                "never filled",
                "never picked",
                "没去药房拿",
                "没取药",
                "一直没去",
            ),
            ("never filled the prescription", "从未取药"),
        ),
        (
            ("stopped", "quit", "停了", "不吃了", "停药"),
            ("stopped taking it on their own", "自行停药"),
        ),
        (
            ("skip", "miss", "forget", "漏吃", "漏服", "老忘", "经常忘"),
            ("often skips doses (poor adherence)", "经常漏服（依从性差）"),
        ),
        (
            ("every day as prescribed", "as prescribed", "every day", "按时"),
            ("takes it regularly as prescribed", "一直按时规律服用"),
        ),
    ]
    for words, summary in rules:
        if any(w in low or w in reply for w in words):
            return summary
    return None
