"""FHIR search semantics, the date gate and copy-on-write writes of the in-process store."""

from __future__ import annotations

import pytest

from physassist_env.ehr import FhirStore, ToolError
from physassist_env.fhir import validate_record


def test_fixture_record_is_valid_fhir(record):
    assert validate_record(record) == len(record.resources)


def test_search_by_name_alias_code_and_token(store):
    view = store.view("p1")
    by_name, total = view.search("Observation", {"code": "potassium"})
    assert total == 5 and [r["valueQuantity"]["value"] for r in by_name[:2]] == [
        3.9,
        5.8,
    ]
    assert view.search("Observation", {"code": "K"})[1] == 5
    assert view.search("Observation", {"code": "钾"})[1] == 5
    assert view.search("Observation", {"code": "2823-3"})[1] == 5
    assert view.search("Observation", {"code": "http://loinc.org|2823-3"})[1] == 5
    assert view.search("Observation", {"code": "http://other|2823-3"})[1] == 0
    assert view.search("Observation", {"code": "potassium,creatinine"})[1] == 9
    assert view.search("Observation", {"code": "creat"})[1] == 4


def test_category_status_sort_count(store):
    view = store.view("p1")
    vitals, total = view.search("Observation", {"category": "vital-signs"})
    assert total == 1 and vitals[0]["id"] == "vs-1"
    oldest, total = view.search(
        "Observation", {"code": "potassium", "_sort": "date", "_count": "2"}
    )
    assert total == 5 and [r["id"] for r in oldest] == ["lab-0", "lab-1"]
    assert view.search("MedicationRequest", {"status": "completed"})[1] == 1
    assert view.search("Condition", {"clinical-status": "active"})[1] == 2


def test_date_prefixes(store):
    view = store.view("p1")
    assert (
        view.search(
            "Observation",
            {"code": "potassium", "date": ["ge2180-01-02", "le2180-01-03"]},
        )[1]
        == 2
    )
    assert (
        view.search("Observation", {"code": "potassium", "date": "gt2180-01-02"})[1]
        == 3
    )
    assert (
        view.search("Observation", {"code": "potassium", "date": "lt2180-01-02"})[1]
        == 1
    )
    assert (
        view.search("Observation", {"code": "potassium", "date": "eq2180-01-03"})[1]
        == 1
    )
    assert (
        view.search(
            "Observation", {"code": "potassium", "date": "ge2180-01-02T07:00:00"}
        )[1]
        == 3
    )


def test_date_gate_applies_to_every_type(store):
    view = store.view("p1", as_of="2180-01-03")
    assert view.search("Observation", {"code": "potassium"})[1] == 3
    assert view.search("Encounter")[1] == 1
    assert view.search("Condition")[1] == 0  # recorded at discharge, after the gate
    enc = view.search("Encounter")[0][0]
    assert enc["status"] == "in-progress" and "end" not in enc["period"]
    assert "dischargeDisposition" not in enc["hospitalization"]
    rx = view.search("MedicationRequest")[0][0]
    assert (
        rx["status"] == "active"
        and "end" not in rx["dispenseRequest"]["validityPeriod"]
    )
    assert "deceasedDateTime" not in view.patient()
    assert view.read("Condition", "dx-2") is None
    # the base store is untouched
    assert store.view("p1").read("Encounter", "100")["status"] == "finished"


def test_writes_are_copy_on_write(store):
    view = store.view("p1", as_of="2180-01-04")
    created = view.create(
        {
            "resourceType": "Flag",
            "status": "active",
            "code": {"text": "hyperkalemia"},
            "period": {"start": "2180-01-04"},
        }
    )
    assert created["id"] == "flag-new-1" and created["subject"] == {
        "reference": "Patient/p1"
    }
    assert view.search("Flag")[1] == 1
    view.create(
        {
            "resourceType": "MedicationRequest",
            "status": "active",
            "intent": "order",
            "authoredOn": "2180-01-04",
            "medicationCodeableConcept": {"text": "Furosemide"},
        }
    )
    newest, total = view.search("MedicationRequest")
    assert total == 2 and [r["id"] for r in newest] == [
        "medicationrequest-new-2",
        "rx-1",
    ]
    assert [
        r["id"] for r in view.search("MedicationRequest", {"_sort": "date"})[0]
    ] == ["rx-1", "medicationrequest-new-2"]
    assert store.view("p1").search("Flag")[1] == 0
    with pytest.raises(ToolError, match="not valid FHIR"):
        view.create(
            {
                "resourceType": "Flag",
                "status": "active",
                "code": {"text": "x"},
                "bogus": 1,
            }
        )


def test_errors_name_the_problem(store):
    view = store.view("p1")
    with pytest.raises(ToolError, match="no search parameter 'colour'"):
        view.search("Observation", {"colour": "red"})
    with pytest.raises(ToolError, match="not searchable"):
        view.search("Basic", {})
    with pytest.raises(ToolError, match="_count"):
        view.search("Observation", {"_count": "lots"})
    with pytest.raises(ToolError, match="not a date"):
        view.search("Observation", {"date": "ge01/02/2180"})
    with pytest.raises(ToolError, match="only read patient p1"):
        view.search("Observation", {"patient": "Patient/p2"})
    with pytest.raises(KeyError):
        store.view("nobody")


def test_store_rejects_resources_without_patient():
    with pytest.raises(ValueError, match="does not reference a patient"):
        FhirStore(
            [
                {
                    "resourceType": "Observation",
                    "id": "x",
                    "status": "final",
                    "code": {"text": "x"},
                }
            ]
        )


def test_name_hints_respect_the_date_gate(store):
    early = store.view("p1", as_of="2180-01-07")
    assert "pneumonia, unspecified organism" not in early.names("Condition")
    assert "pneumonia, unspecified organism" in store.view("p1").names("Condition")


def test_views_can_share_an_id_counter(store):
    import itertools

    ids = itertools.count(1)
    a, b = store.view("p1", ids=ids), store.view("p1", ids=ids)
    flag = {"resourceType": "Flag", "status": "active", "code": {"text": "x"}}
    assert [a.create(flag)["id"], b.create(flag)["id"]] == ["flag-new-1", "flag-new-2"]


def test_status_filters_see_the_gated_status(store):
    """An order still running at the current date is found by status=active."""
    early = store.view("p1", as_of="2180-01-03")
    assert [
        r["id"] for r in early.search("MedicationRequest", {"status": "active"})[0]
    ] == ["rx-1"]
    assert early.search("MedicationRequest", {"status": "completed"})[1] == 0
    assert early.search("Encounter", {"status": "in-progress"})[1] == 1
    later = store.view("p1", as_of="2180-02-01")
    assert later.search("MedicationRequest", {"status": "active"})[1] == 0
    assert later.search("MedicationRequest", {"status": "completed"})[1] == 1
