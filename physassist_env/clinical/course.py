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
"""

from __future__ import annotations

from collections.abc import Sequence

#: Relative change that counts as a move (see module docstring).
STEP_FRACTION = 0.1


def step_of(value: float, decimals: int) -> float:
    """The smallest change from ``value`` that counts as a move (10% or one reporting
    step of an analyte quoted with ``decimals`` decimals)."""
    return max(abs(value) * STEP_FRACTION, 10**-decimals)


def _moved(frm: float, to: float, decimals: int) -> int:
    """+1 / -1 when ``to`` lies more than one step above / below ``frm``, else 0.

    Values are compared at the analyte's reporting precision, so a reported 1.0 -> 1.1
    (10.0% of 1.0) is no move by float noise."""
    diff = round(to - frm, decimals + 3)
    step = round(step_of(frm, decimals), decimals + 3)
    return 1 if diff > step else -1 if -diff > step else 0


def turning_point(values: Sequence[float], decimals: int) -> int | None:
    """Index of the last turning point of ``values`` (oldest first), or None.

    A turning point is a peak or nadir reached by more than one step (:func:`step_of`)
    from the previous turning point (or the first value) that the series then left (by
    more than one step: a zig-zag filter at the analyte's own resolution, so a wobble
    within a step turns nothing) or has stayed within a step of since (a plateau: the
    course since the peak is level). None when the series moved one way to its latest
    value, or never moved."""
    if len(values) < 3:
        return None
    pivot = 0  # the last confirmed turning point (the first value to start with)
    extreme = 0  # the extreme of the leg under way
    direction = 0  # +1 rising leg, -1 falling leg, 0 not yet moved
    last: int | None = None
    for i in range(1, len(values)):
        v = values[i]
        if direction == 0:
            direction = _moved(values[pivot], v, decimals)
            if direction:
                extreme = i
            continue
        if (v - values[extreme]) * direction > 0:
            extreme = i  # the leg goes on
        elif _moved(values[extreme], v, decimals) == -direction:
            pivot = last = extreme  # left the extreme by more than a step
            extreme, direction = i, -direction
    if direction and extreme != len(values) - 1:
        # the leg's extreme, not left by a step since: the series has stayed level there
        # ("rose to 2.2, about level since" is read from the peak, not from the start)
        return extreme
    return last


def direction(values: Sequence[float], decimals: int) -> str:
    """``rising``, ``falling`` or ``stable``: the last leg, from the last turning point
    (:func:`turning_point`) or the first value to the latest, by more than one step."""
    if not values:
        return "stable"
    start = turning_point(values, decimals)
    frm = values[start if start is not None else 0]
    moved = _moved(frm, values[-1], decimals)
    return "rising" if moved > 0 else "falling" if moved < 0 else "stable"
