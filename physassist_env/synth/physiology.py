"""Lab physiology of the synthetic hospital: draw schedules and noisy series around a trajectory.

A lab series is ``trajectory(t) + biological noise + analytical noise``, then rounded as the
laboratory reports it:

- the trajectory is the patient's baseline moved by the admission's conditions (``LabEffect``),
  plus a small daily rhythm for glucose and WBC;
- biological (within-patient) variation is an AR(1) process between draws (correlation
  ``exp(-dt / 1 day)``) with the within-subject coefficient of variation of ``WITHIN_CV``
  (biological-variation tables, e.g. Ricos et al. 1999 / the EFLM database, widened 1.5x for
  inpatients);
- analytical noise is a third of that, independent per draw.

Nothing is clamped to a threshold. A monitored lab of a pair's drug (``med_safety``) then gets one
drug-effect excursion (``planting.excursion``), planted or not, so planted and unplanted series
have the same draws and the same kind of rise and recovery; only where the peak ends differs.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from datetime import datetime, timedelta

import numpy as np

from physassist_env.synth.knowledge.calibration import aggregates
from physassist_env.synth.knowledge.labs import LABS

WITHIN_CV: dict[int, float] = {
    50983: 0.007,  # sodium
    50971: 0.046,  # potassium
    50902: 0.012,  # chloride
    50882: 0.048,  # bicarbonate
    51006: 0.123,  # urea nitrogen
    50912: 0.060,  # creatinine
    50931: 0.080,  # glucose
    50868: 0.100,  # anion gap
    50893: 0.021,  # calcium
    50960: 0.036,  # magnesium
    50970: 0.085,  # phosphate
    51301: 0.114,  # WBC
    51222: 0.028,  # haemoglobin
    51221: 0.028,  # haematocrit
    51265: 0.091,  # platelets
    51250: 0.013,  # MCV
    51248: 0.016,  # MCH
    51249: 0.017,  # MCHC
    51279: 0.032,  # RBC
    51277: 0.035,  # RDW
    51256: 0.080,  # neutrophils
    51244: 0.100,  # lymphocytes
    51237: 0.050,  # INR
    51274: 0.040,  # PT
    51275: 0.027,  # PTT
    51214: 0.107,  # fibrinogen
    50813: 0.270,  # lactate
    50862: 0.031,  # albumin
    50885: 0.218,  # bilirubin
    50861: 0.194,  # ALT
    50878: 0.119,  # AST
    50863: 0.064,  # alkaline phosphatase
    51003: 0.100,  # troponin T
    50963: 0.100,  # NTproBNP
    50956: 0.230,  # lipase
    50889: 0.420,  # CRP
    50910: 0.228,  # CK
    51009: 0.150,  # vancomycin level
    50924: 0.142,  # ferritin
    50952: 0.265,  # iron
    50953: 0.030,  # TIBC (as transferrin)
}
"""Within-subject biological coefficient of variation per lab item (default 0.05)."""
INPATIENT_WIDEN = 1.5
RHYTHM = {50931: 0.06, 51301: 0.04}
"""Daily rhythm amplitude (fraction of the level, peak mid-afternoon)."""
COUNTERREGULATION = (50931, 72.0, 0.4)
"""Glucose (item, threshold mg/dL, share of a fall below it that is kept): glucagon and
adrenaline secretion start at a plasma glucose of ~65-70 mg/dL and defend it (Schwartz NS et
al., J Clin Invest 1987;79:777; Cryer PE, Diabetes 2008;57:3169), so symmetric noise around a
normal level must not reach the 60s as often as it falls to the 80s: 20 % of admissions had a
glucose < 70 and the 5th percentile was 66 mg/dL (MIMIC-IV demo: 14 % and 77). A planted low
glucose (``planting``) is an excursion applied after this, so it still reaches 40-68."""
BACKGROUND_SHARE = 0.55
"""Share of patients whose baseline of a lab comes from the inpatient (demo) distribution."""
BACKGROUND_RANGE = (0.2, 0.8)
"""Quantile range of that draw: the demo's tails are explained by its patients' conditions,
so an independent draw from them would give unexplained severe abnormalities."""
BACKGROUND_RANGES: dict[int, tuple[float, float]] = {
    # creatinine: the demo's distribution already holds its CKD, AKI and sepsis patients; a
    # background from its central 60 % (0.65-2.1 mg/dL) plus the modelled CKD (1.5-2.4) and
    # AKI stacked on it put the hospital's median at 1.3-1.4 (demo 1.1). The lower 60 %
    # (0.25-1.4) is the background of patients whose kidneys no condition explains:
    # inpatients' low muscle mass reads low (KDIGO 2012 CKD guideline, 1.4: creatinine
    # depends on muscle mass; Thongprayoon C et al., Nephrology 2016;21:1052). Since the
    # monitored drugs' excursions cross their limit by chance (``planting.SPONTANEOUS_RATE``,
    # an AKI on vancomycin or metformin charted as such) the lower 45 % (0.25-1.0): with
    # 60 % the pooled quartiles of seeds 3-5 were 0.9 / 1.3 / 1.8 (demo 0.7 / 1.1 / 1.9).
    50912: (0.0, 0.45),
    # haemoglobin: the demo's central range (8.0-11.3 g/dL) gave 9 % of admissions an Hb < 8
    # that no condition, bleed or work-up explained; the 30-90 % range (8.6-12.9) keeps the
    # background mild (anaemia of chronic disease and of inflammation, WHO 2011 grading:
    # moderate 8-10.9); lower values come from bleeding, CKD and iron deficiency.
    51222: (0.3, 0.9),
    # WBC: the demo's central range (7-15.5 K/uL) gave 9 % an unexplained WBC > 15; the
    # 10-60 % range (5.4-12.1) leaves leukocytosis to infection, steroids and stress of the acute
    # conditions that the chart shows (Riley LK, Rupert J, Am Fam Physician 2015;92:1004).
    51301: (0.1, 0.6),
}
"""Per-lab quantile range of the background draw where the central one does not fit."""
HEALTHY_ONLY = (50952, 50953)
"""Labs whose baseline is always the healthy draw: the demo measured serum iron and TIBC
almost only in anaemic patients, so its distribution is no background for everyone; a low
iron with a high TIBC is iron deficiency's (``iron_def``)."""
HEALTHY_CREATININE = {"F": (0.7, 0.13), "M": (0.9, 0.15)}
"""Healthy serum creatinine (mg/dL) by sex: women's lower muscle mass reads ~0.2 lower
(reference intervals 0.5-1.1 F, 0.7-1.3 M; Ceriotti F et al., Clin Chem 2008;54:559)."""


