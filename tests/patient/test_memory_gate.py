"""The simulated patient knows only what had happened and been recorded by the session
date (the EHR tools' availability gate): no later result, admission or diagnosis."""

from __future__ import annotations

from patient_fixtures import HF_PERSONA, _cond, _lab, _subj, make_hf_record

from physassist_env.fhir import PatientRecord
from physassist_env.patient import PatientInterview, ScriptedPatient, build_memory


def _record_with_a_future() -> PatientRecord:
    """The heart-failure fixture plus a later admission (COPD, potassium 6.8, a note)."""
    rec = make_hf_record()
    pid = rec.patient_id
    rec.resources += [
        {
            "resourceType": "Encounter",
            "id": "200",
            "status": "finished",
            "subject": _subj(pid),
            "period": {"start": "2182-05-01T08:00:00Z", "end": "2182-05-04T12:00:00Z"},
        },
        _cond(pid, "dx-copd", "J449", "Chronic obstructive pulmonary disease", "200"),
        _lab(pid, "k-9", "Potassium", "2823-3", 6.8, "mEq/L", "2182-05-01T06:00:00Z", "H"),
    ]  # fmt: skip
    rec.meta["note_sections"]["200"] = {
        "History of Present Illness": "Presents with 2 days of wheeze and cough."
    }
    return rec


def _said(memory, question: str) -> str:
    interview = PatientInterview(ScriptedPatient(memory), language="en")
    return interview.call("ask_patient", {"question": question}).text


def test_memory_is_gated_by_the_session_date() -> None:
    rec = _record_with_a_future()
    whole = build_memory(rec, 0, persona_overrides=HF_PERSONA)
    assert any(f.entity == "copd" for f in whole.facts)  # the fixture does carry it
    at = build_memory(rec, 0, persona_overrides=HF_PERSONA, as_of="2180-01-02")
    ids = {f.id for f in at.facts}
    assert not any(f.entity == "copd" for f in at.facts)
    sources = {f.source.resource_id for f in at.facts} | {
        f.source.note_key for f in at.facts
    }
    assert not sources & {"dx-copd", "k-9", "k-2", "cr-2", "200"}
    # the potassium the patient was told is the one known on 2 Jan (5.2), not 5.9 or 6.8
    k = at.fact("lab:potassium")
    assert k.source.resource_id == "k-1" and "5.2" in k.en[0]
    assert "lab:potassium" in ids
    # and the patient does not say the later diagnosis when asked
    question = "Do you have any lung problems like COPD or emphysema?"
    assert "emphysema" in _said(whole, question).lower()  # ungated: says the future
    assert "emphysema" not in _said(at, question).lower()


def test_memory_as_of_the_later_admission_knows_it() -> None:
    # an undated diagnosis of an admission is known when the admission ends (its codes are
    # assigned at discharge: docs/real-records.md, round 3), not on its second day
    mid = build_memory(
        _record_with_a_future(), 0, persona_overrides=HF_PERSONA, as_of="2182-05-02"
    )
    assert not any(f.entity == "copd" for f in mid.facts)
    at = build_memory(
        _record_with_a_future(), 0, persona_overrides=HF_PERSONA, as_of="2182-05-04"
    )
    assert any(f.entity == "copd" for f in at.facts)
