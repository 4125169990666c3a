"""No tool result shows a date after the session's day, whatever element holds it.

The gate hides what had not happened or been recorded by the day and cuts the later
parts of what it shows (``store.gate_resource``). These tests call every read tool and
look for any date after the day in the FHIR JSON and in the text a model reads: on a
hand-written record with a later date in every element that can hold one (always runs),
on the real Synthea exports in ``tests/sources/data`` (always run), and on the sessions
built from the MIMIC-IV-on-FHIR demo (skipped when ``../shared/data`` is absent).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from physassist_env.ehr import TOOL_KINDS, EhrToolkit, FhirStore, ToolKind
from physassist_env.ehr.dates import dates_after, is_date_value, latest_key
from physassist_env.ehr.output import tool_content
from physassist_env.ehr.store import drop_later
from physassist_env.fhir import PatientRecord
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import current_date_for
from physassist_env.sources.fhir_export import FhirExportSource

SYNTHEA = Path(__file__).resolve().parents[1] / "sources" / "data"
PID = "g1"
SUBJ = {"reference": f"Patient/{PID}"}
#: Every read tool, each asked for as much as it gives.
CALLS = [
    (name, {} if name == "Patient.read" else {"_count": 1000})
    for name, kind in TOOL_KINDS.items()
    if kind == ToolKind.READ
]


def later_dates(
    store: FhirStore, patient_id: str, as_of: str | None, day: str | None = None
) -> list[str]:
    """``"tool: date"`` for each date after ``day`` (default ``as_of``) in the JSON or
    text of any read tool of the view at ``as_of`` (``None``: the ungated record)."""
    toolkit = EhrToolkit(store.view(patient_id, as_of))
    day = day or as_of
    assert day is not None
    found = []
    for name, args in CALLS:
        result = toolkit.call(name, args)
        assert result.ok, (name, result.text)
        for content in (tool_content(result, "fhir"), result.text):
            found += [f"{name}: {d}" for d in dates_after(content, day)]
    return found


# --------------------------------------------------------------- a hand-written record
def _record() -> PatientRecord:
    """One admission 2150-01-01..2150-01-08 with a later date in every kind of element,
    and a second admission in 2151 (invented values)."""
    enc = {"reference": "Encounter/e1"}
    later = "http://example.org/fhir/StructureDefinition/follow-up"
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": PID,
            "birthDate": "2080-05-01",
            "deceasedDateTime": "2152-03-01",
            "extension": [{"url": later, "valueDateTime": "2150-02-01"}],
        },
        {
            "resourceType": "Encounter",
            "id": "e1",
            "status": "finished",
            "class": {"code": "IMP"},
            "subject": SUBJ,
            "period": {"start": "2150-01-01T10:00:00Z", "end": "2150-01-08T12:00:00Z"},
            "participant": [
                {"period": {"start": "2150-01-01T10:00:00Z", "end": "2150-01-08"}}
            ],
            "statusHistory": [
                {
                    "status": "finished",
                    "period": {"start": "2150-01-08T12:00:00Z"},
                }
            ],
        },
        {
            "resourceType": "Encounter",
            "id": "e2",
            "status": "finished",
            "class": {"code": "IMP"},
            "subject": SUBJ,
            "period": {"start": "2151-06-01T10:00:00Z", "end": "2151-06-03T10:00:00Z"},
        },
        {  # written on day 2, to start on day 3 and run to day 6
            "resourceType": "MedicationRequest",
            "id": "planned",
            "status": "completed",
            "intent": "order",
            "subject": SUBJ,
            "encounter": enc,
            "medicationCodeableConcept": {"text": "Ceftriaxone"},
            "authoredOn": "2150-01-02T20:00:00Z",
            "dispenseRequest": {
                "validityPeriod": {
                    "start": "2150-01-03T08:00:00Z",
                    "end": "2150-01-06T08:00:00Z",
                }
            },
        },
        {  # stopped at a date the record does not give (as Synthea writes it)
            "resourceType": "MedicationRequest",
            "id": "undated-stop",
            "status": "stopped",
            "intent": "order",
            "subject": SUBJ,
            "encounter": enc,
            "medicationCodeableConcept": {"text": "Lisinopril 10 MG Oral Tablet"},
            "authoredOn": "2150-01-01T12:00:00Z",
        },
        {
            "resourceType": "Condition",
            "id": "c1",
            "clinicalStatus": {"coding": [{"code": "resolved"}]},
            "code": {"text": "Pneumonia"},
            "subject": SUBJ,
            "encounter": enc,
            "recordedDate": "2150-01-01",
            "onsetDateTime": "2150-01-01",
            "abatementDateTime": "2150-01-07",
        },
        {
            "resourceType": "AllergyIntolerance",
            "id": "a1",
            "code": {"text": "Penicillin"},
            "patient": SUBJ,
            "recordedDate": "2150-01-01",
            "lastOccurrence": "2150-01-05",
            "reaction": [{"onset": "2150-01-05", "description": "rash"}],
        },
        {
            "resourceType": "Immunization",
            "id": "i1",
            "status": "completed",
            "vaccineCode": {"text": "Influenza vaccine"},
            "patient": SUBJ,
            "occurrenceDateTime": "2150-01-02",
            "expirationDate": "2150-06-30",
        },
        {
            "resourceType": "CarePlan",
            "id": "cp1",
            "status": "completed",
            "intent": "plan",
            "subject": SUBJ,
            "period": {"start": "2150-01-02", "end": "2150-03-01"},
            "activity": [
                {
                    "detail": {
                        "status": "scheduled",
                        "scheduledPeriod": {"start": "2150-01-20"},
                    }
                }
            ],
        },
        {
            "resourceType": "Observation",
            "id": "o1",
            "status": "final",
            "category": [{"coding": [{"code": "laboratory"}]}],
            "code": {"text": "Potassium"},
            "subject": SUBJ,
            "effectiveDateTime": "2150-01-02T06:00:00Z",
            "issued": "2150-01-02T07:00:00Z",
            "valueQuantity": {"value": 4.1, "unit": "mmol/L"},
            "extension": [{"url": later, "valueDateTime": "2150-01-09"}],
        },
        {
            "resourceType": "MedicationAdministration",
            "id": "ma1",
            "status": "completed",
            "subject": SUBJ,
            "context": enc,
            "medicationCodeableConcept": {"text": "Ceftriaxone"},
            "effectivePeriod": {
                "start": "2150-01-03T08:00:00Z",
                "end": "2150-01-03T08:30:00Z",
            },
        },
        {
            "resourceType": "Procedure",
            "id": "pr1",
            "status": "completed",
            "code": {"text": "Central line"},
            "subject": SUBJ,
            "encounter": enc,
            "performedPeriod": {"start": "2150-01-02", "end": "2150-01-06"},
        },
        {
            "resourceType": "DiagnosticReport",
            "id": "dr1",
            "status": "final",
            "code": {"text": "Chest X-ray"},
            "subject": SUBJ,
            "encounter": enc,
            "effectiveDateTime": "2150-01-02",
            "issued": "2150-01-03",
        },
        {
            "resourceType": "DocumentReference",
            "id": "doc1",
            "status": "current",
            "type": {"text": "Progress note"},
            "subject": SUBJ,
            "date": "2150-01-02",
            "context": {"period": {"start": "2150-01-01", "end": "2150-01-08"}},
            "content": [{"attachment": {"contentType": "text/plain"}}],
        },
        {  # no date of its own (as MIMIC-IV on FHIR writes dispenses): the later stay's
            "resourceType": "MedicationDispense",
            "id": "md2",
            "status": "completed",
            "subject": SUBJ,
            "context": {"reference": "Encounter/e2"},
            "medicationCodeableConcept": {"text": "Warfarin"},
        },
    ]
    return PatientRecord(patient_id=PID, resources=res, source="test")


@pytest.fixture(scope="module")
def store() -> FhirStore:
    return FhirStore.from_records([_record()])


@pytest.mark.parametrize(
    "day", ["2150-01-01", "2150-01-02", "2150-01-03", "2150-01-05", "2150-01-07"]
)
def test_no_tool_shows_a_date_after_the_day(store: FhirStore, day: str) -> None:
    assert later_dates(store, PID, day) == []


def test_the_record_holds_later_dates(store: FhirStore) -> None:
    """The sweep can fail: ungated, the tools show dates far after the first day."""
    assert later_dates(store, PID, None, "2150-01-01")
    assert dates_after(json.dumps(_record().resources), "2150-01-01")


def test_what_the_gate_decides_for_each_element(store: FhirStore) -> None:
    view = store.view(PID, "2150-01-02")
    # an order written today to start tomorrow is shown, without its future start and
    # end, as the active order it is
    planned = view.read("MedicationRequest", "planned")
    assert planned["status"] == "active" and "dispenseRequest" not in planned
    # an order stopped at an undated time: status unknown at a date, stored without one
    assert view.read("MedicationRequest", "undated-stop")["status"] == "unknown"
    assert view.search("MedicationRequest", {"status": "stopped"})[1] == 0
    assert view.search("MedicationRequest", {"status": "unknown"})[1] == 1
    assert store.view(PID).read("MedicationRequest", "undated-stop")["status"] == (
        "stopped"
    )
    # an encounter still running: no end anywhere (its participants, its history)
    enc = view.read("Encounter", "e1")
    assert enc["status"] == "in-progress" and "end" not in enc["period"]
    assert enc["participant"] == [{"period": {"start": "2150-01-01T10:00:00Z"}}]
    assert "statusHistory" not in enc
    # later dates in extensions, reactions, lot expiry, scheduled activities are cut
    assert (
        "extension" not in view.patient() and "deceasedDateTime" not in view.patient()
    )
    assert "extension" not in view.read("Observation", "o1")
    allergy = view.read("AllergyIntolerance", "a1")
    assert "lastOccurrence" not in allergy
    assert allergy["reaction"] == [{"description": "rash"}]
    assert "expirationDate" not in view.read("Immunization", "i1")
    plan = view.read("CarePlan", "cp1")
    assert plan["status"] == "active" and plan["period"] == {"start": "2150-01-02"}
    assert plan["activity"] == [{"detail": {"status": "scheduled"}}]
    # results not yet released and later events stay hidden
    assert view.read("DiagnosticReport", "dr1") is None
    assert view.read("MedicationAdministration", "ma1") is None
    # an undated resource is dated by its encounter: a later stay's dispense is unknown
    kinds = {r["resourceType"] for r in view.visible_resources()}
    assert "MedicationDispense" not in kinds
    assert store.view(PID, "2151-06-02").read("MedicationDispense", "md2") is not None
    # the stored record is never modified
    assert _record().resources[3] == store.view(PID).read(
        "MedicationRequest", "planned"
    )


def test_drop_later_keeps_free_text_and_shares_what_it_does_not_change() -> None:
    note = {"text": "seen again on 2150-02-01", "time": "2150-02-01"}
    kept = {"start": "2150-01-01"}
    res = {"resourceType": "Observation", "note": [note], "period": kept}
    out = drop_later(res, "2150-01-10")
    assert out["note"] == [{"text": "seen again on 2150-02-01"}]
    assert out["period"] is kept and res["note"][0] is note  # copy on write
    assert drop_later(res, "2150-03-01") is res
    assert latest_key(res) == "2150-02-01"
    # ids, codes and bare years are not dates
    assert latest_key({"id": "2150-02-01", "code": {"code": "4019"}}) == ""


def _every_date(node: Any, key: str = "") -> list[str]:
    """Every date value anywhere in ``node`` (the plain walk ``latest_key`` shortens)."""
    if isinstance(node, str):
        return [node[:19]] if is_date_value(key, node) else []
    if isinstance(node, dict):
        return [d for k, v in node.items() for d in _every_date(v, k)]
    if isinstance(node, list):
        return [d for v in node for d in _every_date(v)]
    return []


def test_latest_key_is_the_latest_of_every_date_value() -> None:
    """``latest_key`` checks only values later than the latest so far as dates: the
    result is the maximum over every date value of the resource, on the real Synthea
    resources and on the hand-written record (later dates in every kind of element)."""
    resources = [
        r
        for folder in ("synthea_bundles", "synthea_bulk")
        for rec in FhirExportSource(SYNTHEA / folder).records()
        for r in rec.resources
    ] + _record().resources
    # a later value that is not a date (an id, a code, free text) is passed over
    resources.append(
        {
            "id": "2199-01-01",
            "effectiveDateTime": "2150-01-02",
            "note": [{"text": "2199-01-01 follow-up"}],
            "period": {"start": "2150-01-01", "end": "2150-01-03T10:00:00Z"},
            "x": ["2150-01-04", {"valueDate": "2150-01-05"}],
        }
    )
    assert len(resources) > 700
    for res in resources:
        assert latest_key(res) == max(_every_date(res), default=""), res.get("id")
    assert latest_key(resources[-1]) == "2150-01-05"


# ------------------------------------------------------------------ real Synthea
def test_real_synthea_bundle_sessions_show_nothing_later() -> None:
    from physassist_env.scenarios.generate import generate_sessions

    records = list(FhirExportSource(SYNTHEA / "synthea_bundles").records())
    store = FhirStore.from_records(records)
    generated = generate_sessions(
        records, seed=0, test_per_cell=2, source="fhir", progress=False
    )
    assert generated.sessions
    for s in generated.sessions:
        assert later_dates(store, s.patient_id, s.current_date) == [], s.session_id


def test_real_synthea_bulk_export_shows_nothing_later_at_any_visit() -> None:
    records = list(FhirExportSource(SYNTHEA / "synthea_bulk").records())
    store = FhirStore.from_records(records)
    checked = 0
    for rec in records:
        for enc in store.view(rec.patient_id).search("Encounter")[0]:
            if enc.get("class", {}).get("code") not in ("EMER", "IMP"):
                continue
            day = current_date_for(enc, Scenario.DISCHARGE_PLANNING)
            assert later_dates(store, rec.patient_id, day) == [], day
            checked += 1
    assert checked >= 5


# ------------------------------------------------------------- MIMIC-IV on FHIR demo
def test_fhir_demo_sessions_show_nothing_later(mimic_fhir_demo_path: Path) -> None:
    """Every session built from the MIMIC-IV-on-FHIR demo: no tool result holds a date
    after the session's day (before this gate, orders written on the day with a later
    start showed it, and undated dispenses of later stays were in the patient's memory)."""
    from physassist_env.scenarios.generate import generate_sessions

    records = list(FhirExportSource(mimic_fhir_demo_path / "fhir").records())
    store = FhirStore.from_records(records)
    generated = generate_sessions(
        records, seed=0, test_per_cell=27, source="fhir", progress=False
    )
    assert generated.sessions
    later_in_record = 0
    for s in generated.sessions:
        assert later_dates(store, s.patient_id, s.current_date) == [], s.session_id
        memory = store.view(s.patient_id, s.current_date).visible_resources()
        assert dates_after(json.dumps(memory), s.current_date) == [], s.session_id
        later_in_record += any(
            entry.last > s.current_date
            for idx in (
                store.type_index(s.patient_id, t)
                for t in ("Encounter", "MedicationRequest")
            )
            for entry in (idx.entries if idx else ())
        )
    assert later_in_record  # the record goes on after the sessions' days
