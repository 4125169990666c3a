"""Planted unsafe drug-lab values (``MONITORING_PAIRS``) and what the reported values show.

No label in the noise: one decision per (lab, direction) at ``UNSAFE_RATE`` (``PLANT_RATE`` for a few pairs)
whatever else the admission is on. Every monitored lab of a pair's drug (planted or not) gets one
drug-effect excursion of the same kind (:func:`excursion`, applied by ``labevents.labs``): a drift over
0-2 draws to a peak at a draw chosen the same way, and a recovery after it at the same pace. A planted
excursion peaks at its unsafe target; a control's peaks below its own safe limit, or, by chance
(``SPONTANEOUS_RATE``), past it as a planted one would, so the series' shape (an isolated jump, its
timing, the return) carries no label, only the values do. How far past the limit an unsafe excursion
goes is drawn the same way for both (``depth``).
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

import numpy as np

from physassist_env.clinical import renal
from physassist_env.clinical.scores import egfr_ckd_epi_2021
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
Watched = dict[int, tuple[kb.MonitoringPair, float, bool]]
"""Monitored labs of an admission: ``{itemid: (pair whose direction the excursion takes,
the excursion's peak value, past the limit: planted or a control's chance crossing)}``."""

RISE_DRAWS: dict[int, tuple[int, int]] = {
    50912: (0, 2),  # creatinine: AKI develops over 1-3 days of exposure (KDIGO 2012)
    51237: (
        0,
        3,
    ),  # INR: 2-3 days into a warfarin interaction or dose change (ACCP 2012)
}
"""Draws over which an excursion builds up before its peak (0: a jump at one draw), drawn in
``[low, high)``; other labs ``(0, 3)``: hyperkalaemia on RAAS blockade builds over a day or
two and a hypoglycaemia or a high trough can be one reading."""
RECOVERY_DAYS: dict[int, tuple[float, float]] = {
    50912: (2.0, 7.0),  # creatinine: a recovering AKI takes days (KDIGO 2012)
    51237: (0.5, 3.0),  # INR: 1-3 days after warfarin is held (ACCP 2012)
}
"""Time constant (days) of the return toward the patient's own level after the peak, once
the drug is held and the cause treated; other labs ``(0.2, 2.5)`` (potassium within hours
of treatment, a glucose within minutes of dextrose, a trough once a dose is held)."""
TARGET_SKEW = 7.0
"""A planted value lies ``span * u ** TARGET_SKEW`` beyond the lowest planted value of its
pair (``u`` uniform, ``span`` the width of ``unsafe_values``): most drug-related unsafe values
are just past the limit (K 5.6-5.8 far more often than 6.4; Kovesdy CP, Nat Rev Nephrol
2014;10:653), fewer far beyond it. A control's excursion peaks at the last reported value on
the safe side of its limit, less the same kind of offset (``CONTROL_MIRROR`` of it), so
planted and control excursions differ by where they end, one reporting step apart at the
closest, not by their shape or size (issue #39: a wider gap let the series' spread tell them
apart, AUROC 0.84-0.94 with targets spread evenly over the range)."""
CONTROL_MIRROR = 0.5
"""Share of a planted-like offset a control's peak lies below the last safe value."""
SPONTANEOUS_RATE: dict[str, float] = {"potassium_raas": 0.02}
"""Share of controls whose drug-effect excursion goes past the limit by chance (as deep as a
planted one, ``depth``); ``SPONTANEOUS_DEFAULT`` for the other pairs. Without it
every spontaneous unsafe value was a presenting condition (a hypoglycaemia or supratherapeutic-INR
admission) and the detector told planted from spontaneous by the condition's notes and orders
(issue #39); a drug's own effect crossing the limit during a stay is the commonest real unsafe
value (inpatient hypoglycaemia on insulin, an INR above range on warfarin with an interacting
antibiotic, AKI on vancomycin). K/RAAS is kept low: K > 5.5 on a RAAS drug is already 12 % of
RAAS admissions against the demo's 6 % (``PLANT_RATE``). A modelling choice, not a measured rate."""
SPONTANEOUS_DEFAULT = 0.1


def depth_start(pair: kb.MonitoringPair) -> float:
    """The value an unsafe excursion's depth is measured from: the near end of ``unsafe_values``
    (``PLANT_FLOOR`` for metformin)."""
    low, high = pair.unsafe_values
    if pair.unsafe_above is not None:
        return max(low, PLANT_FLOOR.get(pair.key, low))
    return high


