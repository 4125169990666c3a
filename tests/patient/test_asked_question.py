"""Issue #39, second pass: the patient answers the question asked, from the record.

One test per principle, EN and ZH, on the fixture records (invented values) and, where a
principle can be checked without labels, over real and synthetic records (skipped
without ../shared/data):

- "When did you last take X?" is about X's last dose: a documented stop, a hospital
  order of X, or "I don't remember exactly"; never X's regimen taken as usual, never
  another drug;
- a question that presupposes an operation or event no memory holds ("since your hip
  replacement") is not confirmed and gets no chart fact;
- "Did the doctor say it was your lungs?" gets only what a doctor told (a diagnosis or
  result of the thing named), else "they didn't tell me";
- "When did all this start?" gets onset facts only;
- everyday off-topic questions (shopping, phones, sport, travel) get no chart fact;
- an exact lab number is not known at any literacy.
"""

from __future__ import annotations

import re
from pathlib import Path

from patient_fixtures import HF_PERSONA, fixture_memory, make_hf_record

from physassist_env.patient import ScriptedPatient, build_memory
from physassist_env.patient.memory import EmptyMemoryError
from physassist_env.patient.models import PatientMemory, Topic

LAST_DOSE = {
    "en": "When did you last take your {}?",
    "zh": "您上一次用{}是哪天？",
}
PREMISE = [
    "Since your hip replacement last year, how have you been walking?",
    "Has your hip hurt since the hip replacement?",
    "After your bypass surgery, did the chest pain go away?",
    "Since your stroke, can you still walk on your own?",
    "自从去年做了髋关节置换手术，您走路怎么样？",
    "搭桥手术以后胸口还疼吗？",
    "中风以后您还能自己走路吗？",
]
TOLD_UNKNOWN = [
    "Did the doctor say it was your lungs?",
    "Did the doctor say it was your heart?",
    "医生有没有说是肺的问题？",
]
OFF_TOPIC = [
    "Where do you usually go shopping?",
    "What kind of phone do you have?",
    "Do you like tennis?",
    "Have you travelled abroad recently?",
    "Which sports team do you follow?",
    "你平时在哪里买东西？",
    "你用什么手机？",
    "你喜欢打网球吗？",
    "最近出国旅行了吗？",
    "你周末一般做什么？",
]
EXACT_LAB = [
    "Can you read me the number from your last haemoglobin?",
    "What was the exact number of your last potassium?",
    "What was your creatinine value?",
    "你上次血红蛋白是多少？",
    "你的血钾具体是多少？",
]
ONSET = ["When did all this start?", "这些是什么时候开始的？"]


def _ask(memory: PatientMemory, question: str) -> tuple[str, list[str]]:
    p = ScriptedPatient(memory)
    reply, _ = p.answer("ask_patient", {"question": question}, p.initial_state())
    return reply.text, reply.fact_ids


def _drug_names(memory: PatientMemory, key: str) -> dict[str, str]:
    """A name for the drug in each language, as the patient's own facts call it."""
    fact = next(f for f in memory.facts if f.entity == key)
    zh = next((t for t in fact.entity_terms if re.search(r"[\u4e00-\u9fff]", t)), key)
    return {"en": key, "zh": zh}


def _last_dose_only_that_drug(memory: PatientMemory) -> None:
    drugs = {f.entity for f in memory.facts if f.topic == Topic.MEDICATION and f.entity}
    by_id = {f.id: f for f in memory.facts}
    for key in drugs:
        for lang, name in _drug_names(memory, key).items():
            q = LAST_DOSE[lang].format(name)
            text, ids = _ask(memory, q)
            assert all(by_id[i].entity == key for i in ids), (q, text, ids)
            assert all(by_id[i].aspect in ("adherence", "regimen") for i in ids)
            # the regimen of a home drug (taken as usual) does not answer "when last"
            for i in ids:
                f = by_id[i]
                assert f.aspect == "adherence" or f.source.resource_type, (q, text)


