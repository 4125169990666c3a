"""Blood glucose of an inpatient on insulin, read against the hospital target, not the
laboratory's fasting reference range.

ADA Standards of Care in Diabetes 2024, section 16 (Diabetes Care in the Hospital;
Diabetes Care 2024;47(Suppl 1):S295-S306): once insulin is started, a target of
140-180 mg/dL for most critically and non-critically ill patients; a glucose below
70 mg/dL is hypoglycaemia (level 1; < 54 level 2), to be treated and the insulin plan
changed to prevent recurrence; persistent hyperglycaemia above 180 mg/dL calls for the
insulin regimen to be intensified. A value of 101-139 mg/dL on insulin is therefore not
"high" (the laboratory flags fasting glucose above 100), and not hypoglycaemia.
Values are in mg/dL.

A value of 70-99 mg/dL on insulin is not hypoglycaemia but is low for an inpatient on
insulin: the regimen is reassessed when glucose falls below 100 mg/dL, to prevent
hypoglycaemia (Endocrine Society guideline, Umpierrez GE et al., J Clin Endocrinol Metab
2012;97:16-38: glycaemic therapy reassessed/modified when blood glucose falls below
100 mg/dL; the ADA 2024 section 16 text gives the same threshold for reviewing the regimen,
wording not verified here).

A glucose below 70 mg/dL in the last day changes the plan even when the latest value is
back in range: "the treatment regimen should be reviewed and changed as necessary to
prevent further hypoglycemia when a blood glucose value of <70 mg/dL is documented" (ADA
2024, section 16); basal-bolus titration protocols adjust the insulin each day from the readings of the day
before and lower it after a reading below 70 mg/dL (RABBIT 2 trial, Umpierrez GE et al.,
Diabetes Care 2007;30:2181-2186). So "continue, monitor" is not the answer the day after a
hypoglycaemic reading (:func:`recent_hypoglycaemia`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, time, timedelta
from typing import Literal

#: Hypoglycaemia (level 1) below this glucose, mg/dL (ADA 2024, section 16 and 6).
HYPOGLYCAEMIA = 70.0
#: Level 2 (clinically significant) hypoglycaemia below this glucose, mg/dL (ADA 2024,
#: section 6, table 6.4: < 54 mg/dL; section 16: treated at once).
LEVEL2_HYPOGLYCAEMIA = 54.0
#: Inpatient glucose target on insulin, mg/dL (ADA 2024, section 16).
INPATIENT_TARGET = (140.0, 180.0)
#: Below this glucose on insulin the regimen is reassessed (Endocrine Society 2012).
REASSESS_BELOW = 100.0
#: The basis name :meth:`AdmissionFacts.interpretation_range` gives this reading.
BASIS = "inpatient glucose target on insulin"

#: A hospital glucose of a patient not on insulin is a random (non-fasting) value: it is
#: read against the hospital hyperglycaemia threshold, > 140 mg/dL (ADA Standards of Care
#: 2024, section 16: "hyperglycemia in hospitalized patients is defined as blood glucose
#: levels >140 mg/dL"), and hypoglycaemia < 70 mg/dL, not against the laboratory's fasting
#: 70-100 mg/dL range (a random 108 mg/dL is not "high"; fasting thresholds, ADA section 2,
#: apply only to a documented fasting sample, which the record does not mark).
NON_FASTING = (70.0, 140.0)
#: The basis name of that reading.
NON_FASTING_BASIS = "non-fasting hospital glucose"

#: A reading below 70 mg/dL on the latest reading's day or this many days before still
#: calls for the regimen to be reviewed (ADA 2024 section 16; RABBIT 2's daily titration
#: from the previous day's readings).
RECENT_HYPO_DAYS = 1

#: An insulin pump of the patient's own (continuous subcutaneous insulin infusion, CSII)
#: run by the patient in hospital: MIMIC-IV orders it as "Insulin Pump (Self
#: Administering Medication)". ADA Standards of Care 2024, section 16 (Diabetes Care in
#: the Hospital; insulin pumps and other devices): a patient able to manage the pump may
#: keep it under a hospital policy, and the basal rates and boluses are recorded by the
#: patient and the pump, not given by staff, so the medication administration record
#: holds no dose of it: the last dose is read from the pump's history with the patient.
#: Round 14 (10023239-21759936 t2).
INSULIN_PUMP = re.compile(
    r"insulin\s+pump|\bCSII\b|continuous\s+subcutaneous\s+insulin", re.I
)


#: Hyperglycaemia on insulin is persistent when the reading before the latest, within
#: this many hours of it, is above the target too: the regimen is intensified for
#: persistent hyperglycaemia above 180 mg/dL, not for one reading (ADA 2024 section 16:
#: "titrate if persistent"; a single 182 after a 134 is watched). Round 14.
PERSISTENT_HOURS = 24


def persistent_hyperglycaemia(points: Iterable[tuple[str, float]]) -> bool:
    """Whether the latest of ``points`` ((time text, mg/dL), oldest first) and the
    reading before it, within :data:`PERSISTENT_HOURS`, are both above the inpatient
    target (:data:`INPATIENT_TARGET`)."""
    pts = [(t, v) for t, v in points if t]
    if len(pts) < 2:
        return False
    (t0, v0), (t1, v1) = pts[-2], pts[-1]
    hi = INPATIENT_TARGET[1]
    close = datetime.fromisoformat(t1[:19]) - datetime.fromisoformat(t0[:19])
    return v0 > hi and v1 > hi and close <= timedelta(hours=PERSISTENT_HOURS)


def is_insulin_pump(order_name: str) -> bool:
    """Whether a medication order is a patient's own insulin pump (:data:`INSULIN_PUMP`)."""
    return bool(INSULIN_PUMP.search(order_name))


