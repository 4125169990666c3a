"""A small hand-written patient record (invented values) shared by EHR tests."""

from __future__ import annotations

from typing import Any

from physassist_env.fhir import PatientRecord
from physassist_env.fhir import codes as c

PID = "p1"


def _lab(
    i: int,
    itemid: int,
    label: str,
    value: float,
    unit: str,
    when: str,
    low: float,
    high: float,
) -> dict[str, Any]:
    flag = "H" if value > high else "L" if value < low else "N"
    loinc = c.LAB_LOINC.get(itemid)
    coding = [{"system": c.MIMIC_LABITEMS, "code": str(itemid), "display": label}]
    if loinc:
        coding.append({"system": c.LOINC, "code": loinc[0], "display": loinc[1]})
    return {
        "resourceType": "Observation",
        "id": f"lab-{i}",
        "status": "final",
        "category": [
            {"coding": [{"system": c.OBSERVATION_CATEGORY, "code": "laboratory"}]}
        ],
        "code": {"coding": coding, "text": label},
        "subject": {"reference": f"Patient/{PID}"},
        "encounter": {"reference": "Encounter/100"},
        "effectiveDateTime": when,
        "valueQuantity": {"value": value, "unit": unit},
        "referenceRange": [
            {"low": {"value": low, "unit": unit}, "high": {"value": high, "unit": unit}}
        ],
        "interpretation": [{"coding": [{"system": c.INTERPRETATION, "code": flag}]}],
    }


def make_record() -> PatientRecord:
    """Two admissions; potassium rising on lisinopril; a later admission after the gate."""
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": PID,
            "gender": "female",
            "birthDate": "2110-01-01",
            "deceasedDateTime": "2185-01-01T00:00:00Z",
        },
        {
            "resourceType": "Encounter",
            "id": "100",
            "status": "finished",
            "class": {
                "system": c.ACT_CODE,
                "code": "IMP",
                "display": "inpatient encounter",
            },
            "subject": {"reference": f"Patient/{PID}"},
            "period": {"start": "2180-01-01T08:00:00Z", "end": "2180-01-06T12:00:00Z"},
            "hospitalization": {"dischargeDisposition": {"text": "HOME"}},
        },
        {
            "resourceType": "Encounter",
            "id": "200",
            "status": "finished",
            "class": {"system": c.ACT_CODE, "code": "IMP"},
            "subject": {"reference": f"Patient/{PID}"},
            "period": {"start": "2181-03-01T08:00:00Z", "end": "2181-03-04T12:00:00Z"},
        },
        {
            "resourceType": "Condition",
            "id": "dx-1",
            "subject": {"reference": f"Patient/{PID}"},
            "encounter": {"reference": "Encounter/100"},
            "code": {
                "coding": [
                    {
                        "system": c.ICD10_CM,
                        "code": "N179",
                        "display": "Acute kidney failure, unspecified",
                    }
                ],
                "text": "Acute kidney failure, unspecified",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
            },
            "recordedDate": "2180-01-06T12:00:00Z",
        },
        {
            "resourceType": "Condition",
            "id": "dx-2",
            "subject": {"reference": f"Patient/{PID}"},
            "encounter": {"reference": "Encounter/200"},
            "code": {
                "coding": [
                    {
                        "system": c.ICD10_CM,
                        "code": "J189",
                        "display": "Pneumonia, unspecified organism",
                    }
                ],
                "text": "Pneumonia, unspecified organism",
            },
            "clinicalStatus": {
                "coding": [{"system": c.CONDITION_CLINICAL, "code": "active"}]
            },
            "recordedDate": "2181-03-04T12:00:00Z",
        },
        {
            "resourceType": "MedicationRequest",
            "id": "rx-1",
            "status": "completed",
            "intent": "order",
            "subject": {"reference": f"Patient/{PID}"},
            "medicationCodeableConcept": {
                "text": "Lisinopril",
                "coding": [{"system": c.MIMIC_MEDICATION_NAME, "code": "Lisinopril"}],
            },
            "authoredOn": "2180-01-01T09:00:00Z",
            "dispenseRequest": {
                "validityPeriod": {
                    "start": "2180-01-01T09:00:00Z",
                    "end": "2180-01-05T09:00:00Z",
                }
            },
            "dosageInstruction": [
                {
                    "text": "10 mg PO daily",
                    "route": {"text": "PO"},
                    "timing": {"code": {"text": "DAILY"}},
                    "doseAndRate": [{"doseQuantity": {"value": 10, "unit": "mg"}}],
                }
            ],
        },
        {
            "resourceType": "MedicationAdministration",
            "id": "emar-1",
            "status": "completed",
            "subject": {"reference": f"Patient/{PID}"},
            "medicationCodeableConcept": {"text": "Lisinopril"},
            "effectiveDateTime": "2180-01-02T09:00:00Z",
            "dosage": {"dose": {"value": 10, "unit": "mg"}},
        },
    ]
    days = [
        "2180-01-01T06:00:00Z",
        "2180-01-02T06:00:00Z",
        "2180-01-03T06:00:00Z",
        "2180-01-04T06:00:00Z",
    ]
    for i, (day, k) in enumerate(zip(days, [4.2, 4.9, 5.4, 5.8], strict=True)):
        res.append(_lab(i, 50971, "Potassium", k, "mEq/L", day, 3.3, 5.1))
        res.append(
            _lab(100 + i, 50912, "Creatinine", 1.0 + 0.4 * i, "mg/dL", day, 0.4, 1.1)
        )
    res.append(
        _lab(900, 50971, "Potassium", 3.9, "mEq/L", "2181-03-02T06:00:00Z", 3.3, 5.1)
    )
    res.append(
        {
            "resourceType": "Observation",
            "id": "vs-1",
            "status": "final",
            "subject": {"reference": f"Patient/{PID}"},
            "category": [
                {"coding": [{"system": c.OBSERVATION_CATEGORY, "code": "vital-signs"}]}
            ],
            "code": {
                "coding": [
                    {
                        "system": c.LOINC,
                        "code": "85354-9",
                        "display": "Blood pressure panel",
                    }
                ],
                "text": "Blood Pressure",
            },
            "effectiveDateTime": "2180-01-02",
            "component": [
                {
                    "code": {
                        "coding": [
                            {
                                "system": c.LOINC,
                                "code": "8480-6",
                                "display": "Systolic blood pressure",
                            }
                        ]
                    },
                    "valueQuantity": {"value": 150, "unit": "mm[Hg]"},
                },
                {
                    "code": {
                        "coding": [
                            {
                                "system": c.LOINC,
                                "code": "8462-4",
                                "display": "Diastolic blood pressure",
                            }
                        ]
                    },
                    "valueQuantity": {"value": 90, "unit": "mm[Hg]"},
                },
            ],
        }
    )
    return PatientRecord(PID, res, source="test")
