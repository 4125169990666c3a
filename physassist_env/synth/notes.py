"""Discharge summaries and radiology reports consistent with the generated tables."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np

from physassist_env.sources.mimic.notes import DISCHARGE_SECTIONS
from physassist_env.synth.knowledge.drugs import DRUGS
from physassist_env.synth.knowledge.labs import LABS

if TYPE_CHECKING:
    from physassist_env.synth.knowledge.model import Condition, Imaging

#: The discharge-note headings, shared with the reader so writer and parser cannot drift.
SECTIONS = DISCHARGE_SECTIONS
_LIT = {"high": 0, "medium": 1, "low": 2}


TREND_CLAIMS: tuple[tuple[str, int, str], ...] = (
    ("WBC trended down", 51301, "down"),
    ("creatinine peaked and then improved", 50912, "peak"),
    ("lipase trended down", 50956, "down"),
    ("INR trended down", 51237, "down"),
)
"""Lab-trend phrases of course templates, kept only when the reported values show them."""


def _supported(vals: list[float], kind: str) -> bool:
    if len(vals) < 2:
        return False
    first, last = vals[0], vals[-1]
    if kind == "down":
        return last < first and last <= min(vals[1:]) + 1e-9 or last < 0.8 * first
    top = max(vals)
    return top > first and vals.index(top) < len(vals) - 1 and last < top


def _factual(label: str, vals: list[float]) -> str:
    if not vals:
        return f"{label} not rechecked"
    if len(vals) == 1:
        return f"{label} {vals[0]:g} on admission, not rechecked"
    return f"{label} {vals[0]:g} on admission, {vals[-1]:g} at discharge"


def checked_course(course: str, labs: dict[int, list[float]]) -> str:
    """``course`` with each lab-trend claim kept only if the values support it.

    An unsupported claim (e.g. "creatinine peaked and then improved" over flat values) is
    replaced by the admission and discharge values, so the note never contradicts the table.
    """
    for phrase, itemid, kind in TREND_CLAIMS:
        i = course.lower().find(phrase.lower())
        if i < 0:
            continue
        vals = labs.get(itemid, [])
        if not _supported(vals, kind):
            text = _factual(phrase.split()[0], vals)
            if i == 0:
                text = text[0].upper() + text[1:]
            course = course[:i] + text + course[i + len(phrase) :]
    return course


def antibiotic_course_text(
    drugs: list[dict[str, Any]], admit: datetime, died: bool = False
) -> str:
    """The antibiotic course as the orders ran it (``meds.antibiotic_course``): the switch
    from IV to oral on its hospital day, and whether the course was completed in hospital or
    goes home to be completed (never a course template's guess)."""
    course = [d for d in drugs if d.get("course_days")]
    if not course:
        return ""
    days = max(d["course_days"] for d in course)
    text = ""
    switched = [d for d in course if d.get("switched_to")]
    if switched:
        pairs = "; ".join(
            dict.fromkeys(
                f"IV {d['name']} to oral {d['switched_to']}" for d in switched
            )
        )
        day = (min(d["iv_until"] for d in switched).date() - admit.date()).days + 1
        text += f" Switched {pairs} on hospital day {day}."
    if died:
        return text
    home = [d["name"] for d in course if d["discharge"]]
    if home:
        names = ", ".join(dict.fromkeys(home))
        text += f" Discharged on {names} to complete a {days}-day antibiotic course."
    else:
        text += f" Completed a {days}-day antibiotic course in hospital."
    return text


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
    disposition: str = "Home",
    history: list[str] | None = None,
) -> str:
    """A MIMIC-IV-Note style discharge summary with the 15 standard headed sections.

    ``disposition`` is the note wording of ``admissions.discharge_location`` (``Expired`` when
    the patient died: no discharge medications, instructions or follow-up). ``history``: the
    background comorbidities coded in this admission's ``diagnoses_icd`` (their titles), listed in
    the Past Medical History after the modelled chronic conditions (one source of truth).
    """
    died = disposition == "Expired"
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
    pronoun = "she" if sex == "F" else "he"
    for key, info in truth.home_meds.items():
        name = next((d["name"] for d in drugs if d["key"] == key), key)
        reason = info["reason"].replace("he/she", pronoun)
        adherence.append(
            f"{name}: adherence {info['adherence'].replace('_', ' ')} - {reason}."
        )
    if adherence:
        hpi += "Medication adherence: " + " ".join(adherence)
    pmh = (
        "\n".join([f"- {c.name}" for c in chronic] + [f"- {t}" for t in history or ()])
        or "None."
    )
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
    # a re-ordered drug (dose change) is one home medication: listed once, never as held
    on_admission = [med_line(d) for d in drugs if d["home"] and "change_of" not in d]
    at_discharge = [med_line(d) for d in drugs if d["discharge"]]
    held = [
        d["name"]
        for d in drugs
        if d["home"]
        and not d["discharge"]
        and not d.get("changed")
        and "intolerant" not in d
    ]
    course = cond.course.replace("He/she", "The patient")
    for c in conds[1:]:
        course += (
            f" Also treated for {c.name}: {c.course.replace('He/she', 'the patient')}"
        )
    course = checked_course(course, labs)
    course += antibiotic_course_text(drugs, admit, died)
    for d in drugs:
        if "intolerant" in d:  # meds.intolerance_switch
            reason = truth.home_meds[d["key"]]["reason"].removeprefix("stopped it ")
            alt = d["intolerant"]
            course += (
                f" {d['name']} not restarted (stopped by the patient {reason})"
                + (f"; {DRUGS[alt].name} started instead." if alt else ".")
            )
    hit = next((d["hit"] for d in drugs if d.get("hit")), None)
    if hit:  # meds.suspect_hit
        course += (
            f" Platelets fell from {hit['from']:g} to {hit['to']:g} K/uL on day"
            f" {hit['day']} of heparin: suspected heparin-induced thrombocytopenia (4Ts"
            f" score {hit['score']}); all heparin stopped and an argatroban infusion"
            " started, then switched to apixaban."
        )
    if any(d["key"] == "vitamin_k_iv" for d in drugs):  # meds.BLEEDING on warfarin
        course += (
            " Warfarin held and reversed with 4-factor prothrombin complex concentrate"
            " and IV vitamin K."
        )
    if held and not died:  # a patient who died is not discharged on or off anything
        course += " Held at discharge: " + ", ".join(dict.fromkeys(held)) + "."
    if died:
        course += " Despite treatment the patient died during this admission."
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
        "Discharge Disposition": disposition,
        "Discharge Diagnosis": "\n".join(dx_titles),
        "Discharge Condition": "Expired."
        if died
        else "Mental Status: Clear and coherent.\nLevel of Consciousness: Alert and interactive.\n"
        "Activity Status: Ambulatory - Independent.",
        "Discharge Instructions": "None (patient expired)."
        if died
        else f"You were admitted for {cond.name}. Please take your medications as listed "
        "and return for chest pain, shortness of breath, fever or confusion.",
        "Followup Instructions": "None."
        if died
        else "Follow up with your primary care physician within 7 days; repeat labs "
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
