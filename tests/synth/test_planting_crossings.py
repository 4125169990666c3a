"""Controls' drug-effect excursions that cross the limit by chance, and who answers them
(``synth.planting``, issue #39): a planted unsafe value and a spontaneous one are drawn and
answered alike, so only the value, never the label, decides what the chart shows."""

from __future__ import annotations

import numpy as np

from physassist_env.synth import knowledge as kb
from physassist_env.synth.planting import (
    SPONTANEOUS_DEFAULT,
    SPONTANEOUS_RATE,
    is_unsafe,
    unanswered,
    watch,
)

INR = 51237


def _control(key: str) -> list[dict]:
    pair = next(p for p in kb.MONITORING_PAIRS if p.key == key)
    return [{"pair": key, "itemid": pair.itemid, "planted": False}]


def test_controls_cross_the_limit_at_the_spontaneous_rate() -> None:
    rng = np.random.default_rng(0)
    pair = next(p for p in kb.MONITORING_PAIRS if p.key == "inr_warfarin")
    n, crossed = 3000, 0
    for _ in range(n):
        ((got, peak, crosses),) = watch(
            rng, _control("inr_warfarin"), {}, 70, False
        ).values()
        assert got.key == "inr_warfarin"
        # a crossing peaks past the limit as a planted one; a short one on the safe side
        assert crosses == is_unsafe(pair, peak, 70, False), peak
        if crosses:
            assert peak >= pair.unsafe_values[0] - 1e-9
        crossed += crosses
    rate = SPONTANEOUS_RATE.get("inr_warfarin", SPONTANEOUS_DEFAULT)
    assert abs(crossed / n - rate) < 0.02


def test_unsafe_excursions_are_unanswered_planted_or_not() -> None:
    rng = np.random.default_rng(1)
    seen = {True: 0, False: 0}
    for _ in range(500):
        pairs = _control("inr_warfarin")
        watched = watch(rng, pairs, {}, 70, False)
        crosses = watched[INR][2]
        assert ("inr_warfarin" in unanswered(pairs, watched, 70, False)) == crosses
        seen[crosses] += 1
    assert seen[True] and seen[False]
    # a planted pair is always left to the agent
    planted = [{"pair": "inr_warfarin", "itemid": INR, "planted": True}]
    pair = next(p for p in kb.MONITORING_PAIRS if p.key == "inr_warfarin")
    watched = watch(rng, planted, {INR: (pair, 5.0)}, 70, False)
    assert unanswered(planted, watched, 70, False) == {"inr_warfarin"}
