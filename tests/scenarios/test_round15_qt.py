"""Round 15 (issue #37, reading k, questionable classes a and b): a QT answer names
every drug of CredibleMeds' known and conditional lists the vocabulary knows (sertraline
was left out), names the "possible risk" drugs as lower-risk contributors without
counting them (mirtazapine), and says a potassium or magnesium between the lower limit
and the QT targets (4.0 mmol/L, 2.0 mg/dL: AHA/ACCF 2010, 2017 AHA/ACC/HRS) as
low-normal to replete, not "no hypokalaemia" bare (docs/real-records.md, "Round 15").
Small synthetic hospital records with the orders and electrolytes set by hand; the last
test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

from _real_records import demo_contexts
from test_gold_rules import _dated, _first, _gold_ok, _order, _series

from physassist_env.scenarios.topics import orders as OR
from physassist_env.vocab.zh_text import untranslated_english


def _ctx(synthetic_records, orders, k: float, mg: float):
    ctx = _first(synthetic_records, lambda c: True)
    qt = set(OR.QT_RISK) | set(OR.QT_POSSIBLE)
    ctx.facts.orders = [o for o in ctx.facts.orders if OR.drug_of(o) not in qt] + orders
    for key, v in (("potassium", k), ("magnesium", mg)):
        unit = "mEq/L" if key == "potassium" else "mg/dL"
        ctx.facts.labs[key] = _dated(ctx, _series(key, [v, v], unit), 0)
    ctx.facts.female, ctx.facts.age = False, 50
    return ctx


def test_sertraline_counts_as_a_conditional_qt_drug(synthetic_records) -> None:
    ctx = _ctx(
        synthetic_records,
        [
            _order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN"),
            _order("Sertraline", None, 100, "mg", "PO", "DAILY"),
        ],
        4.3,
        2.1,
    )
    assert OR.qt_drugs(ctx.facts) == ["ondansetron", "sertraline"]
    d = OR.qt_combination(ctx)
    assert d is not None and d.decision == "combination"
    assert "sertraline" in d.gold_answer.en and "舍曲林" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_a_possible_risk_drug_is_named_not_counted(synthetic_records) -> None:
    ctx = _ctx(
        synthetic_records,
        [
            _order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN"),
            _order("Mirtazapine", None, 30, "mg", "PO", "QHS"),
        ],
        4.3,
        2.1,
    )
    d = OR.qt_combination(ctx)
    assert d is not None and d.decision == "no combination"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "mirtazapine (possible QT risk)" in en and "米氮平" in zh
    assert "under the QT target" not in en
    assert not untranslated_english(zh)
    _gold_ok(d, ctx)


def test_a_low_normal_magnesium_is_repleted_not_called_fine(synthetic_records) -> None:
    ctx = _ctx(
        synthetic_records,
        [_order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN")],
        4.7,
        1.7,
    )
    d = OR.qt_combination(ctx)
    assert d is not None and d.decision == "no combination"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "no hypokalemia or hypomagnesemia" not in en
    assert "magnesium 1.7 under the QT target" in en and "replete" in en
    assert "未达 QT 目标" in zh and not untranslated_english(zh)
    _gold_ok(d, ctx)
    # a value at the target is not flagged
    ctx = _ctx(
        synthetic_records,
        [_order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN")],
        4.0,
        2.0,
    )
    d = OR.qt_combination(ctx)
    assert d is not None and "no hypokalemia or hypomagnesemia" in d.gold_answer.en


def test_the_flag_asks_for_repletion(synthetic_records) -> None:
    ctx = _ctx(
        synthetic_records,
        [
            _order("Ondansetron", "ondansetron", 4, "mg", "IV", "Q8H:PRN"),
            _order("Trazodone", None, 50, "mg", "PO", "QHS"),
        ],
        3.7,
        2.1,
    )
    d = OR.qt_flag(ctx)
    assert d is not None and "upper normal range" in d.gold_answer.en
    assert "正常高值" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_the_reading_sessions_on_the_demo(tmp_path: Path) -> None:
    """10019777-27738145 t3 (sertraline left out) and 10002428-28676446 t3 (mirtazapine
    left out, magnesium at the lower limit): properties only, no row is quoted."""
    ctx = demo_contexts(
        tmp_path,
        {
            "sert": ("10019777", "27738145", "2187-02-26"),
            "mirt": ("10002428", "28676446", "2157-07-17"),
        },
    )
    c = ctx("sert")
    d = OR.qt_flag(c)
    assert d is not None and "sertraline" in d.gold_answer.en
    _gold_ok(d, c)
    c = ctx("mirt")
    d = OR.qt_combination(c)
    assert d is not None and "mirtazapine" in d.gold_answer.en
    assert "under the QT target" in d.gold_answer.en
    _gold_ok(d, c)
