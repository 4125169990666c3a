"""A Synthea-shaped FHIR export for tests: one transaction Bundle per patient, invented values.

Like Synthea's output, records are encounter-based (wellness and ambulatory visits, some
emergency and inpatient stays), every reference is a ``urn:uuid:`` ``fullUrl``, and the
clinical resources are conditions, medication requests, immunizations, procedures,
allergies, vital-sign (blood pressure as a panel) and survey Observations, and
DiagnosticReports. Unlike Synthea, it
writes no laboratory Observations, so it shows what a record without labs gives.
"""

from __future__ import annotations

import json
import random
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

_CONDITIONS = [
    ("44054006", "Diabetes mellitus type 2"),
    ("38341003", "Hypertensive disorder"),
    ("195662009", "Acute viral pharyngitis"),
    ("10509002", "Acute bronchitis"),
    ("40055000", "Chronic sinusitis"),
    ("49436004", "Atrial fibrillation"),
]
_DRUGS = [
    ("860975", "24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet"),
    ("314076", "lisinopril 10 MG Oral Tablet"),
    ("308136", "amlodipine 2.5 MG Oral Tablet"),
    ("834060", "Penicillin V Potassium 250 MG Oral Tablet"),
]
_VITALS = [
    ("8867-4", "Heart rate", "/min", 60, 100),
    ("9279-1", "Respiratory rate", "/min", 12, 20),
    ("29463-7", "Body Weight", "kg", 55, 110),
    ("8310-5", "Body temperature", "Cel", 36, 38),
]
_CLASSES = [("AMB", "ambulatory", 6), ("EMER", "emergency", 2), ("IMP", "inpatient", 1)]


def _cat(system: str, code: str) -> list[dict[str, Any]]:
    return [{"coding": [{"system": system, "code": code}]}]


def _uid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128)))


