"""Two hand-written patients (invented values) covering every type the server serves.

Dates are unique within each type and patient, so every ordering is well defined (an
independent server breaks ties its own way).
"""

from __future__ import annotations

from typing import Any

from physassist_env.fhir import PatientRecord
from physassist_env.fhir import codes as c

AS_OF = "2180-01-04"


def _ref(pid: str) -> dict[str, str]:
    return {"reference": f"Patient/{pid}"}


def _obs(
    pid: str,
    rid: str,
    label: str,
    loinc: str,
    value: float,
    when: str,
    *,
    category: str = "laboratory",
    status: str = "final",
) -> dict[str, Any]:
    return {
        "resourceType": "Observation",
        "id": rid,
        "status": status,
        "subject": _ref(pid),
        "category": [
            {"coding": [{"system": c.OBSERVATION_CATEGORY, "code": category}]}
        ],
        "code": {
            "coding": [{"system": c.LOINC, "code": loinc, "display": label}],
            "text": label,
        },
        "effectiveDateTime": when,
        "valueQuantity": {"value": value, "unit": "mg/dL"},
    }


def _patient_one() -> list[dict[str, Any]]:
    p = "p1"
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": p,
            "gender": "female",
            "birthDate": "2110-01-01",
            "deceasedDateTime": "2185-01-01T00:00:00Z",
        },
        {
            "resourceType": "Encounter",
            "id": "e1",
            "status": "finished",
            "class": {"system": c.ACT_CODE, "code": "IMP"},
            "subject": _ref(p),
            "period": {"start": "2180-01-01T08:00:00Z", "end": "2180-01-06T12:00:00Z"},
        },
        {
            "resourceType": "Encounter",
            "id": "e2",
            "status": "finished",
            "class": {"system": c.ACT_CODE, "code": "EMER"},
            "subject": _ref(p),
            "period": {"start": "2181-03-01T08:00:00Z", "end": "2181-03-04T12:00:00Z"},
        },
        {
            "resourceType": "Condition",
            "id": "dx-1",
            "subject": _ref(p),
            "recordedDate": "2180-01-03T12:00:00Z",
            "category": [
                {
                    "coding": [
                        {"system": c.CONDITION_CATEGORY, "code": "encounter-diagnosis"}
                    ]
                }
            ],
            "code": {
                "coding": [
                    {
                        "system": c.ICD10_CM,
                        "code": "N179",
                        "display": "Acute kidney failure",
                    }
                ],
                "text": "Acute kidney failure",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
            },
        },
        {
            "resourceType": "Condition",
            "id": "dx-2",
            "subject": _ref(p),
            "recordedDate": "2181-03-04T12:00:00Z",
            "category": [
                {
                    "coding": [
                        {"system": c.CONDITION_CATEGORY, "code": "encounter-diagnosis"}
                    ]
                }
            ],
            "code": {
                "coding": [
                    {"system": c.ICD10_CM, "code": "J189", "display": "Pneumonia"}
                ],
                "text": "Pneumonia",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "resolved"}]
            },
        },
        {
            "resourceType": "Condition",
            "id": "dx-3",
            "subject": _ref(p),
            "recordedDate": "2179-06-01T10:00:00Z",
            "category": [
                {
                    "coding": [
                        {"system": c.CONDITION_CATEGORY, "code": "problem-list-item"}
                    ]
                }
            ],
            "code": {
                "coding": [
                    {
                        "system": c.ICD10_CM,
                        "code": "I10",
                        "display": "Essential hypertension",
                    }
                ],
                "text": "Essential hypertension",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
            },
        },
        {
            "resourceType": "MedicationRequest",
            "id": "rx-1",
            "status": "completed",
            "intent": "order",
            "subject": _ref(p),
            "authoredOn": "2180-01-01T09:00:00Z",
            "medicationCodeableConcept": {
                "text": "Lisinopril",
                "coding": [{"system": c.MIMIC_MEDICATION_NAME, "code": "Lisinopril"}],
            },
            "dispenseRequest": {
                "validityPeriod": {
                    "start": "2180-01-01T09:00:00Z",
                    "end": "2180-01-03T09:00:00Z",
                }
            },
        },
        {
            "resourceType": "MedicationRequest",
            "id": "rx-2",
            "status": "completed",
            "intent": "order",
            "subject": _ref(p),
            "authoredOn": "2180-01-03T10:00:00Z",
            "medicationCodeableConcept": {
                "text": "Furosemide",
                "coding": [{"system": c.MIMIC_MEDICATION_NAME, "code": "Furosemide"}],
            },
            "dispenseRequest": {
                "validityPeriod": {
                    "start": "2180-01-03T10:00:00Z",
                    "end": "2180-01-10T10:00:00Z",
                }
            },
        },
        {
            "resourceType": "MedicationRequest",
            "id": "rx-3",
            "status": "stopped",
            "intent": "order",
            "subject": _ref(p),
            "authoredOn": "2181-03-01T10:00:00Z",
            "medicationCodeableConcept": {
                "text": "Ceftriaxone",
                "coding": [{"system": c.MIMIC_MEDICATION_NAME, "code": "Ceftriaxone"}],
            },
        },
        {
            "resourceType": "MedicationAdministration",
            "id": "emar-1",
            "status": "completed",
            "subject": _ref(p),
            "medicationCodeableConcept": {"text": "Lisinopril"},
            "effectiveDateTime": "2180-01-02T09:00:00Z",
        },
        {
            "resourceType": "Procedure",
            "id": "proc-1",
            "status": "completed",
            "subject": _ref(p),
            "performedDateTime": "2180-01-02T11:00:00Z",
            "code": {"text": "Central venous catheter placement"},
        },
        {
            "resourceType": "DiagnosticReport",
            "id": "dr-1",
            "status": "final",
            "subject": _ref(p),
            "effectiveDateTime": "2180-01-02T10:00:00Z",
            "category": [{"coding": [{"system": c.DIAGNOSTIC_SERVICE, "code": "RAD"}]}],
            "code": {"text": "Chest X-ray"},
        },
        {
            "resourceType": "DocumentReference",
            "id": "doc-1",
            "status": "current",
            "subject": _ref(p),
            "date": "2180-01-06T12:00:00Z",
            "type": {
                "coding": [
                    {
                        "system": c.LOINC,
                        "code": "18842-5",
                        "display": "Discharge summary",
                    }
                ]
            },
            "content": [
                {"attachment": {"contentType": "text/plain", "data": "Tm90ZQ=="}}
            ],
        },
        {
            "resourceType": "AllergyIntolerance",
            "id": "al-1",
            "patient": _ref(p),
            "recordedDate": "2179-01-01",
            "clinicalStatus": {
                "coding": [{"system": c.ALLERGY_CLINICAL, "code": "active"}]
            },
            "code": {"text": "Penicillin"},
        },
        {
            "resourceType": "CarePlan",
            "id": "cp-1",
            "status": "completed",
            "intent": "plan",
            "subject": _ref(p),
            "created": "2180-01-06T12:00:00Z",
            "title": "Discharge instructions",
        },
        {
            "resourceType": "ServiceRequest",
            "id": "sr-1",
            "status": "active",
            "intent": "order",
            "priority": "routine",
            "subject": _ref(p),
            "authoredOn": "2180-01-03T08:00:00Z",
            "code": {"text": "Renal ultrasound"},
        },
        {
            "resourceType": "Flag",
            "id": "fl-1",
            "status": "active",
            "subject": _ref(p),
            "period": {"start": "2180-01-02T08:00:00Z"},
            "category": [{"coding": [{"system": c.FLAG_CATEGORY, "code": "safety"}]}],
            "code": {"text": "Fall risk"},
        },
    ]
    potassium = [
        ("2180-01-01T06:00:00Z", 4.2),
        ("2180-01-02T06:00:00Z", 4.9),
        ("2180-01-03T06:00:00Z", 5.4),
        ("2180-01-04T06:00:00Z", 5.8),
        ("2181-03-02T06:00:00Z", 3.9),
    ]
    for i, (when, v) in enumerate(potassium):
        res.append(_obs(p, f"k-{i}", "Potassium", "2823-3", v, when))
    for i, when in enumerate(
        [
            "2180-01-01T07:00:00Z",
            "2180-01-02T07:00:00Z",
            "2180-01-03T07:00:00Z",
            "2181-03-02T07:00:00Z",
        ]
    ):
        res.append(_obs(p, f"cr-{i}", "Creatinine", "2160-0", 1.0 + 0.4 * i, when))
    res.append(
        _obs(
            p,
            "k-prelim",
            "Potassium",
            "2823-3",
            6.1,
            "2180-01-03T20:00:00Z",
            status="preliminary",
        )
    )
    res.append(
        _obs(
            p,
            "hr-1",
            "Heart rate",
            "8867-4",
            88,
            "2180-01-02T12:00:00Z",
            category="vital-signs",
        )
    )
    return res


