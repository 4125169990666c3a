"""The chart's fast draw helpers consume the generator exactly as the numpy calls they replace."""

from __future__ import annotations

import numpy as np

from physassist_env.synth.admissions import (
    OBSERVATION_TYPES,
    PLANNED_TYPES,
    aggregates,
)
from physassist_env.synth.chart import share


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
        for exclude in (set(), set(PLANNED_TYPES), PLANNED_TYPES | OBSERVATION_TYPES, {"DIED"})
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
