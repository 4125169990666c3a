"""Gold a physician signs on real records, round 8 (issue #37): what rounds 7 and 7b left,
fixed by principle and tested on fixtures built here (never on MIMIC values). Each test
fails on the behaviour before the fix.
"""

from __future__ import annotations

import re

from test_physician_round5 import _facts, _request
from test_physician_round6b import END, _changes, _now
from test_physician_round7b import _admin, _bleeding_facts, _procedure, _Record

from physassist_env.scenarios.derived import (
    anticoagulation_indication,
    bleeding_treatment,
    daily_dose,
    prn_dose,
)
from physassist_env.scenarios.features import Surgery


# ------------------------------------------- 1. one order's products, a split dose
def test_one_orders_products_at_different_doses_are_no_daily_total():
    twenty = _now("1", "Furosemide", 20, "DAILY")
    forty = _now("2", "Furosemide", 40, "DAILY")  # the same order, another product
    # before: summed to 60 mg a day
    assert daily_dose([twenty, forty]) is None
    # on a discharge list: no dose change is claimed against 40 mg now
    then = [
        _request("a", "h1", "Furosemide", "PO", "DAILY", END, dose=20),
        _request("b", "h1", "Furosemide", "PO", "DAILY", END, dose=40),
    ]
    assert _changes(then, [_now("n", "Furosemide", 40, "DAILY")], "furosemide") == {}


def test_a_split_dose_is_a_total_only_on_the_days_both_rows_run():
    morning = _now("m", "Insulin Glargine", 20, "QAM", route="SC", start="2150-03-01T08:00:00")  # fmt: skip
    evening = _now("e", "Insulin Glargine", 10, "QPM", route="SC", start="2150-03-01T20:00:00")  # fmt: skip
    assert daily_dose([morning, evening]).amount == 30.0  # type: ignore[union-attr]
    # the morning row ended the day the evening row started: a hand-over, not a split
    # dose (before: 30 units a day)
    handed = _now("m", "Insulin Glargine", 20, "QAM", route="SC", status="completed",
                  start="2150-02-27T08:00:00", end="2150-03-01T07:00:00")  # fmt: skip
    assert daily_dose([handed, evening]).amount == 10.0  # type: ignore[union-attr]


# ----------------------------------- 2. discharge changes: basal insulin, PRN, warfarin
def test_a_basal_insulin_dose_change_is_named_whatever_the_mealtime_doses():
    # MIMIC-IV names every insulin "Insulin": the bedtime row's change is named, as the
    # bedtime dose (no product inferred from its timing: round 17b)
    then = [
        _request("b", "h1", "Insulin", "SC", "HS", END, dose=20),
        _request("m", "h1", "Insulin", "SC", "BREAKFAST", END, dose=10),
    ]
    now = [
        _now("b", "Insulin", 14, "HS", route="SC", generic="insulin"),
        _now("m", "Insulin", 16, "BREAKFAST", route="SC", generic="insulin"),
    ]
    # the same 30 units a day: before, nothing was said
    assert _changes(then, now, "insulin") == {
        "insulin": ("a lower bedtime dose now", "睡前胰岛素剂量较低")
    }
    # a named long-acting insulin is basal at any slot
    then = [_request("g", "h1", "Insulin Glargine", "SC", "QAM", END, dose=20)]
    now = [_now("g", "Insulin Glargine", 24, "QAM", route="SC", generic="insulin")]
    assert "a higher basal dose now" in _changes(then, now, "insulin")["insulin"][0]


def test_an_as_needed_dose_range_that_changed_is_named():
    then = [_request("o", "h1", "Oxycodone", "PO", "Q4H:PRN", END, dose=5)]
    wider = _now("o", "Oxycodone", None, "Q4H:PRN", dose_range=(5.0, 10.0))
    assert prn_dose([wider]) == (5.0, 10.0, "mg")
    assert _changes(then, [wider], "oxycodone") == {
        "oxycodone": ("a higher as-needed dose now", "现按需剂量较高")
    }
    crossing = _now("o", "Oxycodone", None, "Q4H:PRN", dose_range=(2.5, 7.5))
    assert _changes(then, [crossing], "oxycodone")["oxycodone"][0] == (
        "another as-needed dose range now"
    )
    assert _changes(then, [_now("o", "Oxycodone", 5, "Q4H:PRN")], "oxycodone") == {}