def _no_fact(memory: PatientMemory, questions: list[str]) -> None:
    for q in questions:
        text, ids = _ask(memory, q)
        assert ids == [], (memory.patient_id, q, text)
        assert not re.search(r"\d", text), (q, text)


# ---------------------------------------------------------------- fixture records
def test_last_dose_of_a_drug_taken_as_usual_is_not_remembered_exactly() -> None:
    m = fixture_memory("hf1")  # furosemide taken as prescribed
    for q, expect in [
        ("When did you last take your furosemide?", "don't remember exactly"),
        ("您上一次吃呋塞米是哪天？", "记不清"),
    ]:
        text, ids = _ask(m, q)
        assert ids == [] and expect in text, (q, text)
        assert "lisinopril" not in text.lower() and "metoprolol" not in text.lower()


def test_last_dose_of_a_documented_stop_is_the_stop_before_admission() -> None:
    m = build_memory(
        make_hf_record(), 0, persona_overrides={**HF_PERSONA, "completeness": "full"}
    )
    for q in ("When did you last take your lisinopril?", "您上一次吃赖诺普利是哪天？"):
        text, ids = _ask(m, q)
        assert ids == ["med:lisinopril:adherence"], (q, text)
        assert "3" in text, text  # "about 3 weeks before I came in" / 来医院前大概3周


def test_a_withheld_stop_is_not_revealed_by_a_last_dose_question() -> None:
    m = fixture_memory("hf1")  # withholds_critical: the lisinopril stop is withheld
    text, ids = _ask(m, "When did you last take your lisinopril?")
    assert ids == [] and "remember" in text


def test_last_dose_of_a_hospital_drug_is_the_hospital_order() -> None:
    m = fixture_memory("pna1")
    text, ids = _ask(m, "When did you last get ceftriaxone?")
    assert ids == ["med:ceftriaxone:regimen"], text
    text, ids = _ask(m, "您上一次用头孢曲松是什么时候？")
    assert ids == ["med:ceftriaxone:regimen"], text


def test_last_dose_never_lists_other_drugs() -> None:
    for pid in ("hf1", "pna1"):
        _last_dose_only_that_drug(fixture_memory(pid))
    m = fixture_memory("hf1")
    for q in ("When did you last take your medicine?", "您上一次吃药是哪天？"):
        _, ids = _ask(m, q)
        assert ids == [], q  # no drug named: no list of every drug


def test_unrecorded_operation_is_not_confirmed() -> None:
    for pid in ("hf1", "pna1"):
        m = fixture_memory(pid)
        _no_fact(m, PREMISE)
        text, _ = _ask(m, PREMISE[0])
        assert "don't remember" in text
        text, _ = _ask(m, PREMISE[4])
        assert "不记得" in text


def test_did_the_doctor_say_only_what_a_doctor_told() -> None:
    hf = fixture_memory("hf1")
    for q in TOLD_UNKNOWN:
        text, ids = _ask(hf, q)
        assert ids == [], (q, text)
        assert "tell me" in text or "没" in text
    text, ids = _ask(hf, "医生说是心衰吗？")
    assert ids == ["dx:heart_failure"], text
    pna = fixture_memory("pna1")
    _, ids = _ask(pna, "Did the doctor say it was pneumonia?")
    assert ids == ["dx:pneumonia"]
    _, ids = _ask(pna, "What did the doctor say was wrong?")
    by_id = {f.id: f for f in pna.facts}
    assert ids and all(by_id[i].aspect == "diagnosis" for i in ids)


def test_onset_question_gets_onset_facts_only() -> None:
    for pid in ("hf1", "pna1"):
        m = fixture_memory(pid)
        by_id = {f.id: f for f in m.facts}
        for q in ONSET:
            _, ids = _ask(m, q)
            assert ids and all(by_id[i].aspect == "onset" for i in ids), (q, ids)


