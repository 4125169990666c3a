"""Critical (panic) laboratory values: results that need action before anything routine.

A patient whose latest value of one of these labs is critical is not being planned for
discharge: the result must be acted on first (The Joint Commission NPSG.02.03.01, timely
reporting of critical results). Limits are the commonly used adult critical limits
(Kost GJ, "Critical limits for urgent clinician notification at US medical centers",
JAMA 1990;263:704-7; Wagar EA et al., CAP Q-Probes, Arch Pathol Lab Med 2008;132:1541-6),
in the record's conventional units (mmol/L for potassium and sodium, mg/dL for glucose,
g/dL for haemoglobin).
"""

from __future__ import annotations

#: lab -> (critical below, critical above); None where that side has no limit.
CRITICAL_LIMITS: dict[str, tuple[float | None, float | None]] = {
    "potassium": (2.8, 6.2),
    "sodium": (120.0, 160.0),
    "glucose": (40.0, 450.0),
    "hemoglobin": (6.0, None),
}

#: Hypokalaemia is a potassium below 3.5 mmol/L whatever a laboratory's range says
#: (Cohn JN et al., Arch Intern Med 2000;160:2429-36): MIMIC-IV's range starts at 3.3,
#: so a 3.3 or 3.4 carries no flag there and is still low. Not a critical limit.
HYPOKALAEMIA_BELOW = 3.5


def critical_side(lab: str, value: float) -> str | None:
    """``"low"`` or ``"high"`` when ``value`` of ``lab`` is past a critical limit, else None."""
    low, high = CRITICAL_LIMITS.get(lab, (None, None))
    if low is not None and value < low:
        return "low"
    if high is not None and value > high:
        return "high"
    return None
