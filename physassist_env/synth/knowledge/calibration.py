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
