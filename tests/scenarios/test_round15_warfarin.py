"""Round 15 (issue #37, reading k, questionable class c): a drug continued while its
monitoring lab is out of range. The anticoagulation answer on a running warfarin order
reads the INR by the one dose rule (:func:`physassist_env.clinical.warfarin.
warfarin_action`, CHEST 2012, Holbrook; Ansell 2008): below the target "continue" is
"adjust the dose", and an INR above 3 below 4.5 with no bleed is a dose to omit or
lower, not "hold until the bleeding risk settles" (docs/real-records.md, "Round 15").
Small synthetic hospital records with the orders and INR set by hand; the last test
reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from _real_records import demo_contexts
from test_gold_rules import _dated, _first, _gold_ok, _order, _series

from physassist_env.scenarios.derived import ANTICOAGULANTS, BLEEDING_DRUGS, drug_of
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.scenarios.topics.hematology import warfarin_dose_action
from physassist_env.vocab.zh_text import untranslated_english


def _af(synthetic_records, inr: list[float]):
    def fits(c) -> bool:
        f = c.facts
        return (
            f.age is not None
            and f.ever_had("I48", "42731")
            and not f.anticoagulation_cautions()
            and not f.ever_had("N185", "Z992", "5856")
        )

    ctx = _first(synthetic_records, fits)
    f = ctx.facts
    start = (date.fromisoformat(f.current_date) - timedelta(days=10)).isoformat()
    keep = [o for o in f.orders if drug_of(o) not in (*ANTICOAGULANTS, *BLEEDING_DRUGS)]
    f.orders = [
        *keep,
        _order("Warfarin", "warfarin", 5, "mg", "PO", "DAILY16", start + "T16:00:00"),
    ]
    f.labs["inr"] = _dated(ctx, _series("inr", inr, ""), 0)
    return ctx


def test_a_subtherapeutic_inr_is_a_dose_to_raise(synthetic_records) -> None:
    ctx = _af(synthetic_records, [1.6, 1.4])
    assert warfarin_dose_action(ctx.facts) == ("increase", 1.4)
    d = RS.cha2ds2vasc(ctx)
    if d is None or "warfarin" not in d.gold_answer.en:
        pytest.skip("the AF admission scores below the threshold")
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "continue the warfarin" not in en
    assert "keep the warfarin" in en and "below the target" in en
    assert "increase the weekly warfarin dose" in en
    assert "增加华法林周剂量" in zh and not untranslated_english(zh)
    _gold_ok(d, ctx)


def test_a_supratherapeutic_inr_without_a_bleed_is_a_dose_to_lower(
    synthetic_records,
) -> None:
    ctx = _af(synthetic_records, [4.2, 3.4])
    assert warfarin_dose_action(ctx.facts) == ("reduce", 3.4)
    d = RS.cha2ds2vasc(ctx)
    if d is None or "warfarin" not in d.gold_answer.en:
        pytest.skip("the AF admission scores below the threshold")
    en = d.gold_answer.en
    assert "bleeding risk has settled" not in en and d.decision != "hold for bleeding"
    assert "hold tonight's warfarin dose or lower the dose" in en
    _gold_ok(d, ctx)


def test_an_inr_in_range_is_continued_as_before(synthetic_records) -> None:
    ctx = _af(synthetic_records, [2.4, 2.5])
    assert warfarin_dose_action(ctx.facts) == ("continue", 2.5)
    d = RS.cha2ds2vasc(ctx)
    if d is None or "warfarin" not in d.gold_answer.en:
        pytest.skip("the AF admission scores below the threshold")
    assert "continue the warfarin already ordered" in d.gold_answer.en


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """10015931-24420677 t3 (INR 1.7 after a dose raised: keep the new dose, recheck)
    and 10040025-22251969 t1 (INR 3.2 falling, no bleed: omit or lower a dose):
    properties only, no row is quoted."""
    ctx = demo_contexts(
        tmp_path,
        {
            "low": ("10015931", "24420677", "2176-12-30"),
            "high": ("10040025", "22251969", "2147-08-04"),
        },
    )
    c = ctx("low")
    d = RS.cha2ds2vasc(c)
    assert (
        d is not None
        and "continue the warfarin already ordered" not in d.gold_answer.en
    )
    assert "recheck the INR" in d.gold_answer.en
    _gold_ok(d, c)
    c = ctx("high")
    d = RS.cha2ds2vasc(c)
    assert d is not None and d.decision != "hold for bleeding"
    assert "bleeding risk has settled" not in d.gold_answer.en
    assert "hold tonight's warfarin dose or lower the dose" in d.gold_answer.en
    _gold_ok(d, c)