def test_everyday_off_topic_questions_get_no_chart_fact() -> None:
    for pid in ("hf1", "pna1"):
        _no_fact(fixture_memory(pid), OFF_TOPIC)


def _no_number(memory: PatientMemory, questions: list[str]) -> None:
    """An exact lab question gets no number: a lab's direction at most, and "I don't
    know the exact number" (no record says a doctor told the patient a value)."""
    by_id = {f.id: f for f in memory.facts}
    for q in questions:
        text, ids = _ask(memory, q)
        assert not re.search(r"\d", text), (memory.patient_id, q, text)
        assert all(by_id[i].topic == Topic.LAB for i in ids), (q, ids)
        if ids:
            assert "exact number" in text or "具体数字" in text, text


def test_exact_lab_number_is_not_known_at_any_literacy() -> None:
    for lit in ("high", "medium", "low"):
        persona = {**HF_PERSONA, "literacy": lit}
        m = build_memory(make_hf_record(), 0, persona_overrides=persona)
        _no_number(m, EXACT_LAB)
        text, ids = _ask(m, EXACT_LAB[0])  # no haemoglobin on record
        assert ids == [] and ("didn't tell me" in text or "nobody told me" in text)
        told = ["lab:potassium"] if lit == "high" else []
        text, ids = _ask(m, "What was the exact number of your last potassium?")
        assert ids == told and ("high" in text or not told), text
        text, ids = _ask(m, "你的血钾具体是多少？")
        assert ids == told and ("高" in text or not told), text


# ---------------------------------------------------------------- real and synthetic records
def _records_check(memories: list[PatientMemory]) -> None:
    assert memories
    for m in memories:
        _no_fact(m, OFF_TOPIC + PREMISE)
        _no_number(m, EXACT_LAB)
        by_id = {f.id: f for f in m.facts}
        for q in TOLD_UNKNOWN:  # a doctor's word: a diagnosis or a result, nothing else
            _, ids = _ask(m, q)
            assert all(by_id[i].topic in (Topic.HISTORY, Topic.LAB) for i in ids), q
        _last_dose_only_that_drug(m)
        by_id = {f.id: f for f in m.facts}
        for q in ONSET:
            _, ids = _ask(m, q)
            assert all(by_id[i].aspect == "onset" for i in ids), (m.patient_id, q)


def _memories(records: list) -> list[PatientMemory]:
    out = []
    for r in records:
        try:
            out.append(build_memory(r, 0))
        except EmptyMemoryError:  # a record with no fact has no patient to ask
            continue
    return out


def test_synthetic_patients_answer_the_question_asked(synthetic_records: list) -> None:
    _records_check(_memories(synthetic_records[:15]))


def test_mimic_demo_patients_answer_the_question_asked(mimic_demo_path: Path) -> None:
    from physassist_env.sources.mimic.source import MimicSource

    ids = MimicSource(mimic_demo_path).patient_ids()[1::8]
    records = list(MimicSource(mimic_demo_path, patient_ids=ids).records())
    _records_check(_memories(records))


class _NoCall:
    """A backend that must not be called (the rules answer these questions)."""

    def generate(self, messages: list) -> str:
        raise AssertionError(f"model called for {messages[-1]['content']!r}")


def test_llm_patient_calls_no_model_where_the_rules_answer() -> None:
    from physassist_env.patient import LlmPatient
    from physassist_env.patient.models import PatientState

    persona = {**HF_PERSONA, "literacy": "high"}
    m = build_memory(make_hf_record(), 0, persona_overrides=persona)
    patient = LlmPatient(m, _NoCall())
    questions = OFF_TOPIC + PREMISE + TOLD_UNKNOWN[:2] + EXACT_LAB
    questions += ["When did you last take your furosemide?"]
    for q in questions:
        reply, _ = patient.answer("ask_patient", {"question": q}, PatientState())
        assert reply.grounding is not None and reply.grounding.attempts == 0, q
        assert not re.search(r"\d", reply.text), (q, reply.text)
