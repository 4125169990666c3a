"""Round 15b (issue #37, reading l): the wrong and unsafe sessions of the reading,
re-planned on the MIMIC-IV demo (docs/real-records.md, "Round 15b"). Skips without
../shared/data. Each assertion is the class, checked on the session that showed it; no
patient row is quoted."""

from __future__ import annotations

import pytest
from _real_records import demo_contexts, zh_clean
from test_gold_rules import _gold_ok

from physassist_env.scenarios.topics import antimicrobials as AM
from physassist_env.scenarios.topics import gathering as GA
from physassist_env.scenarios.topics import lookup as LK
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics import renal as RN

SESSIONS = {
    "screen": ("10005817", "28661809", "2135-01-18"),
    "replaced": ("10016742", "29281842", "2178-07-07"),
    "not_given": ("10014354", "22508257", "2148-05-11"),
    "discharge": ("10007795", "28477357", "2136-05-01"),
    "range": ("10015860", "22413744", "2191-01-29"),
    "crrt": ("10007818", "22987108", "2146-06-27"),
}


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    return demo_contexts(tmp_path_factory.mktemp("r15b"), SESSIONS)


def _ok(d, c):
    assert d is not None
    _gold_ok(d, c)
    zh_clean(d)


def test_a_nares_screen_grounds_no_narrowing_and_is_said_as_carriage(ctx):
    """Unsafe: "continue vancomycin, stop meropenem" on an MRSA nares screen. Since
    round 16 the question is answered by the screen itself: carriage, the MRSA cover
    kept while pneumonia is suspected, the meropenem not stopped."""
    c = ctx("screen")
    d = AM.deescalation(c)
    _ok(d, c)
    assert d.decision == "keep MRSA cover (carriage)"
    assert "no reason to stop the meropenem" in d.gold_answer.en
    assert AM.susceptibilities(ctx("screen")) is None
    c = ctx("screen")
    d = LK.culture_result(c)
    _ok(d, c)
    assert "screen" not in d.gold_answer.en.split(".")[0].lower()
    assert "carriage" in d.gold_answer.en and "定植" in d.gold_answer.zh
    c = ctx("screen")
    d = GA.infection_status(c)
    _ok(d, c)
    assert "carriage, not infection" in d.gold_answer.en


def test_a_replaced_antibiotic_is_named_as_replaced(ctx):
    c = ctx("replaced")
    d = RS.treatment_response(c, "piperacillin")
    _ok(d, c)
    assert "continue the cefepime" in d.gold_answer.en
    assert "Continue piperacillin" not in d.gold_answer.en
    assert "建议继续头孢吡肟" in d.gold_answer.zh


def test_no_insulin_given_is_no_hypoglycaemia_on_insulin(ctx):
    c = ctx("not_given")
    assert not c.facts.receiving("insulin")
    d = LK.lab_latest(c, "glucose")
    _ok(d, c)
    assert "on insulin" not in d.gold_answer.en
    assert "胰岛素" not in d.gold_answer.zh


def test_the_discharge_list_keeps_the_prn_opioid_and_analgesic(ctx):
    c = ctx("discharge")
    d = GA.discharge_meds(c)
    _ok(d, c)
    assert "Hydromorphone" in d.gold_answer.en and "Acetaminophen" in d.gold_answer.en
    assert "氢吗啡酮" in d.gold_answer.zh and "对乙酰氨基酚" in d.gold_answer.zh


def test_the_upper_limit_named_is_the_charts_own(ctx):
    c = ctx("range")
    d = RS.treatment_response(c, "ceftriaxone")
    _ok(d, c)
    assert "(upper limit 10)" in d.gold_answer.en and "上限 10" in d.gold_answer.zh


def test_no_nephrology_consult_on_crrt(ctx):
    assert ctx("crrt").facts.dialysis is not None
    assert RN.aki_consult(ctx("crrt")) is None
