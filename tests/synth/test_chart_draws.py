"""The chart's fast helpers: draws consume the generator exactly as the numpy calls they replace;
memoised timestamps print as ``isoformat`` does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import numpy as np

from physassist_env.synth.admissions import (
    OBSERVATION_TYPES,
    PLANNED_TYPES,
    aggregates,
)
from physassist_env.synth.chart import share, ts


def test_share_draws_as_generator_choice() -> None:
    agg = aggregates()
    tables = [
        (agg[name], exclude)
        for name in (
            "admission_type",
            "admission_location",
            "discharge_location",
            "insurance",
            "language",
            "marital_status",
        )
        for exclude in (
            set(),
            set(PLANNED_TYPES),
            PLANNED_TYPES | OBSERVATION_TYPES,
            {"DIED"},
        )
    ]
    for seed in range(3):
        fast, ref = np.random.default_rng(seed), np.random.default_rng(seed)
        for shares, exclude in tables * 300:
            keys = [k for k in shares if k != "OTHER" and k not in exclude]
            p = np.array([shares[k] for k in keys])
            key = keys[int(ref.choice(len(keys), p=p / p.sum()))]
            expected = None if key in ("UNKNOWN", "?") else key
            assert share(fast, shares, exclude) == expected
        assert fast.random() == ref.random()  # the same state afterwards


def test_memoised_timestamps_print_as_isoformat() -> None:
    t = datetime(2150, 3, 4, 5, 6, 7, 890)
    assert ts(t) == ts(t) == "2150-03-04 05:06:07"
    utc = datetime(2150, 1, 1, tzinfo=UTC)
    plus1 = utc.astimezone(
        timezone(timedelta(hours=1))
    )  # the same instant, equal as keys
    assert (ts(utc), ts(plus1)) == (
        "2150-01-01 00:00:00+00:00",
        "2150-01-01 01:00:00+01:00",
    )


def test_ts_is_isoformat_to_the_second() -> None:
    """``chart.ts`` assembles the text from cached day and clock parts: the same text as
    ``isoformat(" ", "seconds")`` for naive times of any year (microseconds dropped), and
    for aware times (not memoised)."""
    rng = np.random.default_rng(0)
    base = datetime(1, 1, 1)
    for s, us in zip(
        rng.integers(0, 3 * 10**11, 5000).tolist(),
        rng.integers(0, 10**6, 5000).tolist(),
        strict=True,
    ):
        t = base + timedelta(seconds=s, microseconds=us)
        assert ts(t) == t.isoformat(" ", "seconds")
        assert ts(t) == t.isoformat(" ", "seconds")  # memoised
    for hours in (0, 5, -3):
        t = datetime(2150, 1, 1, 12, tzinfo=timezone(timedelta(hours=hours)))
        assert ts(t) == t.isoformat(" ", "seconds")
