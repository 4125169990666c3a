"""Provenance: the record rows each factual rubric item and gold-answer value rests on.

Resolved centrally, after a topic has made its draft, so topics do not thread ids:
:class:`ProvenanceBinder` reads the session's date-gated record view (the one the gold
tools and the agent see) and binds each item by what its check states:

* value items: the Observation of that analyte with that value (or the order with that
  dose), at or before the session date, preferring the rows the gold tools returned;
* flag items: the row of the analyte the turn's value item quotes (else its latest row);
* trend items: the first and latest rows of the analyte in the admission, and between
  them the last turning point the recent course is read from (clinical.course);
* mentions of a diagnosis, organism, culture, drug, frequency or allergy: the
  Condition, microbiology Observation, MedicationRequest / MedicationAdministration or
  AllergyIntolerance that names it;
* scores, conclusions, recommendations, writes and mentions that name no record row
  (a plan, "no growth"): ``derived`` from the rows the turn's gold tools returned;
* patient-fact items: ``patient`` (what the patient says; no record row).

For MIMIC-IV rows (the ``mimic-iv`` and ``synthetic`` sources) each evidence row also
names its raw table and key (:func:`physassist_env.sources.mimic.rowkeys.row_key`), so an
audit can re-read it from the raw files (``physassist audit``).

A value, flag or trend item that cannot be bound is reported in ``unbound`` (the build
counts them; tests require none).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from physassist_env.clinical.course import turning_point
from physassist_env.clinical.discharge import inpatient_only
from physassist_env.clinical.specimen import implausible, spurious
from physassist_env.ehr.store import EhrView
from physassist_env.ehr.toolkit import EhrToolkit, ToolResult
from physassist_env.scenarios.features import AdmissionFacts
from physassist_env.scenarios.model import (
    Evidence,
    FlagCheck,
    Provenance,
    RubricItem,
    ToolCall,
    TrendCheck,
    ValueCheck,
    WriteCheck,
)
from physassist_env.scenarios.vocab import LABS, Lab, antibiotic_of, drug_class_of
from physassist_env.sources.mimic.rowkeys import row_key

#: Item kinds that state a record fact and must bind to a row.
MUST_BIND = ("value", "flag", "trend")
#: Sources whose resources come from MIMIC-IV rows (the synthetic hospital is in MIMIC
#: layout and goes through the same converter).
MIMIC_SOURCES = ("mimic-iv", "synthetic")
#: Most input rows kept for a derived item (the rows the gold tools returned).
MAX_INPUTS = 40


@dataclass
class Bound:
    """One turn's provenance: items with provenance, answer claims, what did not bind."""

    rubric: list[RubricItem]
    answer: list[Provenance]
    unbound: list[str] = field(default_factory=list)
    unbound_answer: list[str] = field(default_factory=list)


def _close(a: float, b: float, decimals: int | None, tolerance: float = 0.0) -> bool:
    """Whether ``b`` rounds to ``a`` when quoted with ``decimals`` (plus ``tolerance``)."""
    slack = 0.5 * 10**-decimals if decimals is not None else 1e-9 * max(1, abs(a))
    return abs(a - b) <= slack + tolerance + 1e-9


def _row_hours(rows: list[Mapping[str, Any]]) -> list[float] | None:
    """Each row's time in hours from the first (:func:`_when`), None when one is undated."""
    times = [_when(r) for r in rows]
    if not all(times):
        return None
    t0 = datetime.fromisoformat(times[0])
    return [(datetime.fromisoformat(t) - t0).total_seconds() / 3600 for t in times]


def _when(res: Mapping[str, Any]) -> str:
    for key in ("effectiveDateTime", "authoredOn", "recordedDate", "onsetDateTime"):
        if res.get(key):
            return str(res[key])[:19]
    for key in ("effectivePeriod", "performedPeriod", "period"):
        start = (res.get(key) or {}).get("start")
        if start:
            return str(start)[:19]
    vp = (res.get("dispenseRequest") or {}).get("validityPeriod") or {}
    return str(vp.get("start") or "")[:19]


def _concept_text(cc: Any) -> str:
    cc = cc or {}
    if cc.get("text"):
        return str(cc["text"])
    for c in cc.get("coding") or []:
        if c.get("display") or c.get("code"):
            return str(c.get("display") or c.get("code"))
    return ""


