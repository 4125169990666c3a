"""The contract between the EHR tools and a patient's record: :class:`EhrView`.

:class:`~physassist_env.ehr.toolkit.EhrToolkit` runs against any object with this shape.
Two implement it: :class:`~physassist_env.ehr.store.StoreView` (the in-process store) and
:class:`~physassist_env.ehr.remote.RemoteEhrView` (any FHIR R4 server over REST). Both
answer the same calls with the same resources, gated at the same date
(``tests/server/test_views.py`` runs one tool suite against both).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.render import render_resource
from physassist_env.fhir.validate import FhirValidationError, validate_resource


def match_entry(resource: dict[str, Any]) -> dict[str, Any]:
    """A resource as a searchset Bundle entry that matched the search."""
    return {
        "fullUrl": f"{resource['resourceType']}/{resource['id']}",
        "resource": resource,
        "search": {"mode": "match"},
    }


@runtime_checkable
class EhrView(Protocol):
    """One patient's EHR at one moment, as an episode sees it.

    Attributes:
        patient_id: The session's patient; every read and write is limited to it.
        as_of: The session's current date (``YYYY-MM-DD`` or a date-time), or ``None``
            for no gate. Nothing dated after it is ever returned, and resources still
            running at it are returned as they looked then (see
            :func:`~physassist_env.ehr.store.gate_resource`).
        created: The resources this view created, oldest first.
    """

    patient_id: str
    as_of: str | None
    created: list[dict[str, Any]]

    def read(self, resource_type: str, resource_id: str) -> dict[str, Any] | None:
        """One resource of this patient visible at ``as_of``, gated (``None`` if not)."""
        ...

    def names(self, resource_type: str) -> list[str]:
        """Distinct lower-case code names of one type visible at ``as_of`` (for hints)."""
        ...

    def search(
        self,
        resource_type: str,
        params: Mapping[str, str | Sequence[str]] | None = None,
    ) -> tuple[list[dict[str, Any]], int]:
        """FHIR search over this patient's visible resources.

        ``params`` are FHIR search parameters (a list value repeats the parameter, commas
        inside a value are alternatives; ``_sort`` is ``date`` or ``-date``, default
        ``-date``). Returns the page after ``_count`` and the number of all matches.

        Raises:
            ToolError: For unsupported parameters or values, and backend failures.
        """
        ...

    def create(
        self, resource: dict[str, Any], *, validate: bool = True
    ) -> dict[str, Any]:
        """Store a new resource for this patient; returns it with its id (see :func:`new_resource`).

        Raises:
            ToolError: If the resource is invalid or the backend refuses it.
        """
        ...

    def patient(self) -> dict[str, Any]:
        """The Patient resource as at ``as_of``.

        Raises:
            ToolError: ``not-found`` when the patient does not exist.
        """
        res = self.read("Patient", self.patient_id)
        if res is None:
            raise ToolError(f"Patient {self.patient_id} not found", code="not-found")
        return res

    def lines(self, resources: Sequence[dict[str, Any]]) -> list[str]:
        """The compact one-line text of each resource this view returned
        (:func:`~physassist_env.ehr.render.render_resource`; a store memoises them for
        its own resources, which never change)."""
        return [render_resource(r) for r in resources]

    def matches(self, resources: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Resources this view returned as searchset Bundle entries (``fullUrl``,
        ``resource``, ``search.mode = "match"``); read-only, a store shares them."""
        return [match_entry(r) for r in resources]


def new_resource(
    resource: dict[str, Any], patient_id: str, *, validate: bool = True
) -> dict[str, Any]:
    """A copy of ``resource`` ready to be created for ``patient_id``.

    The copy has no ``id`` (the view or server assigns one) and references the patient
    as its ``subject`` when it references none; with ``validate`` it is checked as FHIR
    R4 (without an id, which R4 allows for a create).

    Raises:
        ToolError: ``required`` without ``resourceType``; ``invalid`` (with the
            validator's reason) when it is not valid FHIR R4.
    """
    res = copy.deepcopy(resource)
    if not res.get("resourceType"):
        raise ToolError("resource without resourceType", code="required")
    res.pop("id", None)
    res.setdefault("subject", {"reference": f"Patient/{patient_id}"})
    if validate:
        try:
            validate_resource(res)
        except FhirValidationError as exc:
            raise ToolError(str(exc), code="invalid") from exc
    return res
