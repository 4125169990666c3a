"""One suite of tool calls covering every EHR tool, for comparing views (store, remote).

Order matters: the writes come before the searches that read them back.
"""

from __future__ import annotations

from typing import Any

TOOL_SUITE: list[tuple[str, dict[str, Any]]] = [
    ("Patient.read", {}),
    ("Observation.search", {"code": "potassium"}),
    ("Observation.search", {"code": "K", "_count": 2, "_sort": "date"}),
    (
        "Observation.search",
        {"category": "laboratory", "date_from": "2180-01-02", "date_to": "2180-01-03"},
    ),
    ("Observation.search", {"code": "potasium"}),  # typo: no match, hints from names()
    ("Observation.search", {"test_name": "K", "count": "1"}),  # aliases, noted
    ("Condition.search", {"clinical_status": "active"}),
    ("Condition.search", {"code": "I10"}),
    ("MedicationRequest.search", {"medication": "furosemide"}),
    ("MedicationAdministration.search", {}),
    ("Encounter.search", {"encounter_class": "IMP"}),
    ("Encounter.search", {"hadm_id": "e1"}),  # context argument, checked and noted
    ("DocumentReference.search", {"type": "discharge summary"}),
    ("AllergyIntolerance.search", {}),
    ("CarePlan.search", {}),
    ("Procedure.search", {}),
    ("DiagnosticReport.search", {}),
    ("Patient.everything", {"_count": 2}),
    (
        "MedicationRequest.create",
        {
            "medication": "spironolactone",
            "dose": "25 mg",
            "route": "PO",
            "frequency": "daily",
        },
    ),
    (
        "ServiceRequest.create",
        {"service_type": "nephrology consult", "priority": "urgent"},
    ),
    (
        "Flag.create",
        {"category": "safety", "code": "hyperkalemia risk", "detail": "recheck K"},
    ),
    (
        "Flag.create",
        {"category": "nonsense", "code": "x", "detail": "y"},
    ),  # refused by the toolkit
    (
        "MedicationRequest.search",
        {"medication": "spironolactone"},
    ),  # reads the write back
    ("MedicationRequest.search", {"status": "active"}),
    ("Observation.search", {"bogus": "1"}),
    ("Observation.search", {"_count": 5000}),  # out of range
    ("Observation.search", {"patient_id": "p2"}),  # another patient: forbidden
    ("Encounter.search", {"hadm_id": "nope"}),  # no such admission
    ("Lab.search", {}),  # no such tool
]
