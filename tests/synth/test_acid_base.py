"""Blood gases obey acid-base chemistry (issue #23, lead round 7).

Before: pH was drawn as a lab with a 7.5 % coefficient of variation and clipped, so in 300
patients 31 % of gases read 7.70 and 29 % below 7.0, a DKA gas read pH 7.66 with a
bicarbonate of 9 and a base excess of -4.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pyarrow.csv as pacsv
import pytest

from physassist_env.synth.labevents import BASE_EXCESS, HCO3, PCO2, PH


@pytest.fixture(scope="module")
def gases(generated_hospital: Callable[[int, int], Path]) -> list[dict[int, float]]:
    out = generated_hospital(300, 7)  # shared with the other 300-patient seed-7 tests
    rows = pacsv.read_csv(out / "hosp" / "labevents.csv.gz").to_pylist()
    by_time: dict[tuple[int, object], dict[int, float]] = defaultdict(dict)
    for r in rows:
        if r["itemid"] in (PH, PCO2, BASE_EXCESS, HCO3):
            by_time[r["hadm_id"], r["charttime"]][r["itemid"]] = r["valuenum"]
    return [v for v in by_time.values() if PH in v and PCO2 in v]


def test_ph_follows_henderson_hasselbalch(gases: list[dict[int, float]]) -> None:
    same_draw = [g for g in gases if HCO3 in g]
    assert len(same_draw) > 30
    for g in same_draw:
        expected = 6.1 + math.log10(g[HCO3] / (0.0307 * g[PCO2]))
        # rounding (pH 2 places, pCO2 and HCO3 whole numbers) and 0.01 analytical noise
        assert abs(g[PH] - expected) < 0.08, g


def test_ph_is_distributed_like_a_hospital(gases: list[dict[int, float]]) -> None:
    ph = sorted(g[PH] for g in gases)
    median = ph[len(ph) // 2]
    assert 7.33 <= median <= 7.45  # MIMIC-IV demo median 7.38
    assert sum(v >= 7.65 or v < 7.0 for v in ph) <= 0.02 * len(ph)


def test_metabolic_acidosis_has_a_negative_base_excess(
    gases: list[dict[int, float]],
) -> None:
    acid = [g for g in gases if HCO3 in g and BASE_EXCESS in g and g[HCO3] <= 15]
    assert acid
    assert all(g[BASE_EXCESS] < -5 for g in acid)
