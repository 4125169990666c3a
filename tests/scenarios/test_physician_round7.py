"""Gold a physician signs on real records, round 7 (issue #37): what the physician
readings left, fixed by principle and tested on fixtures built here (never on MIMIC
values). Each test fails on the behaviour before the fix.
"""

from __future__ import annotations

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.fhir import PatientRecord
from physassist_env.scenarios.model import Scenario
from physassist_env.scenarios.planner import coded_at_discharge, current_date_for

PID = "p7"
SUBJ = {"reference": f"Patient/{PID}"}


# ------------------------------------------------ 1. the session's day on a two-day stay
def _short_stay(recorded: str | None) -> tuple[FhirStore, dict]:
    enc = {
        "resourceType": "Encounter",
        "id": "h7",
        "status": "finished",
        "class": {"code": "IMP"},
        "subject": SUBJ,
        "period": {"start": "2150-05-01T18:00:00", "end": "2150-05-02T15:00:00"},
    }
    dx = {
        "resourceType": "Condition",
        "id": "dx-h7-1",
        "code": {"text": "Syncope and collapse"},
        "subject": SUBJ,
        "encounter": {"reference": "Encounter/h7"},
    }
    if recorded:
        dx["recordedDate"] = recorded
    patient = {"resourceType": "Patient", "id": PID, "gender": "female"}
    record = PatientRecord(patient_id=PID, resources=[patient, enc, dx], source="test")
    return FhirStore.from_records([record]), enc


def test_codes_recorded_at_discharge_are_not_read_on_a_session_of_that_day():
    store, enc = _short_stay("2150-05-02T15:00:00")  # coded at discharge, as MIMIC-IV
    assert coded_at_discharge(store, PID, enc)
    day = current_date_for(
        enc, Scenario.MED_SAFETY, coded_at_discharge=coded_at_discharge(store, PID, enc)
    )
    # held on the day before discharge (the admission day), not the discharge day
    assert day == "2150-05-01"

    # the view the agent reads and the gold's facts (both ``store.view(pid, day)``)
    # agree: the discharge codes are not there yet
    def shown(on: str) -> str:
        result = EhrToolkit(store.view(PID, on)).call("Condition.search", {})
        assert result.ok
        return str(result.resource)

    assert "Syncope" in shown("2150-05-02") and "Syncope" not in shown(day)
    # a record whose codes were known during the stay keeps the discharge day
    store2, enc2 = _short_stay(None)
    assert not coded_at_discharge(store2, PID, enc2)
    assert current_date_for(enc2, Scenario.MED_SAFETY) == "2150-05-02"


# ------------------------------------------------------- 2. whole blood and serum apart
def test_a_trend_mixing_blood_gas_and_serum_values_says_which_is_whole_blood():
    from physassist_env.clinical.specimen import whole_blood
    from physassist_env.scenarios.features import LabPoint, LabSeries
    from physassist_env.scenarios.topics.base import trend_text
    from physassist_env.scenarios.vocab import LABS

    # MIMIC-IV itemid 50822 (blood gas, LOINC 6298-4) beside 50971 (serum, 2823-3)
    assert whole_blood({"6298-4"}) and not whole_blood({"2823-3"})
    k = LabSeries(
        LABS["potassium"],
        [
            LabPoint("2150-05-01T06:00:00", 3.2, "mmol/L", "L"),
            LabPoint("2150-05-02T06:00:00", 3.8, "mmol/L", ""),
            LabPoint("2150-05-03T04:00:00", 4.4, "mmol/L", "", whole_blood=True),
        ],
    )
    en, zh, _, latest = trend_text(k)
    assert latest == "4.4"
    assert "4.4 on 2150-05-03 is a whole-blood (blood gas) value" in en
    assert "全血（血气）" in zh and "4.4（2150-05-03）" in zh
    # one specimen type throughout: nothing to tell apart
    serum = LabSeries(LABS["potassium"], k.points[:2])
    assert "whole-blood" not in trend_text(serum)[0]