def depth(rng: np.random.Generator, pair: kb.MonitoringPair) -> float:
    """How far past ``depth_start`` an unsafe drug-effect excursion of ``pair`` goes (one draw,
    ``TARGET_SKEW``), a planted one and a control's chance crossing alike."""
    low, high = pair.unsafe_values
    low = max(low, PLANT_FLOOR.get(pair.key, low))
    return (high - low) * float(rng.random()) ** TARGET_SKEW


def plan_unsafe(
    rng: np.random.Generator, active: set[str]
) -> tuple[list[dict[str, Any]], Planted]:
    """Decide which monitored labs of an admission on ``active`` drugs get an unsafe value.

    Returns the truth record of every present pair (``pair``, ``drugs``, ``itemid``,
    ``planted``) and the planted targets by lab.
    """
    # planted unsafe monitoring values: one decision per (lab, direction) with the pair's
    # rate whatever else the admission is on, reached by an excursion (``excursion``)
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
        sign = 1 if pair.unsafe_above is not None else -1
        planted[itemid] = (pair, depth_start(pair) + sign * depth(rng, pair))
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
    p["unsafe"] = is_unsafe(pair, value, age, female)


def is_unsafe(pair: kb.MonitoringPair, value: float, age: int, female: bool) -> bool:
    """Whether ``value`` is unsafe for ``pair``: past its limit, or for an eGFR-judged pair
    (metformin) an eGFR below 45 at this age and sex (``clinical.renal.egfr_action``)."""
    if pair.key in EGFR_PAIRS:
        return renal.egfr_action(EGFR_PAIRS[pair.key], value, age, female) is not None
    if pair.unsafe_above is not None:
        return bool(value > pair.unsafe_above)
    return bool(value < (pair.unsafe_below or 0.0))


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


def safe_limit(pair: kb.MonitoringPair, age: int, female: bool) -> float:
    """The value a control of ``pair`` stays on the safe side of: the pair's limit, and for
    an eGFR-judged pair (metformin, FDA 2016: eGFR 45) the creatinine that gives an eGFR of
    45 at the patient's age and sex by CKD-EPI 2021 (``clinical.scores``), if lower."""
    if pair.unsafe_above is None:
        return float(pair.unsafe_below or 0.0)
    limit = float(pair.unsafe_above)
    if pair.key in EGFR_PAIRS:
        lo, hi = 0.3, limit
        for _ in range(30):  # eGFR falls as creatinine rises: bisect for eGFR = 45
            mid = (lo + hi) / 2
            if egfr_ckd_epi_2021(creatinine=mid, age=age, female=female) < 45:
                hi = mid
            else:
                lo = mid
        limit = min(limit, lo)
    return limit


def lowest_unsafe(
    group: list[kb.MonitoringPair], high: bool, age: int, female: bool
) -> tuple[float, float]:
    """(limit, lowest planted value) of an admission's monitored lab in one direction, over
    every present pair of it (``group``): the strictest safe limit, and the planted value
    that is unsafe for every pair. An eGFR-judged pair's (metformin) is this patient's own
    (4 % above the creatinine of an eGFR of 45 at this age and sex, CKD-EPI 2021) rather
    than ``PLANT_FLOOR``, which is unsafe at every age (an older patient's eGFR falls below
    45 at a lower creatinine)."""
    same = [q for q in group if (q.unsafe_above is not None) == high]
    limits = [safe_limit(q, age, female) for q in same]
    lows = [
        safe_limit(q, age, female) * 1.04 if q.key in EGFR_PAIRS else depth_start(q)
        for q in same
    ]
    return (min(limits), max(lows)) if high else (max(limits), min(lows))


def last_safe(itemid: int, limit: float, high: bool) -> float:
    """The reported value (``LABS`` decimals) nearest ``limit`` on its safe side: a high limit
    is safe at equality (K 5.5 with ``unsafe_above`` 5.5), an eGFR-derived creatinine limit
    is rounded down to the step below it."""
    step = 10.0 ** -kb.LABS[itemid].decimals
    value = round(limit, kb.LABS[itemid].decimals)
    while (value > limit + 1e-9) if high else (value < limit - 1e-9):
        value += -step if high else step
    return value


