"""Gold a physician signs on real records, round 13 (issue #37): the unsafe classes of
the fresh independent reading of round 12 (docs/real-records.md, "Round 13: the unsafe
classes of the fresh reading of round 12"), fixed by their principle and tested on
hand-made records in MIMIC-IV format (invented values, never MIMIC's). Each record test
fails on the behaviour before the fix. The last test reads the MIMIC-IV demo and skips
without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    ADM,
    LAB,
    Stays,
    adm,
    cr,
    demo_contexts,
    hb,
    lab,
    next_id,
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.scenarios.derived import (
    aki_facts,
    home_anticoagulants,
    on_maintenance_dialysis,
    reversal_given,
)
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import renal as RN

_S = Stays("96", "95")
_STAY, _PRIOR, _END, _DAY = _S.stay, _S.prior, _S.stay[1], _S.day
_h, _p, _home, _rx, _c = _S.hadm, _S.earlier_hadm, _S.home, _S.order, _S.context
_PIDS = ("7301", "7302", "7303", "7304", "7305", "7306", "7307", "7308")


_ORDERS = [
    # 1. AF on home warfarin and aspirin, no order yet this stay; 7301 reversed with PCC
    _home("7301", 1, "Warfarin", "5", "mg", "PO", "DAILY16"),
    _home("7301", 2, "Aspirin", "325", "mg", "PO", "DAILY"),
    _home("7302", 3, "Warfarin", "5", "mg", "PO", "DAILY16"),
    _home("7302", 4, "Aspirin", "325", "mg", "PO", "DAILY"),
    # 3. an SSRI and a nitrate replaced within their class
    _home("7305", 5, "Fluoxetine", "20", "mg", "PO", "DAILY"),
    _home("7305", 6, "Simvastatin", "20", "mg", "PO", "QPM"),
    _home("7305", 13, "Senna", "8.6", "mg", "PO", "BID"),
    _home("7306", 14, "Senna", "8.6", "mg", "PO", "BID"),
    _rx("7305", 7, "2150-03-01 08:00:00", "Citalopram", "20", "mg", "PO", "DAILY"),
    _rx("7305", 8, "2150-03-01 08:00:00", "Simvastatin", "20", "mg", "PO", "QPM"),
    _home("7306", 9, "Isosorbide Dinitrate", "10", "mg", "PO", "TID"),
    _home("7306", 10, "Metoprolol Tartrate", "25", "mg", "PO", "BID"),
    _rx("7306", 11, "2150-03-01 08:00:00", "Isosorbide Mononitrate (Extended Release)", "30", "mg", "PO", "DAILY"),
    _rx("7306", 12, "2150-03-01 08:00:00", "Metoprolol Tartrate", "25", "mg", "PO", "BID"),
    # 4. a foot infection on vancomycin, ceftazidime and metronidazole (7307), or on
    # vancomycin alone with only an MSSA grown (7308)
    *(
        _rx(p, i + n, "2150-03-02 08:00:00", drug, dose, unit, route, freq)
        for p, i in (("7307", 20), ("7308", 30))
        for n, (drug, dose, unit, route, freq) in enumerate(
            [("Vancomycin", "1000", "mg", "IV", "Q24H"),
             ("CefTAZidime", "2", "g", "IV", "Q12H"),
             ("MetroNIDAZOLE", "500", "mg", "PO", "Q8H")][: 3 if p == "7307" else 1]
        )
    ),
]  # fmt: skip

MICRO = "microevent_id,subject_id,hadm_id,micro_specimen_id,order_provider_id,chartdate,charttime,spec_itemid,spec_type_desc,test_seq,storedate,storetime,test_itemid,test_name,org_itemid,org_name,isolate_num,quantity,ab_itemid,ab_name,dilution_text,dilution_comparison,dilution_value,interpretation,comments"


def _micro(pid, spec, test, org_id, org, panel=(), t="2150-03-02 12:00:00") -> list:
    """Rows of one isolate of a culture (one row per antibiotic of its ``panel``)."""
    tid = {"TISSUE": 90001, "ANAEROBIC CULTURE": 90002}[test]
    return [
        [next_id(), pid, _h(pid), spec, "", t[:10] + " 00:00:00", t, 70001, "TISSUE",
         1, t[:10] + " 00:00:00", t, tid, test, org_id, org, 1, "", ab_id, ab, "", "",
         "", sir, ""]
        for ab_id, ab, sir in (panel or [("", "", "")])
    ]  # fmt: skip


_MSSA = [(1, "OXACILLIN", "S"), (2, "VANCOMYCIN", "S")]
_MICRO_ROWS = [
    *(
        row
        for p in ("7307", "7308")
        for row in _micro(p, int(p), "TISSUE", 80023, "STAPH AUREUS COAG +", _MSSA)
    ),
    *_micro("7307", 7307, "TISSUE", 80026, "PSEUDOMONAS AERUGINOSA", [(3, "CEFTAZIDIME", "R"), (4, "CEFEPIME", "S")]),
    *_micro("7307", 7307, "ANAEROBIC CULTURE", 80040, "BACTEROIDES FRAGILIS GROUP"),
]  # fmt: skip

_INR = 51237


def _inr(pid, t, v) -> list:
    return lab(pid, _h(pid), _INR, t, v, "", 0.9, 1.1)


TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 66, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_STAY) for p in _PIDS]
        + [adm(p, _p(p), *_PRIOR) for p in ("7301", "7302", "7305", "7306")],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["I10", 10, "Essential (primary) hypertension"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [[p, _p(p), s, c, 10] for p in ("7301", "7302") for s, c in ((1, "I4891"), (2, "I10"))],
    ),
    "hosp/d_icd_procedures": (
        "icd_code,icd_version,long_title",
        [
            ["0096", 9, "Infusion of 4-Factor Prothrombin Complex Concentrate"],
            ["3995", 9, "Hemodialysis"],
        ],
    ),
    "hosp/procedures_icd": (
        "subject_id,hadm_id,seq_num,chartdate,icd_code,icd_version",
        [
            ["7301", _h("7301"), 1, "2150-03-05", "0096", 9],
            # 2. haemodialysis started on day four of the stay
            ["7303", _h("7303"), 1, "2150-03-04", "3995", 9],
            ["7304", _h("7304"), 1, "2150-03-04", "3995", 9],
        ],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50912, "Creatinine", "Blood", "Chemistry"],
            [51222, "Hemoglobin", "Blood", "Hematology"],
            [_INR, "INR(PT)", "Blood", "Hematology"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [
            # 1. INR 2.3 on arrival and a haemoglobin fall of 1.8 g/dL the same day
            *(
                row
                for p in ("7301", "7302")
                for row in (
                    _inr(p, "2150-03-05 06:00:00", 2.3),
                    hb(p, _h(p), "2150-03-05 06:00:00", 13.1),
                    hb(p, _h(p), "2150-03-05 08:00:00", 11.3),
                )
            ),
            # 2. kidney failure before the stay (7303: 5.0) or a normal kidney (7304: 1.0)
            cr("7303", "", "2149-09-18 10:00:00", 5.0),
            cr("7303", _h("7303"), "2150-03-01 06:00:00", 7.0),
            cr("7303", _h("7303"), "2150-03-03 06:00:00", 9.1),
            cr("7303", _h("7303"), "2150-03-05 06:00:00", 4.4),
            cr("7304", "", "2149-09-18 10:00:00", 1.0),
            cr("7304", _h("7304"), "2150-03-01 06:00:00", 2.0),
            cr("7304", _h("7304"), "2150-03-03 06:00:00", 4.0),
            cr("7304", _h("7304"), "2150-03-05 06:00:00", 3.5),
            *(cr(p, _h(p), "2150-03-02 06:00:00", 0.9) for p in ("7305", "7306")),
        ],
    ),
    "hosp/microbiologyevents": (MICRO, _MICRO_ROWS),
    **order_tables(_ORDERS),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r13", TABLES, _PIDS)


# ------------------------------------------------ 1. anticoagulation after a reversal
def test_a_reversed_home_anticoagulant_is_held_not_started(real):
    """Home warfarin, INR 2.3, reversed with PCC: "favours anticoagulation ... before
    starting it" and "aspirin is taken too" (10025463-24470193 t3)."""
    ctx = _c(real, "7301")
    assert reversal_given(ctx.toolkit.view, ctx.facts)
    assert home_anticoagulants(ctx.toolkit.view, ctx.facts) == ["warfarin"]
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "hold for bleeding"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "hold the warfarin now" in en and "reversal" in en
    assert "specialist decision" in en and "not a new start" in en
    assert "before starting" not in en and "aspirin" not in en
    assert "华法林已逆转并暂停" in zh and "阿司匹林" not in zh
    zh_clean(d)
    _gold_ok(d, ctx)


