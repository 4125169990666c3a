"""The dose of a continuous intravenous infusion is its rate.

A drip's prescription names the bag (an insulin drip ordered as "100 UNIT IV DRIP": 100
units in 100 mL): that amount is the content of the bag, not a dose. What the patient gets is
the rate (units/hour, mcg/kg/min), titrated to a protocol and charted on the pump or the
infusion record (ADA Standards of Care in Diabetes 2024, section 16: intravenous insulin
infusion by a validated protocol; ISMP Guidelines for Optimizing Safe Implementation and
Use of Smart Infusion Pumps, 2020, and ISMP high-alert medications: an infusion is
ordered and verified by its rate and concentration). Quoting a bag amount as a dose reads
100 units of insulin, 25,000 units of heparin or 8 mg of norepinephrine as one dose, a
gross overdose if acted on. Round 17b, reading n (10005348-25239799 t2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: A continuous infusion by its route, frequency or name (MIMIC-IV ``prescriptions.route``
#: "IV DRIP", pharmacy frequency "INFUSION", "gtt").
CONTINUOUS = re.compile(r"\bdrip\b|\binfusion\b|\bgtt\b|\bcontinuous\b", re.I)


def continuous(name: str, route: str, frequency: str) -> bool:
    """Whether an order with this drug ``name``, ``route`` and ``frequency`` runs as a
    continuous intravenous infusion (:data:`CONTINUOUS`)."""
    return any(CONTINUOUS.search(x or "") for x in (route, frequency, name))


@dataclass(frozen=True)
class Rate:
    """A charted infusion rate: since ``time`` (ISO), ``value`` in ``unit``."""

    time: str
    value: float
    unit: str


def latest_rate(administrations: list[dict[str, Any]]) -> Rate | None:
    """The newest rate charted among ``administrations`` (FHIR MedicationAdministration
    resources of one drug: ``dosage.rateQuantity``, MIMIC-IV ``inputevents.rate``), or
    None when none carries a rate (a ward drip whose rate only the pump shows)."""
    out: list[Rate] = []
    for res in administrations:
        q = (res.get("dosage") or {}).get("rateQuantity") or {}
        if q.get("value") is None:
            continue
        when = str(
            res.get("effectiveDateTime")
            or (res.get("effectivePeriod") or {}).get("start")
            or ""
        )[:19]
        if when:
            unit = str(q.get("unit") or q.get("code") or "")
            out.append(Rate(when, float(q["value"]), unit))
    return max(out, key=lambda r: r.time) if out else None
