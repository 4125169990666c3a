"""Round 17 (issue #37, reading m's questionable classes): the rules on plain values and
on hand-made records in MIMIC-IV format (invented values, never MIMIC's;
docs/real-records.md, "Round 17"). Each record test fails on the behaviour before the
fix; EN and ZH gold are checked."""

from __future__ import annotations

import pytest
from _real_records import (
    ADM,
    EMAR,
    LAB,
    Stays,
    adm,
    lab,
    next_id,
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical import glycaemia
from physassist_env.clinical.breakpoints import (
    mic_value,
    pip_tazo_category,
    pip_tazo_caveat,
    probable_esbl,
)
from physassist_env.clinical.culture_reading import (
    headline_isolate,
    significance_uncertain,
)
from physassist_env.clinical.discharge import deep_specimen_course
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import hematology as HE
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import scores as SC
from physassist_env.scenarios.topics import writes as WR

UNCERTAIN = (
    "Culture workup discontinued. Further incubation showed contamination with mixed"
    " skin/genital flora. Clinical significance of isolate(s) uncertain."
)


# ------------------------------------------------------------------ plain values
def _iso(org: str, panel: dict, mic: dict | None = None, **kw) -> dict:
    return {"organism": org, "susceptibility": panel, "mic": mic or {}, **kw}


def test_pip_tazo_breakpoints_of_clsi_2022():
    assert mic_value("<=4") == 4 and mic_value("=>128") == 128 and mic_value("16") == 16
    assert mic_value("") is None
    assert [pip_tazo_category(m) for m in (4, 8, 16, 32)] == ["S", "S", "SDD", "R"]


def test_an_esbl_klebsiella_is_not_plainly_susceptible_to_pip_tazo():
    panel = {"piperacillin/tazo": "S", "ceftriaxone": "R", "cefepime": "R"}
    c = _iso("KLEBSIELLA PNEUMONIAE", panel, {"piperacillin/tazo": "16"})
    assert probable_esbl(c) == ["ceftriaxone", "cefepime"]
    en, zh = pip_tazo_caveat(c)
    assert "susceptible-dose-dependent" in en and "ESBL" in en and "carbapenem" in en
    assert "剂量依赖性敏感" in zh and "ESBL" in zh
    # an MIC of 16 alone, no ESBL marker: the MIC clause only
    alone = _iso(
        "ESCHERICHIA COLI", {"piperacillin/tazo": "S"}, {"piperacillin/tazo": "16"}
    )
    assert "ESBL" not in pip_tazo_caveat(alone)[0]
    # a susceptible MIC and ceftriaxone susceptible: the letter stands
    clean = _iso("ESCHERICHIA COLI", {"piperacillin/tazo": "S", "ceftriaxone": "S"},
                 {"piperacillin/tazo": "<=4"})  # fmt: skip
    assert pip_tazo_caveat(clean) is None
    # not an Enterobacterales: another breakpoint table, no reading here
    pseud = _iso(
        "PSEUDOMONAS AERUGINOSA",
        {"piperacillin/tazo": "S"},
        {"piperacillin/tazo": "16"},
    )
    assert pip_tazo_caveat(pseud) is None


def test_hypoglycaemia_within_72_hours():
    pts = [("2150-03-01T10:00:00", 55.0), ("2150-03-05T20:00:00", 280.0)]
    assert glycaemia.lowest_hypoglycaemia(pts) == ("2150-03-01T10:00:00", 55.0)
    assert glycaemia.lowest_hypoglycaemia(pts, 72) is None
    near = [("2150-03-03T10:00:00", 62.0), ("2150-03-05T20:00:00", 280.0)]
    assert glycaemia.lowest_hypoglycaemia(near, 72) == ("2150-03-03T10:00:00", 62.0)


def test_deep_specimens_name_a_weeks_long_course():
    assert deep_specimen_course("PLEURAL FLUID", "")[0] == "empyema"
    assert deep_specimen_course("BONE", "")[0] == "osteomyelitis"
    assert deep_specimen_course("ABSCESS", "neurosurgical")[0] == "brain abscess"
    # a skin abscess drained without a brain operation is no brain abscess
    assert deep_specimen_course("ABSCESS", "") is None
    assert deep_specimen_course("URINE", "") is None


def test_an_isolate_of_uncertain_significance_does_not_lead():
    urine = _iso("ESCHERICHIA COLI", {}, test="URINE CULTURE", comment=UNCERTAIN,
                 time="2150-03-02T10:00:00", id="micro-1-1-1-1")  # fmt: skip
    wound = _iso("BETA STREPTOCOCCUS GROUP A", {}, test="WOUND CULTURE", comment="",
                 time="2150-03-01T10:00:00", id="micro-2-1-1-1")  # fmt: skip
    assert significance_uncertain(urine) and not significance_uncertain(wound)
    assert headline_isolate([wound, urine])["organism"] == wound["organism"]
    assert headline_isolate([urine])["organism"] == urine["organism"]


# ------------------------------------------------------------- hand-made records
_S = Stays("17", "27")
_STAY, _DAY = _S.stay, _S.day
_h, _eh, _rx, _c = _S.hadm, _S.earlier_hadm, _S.order, _S.context
# 7701 an ESBL Klebsiella (pip-tazo MIC 16, ceftriaxone and cefepime R) on pip-tazo;
# 7702 a clean Klebsiella (pip-tazo <=4, ceftriaxone S) on pip-tazo
# 7703 glargine-like insulin QHS, glucose 55 four days ago, above 180 since;
# 7704 the same with the 55 two days ago
# 7705 AF, long-term aspirin and a duodenal ulcer coded at the last discharge, age 80
# 7706 coronary disease and heart failure coded, Hb 7.5 -> 7.6 (stable)
# 7707 a pleural fluid growing S. aureus, IV vancomycin running
# 7708 cirrhosis, an INR three days older than the other MELD values
# 7709 a urine E. coli the laboratory calls contaminated, a wound group A strep
_PIDS = ("7701", "7702", "7703", "7704", "7705", "7706", "7707", "7708", "7709")
_PRIOR = ("7705", "7706", "7708")

MICRO = "microevent_id,subject_id,hadm_id,micro_specimen_id,order_provider_id,chartdate,charttime,spec_itemid,spec_type_desc,test_seq,storedate,storetime,test_itemid,test_name,org_itemid,org_name,isolate_num,quantity,ab_itemid,ab_name,dilution_text,dilution_comparison,dilution_value,interpretation,comments"


def _micro(pid, spec, spec_type, test, org, panel=(), t="2150-03-02 10:00:00", note=""):
    """Rows of one specimen's isolate, one per ``(antibiotic, MIC text, S/I/R)``."""
    return [
        [next_id(), pid, _h(pid), spec, "", t[:10] + " 00:00:00", t, 70000 + spec % 100,
         spec_type, 1, t[:10] + " 00:00:00", t, 90000 + spec % 100, test,
         80000 + spec % 100, org, 1, "", ab_id, ab, mic, "", "", sir, note]
        for ab_id, ab, mic, sir in (panel or [("", "", "", "")])
    ]  # fmt: skip


_ESBL = [(1, "PIPERACILLIN/TAZO", "16", "S"), (2, "CEFTRIAXONE", "=>64", "R"),
         (3, "CEFEPIME", "=>64", "R"), (4, "MEROPENEM", "<=0.25", "S")]  # fmt: skip
_CLEAN = [(1, "PIPERACILLIN/TAZO", "<=4", "S"), (2, "CEFTRIAXONE", "<=1", "S")]
_MICRO_ROWS = [
    *_micro("7701", 77011, "URINE", "URINE CULTURE", "KLEBSIELLA PNEUMONIAE", _ESBL),
    *_micro("7702", 77021, "URINE", "URINE CULTURE", "KLEBSIELLA PNEUMONIAE", _CLEAN),
    *_micro("7707", 77071, "PLEURAL FLUID", "FLUID CULTURE", "STAPH AUREUS COAG +",
            [(1, "OXACILLIN", "=>4", "R"), (2, "VANCOMYCIN", "1", "S")]),
    *_micro("7709", 77091, "URINE", "URINE CULTURE", "ESCHERICHIA COLI", note=UNCERTAIN),
    *_micro("7709", 77092, "SWAB", "WOUND CULTURE", "BETA STREPTOCOCCUS GROUP A",
            t="2150-03-02 11:00:00"),
]  # fmt: skip


def _glucose(pid, t, v):
    return lab(pid, _h(pid), 50931, t, v, "mg/dL", 70, 100)


def _hb(pid, t, v):
    return lab(pid, _h(pid), 51222, t, v, "g/dL", 13.5, 17.5)


_LABS = [
    *(_glucose(p, t, v) for p, low in (("7703", "2150-03-01 10:00:00"), ("7704", "2150-03-03 10:00:00"))
      for t, v in ((low, 55), ("2150-03-04 08:00:00", 250), ("2150-03-04 20:00:00", 260),
                   ("2150-03-05 08:00:00", 270), ("2150-03-05 12:00:00", 280))),
    _hb("7706", "2150-03-04 06:00:00", 7.5),
    _hb("7706", "2150-03-05 06:00:00", 7.6),
    lab("7708", _h("7708"), 50885, "2150-03-05 06:00:00", 2.1, "mg/dL", 0, 1.5),
    lab("7708", _h("7708"), 50912, "2150-03-05 06:00:00", 1.2, "mg/dL", 0.5, 1.2),
    lab("7708", _h("7708"), 50983, "2150-03-05 06:00:00", 132, "mEq/L", 133, 145),
    lab("7708", _h("7708"), 51237, "2150-03-02 06:00:00", 1.6, "", 0.9, 1.1),
]  # fmt: skip

_DX = [
    ("7705", "I4891", 10), ("7705", "V5866", 9), ("7705", "5321", 9),
    ("7706", "I2510", 10), ("7706", "I5022", 10),
    ("7708", "5712", 9),
]  # fmt: skip

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 80 if p == "7705" else 66, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_STAY) for p in _PIDS]
        + [adm(p, _eh(p), *_S.prior) for p in _PRIOR],
    ),
    "hosp/d_icd_diagnoses": (
        "icd_code,icd_version,long_title",
        [
            ["I4891", 10, "Unspecified atrial fibrillation"],
            ["V5866", 9, "Long-term (current) use of aspirin"],
            ["5321", 9, "Acute duodenal ulcer with perforation"],
            ["I2510", 10, "Atherosclerotic heart disease of native coronary artery"],
            ["I5022", 10, "Chronic systolic (congestive) heart failure"],
            ["5712", 9, "Alcoholic cirrhosis of liver"],
        ],
    ),
    "hosp/diagnoses_icd": (
        "subject_id,hadm_id,seq_num,icd_code,icd_version",
        [[p, _eh(p), i + 1, c, v] for i, (p, c, v) in enumerate(_DX)],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [[50931, "Glucose", "Blood", "Chemistry"],
         [51222, "Hemoglobin", "Blood", "Hematology"],
         [50885, "Bilirubin, Total", "Blood", "Chemistry"],
         [50912, "Creatinine", "Blood", "Chemistry"],
         [50983, "Sodium", "Blood", "Chemistry"],
         [51237, "INR(PT)", "Blood", "Hematology"]],
    ),  # fmt: skip
    "hosp/labevents": (LAB, _LABS),
    "hosp/microbiologyevents": (MICRO, _MICRO_ROWS),
    "hosp/emar": (
        EMAR,
        [
            _S.emar(p, t, "Piperacillin-Tazobactam")
            for p in ("7701", "7702")
            for t in ("2150-03-03 08:00:00", "2150-03-04 08:00:00")
        ],
    ),
    **order_tables(
        [
            _rx(p, int(p) * 10 + 1, "2150-03-02 08:00:00", "Piperacillin-Tazobactam",
                "4.5", "g", "IV", "Q8H")
            for p in ("7701", "7702")
        ]
        + [
            _rx(p, int(p) * 10 + 1, "2150-03-01 08:00:00", "Insulin", "20", "UNIT",
                "SC", "QHS")
            for p in ("7703", "7704")
        ]
        + [
            _rx("7707", 77071, "2150-03-02 08:00:00", "Vancomycin", "1250", "mg", "IV",
                "Q12H"),
            _rx("7707", 77072, "2150-03-02 08:00:00", "Senna", "1", "TAB", "PO", "BID"),
            _rx("7707", 77073, "2150-03-02 08:00:00", "Docusate Sodium", "100", "mg",
                "PO", "BID"),
        ]
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r17", TABLES, _PIDS)


def _ok(d, ctx) -> None:
    assert d is not None
    _gold_ok(d, ctx)
    zh_clean(d)


# ------------------------------------------------ 1. susceptibility with its MIC
def test_esbl_klebsiella_not_susceptible_to_the_running_pip_tazo(real):
    ctx = _c(real, "7701")
    d = GA.antibiotics_given(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "is susceptible to the running piperacillin" not in en
    assert "reported susceptible to the running piperacillin" in en
    assert "MIC of 16" in en and "ESBL" in en and "change the cover" in en
    assert "剂量依赖性敏感" in zh and "需调整抗菌药" in zh
    _ok(d, _c(real, "7701"))
    s = AM.susceptibilities(_c(real, "7701"))
    assert s is not None and "ESBL" in s.gold_answer.en and "ESBL" in s.gold_answer.zh
    _ok(s, _c(real, "7701"))


def test_a_clean_klebsiella_stays_susceptible(real):
    d = GA.antibiotics_given(_c(real, "7702"))
    assert d is not None
    assert "is susceptible to the running piperacillin" in d.gold_answer.en
    assert "ESBL" not in d.gold_answer.en


# ------------------------------------------------------ 2. insulin titration
def _insulin(ctx):
    return next(p for p, _, _ in ctx.facts.pairs if p.drug_class == "insulin")


def test_insulin_increase_is_cautious_after_hypoglycaemia_this_stay(real):
    ctx = _c(real, "7703")
    d = RS.drug_lab_safety(ctx, _insulin(ctx), "insulin")
    assert d is not None and d.decision == "increase"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "prandial" not in en and "餐时" not in zh
    assert "cautiously" in en and "55 mg/dL" in en and "10%" in en
    assert "insulin 20 units QHS" in en and "谨慎加量" in zh
    _ok(d, _c(real, "7703"))
    ctx = _c(real, "7703")
    f = WR.flag_safety(ctx, _insulin(ctx), "insulin")
    assert f is not None and "cautiously" in f.gold_answer.en
    assert "谨慎加量" in f.gold_answer.zh
    _ok(f, _c(real, "7703"))


def test_no_insulin_increase_within_72_hours_of_hypoglycaemia(real):
    ctx = _c(real, "7704")
    assert RS.drug_lab_safety(ctx, _insulin(ctx), "insulin") is None


# ----------------------------------------------------------------- 3. HAS-BLED
def test_has_bled_counts_coded_aspirin_of_the_last_discharge_and_an_ulcer(real):
    ctx = _c(real, "7705")
    d = SC.has_bled(ctx)
    assert d is not None and d.decision == "high"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert en.startswith("HAS-BLED is 3")
    assert "coded long-term antiplatelet/aspirin use at the discharge of" in en
    assert "peptic ulcer" in en and "消化性溃疡" in zh and "出院时" in zh
    _ok(d, _c(real, "7705"))


# ------------------------------------------------------------ 4. transfusion
def test_transfusion_routine_and_slow_with_heart_failure(real):
    ctx = _c(real, "7706")
    d = HE.transfuse_order(ctx)
    assert d is not None
    create = next(c for c in d.gold_actions if c.name == "ServiceRequest.create")
    assert create.arguments["priority"] == "routine"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "Routine priority" in en and "over 3-4 hours" in en
    assert "常规优先级" in zh and "缓慢输注" in zh
    _ok(d, _c(real, "7706"))


# ------------------------------------------------- 5. deep infection at discharge
def test_empyema_on_iv_vancomycin_goes_home_through_opat(real):
    d = GA.discharge_meds(_c(real, "7707"))
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "for the empyema" in en and "IV Vancomycin (OPAT)" in en
    assert "change it to an oral antibiotic" not in en
    assert "脓胸" in zh
    _ok(d, _c(real, "7707"))
    f = WR.followup(_c(real, "7707"))
    assert f is not None and f.decision == "infectious diseases, 7 days"
    assert "weekly" in f.gold_answer.en and "感染科" in f.gold_answer.zh
    _ok(f, _c(real, "7707"))


def test_no_discharge_changes_without_a_last_list(real):
    # the OPAT sentence rides on the reconciliation only where a last list exists
    assert RC.discharge_changes(_c(real, "7707")) is None


# ------------------------------------------------------------- 6. stale values
def test_meld_na_dates_an_older_inr(real):
    d = SC.meld_na(_c(real, "7708"))
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "INR 1.6 from 2150-03-02 is older than the other values" in en
    assert "2150-03-02 的结果" in zh and "复查" in zh
    _ok(d, _c(real, "7708"))


# ------------------------------------------------------- 7. microbiology caveats
def test_a_contaminated_urine_isolate_carries_the_lab_caveat(real):
    d = LK.culture_result(_c(real, "7709"))
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert en.startswith("The wound culture")
    assert "clinical significance uncertain" in en
    assert "临床意义不确定" in zh
    _ok(d, _c(real, "7709"))
