"""MIMIC-IV-Note: discharge-summary sections, radiology impressions and their resources."""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from typing import Any

from physassist_env.fhir import codes as C
from physassist_env.sources.mimic.convert import (
    Resource,
    coding,
    fhir_datetime,
    fhir_instant,
    ref,
    text,
)

DISCHARGE_SECTIONS: tuple[str, ...] = (
    "Allergies",
    "Chief Complaint",
    "History of Present Illness",
    "Past Medical History",
    "Social History",
    "Family History",
    "Pertinent Results",
    "Brief Hospital Course",
    "Medications on Admission",
    "Discharge Medications",
    "Discharge Disposition",
    "Discharge Diagnosis",
    "Discharge Condition",
    "Discharge Instructions",
    "Followup Instructions",
)
"""Section names returned by :func:`parse_discharge_sections` (headings minus the colon)."""

# Other headings of MIMIC discharge notes: they end the previous section but are not kept.
_OTHER_HEADINGS = (
    "Name",
    "Admission Date",
    "Discharge Date",
    "Date of Birth",
    "Sex",
    "Service",
    "Attending",
    "Major Surgical or Invasive Procedure",
    "Physical Exam",
    "Admission Physical Exam",
    "Discharge Physical Exam",
    "Facility",
    "Past Surgical History",
    "Review of Systems",
    "Hospital Course",
    "Transitional Issues",
)
_ALIASES = {
    "follow-up instructions": "Followup Instructions",
    "follow up instructions": "Followup Instructions",
    "discharge diagnoses": "Discharge Diagnosis",
    "history of the present illness": "History of Present Illness",
    "hpi": "History of Present Illness",
}
_CANON = {h.lower(): h for h in DISCHARGE_SECTIONS} | _ALIASES
_ALL = sorted(set(_CANON) | {h.lower() for h in _OTHER_HEADINGS}, key=len, reverse=True)
_HEADING = re.compile(
    r"^[ \t]*(" + "|".join(re.escape(h) for h in _ALL) + r")[ \t]*:",
    re.IGNORECASE | re.MULTILINE,
)
_NO_ALLERGY = re.compile(
    r"no known (drug )?allergies|nkda|\bnka\b|not having any allergies|^none\b|no allergies",
    re.IGNORECASE,
)

DISCHARGE_LOINC = ("18842-5", "Discharge summary")
RADIOLOGY_LOINC = ("18748-4", "Diagnostic imaging study")


def parse_discharge_sections(note: str) -> dict[str, str]:
    """Split a discharge summary into its sections by heading.

    Args:
        note: The note text.

    Returns:
        ``{section name: text}`` for the sections of :data:`DISCHARGE_SECTIONS` that are
        present and non-empty (text stripped; a repeated heading's texts are joined).
    """
    out: dict[str, str] = {}
    matches = list(_HEADING.finditer(note or ""))
    for i, m in enumerate(matches):
        name = _CANON.get(m.group(1).lower())
        if name is None:
            continue
        end = matches[i + 1].start() if i + 1 < len(matches) else len(note)
        body = note[m.end() : end].strip()
        if not body:
            continue
        out[name] = f"{out[name]}\n\n{body}" if name in out else body
    return out


def parse_allergies(section: str | None) -> list[str]:
    """Allergy names from an ``Allergies:`` section (``Penicillins / Codeine``, one a line).

    "No Known Allergies", "NKDA" and similar give an empty list.
    """
    if not section or _NO_ALLERGY.search(section.strip()):
        return []
    names = []
    for part in re.split(r"\s*(?:/|,|;|\n)\s*", section):
        name = part.strip(" .-*\t")
        if name and not _NO_ALLERGY.search(name) and name != "___":
            names.append(name)
    return list(dict.fromkeys(names))


def radiology_impression(note: str) -> str | None:
    """The IMPRESSION section of a radiology report, else its last paragraph."""
    m = re.search(
        r"^[ \t]*IMPRESSION[ \t]*:?[ \t]*\n?(.*?)(?=^[ \t]*[A-Z][A-Z /()]{2,}:|\Z)",
        note or "",
        re.MULTILINE | re.DOTALL,
    )
    if m and m.group(1).strip():
        return m.group(1).strip()
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", note or "") if p.strip()]
    return paragraphs[-1] if paragraphs else None


