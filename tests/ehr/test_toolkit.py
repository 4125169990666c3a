"""The benchmark's tools: schemas, answers, aliases and errors as OperationOutcome."""

from __future__ import annotations

import inspect
import json
import typing

import pytest

from physassist_env.ehr import TOOL_METHODS, EhrToolkit, is_error, tool_schemas
from physassist_env.ehr.i18n import TOOLS_ZH
from physassist_env.fhir import validate_resource


def test_every_tool_parameter_has_a_type_and_docs():
    for name, attr in TOOL_METHODS.items():
        fn = getattr(EhrToolkit, attr)
        doc = inspect.getdoc(fn) or ""
        assert doc.split("\n")[0], f"{name} has no description"
        hints = typing.get_type_hints(fn)
        for pname in inspect.signature(fn).parameters:
            if pname == "self":
                continue
            assert pname in hints, f"{name}.{pname} has no type"
            assert f"    {pname}:" in doc, f"{name}.{pname} has no Args entry"
            assert pname in TOOLS_ZH[name], f"{name}.{pname} has no Chinese description"
        assert TOOLS_ZH[name][""], f"{name} has no Chinese description"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_schemas_are_openai_functions(language):
    schemas = tool_schemas(language)
    assert len(schemas) == len(TOOL_METHODS) == 15
    for s in schemas:
        fn = s["function"]
        assert s["type"] == "function" and fn["description"]
        assert set(fn["parameters"]["required"]) <= set(fn["parameters"]["properties"])
    obs = next(s for s in schemas if s["function"]["name"] == "Observation.search")
    assert obs["function"]["parameters"]["properties"]["category"]["enum"] == [
        "laboratory",
        "vital-signs",
        "microbiology",
    ]
    under = tool_schemas(language, name_style="underscore")
    assert all("." not in s["function"]["name"] for s in under)
    json.dumps(schemas, ensure_ascii=False)
    with pytest.raises(ValueError, match="not supported"):
        tool_schemas("fr")


def test_observation_search_text_and_bundle(toolkit):
    r = toolkit.call("Observation.search", {"code": "potassium"})
    assert r.ok and r.resource["type"] == "searchset" and r.resource["total"] == 4
    lines = r.text.splitlines()
    assert lines[0].startswith("Observation: 4 result(s)")
    assert "Potassium = 5.8 mEq/L (H) [ref 3.3-5.1]" in lines[1]
    assert "3.9" not in r.text  # the later admission is behind the date gate


def test_name_styles_and_json_string_arguments(toolkit):
    for name in (
        "Observation.search",
        "observation_search",
        "Observation_search",
        "OBSERVATION.SEARCH",
    ):
        r = toolkit.call(name, '{"code": "creatinine", "_count": 1}')
        assert (
            r.ok
            and r.name == "Observation.search"
            and r.resource["total"] == 4
            and len(r.resource["entry"]) == 1
        )


def test_aliases_and_placeholders_are_applied_and_noted(toolkit):
    r = toolkit.call(
        "Observation.search",
        {"test_name": "K", "count": "2", "subject_id": "p1", "date_from": ""},
    )
    assert r.ok and len(r.resource["entry"]) == 2
    assert any("'test_name' was read as 'code'" in n for n in r.notes)
    assert "NOTE:" in r.text
    r = toolkit.call(
        "MedicationRequest.search", {"drug": "lisinopril", "hadm_id": "100"}
    )
    assert r.ok and r.resource["total"] == 1


