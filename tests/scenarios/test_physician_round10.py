"""Gold a physician signs on real records, round 10 (issue #37): the classes the round-9
and 9b readings left (docs/real-records.md, "What is left"), fixed by their principle and
tested on hand-made records in MIMIC-IV format (invented values, never MIMIC's) and on
culture lists written by hand. Each test fails on the behaviour before the fix. The last
test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    LAB,
    adm,
    demo_contexts,
    hb,
    k,
    lab,
    order_tables,
    records,
)
from _real_records import real_context as _ctx
from test_gold_rules import _gold_ok

from physassist_env.clinical.culture_reading import (
    colonisers,
    likely_contaminants,
    susceptibility_matches,
)
from physassist_env.clinical.discharge import inpatient_only, repletion_only
from physassist_env.scenarios.features import MedOrder
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import gathering as G
from physassist_env.scenarios.topics import hematology as HM
from physassist_env.scenarios.topics.base import culture_reading
from physassist_env.vocab.zh_text import untranslated_english

_STAY = "2150-03-01 02:00:00", "2150-03-06 12:00:00"
_PIDS = ("5001", "5002", "5003", "5004", "5005", "5006", "5007")

#: (subject, hadm, pharmacy_id, start, stop, drug, dose, unit, route, frequency, status)
_ORDERS = [
    # 1. a discharge list: regimens with doses; inpatient repletion and the oral-care
    # rinse of the ventilator bundle; an oral antibiotic course after an IV one
    ("5001", "9001", 1, "2150-03-01 08:00:00", _STAY[1], "Metoprolol Tartrate", "25", "mg", "PO", "BID", "Active"),
    ("5001", "9001", 2, "2150-03-03 08:00:00", _STAY[1], "Potassium Chloride", "20", "mEq", "PO", "BID", "Active"),
    ("5001", "9001", 3, "2150-03-03 08:00:00", _STAY[1], "Neutra-Phos", "1", "PKT", "PO/NG", "BID", "Active"),
    ("5001", "9001", 4, "2150-03-01 08:00:00", _STAY[1], "Chlorhexidine Gluconate 0.12% Oral Rinse", "15", "mL", "ORAL", "BID", "Active"),
    ("5001", "9001", 5, "2150-03-01 04:00:00", "2150-03-02 20:00:00", "CeftriaXONE", "1", "g", "IV", "Q24H", "Discontinued"),
    ("5001", "9001", 6, "2150-03-03 08:00:00", _STAY[1], "Levofloxacin", "750", "mg", "PO", "Q24H", "Active"),
    # 1b. potassium beside a loop diuretic: a maintenance supplement, it goes home
    ("5002", "9002", 7, "2150-03-01 08:00:00", _STAY[1], "Furosemide", "40", "mg", "PO", "DAILY", "Active"),
    ("5002", "9002", 8, "2150-03-01 08:00:00", _STAY[1], "Potassium Chloride", "20", "mEq", "PO", "DAILY", "Active"),
    ("5002", "9002", 9, "2150-03-01 08:00:00", _STAY[1], "Atorvastatin", "40", "mg", "PO", "DAILY", "Active"),
    # 2. IV pantoprazole twice daily: an upper GI bleed being treated
    ("5003", "9003", 10, "2150-03-01 03:00:00", _STAY[1], "Pantoprazole", "40", "mg", "IV", "Q12H", "Active"),
    # 3a. a once dose ordered after the draw beside a standing order
    ("5004", "9004", 11, "2150-03-02 23:00:00", _STAY[1], "Potassium Chloride", "20", "mEq", "PO", "BID", "Active"),
    ("5004", "9004", 12, "2150-03-03 21:00:00", _STAY[1], "Potassium Chloride", "40", "mEq", "PO", "ONCE", "Active"),
    # 3b. a potassium-raising drug beside a persistent hyperkalaemia
    ("5005", "9005", 13, "2150-03-01 08:00:00", _STAY[1], "Lisinopril", "10", "mg", "PO", "DAILY", "Active"),
    # 1c. an antiepileptic as a morning and an evening order (the session-9 reading: the
    # list kept the evening dose only, halving the therapy)
    ("5007", "9007", 14, "2150-03-01 08:00:00", _STAY[1], "LamoTRIgine", "150", "mg", "PO", "QAM", "Active"),
    ("5007", "9007", 15, "2150-03-01 20:00:00", _STAY[1], "LamoTRIgine", "300", "mg", "PO", "QHS", "Active"),
    ("5007", "9007", 16, "2150-03-01 08:00:00", _STAY[1], "Atorvastatin", "40", "mg", "PO", "DAILY", "Active"),
]  # fmt: skip

TABLES: dict[str, tuple[str, list[list[object]]]] = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "M", 60, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        "subject_id,hadm_id,admittime,dischtime,deathtime,admission_type,admission_location,discharge_location,edregtime,edouttime",
        [adm(p, f"900{p[-1]}", *_STAY) for p in _PIDS],
    ),
    "hosp/d_labitems": (
        "itemid,label,fluid,category",
        [
            [50971, "Potassium", "Blood", "Chemistry"],
            [51222, "Hemoglobin", "Blood", "Hematology"],
            [50931, "Glucose", "Blood", "Chemistry"],
            [50912, "Creatinine", "Blood", "Chemistry"],
        ],
    ),
    "hosp/labevents": (
        LAB,
        [
            lab(p, f"900{p[-1]}", 50912, "2150-03-02 06:00:00", 0.9, "mg/dL", 0.4, 1.1)
            for p in _PIDS
        ]
        + [
            # 2. 10.2 -> 8.3 g/dL in 14 h (not the 2 g/dL of a major bleed)
            hb("5003", "9003", "2150-03-02 14:00:00", 10.2),
            hb("5003", "9003", "2150-03-03 04:00:00", 8.3),
            # 3a. potassium 3.2 at 07:00
            k("5004", "9004", "2150-03-03 07:00:00", 3.2),
            # 3b. 5.6, 5.7, 5.5 over a day; the last with a glucose of 380
            k("5005", "9005", "2150-03-02 06:00:00", 5.6),
            k("5005", "9005", "2150-03-02 16:00:00", 5.7),
            k("5005", "9005", "2150-03-03 06:00:00", 5.5),
            lab("5005", "9005", 50931, "2150-03-03 06:00:00", 380, "mg/dL", 70, 100),
            # 3c. a single 5.6 without a high glucose
            k("5006", "9006", "2150-03-02 06:00:00", 4.6),
            k("5006", "9006", "2150-03-03 06:00:00", 5.6),
            lab("5006", "9006", 50931, "2150-03-03 06:00:00", 120, "mg/dL", 70, 100),
        ],
    ),
    **order_tables(_ORDERS),
}  # fmt: skip


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r10", TABLES, _PIDS)


def _order(name: str, route: str, freq: str, dose: float = 1.0) -> MedOrder:
    return MedOrder("1", name, None, dose, "mg", route, freq, "active",
                    "2150-03-01T08:00:00", "")  # fmt: skip


# ------------------------------------------------ 1. the discharge list
def test_a_discharge_list_states_dose_route_frequency_and_leaves_repletion_off(real):
    """Names alone were the most frequent questionable class; KCl and Neutra-Phos
    repletion and the ventilator-bundle chlorhexidine rinse were listed as going home."""
    ctx = _ctx(real, "5001", "9001", "2150-03-04")
    d = G.discharge_meds(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    listed = en.split("Active medications:")[1].split(".")[0]
    assert "Metoprolol Tartrate 25 mg PO BID" in listed
    assert "美托洛尔" in zh and "25 mg 口服 每日两次" in zh
    for gone in ("Potassium Chloride", "Neutra-Phos", "Chlorhexidine"):
        assert gone not in listed, gone
    assert "Not listed (inpatient repletion): Potassium Chloride, Neutra-Phos" in en
    assert "未列入（院内补充电解质）" in zh
    # an antibacterial course says where its stop date counts from: the IV start
    assert "Levofloxacin 750 mg PO Q24H (antibiotic course: write its stop date" in en
    assert "first dose on 2150-03-01" in en and "自 2150-03-01 首剂起计算" in zh
    assert untranslated_english(zh) == []
    _gold_ok(d, ctx)


def test_potassium_beside_a_loop_diuretic_goes_home():
    kcl, lasix = (
        _order("Potassium Chloride", "PO", "DAILY"),
        _order("Furosemide", "PO", "DAILY"),
    )
    assert not repletion_only(kcl, [kcl, lasix])
    assert repletion_only(kcl, [kcl])
    assert repletion_only(_order("Neutra-Phos", "PO", "BID"), [lasix])
    assert inpatient_only(_order("Chlorhexidine Gluconate 0.12% Oral Rinse", "ORAL", "BID")) == "ventilator oral care"  # fmt: skip
    assert inpatient_only(_order("Chlorhexidine Gluconate 4% Liquid", "TP", "DAILY")) is None  # fmt: skip


def test_the_diuretic_patients_potassium_is_on_the_list(real):
    ctx = _ctx(real, "5002", "9002", "2150-03-04")
    d = G.discharge_meds(ctx)
    assert d is not None
    assert "Potassium Chloride 20 mEq PO DAILY" in d.gold_answer.en
    assert "inpatient repletion" not in d.gold_answer.en
    assert ctx.facts.repletion_orders() == []


def test_a_drug_in_two_concurrent_orders_goes_home_with_both(real):
    """Lamotrigine 150 mg every morning and 300 mg at night: one order alone on the list
    halves the therapy (NICE NG217 2022: do not stop antiseizure medication abruptly)."""
    ctx = _ctx(real, "5007", "9007", "2150-03-04")
    d = G.discharge_meds(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "150 mg PO QAM" in en and "300 mg PO QHS" in en
    assert "150 mg" in zh and "300 mg" in zh and "以及" in zh
    assert untranslated_english(zh) == []
    _gold_ok(d, ctx)


# ------------------------------------------------ 2. rebleeding beside "no transfusion"
def test_a_fall_on_a_treated_gi_bleed_is_flagged_beside_no_transfusion(real):
    """10.2 -> 8.3 g/dL within 14 h on IV pantoprazole q12h: the old answer said "No
    transfusion ... Monitor the hemoglobin" (10019917 t1)."""
    ctx = _ctx(real, "5003", "9003", "2150-03-03")
    assert ctx.facts.haemoglobin_fall() is None  # not the 2 g/dL of a major bleed
    d = HM.transfusion_threshold(ctx)
    assert d is not None and d.decision == "no transfusion"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert en.startswith("No transfusion is indicated")
    assert "fell within 24 hours (from 10.2 g/dL" in en and "possible rebleeding" in en
    assert "警惕再出血" in zh and untranslated_english(zh) == []
    assert any("rebleeding" in it.criterion.en for it in d.rubric)
    assert any(c.name == "MedicationRequest.search" for c in d.gold_actions)
    _gold_ok(d, ctx)


