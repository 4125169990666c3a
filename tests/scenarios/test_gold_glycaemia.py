"""Insulin safety the day after a hypoglycaemic reading (ADA 2024 section 16: the regimen is
reviewed and changed when a glucose < 70 mg/dL is documented): a latest glucose back in
range does not make "safe to continue, monitor" the answer."""

from __future__ import annotations

from test_gold_rules import PAIR, RS, _dated, _gold_ok, _grade, _on_insulin, _series

from physassist_env.clinical.glycaemia import recent_hypoglycaemia


def test_recent_hypoglycaemia_window() -> None:
    day = [("2182-05-11T05:38:00", 53.0), ("2182-05-11T07:39:00", 57.0)]
    later = [("2182-05-12T04:09:00", 79.0), ("2182-05-12T15:27:00", 111.0)]
    assert recent_hypoglycaemia(day + later) == ("2182-05-11T05:38:00", 53.0)
    # two days earlier: the regimen has had a day to be changed
    old = [("2183-05-25T04:22:00", 47.0), ("2183-05-26T04:01:00", 52.0)]
    assert recent_hypoglycaemia(old + [("2183-05-28T04:34:00", 109.0)]) is None
    # hypoglycaemia now is a different answer (treat it)
    assert recent_hypoglycaemia(day + [("2182-05-12T04:09:00", 65.0)]) is None
    assert recent_hypoglycaemia([("2182-05-12T04:09:00", 120.0)]) is None


def test_glucose_back_in_range_after_hypoglycaemia_reviews_the_insulin(
    synthetic_records,
):
    ctx = _on_insulin(synthetic_records)
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [150, 58, 112], "mg/dL", ["H", "L", "H"]), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["insulin_glucose"], "insulin")
    assert d is not None
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "58 mg/dL" in en and "58 mg/dL" in zh
    assert "reduce the scheduled and correction doses" in en and "下调" in zh
    assert "with no hypoglycemia" not in en and "也没有低血糖" not in zh
    assert "safe to continue" not in en
    _gold_ok(d, ctx)
    plain = "Glucose is 112 mg/dL, not high on insulin. It is safe to continue insulin; monitor the glucose."
    assert _grade(d, ctx, plain) < 0.6
    right = "Glucose is 112 now but was 58 yesterday on insulin, so decrease the basal and correction doses and recheck before meals."
    assert _grade(d, ctx, right) >= 0.75
    right_zh = "血糖现在 112 mg/dL，但昨天低到 58 mg/dL，胰岛素需要减量，餐前复查血糖。"
    assert _grade(d, ctx, right_zh, "zh") >= 0.75
    # no low reading since yesterday: a plain continue, as before
    ctx.facts.labs["glucose"] = _dated(
        ctx, _series("glucose", [58, 150, 132, 150], "mg/dL", "H"), 0
    )
    d = RS.drug_lab_safety(ctx, PAIR["insulin_glucose"], "insulin")
    assert d is not None and "safe to continue" in d.gold_answer.en


def test_insulin_order_names_the_product_and_the_correction_scale(synthetic_records):
    """ "What insulin is she on?" is answered with the product (glargine is not regular
    insulin) and every active insulin order: basal plus correction (ADA 2024 s16)."""
    from dataclasses import replace

    from test_gold_rules import _order

    from physassist_env.scenarios.topics import lookup as LO

    ctx = _on_insulin(synthetic_records)
    ctx.known = set()
    d = LO.med_current(ctx, "insulin")
    assert d is not None
    assert d.gold_answer.en.startswith("Insulin Glargine 20 UNIT SC QHS")
    assert d.gold_answer.zh.startswith("甘精胰岛素 20")
    assert "Also active" not in d.gold_answer.en
    scale = replace(
        _order("Insulin Regular (sliding scale)", "insulin", None, "", "SC", "QACHS"),
        placeholder="sliding scale",
    )
    ctx.facts.orders += [
        scale,
        replace(scale, id="scale2"),  # a second copy of the scale is said once
        _order("Insulin Regular", "insulin", 4, "UNIT", "SC", "ONCE", oid="once"),
    ]
    d = LO.med_current(ctx, "insulin")
    assert d is not None
    assert "Also active: Insulin Regular (sliding scale) by sliding scale" in (
        d.gold_answer.en
    )
    assert d.gold_answer.en.count("sliding scale (correction)") == 1
    assert "ONCE" not in d.gold_answer.en  # a one-off dose is not the regimen
    assert "另有在用" in d.gold_answer.zh and "校正胰岛素" in d.gold_answer.zh
    assert any("sliding-scale" in i.criterion.en for i in d.rubric)
    _gold_ok(d, ctx)


def test_insulin_order_with_a_wrong_frequency_fails(synthetic_records):
    """Glargine at bedtime said as TID must not pass at 0.75 once the correction-scale item
    is a third item (the validity suite's wrong_frequency passed 7% on the default)."""
    from dataclasses import replace

    from test_gold_rules import _order

    from physassist_env.scenarios.topics import lookup as LO

    ctx = _on_insulin(synthetic_records)
    ctx.known = set()
    ctx.facts.orders.append(
        replace(
            _order(
                "Insulin Regular (sliding scale)", "insulin", None, "", "SC", "QACHS"
            ),
            placeholder="sliding scale",
        )
    )
    d = LO.med_current(ctx, "insulin")
    assert d is not None
    wrong = d.gold_answer.en.replace("SC QHS", "SC TID")
    assert wrong != d.gold_answer.en and _grade(d, ctx, wrong) < 0.75
    assert _grade(d, ctx, "Glargine 20 units SC at bedtime.") >= 0.75


def test_an_order_said_of_another_drug_fails(synthetic_records):
    """The dose is the fact bound to the drug: "Metformin 20 UNIT SC QHS" for a glargine
    order keeps the frequency and the tool call but must not pass (validity wrong_drug)."""
    from physassist_env.scenarios.topics import lookup as LO

    ctx = _on_insulin(synthetic_records)
    ctx.known = set()
    d = LO.med_current(ctx, "insulin")
    assert d is not None
    wrong = d.gold_answer.en.replace("Insulin Glargine", "Metformin")
    assert wrong != d.gold_answer.en and _grade(d, ctx, wrong) < 0.75
    assert _grade(d, ctx, d.gold_answer.en) == 1.0