def _codes(res: Mapping[str, Any]) -> list[str]:
    return [
        str(c.get("code") or "")
        for c in (res.get("code") or {}).get("coding") or []
        if c.get("code")
    ]


def _med_name(res: Mapping[str, Any]) -> str:
    return _concept_text(res.get("medicationCodeableConcept"))


def _dose(res: Mapping[str, Any]) -> tuple[float | None, str]:
    for di in res.get("dosageInstruction") or []:
        for dr in di.get("doseAndRate") or []:
            q = dr.get("doseQuantity") or {}
            if q.get("value") is not None:
                return float(q["value"]), str(q.get("unit") or "")
    q = (res.get("dosage") or {}).get("dose") or {}
    if q.get("value") is not None:
        return float(q["value"]), str(q.get("unit") or "")
    return None, ""


def _frequency(res: Mapping[str, Any]) -> str:
    for di in res.get("dosageInstruction") or []:
        text = ((di.get("timing") or {}).get("code") or {}).get("text")
        if text:
            return str(text)
    return ""


def _route(res: Mapping[str, Any]) -> str:
    for di in res.get("dosageInstruction") or []:
        route = di.get("route") or {}
        text = route.get("text") or next(
            (c.get("code") for c in route.get("coding") or [] if c.get("code")), ""
        )
        if text:
            return str(text)
    return ""


@dataclass(frozen=True)
class _Order:
    """What :func:`~physassist_env.clinical.discharge.inpatient_only` reads of an order."""

    name: str
    generic: str | None
    route: str
    start: str
    dose: float | None


def _listing_rank(res: Mapping[str, Any]) -> tuple[bool, bool]:
    """Sort key of the orders that name one drug (sorted latest first before): an order
    that may go home (:func:`~physassist_env.clinical.discharge.inpatient_only`) before
    one that stays in hospital, an active one before a stopped one. A drug named on a
    medication or discharge list (furosemide 40 mg PO next to a furosemide 40 mg IV order)
    then cites the order the list names, not the intravenous one beside it."""
    order = _Order(_med_name(res), None, _route(res), _when(res), _dose(res)[0])
    return inpatient_only(order) is not None, res.get("status") != "active"


def _numbers(res: Mapping[str, Any]) -> list[tuple[float, str]]:
    """The numbers a resource states: its value, components, dose."""
    out = []
    q = res.get("valueQuantity") or {}
    if q.get("value") is not None:
        out.append((float(q["value"]), str(q.get("unit") or "")))
    for comp in res.get("component") or []:
        cq = comp.get("valueQuantity") or {}
        if cq.get("value") is not None:
            out.append((float(cq["value"]), str(cq.get("unit") or "")))
    dose, unit = _dose(res)
    if dose is not None:
        out.append((dose, unit))
    return out


def _generic(name: str) -> str:
    """The generic drug a medication name is (``""`` when the vocabulary does not know it)."""
    cls = drug_class_of(name)
    return ((cls[1] if cls else None) or antibiotic_of(name) or "").lower()


def lab_of(about: Iterable[str]) -> Lab | None:
    """The lab an item's ``about`` terms name (the terms :mod:`.rubric` gives a lab)."""
    wanted = {t.lower() for t in about}
    if not wanted:
        return None
    for lab in LABS.values():
        if wanted & {t.lower() for t in lab.terms}:
            return lab
    # vital signs of lab-free sessions (scenarios/vitals.py), read like labs
    from physassist_env.scenarios.vitals import VITALS

    for vital in VITALS.values():
        if wanted & {t.lower() for t in vital.lab.terms}:
            return vital.lab
    return None


def _since(lab: Lab, start: str) -> str:
    """A vital sign's rows span visits (its trend is over the record); a lab's the stay."""
    from physassist_env.scenarios.vitals import VITALS

    return "" if lab.key in VITALS else start


def _is_lab(res: Mapping[str, Any], lab: Lab) -> bool:
    return any(
        c.get("code") in lab.loinc
        for c in (res.get("code") or {}).get("coding") or []
        if str(c.get("system", "")).endswith("loinc.org")
    )


