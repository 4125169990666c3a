"""Hand-written patient records (invented values) with discharge-note sections, for patient tests.

A plain module (not conftest) so tests can import it by a unique name.
"""

from __future__ import annotations

from typing import Any

from physassist_env.fhir import PatientRecord
from physassist_env.fhir import codes as c
from physassist_env.patient.memory import build_memory
from physassist_env.patient.models import PatientMemory

# Personas are pinned so the labelled evaluation set stays valid whatever the seed draws.
HF_PERSONA = {
    "literacy": "medium",
    "anxiety": "moderate",
    "completeness": "withholds_critical",
    "self_diagnosis": 0.2,
    "adherence": {
        "lisinopril": "self_discontinued",
        "furosemide": "good",
        "metoprolol": "good",
    },
}
PNA_PERSONA = {
    "literacy": "low",
    "anxiety": "high",
    "completeness": "withholds_critical",
    "self_diagnosis": 0.1,
    "adherence": {"metformin": "poor", "atorvastatin": "good"},
}


def _subj(pid: str) -> dict[str, str]:
    return {"reference": f"Patient/{pid}"}


def _cond(pid: str, rid: str, code: str, display: str, enc: str) -> dict[str, Any]:
    return {
        "resourceType": "Condition",
        "id": rid,
        "subject": _subj(pid),
        "encounter": {"reference": f"Encounter/{enc}"},
        "code": {
            "coding": [{"system": c.ICD10_CM, "code": code, "display": display}],
            "text": display,
        },
        "clinicalStatus": {
            "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
        },
    }


def _rx(
    pid: str, rid: str, name: str, dose: float, unit: str, freq: str, route: str = "PO"
) -> dict[str, Any]:
    return {
        "resourceType": "MedicationRequest",
        "id": rid,
        "status": "active",
        "intent": "order",
        "subject": _subj(pid),
        "medicationCodeableConcept": {"text": name},
        "authoredOn": "2180-01-01T09:00:00Z",
        "dosageInstruction": [
            {
                "text": f"{dose:g} {unit} {route} {freq}",
                "route": {"text": route},
                "timing": {"code": {"text": freq}},
                "doseAndRate": [{"doseQuantity": {"value": dose, "unit": unit}}],
            }
        ],
    }


def _lab(
    pid: str,
    rid: str,
    label: str,
    loinc: str,
    value: float,
    unit: str,
    when: str,
    flag: str,
) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": rid,
        "status": "final",
        "subject": _subj(pid),
        "category": [
            {"coding": [{"system": c.OBSERVATION_CATEGORY, "code": "laboratory"}]}
        ],
        "code": {
            "coding": [{"system": c.LOINC, "code": loinc, "display": label}],
            "text": label,
        },
        "effectiveDateTime": when,
        "valueQuantity": {"value": value, "unit": unit},
        "interpretation": [{"coding": [{"system": c.INTERPRETATION, "code": flag}]}],
    }


