"""The availability gate: visible once happened *and* recorded; future parts cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from physassist_env.ehr.dates import available_key, visible_at
from physassist_env.ehr.store import FhirStore
from physassist_env.scenarios.features import admission_facts

PID = "p1"
SUBJ = {"reference": f"Patient/{PID}"}
REC_EXT = "http://physassist.dev/fhir/StructureDefinition/recorded-time"


def _store() -> FhirStore:
    return FhirStore(
        [
            {"resourceType": "Patient", "id": PID, "deceasedDateTime": "2150-01-09"},
            {
                "resourceType": "Encounter",
                "id": "e1",
                "status": "finished",
                "class": {"code": "IMP"},
                "subject": SUBJ,
                "period": {
                    "start": "2150-01-01T10:00:00Z",
                    "end": "2150-01-08T12:00:00Z",
                },
                "hospitalization": {"dischargeDisposition": {"text": "HOME"}},
                "location": [
                    {
                        "location": {"display": "Ward"},
                        "period": {
                            "start": "2150-01-01T10:00:00Z",
                            "end": "2150-01-04T09:00:00Z",
                        },
                    },
                    {
                        "location": {"display": "ICU"},
                        "period": {
                            "start": "2150-01-04T09:00:00Z",
                            "end": "2150-01-08T12:00:00Z",
                        },
                    },
                ],
            },
            {
                "resourceType": "Encounter",
                "id": "e2",
                "status": "finished",
                "class": {"code": "IMP"},
                "subject": SUBJ,
                "period": {
                    "start": "2153-05-01T10:00:00Z",
                    "end": "2153-05-03T10:00:00Z",
                },
            },
            {  # collected on day 2, released on day 5
                "resourceType": "Observation",
                "id": "culture",
                "status": "final",
                "category": [{"coding": [{"code": "laboratory"}]}],
                "code": {"text": "Blood culture"},
                "subject": SUBJ,
                "effectiveDateTime": "2150-01-02T08:00:00Z",
                "issued": "2150-01-05T11:00:00Z",
                "valueString": "E. coli",
            },
            {
                "resourceType": "Observation",
                "id": "k",
                "status": "final",
                "category": [{"coding": [{"code": "laboratory"}]}],
                "code": {"text": "Potassium"},
                "subject": SUBJ,
                "effectiveDateTime": "2150-01-02T08:00:00Z",
                "issued": "2150-01-02T09:00:00Z",
                "valueQuantity": {"value": 4.1},
            },
            {  # an ICU dose charted on day 3, stored on day 4
                "resourceType": "MedicationAdministration",
                "id": "ma",
                "status": "completed",
                "medicationCodeableConcept": {"text": "Vancomycin"},
                "subject": SUBJ,
                "effectiveDateTime": "2150-01-03T23:00:00Z",
                "extension": [
                    {"url": REC_EXT, "valueDateTime": "2150-01-04T01:00:00Z"}
                ],
            },
            {  # an undated diagnosis of the admission three years later
                "resourceType": "Condition",
                "id": "septic",
                "code": {"text": "Septic shock"},
                "subject": SUBJ,
                "encounter": {"reference": "Encounter/e2"},
            },
            {
                "resourceType": "Condition",
                "id": "pna",
                "clinicalStatus": {"coding": [{"code": "resolved"}]},
                "code": {"text": "Pneumonia"},
                "subject": SUBJ,
                "recordedDate": "2150-01-01",
                "abatementDateTime": "2150-01-07",
            },
            {
                "resourceType": "Procedure",
                "id": "line",
                "status": "completed",
                "code": {"text": "Arterial line"},
                "subject": SUBJ,
                "performedPeriod": {
                    "start": "2150-01-02T10:00:00Z",
                    "end": "2150-01-06T10:00:00Z",
                },
            },
        ]
    )


def test_results_visible_only_once_released() -> None:
    store = _store()
    assert [
        r["id"] for r in store.view(PID, "2150-01-04").search("Observation")[0]
    ] == ["k"]
    assert store.view(PID, "2150-01-04").read("Observation", "culture") is None
    assert store.view(PID, "2150-01-05").read("Observation", "culture") is not None
    assert store.view(PID, "2150-01-04").names("Observation") == ["potassium"]
    # record time from the source's extension (no FHIR element for it)
    assert not store.view(PID, "2150-01-03").search("MedicationAdministration")[0]
    assert store.view(PID, "2150-01-04").search("MedicationAdministration")[1] == 1


def test_undated_condition_is_dated_by_its_encounter() -> None:
    store = _store()
    ids = {r["id"] for r in store.view(PID, "2150-01-04").search("Condition")[0]}
    assert ids == {"pna"}
    # an encounter diagnosis is coded from the discharge record: known at its end
    assert store.view(PID, "2153-05-02").read("Condition", "septic") is None
    assert store.view(PID, "2153-05-03").read("Condition", "septic") is not None


def test_future_parts_are_cut_and_statuses_recomputed() -> None:
    view = _store().view(PID, "2150-01-03")
    enc = view.read("Encounter", "e1")
    assert enc["status"] == "in-progress" and "end" not in enc["period"]
    assert "dischargeDisposition" not in enc["hospitalization"]
    assert [loc["location"]["display"] for loc in enc["location"]] == ["Ward"]
    assert "end" not in enc["location"][0]["period"]  # left the ward on 01-04
    pna = view.read("Condition", "pna")
    assert "abatementDateTime" not in pna
    assert pna["clinicalStatus"]["coding"][0]["code"] == "active"
    assert view.search("Condition", {"clinical-status": "active"})[1] == 1
    assert view.search("Condition", {"clinical-status": "resolved"})[1] == 0
    line = view.read("Procedure", "line")
    assert line["status"] == "in-progress" and "end" not in line["performedPeriod"]
    assert "deceasedDateTime" not in view.patient()
    later = _store().view(PID, "2150-01-07")
    assert later.read("Condition", "pna")["clinicalStatus"]["coding"][0]["code"] == (
        "resolved"
    )
    assert later.read("Procedure", "line")["status"] == "completed"


def test_encounter_location_end_cut() -> None:
    enc = _store().view(PID, "2150-01-02").read("Encounter", "e1")
    assert enc["location"][0]["period"] == {"start": "2150-01-01T10:00:00Z"}
    assert enc["location"][0]["status"] == "active"


# --------------------------------------------------------------------------- demo
@pytest.fixture(scope="module")
def demo_store(mimic_demo_path: Path, tmp_path_factory: pytest.TempPathFactory):
    from physassist_env.sources.mimic.source import MimicSource

    cache = tmp_path_factory.mktemp("mimic-cache")
    ids = ["10000032", "10005817", "10019003", "10023117", "10037975", "10040025"]
    return FhirStore.from_records(
        MimicSource(mimic_demo_path, patient_ids=ids, cache_dir=cache).records()
    )


def test_demo_nothing_visible_before_available(demo_store: FhirStore) -> None:
    """On the MIMIC-IV demo, the day before each discharge: results collected by then
    but released later exist (the test can fail) and none is visible."""
    released_later = visible_now = 0
    for pid in demo_store.patient_ids:
        for enc in demo_store.view(pid).search("Encounter", {"class": "IMP"})[0]:
            end = (enc.get("period") or {}).get("end")
            if not end:
                continue
            t = end[:10]
            view = demo_store.view(pid, t)
            idx = demo_store.type_index(pid, "Observation")
            released_later += sum(
                1
                for e in idx.entries
                if visible_at(e.key, t) and e.avail and not visible_at(e.avail, t)
            )
            for rtype in ("Observation", "MedicationAdministration", "Procedure"):
                found, _ = view.search(rtype, {"_count": "1000"})
                visible_now += sum(
                    1 for r in found if not visible_at(available_key(r), t)
                )
            facts = admission_facts(view, enc)
            assert all(c["time"][:10] <= t for c in facts.cultures)
    assert released_later > 0
    assert visible_now == 0