def test_once_daily_prophylaxis_is_no_treated_bleed(real):
    ctx = _ctx(real, "5003", "9003", "2150-03-03")
    ctx.facts.orders = [
        o.__class__(**{**o.__dict__, "frequency": "Q24H"}) for o in ctx.facts.orders
    ]
    assert HM.gi_bleed_treatment(ctx.facts) is None
    assert HM.rebleed_fall(ctx) is None


# ------------------------------------------------ 3. potassium
def test_a_standing_order_beside_a_once_dose_after_the_draw_is_named(real):
    """KCl 40 mEq once ordered after the draw and 20 mEq twice daily running: the old
    answer named the once dose only (10022017 t1)."""
    ctx = _ctx(real, "5004", "9004", "2150-03-03")
    d = EL.potassium_dose(ctx)
    assert d is not None and d.decision == "already replaced: recheck"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "Potassium chloride 40 mEq PO was ordered at 2150-03-03 21:00" in en
    assert "A standing order also runs: potassium chloride 20 mEq PO BID" in en
    assert "另有长期补钾医嘱在执行：氯化钾 20 mEq 口服 每日两次" in zh
    _gold_ok(d, ctx)


def test_a_persistent_mild_hyperkalaemia_gets_an_ecg_and_its_cause(real):
    """5.6, 5.7, 5.5 over a day with a glucose of 380 on the last draw: the old answer
    said "mild hyperkalemia: hold the lisinopril; recheck the potassium"."""
    ctx = _ctx(real, "5005", "9005", "2150-03-03")
    d = HM_plan = EL.hyperkalemia_plan(ctx)
    assert HM_plan is not None and d.decision == "mild"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert (
        "get an ECG, since the potassium has been high on every draw since 2150-03-02 06:00"
        in en
    )
    assert "look for the cause" in en
    assert "the glucose on the same draw is 380 mg/dL" in en
    assert "查心电图" in zh and "血糖 380" in zh and untranslated_english(zh) == []
    assert any(it.criterion.en == "Asks for an ECG" for it in d.rubric)
    _gold_ok(d, ctx)


