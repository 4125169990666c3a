"""Gold a physician signs on real records, round 14b (issue #37): the wrong classes of
reading k of round 13 (docs/real-records.md, "Round 14b: the reading of round 13"),
fixed by their principle and tested on hand-made records in MIMIC-IV format (invented
values, never MIMIC's). Each record test fails on the behaviour before the fix. The
last test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import (
    ADM,
    Stays,
    adm,
    demo_contexts,
    next_id,
    order_tables,
    records,
    zh_clean,
)
from test_gold_rules import _gold_ok

from physassist_env.clinical import glycaemia
from physassist_env.clinical.culture_reading import (
    headline_isolate,
    other_isolates,
    pending_identification,
)
from physassist_env.clinical.inhalers import anticholinergic_pair
from physassist_env.scenarios.derived import components
from physassist_env.scenarios.rubric import read_value
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.vocab.zh_text import untranslated_english

_S = Stays("97", "98")
_STAY, _PRIOR, _END, _DAY = _S.stay, _S.prior, _S.stay[1], _S.day
_h, _p, _home, _rx, _c = _S.hadm, _S.earlier_hadm, _S.home, _S.order, _S.context
_PIDS = ("7401", "7402", "7403", "7404")


_ORDERS = [
    # 2. COPD: home tiotropium, albuterol and senna; now tiotropium with combination
    # nebulisers (7403), or with plain albuterol nebulisers (7404, the control)
    *(
        row
        for p, base in (("7403", 10), ("7404", 20))
        for row in (
            _home(p, base + 1, "Tiotropium Bromide", "1", "CAP", "IH", "DAILY"),
            _home(p, base + 2, "Albuterol Inhaler", "2", "PUFF", "IH", "Q4H:PRN"),
            _home(p, base + 3, "Senna", "8.6", "mg", "PO", "BID"),
            _rx(p, base + 4, "2150-03-01 08:00:00", "Tiotropium Bromide", "1", "CAP", "IH", "DAILY"),
        )
    ),
    _rx("7403", 15, "2150-03-01 08:00:00", "Ipratropium-Albuterol Neb", "1", "NEB", "NEB", "Q6H:PRN"),
    _rx("7404", 25, "2150-03-01 08:00:00", "Albuterol 0.083% Neb Soln", "1", "NEB", "NEB", "Q6H:PRN"),
]  # fmt: skip

MICRO = "microevent_id,subject_id,hadm_id,micro_specimen_id,order_provider_id,chartdate,charttime,spec_itemid,spec_type_desc,test_seq,storedate,storetime,test_itemid,test_name,org_itemid,org_name,isolate_num,quantity,ab_itemid,ab_name,dilution_text,dilution_comparison,dilution_value,interpretation,comments"


def _micro(pid, spec, spec_type, test, org, t, comments="") -> list:
    """One result row of a specimen: an organism grown, or a comment (a serology)."""
    return [next_id(), pid, _h(pid), spec, "", t[:10] + " 00:00:00", t, 70000 + spec,
            spec_type, 1, t[:10] + " 00:00:00", t, 90000 + spec, test,
            80001 if org else "", org, 1 if org else "", "", "", "", "", "", "", "",
            comments]  # fmt: skip


_MICRO_ROWS = [
    # 1. an early positive IgG serology (IgM negative), a later E. coli bacteraemia and
    # a urine Gram-negative rod awaiting identification (7401); the serology alone (7402)
    *(
        row
        for p in ("7401", "7402")
        for row in (
            _micro(p, int(p) * 10 + 1, "Blood (EBV)", "EPSTEIN-BARR VIRUS VCA-IgG AB", "", "2150-03-01 05:00:00", "POSITIVE BY EIA."),
            _micro(p, int(p) * 10 + 2, "Blood (EBV)", "EPSTEIN-BARR VIRUS VCA-IgM AB", "", "2150-03-01 05:00:00", "NEGATIVE <1:10 BY IFA."),
        )
    ),
    _micro("7401", 74013, "BLOOD CULTURE", "Blood Culture, Routine", "ESCHERICHIA COLI", "2150-03-02 23:00:00"),
    _micro("7401", 74014, "URINE", "URINE CULTURE", "GRAM NEGATIVE ROD(S)", "2150-03-04 20:00:00"),
]  # fmt: skip

TABLES = {
    "hosp/patients": (
        "subject_id,gender,anchor_age,anchor_year,anchor_year_group,dod",
        [[p, "F", 70, 2150, "2011 - 2013", ""] for p in _PIDS],
    ),
    "hosp/admissions": (
        ADM,
        [adm(p, _h(p), *_STAY) for p in _PIDS]
        + [adm(p, _p(p), *_PRIOR) for p in ("7403", "7404")],
    ),
    "hosp/microbiologyevents": (MICRO, _MICRO_ROWS),
    **order_tables(_ORDERS),
}


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory):
    """``pid -> (record, store)`` of the hand-made records."""
    return records(tmp_path_factory, "r14k", TABLES, _PIDS)


# ------------------------------------------------ 1. the pathogen grown leads
def test_the_pathogen_grown_leads_not_a_serology(real):
    """An EBV VCA-IgG "POSITIVE BY EIA" was the headline and the E. coli bacteraemia
    "also grown", the urine Gram-negative rod left out (10007818-22987108 t0)."""
    ctx = _c(real, "7401")
    d = LK.culture_result(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert en.startswith(
        "The blood culture, routine from 2150-03-02 grew ESCHERICHIA COLI"
    )
    assert "EPSTEIN-BARR" not in en and "EIA" not in en
    assert (
        "GRAM NEGATIVE ROD(S) (urine culture, 2150-03-04; identification to follow)"
        in en
    )
    assert "大肠埃希菌" in zh and "革兰阴性杆菌" in zh and "菌种鉴定待回报" in zh
    assert "EB 病毒" not in zh
    zh_clean(d)
    _gold_ok(d, ctx)


def test_a_serology_alone_is_still_said_as_shown_not_grown(real):
    """Control: with only the serology, nothing grew: it is said as shown, not grown."""
    ctx = _c(real, "7402")
    assert headline_isolate(ctx.facts.culture_results()) is None
    d = LK.culture_result(ctx)
    assert d is not None
    assert "grew" not in d.gold_answer.en and "showed" in d.gold_answer.en
    _gold_ok(d, ctx)


def test_the_isolate_rules():
    """Blood before sterile sites before the others; a serology, antigen or stain is no
    isolate; a Gram-negative morphology is one, pending its identification."""
    rows = [
        {"time": "2150-03-01T05:00:00", "test": "EPSTEIN-BARR VIRUS VCA-IgG AB", "organism": "POSITIVE BY EIA."},
        {"time": "2150-03-01T06:00:00", "test": "LEGIONELLA URINARY ANTIGEN", "organism": "LEGIONELLA PNEUMOPHILA"},
        {"time": "2150-03-02T06:00:00", "test": "Aerobic Bottle Gram Stain", "organism": "GRAM NEGATIVE ROD(S)."},
        {"time": "2150-03-03T06:00:00", "test": "URINE CULTURE", "organism": "KLEBSIELLA PNEUMONIAE"},
        {"time": "2150-03-04T06:00:00", "test": "FLUID CULTURE", "organism": "ENTEROCOCCUS FAECIUM"},
    ]  # fmt: skip
    assert headline_isolate(rows)["organism"] == "ENTEROCOCCUS FAECIUM"
    rows.append({"time": "2150-03-01T08:00:00", "test": "Blood Culture, Routine", "organism": "ESCHERICHIA COLI"})  # fmt: skip
    assert headline_isolate(rows)["organism"] == "ESCHERICHIA COLI"
    assert [o["organism"] for o in other_isolates(rows, "ESCHERICHIA COLI")] == [
        "KLEBSIELLA PNEUMONIAE",
        "ENTEROCOCCUS FAECIUM",
    ]
    assert pending_identification("GRAM NEGATIVE ROD(S)")
    assert not pending_identification("ESCHERICHIA COLI")


# ------------------------------------------------ 2. combinations by their ingredients
def test_a_combination_product_orders_its_ingredients(real):
    """Albuterol "not ordered" while ipratropium-albuterol nebs run, and tiotropium with
    ipratropium unmentioned (10019003-26703331 t1)."""
    ctx = _c(real, "7403")
    d = RC.admission_reconciliation(ctx)
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "not ordered on this admission: senna" in en and "albuterol," not in en
    assert "Two inhaled anticholinergics are ordered together: tiotropium" in en
    assert "ipratropium (short-acting, in Ipratropium-Albuterol Neb)" in en
    assert "GOLD 2024" in en
    assert "噻托溴铵（长效）和异丙托溴铵（短效，含于复方雾化剂中）" in zh
    assert "沙丁胺醇" not in zh.split("。")[0]
    zh_clean(d)
    _gold_ok(d, ctx)


def test_plain_albuterol_nebs_name_no_duplication(real):
    """Control: tiotropium with plain albuterol nebulisers is no anticholinergic pair."""
    d = RC.admission_reconciliation(_c(real, "7404"))
    assert d is not None
    assert "anticholinergic" not in d.gold_answer.en
    assert "albuterol" not in d.gold_answer.en


def test_components_and_the_pair():
    assert components("Ipratropium-Albuterol Neb") == ("ipratropium", "albuterol")
    assert components("Tiotropium Bromide") == ()
    assert anticholinergic_pair([("tiotropium", "IH"), ("ipratropium", "NEB")]) == (
        "tiotropium",
        "ipratropium",
    )
    assert (
        anticholinergic_pair([("glycopyrrolate", "IV"), ("ipratropium", "NEB")]) is None
    )
    assert anticholinergic_pair([("tiotropium", "IH"), ("albuterol", "NEB")]) is None


# ------------------------------------------------ 3. level 2 hypoglycaemia
@pytest.mark.parametrize(
    ("value", "level2"), [(46.0, True), (53.9, True), (54.0, False), (65.0, False)]
)
def test_a_glucose_below_54_on_insulin_is_level_2(value, level2):
    """A glucose of 46 on insulin was only "low" (10014354-22508257 t0): below 54 mg/dL
    it is level 2 hypoglycaemia (ADA 2024, section 6); 54-69 stays level 1."""
    target = (*glycaemia.INPATIENT_TARGET, glycaemia.BASIS)
    r = read_value(value, "abnormal", target)
    assert r.direction == "low"
    assert ("clinically significant hypoglycemia" in r.en) is level2
    assert ("二级低血糖" in r.zh) is level2
    assert not untranslated_english(r.zh.replace("mg/dL", ""))


# ------------------------------------------------ the reading's sessions on the demo
_READ = {
    "cx": ("10007818", "22987108", "2146-06-27"),
    "neb": ("10019003", "26703331", "2155-06-14"),
    "glu": ("10014354", "22508257", "2148-05-11"),
}


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """Properties only (no values): the wrong claims are gone."""
    ctx = demo_contexts(tmp_path, _READ)
    c = ctx("cx")
    d = LK.culture_result(c)
    assert d is not None and "grew ESCHERICHIA COLI" in d.gold_answer.en
    assert (
        "EPSTEIN" not in d.gold_answer.en
        and "identification to follow" in d.gold_answer.en
    )
    _gold_ok(d, c)
    c = ctx("neb")
    d = RC.admission_reconciliation(c)
    assert d is not None
    assert "albuterol" not in d.gold_answer.en.split(";")[0]
    assert "tiotropium (long-acting) and ipratropium" in d.gold_answer.en
    _gold_ok(d, c)
    # round 15b (reading l): no insulin was administered this stay (each dose charted
    # not given), so the glucose is hypoglycaemia, not "on insulin" (the level-two
    # wording on insulin is tested on hand-made records above)
    c = ctx("glu")
    d = LK.lab_latest(c, "glucose")
    assert d is not None and "hypoglycemia" in d.gold_answer.en
    assert "on insulin" not in d.gold_answer.en
    _gold_ok(d, c)
    c = ctx("glu")
    d = GA.labs_trend(c, "glucose", "creatinine")
    assert d is not None and "on insulin" not in d.gold_answer.en
    _gold_ok(d, c)
