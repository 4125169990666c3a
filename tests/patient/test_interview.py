"""Interview tools: schemas (EN docstrings, ZH table), dispatch that never raises."""

from __future__ import annotations

import pytest
from patient_fixtures import fixture_memory

from physassist_env.patient import (
    TOOL_NAMES,
    PatientInterview,
    ScriptedPatient,
    interview_tool_schemas,
)
from physassist_env.patient.interview import TOOL_PARAMS, TOOLS_ZH


@pytest.fixture()
def interview() -> PatientInterview:
    return PatientInterview(ScriptedPatient(fixture_memory("hf1")))


def test_tool_names() -> None:
    assert TOOL_NAMES == (
        "symptom_history",
        "medication_adherence",
        "social_history",
        "functional_status",
        "pain_assessment",
        "ask_patient",
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_schemas_complete(language: str) -> None:
    schemas = interview_tool_schemas(language)
    assert [s["function"]["name"] for s in schemas] == list(TOOL_NAMES)
    for s in schemas:
        fn = s["function"]
        assert fn["description"]
        for pname, prop in fn["parameters"]["properties"].items():
            assert prop["type"] == "string" and prop["description"], (fn["name"], pname)
        if language == "zh":
            assert fn["description"] == TOOLS_ZH[fn["name"]][""]
    assert interview_tool_schemas("en")[1]["function"]["parameters"]["required"] == [
        "medication"
    ]
    with pytest.raises(ValueError, match="'fr'"):
        interview_tool_schemas("fr")


def test_every_param_has_zh_and_en() -> None:
    for name, params in TOOL_PARAMS.items():
        assert set(params) <= set(TOOLS_ZH[name]) - {""}
        for pname, (_, _, desc) in params.items():
            assert desc, (name, pname)


def test_call_ok_and_aliases(interview: PatientInterview) -> None:
    r = interview.call("medication_adherence", '{"drug": "lisinopril"}')
    assert (
        r.ok
        and r.name == "medication_adherence"
        and "med:lisinopril:adherence" in r.reply.fact_ids
    )
    r = interview.call("PatientInterview.pain_assessment", None)
    assert r.ok and r.reply.fact_ids == ["sym:chest_pain:absent"]
    r = interview.call("Patient.interview.social_history", {"patient_id": "hf1"})
    assert r.ok and "wife" in r.text
    assert interview.state.turns == 3 and len(interview.history) == 3


@pytest.mark.parametrize(
    ("name", "args", "needle"),
    [
        ("ask_doctor", {}, "accepted: symptom_history"),
        ("ask_patient", {}, "needs question"),
        ("social_history", {"topic_x": 1}, "no arguments"),
        ("ask_patient", "{not json", "not valid JSON"),
        ("ask_patient", [1, 2], "JSON object"),
        ("ask_patient", {"question": {"a": 1}}, "must be text"),
        ("ask_patient", {"question": "x" * 2000}, "at most 1000"),
        (
            "medication_adherance",
            {"medication": "x"},
            "did you mean 'medication_adherence'",
        ),
    ],
)
def test_bad_calls_return_errors(
    interview: PatientInterview, name: str, args: object, needle: str
) -> None:
    r = interview.call(name, args)
    assert not r.ok and needle in r.text and r.reply is None
    assert r.resource and r.resource["resourceType"] == "OperationOutcome"


def test_patient_exception_becomes_error() -> None:
    class Broken:
        def initial_state(self):
            from physassist_env.patient import PatientState

            return PatientState()

        def answer(self, tool, arguments, state):
            raise RuntimeError("boom")

    r = PatientInterview(Broken()).call("ask_patient", {"question": "hi"})
    assert not r.ok and "boom" in r.text


def test_language_of_structured_tools() -> None:
    iv = PatientInterview(ScriptedPatient(fixture_memory("hf1")), language="zh")
    r = iv.call("social_history", {})
    assert r.ok and r.reply.language == "zh" and "抽烟" in r.text
    with pytest.raises(ValueError, match="'de'"):
        PatientInterview(ScriptedPatient(fixture_memory("hf1")), language="de")
