"""Round 16 (issue #37, what rounds 15/15b left): the classes on hand-made records in
MIMIC-IV format (invented values, never MIMIC's; docs/real-records.md, "Round 16").
Each record test fails on the behaviour before the fix."""

from __future__ import annotations

import pytest
from _real_records import (
    ADM,
    EMAR,
    LAB,
    Stays,
    adm,
    k,
    lab,
    next_id,
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical import glycaemia
from physassist_env.scenarios.features import dosing_interval_hours
from physassist_env.scenarios.rubric import read_value
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.vocab.zh_text import untranslated_english

_S = Stays("16")
_STAY, _DAY = _S.stay, _S.day
_h, _rx, _emar, _c = _S.hadm, _S.order, _S.emar, _S.context
# 7601 treated after the draw; 7602 treated before it only; 7603 a sliding-scale insulin
# and a phosphate binder's calcium carbonate after it (no hyperkalaemia treatment)
# 7604 a lactate that peaked and normalised four days before the session
# 7605 IV vancomycin and cefepime, a sputum culture sent, a negative MRSA nares screen;
# 7606 the same with the screen grown MRSA; 7607 a negative screen, no respiratory
# specimen (no pneumonia worked up)
# 7608 an insulin order of the first two days, given then, stopped since
# 7609 on digoxin, potassium 4.2 -> 3.4 the same day; 7610 the same without it
_PIDS = ("7601", "7602", "7603", "7604", "7605", "7606", "7607", "7608", "7609", "7610")
_ABX = ("7605", "7606", "7607")

_EMAR_ROWS = [
    _emar("7608", "2150-03-01 08:00:00", "Insulin"),
    _emar("7608", "2150-03-02 08:00:00", "Insulin"),
    _emar("7601", "2150-03-05 11:00:00", "Calcium Gluconate"),
    _emar("7601", "2150-03-05 11:00:00", "Insulin (Regular) for Hyperkalemia"),
    _emar("7601", "2150-03-05 11:05:00", "Dextrose 50%"),
    _emar("7601", "2150-03-05 11:10:00", "Sodium Polystyrene Sulfonate"),
    _emar("7602", "2150-03-05 08:00:00", "Calcium Gluconate"),
    _emar("7602", "2150-03-05 08:00:00", "Insulin"),
    _emar("7602", "2150-03-05 08:00:00", "Dextrose 50%"),
    _emar("7603", "2150-03-05 12:00:00", "Insulin"),
    _emar("7603", "2150-03-05 12:00:00", "Calcium Carbonate"),
]

MICRO = "microevent_id,subject_id,hadm_id,micro_specimen_id,order_provider_id,chartdate,charttime,spec_itemid,spec_type_desc,test_seq,storedate,storetime,test_itemid,test_name,org_itemid,org_name,isolate_num,quantity,ab_itemid,ab_name,dilution_text,dilution_comparison,dilution_value,interpretation,comments"


def _micro(pid, spec, spec_type, test, org="", panel=(), t="2150-03-02 10:00:00"):
    """Rows of one specimen's result (one row per antibiotic of its ``panel``)."""
    return [
        [next_id(), pid, _h(pid), spec, "", t[:10] + " 00:00:00", t, 70000 + spec % 100,
         spec_type, 1, t[:10] + " 00:00:00", t, 90000 + spec % 100, test,
         80023 if org else "", org, 1 if org else "", "", ab_id, ab, "", "", "", sir,
         "" if org else "No MRSA isolated."]
        for ab_id, ab, sir in (panel or [("", "", "")])
    ]  # fmt: skip


_MRSA = [(1, "OXACILLIN", "R"), (2, "VANCOMYCIN", "S")]
_MICRO_ROWS = [
    *_micro("7605", 76051, "MRSA SCREEN", "MRSA SCREEN"),
    *_micro("7605", 76052, "SPUTUM", "RESPIRATORY CULTURE"),
    *_micro("7606", 76061, "MRSA SCREEN", "MRSA SCREEN", "STAPH AUREUS COAG +", _MRSA),
    *_micro("7606", 76062, "SPUTUM", "RESPIRATORY CULTURE"),
    *_micro("7607", 76071, "MRSA SCREEN", "MRSA SCREEN"),
    *_micro("7607", 76072, "URINE", "URINE CULTURE"),
]  # fmt: skip

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 60, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (ADM, [adm(p, _h(p), *_STAY) for p in _PIDS]),
    "hosp/emar": (EMAR, _EMAR_ROWS),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[50971, "Potassium", "Blood", "Chemistry"],
            [50813, "Lactate", "Blood", "Blood Gas"], [50931, "Glucose", "Blood", "Chemistry"]],
    ),
    "hosp/labevents": (
        LAB,
        [
            lab("7604", _h("7604"), 50813, "2150-03-01 06:00:00", 3.1, "mmol/L", 0.5, 2.0),
            lab("7604", _h("7604"), 50813, "2150-03-01 12:00:00", 0.7, "mmol/L", 0.5, 2.0),
            *(k(p, _h(p), t, v) for p in _PIDS[:3]
              for t, v in (("2150-03-04 08:00:00", 5.0), ("2150-03-05 10:00:00", 6.8))),
            *(lab(p, _h(p), 50931, "2150-03-05 10:00:00", 110, "mg/dL", 70, 100) for p in _PIDS),
            lab("7608", _h("7608"), 50931, "2150-03-02 10:00:00", 150, "mg/dL", 70, 100),
            *(k(p, _h(p), t, v) for p in ("7609", "7610")
              for t, v in (("2150-03-05 04:00:00", 4.2), ("2150-03-05 14:00:00", 3.4))),
        ],
    ),
    "hosp/microbiologyevents": (MICRO, _MICRO_ROWS),
    **order_tables(
        [
            _rx(p, int(p) * 10 + j, "2150-03-02 08:00:00", drug, dose, unit, "IV", freq)
            for p in _ABX
            for j, (drug, dose, unit, freq) in enumerate(
                (("Vancomycin", "1000", "mg", "Q12H"), ("CefePIME", "2", "g", "Q8H"))
            )
        ]
        + [
            _rx("7609", 76091, "2150-03-01 08:00:00", "Digoxin", "0.125", "mg", "PO",
                "DAILY"),
            _rx("7608", 76081, "2150-03-01 07:00:00", "Insulin", "4", "UNIT", "SC",
                "Q24H", "Discontinued", "2150-03-02 12:00:00"),
        ]
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r16", TABLES, _PIDS)


# ------------------------------------------- 1. hyperkalaemia treatment already given
def test_treatment_given_after_the_draw_is_named_not_repeated(real):
    """K 6.9 after calcium, insulin-dextrose and a binder were given: the next step is
    the repeat potassium (UK Kidney Association 2020), not "give IV calcium"."""
    ctx = _c(real, "7601")
    assert set(EL.hyperkalaemia_treated(ctx, "2150-03-05 10:00")) == {
        "calcium",
        "insulin",
        "binder",
    }
    d = EL.hyperkalemia_plan(ctx)
    assert d is not None and d.decision == "severe: treated, repeat"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "already been treated" in en and "at 11:00" in en
    assert "give IV calcium gluconate to protect" not in en
    assert "give insulin with dextrose" not in en
    assert "repeat the potassium now" in en and "glucose hourly" in en
    assert "已给予治疗" in zh and "静推葡萄糖酸钙" not in zh
    zh_clean(d)
    _gold_ok(d, ctx)


@pytest.mark.parametrize("pid", ["7602", "7603"])
def test_treatment_before_the_draw_or_no_shift_therapy_is_untreated(real, pid):
    """Doses before the draw, a sliding-scale insulin with no dextrose and a calcium
    carbonate binder are no treatment of this potassium: the full plan stands."""
    ctx = _c(real, pid)
    assert EL.hyperkalaemia_treated(ctx, "2150-03-05 10:00") == {}
    d = EL.hyperkalemia_plan(ctx)
    assert d is not None and d.decision == "severe"
    assert "give IV calcium gluconate" in d.gold_answer.en
    _gold_ok(d, ctx)


# ------------------------------------------------- 2. a stale value is not "now"
def test_a_lactate_days_old_is_said_as_then_and_repeated(real):
    """A lactate four days old grounded "not elevated, so the cultures did not need
    checking" and "is now 0.7" (10027445-26275841, 10020944-29974575)."""
    ctx = _c(real, "7604")
    d = AM.conditional_cultures(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert en.startswith("There is no current lactate") and "4 days ago" in en
    assert "did not need checking" not in en
    assert "没有近期乳酸" in zh
    zh_clean(d)
    _gold_ok(d, ctx)
    ctx = _c(real, "7604")
    d = AM.lactate_clearance(ctx)
    assert d is not None
    en = d.gold_answer.en
    assert "is now" not in en and "was 0.7 mmol/L at its latest draw" in en
    assert "4 days ago" in en and "Repeat it" in en
    assert "最近一次为 0.7" in d.gold_answer.zh
    zh_clean(d)
    _gold_ok(d, ctx)
    # the same series on the day after its last value is current: unchanged wording
    ctx = _c(real, "7604", "2150-03-02")
    d = AM.lactate_clearance(ctx)
    assert d is not None and "is now 0.7 mmol/L" in d.gold_answer.en


# ------------------------------------- 3. the ADA hypoglycaemia level, insulin or not
@pytest.mark.parametrize(
    ("value", "level"), [(46.0, 2), (53.9, 2), (54.0, 1), (69.0, 1), (70.0, 0)]
)
@pytest.mark.parametrize("insulin", [True, False])
def test_the_ada_level_is_said_on_insulin_or_not(value, level, insulin):
    """A glucose of 46 off insulin was "low: hypoglycemia" (10014354-22508257 t0): below
    54 mg/dL it is level 2, 54-69 level 1, on insulin or not (ADA 2024, section 6)."""
    basis = glycaemia.BASIS if insulin else glycaemia.NON_FASTING_BASIS
    low_high = glycaemia.INPATIENT_TARGET if insulin else glycaemia.NON_FASTING
    r = read_value(value, "abnormal", (*low_high, basis))
    assert ("level two" in r.en and "二级低血糖" in r.zh) is (level == 2)
    assert ("level one" in r.en and "一级低血糖" in r.zh) is (level == 1)
    assert not untranslated_english(r.zh.replace("mg/dL", ""))


# ------------------------------------------------------- 4. the MRSA nares screen
def test_a_negative_nares_screen_in_pneumonia_stops_the_mrsa_cover(real):
    """ATS/IDSA 2019 CAP, IDSA/ATS 2016 HAP/VAP: a negative nasal MRSA screen supports
    stopping vancomycin in pneumonia; the rest of the regimen stays."""
    ctx = _c(real, "7605")
    d = AM.deescalation(ctx)
    assert d is not None and d.decision == "stop MRSA cover (negative screen)"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "stop the vancomycin" in en and "keep the cefepime" in en
    assert "停用万古霉素" in zh and "阴性" in zh
    zh_clean(d)
    _gold_ok(d, ctx)


def test_a_positive_nares_screen_keeps_the_cover_and_confirms_nothing(real):
    """Reading l (10005817-28661809 t2, unsafe before round 15b): a positive screen is
    carriage; it keeps the MRSA cover while pneumonia is suspected and stops nothing."""
    ctx = _c(real, "7606")
    d = AM.deescalation(ctx)
    assert d is not None and d.decision == "keep MRSA cover (carriage)"
    en = d.gold_answer.en
    assert "carriage, not infection" in en and "no reason to stop the cefepime" in en
    assert "does not confirm" in en
    assert any(i.points < 0 for i in d.rubric)  # stopping the cefepime loses points
    zh_clean(d)
    _gold_ok(d, ctx)


def test_no_pneumonia_worked_up_no_screen_answer(real):
    """The nares screen's negative predictive value is for pneumonia: with no
    respiratory specimen sent the question is not asked on it."""
    assert AM.deescalation(_c(real, "7607")) is None


# ------------------------------------------- 5. receiving is running at the session
@pytest.mark.parametrize(
    ("freq", "hours"),
    [("Q6H", 6.0), ("Q8H", 8.0), ("BID", 12.0), ("DAILY", 24.0), ("Q48H", 48.0)],
)
def test_the_dosing_interval_of_a_schedule(freq, hours):
    assert dosing_interval_hours(freq) == hours


def test_a_drug_stopped_days_ago_is_not_received(real):
    """Insulin given on days one and two under an order stopped since: on day five it is
    not "on insulin" (the glucose reads against the non-fasting threshold); on day two
    it is."""
    ctx = _c(real, "7608")
    assert ctx.facts.given.get("insulin") and not ctx.facts.receiving("insulin")
    assert ctx.facts.interpretation_range("glucose")[2] == glycaemia.NON_FASTING_BASIS
    assert _c(real, "7608", "2150-03-02").facts.receiving("insulin")
    assert _c(real, "7608", "2150-03-03").facts.receiving("insulin")  # within a day
    assert not _c(real, "7608", "2150-03-04").facts.receiving("insulin")


# --------------------------------- 6. trend and threshold in a lab lookup (class f)
def test_a_cardiac_patients_potassium_is_read_against_the_target(real):
    """K 3.3 "normal" in a CCU patient (10027445-29163082 t0): below 3.5 it is low
    whatever the laboratory's range (Cohn 2000), the fall is named, and under the
    cardiac target of four the answer says to replete."""
    ctx = _c(real, "7609")
    d = LK.lab_latest(ctx, "potassium")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "which is low, falling from 4.2" in en
    assert "under the target of four or more that digoxin sets" in en
    assert "偏低" in zh and "下降" in zh and "血钾不低于四" in zh
    zh_clean(d)
    _gold_ok(d, ctx)
    ctx = _c(real, "7610")  # no heart disease: low and falling, no cardiac target
    d = LK.lab_latest(ctx, "potassium")
    assert "falling from 4.2" in d.gold_answer.en and "target" not in d.gold_answer.en
    _gold_ok(d, ctx)


def test_a_severe_potassium_is_graded_and_acted_on_unless_treated(real):
    """K 6.8: critically high and severe by the UKKA grading; the action is asked for
    only where no treatment was given after the draw (7601 was treated)."""
    ctx = _c(real, "7602")
    d = LK.lab_latest(ctx, "potassium")
    en = d.gold_answer.en
    assert "critically high" in en and "severe hyperkalaemia" in en
    assert "ECG and treatment now" in en and "重度高钾血症" in d.gold_answer.zh
    _gold_ok(d, ctx)
    ctx = _c(real, "7601")
    d = LK.lab_latest(ctx, "potassium")
    assert "severe hyperkalaemia" in d.gold_answer.en
    assert "treatment now" not in d.gold_answer.en
    _gold_ok(d, ctx)