def _term_in(term: str, text: str) -> bool:
    term, text = term.strip().lower(), text.lower()
    return len(term) >= 3 and term in text


def resources_of(result: ToolResult | None) -> list[dict[str, Any]]:
    """The resources a tool result returned (Bundle entries, or the resource)."""
    if result is None or not result.ok:
        return []
    res = result.resource or {}
    if res.get("resourceType") == "Bundle":
        return [
            e["resource"]
            for e in res.get("entry") or []
            if isinstance(e.get("resource"), dict)
            and e["resource"].get("resourceType") != "OperationOutcome"
        ]
    return [res] if res.get("id") else []


def _note(res: Mapping[str, Any]) -> str:
    """A resource's notes as one text (a laboratory's result comment)."""
    return " ".join(str(n.get("text") or "") for n in res.get("note") or []).strip()


class ProvenanceBinder:
    """Binds the drafts of one session to the rows of its date-gated record view.

    Args:
        view: The session's view (the patient at the session date).
        facts: The admission's facts (admission start, for trends).
        read_cache: The planner's memoised gold read results (``name|arguments`` keys, as
            :meth:`~physassist_env.scenarios.topics.base.TopicContext.run` stores them);
            a missing call is re-run on ``view``.
        mimic_rows: Name raw MIMIC-IV tables and row keys on the evidence.
        rows: Memoised record rows (searches, lab series, named rows) to share between
            the binders of sessions on the same view (same patient and date; the
            planner's facts cache holds one per admission). Read-only rows only:
            what is stored depends on the view alone.
    """

    def __init__(
        self,
        view: EhrView,
        facts: AdmissionFacts,
        read_cache: Mapping[str, ToolResult] | None = None,
        *,
        mimic_rows: bool = False,
        rows: dict[Any, Any] | None = None,
    ):
        self.view = view
        self.facts = facts
        self.read_cache = read_cache or {}
        self.mimic_rows = mimic_rows
        self._rows: dict[Any, Any] = {} if rows is None else rows
        self._toolkit: EhrToolkit | None = None

    # ------------------------------------------------------------------ record access
    def _all(self, resource_type: str) -> list[dict[str, Any]]:
        """Every visible resource of a type, newest first (memoised)."""
        key = ("type", resource_type)
        if key not in self._rows:
            try:
                self._rows[key] = self.view.search(resource_type)[0]
            except Exception:  # noqa: BLE001 - a type the store cannot search has no rows
                self._rows[key] = []
        return self._rows[key]

    def _by_loinc(self) -> dict[str, list[int]]:
        """Positions (in :meth:`_all` order) of the valued Observations per LOINC code."""
        key = ("loinc",)
        if key not in self._rows:
            index: dict[str, list[int]] = {}
            for i, r in enumerate(self._all("Observation")):
                if (r.get("valueQuantity") or {}).get("value") is None:
                    continue
                for c in (r.get("code") or {}).get("coding") or []:
                    if str(c.get("system", "")).endswith("loinc.org"):
                        index.setdefault(c.get("code"), []).append(i)
            self._rows[key] = index
        return self._rows[key]

    def _organisms(self) -> list[tuple[dict[str, Any], str]]:
        """Observations that name an organism (``valueCodeableConcept``), with the name."""
        key = ("organisms",)
        if key not in self._rows:
            self._rows[key] = [
                (r, organism)
                for r in self._all("Observation")
                if (organism := _concept_text(r.get("valueCodeableConcept")))
            ]
        return self._rows[key]

    def _coded(self, rtype: str) -> list[tuple[dict[str, Any], str, set[str], str]]:
        """Rows of a coded type with (lowercased name, lowercased codes, evidence text:
        the first code, else the name)."""
        key = ("coded", rtype)
        if key not in self._rows:
            rows = []
            for r in self._all(rtype):
                name, codes = _concept_text(r.get("code")), _codes(r)
                rows.append(
                    (r, name.lower(), {c.lower() for c in codes}, (codes or [name])[0])
                )
            self._rows[key] = rows
        return self._rows[key]

    def _meds(self, rtype: str) -> list[tuple[dict[str, Any], str, str, str, str, str]]:
        """Rows of a medication type with (name, generic, frequency, and the name and
        frequency lowercased)."""
        key = ("meds", rtype)
        if key not in self._rows:
            self._rows[key] = [
                (r, name, _generic(name), freq, name.lower(), freq.lower())
                for r in self._all(rtype)
                for name, freq in ((_med_name(r), _frequency(r)),)
            ]
        return self._rows[key]

    def gold_resources(self, calls: Iterable[ToolCall]) -> list[dict[str, Any]]:
        """The resources the gold read calls returned (writes excluded), in call order."""
        out: list[dict[str, Any]] = []
        for call in calls:
            if call.name.endswith(".create") or call.name.startswith(
                "Patient.interview"
            ):
                continue
            key = f"{call.name}|{json.dumps(call.arguments, sort_keys=True)}"
            result = self.read_cache.get(key)
            if result is None:
                if self._toolkit is None:
                    self._toolkit = EhrToolkit(self.view)
                result = self._toolkit.call(call.name, call.arguments)
            out += resources_of(result)
        return out

    def evidence(self, res: Mapping[str, Any], **claim: Any) -> Evidence:
        """An evidence row for a resource, with the claim's value / unit / text."""
        rtype, rid = str(res.get("resourceType")), str(res.get("id"))
        table, row = "", {}
        if self.mimic_rows and (key := row_key(rtype, rid)):
            table, row = key
        return Evidence(
            resource=f"{rtype}/{rid}", table=table, row=row, time=_when(res), **claim
        )

    # ------------------------------------------------------------------ item kinds
    def _lab_rows(self, lab: Lab, since: str = "") -> list[dict[str, Any]]:
        """The valued rows of an analyte, oldest first (on or after ``since``'s day)."""
        key = ("lab", lab.key)
        if key not in self._rows:
            every = self._all("Observation")
            index = self._by_loinc()
            hits = sorted({i for code in lab.loinc for i in index.get(code, ())})
            self._rows[key] = sorted((every[i] for i in hits), key=_when)
        rows: list[dict[str, Any]] = self._rows[key]
        if since:
            return [r for r in rows if _when(r)[:10] >= since[:10]]
        return list(rows)

    def _value(
        self, check: ValueCheck, gold: list[dict[str, Any]]
    ) -> Provenance | None:
        lab = lab_of(check.about)
        claim = {"value": check.value, "decimals": check.decimals, "unit": check.unit}

        def fits(res: Mapping[str, Any]) -> bool:
            return any(
                _close(check.value, v, check.decimals, check.tolerance)
                for v, _ in _numbers(res)
            )

        if lab is not None:
            pool = [r for r in gold if _is_lab(r, lab)] + self._lab_rows(lab)[::-1]
            hit = next((r for r in pool if fits(r)), None)
            if hit is not None:
                return Provenance(
                    basis="record", evidence=[self.evidence(hit, **claim)]
                )
            return None
        names = [t for t in check.about if t]
        meds = [
            r
            for r in gold + self._all("MedicationRequest")
            if r.get("resourceType") == "MedicationRequest"
        ]
        for r in meds:
            name = _med_name(r)
            if names and not any(
                t.lower() == name.lower() or _term_in(t, name) for t in names
            ):
                continue
            if fits(r):
                return Provenance(
                    basis="record",
                    evidence=[self.evidence(r, text=name, **claim)],
                )
        if not names:
            hit = next((r for r in gold if fits(r)), None)
            if hit is not None:
                return Provenance(
                    basis="record", evidence=[self.evidence(hit, **claim)]
                )
        return None

    def _flag(
        self, check: FlagCheck, quoted: Mapping[str, Evidence]
    ) -> Provenance | None:
        lab = lab_of(check.about)
        if lab is None:
            return None
        ev = quoted.get(lab.key)
        if ev is not None:
            return Provenance(
                basis="record",
                evidence=[ev.model_copy(update={"text": check.direction})],
            )
        rows = self._lab_rows(lab, _since(lab, self.facts.start))
        if not rows:
            return None
        return Provenance(
            basis="record", evidence=[self.evidence(rows[-1], text=check.direction)]
        )

    def _trend(self, check: TrendCheck) -> Provenance | None:
        lab = lab_of(check.about)
        if lab is None:
            return None
        rows = self._lab_rows(lab, _since(lab, self.facts.start))
        vital = _since(lab, "x") == ""
        if vital:  # a blood-pressure panel has components, no valueQuantity
            rows = [r for r in rows if _numbers(r)]
        else:  # a haemolysed potassium is no end of a trend (features.LabSeries.reliable)
            series = self.facts.labs.get(lab.key)
            taken = series.exposures if series is not None else None
            kept = [
                r
                for r in rows
                if not spurious(lab.key, _note(r), taken)
                # nor a value beyond plausibility (clinical.specimen; round 17b)
                and not implausible(
                    lab.key,
                    float((r.get("valueQuantity") or {}).get("value") or 0.0),
                    str((r.get("valueQuantity") or {}).get("unit") or ""),
                )
            ] or rows
            # ... but the latest value is what the course ends at (LabSeries.course_points)
            rows = kept if rows[-1] in kept else [*kept, rows[-1]]
        if len(rows) < 2:
            return None

        def number(r: Mapping[str, Any]) -> tuple[float, str]:
            if vital:
                return _numbers(r)[0]
            q = r["valueQuantity"]
            return float(q["value"]), str(q.get("unit") or "")

        # the first row, the last turning point the recent course is read from when
        # there is one (clinical.course, as LabSeries.trend), and the latest row
        # (a vital sign's trend over visits is read from its two ends: scenarios.vitals)
        turn = (
            None
            if vital
            else turning_point(
                [number(r)[0] for r in rows], lab.decimals, lab.key, _row_hours(rows)
            )
        )
        ends = [rows[0], *([rows[turn]] if turn is not None else []), rows[-1]]

        return Provenance(
            basis="record",
            evidence=[
                self.evidence(
                    r,
                    value=number(r)[0],
                    decimals=lab.decimals,
                    unit=number(r)[1],
                    text=check.direction,
                )
                for r in ends
            ],
        )

    def _mention(
        self, terms: list[str], gold: list[dict[str, Any]] | None = None
    ) -> list[Evidence]:
        """Rows that name one of ``terms``: diagnoses, allergies, organisms, drugs and
        frequencies (exact code / name, or a name containing the term); the rows the
        gold tools returned when some of them do."""
        found = self._naming(terms)
        seen = {f"{r.get('resourceType')}/{r.get('id')}" for r in gold or []}
        near = [e for e in found if e.resource in seen]
        return (near or found)[:MAX_INPUTS]

    def _naming(self, terms: list[str]) -> list[Evidence]:
        words = [t for t in terms if t and len(t.strip()) >= 2]
        if not words:
            return []
        lowered = {t.strip().lower() for t in words}
        out: list[Evidence] = []
        for rtype in ("Condition", "AllergyIntolerance"):
            for r, name, codes, text in self._coded(rtype):
                if lowered & codes or name in lowered:
                    out.append(self.evidence(r, text=text))
        organisms = self._organisms()
        if organisms:
            # _term_in(t, organism) of every word, its lowercasing done once
            long_words = [w for t in words if len(w := t.strip().lower()) >= 3]
            for r, organism in organisms:
                low = organism.lower()
                if low in lowered or any(w in low for w in long_words):
                    out.append(self.evidence(r, text=organism))
        if not out:  # a drug by its name or generic, an order by its frequency
            for rtype in ("MedicationAdministration", "MedicationRequest"):
                named = []
                for r, name, generic, frequency, low, freq in self._meds(rtype):
                    if low in lowered or generic in lowered:
                        named.append((r, name))
                    elif rtype == "MedicationRequest" and freq in lowered:
                        named.append((r, frequency))
                if rtype == "MedicationRequest":
                    named.sort(key=lambda x: _when(x[0]), reverse=True)
                    named.sort(key=lambda x: _listing_rank(x[0]))
                out += [self.evidence(r, text=text) for r, text in named]
        return out

    def _inputs(
        self, gold: list[dict[str, Any]], record: list[Evidence]
    ) -> list[Evidence]:
        seen = {e.resource for e in record}
        out = list(record)
        for r in gold:
            ref = f"{r.get('resourceType')}/{r.get('id')}"
            if ref in seen:
                continue
            seen.add(ref)
            out.append(self.evidence(r))
            if len(out) >= MAX_INPUTS:
                break
        return out

    # ------------------------------------------------------------------ a turn
    def bind(
        self,
        rubric: list[RubricItem],
        gold_actions: list[ToolCall],
        answer_en: str,
    ) -> Bound:
        """Provenance for one turn's items and for the values its gold answer states."""
        gold = self.gold_resources(gold_actions)
        out: list[RubricItem | None] = [None] * len(rubric)
        unbound: list[str] = []
        quoted: dict[str, Evidence] = {}
        record: list[Evidence] = []
        # Record facts first (values, trends, mentions), then what derives from them.
        for i, it in enumerate(rubric):
            check, prov = it.check, None
            if check.kind == "value" and not _proposed(it):
                prov = self._value(check, gold)  # type: ignore[arg-type]
                lab = lab_of(check.about)  # type: ignore[union-attr]
                if prov is not None and lab is not None:
                    # a flag is about the latest value the turn quotes (a peak comes first)
                    ev = prov.evidence[0]
                    if lab.key not in quoted or (ev.time or "") > (
                        quoted[lab.key].time or ""
                    ):
                        quoted[lab.key] = ev
            elif check.kind == "trend":
                prov = self._trend(check)  # type: ignore[arg-type]
            elif check.kind == "mention" and "conclusion" not in it.tags:
                found = self._mention(check.terms, gold)  # type: ignore[union-attr]
                if found:
                    prov = Provenance(basis="record", evidence=found)
            elif check.kind == "patient_fact":
                prov = Provenance(basis="patient")
            if prov is not None:
                record += [e for e in prov.evidence if prov.basis == "record"]
                out[i] = it.model_copy(update={"provenance": prov})
        for i, it in enumerate(rubric):
            if out[i] is not None:
                continue
            check, prov = it.check, None
            if check.kind == "flag":
                prov = self._flag(check, quoted)  # type: ignore[arg-type]
            elif check.kind in ("tool", "no_fabrication"):
                prov = None
            elif check.kind == "value" and not _proposed(it):
                prov = None  # unbound: reported below
            else:  # scores, conclusions, recommendations, writes, plans
                extra = (
                    self._mention(_write_terms(check), gold)
                    if isinstance(check, WriteCheck)
                    else []
                )
                inputs = self._inputs(gold, record + extra)
                prov = Provenance(basis="derived", evidence=inputs) if inputs else None
            if prov is None and check.kind in MUST_BIND:
                unbound.append(f"{it.id or i} {check.kind}: {it.criterion.en}")
            out[i] = it.model_copy(update={"provenance": prov}) if prov else it
        items = [x for x in out if x is not None]
        answer, unbound_answer = self._answer(answer_en, items, gold)
        return Bound(items, answer, unbound, unbound_answer)

    def _answer(
        self, text: str, items: list[RubricItem], gold: list[dict[str, Any]]
    ) -> tuple[list[Provenance], list[str]]:
        """Provenance of each clinical value the gold answer states."""
        from physassist_env.grading.claims import read_claims

        extra = [t for it in items for t in getattr(it.check, "about", [])]
        out: list[Provenance] = []
        unbound: list[str] = []
        for c in read_claims(text, (), extra).claims:
            q = c.quantity
            if c.kind != "value" or q is None or q.reference:
                continue
            if re.search(r"[<>≤≥]=?\s*$", text[max(0, q.start - 4) : q.start]):
                continue  # a rule's threshold ("age < 65"), not a fact of the record
            claim = text[q.start : q.end].strip() or q.text
            lab = LABS.get(c.subject)
            prov = (
                (self._answer_lab(q.value, q.decimals, lab, items) if lab else None)
                or self._answer_value(q.value, q.decimals, items, gold)
                or self._answer_text(q.text)
                or self._answer_unit(q.value, q.decimals, q.unit)
            )
            if prov is None:
                unbound.append(claim)
                continue
            out.append(prov.model_copy(update={"claim": claim}))
        return out, unbound

    def _answer_value(
        self,
        value: float,
        decimals: int,
        items: list[RubricItem],
        gold: list[dict[str, Any]],
    ) -> Provenance | None:
        for it in items:
            p = it.provenance
            if p is None:
                continue
            if p.basis == "derived" and isinstance(it.check, ValueCheck):
                if _close(value, it.check.value, decimals):
                    return p
                continue
            for e in p.evidence:
                if e.value is not None and _close(value, e.value, decimals):
                    return Provenance(basis="record", evidence=[e])
        for r in gold:
            for v, u in _numbers(r):
                if _close(value, v, decimals):
                    return Provenance(
                        basis="record",
                        evidence=[
                            self.evidence(r, value=value, decimals=decimals, unit=u)
                        ],
                    )
        return None

    def _answer_lab(
        self, value: float, decimals: int, lab: Lab, items: list[RubricItem]
    ) -> Provenance | None:
        """A value said about an analyte: the row of the turn's items that has it, else
        the newest row of that analyte with it."""
        rows = self._lab_rows(lab)[::-1]
        refs = {f"Observation/{r.get('id')}" for r in rows}
        for it in items:
            for e in it.provenance.evidence if it.provenance else []:
                if e.resource in refs and e.value is not None:
                    if _close(value, e.value, decimals):
                        return Provenance(basis="record", evidence=[e])
        for r in rows:
            q = r["valueQuantity"]
            if _close(value, float(q["value"]), decimals):
                unit = str(q.get("unit") or "")
                ev = self.evidence(r, value=value, decimals=decimals, unit=unit)
                return Provenance(basis="record", evidence=[ev])
        return None

    def _answer_unit(self, value: float, decimals: int, unit: str) -> Provenance | None:
        """A value with a unit said about no known subject: the newest Observation with
        that value in that unit."""
        if not unit:
            return None
        for r in self._all("Observation"):
            q = r.get("valueQuantity") or {}
            if (
                q.get("value") is None
                or str(q.get("unit") or "").lower() != unit.lower()
            ):
                continue
            if _close(value, float(q["value"]), decimals):
                ev = self.evidence(r, value=value, decimals=decimals, unit=unit)
                return Provenance(basis="record", evidence=[ev])
        return None

    def _answer_text(self, number: str) -> Provenance | None:
        """A number the answer takes from a row's text: an ICD code, or a strength in a
        drug name (``Fluticasone Propionate 110mcg``)."""
        for r in self._all("Condition"):
            codes = [c.replace(".", "") for c in _codes(r)]
            if number.replace(".", "") in codes:
                return Provenance(
                    basis="record", evidence=[self.evidence(r, text=_codes(r)[0])]
                )
        for r in self._all("MedicationRequest"):
            name = _med_name(r)
            if re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.])", name):
                return Provenance(
                    basis="record", evidence=[self.evidence(r, text=name)]
                )
        return None