GlucoseBand = Literal["hypo", "below_target", "in_target", "above_target"]


def insulin_glucose_band(value: float) -> GlucoseBand:
    """Where a glucose (mg/dL) of an inpatient on insulin lies: hypoglycaemic (< 70),
    below the 140-180 target but not hypoglycaemic, within it, or above it (> 180)."""
    low, high = INPATIENT_TARGET
    if value < HYPOGLYCAEMIA:
        return "hypo"
    if value < low:
        return "below_target"
    if value <= high:
        return "in_target"
    return "above_target"


def reassess_insulin(value: float) -> bool:
    """Whether a glucose (mg/dL) on insulin is low enough to reassess the regimen without
    being hypoglycaemia: 70 <= value < :data:`REASSESS_BELOW`."""
    return HYPOGLYCAEMIA <= value < REASSESS_BELOW


def recent_hypoglycaemia(
    points: Iterable[tuple[str, float]],
) -> tuple[str, float] | None:
    """The lowest earlier reading below :data:`HYPOGLYCAEMIA` on the latest reading's
    day or the :data:`RECENT_HYPO_DAYS` calendar days before (``points``: time text, mg/dL;
    oldest first), as ``(time, value)``; None when there is none or the latest is itself
    below 70 (that is hypoglycaemia now, not a recent episode)."""
    pts = list(points)
    if len(pts) < 2 or pts[-1][1] < HYPOGLYCAEMIA:
        return None
    latest = datetime.fromisoformat(pts[-1][0])
    since = datetime.combine(latest.date(), time()) - timedelta(days=RECENT_HYPO_DAYS)
    low = [
        (t, v)
        for t, v in pts[:-1]
        if v < HYPOGLYCAEMIA and datetime.fromisoformat(t) >= since
    ]
    return min(low, key=lambda p: p[1]) if low else None


#: No insulin increase within this many hours of a reading below 70 mg/dL: the
#: regimen is reviewed and changed to prevent recurrence, not raised (ADA Standards of
#: Care 2024, section 16; basal titration no more often than every 2-3 days, section 9).
#: Round 17 (reading m, 10014354-26486158 t2-t3).
NO_INCREASE_AFTER_HYPO_HOURS = 72
#: A cautious titration step once the glucose stays above target after hypoglycaemia
#: earlier in the stay: about 10% of the scheduled dose (ADA 2024 section 16; RABBIT 2
#: titration, Umpierrez GE et al., Diabetes Care 2007;30:2181-6: 10% steps).
CAUTIOUS_STEP_PERCENT = 10


def lowest_hypoglycaemia(
    points: Iterable[tuple[str, float]], hours: float | None = None
) -> tuple[str, float] | None:
    """The lowest reading below :data:`HYPOGLYCAEMIA` before the latest of ``points``
    ((time text, mg/dL), oldest first), within ``hours`` of the latest (None: any), as
    ``(time, value)``, or None."""
    pts = [(t, v) for t, v in points if t]
    if len(pts) < 2:
        return None
    latest = datetime.fromisoformat(pts[-1][0][:19])
    low = [
        (t, v)
        for t, v in pts[:-1]
        if v < HYPOGLYCAEMIA
        and (
            hours is None
            or latest - datetime.fromisoformat(t[:19]) <= timedelta(hours=hours)
        )
    ]
    return min(low, key=lambda p: p[1]) if low else None
