"""Real Synthea output, read as it comes (``tests/sources/data``, origin in its README).

Two exports written by Synthea, not by this project: transaction Bundles of three whole
patients (Synthea v2.4.0, 2019: labs at some wellness visits, vital signs with the
55284-4 blood-pressure panel, orders without dosage) and three whole patients of a bulk
NDJSON export (Synthea 2024: no Observation file, a ``log.ndjson``, orders with
``Timing.repeat``, most of them ``stopped`` without a date). The Bundles give sessions in
three scenarios; the bulk export gives none, for the reasons pinned below.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from physassist_env.ehr import FhirStore
from physassist_env.scenarios.features import admission_facts, encounter_class
from physassist_env.scenarios.generate import generate_sessions
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import current_date_for
from physassist_env.scenarios.topics.base import TOPIC_REQUIRES
from physassist_env.scenarios.vitals import vital_series
from physassist_env.sources.fhir_export import FhirExportSource

DATA = Path(__file__).parent / "data"
BUNDLES = DATA / "synthea_bundles"
BULK = DATA / "synthea_bulk"


@pytest.fixture(scope="module")
def bundle_records() -> list:
    return list(FhirExportSource(BUNDLES).records())


@pytest.fixture(scope="module")
def bundle_sessions(bundle_records: list):
    return generate_sessions(
        bundle_records, seed=0, test_per_cell=2, source="fhir", progress=False
    )


def test_real_bundles_are_read_as_they_come(bundle_records: list) -> None:
    src = FhirExportSource(BUNDLES)
    assert len(src.patient_ids()) == 3
    assert any("LICENSE" in line and "skipped" in line for line in src.summary())
    types = Counter(r["resourceType"] for rec in bundle_records for r in rec.resources)
    # the whole Bundles: claims and benefit statements stay with their patient
    assert {"Claim", "ExplanationOfBenefit", "Observation", "MedicationRequest"} <= set(
        types
    )
    for rec in bundle_records:
        for res in rec.resources:  # every urn:uuid reference resolved to Type/id
            ref = (res.get("subject") or res.get("patient") or {}).get("reference")
            assert ref in (None, f"Patient/{rec.patient_id}")
    classes = {
        encounter_class(e) for rec in bundle_records for e in rec.of_type("Encounter")
    }
    assert {"AMB", "EMER", "IMP"} <= classes
    categories = {
        c.get("code")
        for rec in bundle_records
        for o in rec.of_type("Observation")
        for cat in o.get("category") or []
        for c in cat.get("coding") or []
    }
    assert {"vital-signs", "laboratory", "survey"} <= categories


def test_the_55284_blood_pressure_panel_is_a_blood_pressure(
    bundle_records: list,
) -> None:
    rec = bundle_records[0]
    panels = [
        o
        for o in rec.of_type("Observation")
        if any(c.get("code") == "55284-4" for c in o["code"]["coding"])
    ]
    assert panels and all("85354-9" not in str(o["code"]) for o in panels)
    bp = vital_series(FhirStore.from_records([rec]).view(rec.patient_id))["bp"]
    assert len(bp.points) == len(panels)
    assert all(p.second is not None for p in bp.points)  # systolic and diastolic


def test_an_encounter_without_labs_is_read_without_labs(bundle_records: list) -> None:
    """Synthea draws labs at some wellness visits only: a visit without its own lab
    results is read as a record without labs (active medication list, lab-free topics),
    one with labs as before."""
    seen = Counter()
    for rec in bundle_records:
        store = FhirStore.from_records([rec])
        for enc in store.view(rec.patient_id).search("Encounter")[0]:
            day = current_date_for(enc, Scenario.MED_SAFETY)
            facts = admission_facts(store.view(rec.patient_id, day), enc)
            if facts.kinds["lab"]:
                seen[
                    ("labs before", facts.encounter_based, bool(facts.n_lab_rows))
                ] += 1
    assert seen[("labs before", True, False)] > 0
    assert seen[("labs before", False, True)] > 0
    assert (
        not seen[("labs before", True, True)]
        and not seen[("labs before", False, False)]
    )


def test_real_bundles_give_sessions_in_three_scenarios(bundle_sessions) -> None:
    sessions = bundle_sessions.sessions
    assert {s.scenario for s in sessions} >= {
        Scenario.DIAGNOSTIC_WORKUP,
        Scenario.MED_SAFETY,
        Scenario.TREATMENT_RESPONSE,
    }
    for s in sessions:  # lab-free sessions: no topic needs labs, no gold reads them
        for turn in s.turns:
            assert "lab" not in TOPIC_REQUIRES.get(turn.topic, frozenset()), turn.topic
            for action in turn.gold_actions:
                assert action.arguments.get("category") != "laboratory"
    topics = {t.topic for s in sessions for t in s.turns}
    assert {"vital_drug_safety", "bp_response"} & topics


# ------------------------------------------------------------------------ bulk export
@pytest.fixture(scope="module")
def bulk_records() -> list:
    return list(FhirExportSource(BULK).records())


def test_real_bulk_export_is_read_as_it_comes(bulk_records: list) -> None:
    src = FhirExportSource(BULK)
    summary = "\n".join(src.summary())
    assert "skipped log.ndjson: not FHIR resources" in summary
    assert "kept aside (no patient): Location 44, Organization 43, Practitioner 43" in (
        summary
    )
    assert len(bulk_records) == 3 and not src.problems
    types = Counter(r["resourceType"] for rec in bulk_records for r in rec.resources)
    assert types["MedicationRequest"] == 57 and "Observation" not in types
    statuses = Counter(
        r["status"] for rec in bulk_records for r in rec.of_type("MedicationRequest")
    )
    assert set(statuses) == {"active", "stopped"}


def test_synthea_orders_stopped_without_a_date_show_no_stop(bulk_records: list) -> None:
    """Synthea writes ``stopped`` with no stop date: at the visit that wrote the order
    the stop may lie after the day, so the status shows as ``unknown``."""
    rec = next(r for r in bulk_records if r.patient_id.startswith("63ee2253"))
    store = FhirStore.from_records([rec])
    stopped = [o for o in rec.of_type("MedicationRequest") if o["status"] == "stopped"]
    assert stopped and not any("dispenseRequest" in o for o in stopped)
    order = stopped[0]
    view = store.view(rec.patient_id, order["authoredOn"][:10])
    assert view.read("MedicationRequest", order["id"])["status"] == "unknown"
    assert store.view(rec.patient_id).read("MedicationRequest", order["id"])[
        "status"
    ] == ("stopped")


def test_real_bulk_export_gives_no_session_and_why(bulk_records: list) -> None:
    """Without an Observation file there are no vital signs, so only discharge planning
    could be built, and no emergency visit has two scheduled orders to go home on: the
    prescriptions written at the visit are stopped at a date Synthea does not give."""
    generated = generate_sessions(
        bulk_records, seed=0, test_per_cell=2, source="fhir", progress=False
    )
    assert generated.sessions == []
    visits = 0
    for rec in bulk_records:
        store = FhirStore.from_records([rec])
        for enc in store.view(rec.patient_id).search("Encounter", {"class": "EMER"})[0]:
            day = current_date_for(enc, Scenario.DISCHARGE_PLANNING)
            facts = admission_facts(store.view(rec.patient_id, day), enc)
            assert facts.encounter_based and not facts.vitals
            assert len(facts.going_home_orders()) < 2
            visits += 1
    assert visits >= 5
