"""Round 16b (issue #37, reading m): the wrong sessions of the reading, re-planned on the
MIMIC-IV demo (docs/real-records.md, "Round 16b"). Skips without ../shared/data. Each
assertion is the class, checked on the session that showed it; no patient row is
quoted."""

from __future__ import annotations

import pytest
from _real_records import demo_contexts, zh_clean
from test_gold_rules import _gold_ok

from physassist_env.scenarios.derived import aki_facts
from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import orders as OR
from physassist_env.scenarios.topics import reconciliation as RC
from physassist_env.scenarios.topics import renal as RN

SESSIONS = {
    "qt": ("10004720", "22081550", "2186-11-13"),
    "qt_k": ("10014354", "27562275", "2148-07-19"),
    "two_isolates": ("10037861", "24540843", "2117-03-23"),
    "detections": ("10037928", "23721604", "2179-04-03"),
    "otic": ("10037928", "24225421", "2178-10-01"),
    "ward": ("10019777", "27738145", "2187-02-26"),
    "second_aki": ("10039708", "28258130", "2140-02-25"),
    "disclaimer": ("10001217", "24597018", "2157-11-24"),
    "recon": ("10014354", "22502504", "2147-09-12"),
    "changes": ("10014729", "23300884", "2125-03-27"),
}


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    return demo_contexts(tmp_path_factory.mktemp("r16b"), SESSIONS)


def _ok(d, c):
    assert d is not None
    _gold_ok(d, c)
    zh_clean(d)


def test_a_running_propofol_infusion_is_a_qt_drug(ctx):
    c = ctx("qt")
    assert "propofol" in OR.qt_drugs(c.facts)
    d = OR.qt_combination(c)
    _ok(d, c)
    assert d.gold_answer.en.startswith("Yes, there is a QT risk combination")
    assert "propofol" in d.gold_answer.en and "丙泊酚" in d.gold_answer.zh


def test_the_qt_flag_gives_no_potassium_when_it_is_high(ctx):
    c = ctx("qt_k")
    d = OR.qt_flag(c)
    _ok(d, c)
    assert "replete potassium" not in d.gold_answer.en
    assert "give no potassium" in d.gold_answer.en and "不补钾" in d.gold_answer.zh


def test_a_specimen_that_grew_two_organisms_is_reported_with_both(ctx):
    c = ctx("two_isolates")
    d = AM.susceptibilities(c)
    _ok(d, c)
    en = d.gold_answer.en
    assert "ESCHERICHIA COLI" in en and "STENOTROPHOMONAS" in en
    assert "intrinsically resistant to the running piperacillin" in en
    assert "嗜麦芽窄食单胞菌" in d.gold_answer.zh


def test_positive_detections_head_over_contaminated_flora(ctx):
    c = ctx("detections")
    d = LK.culture_result(c)
    _ok(d, c)
    first = d.gold_answer.en.split(".")[0]
    assert "MIXED BACTERIAL FLORA" not in first and "INFLUENZA" in first
    assert "CLOSTRIDIUM DIFFICILE" in d.gold_answer.en
    assert "not a positive result" in d.gold_answer.en
    assert "并非阳性结果" in d.gold_answer.zh


def test_ear_drops_are_no_systemic_cover(ctx):
    c = ctx("otic")
    assert "ciprofloxacin" not in GA.running_antibiotics(c)
    d = GA.infection_status(c)
    _ok(d, c)
    assert "running ciprofloxacin" not in d.gold_answer.en


def test_antibiotics_ordered_without_recorded_doses_are_named(ctx):
    c = ctx("ward")
    d = GA.antibiotics_given(c)
    _ok(d, c)
    assert "piperacillin (ordered from" in d.gold_answer.en
    assert "ward medication administration record" in d.gold_answer.en
    assert "哌拉西林他唑巴坦" in d.gold_answer.zh


def test_a_rise_after_recovery_off_crrt_is_a_second_aki(ctx):
    c = ctx("second_aki")
    aki = aki_facts(c.facts)
    assert aki is not None and aki.new_stage == 3 and aki.baseline < 1.0
    d = RN.kdigo_aki(c)
    _ok(d, c)
    assert "so that AKI recovered" in d.gold_answer.en
    assert "has not recovered" not in d.gold_answer.en
    assert "A second AKI since" in d.gold_answer.en and "再次发生" in d.gold_answer.zh


def test_an_interference_disclaimer_for_a_drug_not_given_leaves_the_value_in(ctx):
    c = ctx("disclaimer")
    d = GA.labs_trend(c, "creatinine", "potassium")
    _ok(d, c)
    assert "falsely raised" not in d.gold_answer.en
    assert "假性升高" not in d.gold_answer.zh


def test_the_last_list_keeps_eye_drops_creams_and_combination_parts(ctx):
    c = ctx("recon")
    d = RC.admission_reconciliation(c)
    _ok(d, c)
    en = d.gold_answer.en
    assert "brimonidine" in en and "capsaicin" in en and "hydrocodone" in en


def test_a_scheduled_analgesic_now_as_needed_is_a_change(ctx):
    c = ctx("changes")
    d = RC.discharge_changes(c)
    _ok(d, c)
    assert "acetaminophen (now as needed" in d.gold_answer.en
    assert "对乙酰氨基酚（现改为按需使用" in d.gold_answer.zh


def test_a_clearance_from_a_very_low_creatinine_is_said_unreliable(ctx):
    """Questionable class: "about 352 mL/min" from a creatinine of 0.2."""
    from physassist_env.scenarios.topics import reasoning as RS

    c = ctx("qt")
    d = RS.crcl_dosing(c, "vancomycin")
    _ok(d, c)
    assert "not a reliable estimate" in d.gold_answer.en
    assert "不是可靠的估算" in d.gold_answer.zh


def test_a_stable_haemoglobin_between_7_and_8_is_a_routine_request(tmp_path):
    """Questionable class: "urgent" transfusion for a stable, rising Hb of 7.8."""
    from physassist_env.scenarios.topics import hematology as HE

    c = demo_contexts(tmp_path, {"tx": ("10018081", "23983182", "2134-08-22")})("tx")
    d = HE.transfuse_order(c)
    _ok(d, c)
    (order,) = [a for a in d.gold_actions if a.name == "ServiceRequest.create"]
    assert order.arguments["priority"] == "routine"