def test_a_warfarin_weekly_pattern_is_compared_as_a_weekly_total():
    # 5 mg four days + 2.5 mg three days = 27.5 mg a week; 5 mg daily = 35 mg a week
    then = [
        _request("a", "h1", "Warfarin", "PO", "4X/WEEK", END, dose=5),
        _request("b", "h1", "Warfarin", "PO", "3X/WEEK", END, dose=2.5),
    ]
    week = daily_dose([_now("a", "Warfarin", 5, "4X/WEEK"), _now("b", "Warfarin", 2.5, "3X/WEEK", start="2150-03-01T10:00:00")])  # fmt: skip
    assert week is not None and week.weekly and week.per_week == 27.5
    # MIMIC-IV's "DAILY16" (daily at 16:00) is once a day
    assert _changes(then, [_now("n", "Warfarin", 5, "DAILY16")], "warfarin") == {
        "warfarin": ("a higher total dose a week now", "现每周总剂量较高")
    }
    same = [_now("n", "Warfarin", 5, "4X/WEEK"), _now("m", "Warfarin", 2.5, "3X/WEEK", start="2150-03-01T10:00:00")]  # fmt: skip
    assert _changes(then, same, "warfarin") == {}


# ------------------------------------------ 3. active bleeding and anticoagulation
def test_an_antifibrinolytic_around_a_procedure_is_no_bleed():
    f = _bleeding_facts()  # session day 2150-03-05
    txa = [_admin("t", "Tranexamic Acid", "2150-03-05T09:00:00")]
    assert bleeding_treatment(_Record(MedicationAdministration=txa), f) is not None
    # a coded procedure that day (or the day before): perioperative, not a bleed
    for day in ("2150-03-05", "2150-03-04"):
        rec = _Record(MedicationAdministration=txa, Procedure=[_procedure("8151", day)])
        assert bleeding_treatment(rec, f) is None
    # a procedure two days before is no cover for today's dose
    rec = _Record(MedicationAdministration=txa, Procedure=[_procedure("8151", "2150-03-03")])  # fmt: skip
    assert bleeding_treatment(rec, f) is not None
    # an uncoded ward procedure (an ICU line) is not read as the reason
    line = {"resourceType": "Procedure", "performedDateTime": "2150-03-05",
            "code": {"coding": [{"system": "local", "code": "225752"}]}}  # fmt: skip
    rec = _Record(MedicationAdministration=txa, Procedure=[line])
    assert bleeding_treatment(rec, f) is not None
    f.surgery = Surgery("orthopaedic", "2150-03-05", "Hip replacement")
    assert bleeding_treatment(_Record(MedicationAdministration=txa), f) is None


def test_an_active_bleed_defers_the_start_until_haemostasis(
    synthetic_records, monkeypatch
):
    from test_gold_rules import _first

    from physassist_env.scenarios.derived import ANTICOAGULANTS, P2Y12, drug_of
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
    skip = {*ANTICOAGULANTS, *P2Y12, "aspirin"}
    f.orders = [o for o in f.orders if drug_of(o) not in skip]
    monkeypatch.setattr(RS, "anticoagulation_indication", lambda view, facts: None)
    monkeypatch.setattr(
        RS,
        "bleeding_treatment",
        lambda view, facts: ("active bleeding, treated now with red-cell transfusions",
                             "活动性出血，目前正在输注红细胞治疗"),
    )  # fmt: skip
    d = RS.cha2ds2vasc(ctx)
    assert d is not None
    assert "do not start it now" in d.gold_answer.en
    assert "decide when to start it once haemostasis is secured" in d.gold_answer.en
    assert "reassess once the bleeding risk has settled" not in d.gold_answer.en
    assert "止血后再决定何时开始" in d.gold_answer.zh
    item = next(i for i in d.rubric if "haemostasis" in i.criterion.en)
    assert "止血" in item.criterion.zh
    # a supratherapeutic INR is no active bleed: the old wording stays
    monkeypatch.setattr(RS, "bleeding_treatment", lambda view, facts: None)
    monkeypatch.setattr(RS, "bleeding_reasons", lambda facts: [("INR 4.2", "INR 4.2")])
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "haemostasis" not in d.gold_answer.en
    assert "reassess once the bleeding risk has settled" in d.gold_answer.en


# ---------------------------------------------- 4. Chinese organism names and comments
UPPER_WORD = re.compile(r"\b[A-Z]{3,}\b")


