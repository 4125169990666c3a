"""Gold a physician signs on real records, round 12 (issue #37): the wrong-claim classes
of the fresh independent reading of round 11 (docs/real-records.md, "Round 12: the wrong
claims of the round-11 reading"), fixed by their principle and tested on hand-made
records in MIMIC-IV format (invented values, never MIMIC's). Each record test fails on
the behaviour before the fix. The last test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    ADM,
    INPUT,
    LAB,
    Stays,
    adm,
    cr,
    demo_contexts,
    hb,
    k,
    lab,
    next_id,
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical.antithrombotic import prophylactic_anticoagulant
from physassist_env.clinical.bleeding import variceal_vasoactive
from physassist_env.clinical.doses import count_doses
from physassist_env.clinical.routes import route_class, separate_regimens
from physassist_env.clinical.specimen import contradicted_creatinine, decision_index
from physassist_env.scenarios.derived import aki_facts
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import hematology as HE
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics import writes as W
from physassist_env.scenarios.vocab import SAFETY_PAIRS

_S = Stays("97", "98")
_STAY, _PRIOR, _END, _DAY = _S.stay, _S.prior, _S.stay[1], _S.day
_h, _p, _home, _rx, _emar, _c = (
    _S.hadm,
    _S.earlier_hadm,
    _S.home,
    _S.order,
    _S.emar,
    _S.context,
)
_PIDS = ("7201", "7202", "7203", "7204", "7205", "7206", "7207", "7208", "7209")


#: (subject, hadm, pharmacy_id, start, stop, drug, dose, unit, route, frequency, status)
_ORDERS = [
    # 1. cirrhosis and coronary disease: octreotide by IV drip (7201) or none (7202)
    _rx("7201", 1, "2150-03-04 09:00:00", "Octreotide Acetate", "50", "mcg", "IV DRIP", ""),
    _rx("7201", 2, "2150-03-04 09:00:00", "Pantoprazole", "40", "mg", "IV", "Q12H"),
    _rx("7202", 3, "2150-03-04 09:00:00", "Atorvastatin", "40", "mg", "PO", "QPM"),
    # 2. warfarin on the last list; now heparin 5,000 units SC TID (7203) or
    # enoxaparin 80 mg q12h (7204)
    _home("7203", 4, "Warfarin", "5", "mg", "PO", "DAILY16"),
    _home("7203", 5, "Atorvastatin", "40", "mg", "PO", "QPM"),
    _rx("7203", 6, "2150-03-01 08:00:00", "Heparin", "5000", "UNIT", "SC", "TID"),
    _rx("7203", 19, "2150-03-01 08:00:00", "Heparin Flush (10 units/ml)", "5", "mL", "IV", "DAILY"),
    _rx("7203", 7, "2150-03-01 08:00:00", "Atorvastatin", "40", "mg", "PO", "QPM"),
    _home("7204", 8, "Warfarin", "5", "mg", "PO", "DAILY16"),
    _home("7204", 9, "Atorvastatin", "40", "mg", "PO", "QPM"),
    _home("7204", 18, "Furosemide", "20", "mg", "PO", "DAILY"),
    _rx("7204", 10, "2150-03-01 08:00:00", "Enoxaparin Sodium", "80", "mg", "SC", "Q12H"),
    _rx("7204", 11, "2150-03-01 08:00:00", "Atorvastatin", "40", "mg", "PO", "QPM"),
    # 3. AF on rivaroxaban (ordered by name) with a haemoglobin fall
    _rx("7205", 12, "2150-03-05 17:00:00", "Rivaroxaban", "20", "mg", "PO/NG", "DINNER"),
    # 4. a cardiac patient's potassium (7206)
    _rx("7206", 13, "2150-03-01 08:00:00", "Atorvastatin", "40", "mg", "PO", "QPM"),
    # 6-7. piperacillin-tazobactam; IV and oral vancomycin at once (7208)
    _rx("7208", 14, "2150-03-03 12:00:00", "Piperacillin-Tazobactam", "4.5", "g", "IV", "Q6H"),
    _rx("7208", 15, "2150-03-04 08:00:00", "Vancomycin", "750", "mg", "IV", "Q 24H"),
    _rx("7208", 16, "2150-03-04 00:00:00", "Vancomycin Oral Liquid", "500", "mg", "PO/NG", "Q6H"),
    # 8. insulin with a hypoglycaemia the day before (7209)
    _rx("7209", 17, "2150-03-01 08:00:00", "Insulin Glargine", "20", "UNIT", "SC", "QHS"),
]  # fmt: skip

_WB_K = 50822  # potassium, whole blood (blood gas)


def _icu_dose(pid, t, item) -> list:
    """One ICU antibiotic dose (an input event)."""
    i = next_id()
    return [pid, _h(pid), 9208, 1, t, t, t, item, 1, "dose", "", "", i, i,
            "08-Antibiotics (IV)", "", "Main order parameter", "Drug Push", 80, "", "",
            0, 0, "FinishedRunning", 1, 1]  # fmt: skip


_ZOSYN = 225893
_PIP_TIMES = [
    "2150-03-03 12:00:00",
    "2150-03-03 18:00:00",
    "2150-03-04 00:00:00",
    "2150-03-04 06:00:00",
]

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 66, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_STAY) for p in _PIDS]
        + [adm(p, _p(p), *_PRIOR) for p in ("7201", "7202", "7203", "7204", "7205", "7206")],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["K7030", 10, "Alcoholic cirrhosis of liver without ascites"],
            ["I2510", 10, "Atherosclerotic heart disease of native coronary artery without angina pectoris"],
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["I10", 10, "Essential (primary) hypertension"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [
            ["7201", _p("7201"), 1, "K7030", 10],
            ["7201", _p("7201"), 2, "I2510", 10],
            ["7202", _p("7202"), 1, "K7030", 10],
            ["7202", _p("7202"), 2, "I2510", 10],
            ["7205", _p("7205"), 1, "I4891", 10],
            ["7205", _p("7205"), 2, "I10", 10],
            ["7206", _p("7206"), 1, "I2510", 10],
        ],
    ),
    "icu/icustays": (
        "subject_id,hadm_id,stay_id,first_careunit,last_careunit,intime,outtime,los",
        [["7208", _h("7208"), 9208, "Medical Intensive Care Unit (MICU)",
          "Medical Intensive Care Unit (MICU)", "2150-03-03 09:00:00", _END, 5.0]],
    ),
    "icu/d_items": (
        "itemid,label,abbreviation,linksto,category,unitname,param_type,lownormalvalue,highnormalvalue",
        [[_ZOSYN, "Piperacillin/Tazobactam (Zosyn)", "Zosyn", "inputevents",
          "Antibiotics", "dose", "Solution", "", ""]],
    ),
    "icu/inputevents": (INPUT, [_icu_dose("7208", t, _ZOSYN) for t in _PIP_TIMES]),
    "hosp/emar": (
        "subject_id,hadm_id,emar_id,emar_seq,poe_id,pharmacy_id,enter_provider_id,charttime,medication,event_txt,scheduletime,storetime",
        # the same four doses charted on the eMAR minutes after the ICU rows
        [_emar("7208", t[:14] + "07:00", "Piperacillin-Tazobactam") for t in _PIP_TIMES],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [50971, "Potassium", "Blood", "Chemistry"],
            [_WB_K, "Potassium, Whole Blood", "Blood", "Blood Gas"],
            [51222, "Hemoglobin", "Blood", "Hematology"],
            [50931, "Glucose", "Blood", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [cr(p, _h(p), "2150-03-02 06:00:00", 0.9) for p in _PIDS if p != "7207"]
        + [
            # 1. a haemoglobin of 7.8 after resuscitation
            hb("7201", _h("7201"), "2150-03-04 06:00:00", 8.1),
            hb("7201", _h("7201"), "2150-03-05 06:00:00", 7.8),
            hb("7202", _h("7202"), "2150-03-04 06:00:00", 8.1),
            hb("7202", _h("7202"), "2150-03-05 06:00:00", 7.8),
            # 3. a fall of 2.4 g/dL in a day on rivaroxaban
            hb("7205", _h("7205"), "2150-03-04 06:00:00", 11.0),
            hb("7205", _h("7205"), "2150-03-05 06:00:00", 8.6),
            # 4. serum 4.4, then a whole-blood 3.4 two hours later
            k("7206", _h("7206"), "2150-03-05 18:38:00", 4.4),
            lab("7206", _h("7206"), _WB_K, "2150-03-05 20:53:00", 3.4, "mEq/L", 3.5, 5.1),
            # 5. 1.3 for days, 2.5, a lone 0.9, 2.7
            cr("7207", _h("7207"), "2150-03-01 06:00:00", 1.3),
            cr("7207", _h("7207"), "2150-03-02 06:00:00", 1.3),
            cr("7207", _h("7207"), "2150-03-04 14:30:00", 2.5),
            cr("7207", _h("7207"), "2150-03-05 02:15:00", 0.9),
            cr("7207", _h("7207"), "2150-03-05 04:05:00", 2.7),
            # 8. glucose 62 the morning before, 121 now, on insulin
            lab("7209", _h("7209"), 50931, "2150-03-04 07:30:00", 62, "mg/dL", 70, 100),
            lab("7209", _h("7209"), 50931, "2150-03-04 17:00:00", 150, "mg/dL", 70, 100),
            lab("7209", _h("7209"), 50931, "2150-03-05 08:00:00", 121, "mg/dL", 70, 100),
        ],
    ),
    **order_tables(_ORDERS),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r12", TABLES, _PIDS)


# ------------------------------------------------ 1. the transfusion threshold
def test_a_treated_variceal_bleed_reads_seven_not_the_coronary_eight(real):
    """7.8 g/dL was "below the restrictive threshold" (the coronary 8 unnamed) and one
    unit ordered in a cirrhotic patient on octreotide (10039708-24928679 t3)."""
    ctx = _c(real, "7201")
    d = HE.transfusion_threshold(ctx)
    assert d is not None and d.decision == "no transfusion"
    en = d.gold_answer.en
    assert "above the restrictive threshold of 7 g/dL" in en
    assert "variceal" in en and "Baveno VII" in en and "7-8 g/dL" in en
    assert "7 g/dL" in d.gold_answer.zh and "静脉曲张" in d.gold_answer.zh
    assert HE.transfuse_order(_c(real, "7201")) is None
    zh_clean(d)
    _gold_ok(d, ctx)


def test_the_coronary_threshold_is_named_with_its_population(real):
    """Without a vasoactive drug the coronary threshold (8 g/dL) applies, and the order
    names it with its population (AABB 2023)."""
    d = HE.transfuse_order(_c(real, "7202"))
    assert d is not None
    note = d.gold_actions[-1].arguments["note"]
    assert "8 g/dL for patients with coronary disease" in note
    assert "8 g/dL" in d.gold_answer.zh and "冠心病" in d.gold_answer.zh
    zh_clean(d)


def test_variceal_vasoactive_reads_the_route():
    assert variceal_vasoactive("Octreotide Acetate", "IV DRIP")
    assert variceal_vasoactive("terlipressin", "IV")
    # subcutaneous octreotide is the hepatorenal / carcinoid regimen
    assert not variceal_vasoactive("Octreotide Acetate", "SC")
    assert not variceal_vasoactive("Vasopressin", "IV DRIP")


# ------------------------------------------------ 2. prophylaxis is no substitute
def test_prophylactic_heparin_does_not_replace_warfarin(real):
    """Warfarin "replaced by a drug of the same group, heparin" when the heparin is
    5,000 units SC TID (10018081-28861356 t1)."""
    d = RC.admission_reconciliation(_c(real, "7203"))
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "replaced by a drug of the same group" not in en
    assert "not ordered on this admission: warfarin" in en
    assert "anticoagulation off" in en and "VTE-prophylaxis dose" in en
    assert "Heparin 5000 UNIT SC TID" in en
    assert "预防静脉血栓" in zh and "换用同类" not in zh
    assert "肝素 5000 单位（皮下，每日三次）" in zh
    zh_clean(d)


def test_a_treatment_dose_still_substitutes(real):
    d = RC.admission_reconciliation(_c(real, "7204"))
    assert d is not None
    assert (
        "replaced by a drug of the same group (do not resume both): warfarin by enoxaparin"
        in (d.gold_answer.en)
    )


def test_prophylactic_anticoagulant_doses():
    assert prophylactic_anticoagulant("heparin", 5000, "SC", "TID")
    assert not prophylactic_anticoagulant("heparin", 1000, "IV DRIP", "")
    assert not prophylactic_anticoagulant("heparin", 17500, "SC", "Q12H")
    assert prophylactic_anticoagulant("enoxaparin", 40, "SC", "DAILY")
    assert not prophylactic_anticoagulant("enoxaparin", 80, "SC", "Q12H")
    assert prophylactic_anticoagulant("fondaparinux", 2.5, "SC", "DAILY")
    assert not prophylactic_anticoagulant("warfarin", 5, "PO", "DAILY")


# ------------------------------------------------ 3. on an anticoagulant: hold, not start
def test_af_on_rivaroxaban_with_a_bleed_is_told_hold_not_start(real):
    """ "Do not start anticoagulation" to a patient on rivaroxaban (ordered by name, no
    generic field) with a haemoglobin fall (10014354-23132022 t1)."""
    ctx = _c(real, "7205")
    assert ctx.facts.on_drug("rivaroxaban")
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    en = d.gold_answer.en
    assert "do not start" not in en and "hold the rivaroxaban" in en
    assert "暂停利伐沙班" in d.gold_answer.zh
    assert any(c.name == "MedicationRequest.search" for c in d.gold_actions)


# ------------------------------------------------ 4. a blood-gas potassium is not dosed on
def test_no_repletion_for_a_blood_gas_value_after_a_normal_serum(real):
    """KCl 40 mEq for a whole-blood 3.4 two hours after a serum 4.4
    (10025463-24470193 t3)."""
    ctx = _c(real, "7206")
    series = ctx.facts.labs["potassium"]
    assert series.latest.whole_blood and series.decision_point.value == 4.4
    assert W.replace_potassium(_c(real, "7206")) is None
    assert EL.potassium_dose(_c(real, "7206")) is None


def test_decision_index():
    t = "2150-03-05T"
    assert decision_index([(t + "06:00", False)]) == 0
    assert decision_index([(t + "06:00", False), (t + "08:00", True)]) == 0
    # no serum value within 12 h before the blood-gas value: a serum repeat first
    assert decision_index([("2150-03-04T06:00", False), (t + "20:00", True)]) is None
    assert decision_index([(t + "08:00", True)]) is None
    assert decision_index([(t + "06:00", True), (t + "08:00", False)]) == 1


# ------------------------------------------------ 5. a lone creatinine is no baseline
def test_a_creatinine_both_neighbours_contradict_is_no_baseline(real):
    """A 0.9 drawn between 2.5 and 2.7 was the baseline of a "stage 3"
    (10037861-24540843 t3); 1.3 of the days before is."""
    ctx = _c(real, "7207")
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.baseline == 1.3 and aki.stage == 2
    d = RN.kdigo_aki(ctx)
    assert d is not None and "stage 2" in d.gold_answer.en
    assert "0.9 on 2150-03-05, is left out" in d.gold_answer.en
    assert "未计入" in d.gold_answer.zh


def test_contradicted_creatinine_rule():
    pts = [
        ("2150-03-04T14:30", 2.5),
        ("2150-03-05T02:15", 0.9),
        ("2150-03-05T04:05", 2.7),
    ]
    assert contradicted_creatinine(pts) == {"2150-03-05T02:15"}
    # a dialysis session's fall that rebounds partly is kept
    hd = [
        ("2150-03-04T06:00", 6.0),
        ("2150-03-04T14:00", 2.5),
        ("2150-03-05T06:00", 4.0),
    ]
    assert contradicted_creatinine(hd) == set()
    # a lone high value (a peak that recovered) is kept
    high = [
        ("2150-03-01T06:30", 1.0),
        ("2150-03-01T20:00", 2.4),
        ("2150-03-02T06:00", 1.1),
    ]
    assert contradicted_creatinine(high) == set()
    # neighbours more than a day away do not contradict
    far = [
        ("2150-03-01T06:00", 2.5),
        ("2150-03-03T06:00", 0.9),
        ("2150-03-05T06:00", 2.6),
    ]
    assert contradicted_creatinine(far) == set()


# ------------------------------------------------ 6. one dose charted twice is one dose
def test_a_dose_charted_in_icu_and_emar_counts_once(real):
    """ "After 46 doses of piperacillin" counting each ICU row and eMAR row
    (10037861-24540843 t2)."""
    assert _c(real, "7208").facts.given["piperacillin"] == len(_PIP_TIMES)


def test_count_doses():
    icu = ["2150-03-03T12:00", "2150-03-03T18:00"]
    ward = ["2150-03-03T12:07", "2150-03-03T18:05", "2150-03-04T00:00"]
    assert count_doses(icu, ward) == 3
    assert count_doses(icu, []) == 2
    # two real doses two hours apart stay two
    assert count_doses(["2150-03-03T12:00"], ["2150-03-03T14:00"]) == 2


# ------------------------------------------------ 7. two routes are two regimens
def test_iv_and_oral_vancomycin_are_two_regimens(real):
    """IV vancomycin reported as "the" regimen beside an active oral one
    (10002428-20321825 t0)."""
    ctx = _c(real, "7208")
    d = LK.med_current(ctx, "vancomycin")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "750 mg IV" in en and "500 mg PO/NG Q6H" in en
    assert "C. difficile" in en and "systemic" in en
    assert "艰难梭菌" in zh and "口服" in zh
    _gold_ok(d, ctx)


def test_route_classes():
    assert route_class("PO/NG") == "enteral" and route_class("IV") == "parenteral"
    assert separate_regimens("IV", "PO/NG") and not separate_regimens("IV", "IVPB")
    assert not separate_regimens("IV", "TP")


# ------------------------------------------------ 8. the flag names the finding
def test_an_insulin_flag_names_the_hypoglycaemia(real):
    """A flag "glucose 121 (not high): reduce" where the 62 of that morning is the
    finding (10023239-21759936 t3)."""
    pair = next(p for p in SAFETY_PAIRS if p.drug_class == "insulin")
    ctx = _c(real, "7209")
    d = W.flag_safety(ctx, pair, "insulin")
    assert d is not None and d.decision == "reduce"
    args = d.gold_actions[-1].arguments
    assert "62 mg/dL" in args["code"] and "Hypoglycemia" in args["detail"]
    assert "低血糖" in d.gold_answer.zh and "62 mg/dL" in d.gold_answer.zh
    _gold_ok(d, ctx)


# ------------------------------------------------ the reading's sessions on the demo
_READ = {
    "tx": ("10039708", "24928679", "2143-09-20"),
    "warf": ("10018081", "28861356", "2134-08-12"),
    "cha": ("10014354", "23132022", "2148-06-27"),
    "kwb": ("10025463", "24470193", "2137-10-08"),
    "cr": ("10037861", "24540843", "2117-03-23"),
    "vanc": ("10002428", "20321825", "2156-05-02"),
    "glu": ("10023239", "21759936", "2140-10-07"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """Properties only (no values): the wrong claims are gone."""
    ctx = demo_contexts(tmp_path, _READ)
    d = HE.transfusion_threshold(ctx("tx"))
    assert d is not None and d.decision == "no transfusion"
    assert HE.transfuse_order(ctx("tx")) is None
    d = RC.admission_reconciliation(ctx("warf"))
    assert "replaced by a drug of the same group" not in d.gold_answer.en
    assert "anticoagulation off" in d.gold_answer.en
    d = RS.cha2ds2vasc(ctx("cha"))
    assert "do not start" not in d.gold_answer.en
    assert W.replace_potassium(ctx("kwb")) is None
    c = ctx("cr")
    assert aki_facts(c.facts).stage == 2
    assert c.facts.given["piperacillin"] < 30
    d = LK.med_current(ctx("vanc"), "vancomycin")
    assert "PO/NG" in d.gold_answer.en and "IV" in d.gold_answer.en
    pair = next(p for p in SAFETY_PAIRS if p.drug_class == "insulin")
    d = W.flag_safety(ctx("glu"), pair, "insulin")
    assert "Hypoglycemia" in d.gold_actions[-1].arguments["detail"]