def _proposed(item: RubricItem) -> bool:
    """A value the answer computes or proposes (a score, a dose to give), not one the record
    holds: it rests on the turn's inputs (``derived``), not on a row with that value."""
    if "calculation" in item.tags:
        return True
    return "dose" in item.tags and not getattr(item.check, "about", None)


def _write_terms(check: WriteCheck) -> list[str]:
    return [t for values in check.accepted.values() for t in values]


#: Rows of :func:`provenance_counts`, in the order a summary shows them.
COUNT_ROWS = (
    "item: record rows",
    "item: derived from rows",
    "item: patient-told",
    "item: unbound fact",
    "item: states no fact",
    "answer value: bound",
    "answer value: unbound",
)


def provenance_row(item: RubricItem) -> str:
    """The :data:`COUNT_ROWS` row of one rubric item."""
    if item.provenance is not None:
        return {
            "record": COUNT_ROWS[0],
            "derived": COUNT_ROWS[1],
            "patient": COUNT_ROWS[2],
        }[item.provenance.basis]
    return COUNT_ROWS[3] if item.check.kind in MUST_BIND else COUNT_ROWS[4]


def provenance_counts(turns: Iterable[Any]) -> dict[str, int]:
    """How a build's items and gold-answer values are bound (``turns``: :class:`Turn`\\s)."""
    counts = dict.fromkeys(COUNT_ROWS, 0)
    for t in turns:
        for it in t.rubric:
            counts[provenance_row(it)] += 1
        counts[COUNT_ROWS[5]] += len(t.answer_provenance)
        counts[COUNT_ROWS[6]] += len(t.answer_unbound)
    return counts
