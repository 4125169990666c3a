"""Two gold fixes of the synthetic hospital's round 11 (#39), on hand-made records
(invented values), EN and ZH: each test fails on the behaviour before the fix.

* ``patient_adherence``: warfarin in an upper-GI-bleed admission, its order discontinued
  hours after it was written and reversal given: the gold must say it is held for the
  bleed (2020 ACC ECDP on bleeding on oral anticoagulants), never "continue as ordered",
  and that the order was stopped, and when.
* ``meld_na`` / ``has_bled``: an INR drawn days before the other labs must be in what the
  gold calls return (one search per lab), so the gold answer grades 1.0.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from physassist_env.ehr.store import FhirStore
from physassist_env.ehr.toolkit import EhrToolkit
from physassist_env.fhir import PatientRecord
from physassist_env.fhir import codes as c
from physassist_env.grading import grade_gold
from physassist_env.patient import ScriptedPatient, build_memory
from physassist_env.scenarios.features import admission_facts
from physassist_env.scenarios.generate import admissions
from physassist_env.scenarios.model import Implicitness, TaskType
from physassist_env.scenarios.patient_turns import (
    ADHERENCE_PLAN,
    BLEED_PLAN,
    PatientTurns,
    patient_adherence,
)
from physassist_env.scenarios.planner import _turn
from physassist_env.scenarios.provenance import ProvenanceBinder
from physassist_env.scenarios.topics import TopicContext
from physassist_env.scenarios.topics import scores as SC

PID = "h39l"


def _subj() -> dict[str, str]:
    return {"reference": f"Patient/{PID}"}


def _enc(eid: str, start: str, end: str) -> dict[str, Any]:
    return {
        "resourceType": "Encounter",
        "id": eid,
        "status": "finished",
        "class": {"code": "IMP"},
        "subject": _subj(),
        "period": {"start": start, "end": end},
    }


def _cond(
    rid: str, code: str, display: str, enc: str, recorded: str = ""
) -> dict[str, Any]:
    """A diagnosis of ``enc``; without ``recorded`` it is coded at discharge (MIMIC)."""
    return {
        **({"recordedDate": recorded} if recorded else {}),
        "resourceType": "Condition",
        "id": rid,
        "subject": _subj(),
        "encounter": {"reference": f"Encounter/{enc}"},
        "code": {
            "coding": [{"system": c.ICD10_CM, "code": code, "display": display}],
            "text": display,
        },
        "clinicalStatus": {
            "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
        },
    }


def _rx(
    rid: str,
    name: str,
    dose: float,
    freq: str,
    enc: str,
    start: str,
    end: str,
    status: str,
) -> dict[str, Any]:
    return {
        "resourceType": "MedicationRequest",
        "id": rid,
        "status": status,
        "intent": "order",
        "subject": _subj(),
        "encounter": {"reference": f"Encounter/{enc}"},
        "medicationCodeableConcept": {"text": name},
        "authoredOn": start,
        "dispenseRequest": {"validityPeriod": {"start": start, "end": end}},
        "dosageInstruction": [
            {
                "text": f"{dose:g} mg PO {freq}",
                "route": {"text": "PO"},
                "timing": {"code": {"text": freq}},
                "doseAndRate": [{"doseQuantity": {"value": dose, "unit": "mg"}}],
            }
        ],
    }  # fmt: skip


def _given(rid: str, name: str, when: str, enc: str) -> dict[str, Any]:
    return {
        "resourceType": "MedicationAdministration",
        "id": rid,
        "status": "completed",
        "subject": _subj(),
        "context": {"reference": f"Encounter/{enc}"},
        "medicationCodeableConcept": {"text": name},
        "effectivePeriod": {"start": when, "end": when},
    }


def _lab(
    rid: str, label: str, loinc: str, value: float, unit: str, when: str
) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "subject": _subj(),
        "category": [{"coding": [{"system": c.OBSERVATION_CATEGORY, "code": "laboratory"}]}],
        "code": {"coding": [{"system": c.LOINC, "code": loinc, "display": label}], "text": label},
        "effectiveDateTime": when,
        "valueQuantity": {"value": value, "unit": unit},
    }  # fmt: skip


def _context(rec: PatientRecord, cur: str) -> TopicContext:
    store = FhirStore.from_records([rec])
    enc = admissions(rec)[-1]
    view = store.view(rec.patient_id, cur)
    facts = admission_facts(view, enc)
    return TopicContext(facts, EhrToolkit(view), np.random.default_rng(0), {})


def _graded(d, ctx: TopicContext) -> None:
    """The gold grades 1.0 in EN and ZH."""
    binder = ProvenanceBinder(ctx.toolkit.view, ctx.facts, ctx.read_cache)
    turn = _turn(0, d, Implicitness.EXPLICIT, binder)
    for lang in ("en", "zh"):
        v = grade_gold(turn, lang)
        assert v.score == 1.0, (lang, getattr(d.gold_answer, lang), v)
    return turn


# ------------------------------------------------ 1. an anticoagulant in a bleeding chart
def _bleed_record() -> PatientRecord:
    """Home warfarin (discharged on it), admitted with an upper-GI bleed: the warfarin
    order written at +3 h and discontinued at +20 h, vitamin K and 4F-PCC given."""
    notes = {
        "cur": {
            "Chief Complaint": "Black stools",
            "Medications on Admission": "Warfarin 5 mg daily",
        }
    }
    res = [
        {"resourceType": "Patient", "id": PID, "gender": "male", "birthDate": "2080-03-01"},
        _enc("old", "2149-11-01T08:00:00", "2149-11-05T12:00:00"),
        _cond("dx-af", "I4891", "Unspecified atrial fibrillation", "old"),
        _rx("rx-old", "Warfarin", 5, "DAILY16", "old", "2149-11-01T16:00:00",
            "2149-11-05T12:00:00", "completed"),
        _enc("cur", "2150-01-10T08:00:00", "2150-01-14T12:00:00"),
        _cond("dx-gib", "K922", "Gastrointestinal hemorrhage, unspecified", "cur"),
        _cond("dx-af2", "I4891", "Unspecified atrial fibrillation", "cur"),
        _rx("rx-cur", "Warfarin", 5, "DAILY16", "cur", "2150-01-10T11:00:00",
            "2150-01-11T04:00:00", "stopped"),
        _given("ma-pcc", "Prothrombin Complex Concentrate (Kcentra)", "2150-01-10T10:00:00", "cur"),
        _given("ma-vk", "Phytonadione", "2150-01-10T10:00:00", "cur"),
        _lab("inr-1", "INR(PT)", "6301-6", 3.4, "", "2150-01-10T09:00:00"),
        _lab("hb-1", "Hemoglobin", "718-7", 9.8, "g/dL", "2150-01-10T09:00:00"),
        _lab("hb-2", "Hemoglobin", "718-7", 7.4, "g/dL", "2150-01-11T06:00:00"),
    ]  # fmt: skip
    return PatientRecord(PID, res, source="test", meta={"note_sections": notes})


def _adherence_ctx(rec: PatientRecord, cur: str) -> TopicContext:
    ctx = _context(rec, cur)
    store = FhirStore.from_records([rec])
    pt = PatientTurns(rec, 0, as_of=cur, store=store)
    # the patient takes it as prescribed: before the fix, "continue as ordered"
    pt.memory = build_memory(
        rec,
        0,
        as_of=cur,
        store=store,
        persona_overrides={"adherence": {"warfarin": "good"}},
    )
    pt.patient = ScriptedPatient(pt.memory)
    ctx.patient = pt
    return ctx


def test_warfarin_in_a_bleed_is_held_and_its_stopped_order_dated():
    rec = _bleed_record()
    ctx = _adherence_ctx(rec, "2150-01-12")
    assert "warfarin" in ctx.facts.home
    for task in (TaskType.DG, TaskType.IL):
        d = patient_adherence(ctx, "warfarin", task)
        assert d is not None, task
        assert d.decision == "hold for bleeding"
        hold_en, hold_zh, terms = BLEED_PLAN["hold for bleeding"]
        assert hold_en.format(drug="warfarin") in d.gold_answer.en
        assert hold_zh.format(drug_zh="华法林") in d.gold_answer.zh
        for k, lang in enumerate(("en", "zh")):
            text = getattr(d.gold_answer, lang)
            assert ADHERENCE_PLAN[True][k] not in text
        conclusion = [
            i for i in d.rubric if i.critical and getattr(i.check, "contradicts", None)
        ]
        assert len(conclusion) == 1 and conclusion[0].check.terms == terms
        assert conclusion[0].check.contradicts == ADHERENCE_PLAN[True][2]
        turn = _graded(d, ctx)
        # "continue as ordered" in its place fails the critical conclusion
        for k, lang in enumerate(("en", "zh")):
            plan = (hold_en.format(drug="warfarin"), hold_zh.format(drug_zh="华法林"))[
                k
            ]
            wrong_text = getattr(turn.gold_answer, lang).replace(
                plan, ADHERENCE_PLAN[True][k]
            )
            wrong = turn.model_copy(
                update={
                    "gold_answer": turn.gold_answer.model_copy(
                        update={lang: wrong_text}
                    )
                }
            )
            assert grade_gold(wrong, lang).score <= 0.5, (lang, wrong_text)
    d = patient_adherence(ctx, "warfarin", TaskType.DG)
    assert d is not None
    # the order was stopped, and when: not "is ordered"
    assert "is ordered at" not in d.gold_answer.en
    assert "stopped on 2150-01-11 04:00" in d.gold_answer.en
    assert "已于 2150-01-11 04:00 停用" in d.gold_answer.zh


def test_a_stopped_order_without_a_bleed_is_reconciled_not_continued():
    rec = _bleed_record()
    # no bleed: the codes, the reversal and the haemoglobin fall removed
    rec = PatientRecord(
        PID,
        [
            r
            for r in rec.resources
            if r.get("id") not in ("dx-gib", "ma-pcc", "ma-vk", "hb-2")
        ],
        source="test",
        meta=rec.meta,
    )
    ctx = _adherence_ctx(rec, "2150-01-12")
    d = patient_adherence(ctx, "warfarin", TaskType.DG)
    assert d is not None
    assert d.decision == "reconcile first"
    assert (
        "was ordered at 5 mg DAILY16 and stopped on 2150-01-11 04:00"
        in d.gold_answer.en
    )
    assert ADHERENCE_PLAN[True][0] not in d.gold_answer.en
    assert ADHERENCE_PLAN[True][1] not in d.gold_answer.zh
    _graded(d, ctx)


# ------------------------------------------------ 2. every lab a score uses is fetched
_LABS = {
    "bili": ("Bilirubin, Total", "1975-2", "mg/dL"),
    "cr": ("Creatinine", "2160-0", "mg/dL"),
    "na": ("Sodium", "2951-2", "mEq/L"),
    "hb": ("Hemoglobin", "718-7", "g/dL"),
}


def _score_record(dx: tuple[str, str]) -> PatientRecord:
    """An INR drawn on day 0 only; bilirubin, creatinine, sodium and haemoglobin three
    times a day for 3 days after it (over 20 newer results of the other labs)."""
    res = [
        {"resourceType": "Patient", "id": PID, "gender": "female", "birthDate": "2085-03-01"},
        _enc("cur", "2150-02-01T08:00:00", "2150-02-06T12:00:00"),
        _cond("dx", dx[0], dx[1], "cur", "2150-02-01T10:00:00"),
        _lab("inr-0", "INR(PT)", "6301-6", 1.7, "", "2150-02-01T09:00:00"),
    ]  # fmt: skip
    n = 0
    for day in (2, 3, 4):
        for hour in ("04", "12", "20"):
            when = f"2150-02-0{day}T{hour}:00:00"
            for key, value in (("bili", 2.3), ("cr", 1.1), ("na", 131), ("hb", 10.2)):
                label, loinc, unit = _LABS[key]
                n += 1
                res.append(_lab(f"{key}-{n}", label, loinc, value, unit, when))
    return PatientRecord(PID, res, source="test")


def test_meld_na_fetches_the_inr_it_cites():
    rec = _score_record(("K7469", "Other cirrhosis of liver"))
    ctx = _context(rec, "2150-02-04")
    d = SC.meld_na(ctx)
    assert d is not None and "INR 1.7" in d.gold_answer.en
    _graded(d, ctx)  # before the fix: "INR 1.7 is in no result seen"
    searches = [c for c in d.gold_actions if c.name == "Observation.search"]
    assert len(searches) == 4  # one per lab, each with its own page


def test_has_bled_fetches_the_inr_it_reads():
    rec = _score_record(("I4891", "Unspecified atrial fibrillation"))
    ctx = _context(rec, "2150-02-04")
    d = SC.has_bled(ctx)
    assert d is not None
    searches = [
        c.arguments.get("code")
        for c in d.gold_actions
        if c.name == "Observation.search"
    ]
    assert {"creatinine", "hemoglobin", "INR"} <= set(searches)
    _graded(d, ctx)