def watch(
    rng: np.random.Generator,
    pairs: list[dict[str, Any]],
    planted: Planted,
    age: int,
    female: bool,
) -> Watched:
    """The drug-effect excursion of every monitored lab of an admission (``pairs`` final).

    Planted: the peak is the planted value, kept at its distance beyond the lowest planted
    value (``lowest_unsafe``: this patient's own for metformin, and unsafe for every
    present pair). A control: one present direction (drawn where both are present), the
    pair of it whose planted values start lowest (a creatinine on metformin and
    vancomycin peaks where vancomycin's planted ones start, so it may read unsafe for
    metformin at this age, as an AKI on vancomycin would), and a peak at that limit's last
    safe reported value less ``CONTROL_MIRROR`` of a planted-like offset."""
    by_key = {p.key: p for p in kb.MONITORING_PAIRS}
    items: dict[int, list[kb.MonitoringPair]] = {}
    for p in pairs:
        items.setdefault(p["itemid"], []).append(by_key[p["pair"]])
    out: Watched = {}
    for itemid, group in items.items():
        if itemid in planted:
            pair, target = planted[itemid]
            high = pair.unsafe_above is not None
            sign = 1 if high else -1
            _limit, lowest = lowest_unsafe(group, high, age, female)
            beyond = abs(target - depth_start(pair))
            out[itemid] = (pair, lowest + sign * beyond, True)
            continue
        pair = group[int(rng.integers(0, len(group)))]
        high = pair.unsafe_above is not None
        sign = 1 if high else -1
        pair = max(  # of one direction, the pair whose planted values start lowest
            (q for q in group if (q.unsafe_above is not None) == high),
            key=lambda q: lowest_unsafe([q], high, age, female)[1] * sign,
        )
        beyond = depth(rng, pair)
        limit, lowest = lowest_unsafe([pair], high, age, female)
        if rng.random() < SPONTANEOUS_RATE.get(pair.key, SPONTANEOUS_DEFAULT):
            # past the limit by chance, as deep as a planted one (no truth label)
            out[itemid] = (pair, lowest + sign * depth(rng, pair), True)
        else:
            edge = last_safe(itemid, limit, high)
            out[itemid] = (pair, edge - sign * CONTROL_MIRROR * beyond, False)
    return out


def unanswered(
    pairs: list[dict[str, Any]], watched: Watched, age: int, female: bool
) -> set[str]:
    """Pair keys whose unsafe drug-effect value the team leaves unanswered during the stay
    (``responses`` and ``meds.review`` skip them): a pair whose lab's excursion peaks unsafe for
    it (``is_unsafe``), planted, crossed by chance or a control's short excursion that is unsafe
    for metformin at this age (``watch``), so the orders after an unsafe excursion carry no
    label, only its value does (issue #39: metformin held on the controls' AKI but not on the
    planted ones told them apart, AUROC 0.80)."""
    by_key = {q.key: q for q in kb.MONITORING_PAIRS}
    keys = {p["pair"] for p in pairs if p["planted"]}
    for p in pairs:
        seen = watched.get(p["itemid"])
        if seen and is_unsafe(by_key[p["pair"]], seen[1], age, female):
            keys.add(p["pair"])
    return keys


def excursion(
    rng: np.random.Generator,
    days: list[float],
    values: list[float],
    pair: kb.MonitoringPair,
    peak: float,
    planted: bool,
) -> list[float]:
    """``values`` (one lab's series at ``days``) with one drug-effect excursion to ``peak``.

    The peak falls on a draw chosen uniformly, builds up over ``RISE_DRAWS`` draws before it
    and recovers after it with a time constant from ``RECOVERY_DAYS`` (per lab), the same way planted
    or not: each draw moves toward the peak by the excursion's weight there (1 at the peak),
    so no draw goes past the peak by its own noise (a control's neighbours of a 5.5 stay at
    or below 5.5). A control already beyond its peak at that draw keeps its values.
    """
    n = len(values)
    k = int(rng.integers(0, n))
    rise = int(rng.integers(*RISE_DRAWS.get(pair.itemid, (0, 3))))
    tau = float(rng.uniform(*RECOVERY_DAYS.get(pair.itemid, (0.2, 2.5))))
    if not planted and (peak > values[k]) != (pair.unsafe_above is not None):
        return values
    out = list(values)
    for j in range(max(0, k - rise), n):
        if j <= k:
            g = (j - (k - rise) + 1) / (rise + 1)
        else:
            g = math.exp(-(days[j] - days[k]) / tau)
        out[j] = values[j] + (peak - values[j]) * g
    lo, hi = kb.LABS[pair.itemid].bounds
    return [min(max(x, lo), hi) for x in out]
