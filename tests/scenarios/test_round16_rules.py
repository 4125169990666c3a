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
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical import glycaemia
from physassist_env.scenarios.rubric import read_value
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.vocab.zh_text import untranslated_english

_S = Stays("16")
_STAY, _DAY = _S.stay, _S.day
_h, _rx, _emar, _c = _S.hadm, _S.order, _S.emar, _S.context
# 7601 treated after the draw; 7602 treated before it only; 7603 a sliding-scale insulin
# and a phosphate binder's calcium carbonate after it (no hyperkalaemia treatment)
# 7604 a lactate that peaked and normalised four days before the session
_PIDS = ("7601", "7602", "7603", "7604")

_EMAR_ROWS = [
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
        ],
    ),
    **order_tables([]),
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
