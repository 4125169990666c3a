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