# ------------------------------------- 3. an anticoagulant held this admission, resumed
def test_an_anticoagulant_held_this_admission_is_resumed_not_started(synthetic_records):
    from dataclasses import replace

    from test_gold_rules import _first, _gold_ok, _grade, _order

    from physassist_env.scenarios.derived import (
        ANTICOAGULANTS,
        ORAL_ANTICOAGULANTS,
        P2Y12,
        drug_of,
        stopped_anticoagulant,
    )
    from physassist_env.scenarios.topics import reasoning as RS

    ctx = _first(
        synthetic_records,
        lambda c: (
            c.facts.age is not None
            and not c.facts.anticoagulation_cautions()
            and not RS.bleeding_reasons(c.facts)
        ),
    )
    f = ctx.facts
    f.age = 78
    f.history += [
        ("I4891", "Unspecified atrial fibrillation", f.hadm_id),
        ("I10", "Essential (primary) hypertension", f.hadm_id),
    ]
    skip = {*ANTICOAGULANTS, *ORAL_ANTICOAGULANTS, *P2Y12, "aspirin"}
    f.orders = [o for o in f.orders if drug_of(o) not in skip]
    f.given = {g: n for g, n in f.given.items() if g not in skip}
    assert stopped_anticoagulant(f) is None
    # apixaban given this admission, its order ended (held before a procedure): a DOAC
    apix = replace(
        _order("Apixaban", "apixaban", 5, "mg", "PO", "BID", start=f.start[:10] + "T09:00:00"),
        status="stopped",
        end=f.current_date + "T06:00:00",
        hadm_id=f.hadm_id,
    )  # fmt: skip
    f.orders.append(apix)
    assert stopped_anticoagulant(f) is apix
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "decide resumption"
    assert "anticoagulation is recommended" not in d.gold_answer.en
    assert "decide when to resume" in d.gold_answer.en
    assert "恢复" in d.gold_answer.zh and "启动抗凝" not in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert _grade(d, ctx, "CHA2DS2-VASc is 4; anticoagulation is recommended.") < 1.0
    # an enoxaparin bridge running: anticoagulation runs, nothing held to resume
    f.orders.append(_order("Enoxaparin Sodium", None, 80, "mg", "SC", "Q12H"))
    assert stopped_anticoagulant(f) is None