def test_without_a_reversal_the_home_anticoagulant_is_resumed_not_started(real):
    """The same patient without a reversal: the haemoglobin fall is explained before the
    home warfarin is resumed, and the aspirin of the old list is confirmed, not asserted
    as taken."""
    ctx = _c(real, "7302")
    assert not reversal_given(ctx.toolkit.view, ctx.facts)
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "before resuming the warfarin" in en and "before starting" not in en
    assert "aspirin is on the last discharge list: confirm" in en
    assert "aspirin is taken too" not in en
    assert "再恢复华法林" in zh and "需确认仍在服用" in zh
    zh_clean(d)
    _gold_ok(d, ctx)


# ------------------------------------------------ 2. KDIGO on maintenance dialysis
def test_dialysis_started_in_kidney_failure_is_not_staged_as_aki(real):
    """A pre-admission creatinine of 5.0 and haemodialysis from day four: KDIGO stage 3
    and "off dialysis, the AKI is recovering" (10015860-24698912 t1)."""
    ctx = _c(real, "7303", "2150-03-06")
    assert on_maintenance_dialysis(ctx.facts)
    assert aki_facts(ctx.facts) is None
    assert RN.kdigo_aki(ctx) is None


def test_dialysis_for_an_aki_on_a_normal_kidney_is_still_stage_three(real):
    """Control: a baseline of 1.0 and dialysis on day four is an AKI needing dialysis."""
    ctx = _c(real, "7304", "2150-03-06")
    assert not on_maintenance_dialysis(ctx.facts)
    aki = aki_facts(ctx.facts)
    assert aki is not None and aki.stage == 3


