"""The patient says only what the record says, to the question asked (issue #24 failure modes)."""

from __future__ import annotations

import copy

import pytest
from patient_fixtures import PERSONAS, RECORDS, _lab, _rx, fixture_memory

from physassist_env.fhir import PatientRecord
from physassist_env.patient import ScriptedPatient, build_memory
from physassist_env.patient.memory import lab_entity
from physassist_env.patient.models import Adherence
from physassist_env.patient.notes import note_adherence, symptom_facts


def _ask(memory, question: str) -> tuple[str, list[str]]:
    p = ScriptedPatient(memory)
    reply, _ = p.answer("ask_patient", {"question": question}, p.initial_state())
    return reply.text, reply.fact_ids


def _with(
    record: PatientRecord, *extra: dict, notes: dict | None = None
) -> PatientRecord:
    meta = copy.deepcopy(record.meta)
    if notes is not None:
        meta["note_sections"] = notes
    return PatientRecord(
        record.patient_id, [*record.resources, *extra], source="test", meta=meta
    )


def test_inpatient_orders_are_not_home_medicines() -> None:
    """Drugs only ordered in hospital get no regimen-at-home and no adherence fact."""
    rec = _with(
        RECORDS["hf1"](),
        _rx("hf1", "rx-hep", "Heparin", 5000, "UNIT", "Q8H", route="SC"),
        _rx("hf1", "rx-vial", "Vial", 1, "VIAL", "DAILY"),
    )
    m = build_memory(rec, 0, persona_overrides=PERSONAS["hf1"])
    ids = {f.id for f in m.facts}
    assert "med:heparin:adherence" not in ids and "heparin" not in m.persona.adherence
    hep = m.fact("med:heparin:regimen")
    assert hep.en[0].startswith("in the hospital") and "5000" not in hep.en[0]
    assert not any("vial" in f.id for f in m.facts)  # "I take 1 VIAL of vial" is gone
    # no notes: no home list, so no home medicine and no adherence at all
    bare = build_memory(_with(RECORDS["hf1"](), notes={}), 0)
    assert not any(f.aspect == "adherence" for f in bare.facts)
    assert all(
        f.en[0].startswith("in the hospital")
        for f in bare.facts
        if f.aspect == "regimen"
    )


def test_latest_admission_list_supersedes_earlier_discharge_list() -> None:
    rec = RECORDS["hf1"]()
    notes = {
        "090": {"Discharge Medications": "1. Warfarin 5 mg PO DAILY"},
        **rec.meta["note_sections"],
    }
    enc = {
        "resourceType": "Encounter",
        "id": "090",
        "status": "finished",
        "subject": {"reference": "Patient/hf1"},
        "period": {"start": "2179-01-01T08:00:00Z"},
    }
    m = build_memory(_with(rec, enc, notes=notes), 0)
    assert "med:warfarin:regimen" not in {f.id for f in m.facts}
    only_discharge = {"090": notes["090"], "100": {"Chief Complaint": "Cough"}}
    m2 = build_memory(_with(rec, enc, notes=only_discharge), 0)
    assert m2.fact("med:warfarin:regimen").source.section == "Discharge Medications"


@pytest.mark.parametrize(
    ("sentence", "status", "reason"),
    [
        (
            "Lisinopril: adherence good - takes it every day with a pill organiser.",
            Adherence.GOOD,
            "organiser",
        ),
        ("Lisinopril: adherence poor - skips it on busy days.", Adherence.POOR, "busy"),
        (
            "Lisinopril: adherence self discontinued - worried about side effects read online.",
            Adherence.SELF_DISCONTINUED,
            "online",
        ),
        (
            "Lisinopril: adherence never filled - could not afford the co-pay.",
            Adherence.NEVER_FILLED,
            "copay",
        ),
        (
            "Lisinopril: adherence ran out - ran out a week ago and could not get a refill appointment.",
            Adherence.RAN_OUT,
            "refill",
        ),
        ("She is non-adherent with her lisinopril.", Adherence.POOR, None),
        ("Reports good compliance with lisinopril.", Adherence.GOOD, None),
    ],
)
def test_documented_adherence_full_range_of_wording(
    sentence: str, status: Adherence, reason: str | None
) -> None:
    got = note_adherence("1", {"History of Present Illness": sentence})
    assert got["lisinopril"][0] == status and got["lisinopril"][1] == reason


