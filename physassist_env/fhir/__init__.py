"""The canonical patient record: FHIR R4 resources as plain JSON dicts, validated as R4B."""

from __future__ import annotations

from physassist_env.fhir.record import PatientRecord, reference_id
from physassist_env.fhir.validate import (
    FhirValidationError,
    validate_record,
    validate_resource,
)

__all__ = [
    "FhirValidationError",
    "PatientRecord",
    "reference_id",
    "validate_record",
    "validate_resource",
]
