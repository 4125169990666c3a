"""Round 17b (issue #37, reading n): the unsafe and wrong classes of the fourteenth
reading, fixed by their principle and tested on plain values and hand-made records in
MIMIC-IV format (docs/real-records.md, "Round 17b"). Values are invented, never MIMIC's.
"""

from __future__ import annotations

import pytest
from _real_records import (
    ADM,
    INPUT,
    LAB,
    PHARMACY,
    RX,
    Stays,
    adm,
    cr,
    lab,
    next_id,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical.infusion import continuous, latest_rate
from physassist_env.clinical.specimen import implausible
from physassist_env.scenarios.features import LabPoint, LabSeries
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import renal as RN
from physassist_env.scenarios.topics.base import left_out
from physassist_env.scenarios.vocab import LABS

_S = Stays("71", "72")
_h, _p, _c = _S.hadm, _S.earlier_hadm, _S.context
_PIDS = ("7701", "7702", "7703", "7704")
#: The earlier stay of 7701 ended two days before this one began (2150-03-01).
_PRIOR_7701 = ("2150-02-20 10:00:00", "2150-02-27 12:00:00")


# --------------------------------------------------------- 1. implausible lab values
def test_implausible_bounds_by_analyte_and_unit():
    assert implausible("creatinine", 0.1, "mg/dL")
    assert not implausible("creatinine", 0.2, "mg/dL")
    assert not implausible("creatinine", 0.3, "mg/dL")
    assert implausible("creatinine", 9.0, "umol/L")  # 0.1 mg/dL
    assert not implausible("creatinine", 60.0, "umol/L")
    assert implausible("potassium", 12.5, "mEq/L") and implausible("potassium", 1.1, "")
    assert not implausible("potassium", 6.8, "mmol/L")
    assert implausible("sodium", 95.0, "mEq/L") and not implausible("sodium", 112, "")
    assert implausible("hemoglobin", 1.2, "g/dL") and not implausible("hemoglobin", 3.1)
    assert not implausible("glucose", 1.0, "mg/dL")  # no bounds set: kept
    assert not implausible("creatinine", 0.1, "mmol/L")  # a unit it cannot convert


def test_an_implausible_value_is_no_trend_point_and_is_named():
    pts = [
        LabPoint("2150-03-01T06:00:00", 0.9, "mg/dL", "H"),
        LabPoint("2150-03-02T06:00:00", 0.1, "mg/dL", "L"),
        LabPoint("2150-03-03T06:00:00", 0.8, "mg/dL", ""),
    ]
    s = LabSeries(LABS["creatinine"], pts)
    assert [p.value for p in s.reliable] == [0.9, 0.8]
    assert s.lowest.value == 0.8
    en, zh = left_out(s)
    assert "physiologically implausible" in en and "0.1" in en
    assert "不符合生理" in zh and "0.1" in zh


# ---------------------------------------------------------------- 3. infusions
def test_a_continuous_infusion_and_its_latest_rate():
    assert continuous("Insulin Human Regular", "IV DRIP", "INFUSION")
    assert continuous("Heparin", "IV", "CONTINUOUS")
    assert not continuous("Insulin", "SC", "HS")
    given = [
        {"effectivePeriod": {"start": "2150-03-05T10:00:00"},
         "dosage": {"rateQuantity": {"value": 3.0, "unit": "units/hour"}}},
        {"effectiveDateTime": "2150-03-05T11:00:00", "dosage": {"dose": {"value": 4}}},
        {"effectivePeriod": {"start": "2150-03-05T12:30:00"},
         "dosage": {"rateQuantity": {"value": 6.996, "unit": "units/hour"}}},
    ]  # fmt: skip
    r = latest_rate(given)
    assert r is not None and r.time == "2150-03-05T12:30:00" and r.value == 6.996
    assert latest_rate(given[1:2]) is None


# ----------------------------------------------------------------- the records
def _rx(pid, i, start, drug, dose, unit, route, freq, ndc="0", status="Active"):
    """(prescription row, pharmacy row) of an order of the current stay."""
    end = _S.stay[1]
    return (
        [pid, _h(pid), i, start, end, "MAIN", drug, ndc, dose, unit, "", route],
        [pid, _h(pid), i, start, end, drug, status, freq],
    )


_ORDERS = [
    # 3. an insulin drip, rates charted (7702) or not (7703: a ward drip)
    _rx("7702", 1, "2150-03-05 09:00:00", "Insulin Human Regular", "100", "UNIT", "IV DRIP", "INFUSION"),
    _rx("7703", 2, "2150-03-05 09:00:00", "Insulin", "100", "UNIT", "IV DRIP", "INFUSION"),
    # 4. "Insulin" orders whose NDC names the product; prednisone from the day before
    _rx("7704", 3, "2150-03-02 22:00:00", "Insulin", "30", "UNIT", "SC", "HS", ndc="00088222033"),
    _rx("7704", 4, "2150-03-02 13:00:00", "Insulin", "0", "UNIT", "SC", "ASDIR", ndc="00002751001"),
    _rx("7704", 5, "2150-03-03 08:00:00", "PredniSONE", "40", "mg", "PO", "DAILY"),
]  # fmt: skip


def _drip(pid, start, end, rate) -> list:
    """One ICU insulin-drip interval (an input event) at ``rate`` units/hour."""
    i = next_id()
    return [pid, _h(pid), 9000 + int(pid[-2:]), 1, start, end, end, 223258, rate,
            "units", rate, "units/hour", i, 77, "01-Drips", "", "Main order parameter",
            "Continuous Med", 80, 100, "units", 1, 0, "FinishedRunning", 100, rate]  # fmt: skip


TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "F", 70, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_S.stay) for p in _PIDS] + [adm("7701", _p("7701"), *_PRIOR_7701)],
    ),
    "icu/icustays": (
        "subject_id,hadm_id,stay_id,first_careunit,last_careunit,intime,outtime,los",
        [["7702", _h("7702"), 9002, "Cardiac Vascular Intensive Care Unit (CVICU)",
          "Cardiac Vascular Intensive Care Unit (CVICU)", "2150-03-05 08:00:00", _S.stay[1], 3.0]],
    ),
    "icu/d_items": (
        "itemid,label,abbreviation,linksto,category,unitname,param_type,lownormalvalue,highnormalvalue",
        [[223258, "Insulin - Regular", "Insulin - Regular", "inputevents", "Medications",
          "units", "Solution", "", ""]],
    ),
    "icu/inputevents": (
        INPUT,
        [
            _drip("7702", "2150-03-05 10:00:00", "2150-03-05 12:00:00", 3),
            _drip("7702", "2150-03-05 12:00:00", "2150-03-05 14:00:00", 7),
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[50912, "Creatinine", "Blood", "Chemistry"], [50931, "Glucose", "Blood", "Chemistry"]],
    ),
    "hosp/labevents": (
        LAB,
        [
            # 1. the earlier stay: 0.5 at the window's edge, a lone 0.1, then 0.9-1.1
            # until its discharge two days before this stay; now 0.7, then 0.6
            cr("7701", _p("7701"), "2150-02-20 12:00:00", 0.5),
            cr("7701", _p("7701"), "2150-02-21 06:00:00", 0.1),
            cr("7701", _p("7701"), "2150-02-23 06:00:00", 1.0),
            cr("7701", _p("7701"), "2150-02-25 06:00:00", 1.1),
            cr("7701", _p("7701"), "2150-02-27 06:00:00", 0.9),
            cr("7701", _h("7701"), "2150-03-02 06:00:00", 0.7),
            cr("7701", _h("7701"), "2150-03-04 06:00:00", 0.6),
        ]
        + [
            lab("7704", _h("7704"), 50931, t, v, "mg/dL", 70, 100)
            for t, v in (
                ("2150-03-02 08:00:00", 150),
                ("2150-03-03 06:00:00", 160),
                ("2150-03-04 06:00:00", 320),
                ("2150-03-04 16:00:00", 410),
                ("2150-03-05 06:00:00", 250),
            )
        ],
    ),
    "hosp/prescriptions": (RX, [r for r, _ in _ORDERS]),
    "hosp/pharmacy": (PHARMACY, [p for _, p in _ORDERS]),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r17b", TABLES, _PIDS)