def _b64(value: str) -> str:
    return base64.b64encode(value.encode("utf-8")).decode("ascii")


def document_reference(row: Mapping[str, Any], patient_id: str, kind: str) -> Resource:
    """DocumentReference for a ``note/discharge`` or ``note/radiology`` row."""
    loinc = DISCHARGE_LOINC if kind == "discharge" else RADIOLOGY_LOINC
    note_type = text(row.get("note_type"))
    codings = [coding(C.DOC_TYPE, loinc[0], loinc[1])]
    if note_type:
        codings.append(coding(C.MIMIC_NOTE_TYPE, note_type))
    res: Resource = {
        "resourceType": "DocumentReference",
        "id": f"note-{row['note_id']}",
        "status": "current",
        "type": {"coding": codings, "text": loinc[1]},
        "subject": ref("Patient", patient_id),
        "content": [
            {
                "attachment": {
                    "contentType": "text/plain",
                    "data": _b64(row.get("text") or ""),
                    "title": f"{loinc[1]} {row['note_id']}",
                }
            }
        ],
    }
    date = fhir_instant(row.get("storetime")) or fhir_instant(row.get("charttime"))
    if date:
        res["date"] = date
    if row.get("hadm_id") is not None:
        res["context"] = {"encounter": [ref("Encounter", int(row["hadm_id"]))]}
    when = fhir_datetime(row.get("charttime"))
    if when:
        res.setdefault("context", {})["period"] = {"start": when}
    return res


def diagnostic_report(row: Mapping[str, Any], patient_id: str) -> Resource:
    """DiagnosticReport (radiology) for a ``note/radiology`` row."""
    body = row.get("text") or ""
    res: Resource = {
        "resourceType": "DiagnosticReport",
        "id": f"rad-{row['note_id']}",
        "status": "final",
        "category": [{"coding": [coding(C.DIAGNOSTIC_SERVICE, "RAD", "Radiology")]}],
        "code": {
            "coding": [coding(C.LOINC, *RADIOLOGY_LOINC)],
            "text": RADIOLOGY_LOINC[1],
        },
        "subject": ref("Patient", patient_id),
        "presentedForm": [{"contentType": "text/plain", "data": _b64(body)}],
    }
    if row.get("hadm_id") is not None:
        res["encounter"] = ref("Encounter", int(row["hadm_id"]))
    when = fhir_datetime(row.get("charttime"))
    if when:
        res["effectiveDateTime"] = when
    issued = fhir_instant(row.get("storetime"))
    if issued:
        res["issued"] = issued
    conclusion = radiology_impression(body)
    if conclusion:
        res["conclusion"] = conclusion
    return res


def discharge_resources(
    row: Mapping[str, Any], patient_id: str, sections: Mapping[str, str]
) -> list[Resource]:
    """AllergyIntolerance per listed allergy and a CarePlan from the instructions."""
    out: list[Resource] = []
    note_id = row["note_id"]
    hadm = row.get("hadm_id")
    # Known once the note is stored (a discharge note is not visible during the stay).
    when = fhir_instant(row.get("storetime")) or fhir_datetime(row.get("charttime"))
    for i, name in enumerate(parse_allergies(sections.get("Allergies"))):
        allergy: Resource = {
            "resourceType": "AllergyIntolerance",
            "id": f"allergy-{note_id}-{i}",
            "clinicalStatus": {
                "coding": [coding(C.ALLERGY_CLINICAL, "active", "Active")]
            },
            "code": {"text": name},
            "patient": ref("Patient", patient_id),
        }
        if hadm is not None:
            allergy["encounter"] = ref("Encounter", int(hadm))
        if when:
            allergy["recordedDate"] = when
        out.append(allergy)
    parts = [
        f"{name}:\n{sections[name]}"
        for name in ("Discharge Instructions", "Followup Instructions")
        if sections.get(name)
    ]
    if parts:
        plan: Resource = {
            "resourceType": "CarePlan",
            "id": f"careplan-{note_id}",
            "status": "active",
            "intent": "plan",
            "title": "Discharge instructions",
            "description": "\n\n".join(parts),
            "subject": ref("Patient", patient_id),
        }
        if hadm is not None:
            plan["encounter"] = ref("Encounter", int(hadm))
        if when:
            plan["created"] = when
        out.append(plan)
    return out