# ------------------------------------------------ 3. a same-class replacement
@pytest.mark.parametrize(
    ("pid", "old", "new", "old_zh", "new_zh"),
    [
        ("7305", "fluoxetine", "citalopram", "氟西汀", "西酞普兰"),
        ("7306", "isosorbide dinitrate", "isosorbide mononitrate", "硝酸异山梨酯", "单硝酸异山梨酯"),
    ],
)  # fmt: skip
def test_a_same_class_replacement_is_not_an_omission(
    real, pid, old, new, old_zh, new_zh
):
    """Fluoxetine -> citalopram (10023239-21759936 t3) and isosorbide dinitrate ->
    mononitrate (10023117-28887654 t1) were "not ordered, decide whether to resume":
    resuming would double the class."""
    ctx = _c(real, pid)
    d = RC.admission_reconciliation(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert (
        f"replaced by a drug of the same group (do not resume both): {old} by {new}"
        in en
    )
    head = en.split("; replaced by")[0]
    assert f" {old}" not in head
    assert f"{old_zh}换为{new_zh}" in zh and "勿两者同时使用" in zh
    zh_clean(d)
    _gold_ok(d, ctx)


# ------------------------------------------------ 4. every isolate of the stay
def test_a_narrowing_to_one_isolate_is_not_offered_with_others_grown(real):
    """MSSA with Pseudomonas (ceftazidime-resistant) and B. fragilis grown: "switch to
    cefazolin, stop the vancomycin and metronidazole" (10015860-24698912 t3)."""
    assert AM.deescalation(_c(real, "7307")) is None
    ctx = _c(real, "7307")
    d = LK.culture_result(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "Also grown this stay" in en
    for org in ("STAPH AUREUS", "PSEUDOMONAS AERUGINOSA", "BACTEROIDES FRAGILIS"):
        assert org in en
    assert "铜绿假单胞菌" in zh and "脆弱拟杆菌" in zh
    zh_clean(d)
    _gold_ok(d, ctx)


def test_a_lone_mssa_is_still_narrowed_to_cefazolin(real):
    """Control: the MSSA alone on vancomycin is narrowed to cefazolin."""
    d = AM.deescalation(_c(real, "7308"))
    assert d is not None and d.decision == "de-escalate"
    assert "switch to cefazolin" in d.gold_answer.en


# ------------------------------------------------ the reading's sessions on the demo
_READ = {
    "ich": ("10025463", "24470193", "2137-10-08"),
    "hd": ("10015860", "24698912", "2192-05-26"),
    "ssri": ("10023239", "21759936", "2140-10-07"),
    "nitr": ("10023117", "28887654", "2174-12-19"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """Properties only (no values): the unsafe claims are gone."""
    ctx = demo_contexts(tmp_path, _READ)
    c = ctx("ich")
    d = RS.cha2ds2vasc(c)
    assert d is not None and d.decision == "hold for bleeding"
    _gold_ok(d, c)
    assert "hold the warfarin" in d.gold_answer.en
    assert "before starting" not in d.gold_answer.en
    assert "aspirin" not in d.gold_answer.en
    c = ctx("hd")
    assert AM.deescalation(c) is None
    c = ctx("hd")
    d = LK.culture_result(c)
    assert "PSEUDOMONAS" in d.gold_answer.en and "BACTEROIDES" in d.gold_answer.en
    _gold_ok(d, c)
    c = ctx("hd")
    assert on_maintenance_dialysis(c.facts)
    assert RN.kdigo_aki(c) is None and aki_facts(c.facts) is None
    en = RC.admission_reconciliation(ctx("ssri")).gold_answer.en
    assert "fluoxetine by citalopram" in en
    en = RC.admission_reconciliation(ctx("nitr")).gold_answer.en
    assert "isosorbide dinitrate by isosorbide mononitrate" in en