def test_documented_adherence_is_never_overwritten_and_drawn_adherence_is_marked() -> (
    None
):
    rec = RECORDS["hf1"]()
    for seed in range(6):
        m = build_memory(rec, seed)
        adh = m.fact("med:lisinopril:adherence")
        assert m.persona.adherence["lisinopril"] == Adherence.SELF_DISCONTINUED
        assert adh.basis == "record" and "cough" in adh.en[0]
        assert m.fact("med:furosemide:adherence").basis == "persona"


def test_age_is_never_an_onset() -> None:
    facts = symptom_facts(
        "1",
        {"History of Present Illness": "70 year old man presenting with chest pain."},
    )
    assert [f.id for f in facts] == ["sym:chest_pain:presence"]
    facts = symptom_facts(
        "1",
        {"History of Present Illness": "A 70-year-old with chest pain for 2 days."},
    )
    onset = next(f for f in facts if f.aspect == "onset")
    assert "2 days" in onset.en[0] and "70" not in onset.en[0]


def test_each_lab_fact_is_its_exact_test() -> None:
    def code(label: str, loinc: str | None) -> dict:
        coding = (
            [{"system": "http://loinc.org", "code": loinc, "display": label}]
            if loinc
            else []
        )
        return {"text": label, "coding": coding}

    assert lab_entity(code("Creatinine", "2160-0")).key == "creatinine"
    assert lab_entity(code("Albumin/Creatinine, Urine", "14959-1")) is None
    assert lab_entity(code("Creatinine, Urine", None)) is None
    assert lab_entity(code("Hemoglobin", "718-7")).key == "hemoglobin"
    assert lab_entity(code("% Hemoglobin A1c", "4548-4")) is None
    assert lab_entity(code("Glucose, Ascites", None)) is None
    rec = _with(
        RECORDS["hf1"](),
        _lab(
            "hf1",
            "a1c",
            "% Hemoglobin A1c",
            "4548-4",
            6.0,
            "%",
            "2180-01-03T06:00:00Z",
            "H",
        ),
        _lab(
            "hf1",
            "uacr",
            "Albumin/Creatinine, Urine",
            "14959-1",
            124.6,
            "mg/g",
            "2180-01-04T06:00:00Z",
            "H",
        ),
    )
    m = build_memory(rec, 0, persona_overrides=PERSONAS["hf1"])
    assert "lab:hemoglobin" not in {f.id for f in m.facts}
    assert "124.6" not in m.fact("lab:creatinine").en[0]


def test_pulmonary_hypertension_is_not_high_blood_pressure() -> None:
    rec = RECORDS["pna1"]()
    from patient_fixtures import _cond

    rec = _with(
        rec,
        _cond("pna1", "dx-ph", "I2720", "Pulmonary hypertension, unspecified", "300"),
    )
    m = build_memory(rec, 0, persona_overrides=PERSONAS["pna1"])
    assert "dx:hypertension" not in {f.id for f in m.facts}


@pytest.mark.parametrize(
    "question",
    [
        "What was your ejection fraction on the echo?",
        "心超的射血分数是多少？",
        "What did the CT scan show?",
        "What was your hemoglobin A1c?",
        "What was your exact potassium level?",
        "今天早上的血钾具体是多少？",
    ],
)
def test_cannot_know_gets_an_honest_dont_know(question: str) -> None:
    text, ids = _ask(fixture_memory("hf1"), question)  # medium literacy
    assert ids == [] and ("doctor didn't tell me" in text or "医生没跟我说" in text)


