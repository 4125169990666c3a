"""A store that reads each patient when first asked for: :class:`LazyFhirStore`.

A :class:`~physassist_env.ehr.store.FhirStore` indexes every resource it is given up
front: right for one session's patient or a test, wrong for a whole source (the default
dataset's 932 patients take about 4 GB once decoded; full MIMIC-IV would not fit). A
:class:`LazyFhirStore` starts with the ids of its patients only. A patient's resources
are read from a :class:`PatientSource` and indexed (a one-patient ``FhirStore``) the
first time a view, a search or a read needs them, and at most ``keep`` patients are held
at once (the least recently used goes first), so memory does not grow with the number of
patients in the source. Every answer is the one a ``FhirStore`` built from all the
source's resources gives.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from physassist_env.ehr.index import Entry, TypeIndex
from physassist_env.ehr.store import FhirStore

#: Patients a lazy store keeps indexed at once, by default.
KEEP_PATIENTS = 64
_EMPTY = FhirStore([])  # renders what is not a held part's own, memoising nothing


class PatientSource(Protocol):
    """Where a :class:`LazyFhirStore` reads patients from (e.g. a dataset's ``patients``
    config, :class:`physassist_env.dataset.patients.PatientTable`)."""

    def patient_ids(self) -> list[str]:
        """Every patient id of the source."""
        ...

    def resources(self, patient_id: str) -> list[dict[str, Any]]:
        """One patient's FHIR resources (``KeyError`` for an unknown id)."""
        ...

    def holder(self, resource_type: str, resource_id: str) -> str | None:
        """The id of the patient holding a resource, ``None`` when no patient does."""
        ...

    def candidates(
        self,
        resource_type: str,
        code_values: list[str],
        ids: list[str] | None = None,
    ) -> set[str] | None:
        """Patients that may match a search (a superset), ``None`` when the source
        cannot tell (every patient may)."""
        ...


class LazyFhirStore(FhirStore):
    """A :class:`FhirStore` over a :class:`PatientSource`, reading patients on demand.

    Args:
        source: The patients.
        patients: Only these ids of the source (default: all).
        keep: Most patients held indexed at once (least recently used dropped first).

    Raises:
        KeyError: For an id in ``patients`` the source does not have.
    """

    def __init__(
        self,
        source: PatientSource,
        *,
        patients: Iterable[str] | None = None,
        keep: int = KEEP_PATIENTS,
    ):
        # Nothing is indexed up front, so FhirStore.__init__ is not called: every method
        # that reads its indexes is overridden here and goes through one patient's store.
        self._source = source
        ids = source.patient_ids()
        if patients is not None:
            known = set(ids)
            wanted = list(dict.fromkeys(patients))
            missing = [p for p in wanted if p not in known]
            if missing:
                raise KeyError(f"no patient {', '.join(missing)} in the source")
            ids = wanted
        self._ids = sorted(ids)
        self._known = frozenset(self._ids)
        self._keep = max(1, keep)
        self._parts: OrderedDict[str, FhirStore] = OrderedDict()
        self._lock = threading.RLock()

    @property
    def scan_limit(self) -> int:  # type: ignore[override]
        """A search naming no patient reads at most the patients held at once (``keep``):
        more would read each patient's row group again on every such search."""
        return self._keep

    @property
    def patient_ids(self) -> list[str]:
        """Ids of the patients in the store (sorted; read nothing)."""
        return self._ids

    def has_patient(self, patient_id: str) -> bool:
        """Whether the store holds the patient (reads nothing)."""
        return patient_id in self._known

    def patient_store(self, patient_id: str) -> FhirStore:
        """The indexed one-patient store of ``patient_id``, read on first use.

        Raises:
            KeyError: If the patient is not in the store.
        """
        if patient_id not in self._known:
            raise KeyError(f"patient {patient_id!r} is not in the store")
        with self._lock:
            part = self._parts.get(patient_id)
            if part is not None:
                self._parts.move_to_end(patient_id)
                return part
            part = FhirStore(self._source.resources(patient_id))
            self._parts[patient_id] = part
            while len(self._parts) > self._keep:
                self._parts.popitem(last=False)
            return part

    @property
    def held(self) -> list[str]:
        """Ids of the patients indexed right now, least recently used first."""
        with self._lock:
            return list(self._parts)

    def type_index(self, patient_id: str, resource_type: str) -> TypeIndex | None:
        """The index of one patient's resources of one type (``None`` if there are none)."""
        if patient_id not in self._known:
            return None
        return self.patient_store(patient_id).type_index(patient_id, resource_type)

    def types(self, patient_id: str) -> list[str]:
        """The resource types one patient has, sorted."""
        if patient_id not in self._known:
            return []
        return self.patient_store(patient_id).types(patient_id)

    def lines(
        self, resources: Sequence[dict[str, Any]], patient_id: str | None = None
    ) -> list[str]:
        """See :meth:`FhirStore.lines` (memoised in the patient's part)."""
        return self._part_for(patient_id).lines(resources)

    def matches(
        self, resources: Sequence[dict[str, Any]], patient_id: str | None = None
    ) -> list[dict[str, Any]]:
        """See :meth:`FhirStore.matches` (memoised in the patient's part)."""
        return self._part_for(patient_id).matches(resources)

    def _part_for(self, patient_id: str | None) -> FhirStore:
        # a resource that is not the part's own (or no patient given) is rendered fresh
        if patient_id is None or patient_id not in self._known:
            return _EMPTY
        return self.patient_store(patient_id)

    def entry(self, resource_type: str, resource_id: str) -> Entry | None:
        """The indexed entry of a resource by type and id: looked up among the patients
        held first, else the source says which patient holds it and that one is read."""
        with self._lock:
            for part in reversed(self._parts.values()):
                found = part.entry(resource_type, resource_id)
                if found is not None:
                    return found
        if resource_type == "Patient" and resource_id in self._known:
            # a patient's own resource is (in every build) under its id: one row group
            # read, not a scan of every row group for the id (``GET /Patient/<id>``)
            found = self.patient_store(resource_id).entry(resource_type, resource_id)
            if found is not None:
                return found
        holder = self._source.holder(resource_type, resource_id)
        if holder is None or holder not in self._known:
            return None
        return self.patient_store(holder).entry(resource_type, resource_id)

    def candidate_patients(
        self,
        resource_type: str,
        code_values: list[str],
        ids: list[str] | None = None,
    ) -> set[str] | None:
        """Patients a search naming none may match, from the source's index without
        reading a patient (``None`` when it has none); see :meth:`FhirStore.candidate_patients`."""
        candidates = getattr(self._source, "candidates", None)
        if candidates is None:
            return None
        found = candidates(resource_type, code_values, ids)
        return None if found is None else found & self._known