# --------------------------------------------- 5. potassium route on the ventilator
def test_potassium_on_invasive_ventilation_is_given_per_tube_or_iv(synthetic_records):
    from test_gold6_rules import _dated, _k_ctx
    from test_gold_rules import _gold_ok, _grade, _series

    from physassist_env.scenarios.topics import electrolytes as EL

    ctx = _k_ctx(synthetic_records)
    ctx.facts.labs["potassium"] = _dated(
        ctx, _series("potassium", [3.6, 3.2], "mEq/L", ["", "L"]), 0
    )
    ctx.facts.ventilated = ""
    d = EL.potassium_dose(ctx)
    assert d is not None and "40 mEq by mouth" in d.gold_answer.en
    ctx.facts.ventilated = "Invasive Ventilation"
    d = EL.potassium_dose(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "per feeding tube" in en and "not by mouth" in en and "by mouth," not in en
    assert "不经口服用" in zh and "口服氯化钾" not in zh
    assert any(c.name == "Procedure.search" for c in d.gold_actions)
    _gold_ok(d, ctx)
    oral = (
        "Yes, replace it: potassium is 3.2 mEq/L, low. Give potassium chloride 40 mEq"
        " by mouth, check the magnesium, and recheck the potassium after."
    )
    assert _grade(d, ctx, oral) < 1.0


def test_ventilation_is_read_from_the_procedures_of_the_day():
    from physassist_env.scenarios.features import ventilated_in_record

    enc_ref = {"reference": "Encounter/h7"}

    def proc(pid: str, name: str, **when) -> dict:
        return {"resourceType": "Procedure", "id": pid, "status": "completed",
                "code": {"text": name}, "subject": SUBJ, "encounter": enc_ref, **when}  # fmt: skip

    patient = {"resourceType": "Patient", "id": PID, "gender": "male"}
    res = [
        patient,
        proc("v1", "Invasive Ventilation",
             performedPeriod={"start": "2150-05-01T10:00:00", "end": "2150-05-03T09:00:00"}),
        proc("v2", "Non-invasive Ventilation",
             performedPeriod={"start": "2150-05-04T10:00:00", "end": "2150-05-06T09:00:00"}),
    ]  # fmt: skip
    store = FhirStore.from_records(
        [PatientRecord(patient_id=PID, resources=res, source="t")]
    )
    assert ventilated_in_record(
        store.view(PID, "2150-05-02"), "2150-05-01", "2150-05-02"
    )
    # extubated the day before: by mouth again; non-invasive ventilation is not read
    assert not ventilated_in_record(
        store.view(PID, "2150-05-05"), "2150-05-01", "2150-05-05"
    )


# ------------------------------------------------- 6. a combination product's dose split
def test_a_combination_product_states_its_dose_split(synthetic_records):
    from test_gold_rules import _first, _gold_ok, _grade, _order

    from physassist_env.clinical.combination import dose_split
    from physassist_env.scenarios.derived import drug_of
    from physassist_env.scenarios.topics import lookup as LK

    assert dose_split("Piperacillin-Tazobactam", 4.5, "g") == (
        "piperacillin", "tazobactam", 4.0, 0.5
    )  # fmt: skip
    assert dose_split("Amoxicillin-Clavulanic Acid", 875, "mg") is None  # ratio varies
    ctx = _first(synthetic_records, lambda c: True)
    ctx.facts.orders = [o for o in ctx.facts.orders if drug_of(o) != "ampicillin"]
    ctx.facts.orders.append(
        _order("Ampicillin-Sulbactam", "ampicillin", 3, "g", "IV", "Q6H")
    )
    d = LK.med_current(ctx, "ampicillin")
    assert d is not None
    assert d.gold_answer.en.startswith(
        "Ampicillin-Sulbactam 3 g (ampicillin 2 g + sulbactam 1 g) IV Q6H"
    )
    assert "（氨苄西林与舒巴坦分别为 2 g 和 1 g）" in d.gold_answer.zh
    _gold_ok(d, ctx)
    assert _grade(d, ctx, "Ampicillin 2 g IV Q6H.") < 1.0
    # the component named like the product's generic (piperacillin) is no dose claim
    ctx.facts.orders = [o for o in ctx.facts.orders if drug_of(o) != "piperacillin"]
    ctx.facts.orders.append(
        _order("Piperacillin-Tazobactam", "piperacillin", 4.5, "g", "IV", "Q8H")
    )
    d = LK.med_current(ctx, "piperacillin")
    assert d is not None and "(piperacillin 4 g + tazobactam 0.5 g)" in d.gold_answer.en
    _gold_ok(d, ctx)


# ------------------------------------------ 4. discharge changes: a substitution named
def test_a_substitution_within_a_class_is_named_at_discharge(synthetic_records):
    from test_gold_rules import _first, _gold_ok, _order

    from physassist_env.scenarios.derived import last_discharge_list
    from physassist_env.scenarios.topics import reconciliation as RC
    from physassist_env.vocab.drugs import SUBSTITUTION_GROUP

    def fits(c) -> bool:
        if RC.discharge_changes(c) is None:
            return False
        last = last_discharge_list(c.toolkit.view, c.facts)
        active = RC.current_drugs(c)[0]
        return any(g not in active and g in SUBSTITUTION_GROUP for g in last.generics)

    ctx = _first(synthetic_records, fits)
    last = last_discharge_list(ctx.toolkit.view, ctx.facts)
    active = RC.current_drugs(ctx)[0]
    gone = next(g for g in last.generics if g not in active and g in SUBSTITUTION_GROUP)
    group = SUBSTITUTION_GROUP[gone]
    rep = next(
        g
        for g, grp in SUBSTITUTION_GROUP.items()
        if grp == group and g != gone and g not in last.generics and g != "glargine"
    )
    before = RC.discharge_changes(ctx)
    assert "replaces" not in before.gold_answer.en
    ctx.facts.orders.append(_order(rep.title(), None, 10, "mg", "PO", "DAILY"))
    d = RC.discharge_changes(ctx)
    assert d is not None
    assert f"{gone} was stopped and replaced by {rep}, of the same drug class" in (
        d.gold_answer.en
    )
    assert "换用同类药物" in d.gold_answer.zh
    assert RC.substitutions([gone], [rep], last) == {gone: rep}
    _gold_ok(d, ctx)
