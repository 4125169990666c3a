"""Round 16 (issue #37, what rounds 15/15b left): the sessions of readings k and l that
showed each class, re-planned on the MIMIC-IV demo (docs/real-records.md, "Round 16").
Skips without ../shared/data. Each assertion is the class, checked on the session that
showed it; no patient row is quoted."""

from __future__ import annotations

import pytest
from _real_records import demo_contexts, zh_clean
from test_gold_rules import _gold_ok

from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import electrolytes as EL
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import scores as SC

SESSIONS = {
    "treated": ("10000032", "25742920", "2180-08-06"),
    "level2": ("10014354", "22508257", "2148-05-11"),
    "cardiac_k": ("10027445", "29163082", "2142-08-31"),
    "old_lactate": ("10027445", "26275841", "2142-08-05"),
    "lactate_now": ("10020944", "29974575", "2131-03-12"),
    "old_bp": ("10014354", "27494880", "2147-06-04"),
}


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    return demo_contexts(tmp_path_factory.mktemp("r16"), SESSIONS)


def _ok(d, c):
    assert d is not None
    _gold_ok(d, c)
    zh_clean(d)


def test_hyperkalaemia_treated_after_the_draw_is_not_treated_again(ctx):
    """Reading l 10000032-25742920 t3: "give IV calcium" after calcium, insulin-dextrose
    and a binder had been given."""
    c = ctx("treated")
    d = EL.hyperkalemia_plan(c)
    _ok(d, c)
    assert d.decision == "severe: treated, repeat"
    assert "give IV calcium gluconate to protect" not in d.gold_answer.en
    assert "repeat the potassium now" in d.gold_answer.en


def test_a_glucose_below_54_off_insulin_is_level_two(ctx):
    c = ctx("level2")
    d = LK.lab_latest(c, "glucose")
    _ok(d, c)
    assert "level two" in d.gold_answer.en and "二级低血糖" in d.gold_answer.zh


def test_a_cardiac_patients_low_potassium_is_low_and_under_target(ctx):
    """Reading l 10027445-29163082 t0: K 3.3 "normal" in a CCU patient."""
    c = ctx("cardiac_k")
    d = LK.lab_latest(c, "potassium")
    _ok(d, c)
    assert "which is low, falling from" in d.gold_answer.en
    assert "under the target of four or more" in d.gold_answer.en


def test_an_old_lactate_is_not_now(ctx):
    """Reading l 10027445-26275841 t2 and 10020944-29974575 t3."""
    c = ctx("old_lactate")
    d = AM.conditional_cultures(c)
    _ok(d, c)
    assert d.gold_answer.en.startswith("There is no current lactate")
    c = ctx("lactate_now")
    d = AM.lactate_clearance(c)
    _ok(d, c)
    assert "is now" not in d.gold_answer.en and "days ago" in d.gold_answer.en


def test_a_blood_pressure_from_before_the_admission_is_dated(ctx):
    """Reading l 10014354-27494880 t2: HAS-BLED's hypertension item on a BP 3 months
    old."""
    c = ctx("old_bp")
    d = SC.has_bled(c)
    _ok(d, c)
    assert "is from before this admission, so recheck it now" in d.gold_answer.en
