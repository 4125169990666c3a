"""Gold a physician signs on real records, round 14 (issue #37): the insulin pump (the
unsafe claim of the round-12 reading left) and wrong-claim classes of that reading and of
the lead's close (docs/real-records.md, "Round 14"). Hand-made records in MIMIC-IV
format (invented values, never MIMIC's) and plain values; the last test reads the
MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    ADM,
    LAB,
    Stays,
    adm,
    demo_contexts,
    lab,
    order_tables,
    records,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical.course import direction
from physassist_env.clinical.glycaemia import is_insulin_pump, persistent_hyperglycaemia
from physassist_env.clinical.infection import long_term_prophylaxis
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import records as RE
from physassist_env.scenarios.topics import writes as W
from physassist_env.scenarios.vocab import SAFETY_PAIRS
from physassist_env.vocab.microbiology import not_grown
from physassist_env.vocab.zh_text import untranslated_english

_S = Stays("92")
_STAY, _END, _DAY = _S.stay, _S.stay[1], _S.day
_h, _rx, _emar, _c = _S.hadm, _S.order, _S.emar, _S.context
_PIDS = ("7411", "7412")


_ORDERS = [
    # 7411: an IV insulin drip, then her own pump from day three
    _rx("7411", 1, "2150-03-01 08:00:00", "Insulin Human Regular", "1", "UNIT/HR",
        "IV DRIP", "TITRATE", "Discontinued", "2150-03-03 14:00:00"),
    _rx("7411", 2, "2150-03-03 14:00:00", "Insulin Pump (Self Administering Medication)",
        "1", "PUMP", "SC", "ASDIR"),
    # 7412: basal insulin, one glucose of 182 after a 134
    _rx("7412", 3, "2150-03-01 08:00:00", "Insulin Glargine", "20", "UNIT", "SC", "QHS"),
]  # fmt: skip

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "F", 40, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (ADM, [adm(p, _h(p), *_STAY) for p in _PIDS]),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [["E109", 10, "Type 1 diabetes mellitus without complications"]],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [[p, _h(p), 1, "E109", 10] for p in _PIDS],
    ),
    "hosp/emar": (
        "subject_id,hadm_id,emar_id,emar_seq,poe_id,pharmacy_id,enter_provider_id,charttime,medication,event_txt,scheduletime,storetime",
        [_emar("7411", t, "Insulin") for t in ("2150-03-02 08:00:00", "2150-03-03 08:07:00")],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[50931, "Glucose", "Blood", "Chemistry"], [50912, "Creatinine", "Blood", "Chemistry"]],
    ),
    "hosp/labevents": (
        LAB,
        [
            *(lab(p, _h(p), 50931, t, v, "mg/dL", 70, 100)
              for p in _PIDS
              for t, v in (("2150-03-03 08:00:00", 160), ("2150-03-04 08:00:00", 134),
                           ("2150-03-05 08:00:00", 182))),
            *(lab("7412", _h("7412"), 50912, t, v, "mg/dL", 0.4, 1.1)
              for t, v in (("2150-03-01 08:00:00", 0.9), ("2150-03-03 08:00:00", 0.8),
                           ("2150-03-05 08:00:00", 0.7))),
        ],
    ),
    **order_tables(_ORDERS),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r14w", TABLES, _PIDS)


# -------------------------------------------------------------------- the insulin pump
def test_the_pump_order_is_read() -> None:
    assert is_insulin_pump("Insulin Pump (Self Administering Medication)")
    assert not is_insulin_pump("Insulin Human Regular")


def test_a_patient_on_her_own_pump_has_no_charted_last_dose(real):
    """The last insulin read from a check of an IV drip for a patient since on her own
    pump (10023239-21759936 t2): the answer names the pump (ADA 2024 s16)."""
    ctx = _c(real, "7411")
    d = RE.last_dose(ctx, "insulin")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "own insulin pump" in en and "no last insulin dose" in en
    assert "Before the pump" in en and "2150-03-03 08:07" in en
    assert "胰岛素泵" in zh and not untranslated_english(zh), zh
    assert any(c.name == "MedicationRequest.search" for c in d.gold_actions)
    _gold_ok(d, ctx)


# ------------------------------------------------------------- glucose: one 182 is watched
def test_one_reading_above_target_is_no_persistent_hyperglycaemia() -> None:
    one = [("2150-03-04T08:00", 134.0), ("2150-03-05T08:00", 182.0)]
    two = [("2150-03-04T20:00", 210.0), ("2150-03-05T08:00", 182.0)]
    assert not persistent_hyperglycaemia(one)
    assert persistent_hyperglycaemia(two)
    assert not persistent_hyperglycaemia([("2150-03-03T08:00", 250.0), *one[1:]])


def test_no_increase_flag_for_one_glucose_of_182(real):
    """A safety flag "increase the dose" at one 182 after a 134 (10020740-23831430,
    the lead's reading): titrate if persistent (ADA 2024 s16)."""
    pair = next(p for p in SAFETY_PAIRS if p.drug_class == "insulin")
    d = W.flag_safety(_c(real, "7412"), pair, "insulin")
    assert d is None or d.decision != "increase"


# --------------------------------------------------------- creatinine: a 22% fall is a fall
def test_a_creatinine_fall_beyond_its_reference_change_is_a_fall() -> None:
    assert direction([0.9, 0.7], 1, "creatinine") == "falling"
    assert direction([1.0, 0.8], 1, "creatinine") == "stable"  # 20%, within the RCV
    assert (
        direction([0.6, 0.8], 1, "creatinine") == "stable"
    )  # a rise under KDIGO's 0.3
    assert direction([0.9, 0.8], 1, "creatinine") == "stable"


def test_labs_trend_says_the_creatinine_fell(real):
    d = GA.labs_trend(_c(real, "7412"), "glucose", "creatinine")
    assert d is not None
    tail = d.gold_answer.en.split("creatinine", 1)[1]
    assert "0.9 to 0.7" in tail and "(stable)" not in tail, tail


# -------------------------------------------- co-trimoxazole prophylaxis is no finished course
def test_a_prophylactic_dose_is_long_term() -> None:
    assert long_term_prophylaxis("sulfamethoxazole", 1.0, "tab")
    assert not long_term_prophylaxis("sulfamethoxazole", 4.0, "tab")  # 2 DS BID
    assert long_term_prophylaxis("ciprofloxacin", 500.0, "mg")
    assert not long_term_prophylaxis("ciprofloxacin", 1000.0, "mg")
    assert not long_term_prophylaxis("cefpodoxime", 200.0, "mg")


# ------------------------------------------------------------- a Gram stain grows nothing
def test_a_stain_shows_it_does_not_grow() -> None:
    assert not_grown("Anaerobic Bottle Gram Stain", "GRAM POSITIVE COCCI IN CHAINS")
    assert not not_grown("Blood Culture, Routine", "VIRIDANS STREPTOCOCCI")


# ------------------------------------------------------------------------ the MIMIC demo
_DEMO = {
    "strep": ("10015860", "22413744", "2191-01-29"),
    "cabg": ("10005348", "25239799", "2130-10-27"),
    "pump": ("10023239", "21759936", "2140-10-07"),
    "cr": ("10020740", "23831430", "2150-03-23"),
    "smx": ("10005866", "23514107", "2149-06-21"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """The named sessions read right (properties only; no row is quoted)."""
    ctx = demo_contexts(tmp_path, _DEMO)
    d = RE.last_dose(ctx("pump"), "insulin")
    assert d is not None and "own insulin pump" in d.gold_answer.en
    d = GA.labs_trend(ctx("cr"), "glucose", "creatinine")
    assert d is not None and "(stable)" not in d.gold_answer.en.split("creatinine")[1]
    pair = next(p for p in SAFETY_PAIRS if p.drug_class == "insulin")
    d = W.flag_safety(ctx("cr"), pair, "insulin")
    assert d is None or d.decision != "increase"
    d = RC.admission_reconciliation(ctx("smx"))
    assert d is not None and "courses of that stay" not in d.gold_answer.en
    assert "sulfamethoxazole" in d.gold_answer.en.split(";")[0]

    # the growth is the identification, not the Gram stain (10015860-22413744 t0)
    d = LK.culture_result(ctx("strep"))
    assert d is not None and "gram stain" not in d.gold_answer.en.lower().split(".")[0]
    # a cleared bacteraemia on targeted ceftriaxone, the count down and level: partial
    # response, continue and look for a source, never "broaden" (same admission, t3)
    d = RS.treatment_response(ctx("strep"), "ceftriaxone")
    assert d is not None and d.decision == "improving, still raised"
    assert "broadening the coverage" in d.gold_answer.en
    assert "consider broadening" not in d.gold_answer.en
    # clopidogrel held around the day's cardiac operation, not for a haemoglobin fall
    d = RC.admission_reconciliation(ctx("cabg"))
    assert d is not None and "held around the operation" in d.gold_answer.en
    assert "围手术期暂停" in d.gold_answer.zh
