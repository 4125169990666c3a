"""Validation of resources against FHIR R4 (the ``fhir.resources.R4B`` models).

``fhir.resources`` checks structure, cardinality and primitive formats but not codes
against value sets, so :func:`validate_resource` also checks the ``status``-like codes
the project relies on.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from physassist_env.fhir.record import PatientRecord

# Required bindings that fhir.resources does not enforce (FHIR R4 value sets).
_STATUS_CODES: dict[str, frozenset[str]] = {
    "Observation": frozenset(
        "registered preliminary final amended corrected cancelled entered-in-error unknown".split()
    ),
    "MedicationRequest": frozenset(
        "active on-hold cancelled completed entered-in-error stopped draft unknown".split()
    ),
    "MedicationAdministration": frozenset(
        "in-progress not-done on-hold completed entered-in-error stopped unknown".split()
    ),
    "Procedure": frozenset(
        "preparation in-progress not-done on-hold stopped completed entered-in-error unknown".split()
    ),
    "Encounter": frozenset(
        "planned arrived triaged in-progress onleave finished cancelled entered-in-error unknown".split()
    ),
    "DiagnosticReport": frozenset(
        "registered partial preliminary final amended corrected appended cancelled entered-in-error unknown".split()
    ),
    "DocumentReference": frozenset("current superseded entered-in-error".split()),
    "ServiceRequest": frozenset(
        "draft active on-hold revoked completed entered-in-error unknown".split()
    ),
    "Flag": frozenset("active inactive entered-in-error".split()),
    "CarePlan": frozenset(
        "draft active on-hold revoked completed entered-in-error unknown".split()
    ),
}


class FhirValidationError(ValueError):
    """A resource does not conform to FHIR R4; the message names the resource and field."""


@cache
def _model(resource_type: str) -> Any:
    from fhir.resources.R4B import get_fhir_model_class

    return get_fhir_model_class(resource_type)


def validate_resource(resource: dict[str, Any]) -> None:
    """Validate one resource as FHIR R4.

    Args:
        resource: A FHIR JSON dict with ``resourceType``.

    Raises:
        FhirValidationError: With the resource type, id and the failing fields.
    """
    rtype = resource.get("resourceType")
    label = f"{rtype}/{resource.get('id', '?')}"
    if not isinstance(rtype, str):
        raise FhirValidationError(
            f"resource without resourceType: {str(resource)[:200]}"
        )
    try:
        model = _model(rtype)
    except (
        Exception
    ) as exc:  # unknown type names raise KeyError/ValueError inside fhir.resources
        raise FhirValidationError(
            f"{label}: unknown FHIR resource type {rtype!r}"
        ) from exc
    try:
        model.model_validate(resource)
    except Exception as exc:
        raise FhirValidationError(f"{label} is not valid FHIR R4: {exc}") from exc
    allowed = _STATUS_CODES.get(rtype)
    status = resource.get("status")
    if allowed is not None and status is not None and status not in allowed:
        raise FhirValidationError(
            f"{label}: status {status!r} is not in the R4 value set {sorted(allowed)}"
        )


def validate_record(record: PatientRecord) -> int:
    """Validate every resource of a record and the record's own contract.

    Returns:
        The number of resources validated.

    Raises:
        FhirValidationError: On the first invalid resource or a broken record contract
            (no Patient, or a Patient whose id differs from ``patient_id``).
    """
    patients = [r for r in record.resources if r.get("resourceType") == "Patient"]
    if len(patients) != 1 or patients[0].get("id") != record.patient_id:
        raise FhirValidationError(
            f"record {record.patient_id!r} must hold exactly one Patient with that id, "
            f"found {[p.get('id') for p in patients]}"
        )
    for res in record.resources:
        validate_resource(res)
    return len(record.resources)