@pytest.mark.parametrize(
    "question",
    [
        "What's the weather like today?",
        "Who won the football game?",
        "今天天气怎么样？",
    ],
)
def test_off_topic_gets_no_record_fact(question: str) -> None:
    assert _ask(fixture_memory("hf1"), question)[1] == []


def test_whole_term_matching_no_single_character_or_meaning_changing_typos() -> None:
    m = fixture_memory("hf1")
    ids = _ask(m, "有高血压吗？")[1]
    assert "dx:hypertension" in ids and not any(i.startswith("lab:") for i in ids)
    assert _ask(m, "Do you have pulmonary hypertension?")[1] == []
    assert "allergy:penicillins" not in _ask(m, "What was your ejection fraction?")[1]
    assert _ask(m, "Are you taking your lisinoprl?")[
        1
    ]  # a drug-name typo still matches


def test_personas_are_drawn_per_patient() -> None:
    """One run seed must not give every patient the same persona."""
    base = RECORDS["pna1"]()
    personas = set()
    for i in range(12):
        rec = PatientRecord(
            f"p{i}",
            [
                {**r, "id": f"p{i}"} if r["resourceType"] == "Patient" else r
                for r in base.resources
            ],
            source="test",
            meta=base.meta,
        )
        p = build_memory(rec, 0).persona
        personas.add((p.literacy, p.completeness, p.anxiety))
    assert len(personas) >= 4
    assert build_memory(base, 0).persona == build_memory(base, 0).persona


def test_withheld_adherence_only_to_a_question_aimed_at_it() -> None:
    m = fixture_memory("hf1")  # withholds_critical; lisinopril self-discontinued
    for q in (
        "Do you ever miss doses of your medicines?",
        "Have you stopped any of your medicines?",
        "药有没有漏吃过？",
    ):
        assert "med:lisinopril:adherence" not in _ask(m, q)[1], q
    assert (
        "med:lisinopril:adherence"
        in _ask(m, "Have you stopped taking your lisinopril?")[1]
    )


def test_lay_register_by_literacy() -> None:
    low = build_memory(
        RECORDS["hf1"](), 0, persona_overrides={**PERSONAS["hf1"], "literacy": "low"}
    )
    for q in (
        "What medicines do you take?",
        "您平时吃什么药？",
        "What conditions do you have?",
    ):
        text, _ = _ask(low, q)
        assert (
            "mg" not in text
            and "毫克" not in text
            and "unspecified" not in text.lower()
        )
    zh, _ = _ask(fixture_memory("hf1"), "您平时吃什么药？")
    assert zh and not any(c.isascii() and c.isalpha() for c in zh)
    assert "my my" not in " ".join(f.en[1] for f in low.facts)


def test_a_drug_the_patient_does_not_take_is_what_they_were_told_to_take() -> None:
    """A patient who stopped (or never filled) a drug does not say "I take lisinopril, once
    a day" beside "I stopped taking my lisinopril": the regimen is what they are supposed to
    take (EN and ZH), while a drug they take keeps "I take"."""
    m = fixture_memory("hf1")
    stopped = m.fact("med:lisinopril:regimen")
    assert all(t.startswith("I'm supposed to take") for t in stopped.en)
    assert all(t.startswith("医生让我") for t in stopped.zh)
    taken = m.fact("med:furosemide:regimen")
    assert all(t.startswith("I take") for t in taken.en)
    assert not any(t.startswith("医生让我") for t in taken.zh)


def test_a_count_dose_is_said_in_the_plural() -> None:
    """'I take 20 units of insulin', not '20 unit' (the record's unit as written)."""
    from physassist_env.patient import phrasing as P

    assert P.regimen(None, "insulin", "20 unit", "qhs")[0][0].startswith(
        "I take 20 units of insulin"
    )
    assert P.regimen(None, "insulin", "1 unit", "qhs")[0][0].startswith(
        "I take 1 unit of insulin"
    )