@pytest.mark.parametrize(
    ("name", "args", "needle"),
    [
        ("Observation.serch", {}, "did you mean 'Observation.search'"),
        ("rm -rf", {}, "unknown tool"),
        ("Observation.search", "{not json", "not valid JSON"),
        ("Observation.search", "[1, 2]", "must be a JSON object"),
        ("Observation.search", {"colour": "red"}, "has no argument 'colour'"),
        ("Observation.search", {"category": "labs"}, "did you mean 'laboratory'"),
        ("Observation.search", {"_count": -1}, "out of range"),
        ("Observation.search", {"_count": 5000}, "out of range"),
        ("Observation.search", {"date_from": "last week"}, "not a date"),
        ("Observation.search", {"subject_id": "999"}, "only access patient p1"),
        ("Observation.search", {"code": {"nested": 1}}, "must be text"),
        ("Observation.search", {"code": "x" * 5000}, "at most 2000"),
        ("MedicationRequest.create", {"medication": "furosemide"}, "needs dose"),
        (
            "MedicationRequest.create",
            {
                "medication": "furosemide",
                "dose": "40 mg",
                "route": "IV",
                "frequency": "daily",
                "duration_days": -3,
            },
            "duration_days",
        ),
        (
            "Flag.create",
            {"category": "weather", "code": "x", "detail": "y"},
            "use one of",
        ),
        ("Patient.everything", {"types": "Banana"}, "unknown resource type"),
        ("Encounter.search", {"hadm_id": "999"}, "no such admission"),
    ],
)
def test_bad_calls_return_operation_outcome(toolkit, name, args, needle):
    r = toolkit.call(name, args)
    assert not r.ok and is_error(r.resource)
    assert r.resource["resourceType"] == "OperationOutcome"
    assert needle in r.resource["issue"][0]["diagnostics"], r.text
    assert r.text.startswith("ERROR:")


def test_no_match_lists_available_names(toolkit):
    r = toolkit.call("Observation.search", {"code": "troponin"})
    assert r.ok and r.resource["total"] == 0
    assert "names in this record include" in r.text and "potassium" in r.text
    assert "_hint" not in r.resource


def test_writes_create_valid_resources_in_the_episode_only(toolkit, store):
    r = toolkit.call(
        "MedicationRequest.create",
        {
            "medication": "furosemide",
            "dose": "40 mg",
            "route": "iv",
            "frequency": "BID",
            "indication": "volume overload",
            "duration_days": 3,
        },
    )
    assert r.ok and r.text.startswith("Created:")
    mr = r.resource
    validate_resource(mr)
    assert mr["dosageInstruction"][0]["doseAndRate"][0]["doseQuantity"] == {
        "value": 40,
        "unit": "mg",
    }
    assert (
        mr["dosageInstruction"][0]["route"]["text"] == "IV"
        and mr["authoredOn"] == "2180-01-04"
    )
    s = toolkit.call(
        "ServiceRequest.create",
        {
            "service_type": "nephrology consult",
            "priority": "URGENT",
            "target_date": "2180-01-05",
        },
    )
    f = toolkit.call(
        "Flag.create",
        {"category": "safety", "code": "hyperkalemia", "detail": "hold lisinopril"},
    )
    for res in (s.resource, f.resource):
        validate_resource(res)
    assert s.resource["priority"] == "urgent"
    assert (
        toolkit.call("MedicationRequest.search", {"medication": "furosemide"}).resource[
            "total"
        ]
        == 1
    )
    assert len(toolkit.view.created) == 3
    assert (
        store.view("p1").search("MedicationRequest", {"medication": "furosemide"})[1]
        == 0
    )


def test_every_read_tool_answers_without_arguments(toolkit):
    for name in TOOL_METHODS:
        if name.endswith(".create"):
            continue
        r = toolkit.call(name, {})
        assert r.ok, (name, r.text)
        assert r.text


def test_patient_everything_and_chinese_headers(store):
    from physassist_env.ehr import EhrToolkit

    tk = EhrToolkit(store.view("p1", as_of="2180-01-04"), language="zh")
    r = tk.call("Patient.everything", {"_count": 2})
    assert r.ok and r.resource["entry"][0]["resource"]["resourceType"] == "Patient"
    r = tk.call("Observation.search", {"code": "肌酐"})
    assert "共 4 条结果" in r.text
