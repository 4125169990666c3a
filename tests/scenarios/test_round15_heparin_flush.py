"""Round 15 (issue #37, reading k's unsafe claim): a heparin flush, lock or circuit dose
is no anticoagulant (docs/real-records.md, "Round 15"). The three dose classes CHEST 2012
tells apart (therapeutic, prophylactic, catheter lock) are read by one rule,
:func:`physassist_env.clinical.antithrombotic.anticoagulant_intent`, which the topics
(``MedOrder.flush``) and the grader's chart reader (``grading.chart._order``) share; a
home anticoagulant is resumed beside a flush, and held for a colonoscopy a bowel
preparation announces. Hand-made records in MIMIC-IV format (invented values); the
last test reads the MIMIC-IV demo and skips without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _real_records import demo_contexts
from test_gold_rules import _gold_ok
from test_physician_round14_bleeding import (  # noqa: F401 (fixture data)
    TABLES,
    _c,
    real,  # noqa: F401 (pytest fixture)
)

from physassist_env.clinical.antithrombotic import (
    LINE,
    PROPHYLACTIC,
    THERAPEUTIC,
    anticoagulant_intent,
    line_heparin,
)
from physassist_env.grading.chart import read_chart
from physassist_env.scenarios.derived import planned_colonoscopy
from physassist_env.scenarios.topics import reasoning as RS
from physassist_env.vocab.zh_text import untranslated_english


@pytest.mark.parametrize(
    ("name", "dose", "route", "intent"),
    [
        ("Heparin Flush (10 units/ml)", 5.0, "IV", LINE),
        ("Heparin Flush (100 units/ml)", 5.0, "IV", LINE),
        ("Heparin Dwell (1000 Units/mL)", None, "DWELL", LINE),
        ("Heparin Lock Flush", 3.0, "IV", LINE),
        ("Heparin (CRRT Machine Priming)", 5000.0, "DIALYS", LINE),
        ("Heparin SASH", 300.0, "IV", LINE),
        ("Heparin", 5000.0, "SC", PROPHYLACTIC),
        ("Heparin Sodium (Prophylaxis)", None, "", PROPHYLACTIC),
        ("Enoxaparin Sodium", 40.0, "SC", PROPHYLACTIC),
        ("Heparin Sodium", 25000.0, "IV", THERAPEUTIC),
        ("Heparin", 4000.0, "IV", THERAPEUTIC),
        ("Enoxaparin Sodium", 80.0, "SC", THERAPEUTIC),
        ("Rivaroxaban", 20.0, "PO", THERAPEUTIC),
    ],
)
def test_three_dose_classes(name, dose, route, intent) -> None:
    generic = "enoxaparin" if "noxa" in name else name.split()[0].lower()
    assert anticoagulant_intent(generic, name, dose, route) == intent


def test_a_flush_word_without_heparin_is_no_heparin() -> None:
    assert not line_heparin("Sodium Chloride 0.9% Flush", "IV")


def test_the_grader_reads_no_anticoagulant_in_a_flush() -> None:
    """The chart reader of the grader: a heparin flush is no running anticoagulant,
    prophylactic and therapeutic heparin are (a DOAC started beside them is stacked)."""
    rows = (
        "MedicationRequest: 3 result(s)\n"
        "- 2150-03-05 08:00 | Heparin Flush (10 units/ml) 5 mL IV DAILY | active\n"
        "- 2150-03-05 08:00 | Heparin Dwell (1000 Units/mL) 1000-4000 UNIT DWELL PRN"
        " | active\n"
        "- 2150-03-05 08:00 | Pantoprazole 40 mg PO Q24H | active"
    )
    assert "heparin" not in read_chart([rows]).facts.running()
    sc = "MedicationRequest: 1 result(s)\n- 2150-03-05 08:00 | Heparin 5000 UNIT SC BID | active"
    assert "heparin" in read_chart([sc]).facts.running()


def _order(ctx, name, dose, unit, route, freq, oid):
    cls = type(ctx.facts.orders[0])
    return cls(
        oid, name, None, dose, unit, route, freq, "active", "2150-03-04T08:00:00", "",
        hadm_id=ctx.facts.hadm_id,
    )  # fmt: skip


def test_a_home_anticoagulant_is_resumed_beside_a_flush(real) -> None:  # noqa: F811
    """Heparin flushes run: the rivaroxaban of the last list is resumed, not
    "recommended" anew (before: the flush was read as running heparin)."""
    ctx = _c(real, "7401")
    ctx.facts.orders = [
        *ctx.facts.orders,
        _order(ctx, "Heparin Flush (10 units/ml)", 5.0, "mL", "IV", "DAILY", "f1"),
    ]
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "decide resumption"
    assert "resume it" in d.gold_answer.en and "恢复" in d.gold_answer.zh
    _gold_ok(d, ctx)


def test_a_home_anticoagulant_stays_held_for_a_planned_colonoscopy(real) -> None:  # noqa: F811
    """A bowel preparation ordered this admission: the rivaroxaban stays held for the
    procedure and is resumed after it (ACG-CAG 2022; ASGE 2016)."""
    ctx = _c(real, "7401")
    ctx.facts.orders = [
        *ctx.facts.orders,
        _order(ctx, "Heparin Flush (10 units/ml)", 5.0, "mL", "IV", "DAILY", "f1"),
        _order(ctx, "MoviPrep", 1.0, "BTL", "PO", "ONCE", "m1"),
    ]
    assert planned_colonoscopy(ctx.facts) is not None
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and d.decision == "decide resumption"
    en, zh = d.gold_answer.en, d.gold_answer.zh
    assert "held for the procedure" in en and "resume it after" in en
    assert "no bleeding is recorded" not in en
    assert "结肠镜" in zh and "暂停" in zh and not untranslated_english(zh)
    _gold_ok(d, ctx)


def test_prophylactic_heparin_still_makes_it_a_switch(real) -> None:  # noqa: F811
    """Heparin 5,000 units SC runs: no plain "resume" (the switch from prophylaxis is
    not written; the grader reads a DOAC beside it as stacked)."""
    ctx = _c(real, "7401")
    ctx.facts.orders = [
        *ctx.facts.orders,
        _order(ctx, "Heparin", 5000.0, "UNIT", "SC", "BID", "h1"),
    ]
    d = RS.cha2ds2vasc(ctx)
    assert d is not None and "resume it" not in d.gold_answer.en


def test_the_unsafe_session_on_the_demo(tmp_path: Path) -> None:
    """10014354-22508257 t2 (reading k, unsafe): rivaroxaban not reordered, heparin
    flushes, a bowel preparation: held for the colonoscopy, never "recommended"
    (properties only; no row is quoted)."""
    ctx = demo_contexts(tmp_path, {"k": ("10014354", "22508257", "2148-05-11")})
    c = ctx("k")
    assert all(o.flush for o in c.facts.active_orders() if "eparin" in o.name)
    d = RS.cha2ds2vasc(c)
    assert d is not None and "anticoagulation is recommended" not in d.gold_answer.en
    assert "held for the procedure" in d.gold_answer.en
    _gold_ok(d, c)