def _patient_two() -> list[dict[str, Any]]:
    p = "p2"
    return [
        {
            "resourceType": "Patient",
            "id": p,
            "gender": "male",
            "birthDate": "2120-05-05",
        },
        {
            "resourceType": "Encounter",
            "id": "e9",
            "status": "finished",
            "class": {"system": c.ACT_CODE, "code": "IMP"},
            "subject": _ref(p),
            "period": {"start": "2180-01-02T09:00:00Z", "end": "2180-01-05T09:00:00Z"},
        },
        _obs(p, "p2-k-0", "Potassium", "2823-3", 3.1, "2180-01-02T09:30:00Z"),
        _obs(p, "p2-k-1", "Potassium", "2823-3", 3.6, "2180-01-05T09:30:00Z"),
        {
            "resourceType": "Condition",
            "id": "p2-dx",
            "subject": _ref(p),
            "recordedDate": "2180-01-05T09:00:00Z",
            "code": {
                "coding": [
                    {"system": c.ICD10_CM, "code": "E876", "display": "Hypokalemia"}
                ],
                "text": "Hypokalemia",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
            },
        },
    ]


def make_records() -> list[PatientRecord]:
    """The two patients' records."""
    return [
        PatientRecord("p1", _patient_one(), source="test"),
        PatientRecord("p2", _patient_two(), source="test"),
    ]
