"""The course of a laboratory series, read the way a clinician reads it.

A series is read by its recent course, not by its two ends: a haemoglobin 10.0 -> 7.4 ->
10.1 "fell to a nadir, then recovered" (rising now), a creatinine 1.0 -> 1.5 -> 1.2
"peaked and is improving" (falling now), a bicarbonate 21 -> 33 -> 21 is falling, not
"stable" because the ends agree. The direction is that of the last leg: from the last
turning point (a peak or nadir the series moved away from by more than one step) to the
latest value; a series without a turning point is read from its first value.

A step is a change larger than 10% of the value it is measured from, or one reporting
step of the analyte when that is larger (a change of one reported digit of a
creatinine of 0.4 is within the assay's precision). Sources: Fraser CG, Biological
Variation: From Principles to Practice (AACC Press 2001), reference change values of
10-15% for the common chemistry analytes at 95% probability (creatinine, potassium,
bicarbonate, haemoglobin); Ricos C et al., Scand J Clin Lab Invest 1999;59:491-500.
An analyte whose reference change value is far below 10% has its own step
(:data:`REFERENCE_CHANGE`: sodium), and a series that crossed into or out of the
reference range is never "stable" (:func:`direction` with ``sides``; round 11).
"""

from __future__ import annotations

from collections.abc import Sequence

#: Relative change that counts as a move (see module docstring).
STEP_FRACTION = 0.1

#: Changes that are clinically large whatever their share of the value: (absolute,
#: ratio or None) in the analyte's record unit. Such a change is always a move, and a
#: series whose latest value lies a large change away from the start of the leg within
#: :data:`LARGE_WINDOW_H` hours is never "stable" at the leg's extreme. Creatinine: a
#: rise of 0.3 mg/dL or 1.5x (KDIGO 2012 AKI guideline 2.1); sodium: 8 mmol/L, the
#: daily limit of safe correction and a fall that size is an acute hyponatraemia
#: (Spasovski G et al., Eur J Endocrinol 2014;170:G1-47; Verbalis JG et al., Am J Med
#: 2013;126:S1-42); haemoglobin: 2 g/dL, the fall that makes a bleed major (Schulman S,
#: Kearon C, J Thromb Haemost 2005;3:692-4).
LARGE_CHANGE: dict[str, tuple[float, float | None]] = {
    "creatinine": (0.3, 1.5),
    "sodium": (8.0, None),
    "hemoglobin": (2.0, None),
}
#: Window of a clinically large change, hours (KDIGO's 48 h).
LARGE_WINDOW_H = 48.0

#: The smallest change of an analyte that counts as a move, in its record unit, where
#: the analyte's own variation is larger than 10% of a low value: creatinine 0.3 mg/dL,
#: the smallest change KDIGO 2012 (2.1) reads as a change of kidney function (a 0.6 ->
#: 0.8 is within the analytical and biological variation of a low creatinine: its
#: reference change value is about 15-20%, Fraser 2001; Ricos 1999). A trend reading
#: ignores smaller changes: no "rising" and no turning point for them (round 10b).
MIN_STEP: dict[str, float] = {"creatinine": 0.3}

#: A fall of an analyte of :data:`MIN_STEP` by more than this share of the value it
#: fell from, and by two reporting steps or more, is a fall: KDIGO's 0.3 mg/dL is the
#: rise that signals an AKI, not the size of a real fall, which is read by the reference
#: change value, about 15-20% for creatinine (Fraser 2001; Ricos 1999). A creatinine
#: 0.9 -> 0.7 mg/dL (22%) has fallen, not "stable" (round 14, 10020740-23831430
#: labs_trend); a 0.2 mg/dL rise of a low creatinine stays within :data:`MIN_STEP`.
FALL_CHANGE: dict[str, float] = {"creatinine": 0.2}

