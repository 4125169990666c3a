"""Round 15 (issue #37, reading k, questionable class d): Cockcroft-Gault with the total
body weight overstates the clearance in obesity. With a height recorded and a BMI of 30
or more the clearance takes the adjusted body weight (ideal body weight, Devine 1974,
plus 0.4 of the excess: Winter MA et al., Pharmacotherapy 2012;32:604-12), and the
answer says which weight it used (docs/real-records.md, "Round 15").
"""

from __future__ import annotations

import pytest
from test_gold_rules import _crcl_ctx, _gold_ok

from physassist_env.clinical import scores
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.vocab.zh_text import untranslated_english


def test_dosing_weight() -> None:
    # 180 cm, 110 kg: BMI 34; IBW 50 + 2.3 x (70.9 - 60) = 75.0; adjusted 89.0
    w, basis = scores.dosing_weight(110.0, 180.0, female=False)
    assert basis == "adjusted" and w == pytest.approx(89.0, abs=0.3)
    assert scores.dosing_weight(80.0, 180.0, female=False) == (
        80.0,
        "total",
    )  # BMI 24.7
    assert scores.dosing_weight(110.0, None, female=False) == (110.0, "total")


def test_an_obese_patient_s_clearance_takes_the_adjusted_weight(synthetic_records):
    ctx = _crcl_ctx(synthetic_records, 40, ("Gabapentin", "gabapentin", 300))
    f = ctx.facts
    total = RS.crcl_dosing(ctx, "gabapentin")
    assert total is not None and "adjusted body weight" not in total.gold_answer.en
    # a height that makes the recorded weight a BMI of 36
    f.height_cm = round((f.weight_kg / 36.0) ** 0.5 * 100.0, 1)
    d = RS.crcl_dosing(ctx, "gabapentin")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "with the adjusted body weight" in en and "校正体重" in zh
    assert not untranslated_english(zh)
    w, basis = scores.dosing_weight(f.weight_kg, f.height_cm, f.female)
    assert basis == "adjusted" and w < f.weight_kg
    _gold_ok(d, ctx)
