"""Re-check every provenance row of a dataset against the raw MIMIC-IV tables.

For each claim (a rubric item or a value the gold answer states) the audit re-reads the
rows its provenance names with :mod:`.raw` and checks, per row:

* the row exists;
* its event time is on or before the session date, and so is the time it was
  available (``storetime`` / ``storedate`` where the table has one; coded diagnoses are
  dated by their admission, as the benchmark dates them);
* for a ``record`` claim, the value it quotes (within the quoted decimals), its unit and
  the code or name it takes from the row (ICD code, organism, drug or frequency);
* for a flag item, the direction against the row's reference range; for a trend item,
  the direction from its first to its latest row.

A claim is *contradicted* when any row contradicts it, *verified* when every row
checks out, else *unverifiable* (no provenance, no raw row key, a missing table).
``derived`` claims (scores, conclusions) are checked for their input rows only (exist,
dated and available by the session date); ``patient`` claims rest on the interview and
are counted apart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from physassist_env.audit.raw import RawTableError, rows_by_key, table_path
from physassist_env.clinical import glycaemia
from physassist_env.clinical.course import direction as course_direction
from physassist_env.clinical.critical import HYPOKALAEMIA_BELOW
from physassist_env.scenarios.model import Evidence, Provenance, Session
from physassist_env.scenarios.vocab import LABS

MUST_BIND = ("value", "flag", "trend")


@dataclass(frozen=True)
class TableRule:
    """Where a raw table keeps what a claim is checked against (column names)."""

    time: tuple[str, ...] = ()
    available: tuple[str, ...] = ()
    value: str = ""
    unit: str = ""
    text: tuple[str, ...] = ()
    #: Dated by its admission (``hosp/admissions.admittime`` of ``hadm_id``).
    by_admission: bool = False


#: MIMIC-IV v2 column names (https://mimic.mit.edu/docs/iv/modules/).
RULES: dict[str, TableRule] = {
    "hosp/labevents": TableRule(("charttime",), ("storetime",), "valuenum", "valueuom"),
    "hosp/microbiologyevents": TableRule(
        ("charttime", "chartdate"),
        ("storetime", "storedate"),
        text=("org_name", "test_name"),
    ),
    "hosp/diagnoses_icd": TableRule(text=("icd_code",), by_admission=True),
    "hosp/procedures_icd": TableRule(("chartdate",), text=("icd_code",)),
    "hosp/prescriptions": TableRule(
        ("starttime",), (), "dose_val_rx", "dose_unit_rx", ("drug", "frequency")
    ),
    "hosp/emar": TableRule(("charttime",), ("storetime",), text=("medication",)),
    "icu/inputevents": TableRule(("starttime",), ("storetime",), "amount", "amountuom"),
    "icu/procedureevents": TableRule(
        ("starttime",), ("storetime",), "value", "valueuom"
    ),
    "hosp/omr": TableRule(("chartdate",), (), "result_value", text=("result_name",)),
    "icu/chartevents": TableRule(
        ("charttime",), ("storetime",), "valuenum", "valueuom"
    ),
    "hosp/admissions": TableRule(("admittime",)),
    "icu/icustays": TableRule(("intime",)),
    "hosp/patients": TableRule(),
}


@dataclass
class Claim:
    """One claim to audit: where it is, what it rests on, what it states."""

    where: str
    session_date: str
    provenance: Provenance | None
    kind: str  # the item's check kind, or "answer"
    direction: str = ""  # flag / trend items
    text: str = ""


@dataclass
class AuditReport:
    """Counts and examples of an audit."""

    claims: int = 0
    verified: int = 0
    contradicted: int = 0
    unverifiable: int = 0
    patient: int = 0
    by_basis: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    rows_read: int = 0
    examples: dict[str, list[str]] = field(
        default_factory=lambda: {"contradicted": [], "unverifiable": []}
    )

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "claims": self.claims,
            "verified": self.verified,
            "contradicted": self.contradicted,
            "unverifiable": self.unverifiable,
            "patient_claims": self.patient,
            "by_basis": dict(sorted(self.by_basis.items())),
            "reasons": dict(self.reasons.most_common()),
            "rows_read": self.rows_read,
            "examples": self.examples,
        }


def claims_of(sessions: Iterable[Session]) -> list[Claim]:
    """Every rubric item that states a fact, and every gold-answer value, as claims."""
    out: list[Claim] = []
    for s in sessions:
        for t in s.turns:
            for it in t.rubric:
                kind = it.check.kind
                if it.provenance is None and kind not in MUST_BIND:
                    continue  # tool use, fabrication, actions: no fact stated
                out.append(
                    Claim(
                        f"{s.session_id} t{t.index} {it.id} ({t.topic})",
                        s.current_date,
                        it.provenance,
                        kind,
                        str(getattr(it.check, "direction", "")),
                        it.criterion.en,
                    )
                )
            for value in t.answer_unbound:
                out.append(
                    Claim(
                        f"{s.session_id} t{t.index} answer ({t.topic})",
                        s.current_date,
                        None,
                        "answer",
                        text=value,
                    )
                )
            for k, p in enumerate(t.answer_provenance):
                out.append(
                    Claim(
                        f"{s.session_id} t{t.index} answer#{k} ({t.topic})",
                        s.current_date,
                        p,
                        "answer",
                        text=p.claim,
                    )
                )
    return out


def _num(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def _side(row: dict[str, str]) -> int:
    """+1 / -1 when a raw lab row's value lies above / below its reference range
    (``ref_range_upper`` / ``ref_range_lower``, as the source flags it H / L), else 0."""
    v = _num(row.get("valuenum", ""))
    low, high = (
        _num(row.get(k, "") or "") for k in ("ref_range_lower", "ref_range_upper")
    )
    if v is None:
        return 0
    return (
        1 if high is not None and v > high else -1 if low is not None and v < low else 0
    )


def _norm(text: str) -> str:
    return " ".join(text.replace(".", "").lower().split())


def _first(row: dict[str, str], columns: tuple[str, ...]) -> str:
    return next((row[c].strip() for c in columns if row.get(c, "").strip()), "")


class RawIndex:
    """The raw rows the claims name, read once per table."""

    def __init__(self, root: Path, claims: list[Claim]):
        self.root = root
        self.rows: dict[str, dict[tuple[str, ...], list[dict[str, str]]]] = {}
        self.missing: dict[str, str] = {}
        self.columns: dict[str, tuple[str, ...]] = {}
        wanted: dict[str, set[tuple[str, ...]]] = {}
        for c in claims:
            for e in c.provenance.evidence if c.provenance else []:
                if e.table in RULES and e.row:
                    cols = tuple(e.row)
                    self.columns.setdefault(e.table, cols)
                    wanted.setdefault(e.table, set()).add(tuple(e.row.values()))
                    if RULES[e.table].by_admission and "hadm_id" in e.row:
                        self.columns.setdefault("hosp/admissions", ("hadm_id",))
                        wanted.setdefault("hosp/admissions", set()).add(
                            (e.row["hadm_id"],)
                        )
                    if e.table == "hosp/prescriptions":
                        self.columns.setdefault("hosp/pharmacy", ("pharmacy_id",))
                        wanted.setdefault("hosp/pharmacy", set()).add(
                            (e.row["pharmacy_id"],)
                        )
        for table, keys in wanted.items():
            if table == "hosp/pharmacy" and table_path(root, table) is None:
                continue  # only used for order frequencies
            try:
                self.rows[table] = rows_by_key(root, table, self.columns[table], keys)
            except RawTableError as exc:
                self.missing[table] = str(exc)

    def get(self, e: Evidence) -> list[dict[str, str]] | None:
        """The raw rows of an evidence row (``None`` when its table was not read)."""
        if e.table not in self.rows:
            return None
        return self.rows[e.table].get(tuple(e.row.values()), [])

    def admitted(self, hadm_id: str) -> str:
        rows = self.rows.get("hosp/admissions", {}).get((hadm_id,), [])
        return rows[0].get("admittime", "") if rows else ""

    def frequency(self, pharmacy_id: str) -> str:
        rows = self.rows.get("hosp/pharmacy", {}).get((pharmacy_id,), [])
        return rows[0].get("frequency", "") if rows else ""


def check_row(
    e: Evidence, rows: list[dict[str, str]], claim: Claim, raw: RawIndex, record: bool
) -> list[str]:
    """Contradictions of one evidence row (empty when it checks out)."""
    if not rows:
        return [f"{e.table} row {e.row} not in the source"]
    rule = RULES[e.table]
    problems: list[str] = []
    day = claim.session_date[:10]
    when = _first(rows[0], rule.time)
    if rule.by_admission and "hadm_id" in e.row:
        when = raw.admitted(e.row["hadm_id"])
    if when and when[:10] > day:
        problems.append(f"{e.resource} dated {when[:10]} after the session date {day}")
    avail = max((_first(r, rule.available) for r in rows), default="")
    if avail and avail[:10] > day:
        problems.append(
            f"{e.resource} available {avail[:10]} after the session date {day}"
        )
    if not record:
        return problems
    if e.value is not None and rule.value:
        # a blood pressure is one OMR value "163/89": each part is a value of the row
        values = [_num(part) for r in rows for part in r.get(rule.value, "").split("/")]
        slack = 0.5 * 10**-e.decimals if e.decimals is not None else 1e-6
        if not any(v is not None and abs(v - e.value) <= slack + 1e-9 for v in values):
            shown = ", ".join(r.get(rule.value, "") for r in rows[:3])
            problems.append(f"{e.resource} value {e.value:g} but the row says {shown}")
    if e.unit and rule.unit:
        units = {_norm(r.get(rule.unit, "")) for r in rows}
        if _norm(e.unit) not in units and units != {""}:
            problems.append(
                f"{e.resource} unit {e.unit!r} but the row says {rows[0].get(rule.unit)!r}"
            )
    text = e.text if claim.kind not in ("flag", "trend") else ""
    if text and rule.text:
        cells = {_norm(r.get(c, "")) for r in rows for c in rule.text}
        if e.table == "hosp/prescriptions":
            cells.add(_norm(raw.frequency(e.row.get("pharmacy_id", ""))))
        if _norm(text) not in cells:
            problems.append(f"{e.resource} names {text!r}, not in the row")
    if claim.kind == "flag" and e.table == "hosp/labevents":
        problems += _flag_problems(e, rows[0], claim.direction, claim.text)
    return problems


#: The warfarin INR target a claim "against the therapeutic range" is read against
#: (CHEST guideline, Holbrook A et al., Chest 2012;141(2 Suppl):e152S-e184S: 2.0-3.0).
THERAPEUTIC_INR = (2.0, 3.0)


def _flag_problems(
    e: Evidence, row: dict[str, str], direction: str, criterion: str = ""
) -> list[str]:
    """A flag against the row's reference range (MIMIC ``ref_range_lower/upper``), or,
    when the criterion reads the value against the therapeutic range (within it, sub- or
    supratherapeutic), against
    :data:`THERAPEUTIC_INR`; a glucose read "on insulin" against the inpatient band
    (70-180 mg/dL: hypoglycaemia below, above the target over; ADA 2024, section 16,
    :mod:`physassist_env.clinical.glycaemia`); a "non-fasting" glucose against 70-140 mg/dL
    (:data:`~physassist_env.clinical.glycaemia.NON_FASTING`)."""
    v = _num(row.get("valuenum", ""))
    low, high = (
        _num(row.get("ref_range_lower", "")),
        _num(row.get("ref_range_upper", "")),
    )
    if "therapeutic" in criterion.lower():  # sub-, supra-, within the therapeutic range
        low, high = THERAPEUTIC_INR
    elif "on insulin" in criterion.lower():  # glucose against the inpatient target
        low, high = glycaemia.HYPOGLYCAEMIA, glycaemia.INPATIENT_TARGET[1]
    elif "non-fasting" in criterion.lower():  # a random hospital glucose
        low, high = glycaemia.NON_FASTING
    elif "potassium" in criterion.lower() and direction == "low":
        low = HYPOKALAEMIA_BELOW  # hypokalaemia by definition, not the lab's 3.3
    if v is None:
        return []
    wrong = (
        (direction == "high" and high is not None and v <= high)
        or (direction == "low" and low is not None and v >= low)
        or (
            direction == "normal"
            and ((high is not None and v > high) or (low is not None and v < low))
        )
    )
    return (
        [f"{e.resource} called {direction} but {v:g} vs range {low}-{high}"]
        if wrong
        else []
    )


def _trend_problems(
    claim: Claim, rows: list[list[dict[str, str]]], decimals: int
) -> list[str]:
    """The recent course in the stated direction, by the benchmark's definition of a
    trend (docs/environment.md, "Provenance and physassist audit";
    :mod:`physassist_env.clinical.course`): the evidence is the first row, the last
    turning point when there is one, and the latest row; the last two rows must differ
    by more than 10% of the earlier value, one reporting step, the analyte's reference
    change (sodium: 4 mmol/L) or a clinically large change of the analyte (a sodium fall
    of 8 mmol/L), or cross into or out of the reference range, to be rising / falling,
    else stable."""
    if len(rows) < 2 or not rows[-2] or not rows[-1]:
        return []
    a, b = (_num(r[0].get("valuenum", "")) for r in rows[-2:])
    if a is None or b is None:
        return []
    direction = claim.direction
    # a clinically large change of the analyte is a move (clinical.course.LARGE_CHANGE)
    item = rows[-1][0].get("itemid", "")
    analyte = next(
        (k for k, lab in LABS.items() if item in {str(i) for i in lab.itemids}), ""
    )
    # a leg that crossed into or out of the reference range is a move (round 11)
    found = course_direction(
        [a, b], decimals, analyte, sides=[_side(r[0]) for r in rows[-2:]]
    )
    return (
        [] if found == direction else [f"trend called {direction} but {a:g} -> {b:g}"]
    )


def audit(sessions: Iterable[Session], root: Path, examples: int = 5) -> AuditReport:
    """Audit the sessions' provenance against the raw MIMIC-IV tables under ``root``."""
    claims = claims_of(sessions)
    raw = RawIndex(root, claims)
    report = AuditReport(rows_read=sum(len(v) for v in raw.rows.values()))
    report.examples["unverifiable"] += list(raw.missing.values())
    for c in claims:
        report.claims += 1
        p = c.provenance
        if p is None:
            _count(report, "unverifiable", f"no provenance ({c.kind})", c, examples)
            continue
        report.by_basis[p.basis] += 1
        if p.basis == "patient":
            report.patient += 1
            continue
        problems: list[str] = []
        unknown: list[str] = []
        fetched: list[list[dict[str, str]]] = []
        for e in p.evidence:
            if e.table not in RULES or not e.row:
                unknown.append(f"no raw row key ({e.resource.split('/')[0]})")
                continue
            rows = raw.get(e)
            if rows is None:
                unknown.append(f"table not read: {e.table}")
                continue
            fetched.append(rows)
            problems += check_row(e, rows, c, raw, p.basis == "record")
        if c.kind == "trend" and not problems:
            decimals = next(
                (e.decimals for e in p.evidence if e.decimals is not None), 1
            )
            problems += _trend_problems(c, fetched, decimals)
        if problems:
            _count(report, "contradicted", problems[0], c, examples)
        elif unknown or not p.evidence:
            _count(
                report,
                "unverifiable",
                unknown[0] if unknown else "no rows",
                c,
                examples,
            )
        else:
            report.verified += 1
    return report


def _count(report: AuditReport, verdict: str, reason: str, c: Claim, n: int) -> None:
    setattr(report, verdict, getattr(report, verdict) + 1)
    key = reason if verdict == "unverifiable" else reason.split(" ", 1)[-1][:60]
    report.reasons[f"{verdict}: {key}"] += 1
    if len(report.examples[verdict]) < n:
        report.examples[verdict].append(f"{c.where}: {reason} [{c.text[:80]}]")


def render(report: AuditReport) -> str:
    """The report as text."""
    lines = [
        f"claims {report.claims}: verified {report.verified}, contradicted "
        f"{report.contradicted}, unverifiable {report.unverifiable}, patient-told "
        f"{report.patient} (raw rows read: {report.rows_read})",
        "by basis: "
        + ", ".join(f"{k} {v}" for k, v in sorted(report.by_basis.items())),
    ]
    if report.reasons:
        lines.append("reasons:")
        lines += [f"  {n:5d}  {r}" for r, n in report.reasons.most_common(12)]
    for verdict in ("contradicted", "unverifiable"):
        if report.examples[verdict]:
            lines.append(f"examples ({verdict}):")
            lines += [f"  - {x}" for x in report.examples[verdict]]
    return "\n".join(lines)