def test_a_single_mild_value_is_still_a_recheck(real):
    ctx = _ctx(real, "5006", "9006", "2150-03-03")
    d = EL.hyperkalemia_plan(ctx)
    assert d is not None
    assert "ECG" not in d.gold_answer.en and "glucose" not in d.gold_answer.en
    assert EL.persistent_hyperkalaemia(ctx.facts.labs["potassium"]) is None


# ------------------------------------------------ 4. culture lists interpreted
_SETS = [
    {"id": "micro-1-90201-80001-1", "test": "Blood Culture, Routine",
     "organism": "STAPHYLOCOCCUS, COAGULASE NEGATIVE", "susceptibility": {},
     "time": "2150-03-01T10:00:00"},
    {"id": "micro-2-90201-0-0", "test": "Blood Culture, Routine", "organism": "",
     "susceptibility": {}, "time": "2150-03-01T10:20:00"},
    {"id": "micro-3-90039-80002-1", "test": "URINE CULTURE", "organism": "YEAST",
     "susceptibility": {}, "time": "2150-03-01T11:00:00"},
    {"id": "micro-4-90039-80003-1", "test": "URINE CULTURE",
     "organism": "ESCHERICHIA COLI",
     "susceptibility": {"ceftriaxone": "S", "ciprofloxacin": "R"},
     "time": "2150-03-01T11:00:00"},
    {"id": "micro-5-90100-80004-1", "test": "MRSA SCREEN",
     "organism": "STAPH AUREUS COAG +", "susceptibility": {"vancomycin": "S"},
     "time": "2150-03-01T11:00:00"},
]  # fmt: skip


