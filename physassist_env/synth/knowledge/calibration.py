"""Aggregates of the MIMIC-IV demo the generator is calibrated to (no rows, nothing per patient).

``mimic_demo_aggregates.json`` is written by ``python -m physassist_env.synth.calibrate`` from the
MIMIC-IV Clinical Database Demo v2.2 (Johnson et al., PhysioNet, ODbL 1.0): only counts per
admission, value quantiles per lab, category shares and rates.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

AGGREGATES_FILE = Path(__file__).with_name("mimic_demo_aggregates.json")
NOTE_DISPOSITION = {
    "HOME": "Home",
    "HOME HEALTH CARE": "Home With Service",
    "HOSPICE": "Home With Service",
    "SKILLED NURSING FACILITY": "Extended Care",
    "REHAB": "Extended Care",
    "CHRONIC/LONG TERM ACUTE CARE": "Extended Care",
    "ACUTE HOSPITAL": "Extended Care",
    "PSYCH FACILITY": "Extended Care",
    "AGAINST ADVICE": "Home",
    "DIED": "Expired",
}
"""``admissions.discharge_location`` -> the discharge note's ``Discharge Disposition``."""


def note_disposition(location: str) -> str:
    """The note's Discharge Disposition for an ``admissions.discharge_location`` value."""
    return NOTE_DISPOSITION.get(location.upper().strip(), "Home")


@lru_cache(maxsize=1)
def aggregates() -> dict[str, Any]:
    """The shipped demo aggregates (see the module docstring for provenance)."""
    return json.loads(AGGREGATES_FILE.read_text(encoding="utf-8"))


_PROBS = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)


def demo_count(u: float, name: str) -> float:
    """The ``u``-quantile (0-1) of the demo's per-admission count ``name`` (a key of
    ``per_admission_quantiles``: prescriptions, distinct_drugs, diagnoses, ...), linear between
    the shipped 5/25/50/75/95 % quantiles, the tails extended by half the last step, never < 0."""
    q = aggregates()["per_admission_quantiles"][name]
    vals = [q[0] - (q[1] - q[0]) * 0.5, *q, q[-1] + (q[-1] - q[-2]) * 0.5]
    i = min(max(sum(p <= u for p in _PROBS) - 1, 0), len(_PROBS) - 2)
    f = (u - _PROBS[i]) / (_PROBS[i + 1] - _PROBS[i])
    return max(0.0, vals[i] + f * (vals[i + 1] - vals[i]))


def emar_missed_shares() -> tuple[float, float]:
    """Shares of scheduled doses charted "Not Given" and "Hold Dose" among the demo's
    administered / not given / held eMAR events."""
    ev = aggregates()["emar_event"]
    given, not_given, held = ev["Administered"], ev["Not Given"], ev["Hold Dose"]
    total = given + not_given + held
    return not_given / total, held / total