def patient_bundle(rng: random.Random, index: int) -> dict[str, Any]:
    """One patient's transaction Bundle."""
    pid = _uid(rng)
    entries: list[dict[str, Any]] = []

    def add(res: dict[str, Any], gen: random.Random | None = None) -> str:
        rid = _uid(gen or rng)
        res["id"] = rid
        entries.append(
            {
                "fullUrl": f"urn:uuid:{rid}",
                "resource": res,
                "request": {"method": "POST", "url": res["resourceType"]},
            }
        )
        return f"urn:uuid:{rid}"

    birth_year = rng.randint(1940, 2000)
    entries.append(
        {
            "fullUrl": f"urn:uuid:{pid}",
            "resource": {
                "resourceType": "Patient",
                "id": pid,
                "gender": rng.choice(["male", "female"]),
                "birthDate": f"{birth_year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                "name": [{"family": f"Invented{index}", "given": ["Test"]}],
                "identifier": [
                    {
                        "system": "https://github.com/synthetichealth/synthea",
                        "value": pid,
                    }
                ],
            },
            "request": {"method": "POST", "url": "Patient"},
        }
    )
    subject = {"reference": f"urn:uuid:{pid}"}
    # Blood pressure and a beta-blocker draw from their own generator, so the records
    # written before they were added keep every other value.
    extra = random.Random(pid)
    sbp_base = extra.uniform(95, 160)
    conditions = rng.sample(_CONDITIONS, rng.randint(1, 3))
    for year in range(2015, 2024):
        cls, display, weight = rng.choices(_CLASSES, weights=[c[2] for c in _CLASSES])[
            0
        ]
        day = f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 27):02d}"
        end_day = day if cls != "IMP" else f"{day[:8]}{int(day[8:]) + 1:02d}"
        enc = add(
            {
                "resourceType": "Encounter",
                "status": "finished",
                "class": {
                    "system": "http://terminology.hl7.org/CodeSystem/v3-ActCode",
                    "code": cls,
                    "display": display,
                },
                "type": [{"text": "General examination of patient (procedure)"}],
                "subject": subject,
                "period": {
                    "start": f"{day}T09:00:00-05:00",
                    "end": f"{end_day}T10:00:00-05:00",
                },
            }
        )
        ref = {"reference": enc}
        when = f"{day}T09:30:00-05:00"
        for code, name, unit, lo, hi in _VITALS:
            add(
                {
                    "resourceType": "Observation",
                    "status": "final",
                    "category": _cat(
                        "http://terminology.hl7.org/CodeSystem/observation-category",
                        "vital-signs",
                    ),
                    "code": {"coding": [{"system": "http://loinc.org", "code": code, "display": name}], "text": name},
                    "subject": subject,
                    "encounter": ref,
                    "effectiveDateTime": when,
                    "valueQuantity": {"value": round(rng.uniform(lo, hi), 1), "unit": unit,
                                      "system": "http://unitsofmeasure.org", "code": unit},
                }
            )  # fmt: skip
        sbp = round(sbp_base + extra.uniform(-15, 15))
        add(
            {
                "resourceType": "Observation",
                "status": "final",
                "category": _cat("http://terminology.hl7.org/CodeSystem/observation-category", "vital-signs"),
                "code": {"coding": [{"system": "http://loinc.org", "code": "85354-9", "display": "Blood pressure panel with all children optional"}], "text": "Blood pressure panel with all children optional"},
                "subject": subject,
                "encounter": ref,
                "effectiveDateTime": when,
                "component": [
                    {"code": {"coding": [{"system": "http://loinc.org", "code": "8480-6", "display": "Systolic Blood Pressure"}]},
                     "valueQuantity": {"value": sbp, "unit": "mm[Hg]", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}},
                    {"code": {"coding": [{"system": "http://loinc.org", "code": "8462-4", "display": "Diastolic Blood Pressure"}]},
                     "valueQuantity": {"value": round(sbp * extra.uniform(0.55, 0.68)), "unit": "mm[Hg]", "system": "http://unitsofmeasure.org", "code": "mm[Hg]"}},
                ],
            },
            extra,
        )  # fmt: skip
        if extra.random() < 0.08:
            add(
                {
                    "resourceType": "MedicationRequest",
                    "status": "active",
                    "intent": "order",
                    "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": "866924", "display": "metoprolol tartrate 25 MG Oral Tablet"}], "text": "metoprolol tartrate 25 MG Oral Tablet"},
                    "subject": subject,
                    "encounter": ref,
                    "authoredOn": when,
                    "dosageInstruction": [{"sequence": 1, "timing": {"repeat": {"frequency": 2, "period": 1.0, "periodUnit": "d"}}, "asNeededBoolean": False, "doseAndRate": [{"doseQuantity": {"value": 1.0}}]}],
                },
                extra,
            )  # fmt: skip
        add(
            {
                "resourceType": "Observation",
                "status": "final",
                "category": _cat("http://terminology.hl7.org/CodeSystem/observation-category", "survey"),
                "code": {"coding": [{"system": "http://loinc.org", "code": "72166-2", "display": "Tobacco smoking status"}]},
                "subject": subject,
                "encounter": ref,
                "effectiveDateTime": when,
                "valueCodeableConcept": {"text": rng.choice(["Never smoked tobacco", "Former smoker"])},
            }
        )  # fmt: skip
        if year == 2015 or rng.random() < 0.2:
            code, name = conditions[min(year - 2015, len(conditions) - 1)]
            add(
                {
                    "resourceType": "Condition",
                    "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/condition-clinical", "code": "active"}]},
                    "code": {"coding": [{"system": "http://snomed.info/sct", "code": code, "display": name}], "text": name},
                    "subject": subject,
                    "encounter": ref,
                    "onsetDateTime": when,
                    "recordedDate": when,
                }
            )  # fmt: skip
        if rng.random() < 0.5:
            code, name = rng.choice(_DRUGS)
            add(
                {
                    "resourceType": "MedicationRequest",
                    "status": rng.choice(["active", "stopped"]),
                    "intent": "order",
                    "medicationCodeableConcept": {"coding": [{"system": "http://www.nlm.nih.gov/research/umls/rxnorm", "code": code, "display": name}], "text": name},
                    "subject": subject,
                    "encounter": ref,
                    "authoredOn": when,
                    "dosageInstruction": [{"sequence": 1, "timing": {"repeat": {"frequency": 1, "period": 1.0, "periodUnit": "d"}}, "asNeededBoolean": False, "doseAndRate": [{"doseQuantity": {"value": 1.0}}]}],
                }
            )  # fmt: skip
        if rng.random() < 0.4:
            add(
                {
                    "resourceType": "Immunization",
                    "status": "completed",
                    "vaccineCode": {"coding": [{"system": "http://hl7.org/fhir/sid/cvx", "code": "140", "display": "Influenza, seasonal, injectable, preservative free"}]},
                    "patient": subject,
                    "encounter": ref,
                    "occurrenceDateTime": when,
                }
            )  # fmt: skip
        if rng.random() < 0.2:
            add(
                {
                    "resourceType": "Procedure",
                    "status": "completed",
                    "code": {"coding": [{"system": "http://snomed.info/sct", "code": "430193006", "display": "Medication reconciliation (procedure)"}]},
                    "subject": subject,
                    "encounter": ref,
                    "performedPeriod": {"start": when, "end": when},
                }
            )  # fmt: skip
    if rng.random() < 0.3:
        add(
            {
                "resourceType": "AllergyIntolerance",
                "clinicalStatus": {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical", "code": "active"}]},
                "code": {"coding": [{"system": "http://snomed.info/sct", "code": "91936005", "display": "Allergy to penicillin"}]},
                "patient": subject,
            }
        )  # fmt: skip
    return {"resourceType": "Bundle", "type": "transaction", "entry": entries}


def write_synthea_like(root: Path, patients: int, seed: int = 0) -> Counter[str]:
    """Write ``patients`` Bundles (one ``.json`` file each) plus a bulk-export-like log.

    Returns:
        Resources written per type.
    """
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    counts: Counter[str] = Counter()
    for i in range(patients):
        bundle = patient_bundle(rng, i)
        counts.update(e["resource"]["resourceType"] for e in bundle["entry"])
        (root / f"patient_{i:04d}.json").write_text(
            json.dumps(bundle), encoding="utf-8"
        )
    (root / "log.ndjson").write_text(
        json.dumps({"generator": "synthea-like", "patients": patients}) + "\n"
    )
    return counts
