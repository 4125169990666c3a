"""Planted unsafe drug-lab values (``MONITORING_PAIRS``) and what the reported values show.

No label in the noise: one decision per (lab, direction) at ``UNSAFE_RATE`` (``PLANT_RATE`` for a few pairs)
whatever else the admission is on; a planted lab's whole series is shifted (``labevents.labs``) so that only the
values differ from an unplanted admission, never the draws, their number or their spread.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import numpy as np

from physassist_env.clinical import renal
from physassist_env.synth import knowledge as kb

#: Lowest planted value of a pair whose gold judges it by another measure than the raw
#: lab: metformin is judged by eGFR (CKD-EPI 2021, FDA 2016 bands; scenarios.vocab
#: SAFETY_PAIRS), and a creatinine of 2.2 mg/dL gives an eGFR below 45 at every adult age
#: of the hospital (18-95, either sex: 44 in a man of 18), so a planted metformin value is
#: always in the reduce (30-45) or stop (< 30) band. One draw either way (same stream).
PLANT_FLOOR: dict[str, float] = {"creatinine_metformin": 2.2}
#: Pairs whose truth label is the eGFR renal rule of a drug (pair key -> generic).
EGFR_PAIRS: dict[str, str] = {"creatinine_metformin": "metformin"}

PLANT_RATE: dict[str, float] = {"potassium_raas": 0.05}
"""Planting rate of a pair where ``UNSAFE_RATE`` would make the planted event the main cause of
its lab abnormality: at 0.3, K > 5.5 was on a RAAS drug in 60 % of high-potassium admissions
against 33 % in the MIMIC-IV demo (``drug_admission_share.raas`` admissions), whereas real
hyperkalaemia mostly comes from renal failure, acidosis, insulin deficiency, drugs other than
RAAS blockers and haemolysed samples (Kovesdy CP, Nat Rev Nephrol 2014;10:653). One rate per
pair, fixed before any value is drawn: the label stays independent of everything but the value."""

Planted = dict[int, tuple[kb.MonitoringPair, float]]
"""Planted labs: ``{itemid: (pair, target extreme)}``."""


def plan_unsafe(
    rng: np.random.Generator, active: set[str]
) -> tuple[list[dict[str, Any]], Planted]:
    """Decide which monitored labs of an admission on ``active`` drugs get an unsafe value.

    Returns the truth record of every present pair (``pair``, ``drugs``, ``itemid``,
    ``planted``) and the planted targets by lab.
    """
    # planted unsafe monitoring values: one decision per (lab, direction) with the pair's
    # rate whatever else the admission is on, reached by shifting the whole series
    present_pairs = [
        (pair, [d for d in pair.drugs if d in active]) for pair in kb.MONITORING_PAIRS
    ]
    present_pairs = [(pair, on) for pair, on in present_pairs if on]
    directions: dict[int, list[kb.MonitoringPair]] = {}
    for pair, _drugs in present_pairs:
        directions.setdefault(pair.itemid, []).append(pair)
    planted: dict[int, tuple[kb.MonitoringPair, float]] = {}
    for itemid, group in directions.items():
        kinds = list(dict.fromkeys(p.unsafe_above is not None for p in group))
        u = float(rng.random())
        for kind in kinds:  # consecutive slices of [0, 1), one per direction
            pair = next(p for p in group if (p.unsafe_above is not None) == kind)
            rate = PLANT_RATE.get(pair.key, kb.UNSAFE_RATE)
            if u < rate:
                break
            u -= rate
        else:
            continue
        low, high = pair.unsafe_values
        low = max(low, PLANT_FLOOR.get(pair.key, low))
        planted[itemid] = (pair, float(rng.uniform(low, high)))
    pairs: list[dict[str, Any]] = []
    for pair, on in present_pairs:
        chosen = planted.get(pair.itemid)
        pairs.append(
            {
                "pair": pair.key,
                "drugs": on,
                "itemid": pair.itemid,
                "planted": chosen is not None
                and (chosen[0].unsafe_above is None) == (pair.unsafe_above is None),
            }
        )
    return pairs, planted


def _observe_pair(
    p: dict[str, Any],
    pair: kb.MonitoringPair,
    series: list[tuple[datetime, float]],
    admit: datetime,
    age: int,
    female: bool,
) -> None:
    """Record what the reported values show for a drug-lab pair (``unsafe``, day, value).

    Metformin's creatinine is labelled as the gold judges it, by eGFR at the patient's age
    and sex (``clinical.renal.egfr_action``: CKD-EPI 2021, FDA 2016 bands, unsafe below
    45), not by a creatinine limit."""
    p["unsafe"], p["day"], p["value"] = False, None, None
    if not series:
        return
    high = pair.unsafe_above is not None
    when, value = (max if high else min)(series, key=lambda x: x[1])
    p["day"] = round((when - admit).total_seconds() / 86400, 2)
    p["value"] = value
    if pair.key in EGFR_PAIRS:
        p["unsafe"] = (
            renal.egfr_action(EGFR_PAIRS[pair.key], value, age, female) is not None
        )
        return
    p["unsafe"] = bool(
        value > pair.unsafe_above if high else value < (pair.unsafe_below or 0.0)
    )


def observe_pairs(
    pairs: list[dict[str, Any]],
    series: dict[int, list[tuple[datetime, float]]],
    admit: datetime,
    age: int,
    female: bool,
) -> None:
    """Fill each pair's ``unsafe``/``day``/``value`` from the reported series and drop the
    pairs whose lab was never drawn (nothing to monitor: keeping them as unplanted would tie
    the label to the number of draws, e.g. a vancomycin trough only drawn in longer courses)."""
    by_key = {p.key: p for p in kb.MONITORING_PAIRS}
    pairs[:] = [p for p in pairs if series.get(p["itemid"])]
    for p in pairs:
        _observe_pair(p, by_key[p["pair"]], series[p["itemid"]], admit, age, female)
