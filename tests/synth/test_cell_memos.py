"""Memoised value cells (labevents, ICU chart): a memo hit gives what formatting gives."""

from __future__ import annotations

import random

from physassist_env.synth import chartevents, labevents
from physassist_env.synth import knowledge as kb


def test_lab_value_cells_memo_equals_formatting() -> None:
    rnd = random.Random(3)
    for itemid, item in list(kb.LABS.items())[:12]:
        decimals, cells_of, _tail = labevents._const(itemid)
        lo, hi = item.bounds
        for _ in range(300):
            v = rnd.uniform(lo, hi)
            v = float(round(v, decimals)) if decimals else float(round(v))
            text = format(v, f".{decimals}f")
            low, high = item.ref_low, item.ref_high
            flag = (low is not None and v < low) or (high is not None and v > high)
            want = (
                text,
                labevents.valuenum_text(v, decimals),
                "abnormal" if flag else "",
            )
            assert labevents._value_cells(itemid, v) == want
            assert not v or cells_of[v] == want  # the memo now answers
        # zero keeps its sign: -0.0 equals 0.0 as a key, so it is never memoised
        labevents._value_cells(itemid, -0.0)
        assert 0.0 not in cells_of
        assert labevents._value_cells(itemid, 0.0)[0] == format(0.0, f".{decimals}f")


def test_chart_value_cells_memo_equals_formatting() -> None:
    texts: dict = {}
    rnd = random.Random(5)
    for plain in (1e6, 1e5, 1e4):
        for _ in range(500):
            v = float(round(rnd.uniform(-5, 2e5), rnd.randint(0, 2)))
            want = (
                f"{v:g}",
                f"{v:g}" if 0 < v < plain else str(int(v) if v.is_integer() else v),
            )
            assert chartevents._value_cells(texts, v, plain) == want
            if v:
                assert texts[v] == want
        texts.clear()
    assert chartevents._value_cells(texts, -0.0, 1e6) == ("-0", "0")
    assert texts == {}