def test_organisms_and_lab_comments_are_chinese_in_zh_gold():
    from physassist_env.vocab.microbiology import culture_zh, organism_text_zh
    from physassist_env.vocab.zh_text import untranslated_english

    for record, zh in (
        ("ESCHERICHIA COLI", "大肠埃希菌"),
        ("STAPH AUREUS COAG +", "金黄色葡萄球菌"),
        ("PSEUDOMONAS AERUGINOSA", "铜绿假单胞菌"),
        ("ENTEROCOCCUS SP.", "肠球菌属"),
        ("LACTOBACILLUS SPECIES", "乳杆菌属"),
        ("ENTEROBACTER CLOACAE COMPLEX", "阴沟肠杆菌复合群"),
        ("MIXED BACTERIAL FLORA", "混合菌群"),
        ("CLOSTRIDIUM DIFFICILE", "艰难梭菌"),
        ("CANDIDA ALBICANS", "白念珠菌"),
        ("CANDIDA ALBICANS, PRESUMPTIVE IDENTIFICATION", "白念珠菌（推定鉴定）"),
        ("POSITIVE BY EIA", "酶免疫法检测阳性"),
        (
            "MIXED BACTERIAL FLORA ( >= 3 COLONY TYPES), CONSISTENT WITH SKIN AND/OR "
            "GENITAL CONTAMINATION",
            "混合菌群（≥3 种菌落，符合皮肤和/或生殖道菌群污染）",
        ),
    ):
        text = organism_text_zh(record)
        assert text == zh, record
        assert not UPPER_WORD.search(text) and not untranslated_english(text)
    assert culture_zh("EPSTEIN-BARR VIRUS VCA-IgG AB") == "EB 病毒衣壳抗原 IgG 抗体"
    # a name outside the tables keeps the record's name, glossed
    assert organism_text_zh("NEISSERIA ODDITY") == "报告原文（NEISSERIA ODDITY）"


def test_a_culture_answer_in_chinese_still_scores_with_the_chinese_name(
    synthetic_records,
):
    from test_gold_rules import _first, _gold_ok

    from physassist_env.scenarios.topics import lookup as LK

    ctx = _first(
        synthetic_records,
        lambda c: LK.culture_result(c) is not None
        and any(
            re.search(r"coli|aureus|pseudomonas|enterococcus", str(x.get("organism")), re.I)
            for x in c.facts.cultures
        ),
    )  # fmt: skip
    d = LK.culture_result(ctx)
    assert d is not None
    assert not UPPER_WORD.search(d.gold_answer.zh.replace("MRSA", "")), d.gold_answer.zh
    _gold_ok(d, ctx)


# ------------------------------------------------- 5. ICD-9 35.22 is not by itself mechanical
def test_other_replacement_of_the_aortic_valve_needs_a_mechanical_code_or_warfarin():
    f = _facts(start="2150-03-01T08:00:00", current_date="2150-03-05")
    avr = _Record(Procedure=[_procedure("3522", "2150-03-02")])
    # before: read as mechanical, "warfarin whatever the score"
    assert anticoagulation_indication(avr, f) is None
    f.history.append(("V433", "Heart valve replaced by other means", "earlier"))
    found = anticoagulation_indication(avr, f)
    assert found is not None and found[2] == "Procedure"
    f.history.pop()
    f.orders = [_now("w", "Warfarin", 5, "DAILY")]
    assert anticoagulation_indication(avr, f) is not None
    # an ICD-10-PCS synthetic substitute is mechanical by itself
    f.orders = []
    pcs = _Record(Procedure=[_procedure("02RF0JZ", "2150-03-02")])
    assert anticoagulation_indication(pcs, f) is not None


def test_discharge_dose_changes_are_said_of_drugs_going_home_only(
    synthetic_records, monkeypatch
):
    from dataclasses import replace

    from test_gold_rules import _first, _order

    from physassist_env.scenarios.derived import drug_of
    from physassist_env.scenarios.topics import reconciliation as RC

    ctx = _first(synthetic_records, lambda c: RC.discharge_changes(c) is not None)
    last = RC.last_discharge_list(ctx.toolkit.view, ctx.facts)
    # hydromorphone on the last list, given IV as needed now: it stays in hospital
    iv = _order("Hydromorphone", None, 0.5, "mg", "IV", "Q4H:PRN")
    ctx.facts.orders.append(iv)
    monkeypatch.setattr(
        RC,
        "last_discharge_list",
        lambda view, facts: replace(last, generics=sorted([*last.generics, "hydromorphone"])),
    )  # fmt: skip
    going = {drug_of(o) for o in ctx.facts.going_home_orders()}
    assert "hydromorphone" not in going
    asked: list[list[str]] = []

    def spy(c, last, continued):
        asked.append(list(continued))
        return {g: ("a higher as-needed dose now", "现按需剂量较高") for g in continued}

    monkeypatch.setattr(RC, "dose_changes", spy)
    d = RC.discharge_changes(ctx)
    assert d is not None and asked
    # a drug that stays in hospital (an IV opioid as needed) is never said as a home
    # dose change (the round-8 build's gold failure: the harm reader read it as going home)
    assert set(asked[0]) <= going