def make_hf_record() -> PatientRecord:
    """Heart failure on lisinopril, stopped because of a cough; potassium and creatinine rising."""
    pid = "hf1"
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": pid,
            "gender": "male",
            "birthDate": "2112-04-02",
        },
        {
            "resourceType": "Encounter",
            "id": "100",
            "status": "finished",
            "subject": _subj(pid),
            "period": {"start": "2180-01-01T08:00:00Z", "end": "2180-01-06T12:00:00Z"},
        },
        _cond(
            pid, "dx-hf", "I5022", "Chronic systolic (congestive) heart failure", "100"
        ),
        _cond(pid, "dx-htn", "I10", "Essential (primary) hypertension", "100"),
        _cond(pid, "dx-aki", "N179", "Acute kidney failure, unspecified", "100"),
        _rx(pid, "rx-lis", "Lisinopril", 10, "mg", "DAILY"),
        _rx(pid, "rx-furo", "Furosemide", 40, "mg", "BID"),
        _rx(pid, "rx-meto", "Metoprolol Succinate XL", 50, "mg", "DAILY"),
        {
            "resourceType": "AllergyIntolerance",
            "id": "alg-1",
            "patient": _subj(pid),
            "code": {"text": "Penicillins"},
        },
    ]
    for i, (k, cr) in enumerate([(4.6, 1.1), (5.2, 1.6), (5.9, 2.0)]):
        day = f"2180-01-0{i + 1}T06:00:00Z"
        res.append(
            _lab(
                pid,
                f"k-{i}",
                "Potassium",
                "2823-3",
                k,
                "mEq/L",
                day,
                "H" if k > 5.1 else "N",
            )
        )
        res.append(
            _lab(
                pid,
                f"cr-{i}",
                "Creatinine",
                "2160-0",
                cr,
                "mg/dL",
                day,
                "H" if cr > 1.2 else "N",
            )
        )
    notes = {
        "100": {
            "Chief Complaint": "Shortness of breath and leg swelling",
            "History of Present Illness": (
                "68M with HFrEF (EF 25%) who presents with 5 days of worsening shortness of breath, worse with exertion and lying flat, "
                "better when sitting up. Reports bilateral leg swelling and a 4 kg weight gain over 2 weeks. "
                "He stopped taking lisinopril 3 weeks ago because of a dry cough. Denies chest pain. Denies fever."
            ),
            "Past Medical History": "HFrEF, hypertension, hyperlipidemia",
            "Social History": "Lives with his wife. Retired bus driver. Former smoker, 30 pack-years, quit 10 years ago. "
            "Drinks 2-3 beers per day. No illicit drug use.",
            "Allergies": "Penicillins",
            "Medications on Admission": "Lisinopril 10 mg daily, Furosemide 40 mg BID, Metoprolol succinate 50 mg daily",
            "Discharge Condition": "Mental Status: Clear and coherent. Activity Status: Ambulatory - requires assistance or aid (walker or cane).",
        }
    }
    return PatientRecord(pid, res, source="test", meta={"note_sections": notes})


def make_pna_record() -> PatientRecord:
    """Community-acquired pneumonia in a diabetic who misses metformin doses; WBC high then falling."""
    pid = "pna1"
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": pid,
            "gender": "female",
            "birthDate": "2109-09-10",
        },
        {
            "resourceType": "Encounter",
            "id": "300",
            "status": "finished",
            "subject": _subj(pid),
            "period": {"start": "2181-02-01T08:00:00Z", "end": "2181-02-05T12:00:00Z"},
        },
        _cond(pid, "dx-pna", "J189", "Pneumonia, unspecified organism", "300"),
        _cond(
            pid,
            "dx-dm",
            "E119",
            "Type 2 diabetes mellitus without complications",
            "300",
        ),
        _rx(pid, "rx-ctx", "CefTRIAXone", 1, "g", "Q24H", route="IV"),
        _rx(pid, "rx-azi", "Azithromycin", 500, "mg", "DAILY"),
        _rx(pid, "rx-met", "MetFORMIN (Glucophage)", 500, "mg", "BID"),
        _rx(pid, "rx-ator", "Atorvastatin", 40, "mg", "QHS"),
    ]
    for i, w in enumerate([18.2, 14.5, 11.9]):
        res.append(
            _lab(
                pid,
                f"wbc-{i}",
                "White Blood Cells",
                "6690-2",
                w,
                "K/uL",
                f"2181-02-0{i + 1}T06:00:00Z",
                "H",
            )
        )
    res.append(
        _lab(
            pid, "glu-0", "Glucose", "2345-7", 245, "mg/dL", "2181-02-01T06:00:00Z", "H"
        )
    )
    notes = {
        "300": {
            "Chief Complaint": "Fever and cough",
            "History of Present Illness": (
                "72F with type 2 diabetes presenting with 3 days of fever and chills and a productive cough with yellow sputum. "
                "Also reports shortness of breath on exertion. Right-sided chest pain, sharp, worse with deep breath, 6/10. "
                "She admits missing doses of metformin because she keeps forgetting."
            ),
            "Social History": "Lives alone. Retired teacher. Never smoker. Denies alcohol.",
            "Allergies": "No Known Allergies / Adverse Drug Reactions",
            "Medications on Admission": "Metformin 500 mg BID, Atorvastatin 40 mg qhs",
            "Discharge Condition": "Activity Status: Ambulatory - Independent.",
        }
    }
    return PatientRecord(pid, res, source="test", meta={"note_sections": notes})


RECORDS = {"hf1": make_hf_record, "pna1": make_pna_record}
PERSONAS = {"hf1": HF_PERSONA, "pna1": PNA_PERSONA}


def fixture_memory(pid: str, seed: int = 0) -> PatientMemory:
    """The pinned-persona memory of a fixture patient."""
    return build_memory(RECORDS[pid](), seed, persona_overrides=PERSONAS[pid])