#: Analytes whose reference change value (RCV, 95%, two-sided: 2.77 x the root of the
#: analytical and within-subject variances) lies far below 10% of their value: the
#: change, in the record unit, from which a move is counted (a change of this size or
#: more is a move, whatever its share of the value). Sodium: within-subject variation
#: 0.5-0.7% and ISE analytical variation about 1%, an RCV of about 3%, 4 mmol/L at
#: 130-140 (Ricos C et al., Scand J Clin Lab Invest 1999;59:491-500; EFLM Biological
#: Variation Database, biologicalvariation.eu); a 4 mmol/L change is also half the
#: 8-10 mmol/L a day a hyponatraemia may be corrected by (Spasovski G et al., Eur J
#: Endocrinol 2014;170:G1-47), so a 4 mmol/L rise of a low sodium is an improvement,
#: not "stable" (round 11). The other analytes read keep the 10% step: their RCVs are
#: about 10% or more (potassium about 13%, glucose 15-17%, creatinine about 15%,
#: bicarbonate about 15%, haemoglobin 8-9%; Fraser 2001).
REFERENCE_CHANGE: dict[str, float] = {"sodium": 4.0}


def large_change(analyte: str, frm: float, to: float) -> int:
    """+1 / -1 when ``frm`` -> ``to`` is a clinically large rise / fall of ``analyte``
    (:data:`LARGE_CHANGE`; a ratio counts for rises), else 0."""
    rule = LARGE_CHANGE.get(analyte)
    if rule is None:
        return 0
    absolute, ratio = rule
    diff = round(to - frm, 6)
    if diff >= absolute or (
        ratio and frm > 0 and diff > 0 and round(to, 6) >= round(ratio * frm, 6)
    ):
        return 1
    return -1 if -diff >= absolute else 0


def step_of(value: float, decimals: int, analyte: str = "") -> float:
    """The smallest change from ``value`` that counts as a move (10%, one reporting
    step of an analyte quoted with ``decimals`` decimals, or ``analyte``'s
    :data:`MIN_STEP`, the largest of them; ``analyte``'s :data:`REFERENCE_CHANGE` in
    place of the 10% where it has one). A change of exactly the step is a move only
    with a :data:`REFERENCE_CHANGE` or as a clinically large change
    (:func:`large_change`)."""
    if analyte in REFERENCE_CHANGE:
        return max(REFERENCE_CHANGE[analyte], 10**-decimals)
    return max(abs(value) * STEP_FRACTION, 10**-decimals, MIN_STEP.get(analyte, 0.0))


def _moved(frm: float, to: float, decimals: int, analyte: str = "") -> int:
    """+1 / -1 when ``to`` lies more than one step above / below ``frm``, or a
    clinically large change away (:func:`large_change`), else 0.

    Values are compared at the analyte's reporting precision, so a reported 1.0 -> 1.1
    (10.0% of 1.0) is no move by float noise."""
    diff = round(to - frm, decimals + 3)
    step = round(step_of(frm, decimals, analyte), decimals + 3)
    if analyte in REFERENCE_CHANGE:  # a change of the RCV or more is a move
        moved = 1 if diff >= step else -1 if -diff >= step else 0
    else:
        moved = 1 if diff > step else -1 if -diff > step else 0
    if not moved and analyte in FALL_CHANGE and frm > 0:
        two_steps = round(2 * 10**-decimals, decimals + 3)
        if -diff >= two_steps and -diff > FALL_CHANGE[analyte] * frm + 1e-9:
            moved = -1
    return moved or large_change(analyte, frm, to)


def side(flag: str) -> int:
    """+1 / -1 for a laboratory flag above / below the reference range (``H``,
    ``HH``, ``L``, ``LL``, any case), 0 for anything else (within it, or an abnormal
    flag without a side)."""
    f = flag.upper()
    return 1 if f in ("H", "HH") else -1 if f in ("L", "LL") else 0


def crossed(frm: float, to: float, frm_side: int, to_side: int, decimals: int) -> int:
    """+1 / -1 when ``frm`` -> ``to`` crossed into or out of the reference range
    upwards / downwards (the sides of :func:`side` differ and the value moved that way
    by at least one reporting step), else 0. A value that entered a hyper- or hypo-
    state, or left it, has changed clinically whatever the size of the change: such a
    series is not "stable" (round 11)."""
    if frm_side == to_side:
        return 0
    way = 1 if to_side > frm_side else -1
    diff = round((to - frm) * way, decimals + 3)
    return way if diff >= round(10**-decimals, decimals + 3) else 0


