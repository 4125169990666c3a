"""Property checks (issue #39): over many patients of a small synthetic hospital and of the
MIMIC-IV demo, everything the patient can say is in the record as of the session date.

The checks read the record, not the patient's code: every number a fact's wording holds
(any language, any literacy) is a number of the record as the EHR tools show it on that
date; a lab fact's direction is its source result's flag, and "last time" is said only of
the latest result of that test in blood; a drug said to be given in hospital is an order
of that drug that is not a line flush or a combination product; nothing is derived from a
diagnosis that the record does not state; off-topic questions and questions a patient
cannot know (imaging and procedure reads, exact vital signs) get no chart fact, in
English and Chinese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from patient_fixtures import _lab, make_hf_record

from physassist_env.ehr.store import record_at
from physassist_env.fhir import PatientRecord
from physassist_env.patient import PatientInterview, ScriptedPatient, build_memory
from physassist_env.patient.models import Literacy, PatientMemory, Topic

_NUM = re.compile(r"\d+(?:\.\d+)?")
OFF_TOPIC = [
    "What's the weather like today?",
    "Did you watch the football game last night?",
    "Who do you think will win the election?",
    "Can you recommend a good movie?",
    "What is the capital of France?",
    "How is the stock market doing?",
    "今天天气怎么样？",
    "你昨晚看足球了吗？",
    "你觉得最近股市怎么样？",
    "你喜欢看什么电影？",
]
CANNOT_KNOW = [
    "What did your chest x-ray show?",
    "What did the CT scan of your head show?",
    "What was your ejection fraction on the echo?",
    "What did the EKG show?",
    "What did the cardiologist say about your stress test?",
    "What did the biopsy show?",
    "What was your blood pressure reading this morning?",
    "What was your cholesterol?",
    "What was your oxygen saturation exactly?",
    "你的胸片结果怎么样？",
    "你的CT显示什么？",
    "你的心电图怎么说？",
    "你的血压是多少？",
    "你的胆固醇是多少？",
    "你的胃镜结果怎么样？",
    "活检结果是什么？",
]


def _numbers(value: Any) -> set[str]:
    """Every number in a JSON-like value, normalised ("5.30" and "5.3" are one number)."""
    text = json.dumps(value, ensure_ascii=False)
    return {f"{float(n):g}" for n in _NUM.findall(text)} | set(_NUM.findall(text))


def _session_dates(record: PatientRecord) -> list[str]:
    """Two session dates per patient: one day into its first and its latest admission."""
    starts = sorted(
        str((e.get("period") or {}).get("start") or "")
        for e in record.of_type("Encounter")
        if (e.get("period") or {}).get("start")
    )
    if not starts:
        return []
    dates = {starts[0], starts[-1]}
    return sorted(d[:10] + "T23:59:59" for d in dates)


def _lab_key(res: dict[str, Any]) -> str:
    codes = [c.get("code") for c in (res.get("code") or {}).get("coding") or []]
    return str(sorted(str(c) for c in codes))


def check_memory(memory: PatientMemory, visible: PatientRecord) -> list[str]:
    """Problems of one memory against the record as the tools show it on its date."""
    problems: list[str] = []
    by_id = {(r["resourceType"], str(r["id"])): r for r in visible.resources}
    record_numbers = _numbers(visible.resources) | _numbers(
        visible.meta.get("note_sections") or {}
    )
    for f in memory.facts:
        if f.topic == Topic.WARNING or f.id.startswith("func:") and f.entity:
            problems.append(f"{f.id}: derived from a diagnosis, not in the record")
        for text in [*f.en, *f.zh]:
            for n in _NUM.findall(text):
                if n not in record_numbers and f"{float(n):g}" not in record_numbers:
                    problems.append(f"{f.id}: number {n} not in the record: {text!r}")
        src = f.source
        res = (
            by_id.get((src.resource_type, str(src.resource_id)))
            if src.resource_type
            else None
        )
        if src.resource_type and res is None:
            problems.append(f"{f.id}: source {src.label()} not in the record by then")
            continue
        if f.topic == Topic.LAB and res is not None:
            problems += _lab_problems(f.id, f.en[0], f.zh[0], res, visible)
        if f.topic == Topic.MEDICATION and src.resource_type == "MedicationRequest":
            name = json.dumps(res.get("medicationCodeableConcept") or {}).lower()
            if re.search(r"flush|dwell|codone|codeine|butalbital|ipratropium", name):
                problems.append(f"{f.id}: said as given from a non-dose order {name}")
    return problems


def _lab_problems(
    fid: str, en: str, zh: str, res: dict[str, Any], visible: PatientRecord
) -> list[str]:
    out = []
    flag = {
        str(c.get("code")).upper()
        for i in res.get("interpretation") or []
        for c in i.get("coding") or []
    }
    said_high = " high" in en
    if said_high != bool(flag & {"H", "HH"}):
        out.append(f"{fid}: direction {en!r} is not the source flag {flag}")
    site = json.dumps(res.get("bodySite") or {}).lower()
    if site not in ("{}", "null") and "blood" not in site:
        out.append(f"{fid}: read from a {site} specimen")
    value = f"{float(res['valueQuantity']['value']):g}"
    if value not in en or value not in zh:
        out.append(f"{fid}: value said is not its source's ({value}): {en!r}")
    if "last time" in en or "最近一次" in zh:
        when = str(res.get("effectiveDateTime", ""))
        later = [
            r
            for r in visible.of_type("Observation")
            if _lab_key(r) == _lab_key(res)
            and str(r.get("effectiveDateTime", "")) > when
            and (r.get("valueQuantity") or {}).get("value") is not None
        ]
        if later:
            out.append(f"{fid}: said as the last result, {len(later)} later ones exist")
    return out


def check_questions(memory: PatientMemory) -> list[str]:
    """Off-topic and cannot-know questions answered with a chart fact."""
    patient = ScriptedPatient(memory)
    problems = []
    for q in OFF_TOPIC + CANNOT_KNOW:
        lang = "zh" if re.search(r"[\u4e00-\u9fff]", q) else "en"
        res = PatientInterview(patient, language=lang).call(
            "ask_patient", {"question": q}
        )
        if res.reply is not None and res.reply.fact_ids:
            problems.append(f"{q!r} answered with {res.reply.fact_ids}: {res.text!r}")
    return problems


def _run(records: list[PatientRecord]) -> tuple[int, list[str]]:
    problems: list[str] = []
    sessions = 0
    for record in records:
        for as_of in _session_dates(record):
            visible = record_at(record, as_of)
            for literacy in (Literacy.HIGH, Literacy.LOW):
                try:
                    memory = build_memory(
                        record,
                        0,
                        as_of=as_of,
                        persona_overrides={"literacy": literacy.value},
                    )
                except ValueError:
                    continue
                sessions += 1
                found = check_memory(memory, visible) + check_questions(memory)
                problems += [f"{record.patient_id}@{as_of}: {p}" for p in found]
    return sessions, problems


def test_synthetic_patients_say_only_the_record(synthetic_records: list) -> None:
    sessions, problems = _run(synthetic_records)
    assert sessions >= 60
    assert not problems, "\n".join(problems[:30])


def test_mimic_demo_patients_say_only_the_record(mimic_demo_path: Path) -> None:
    from physassist_env.sources.mimic.source import MimicSource

    ids = MimicSource(mimic_demo_path).patient_ids()[::4]
    records = list(MimicSource(mimic_demo_path, patient_ids=ids).records())
    sessions, problems = _run(records)
    assert sessions >= 30
    assert not problems, "\n".join(problems[:30])


def test_a_urine_wbc_is_not_the_white_count_and_a_stale_value_is_not_the_last() -> None:
    """The two lab mistakes read on the MIMIC-IV demo, on the fixture record: a urine
    "WBC" (no LOINC, label only) beside the blood count, and a creatinine whose abnormal
    result was followed by a normal one."""
    rec = make_hf_record()
    pid = rec.patient_id
    urine = _lab(pid, "wbc-u", "WBC", "x", 6.0, "#/hpf", "2180-01-03T06:00:00Z", "H")
    urine["code"] = {
        "coding": [{"system": "mimic-labitems", "code": "51516"}],
        "text": "WBC",
    }
    urine["bodySite"] = {"text": "Urine"}
    rec.resources += [
        _lab(pid, "wbc-b", "White Blood Cells", "6690-2", 2.4, "K/uL", "2180-01-03T06:00:00Z", "L"),
        urine,
        _lab(pid, "cr-9", "Creatinine", "2160-0", 0.9, "mg/dL", "2180-01-05T06:00:00Z", "N"),
    ]  # fmt: skip
    memory = build_memory(rec, 0, persona_overrides={"literacy": "high"})
    wbc = memory.fact("lab:wbc")
    assert wbc.source.resource_id == "wbc-b" and " low" in wbc.en[0]
    cr = memory.fact("lab:creatinine")
    assert "last time" not in cr.en[0] and "at one point" in cr.en[0]
    assert "最近一次" not in cr.zh[0] and "going up" not in cr.en[0]
    assert not check_memory(memory, rec)
