"""Discharge summaries and radiology reports consistent with the generated tables."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from physassist_env.sources.mimic.notes import DISCHARGE_SECTIONS
from physassist_env.synth.knowledge.labs import LABS

if TYPE_CHECKING:
    from physassist_env.synth.knowledge.model import Condition, Imaging

#: The discharge-note headings, shared with the reader so writer and parser cannot drift.
SECTIONS = DISCHARGE_SECTIONS
_LIT = {"high": 0, "medium": 1, "low": 2}


def med_line(d: dict[str, Any]) -> str:
    """``Name dose unit route frequency`` as in the Discharge Medications list."""
    drug = d["drug"]
    return f"{drug.name} {d['dose']:g} {drug.unit} {drug.route} {drug.frequency.replace('DAILY16', 'DAILY')}"


def discharge_note(
    *,
    cond: Condition,
    conds: list[Condition],
    chronic: list[Condition],
    dx_titles: list[str],
    drugs: list[dict[str, Any]],
    truth: Any,
    age: int,
    sex: str,
    vitals: dict[str, float],
    confused: bool,
    labs: dict[int, list[float]],
    admit: datetime,
    disch: datetime,
    rad: list[str],
    rng: np.random.Generator,
) -> str:
    """A MIMIC-IV-Note style discharge summary with the 15 standard headed sections."""
    who = "woman" if sex == "F" else "man"
    lit = _LIT[truth.literacy]
    hpi = (
        f"{age} year old {who} presenting with {cond.chief_complaint.lower() or cond.name}. "
        f'In the patient\'s words: "{cond.symptoms.en[lit]}" '
        f"Admitted with {cond.name}. "
        + (
            "On arrival the patient was confused. "
            if confused
            else "On arrival the patient was alert and oriented x3. "
        )
    )
    adherence = []
    for key, info in truth.home_meds.items():
        name = next((d["name"] for d in drugs if d["key"] == key), key)
        adherence.append(
            f"{name}: adherence {info['adherence'].replace('_', ' ')} - {info['reason']}."
        )
    if adherence:
        hpi += "Medication adherence: " + " ".join(adherence)
    pmh = "\n".join(f"- {c.name}" for c in chronic) or "None."
    social = (
        f"Smoking: {truth.social['smoking']}. Alcohol: {truth.social['alcohol']}. "
        f"Living situation: {truth.social['living']}. Occupation: {truth.social['occupation']}."
    )
    results = [
        f"ADMISSION VITALS: T {vitals['temp']} HR {vitals['hr']:.0f} BP {vitals['sbp']:.0f}/{vitals['dbp']:.0f} "
        f"RR {vitals['rr']:.0f} SpO2 {vitals['spo2']:.0f}% RA. Mental status: "
        f"{'confused' if confused else 'alert and oriented x3'}."
    ]
    for itemid in sorted(labs):
        vals = labs[itemid]
        item = LABS[itemid]
        unit = f" {item.unit}" if item.unit else ""
        line = f"{item.label} {vals[0]:g}{unit} (admission)"
        if len(vals) > 1:
            line += f", peak {max(vals):g}, discharge {vals[-1]:g}"
        results.append(line)
    results += rad
    on_admission = [med_line(d) for d in drugs if d["home"]]
    at_discharge = [med_line(d) for d in drugs if d["discharge"]]
    held = [d["name"] for d in drugs if d["home"] and not d["discharge"]]
    course = cond.course.replace("He/she", "The patient")
    for c in conds[1:]:
        course += (
            f" Also treated for {c.name}: {c.course.replace('He/she', 'the patient')}"
        )
    if held:
        course += " Held at discharge: " + ", ".join(dict.fromkeys(held)) + "."
    body = {
        "Allergies": " / ".join(truth.allergies)
        if truth.allergies
        else "No Known Allergies / Adverse Drug Reactions",
        "Chief Complaint": cond.chief_complaint or cond.name,
        "History of Present Illness": hpi,
        "Past Medical History": pmh,
        "Social History": social,
        "Family History": truth.social["family"],
        "Pertinent Results": "\n".join(results),
        "Brief Hospital Course": course,
        "Medications on Admission": "\n".join(
            f"{i}. {m}" for i, m in enumerate(on_admission, 1)
        )
        or "None.",
        "Discharge Medications": "\n".join(
            f"{i}. {m}" for i, m in enumerate(at_discharge, 1)
        )
        or "None.",
        "Discharge Disposition": "Home" if rng.random() < 0.7 else "Home With Service",
        "Discharge Diagnosis": "\n".join(dx_titles),
        "Discharge Condition": "Mental Status: Clear and coherent.\nLevel of Consciousness: Alert and interactive.\n"
        "Activity Status: Ambulatory - Independent.",
        "Discharge Instructions": f"You were admitted for {cond.name}. Please take your medications as listed "
        "and return for chest pain, shortness of breath, fever or confusion.",
        "Followup Instructions": "Follow up with your primary care physician within 7 days; repeat labs "
        "(chemistry panel) in 1 week.",
    }
    header = (
        f"Name:  ___                     Unit No:   ___\n\nAdmission Date:  {admit:%Y-%m-%d}              "
        f"Discharge Date:   {disch:%Y-%m-%d}\n\nSex:   {sex}\n\nService: {cond.service}\n\n"
    )
    return header + "\n\n".join(f"{name}:\n{body[name]}" for name in SECTIONS) + "\n"


def radiology_note(study: Imaging, cond: Condition) -> str:
    """A radiology report with INDICATION, FINDINGS and IMPRESSION."""
    return (
        f"EXAMINATION:  {study.exam}\n\nINDICATION:  ___ with {cond.chief_complaint.lower() or cond.name}, "
        f"evaluate.\n\nTECHNIQUE:  Standard protocol.\n\nFINDINGS: \n\n{study.findings}\n\n"
        f"IMPRESSION: \n\n{study.impression}\n"
    )