def turning_point(
    values: Sequence[float],
    decimals: int,
    analyte: str = "",
    hours: Sequence[float] | None = None,
) -> int | None:
    """Index of the last turning point of ``values`` (oldest first), or None.

    A turning point is a peak or nadir reached by more than one step (:func:`step_of`)
    from the previous turning point (or the first value) that the series then left (by
    more than one step: a zig-zag filter at the analyte's own resolution, so a wobble
    within a step turns nothing) or has stayed within a step of since (a plateau: the
    course since the peak is level). None when the series moved one way to its latest
    value, or never moved, or when the last turning point lies within a step of both
    the first value and the latest (the course reads level from the start: no "from
    1.1 to 1.1, turning at 1.1"). A peak or nadir the series left is the last value at that
    extreme (a nadir 0.6 reached again two days later dates from the later draw: the
    series rose from there), a plateau's the first (round 10b).

    With ``analyte`` and ``hours`` (each value's time, hours from any origin), a leg's
    extreme is no plateau when the latest value still lies a move (more than a step,
    or a clinically large change: :func:`large_change`) beyond the leg's start drawn
    within :data:`LARGE_WINDOW_H` hours before it: a creatinine 0.9 -> 2.2 -> 2.0 in
    36 h is a rise (a new AKI), not "stable since the peak"."""
    if len(values) < 3:
        return None
    pivot = 0  # the last confirmed turning point (the first value to start with)
    extreme = 0  # the extreme of the leg under way
    direction = 0  # +1 rising leg, -1 falling leg, 0 not yet moved
    last: int | None = None
    again = 0  # the last value equal to the leg's extreme
    for i in range(1, len(values)):
        v = values[i]
        if direction == 0:
            direction = _moved(values[pivot], v, decimals, analyte)
            if direction:
                extreme = again = i
            continue
        if (v - values[extreme]) * direction > 0:
            extreme = again = i  # the leg goes on
        elif abs(v - values[extreme]) < 1e-9:
            again = i  # the extreme reached again
        elif _moved(values[extreme], v, decimals, analyte) == -direction:
            pivot = last = again  # left the extreme by more than a step
            extreme, again, direction = i, i, -direction
    turn = _plateau_or_last(
        values, decimals, analyte, hours, direction, extreme, pivot, last
    )
    if (
        turn is not None
        and not _moved(values[0], values[turn], decimals, analyte)
        and not _moved(values[turn], values[-1], decimals, analyte)
    ):
        return None  # no move from the first value to it, nor from it to the latest
    return turn


def _plateau_or_last(
    values: Sequence[float],
    decimals: int,
    analyte: str,
    hours: Sequence[float] | None,
    direction: int,
    extreme: int,
    pivot: int,
    last: int | None,
) -> int | None:
    """The turning point of :func:`turning_point` once its legs are read: the leg's
    extreme when the series has stayed level there since, else the last confirmed
    one."""
    if direction and extreme != len(values) - 1:
        # the leg's extreme, not left by a step since: the series has stayed level there
        # ("rose to 2.2, about level since" is read from the peak, not from the start)
        # unless the latest value is still a large change from the leg's recent start
        # (or, round 11, still a move of the analyte's step from it: a sodium that rose
        # by 6 mmol/L to a peak and fell back 2 within a day has risen by its reference
        # change and reads "rising", not "stable since the peak")
        if (
            hours is not None
            and hours[-1] - hours[pivot] <= LARGE_WINDOW_H
            and _moved(values[pivot], values[-1], decimals, analyte) == direction
        ):
            return last
        return extreme
    return last


def direction(
    values: Sequence[float],
    decimals: int,
    analyte: str = "",
    hours: Sequence[float] | None = None,
    sides: Sequence[int] | None = None,
) -> str:
    """``rising``, ``falling`` or ``stable``: the last leg, from the last turning point
    (:func:`turning_point`) or the first value to the latest, by more than one step or a
    clinically large change of ``analyte``; with ``sides`` (each value's
    :func:`side` of the reference range), a leg that crossed into or out of the range
    (:func:`crossed`) is a move too."""
    if not values:
        return "stable"
    start = turning_point(values, decimals, analyte, hours)
    i = start if start is not None else 0
    moved = _moved(values[i], values[-1], decimals, analyte)
    if not moved and sides is not None:
        moved = crossed(values[i], values[-1], sides[i], sides[-1], decimals)
    return "rising" if moved > 0 else "falling" if moved < 0 else "stable"
