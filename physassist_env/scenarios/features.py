"""What an admission offers a session: lab series, orders, antibiotics, cultures, scores.

:func:`admission_facts` reads one admission through a date-gated :class:`EhrView`, so
everything the planner reasons about is exactly what the agent can see at the
session's current date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from physassist_env.ehr.store import EhrView
from physassist_env.fhir import codes
from physassist_env.scenarios.vocab import (
    LABS,
    SAFETY_PAIRS,
    Lab,
    SafetyPair,
    antibiotic_of,
    drug_class_of,
)


@dataclass(frozen=True)
class LabPoint:
    """One lab value."""

    time: str
    value: float
    unit: str
    flag: str  # H, L, A, N or ""


@dataclass
class LabSeries:
    """A lab's values during the admission, oldest first."""

    lab: Lab
    points: list[LabPoint]

    @property
    def latest(self) -> LabPoint:
        """The newest value."""
        return self.points[-1]

    @property
    def first(self) -> LabPoint:
        """The oldest value in the admission."""
        return self.points[0]

    def trend(self) -> str:
        """``rising``, ``falling`` or ``stable`` from first to latest (10% or one reporting step)."""
        a, b = self.first.value, self.latest.value
        step = max(abs(a) * 0.1, 10**-self.lab.decimals)
        if b - a > step:
            return "rising"
        if a - b > step:
            return "falling"
        return "stable"


@dataclass
class MedOrder:
    """A medication order visible at the current date."""

    id: str
    name: str
    generic: str | None
    dose: float | None
    dose_unit: str
    route: str
    frequency: str
    status: str
    start: str
    end: str


@dataclass
class AdmissionFacts:
    """Everything the planner needs about one admission at one date."""

    patient_id: str
    hadm_id: str
    start: str
    end: str
    current_date: str
    age: int | None
    female: bool
    weight_kg: float | None
    labs: dict[str, LabSeries] = field(default_factory=dict)
    orders: list[MedOrder] = field(default_factory=list)
    given: dict[str, int] = field(
        default_factory=dict
    )  # generic drug -> doses administered
    antibiotics: list[str] = field(
        default_factory=list
    )  # generic names given or ordered
    cultures: list[dict[str, Any]] = field(default_factory=list)
    conditions: list[tuple[str, str]] = field(default_factory=list)  # (code, title)
    n_lab_rows: int = 0
    allergies: list[str] = field(default_factory=list)
    has_notes: bool = False
    pairs: list[tuple[SafetyPair, MedOrder, LabSeries]] = field(default_factory=list)

    def active_orders(self) -> list[MedOrder]:
        """Orders still active at the current date."""
        return [o for o in self.orders if o.status == "active"]

    def has_condition(self, *prefixes: str) -> bool:
        """Whether any ICD code of the admission starts with one of ``prefixes``."""
        return any(
            code.upper().startswith(p) for code, _ in self.conditions for p in prefixes
        )


def _loinc_codes(res: dict[str, Any]) -> set[str]:
    return {
        c.get("code", "")
        for c in (res.get("code") or {}).get("coding") or []
        if c.get("system") == codes.LOINC
    }


def _dose(res: dict[str, Any]) -> tuple[float | None, str, str, str]:
    di = (res.get("dosageInstruction") or [{}])[0]
    dose, unit = None, ""
    for dr in di.get("doseAndRate") or []:
        q = dr.get("doseQuantity") or {}
        if q.get("value") is not None:
            dose, unit = float(q["value"]), str(q.get("unit") or "")
    route = (di.get("route") or {}).get("text") or ""
    if not route:
        for c in (di.get("route") or {}).get("coding") or []:
            route = c.get("code") or ""
    freq = ((di.get("timing") or {}).get("code") or {}).get("text") or ""
    return dose, unit, route, freq


def _med_name(res: dict[str, Any]) -> str:
    cc = res.get("medicationCodeableConcept") or {}
    if cc.get("text"):
        return str(cc["text"])
    for c in cc.get("coding") or []:
        if c.get("display") or c.get("code"):
            return str(c.get("display") or c.get("code"))
    return ""


_NEGATIVE_RESULT = re.compile(
    r"\bno\b|\bnegative\b|not detected|not isolated|none seen|no growth", re.I
)


def positive_result_text(text: str) -> str:
    """A free-text culture result that reports a finding (``""`` for negative results)."""
    text = " ".join(text.split()).rstrip(".")
    return "" if not text or _NEGATIVE_RESULT.search(text) else text[:120]


def organism_terms(organism: str) -> list[str]:
    """Terms an answer may use for a culture finding (full text, the organism, its genus).

    ``"Positive for toxigenic C. difficile by PCR"`` gives the full text,
    ``"toxigenic C. difficile"`` and ``"C. difficile"``; ``"ESCHERICHIA COLI"`` gives
    itself and ``"ESCHERICHIA"``.
    """
    terms = [organism]
    m = re.search(r"positive for (.+?)(?: by |$)", organism, re.I)
    core = m.group(1).strip() if m else organism
    terms.append(core)
    words = core.split()
    if len(words) >= 2:
        terms.append(" ".join(words[-2:]) if m else words[0])
    return list(dict.fromkeys(t for t in terms if t))


def day_before(day: str) -> str:
    """The ISO date one day before ``day``."""
    return (date.fromisoformat(day[:10]) - timedelta(days=1)).isoformat()