def _quantile_sampler(q: list[float]) -> tuple[list[float], list[float]]:
    probs = [0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0]
    lo = q[0] - (q[1] - q[0]) * 0.5
    hi = q[-1] + (q[-1] - q[-2]) * 0.5
    return probs, [lo, *q, hi]


_SAMPLERS: dict[int, tuple[list[float], list[float]]] = {}


def inpatient_value(rng: np.random.Generator, itemid: int) -> float | None:
    """A value from the central 60 % (``BACKGROUND_RANGES`` where set) of the demo's inpatient
    distribution of ``itemid`` (linear between the shipped quantiles; None if the lab is not
    shipped)."""
    if itemid not in _SAMPLERS:
        lab = aggregates()["labs"].get(str(itemid))
        if lab is None:
            return None
        _SAMPLERS[itemid] = _quantile_sampler(lab["quantiles"])
    probs, vals = _SAMPLERS[itemid]
    low, high = BACKGROUND_RANGES.get(itemid, BACKGROUND_RANGE)
    u = low + (high - low) * float(rng.random())
    i = min(bisect_right(probs, u) - 1, len(probs) - 2)
    f = (u - probs[i]) / (probs[i + 1] - probs[i])
    return vals[i] + f * (vals[i + 1] - vals[i])


def patient_baseline(
    rng: np.random.Generator, sex: str, diabetic: bool = False
) -> dict[int, float]:
    """Each lab's baseline for one patient: healthy normal, or (``BACKGROUND_SHARE``) an
    inpatient value from the demo distribution (background abnormalities of hospital patients;
    glucose only for diabetics, whose untreated hyperglycaemia would not hang together).
    The sex differences (haemoglobin 1 g/dL, creatinine ``HEALTHY_CREATININE``) apply to the
    healthy draw only: the demo's distribution already mixes both sexes."""
    base: dict[int, float] = {}
    for itemid, item in LABS.items():
        normal = HEALTHY_CREATININE[sex] if itemid == 50912 else item.normal
        value = float(rng.normal(*normal))
        if itemid == 51222 and sex == "F":
            value -= 1.0
        background = rng.random() < BACKGROUND_SHARE
        if (
            background
            and itemid not in HEALTHY_ONLY
            and (itemid not in (50931, 50852) or diabetic)
        ):
            v = inpatient_value(rng, itemid)
            if v is not None:
                value = 0.5 * value + 0.5 * v if itemid == 51009 else v
        base[itemid] = min(max(value, item.bounds[0]), item.bounds[1])
    base[51221] = base[51222] * 3 + float(rng.normal(0, 0.8))
    base[51274] = 11.0 * base[51237] + float(rng.normal(0, 0.3))
    return base


