"""tool_output: the same tool results as compact text or as FHIR R4 JSON."""

from __future__ import annotations

import json
import re

import pytest
from ehr_fixtures import PID

from physassist_env.ehr import TOOL_KINDS, EhrToolkit, FhirStore, ToolKind
from physassist_env.ehr.outcome import split_notes, with_notes
from physassist_env.ehr.output import check_tool_output, fhir_content, tool_content
from physassist_env.fhir.validate import validate_resource

AS_OF = "2180-01-04"
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _json(toolkit: EhrToolkit, name: str, args: dict) -> dict:
    return json.loads(tool_content(toolkit.call(name, args), "fhir"))


def test_text_is_the_compact_rendering_and_fhir_the_searchset_bundle(toolkit):
    r = toolkit.call("Observation.search", {"code": "potassium"})
    assert tool_content(r, "text") == r.text and not r.text.startswith("{")
    bundle = json.loads(tool_content(r, "fhir"))
    assert bundle == r.resource
    assert bundle["resourceType"] == "Bundle" and bundle["type"] == "searchset"
    assert bundle["total"] == len(bundle["entry"]) > 0
    assert all(e["search"]["mode"] == "match" for e in bundle["entry"])
    validate_resource(bundle)


def test_search_notes_ride_in_an_outcome_entry(toolkit):
    r = toolkit.call("Observation.search", {"code": "troponin"})
    bundle = json.loads(fhir_content(r))
    assert bundle["total"] == 0 and r.resource["entry"] == []
    (outcome,) = bundle["entry"]
    assert outcome["search"] == {"mode": "outcome"}
    issues = outcome["resource"]["issue"]
    assert [i["severity"] for i in issues] == ["information"]
    assert issues[0]["diagnostics"].startswith("names in this record include")
    assert "potassium" in issues[0]["diagnostics"]
    assert r.text.endswith("NOTE: " + issues[0]["diagnostics"])
    validate_resource(bundle)

    aliased = toolkit.call("Observation.search", {"test_name": "K", "count": "1"})
    bundle = json.loads(fhir_content(aliased))
    *matches, outcome = bundle["entry"]
    assert len(matches) == 1 and matches == aliased.resource["entry"]
    notes = [i["diagnostics"] for i in outcome["resource"]["issue"]]
    assert notes == aliased.notes and "argument 'test_name' was read as 'code'" in notes
    assert split_notes(bundle) == (aliased.resource, aliased.notes)
    assert with_notes(aliased.resource, []) is aliased.resource


def test_creates_and_errors(toolkit):
    created = _json(
        toolkit,
        "Flag.create",
        {"category": "safety", "code": "fall risk", "detail": "bed alarm on"},
    )
    assert created["resourceType"] == "Flag" and created["id"]
    assert created == toolkit.view.created[-1]
    assert TOOL_KINDS["Flag.create"] == ToolKind.WRITE

    error = _json(toolkit, "Observation.search", {"code": "K", "sort": "sideways"})
    assert error["resourceType"] == "OperationOutcome"
    assert error["issue"][0]["severity"] == "error"
    assert error["issue"][0]["code"] == "value"
    # what was tolerated before the refusal is still said, as information
    assert error["issue"][1:] == [
        {
            "severity": "information",
            "code": "informational",
            "diagnostics": "argument 'sort' was read as '_sort'",
        }
    ]
    unknown = _json(toolkit, "Lab.search", {})
    assert unknown["issue"][0]["code"] == "not-supported"


def test_unknown_tool_output_is_refused():
    assert check_tool_output("fhir") == "fhir"
    with pytest.raises(ValueError, match="use one of text, fhir"):
        check_tool_output("xml")


def test_fhir_output_keeps_the_date_gate(store: FhirStore):
    """Nothing in the JSON of any read tool is dated after the session's date."""
    calls = [
        (name, {"_count": 1000})
        for name, kind in TOOL_KINDS.items()
        if kind == ToolKind.READ and name not in ("Patient.read", "Patient.everything")
    ] + [("Patient.read", {}), ("Patient.everything", {"_count": 1000})]

    def dates(as_of: str | None) -> set[str]:
        toolkit = EhrToolkit(store.view(PID, as_of=as_of))
        out: set[str] = set()
        for name, args in calls:
            result = toolkit.call(name, args)
            assert result.ok, (name, result.text)
            out |= set(DATE.findall(tool_content(result, "fhir")))
        return out

    assert max(dates(None)) > AS_OF  # the record goes on after the session's date
    assert max(dates(AS_OF)) <= AS_OF


def test_free_text_dosage_is_not_repeated_by_its_coded_route_and_timing():
    """A sliding-scale order has no dose quantity: its text already says route and timing."""
    from physassist_env.ehr.render import RENDERERS

    def order(dosage: dict) -> str:
        return RENDERERS["MedicationRequest"](
            {
                "resourceType": "MedicationRequest",
                "status": "active",
                "authoredOn": "2149-06-22T12:00:00",
                "medicationCodeableConcept": {"text": "Insulin Regular"},
                "dosageInstruction": [dosage],
            }
        )

    coded = {
        "route": {"text": "SC"},
        "timing": {"code": {"text": "QACHS"}},
    }
    text = order({"text": "sliding scale, SC, QACHS", **coded})
    assert "sliding scale, SC, QACHS" in text
    assert text.count("SC") == 1 and text.count("QACHS") == 1
    # a text that does not name them keeps the coded route and timing
    text = order({"text": "per protocol", **coded})
    assert "per protocol SC QACHS" in text
    # a dose quantity is followed by the coded route and timing as before
    text = order(
        {"doseAndRate": [{"doseQuantity": {"value": 5, "unit": "mg"}}], **coded}
    )
    assert "5 mg SC QACHS" in text
