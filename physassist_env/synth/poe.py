"""``hosp/poe`` and ``hosp/poe_detail`` of an admission: the provider orders behind its tables.

Written last, from the rows the admission already holds, so every order agrees with a table:
one ``Medications`` order per prescription (``prescriptions.poe_id`` points at it; a stopped
order gets a ``D/C`` transaction, a re-ordered drug a ``Change``), one ``Lab`` order per blood
draw (the evening before a routine morning draw, minutes before a STAT one), ``Radiology`` per
report, ``ADT orders`` for admission, ICU transfers and discharge (``poe_detail``: admit to,
transfer to, code status - DNR exactly when the admission is coded DNR -, discharge planning),
and the usual ward orders (vitals, activity, diet, IV access, oxygen when hypoxic, ventilation
when ventilated, physical therapy, ECG). Columns and order types are MIMIC-IV's; ``poe_seq``
runs per subject in order time, as there. Not read by the MIMIC-IV source converter.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from physassist_env.synth.chart import Chart, ts
from physassist_env.synth.knowledge import secondary as sec
from physassist_env.synth.knowledge.calibration import note_disposition
from physassist_env.synth.labevents import LAB_CHARTTIME, LAB_HADM, LAB_PRIORITY

VENTILATION = 225792
"""``d_items`` id of invasive ventilation (``icu/procedureevents``)."""
RADIOLOGY_SUBTYPE = (
    ("CT", "CT Scan"),
    ("CTA", "CT Scan"),
    ("US", "Ultrasound"),
    ("ULTRASOUND", "Ultrasound"),
    ("VEINS", "Ultrasound"),
    ("ECHOCARDIOGRAM", "Echo"),
)
"""Exam-name word -> POE order subtype (otherwise ``General Xray``)."""
Event = tuple[datetime, str, str | None, str, dict[str, str], dict[str, Any]]
"""(order time, order type, subtype, transaction, poe_detail fields, extra columns)."""


def _radiology_subtype(exam: str) -> tuple[str, str]:
    words = exam.replace("(", " ").split()
    for word, subtype in RADIOLOGY_SUBTYPE:
        if word in words:
            return ("Cardiology" if subtype == "Echo" else "Radiology", subtype)
    return "Radiology", "General Xray"


def poe_orders(
    chart: Chart,
    hadm: int,
    admit: datetime,
    disch: datetime,
    drugs: list[dict[str, Any]],
    *,
    died: bool,
    spo2: float,
    age: int,
    transfusions: tuple[datetime, ...] = (),
) -> None:
    """Write the admission's POE orders and point its prescriptions at them.

    Args:
        chart: The patient's chart (rows of this admission already written).
        hadm: The admission.
        admit, disch: Admission and discharge times.
        drugs: The admission's order facts (``meds.order``; ``change_of`` marks a re-order).
        died: The patient died in hospital (no discharge order).
        spo2: Admission oxygen saturation (oxygen therapy below 94 %).
        age: Age in years (physical therapy consults are for the older patient).
        transfusions: Order times of red-cell units (``Blood Bank`` / ``Red Cell Product
            Order``, as the MIMIC-IV demo records a transfusion; ``responses.transfuse``).
    """
    rng = chart.rng
    rows = chart.rows
    mine = [r for r in rows.get("hosp/admissions", []) if r["hadm_id"] == hadm]
    location = mine[-1]["discharge_location"] if mine else None
    dnr = any(
        r["hadm_id"] == hadm and r["icd_code"] in (sec.DNR[0][0], sec.DNR[1][0])
        for r in rows.get("hosp/diagnoses_icd", [])
    )
    events: list[Event] = []
    ward = next(
        (
            r["careunit"]
            for r in rows.get("hosp/transfers", [])
            if r["hadm_id"] == hadm and r["eventtype"] == "admit"
        ),
        "Medicine",
    )
    admit_order = admit - timedelta(minutes=int(rng.integers(15, 90)))
    events.append(
        (
            admit_order,
            "ADT orders",
            "Admit",
            "New",
            {
                "Admit to": ward,
                "Admit category": "Admit to inpatient",
                "Code status": "DNR/DNI" if dnr else "Full code",
            },
            {},
        )
    )
    for sub in ("Vitals/Monitoring", "Activity", "Other"):
        events.append((admit_order, "General Care", sub, "New", {}, {}))
    events.append((admit_order, "Nutrition", "Diet Order", "New", {}, {}))
    events.append((admit_order, "IV therapy", "IV access", "New", {}, {}))
    if spo2 < 94:
        events.append((admit_order, "Respiratory", "Oxygen Therapy", "New", {}, {}))
    if rng.random() < 0.5 * chart.extras:
        events.append((admit_order, "Cardiology", "ECG", "New", {}, {}))
    los_days = (disch - admit).total_seconds() / 86400
    if los_days > 2 and rng.random() < 0.5:
        when = admit + timedelta(days=float(rng.uniform(1, los_days - 0.5)))
        events.append((when, "Nutrition", "Diet Order", "New", {}, {}))
    if age >= 65 and rng.random() < 0.5 * chart.extras:
        when = admit + timedelta(hours=int(rng.integers(12, 48)))
        if when < disch:
            events.append((when, "Consults", "Physical Therapy", "New", {}, {}))
    for stay in (r for r in rows.get("icu/icustays", []) if r["hadm_id"] == hadm):
        intime = datetime.fromisoformat(stay["intime"])
        outtime = datetime.fromisoformat(stay["outtime"])
        events.append(
            (
                intime - timedelta(minutes=30),
                "ADT orders",
                "Transfer",
                "New",
                {"Transfer to": stay["first_careunit"]},
                {},
            )
        )
        events.append((intime, "General Care", "Tubes/Drains", "New", {}, {}))
        if outtime < disch:
            events.append(
                (
                    outtime - timedelta(minutes=30),
                    "ADT orders",
                    "Transfer",
                    "New",
                    {"Transfer to": ward},
                    {},
                )
            )
        vented = [
            r
            for r in rows.get("icu/procedureevents", [])
            if r["stay_id"] == stay["stay_id"] and r["itemid"] == VENTILATION
        ]
        for r in vented:
            events.append(
                (
                    datetime.fromisoformat(r["starttime"]) - timedelta(minutes=10),
                    "Respiratory",
                    "Mechanical Ventilation",
                    "New",
                    {},
                    {},
                )
            )
    draws = sorted(
        {
            (r[LAB_CHARTTIME], r[LAB_PRIORITY])
            for r in rows.get("hosp/labevents", [])
            if r[LAB_HADM] == hadm
        }
    )
    for charted, priority in draws:
        when = datetime.fromisoformat(charted)
        lead = (
            timedelta(minutes=int(rng.integers(5, 25)))
            if priority == "STAT"
            else timedelta(hours=float(rng.uniform(5, 10)))
        )
        events.append((max(when - lead, admit_order), "Lab", None, "New", {}, {}))
    for when in transfusions:
        events.append((when, "Blood Bank", "Red Cell Product Order", "New", {}, {}))
    for r in rows.get("note/radiology", []):
        if r["hadm_id"] == hadm:
            exam = r["text"].split("\n", 1)[0].split(":", 1)[-1].strip()
            order_type, subtype = _radiology_subtype(exam)
            when = datetime.fromisoformat(r["charttime"]) - timedelta(minutes=45)
            events.append((when, order_type, subtype, "New", {}, {}))
    # medications: New (or Change for a re-order), D/C when stopped before discharge
    by_pid = {d["pharmacy_id"]: d for d in drugs}
    pharmacy = {
        r["pharmacy_id"]: r
        for r in rows.get("hosp/pharmacy", [])
        if r["hadm_id"] == hadm and r["pharmacy_id"] in by_pid
    }
    for pid, d in by_pid.items():
        entered = datetime.fromisoformat(pharmacy[pid]["entertime"])
        change = "change_of" in d
        events.append(
            (
                entered,
                "Medications",
                None,
                "Change" if change else "New",
                {},
                {"pid": pid},
            )
        )
        if pharmacy[pid]["status"] == "Discontinued" and not d.get("changed"):
            stop = datetime.fromisoformat(pharmacy[pid]["stoptime"])
            events.append((stop, "Medications", None, "D/C", {}, {"dc_of": pid}))
    if not died:
        when = disch - timedelta(hours=float(rng.uniform(2, 6)))
        events.append(
            (
                when,
                "ADT orders",
                "Discharge",
                "New",
                {
                    "Discharge Planning": note_disposition(location or ""),
                    "Discharge When": "Today",
                },
                {},
            )
        )
    _write(chart, hadm, events, drugs)


def _write(
    chart: Chart, hadm: int, events: list[Event], drugs: list[dict[str, Any]]
) -> None:
    """Number the orders in time order and write them; link prescriptions and transactions."""
    provider = f"P{int(chart.rng.integers(10000, 99999))}"
    poe_of: dict[int, str] = {}
    out: list[dict[str, Any]] = []
    for when, order_type, subtype, transaction, detail, extra in sorted(
        events, key=lambda e: (e[0], e[1], e[3])
    ):
        chart.poe_seq += 1
        seq = chart.poe_seq
        poe_id = f"{chart.sid}-{seq}"
        row = {
            "poe_id": poe_id,
            "poe_seq": seq,
            "subject_id": chart.sid,
            "hadm_id": hadm,
            "ordertime": ts(when),
            "order_type": order_type,
            "order_subtype": "" if subtype is None else subtype,
            "transaction_type": transaction,
            # "" (not None) for an empty field: the writer then skips its None pass
            "discontinue_of_poe_id": "",
            "discontinued_by_poe_id": "",
            "order_provider_id": provider,
            "order_status": "Inactive",
        }
        if "pid" in extra:
            poe_of[extra["pid"]] = poe_id
        if "dc_of" in extra:
            row["discontinue_of_poe_id"] = poe_of[extra["dc_of"]]
        out.append(row)
        for name, value in detail.items():
            chart.add(
                "hosp/poe_detail",
                {
                    "poe_id": poe_id,
                    "poe_seq": seq,
                    "subject_id": chart.sid,
                    "field_name": name,
                    "field_value": value,
                },
            )
    by_id = {r["poe_id"]: r for r in out}
    for r in out:
        if r["discontinue_of_poe_id"]:
            by_id[r["discontinue_of_poe_id"]]["discontinued_by_poe_id"] = r["poe_id"]
    for d in drugs:
        if "change_of" in d and d["change_of"] in poe_of:
            new, old = poe_of[d["pharmacy_id"]], poe_of[d["change_of"]]
            by_id[new]["discontinue_of_poe_id"] = old
            by_id[old]["discontinued_by_poe_id"] = new
    for r in chart.rows.get("hosp/prescriptions", []):
        if r["hadm_id"] == hadm and r["pharmacy_id"] in poe_of:
            r["poe_id"] = poe_of[r["pharmacy_id"]]
            r["poe_seq"] = int(r["poe_id"].rsplit("-", 1)[1])
    for r in out:
        chart.add("hosp/poe", r)
