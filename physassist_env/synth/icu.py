"""ICU event tables of one stay: ``icu/inputevents``, ``icu/outputevents``, ``icu/procedureevents``.

Rows use the MIMIC-IV column layouts (``writer.COLUMNS``) and public ``d_items`` item ids
(``ICU_ITEMS``). What is charted follows the stay: fluids for everyone (a bolus when
hypotensive), norepinephrine when the admission is on it, sedation and invasive ventilation
with an arterial and a central line for ventilated patients, hourly Foley urine output (less
early in shock), vancomycin and heparin prophylaxis doses when ordered on the ward record.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from physassist_env.synth.chart import Ids

ICU_ITEMS: dict[int, tuple[str, str, str, str, str | None, str]] = {
    225158: (
        "NaCl 0.9%",
        "NaCl 0.9%",
        "inputevents",
        "Fluids/Intake",
        "mL",
        "Solution",
    ),
    220949: (
        "Dextrose 5%",
        "Dextrose 5%",
        "inputevents",
        "Fluids/Intake",
        "mL",
        "Solution",
    ),
    221906: (
        "Norepinephrine",
        "Norepinephrine",
        "inputevents",
        "Medications",
        "mg",
        "Solution",
    ),
    222168: ("Propofol", "Propofol", "inputevents", "Medications", "mg", "Solution"),
    221744: ("Fentanyl", "Fentanyl", "inputevents", "Medications", "mg", "Solution"),
    225798: (
        "Vancomycin",
        "Vancomycin",
        "inputevents",
        "Antibiotics",
        "dose",
        "Solution",
    ),
    225975: (
        "Heparin Sodium (Prophylaxis)",
        "Heparin Sodium (Prophylaxis)",
        "inputevents",
        "Medications",
        "dose",
        "Solution",
    ),
    226559: ("Foley", "Foley", "outputevents", "Output", "mL", "Numeric"),
    226560: ("Void", "Void", "outputevents", "Output", "mL", "Numeric"),
    225792: (
        "Invasive Ventilation",
        "Invasive Ventilation",
        "procedureevents",
        "2-Ventilation",
        None,
        "Processes",
    ),
    225752: (
        "Arterial Line",
        "Arterial Line",
        "procedureevents",
        "Access Lines - Invasive",
        None,
        "Processes",
    ),
    224263: (
        "Multi Lumen",
        "Multi Lumen",
        "procedureevents",
        "Access Lines - Invasive",
        None,
        "Processes",
    ),
    224275: (
        "20 Gauge",
        "20 Gauge",
        "procedureevents",
        "Access Lines - Peripheral",
        None,
        "Processes",
    ),
    225459: (
        "Chest X-Ray",
        "Chest X-Ray",
        "procedureevents",
        "5-Imaging",
        None,
        "Processes",
    ),
    225402: ("EKG", "EKG", "procedureevents", "4-Procedures", None, "Processes"),
    225168: (
        "Packed Red Blood Cells",
        "Packed Red Blood Cells",
        "inputevents",
        "Blood Products/Colloids",
        "mL",
        "Solution",
    ),
}
"""``icu/d_items`` rows of the ICU event tables: label, abbreviation, linksto, category, unit, type."""


def _ts(t: datetime) -> str:
    return t.isoformat(" ", "seconds")


class _Stay:
    """Row builder for one stay (shared identifiers, caregivers, weight)."""

    def __init__(
        self,
        rng: np.random.Generator,
        sid: int,
        hadm: int,
        stay: dict[str, Any],
        weight: float,
    ) -> None:
        self.rng = rng
        self.common = {"subject_id": sid, "hadm_id": hadm, "stay_id": stay["stay_id"]}
        self.intime = datetime.fromisoformat(stay["intime"])
        self.outtime = datetime.fromisoformat(stay["outtime"])
        self.weight = round(weight, 1)
        self.caregivers = [int(x) for x in rng.integers(10000, 99999, 4)]
        self.rows: dict[str, list[dict[str, Any]]] = {
            "icu/inputevents": [],
            "icu/outputevents": [],
            "icu/procedureevents": [],
        }

    def caregiver(self) -> int:
        return self.caregivers[int(self.rng.integers(len(self.caregivers)))]

    def stored(self, t: datetime) -> str:
        return _ts(t + timedelta(minutes=int(self.rng.integers(0, 40))))

    def infusion(
        self,
        itemid: int,
        start: datetime,
        end: datetime,
        amount: float,
        amountuom: str,
        rate: float | None,
        rateuom: str | None,
        category: tuple[str, str, str, str],
        order: int,
        status: str,
    ) -> None:
        self.rows["icu/inputevents"].append(
            {
                **self.common,
                "caregiver_id": self.caregiver(),
                "starttime": _ts(start),
                "endtime": _ts(end),
                "storetime": self.stored(start),
                "itemid": itemid,
                "amount": round(amount, 4),
                "amountuom": amountuom,
                "rate": None if rate is None else round(rate, 4),
                "rateuom": rateuom,
                "orderid": order,
                "linkorderid": order,
                "ordercategoryname": category[0],
                "secondaryordercategoryname": category[1],
                "ordercomponenttypedescription": category[2],
                "ordercategorydescription": category[3],
                "patientweight": self.weight,
                "totalamount": 250 if rate is not None else None,
                "totalamountuom": "ml" if rate is not None else None,
                "isopenbag": 0,
                "continueinnextdept": 0,
                "statusdescription": status,
                "originalamount": round(amount, 4),
                "originalrate": None if rate is None else round(rate, 4),
            }
        )

    def procedure(
        self,
        itemid: int,
        start: datetime,
        end: datetime,
        location: tuple[str | None, str | None],
        category: tuple[str, str],
        order: int,
    ) -> None:
        minutes = max(1, int((end - start).total_seconds() // 60))
        continuous = category[1] == "ContinuousProcess"
        self.rows["icu/procedureevents"].append(
            {
                **self.common,
                "caregiver_id": self.caregiver(),
                "starttime": _ts(start),
                "endtime": _ts(end),
                "storetime": self.stored(end),
                "itemid": itemid,
                "value": minutes if continuous else 1,
                "valueuom": "min" if continuous else "None",
                "location": location[0],
                "locationcategory": location[1],
                "orderid": order,
                "linkorderid": order,
                "ordercategoryname": category[0],
                "ordercategorydescription": category[1],
                "patientweight": self.weight,
                "isopenbag": 0,
                "continueinnextdept": 0,
                "statusdescription": "FinishedRunning",
                "ORIGINALAMOUNT": minutes if continuous else 1,
                "ORIGINALRATE": 1 if continuous else 0,
            }
        )


def _segments(
    rng: np.random.Generator, start: datetime, end: datetime, lo_h: int, hi_h: int
) -> list[tuple[datetime, datetime]]:
    out, t = [], start
    while t < end:
        nxt = min(end, t + timedelta(hours=int(rng.integers(lo_h, hi_h + 1))))
        out.append((t, nxt))
        t = nxt
    return out


def icu_events(
    rng: np.random.Generator,
    sid: int,
    hadm: int,
    stay: dict[str, Any],
    weight: float,
    active: set[str],
    vitals: dict[str, float],
    ids: Ids,
    pressor_until: datetime | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """Input, output and procedure events of one ICU stay.

    Args:
        rng: The patient's generator.
        sid: Subject id.
        hadm: Admission id.
        stay: The ``icu/icustays`` row (stay_id, intime, outtime).
        weight: Weight in kg.
        active: Drug keys ordered in the admission.
        vitals: Admission vitals (hypotension -> bolus, vasopressor, oliguria).
        ids: Running ids (``order``).
        pressor_until: When the admission's norepinephrine order stops: the infusion is
            charted to then (no order, no infusion).

    Returns:
        Rows by table (``icu/inputevents``, ``icu/outputevents``, ``icu/procedureevents``).
    """
    s = _Stay(rng, sid, hadm, stay, weight)
    t0, t1 = s.intime, s.outtime
    shock = vitals.get("sbp", 120) < 95 or "norepinephrine" in active
    vent = bool(rng.random() < (0.45 if shock else 0.12))
    # fluids: a bolus when hypotensive, then maintenance in bag-long segments
    if shock or rng.random() < 0.4:
        start = t0 + timedelta(minutes=int(rng.integers(10, 90)))
        vol = float(_pick(rng, (500, 1000)))
        s.infusion(
            225158,
            start,
            start + timedelta(minutes=int(rng.integers(20, 60))),
            vol,
            "ml",
            None,
            None,
            (
                "03-IV Fluid Bolus",
                "02-Fluids (Crystalloids)",
                "Main order parameter",
                "Bolus",
            ),
            ids.next("order"),
            "FinishedRunning",
        )
    fluid = 225158 if rng.random() < 0.7 else 220949
    mid = t0 + (t1 - t0) * float(rng.uniform(0.3, 0.8))
    segs = _segments(rng, t0 + timedelta(hours=1), mid, 3, 8)
    order = ids.next("order")
    for i, (a, b) in enumerate(segs):
        rate = float(_pick(rng, (50, 75, 100, 125)))
        hours = (b - a).total_seconds() / 3600
        s.infusion(
            fluid,
            a,
            b,
            rate * hours,
            "ml",
            rate,
            "mL/hour",
            (
                "01-Drips",
                "02-Fluids (Crystalloids)",
                "Main order parameter",
                "Continuous IV",
            ),
            order,
            "FinishedRunning" if i == len(segs) - 1 else "ChangeDose/Rate",
        )
    # vasopressor weaned over the first 12-36 h, as its order runs (before: an infusion was
    # charted for any SBP < 88 with no order, and for 12-36 h drawn apart from the order's)
    if (
        "norepinephrine" in active
        and pressor_until is not None
        and pressor_until > t0 + timedelta(hours=1)
    ):
        end = min(t1, pressor_until)
        segs = _segments(rng, t0 + timedelta(minutes=30), end, 1, 4)
        order, top = ids.next("order"), float(rng.uniform(0.08, 0.3))
        for i, (a, b) in enumerate(segs):
            rate = max(
                0.02, top * (1 - i / max(len(segs), 1)) + float(rng.normal(0, 0.01))
            )
            hours = (b - a).total_seconds() / 3600
            s.infusion(
                221906,
                a,
                b,
                rate * s.weight * 60 * hours / 1000,
                "mg",
                rate,
                "mcg/kg/min",
                (
                    "01-Drips",
                    "02-Fluids (Crystalloids)",
                    "Main order parameter",
                    "Continuous Med",
                ),
                order,
                "FinishedRunning" if i == len(segs) - 1 else "ChangeDose/Rate",
            )
    # ventilation, sedation, lines
    lines = [(224275, ("Left Arm", "Peripheral"), t0 - timedelta(hours=1), t1)]
    if vent or shock:
        lines += [
            (
                225752,
                ("Right Radial", "Invasive Arterial"),
                t0 + timedelta(minutes=40),
                t1,
            ),
            (224263, ("Right IJ", "Invasive Venous"), t0 + timedelta(minutes=50), t1),
        ]
    for itemid, loc, a, b in lines:
        s.procedure(
            itemid,
            a,
            b,
            loc,
            ("Invasive Lines", "ContinuousProcess"),
            ids.next("order"),
        )
    if vent:
        end = min(
            t1 - timedelta(hours=2), t0 + timedelta(hours=int(rng.integers(10, 72)))
        )
        end = max(end, t0 + timedelta(hours=3))
        s.procedure(
            225792,
            t0 + timedelta(minutes=20),
            end,
            (None, None),
            ("Ventilation", "ContinuousProcess"),
            ids.next("order"),
        )
        for itemid, lo, hi in ((222168, 10, 40), (221744, 25, 100)):
            order = ids.next("order")
            segs = _segments(rng, t0 + timedelta(minutes=30), end, 2, 6)
            for i, (a, b) in enumerate(segs):
                rate = float(rng.uniform(lo, hi))
                hours = (b - a).total_seconds() / 3600
                propofol = itemid == 222168
                s.infusion(
                    itemid,
                    a,
                    b,
                    rate * (s.weight * 60 if propofol else 1) * hours / 1000,
                    "mg",
                    rate,
                    "mcg/kg/min" if propofol else "mcg/hour",
                    (
                        "01-Drips",
                        "02-Fluids (Crystalloids)",
                        "Main order parameter",
                        "Continuous Med",
                    ),
                    order,
                    "FinishedRunning" if i == len(segs) - 1 else "ChangeDose/Rate",
                )
    s.procedure(
        225402,
        t0 + timedelta(minutes=int(rng.integers(5, 60))),
        t0 + timedelta(minutes=61),
        (None, None),
        ("Procedures", "Task"),
        ids.next("order"),
    )
    day = t0.replace(hour=6, minute=0, second=0)
    if day < t0:
        day += timedelta(days=1)
    xrays = [t0 + timedelta(minutes=30)]
    while vent and day < t1:
        shot = day + timedelta(minutes=int(rng.integers(0, 90)))
        if shot < t1:
            xrays.append(shot)
        day += timedelta(days=1)
    for t in xrays:
        s.procedure(
            225459,
            t,
            t + timedelta(minutes=1),
            (None, None),
            ("Imaging", "Task"),
            ids.next("order"),
        )
    # scheduled IV doses charted in the ICU
    for key, itemid, hours, amount, uom in (
        ("vancomycin", 225798, 12, 1.0, "dose"),
        ("heparin_sc", 225975, 8, 5000.0, "units"),
    ):
        if key not in active:
            continue
        t = t0 + timedelta(hours=int(rng.integers(1, hours)))
        while t < t1:
            s.infusion(
                itemid,
                t,
                t + timedelta(minutes=1),
                amount,
                uom,
                None,
                None,
                (
                    "08-Antibiotics (IV)" if key == "vancomycin" else "05-Med Bolus",
                    "",
                    "Main order parameter",
                    "Drug Push",
                ),
                ids.next("order"),
                "FinishedRunning",
            )
            t += timedelta(hours=hours)
    # urine output: hourly Foley (catheterised: ventilated, shocked, most ICU patients) or voids
    foley = vent or shock or rng.random() < 0.6
    step = 1 if foley else 5
    t = t0.replace(minute=0, second=0) + timedelta(hours=1)
    level = float(rng.uniform(45, 90))
    while t < t1:
        hours_in = (t - t0).total_seconds() / 3600
        factor = 0.4 + 0.6 * min(1.0, hours_in / 12) if shock else 1.0
        if foley:
            value = max(0.0, level * factor + float(rng.normal(0, 18)))
        else:
            value = float(rng.uniform(150, 500))
        s.rows["icu/outputevents"].append(
            {
                **s.common,
                "caregiver_id": s.caregiver(),
                "charttime": _ts(t),
                "storetime": s.stored(t),
                "itemid": 226559 if foley else 226560,
                "value": int(round(value / 5) * 5),
                "valueuom": "ml",
            }
        )
        t += timedelta(hours=step + (int(rng.integers(0, 3)) if not foley else 0))
    return s.rows


def _pick(rng: np.random.Generator, seq: tuple[float, ...]) -> float:
    return seq[int(rng.integers(len(seq)))]


PRBC = 225168
PRBC_ML = 350.0
"""One unit of packed red cells as the MIMIC-IV demo's ``inputevents`` chart it (350 mL)."""


def transfusion_event(
    rng: np.random.Generator,
    sid: int,
    hadm: int,
    stay: dict[str, Any],
    weight: float,
    start: datetime,
    ids: Ids,
) -> dict[str, Any]:
    """The ``icu/inputevents`` row of one unit of packed red cells given in ``stay`` from
    ``start`` over 45-150 min (the demo: median 1 h, "07-Blood Products", "Continuous IV")."""
    s = _Stay(rng, sid, hadm, stay, weight)
    minutes = int(rng.integers(45, 150))
    s.infusion(
        PRBC,
        start,
        start + timedelta(minutes=minutes),
        PRBC_ML,
        "ml",
        PRBC_ML * 60 / minutes,
        "mL/hour",
        ("07-Blood Products", None, "Main order parameter", "Continuous IV"),
        ids.next("order"),
        "FinishedRunning",
    )
    row = s.rows["icu/inputevents"][0]
    row["totalamount"] = PRBC_ML
    return row