def test_no_aki_is_staged_against_an_implausible_or_edge_baseline(real):
    """An implausibly low creatinine was the baseline of an AKI, and without it the
    earlier stay read only to the baseline window's edge staged a falling creatinine
    against the edge value (10016742-28506150 t1): no AKI is staged here."""
    ctx = _c(real, "7701")
    base = ctx.facts.baseline_creatinine
    assert base is None or base.value >= 0.2
    assert RN.kdigo_aki(ctx) is None


def test_an_insulin_drip_is_dosed_by_its_rate_not_its_bag(real):
    """A drip's bag amount was given as the insulin dose
    (10005348-25239799 t2): the bag is named as such, the charted rate is the dose."""
    ctx = _c(real, "7702")
    d = LK.med_current(ctx, "insulin")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "content of the bag, not a dose" in en and "7 units/hour" in en
    assert "不是剂量" in zh and "7 单位/小时" in zh
    assert 100.0 not in [getattr(i.check, "value", None) for i in d.rubric]
    assert any("7 units/hour" in i.criterion.en for i in d.rubric)
    assert any(c.name == "MedicationAdministration.search" for c in d.gold_actions)
    zh_clean(d)
    _gold_ok(d, ctx)


def test_a_drip_without_a_charted_rate_is_per_protocol(real):
    ctx = _c(real, "7703")
    d = LK.med_current(ctx, "insulin")
    assert d is not None
    en = d.gold_answer.en
    assert "titrated per protocol" in en and "charts no rate" in en
    assert "100 UNIT on the order" in en and "not a dose" in en
    assert "病历中没有记录输注速度" in d.gold_answer.zh
    assert 100.0 not in [getattr(i.check, "value", None) for i in d.rubric]
    zh_clean(d)
    _gold_ok(d, ctx)


def test_glucose_pattern_names_the_steroid_and_the_source_of_the_product(real):
    """An "Insulin" order became "glargine" with no source said, and the glucocorticoid
    started before the rise was not named (10014354-23132022 t1)."""
    ctx = _c(real, "7704")
    d = EL.glucose_pattern(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert (
        "insulin glargine 30 UNIT SC HS (basal; product by the order's NDC code)" in en
    )
    assert "（基础；品种据医嘱 NDC 编码）" in zh
    assert "Prednisone 40 mg was started on 2150-03-03" in en
    assert "泼尼松" in zh and "糖皮质激素" in zh
    assert any("glucocorticoid" in i.criterion.en for i in d.rubric)
    zh_clean(d)
    _gold_ok(d, ctx)