def draw_schedule(
    rng: np.random.Generator,
    admit: datetime,
    disch: datetime,
    tier: str,
    lab_scale: float = 1.0,
    first_morning: bool = False,
) -> list[tuple[datetime, str]]:
    """Blood-draw times of one admission with their priority (``STAT`` or ``ROUTINE``).

    An admission draw (STAT, within 2 h), then early-morning routine draws (04:00-06:30) that
    are sometimes missed, afternoon draws in richer tiers and random STAT draws.
    ``first_morning``: the first morning's routine draw is never missed (a patient started on
    antibiotics has the response checked the next day).
    """
    p_am = min(1.0, {"sparse": 0.55, "moderate": 0.85, "rich": 0.93}[tier] * lab_scale)
    p_pm = min(1.0, {"sparse": 0.0, "moderate": 0.12, "rich": 0.55}[tier] * lab_scale)
    p_stat = {"sparse": 0.08, "moderate": 0.2, "rich": 0.4}[tier] * lab_scale
    out = [(admit + timedelta(minutes=int(rng.integers(10, 120))), "STAT")]
    midnight = admit.replace(hour=0, minute=0, second=0)
    last = disch - timedelta(hours=2)
    days = (disch - midnight).days + 1
    for d in range(1, days + 1):
        day = midnight + timedelta(days=d)
        am = day + timedelta(hours=4, minutes=int(rng.integers(0, 150)))
        if am < last and (rng.random() < p_am or (first_morning and d == 1)):
            out.append((am, "ROUTINE"))
        pm = day + timedelta(hours=14, minutes=int(rng.integers(0, 240)))
        if pm < last and rng.random() < p_pm:
            out.append((pm, "ROUTINE"))
        for _ in range(int(rng.poisson(p_stat))):
            t = day + timedelta(minutes=int(rng.integers(0, 1440)))
            if out[0][0] < t < last:
                out.append((t, "STAT"))
    out.sort()
    return out


HAEMOLYSIS: dict[int, tuple[float, float, float]] = {50971: (0.03, 0.5, 1.8)}
"""Pseudohyperkalaemia from in-vitro haemolysis: (share of draws, min, max rise in mEq/L).
Haemolysis is the commonest cause of spurious hyperkalaemia, in ~3 % of routine samples
(Lippi G et al., Clin Chem Lab Med 2013;51:S255; K rises ~0.3-0.4 mmol/L per g/L free Hb), so
a high potassium also appears in patients on no potassium-raising drug."""


def noisy_series(
    rng: np.random.Generator,
    itemid: int,
    days: list[float],
    hours: list[int],
    trajectory: list[float],
    cv_scale: float = 1.0,
) -> list[float]:
    """Values at the draw offsets ``days`` (from admission) around ``trajectory``.

    Args:
        rng: The patient's generator.
        itemid: Lab item (its ``WITHIN_CV`` and ``normal`` set the noise scale).
        days: Draw offsets in days, ascending.
        hours: Hour of day of each draw (daily rhythm).
        trajectory: The noiseless level at each draw.
        cv_scale: Multiplier on the within-patient variation (e.g. warfarin for INR).

    Returns:
        Unrounded values, clipped to the item's physiological bounds only.
    """
    item = LABS[itemid]
    cv = WITHIN_CV.get(itemid, 0.05) * INPATIENT_WIDEN * cv_scale
    floor = item.normal[1]
    amp = RHYTHM.get(itemid, 0.0)
    defended = COUNTERREGULATION[1:] if itemid == COUNTERREGULATION[0] else None
    lo, hi = item.bounds
    z = rng.standard_normal(2 * len(days)).tolist()
    out: list[float] = []
    e, prev = 0.0, None
    for i, (t, h, level) in enumerate(zip(days, hours, trajectory, strict=True)):
        rho = math.exp(-(t - prev)) if prev is not None else 0.0
        e = rho * e + math.sqrt(1 - rho * rho) * z[2 * i]
        prev = t
        scale = cv * max(abs(level), floor)
        value = (
            level * (1 + amp * math.cos(2 * math.pi * (h - 15) / 24)) if amp else level
        )
        value += scale * e + scale / 3 * z[2 * i + 1]
        if defended and value < defended[0]:
            value = defended[0] - (defended[0] - value) * defended[1]
        out.append(min(max(value, lo), hi))
    if itemid in HAEMOLYSIS:
        share, rise_lo, rise_hi = HAEMOLYSIS[itemid]
        hit = rng.random(len(out)) < share
        rise = rng.uniform(rise_lo, rise_hi, len(out))
        out = [
            min(v + r, hi) if h else v for v, h, r in zip(out, hit, rise, strict=True)
        ]
    return out
