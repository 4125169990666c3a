"""`PatientRecord`: one patient's FHIR R4 resources, the unit every source produces.

Contract shared by all sources (MIMIC-IV tables, FHIR exports, the synthetic hospital):

* ``resources`` holds FHIR R4 JSON dicts (``resourceType`` and ``id`` always set).
* Exactly one ``Patient`` resource, whose ``id`` equals ``patient_id``.
* Every clinical resource points at the patient with ``subject: {"reference":
  "Patient/<patient_id>"}`` (``patient`` for AllergyIntolerance), and at its admission
  with ``encounter`` (``context`` for MedicationAdministration) when one is known.
* Date-times carry a zone (FHIR requires one when a time is given); sources write the
  record's wall-clock time, so the first 19 characters compare chronologically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class PatientRecord:
    """All FHIR resources of one patient.

    Attributes:
        patient_id: The ``Patient.id`` (MIMIC ``subject_id`` as text, or the export's id).
        resources: FHIR R4 resources as JSON-compatible dicts.
        source: Name of the source that produced the record (``mimic-iv``, ``fhir``, ...).
        meta: Source facts that are not FHIR (e.g. the MIMIC ``subject_id``); never shown
            to an agent.
    """

    patient_id: str
    resources: list[dict[str, Any]] = field(default_factory=list)
    source: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def patient(self) -> dict[str, Any]:
        """The record's Patient resource.

        Raises:
            ValueError: If the record has no Patient resource.
        """
        for res in self.resources:
            if res.get("resourceType") == "Patient":
                return res
        raise ValueError(f"record {self.patient_id!r} has no Patient resource")

    def of_type(self, resource_type: str) -> Iterator[dict[str, Any]]:
        """Yield the record's resources of one FHIR type."""
        return (r for r in self.resources if r.get("resourceType") == resource_type)

    def counts(self) -> dict[str, int]:
        """Number of resources per FHIR type."""
        return dict(Counter(r.get("resourceType", "?") for r in self.resources))


def reference_id(reference: dict[str, Any] | None, resource_type: str) -> str | None:
    """Return the id in a ``{"reference": "Type/id"}`` object when its type matches.

    Args:
        reference: A FHIR Reference (may be ``None``).
        resource_type: The expected type, e.g. ``"Patient"``.

    Returns:
        The id, or ``None`` when the reference is missing or of another type.
    """
    if not reference:
        return None
    ref = reference.get("reference") or ""
    prefix = resource_type + "/"
    if ref.startswith(prefix):
        return ref[len(prefix) :]
    # absolute URLs such as https://server/fhir/Patient/123
    marker = "/" + prefix
    if marker in ref:
        return ref.rsplit(marker, 1)[1]
    return None