def test_culture_lists_are_interpreted():
    """A CoNS bottle of two sets, yeast in the urine, a panel against the running drugs
    and a screening swab (10002428, 10040025, 10005817)."""
    assert likely_contaminants(_SETS) == [("STAPHYLOCOCCUS, COAGULASE NEGATIVE", 2)]
    both = [dict(_SETS[0]), dict(_SETS[1], organism=_SETS[0]["organism"])]
    assert likely_contaminants(both) == []  # grew in both sets: a bacteraemia
    assert colonisers(_SETS) == [("YEAST", "urine")]
    got = susceptibility_matches(_SETS, ["ciprofloxacin", "vancomycin"])
    assert got == [("ESCHERICHIA COLI", "ciprofloxacin", "R")]  # not the screen
    en, zh, named = culture_reading(_SETS, ["ciprofloxacin"])
    assert named
    assert "grew in 1 of 2 blood culture sets: likely a skin contaminant" in en
    assert "in the urine is usually colonisation" in en
    assert "is resistant to the running ciprofloxacin: change the cover" in en
    assert "皮肤污染菌" in zh and "定植" in zh and "耐药" in zh
    assert culture_reading([], ["ciprofloxacin"]) == ("", "", False)


# ------------------------------------------------ the reading's sessions on the demo
_READ = {
    "rebleed": ("10019917", "22585261", "2182-01-09"),
    "standing": ("10022017", "22342963", "2189-09-15"),
    "persistent": ("10014354", "27562275", "2148-07-19"),
    "shift": ("10027445", "26275841", "2142-08-05"),
    "yeast": ("10002428", "23473524", "2156-05-21"),
    "panel": ("10040025", "27996267", "2148-02-03"),
    "screen": ("10005817", "28661809", "2135-01-18"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """Properties only (no values): what the round-9 readings left is said."""
    ctx = demo_contexts(tmp_path, _READ)
    t = HM.transfusion_threshold(ctx("rebleed"))
    assert t is not None and t.decision == "no transfusion"
    assert "possible rebleeding" in t.gold_answer.en
    dm = G.discharge_meds(ctx("rebleed"))
    assert dm is not None and " mg PO " in dm.gold_answer.en
    kd = EL.potassium_dose(ctx("standing"))
    assert kd is not None and "A standing order also runs" in kd.gold_answer.en
    hk = EL.hyperkalemia_plan(ctx("persistent"))
    assert hk is not None and "get an ECG" in hk.gold_answer.en
    sh = EL.hyperkalemia_plan(ctx("shift"))
    assert sh is not None and "the glucose on the same draw" in sh.gold_answer.en
    ys = G.infection_status(ctx("yeast"))
    assert ys is not None and "usually colonisation" in ys.gold_answer.en
    pn = G.infection_status(ctx("panel"))
    assert pn is not None and "susceptible to the running" in pn.gold_answer.en
    sc = G.infection_status(ctx("screen"))
    assert sc is not None and "the running vancomycin" not in sc.gold_answer.en