def admission_facts(view: EhrView, encounter: dict[str, Any]) -> AdmissionFacts:
    """Collect the planner's view of one admission through a date-gated EHR view."""
    period = encounter.get("period") or {}
    start = (period.get("start") or "")[:19]
    current = view.as_of or (period.get("end") or start)[:10]
    patient = view.patient()
    birth = patient.get("birthDate")
    age = int(current[:4]) - int(birth[:4]) if birth else None
    facts = AdmissionFacts(
        patient_id=view.patient_id,
        hadm_id=str(encounter["id"]),
        start=start,
        end=(period.get("end") or "")[:19],
        current_date=current[:10],
        age=age,
        female=patient.get("gender") == "female",
        weight_kg=None,
    )
    since = [f"ge{start[:10]}"]
    labs, n_rows = view.search("Observation", {"category": "laboratory", "date": since})
    facts.n_lab_rows = n_rows
    by_loinc: dict[str, Lab] = {
        code: lab for lab in LABS.values() for code in lab.loinc
    }
    series: dict[str, list[LabPoint]] = {}
    for res in reversed(labs):  # oldest first
        q = res.get("valueQuantity") or {}
        if q.get("value") is None:
            continue
        for code in _loinc_codes(res):
            lab = by_loinc.get(code)
            if lab is None:
                continue
            flag = ""
            for interp in res.get("interpretation") or []:
                for c in interp.get("coding") or []:
                    flag = c.get("code") or flag
            series.setdefault(lab.key, []).append(
                LabPoint(
                    res.get("effectiveDateTime", "")[:19],
                    float(q["value"]),
                    str(q.get("unit") or ""),
                    flag,
                )
            )
    facts.labs = {k: LabSeries(LABS[k], pts) for k, pts in series.items()}
    for res in view.search(
        "Observation",
        {"category": "vital-signs", "code": "http://loinc.org|29463-7", "_count": "1"},
    )[0]:
        q = res.get("valueQuantity") or {}
        if q.get("value") is not None:
            value = float(q["value"])
            unit = str(q.get("unit") or q.get("code") or "")
            facts.weight_kg = (
                round(value * 0.4536, 1) if "lb" in unit.lower() else value
            )
    for res in view.search("MedicationRequest", {"date": since})[0]:
        name = _med_name(res)
        cls = drug_class_of(name)
        dose, unit, route, freq = _dose(res)
        vp = (res.get("dispenseRequest") or {}).get("validityPeriod") or {}
        facts.orders.append(
            MedOrder(
                res["id"],
                name,
                cls[1] if cls else antibiotic_of(name),
                dose,
                unit,
                route,
                freq,
                res.get("status", ""),
                (vp.get("start") or res.get("authoredOn") or "")[:19],
                (vp.get("end") or "")[:19],
            )
        )
    for res in view.search(
        "MedicationAdministration", {"date": since, "status": "completed"}
    )[0]:
        name = _med_name(res).lower()
        generic = antibiotic_of(name) or (drug_class_of(name) or (None, None))[1]
        if generic:
            facts.given[generic] = facts.given.get(generic, 0) + 1
    abx = [o.generic for o in facts.orders if o.generic and antibiotic_of(o.generic)]
    abx += [g for g in facts.given if antibiotic_of(g)]
    facts.antibiotics = sorted(set(abx))
    for res in view.search("Observation", {"category": "microbiology", "date": since})[
        0
    ]:
        organism = ""
        if "valueCodeableConcept" in res:
            organism = res["valueCodeableConcept"].get("text") or next(
                (
                    c.get("display", "")
                    for c in res["valueCodeableConcept"].get("coding") or []
                ),
                "",
            )
        elif isinstance(res.get("valueString"), str):
            organism = positive_result_text(res["valueString"])
        susc = {}
        for comp in res.get("component") or []:
            ab = (comp.get("code") or {}).get("text") or next(
                (
                    c.get("display", "")
                    for c in (comp.get("code") or {}).get("coding") or []
                ),
                "",
            )
            interp = next(
                (
                    c.get("code", "")
                    for i in comp.get("interpretation") or []
                    for c in i.get("coding") or []
                ),
                "",
            )
            if ab:
                susc[ab.lower()] = interp
        test = (res.get("code") or {}).get("text") or ""
        facts.cultures.append(
            {
                "id": res["id"],
                "test": test,
                "organism": organism,
                "susceptibility": susc,
                "time": res.get("effectiveDateTime", "")[:19],
            }
        )
    for res in view.search("Condition", {"encounter": facts.hadm_id})[0]:
        for c in (res.get("code") or {}).get("coding") or []:
            facts.conditions.append(
                (
                    str(c.get("code", "")),
                    (res.get("code") or {}).get("text") or c.get("display", ""),
                )
            )
            break
    facts.allergies = [
        (r.get("code") or {}).get("text", "")
        for r in view.search("AllergyIntolerance")[0]
    ]
    facts.has_notes = view.search("DocumentReference", {"_count": "1"})[1] > 0
    for pair in SAFETY_PAIRS:
        lab = facts.labs.get(pair.lab)
        if lab is None:
            continue
        for order in facts.orders:
            cls = drug_class_of(order.name)
            if cls and cls[0].key == pair.drug_class and order.status == "active":
                facts.pairs.append((pair, order, lab))
                break
    return facts
