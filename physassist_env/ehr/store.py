"""The in-process FHIR store, and the date-gated, copy-on-write view an episode uses.

:class:`FhirStore` indexes the resources of one or many patients for the searches the
benchmark's tools make. It is never modified after construction: an episode works on a
:class:`StoreView` (an :class:`~physassist_env.ehr.view.EhrView`), which hides everything
after the session's current date (for every resource type) and keeps its own writes in
an overlay.
"""

from __future__ import annotations

import bisect
import copy
import itertools
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from physassist_env.ehr.dates import (
    check_date,
    is_date_value,
    latest_key,
    matches_date,
    parse_date_filter,
    visible_at,
)
from physassist_env.ehr.index import Entry, TypeIndex, entry_key, order_key
from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.render import render_resource
from physassist_env.ehr.view import EhrView, match_entry, new_resource
from physassist_env.fhir.record import PatientRecord, reference_id
from physassist_env.fhir.validate import validate_resource

# FHIR search parameters the store understands, per resource type (beyond the common ones).
SEARCH_PARAMS: dict[str, frozenset[str]] = {
    "Observation": frozenset({"code", "category", "status", "encounter"}),
    "Condition": frozenset({"code", "category", "clinical-status", "encounter"}),
    "MedicationRequest": frozenset(
        {"code", "medication", "status", "intent", "encounter"}
    ),
    "MedicationAdministration": frozenset({"code", "medication", "status", "context"}),
    "Procedure": frozenset({"code", "status", "encounter"}),
    "DiagnosticReport": frozenset({"code", "category", "status", "encounter"}),
    "DocumentReference": frozenset({"type", "category", "status", "encounter"}),
    "AllergyIntolerance": frozenset({"code", "clinical-status"}),
    "CarePlan": frozenset({"category", "status", "encounter"}),
    "Encounter": frozenset({"class", "status", "type"}),
    "ServiceRequest": frozenset({"code", "status", "priority"}),
    "Flag": frozenset({"code", "category", "status"}),
    "Patient": frozenset(),
    # No tool of its own (the release's 18 have none): Procedure.search returns them too.
    "Immunization": frozenset({"code", "status", "encounter"}),
}
# The parameters matched against each type's code (token or name), see index.CODE_PATHS.
CODE_PARAMS: dict[str, tuple[str, ...]] = {
    "MedicationRequest": ("code", "medication"),
    "MedicationAdministration": ("code", "medication"),
    "DocumentReference": ("type",),
    "Encounter": (),
}
COMMON_PARAMS = frozenset({"patient", "subject", "date", "_sort", "_count", "_id"})
MAX_COUNT = 1000


def patient_of(resource: Mapping[str, Any]) -> str | None:
    """The id of the patient a resource belongs to (the Patient's own id for a Patient)."""
    if resource.get("resourceType") == "Patient":
        return resource.get("id")
    for field in ("subject", "patient", "beneficiary"):
        pid = reference_id(resource.get(field), "Patient")
        if pid:
            return pid
    return None


#: The status a resource shows while its period is still running at the gate date.
ONGOING_STATUS = {
    "Encounter": "in-progress",
    "MedicationRequest": "active",
    "MedicationAdministration": "in-progress",
    "MedicationStatement": "active",
    "Procedure": "in-progress",
    "CarePlan": "active",
    "Flag": "active",
}
#: Order statuses that say the order ended or paused after it was written. An export that
#: gives no date for that change (no ``dispenseRequest.validityPeriod.end``: Synthea writes
#: ``stopped`` with no date, MIMIC-IV on FHIR some orders without a validity period) does
#: not say whether it had happened by a given day, so at a date such an order shows FHIR's
#: ``unknown`` ("the source system does not know which of the status values currently
#: applies"), never a stop that may lie after the day.
UNDATED_CHANGES: dict[str, frozenset[str]] = {
    "MedicationRequest": frozenset({"stopped", "completed", "cancelled", "on-hold"}),
}
#: Condition clinical statuses that a future abatement turns back into ``active``.
_ABATED = {"resolved", "inactive", "remission"}
#: The elements :func:`gate_resource` edits in place on its copy, per type (top-level
#: keys it only replaces or removes need no copy).
_GATED_ELEMENTS: dict[str, tuple[str, ...]] = {
    "Condition": ("clinicalStatus",),
    "Encounter": ("period", "hospitalization", "location"),
    "MedicationRequest": ("dispenseRequest",),
    "MedicationAdministration": ("effectivePeriod",),
    "MedicationStatement": ("effectivePeriod",),
    "Observation": ("effectivePeriod",),
    "Procedure": ("performedPeriod",),
    "DocumentReference": ("context",),
    "CarePlan": ("period",),
    "Flag": ("period",),
}


def _cut_end(period: Any, as_of: str) -> bool:
    """Drop ``period.end`` when it lies after ``as_of``; True when something was cut."""
    if isinstance(period, dict) and period.get("end"):
        if not visible_at(str(period["end"])[:19], as_of):
            del period["end"]
            return True
    return False


def gate_resource(
    resource: dict[str, Any], end: str, as_of: str | None, last: str | None = None
) -> dict[str, Any]:
    """Return the resource as it looked at ``as_of``: future parts cut, status recomputed.

    A period still running at ``as_of`` loses its end (Encounter, orders, administrations,
    procedures, notes, care plans) and shows its ongoing status; an Encounter also loses
    its discharge disposition and its future locations (or their end); a Condition whose
    abatement lies in the future shows no abatement and is ``active``; an order whose end
    the record does not date shows no end status (:data:`UNDATED_CHANGES`). Then every other
    date after ``as_of`` is removed wherever it is (:func:`drop_later`: a Patient's later
    death, an order's planned start, a participant's period end, an extension's
    ``valueDateTime``, a vaccine lot's expiry), so a visible resource never shows a date
    after the day. The stored resource is never modified.

    Args:
        resource: A stored resource visible at ``as_of``.
        end: Its period end key (:func:`~physassist_env.ehr.dates.end_key`).
        as_of: The gate date (``None``: no gate).
        last: Its latest date (:func:`~physassist_env.ehr.dates.latest_key`), computed
            when not given.
    """
    if as_of is None:
        return resource
    if not end and resource.get("status") in UNDATED_CHANGES.get(
        resource["resourceType"], ()
    ):
        resource = {**resource, "status": "unknown"}
    if last is None:
        last = latest_key(resource)
    if not last or visible_at(last, as_of):
        return resource  # nothing in it lies after the day
    out = _gate_period(resource, end, as_of) if end else resource
    return drop_later(out, as_of)


def drop_later(node: Any, as_of: str) -> Any:
    """``node`` without the date values after ``as_of`` (copy-on-write: unchanged parts
    are shared, an unchanged node is returned as is). A list item whose ``period``
    starts after ``as_of`` is a later event and goes whole (an Encounter's later
    ``statusHistory``, ``classHistory``, ``location`` or ``participant``). An element
    left empty by a removal is removed too (FHIR has no empty elements); a date in an
    element that is not a date (free text, ids) is kept."""
    if isinstance(node, dict):
        out: dict[str, Any] | None = None
        for key, value in node.items():
            if isinstance(value, str):
                if not is_date_value(key, value) or visible_at(value[:19], as_of):
                    continue
                new: Any = None
            elif isinstance(value, dict | list):
                new = drop_later(value, as_of)
                if new is value:
                    continue
            else:
                continue
            if out is None:
                out = dict(node)
            if new is None or new == {} or new == []:
                del out[key]
            else:
                out[key] = new
        if out is None:
            return node
        if "url" in out and not any(
            k.startswith("value") or k == "extension" for k in out
        ):
            return None  # an extension whose value was later: nothing left to say
        return out
    if isinstance(node, list):
        items = []
        changed = False
        for value in node:
            if isinstance(value, str) and is_date_value("", value):
                if not visible_at(value[:19], as_of):
                    changed = True
                    continue
                items.append(value)
                continue
            if isinstance(value, dict) and _starts_later(value, as_of):
                changed = True
                continue
            new = drop_later(value, as_of) if isinstance(value, dict | list) else value
            changed |= new is not value
            if new is None or new == {} or new == []:
                continue
            items.append(new)
        return items if changed else node
    return node


def _starts_later(item: dict[str, Any], as_of: str) -> bool:
    period = item.get("period")
    start = period.get("start") if isinstance(period, dict) else None
    return isinstance(start, str) and bool(start) and not visible_at(start[:19], as_of)


def _gate_period(resource: dict[str, Any], end: str, as_of: str) -> dict[str, Any]:
    """The period-bound part of :func:`gate_resource`: ends after ``as_of`` cut and the
    ongoing status shown (returns ``resource`` itself when its end is not after it)."""
    if visible_at(end, as_of):
        return resource
    rtype = resource["resourceType"]
    # Copy only the elements the gate edits (the rest is shared, like an ungated
    # resource, which is returned as stored): a whole deepcopy dominated date-gated reads.
    out = dict(resource)
    for name in _GATED_ELEMENTS.get(rtype, ()):
        if name in out:
            out[name] = copy.deepcopy(out[name])
    if rtype == "Condition":
        for name in ("abatementDateTime", "abatementPeriod", "abatementString"):
            out.pop(name, None)
        for c in (out.get("clinicalStatus") or {}).get("coding") or []:
            if c.get("code") in _ABATED:
                c["code"], c["display"] = "active", "Active"
        return out
    if rtype in ONGOING_STATUS:
        out["status"] = ONGOING_STATUS[rtype]
        out.pop("statusReason", None)  # why it ended is not known while it runs
    if rtype == "Encounter":
        out["period"].pop("end", None)
        hosp = out.get("hospitalization")
        if isinstance(hosp, dict):
            hosp.pop("dischargeDisposition", None)
        locations = []
        for loc in out.get("location") or []:
            period = loc.get("period") if isinstance(loc, dict) else None
            start = str((period or {}).get("start") or "")[:19]
            if start and not visible_at(start, as_of):
                continue  # moved there later
            if _cut_end(period, as_of):
                loc["status"] = "active"
            locations.append(loc)
        if "location" in out:
            out["location"] = locations
            if not locations:
                del out["location"]
    elif rtype == "MedicationRequest":
        out["dispenseRequest"]["validityPeriod"].pop("end", None)
    elif rtype in ("MedicationAdministration", "MedicationStatement", "Observation"):
        _cut_end(out.get("effectivePeriod"), as_of)
    elif rtype == "Procedure":
        _cut_end(out.get("performedPeriod"), as_of)
    elif rtype == "DocumentReference":
        _cut_end((out.get("context") or {}).get("period"), as_of)
    elif rtype in ("CarePlan", "Flag"):
        _cut_end(out.get("period"), as_of)
    return out


class FhirStore:
    """An immutable, indexed FHIR store.

    Args:
        resources: FHIR resources (JSON dicts) of any number of patients. Each clinical
            resource must reference its patient (``subject``/``patient``).
        validate: Validate every resource as FHIR R4 on the way in (slow; off by default
            because sources already produce validated records).

    Raises:
        ValueError: For a resource without ``resourceType``/``id`` or without a patient.
    """

    def __init__(self, resources: Iterable[dict[str, Any]], *, validate: bool = False):
        self._index: dict[str, dict[str, TypeIndex]] = defaultdict(dict)
        self._by_id: dict[tuple[str, str], Entry] = {}
        self._by_object: dict[int, Entry] | None = None
        for res in resources:
            if validate:
                validate_resource(res)
            self._add(res)
        self._date_by_encounter()
        for per_type in self._index.values():
            for idx in per_type.values():
                idx.finalise()

    @classmethod
    def from_records(
        cls, records: Iterable[PatientRecord], *, validate: bool = False
    ) -> FhirStore:
        """Build a store from canonical patient records."""
        return cls(
            itertools.chain.from_iterable(r.resources for r in records),
            validate=validate,
        )

    def _add(self, res: dict[str, Any]) -> None:
        rtype, rid = res.get("resourceType"), res.get("id")
        if not rtype or not rid:
            raise ValueError(f"resource without resourceType or id: {str(res)[:200]}")
        pid = patient_of(res)
        if pid is None:
            raise ValueError(f"{rtype}/{rid} does not reference a patient")
        entry = Entry(res)
        self._by_id[(rtype, rid)] = entry
        per_type = self._index[pid]
        if rtype not in per_type:
            per_type[rtype] = TypeIndex()
        per_type[rtype].add(entry)

    def _date_by_encounter(self) -> None:
        """Date each undated resource by the start of its encounter, an undated
        Condition (an encounter diagnosis, coded from the discharge record) by its end.

        A resource without its own date (an encounter diagnosis in MIMIC-IV on FHIR, a
        MIMIC-IV-on-FHIR MedicationDispense, which has neither ``whenPrepared`` nor
        ``whenHandedOver``) is known from its encounter (``encounter``, or ``context``),
        not from the beginning of time; without an encounter it stays undated (always
        visible).
        """
        for per_type in self._index.values():
            for rtype, idx in per_type.items():
                if rtype == "Patient":
                    continue
                for e in idx.entries:
                    if e.key:
                        continue
                    ref = e.resource.get("encounter") or e.resource.get("context")
                    enc_id = (
                        reference_id(ref, "Encounter")
                        if isinstance(ref, dict)
                        else None
                    )
                    enc = self._by_id.get(("Encounter", enc_id)) if enc_id else None
                    if enc is not None and rtype == "Condition" and enc.end:
                        # an encounter diagnosis is a code assigned from the discharge
                        # record (MIMIC-IV diagnoses_icd, billing): known at its end
                        e.set_key(enc.end)
                    elif enc is not None and enc.key:
                        e.set_key(enc.key)

    @property
    def patient_ids(self) -> list[str]:
        """Ids of the patients in the store."""
        return sorted(self._index)

    def type_index(self, patient_id: str, resource_type: str) -> TypeIndex | None:
        """The index of one patient's resources of one type (``None`` if there are none)."""
        return self._index.get(patient_id, {}).get(resource_type)

    def lines(
        self, resources: Sequence[dict[str, Any]], patient_id: str | None = None
    ) -> list[str]:
        """The compact text line of each resource, rendered once per stored resource (the
        store's resources never change; any other dict, such as a gated copy or a
        created resource, is rendered each time). ``patient_id``: whose they are, when
        known (a lazy store reads the patient's part with it)."""
        stored = self._stored()
        out = []
        for res in resources:
            entry = stored.get(id(res))
            if entry is None or entry.resource is not res:
                out.append(render_resource(res))
            elif entry.line is None:
                entry.line = render_resource(res)
                out.append(entry.line)
            else:
                out.append(entry.line)
        return out

    def matches(
        self, resources: Sequence[dict[str, Any]], patient_id: str | None = None
    ) -> list[dict[str, Any]]:
        """Each resource as a searchset Bundle entry (``fullUrl``, ``resource``, ``search``
        mode ``match``), built once per stored resource and shared like the resource
        itself (read-only); see :meth:`lines`."""
        stored = self._stored()
        out = []
        for res in resources:
            entry = stored.get(id(res))
            if entry is None or entry.resource is not res:
                out.append(match_entry(res))
            elif entry.match is None:
                entry.match = match_entry(res)
                out.append(entry.match)
            else:
                out.append(entry.match)
        return out

    def _stored(self) -> dict[int, Entry]:
        """``id(resource) -> entry`` of the store's own resource objects (built on first
        use; the store holds them, so an id is never reused while it lives)."""
        if self._by_object is None:
            self._by_object = {id(e.resource): e for e in self._by_id.values()}
        return self._by_object

    def types(self, patient_id: str) -> list[str]:
        """The resource types one patient has, sorted."""
        return sorted(self._index.get(patient_id, {}))

    def has_patient(self, patient_id: str) -> bool:
        """Whether the store holds the patient."""
        return patient_id in self._index

    def entry(self, resource_type: str, resource_id: str) -> Entry | None:
        """The indexed entry of a resource by type and id."""
        return self._by_id.get((resource_type, resource_id))

    #: Most patients a search naming none may read (``None``: no limit of the store's own;
    #: the server's ``max_scan_patients`` applies).
    scan_limit: int | None = None

    def candidate_patients(
        self,
        resource_type: str,
        code_values: list[str],
        ids: list[str] | None = None,
    ) -> set[str] | None:
        """Patients a search naming none may match (a superset; ``code_values`` as in a
        search, ``ids`` its ``_id`` values), or ``None``: every patient may. A store in
        memory answers ``None`` (its searches are cheap); see
        :meth:`~physassist_env.ehr.lazy.LazyFhirStore.candidate_patients`."""
        return None

    def view(
        self,
        patient_id: str,
        as_of: str | None = None,
        *,
        ids: Iterator[int] | None = None,
    ) -> StoreView:
        """A date-gated, copy-on-write view of one patient, as an episode sees the EHR.

        Args:
            patient_id: The session's patient.
            as_of: The session's current date (``YYYY-MM-DD`` or a date-time); nothing
                dated after it is visible. ``None`` shows everything.
            ids: The counter numbering created resources (share one across views to
                keep created ids unique, as a server does); a fresh one by default.

        Raises:
            KeyError: If the patient is not in the store.
        """
        if not self.has_patient(patient_id):
            raise KeyError(f"patient {patient_id!r} is not in the store")
        return StoreView(self, patient_id, as_of, ids=ids)


class StoreView(EhrView):
    """One patient's EHR in the in-process store at one moment, with the episode's own writes.

    Implements :class:`~physassist_env.ehr.view.EhrView` (``patient()`` comes from it).
    Reads see the base store's resources dated on or before ``as_of`` plus resources
    created in this view; writes never touch the base store.
    """

    def __init__(
        self,
        store: FhirStore,
        patient_id: str,
        as_of: str | None,
        *,
        ids: Iterator[int] | None = None,
    ):
        self.store = store
        self.patient_id = patient_id
        self.as_of = check_date(as_of, "current_date") if as_of else None
        self.created: list[dict[str, Any]] = []
        self._overlay: dict[str, TypeIndex] = {}
        self._counter = ids if ids is not None else itertools.count(1)

    # -- reads -------------------------------------------------------------------------
    def read(self, resource_type: str, resource_id: str) -> dict[str, Any] | None:
        """Read one resource of this patient visible at ``as_of`` (``None`` if not)."""
        for res in self.created:
            if res["resourceType"] == resource_type and res["id"] == resource_id:
                return res
        entry = self.store.entry(resource_type, resource_id)
        if entry is None or patient_of(entry.resource) != self.patient_id:
            return None
        if not entry.visible(self.as_of):
            return None
        return gate_resource(entry.resource, entry.end, self.as_of, entry.last)

    def visible_resources(self) -> list[dict[str, Any]]:
        """Every stored resource of this patient visible at ``as_of``, as it looked then
        (:func:`gate_resource`), in store order; the view's own writes are not included.

        The one availability rule of the tools (happened and recorded by ``as_of``;
        undated Conditions dated by their encounter), for consumers that need the whole
        chart at a date, such as the simulated patient's memory (:func:`record_at`).
        """
        out = []
        for rtype in self.store.types(self.patient_id):
            idx = self.store.type_index(self.patient_id, rtype)
            for e in idx.entries if idx else ():
                if e.visible(self.as_of):
                    out.append(gate_resource(e.resource, e.end, self.as_of, e.last))
        return out

    def lines(self, resources: Sequence[dict[str, Any]]) -> list[str]:
        """The compact text lines of resources this view returned (memoised by the
        store for its own, :meth:`FhirStore.lines`)."""
        return self.store.lines(resources, self.patient_id)

    def matches(self, resources: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Resources this view returned as searchset Bundle entries (memoised by the
        store for its own, :meth:`FhirStore.matches`)."""
        return self.store.matches(resources, self.patient_id)

    def names(self, resource_type: str) -> list[str]:
        """Distinct code names of one type visible at ``as_of`` (for "did you mean" hints)."""
        idx = self.store.type_index(self.patient_id, resource_type)
        if idx is None:
            return []
        if self.as_of is None:
            return idx.names()
        bound = bisect.bisect_right(idx.entries, self.as_of + "~", key=entry_key)
        return sorted(
            {
                n.lower()
                for e in idx.entries[:bound]
                if not e.avail or e.visible(self.as_of)
                for n in e.names
            }
        )

    def search(
        self,
        resource_type: str,
        params: Mapping[str, str | Sequence[str]] | None = None,
    ) -> tuple[list[dict[str, Any]], int]:
        """FHIR search over this patient's visible resources.

        Args:
            resource_type: e.g. ``"Observation"``.
            params: FHIR search parameters. Supported: ``code`` (comma-separated
                alternatives; ``system|code``, a bare code, or a name/alias matched on
                word prefixes), ``category``, ``status``, ``clinical-status``, ``class``,
                ``type``, ``intent``, ``priority``, ``encounter``, ``_id``, ``date`` (one
                or several of ``ge|le|gt|lt|eq|ne`` + date, all must hold), ``_sort``
                (``date`` or ``-date``, default ``-date``) and ``_count``. A value given
                as a list means the parameter is repeated (AND).

        Returns:
            ``(resources, total)``: the page of matches after ``_count`` and the number
            of all matches.

        Raises:
            ToolError: For unknown types or parameters, bad dates or counts.
        """
        if resource_type not in SEARCH_PARAMS:
            raise ToolError(
                f"resource type {resource_type!r} is not searchable here; "
                f"searchable: {', '.join(sorted(SEARCH_PARAMS))}",
                code="not-supported",
            )
        plist = normalise_params(params or {})
        allowed = SEARCH_PARAMS[resource_type] | COMMON_PARAMS
        for name in plist:
            if name not in allowed:
                raise ToolError(
                    f"{resource_type} has no search parameter {name!r}; "
                    f"supported: {', '.join(sorted(allowed))}",
                    code="not-supported",
                    expression=name,
                )
        sort_desc, count = pop_controls(plist, self.patient_id)
        date_filters = [parse_date_filter(v) for v in plist.pop("date", [])]

        code_values: list[str] = []
        for name in CODE_PARAMS.get(resource_type, ("code",)):
            code_values += plist.pop(name, [])
        candidates = self._visible(*self._candidates(resource_type, code_values))
        if date_filters or plist:
            filters = _parse_filters(plist)  # parsed once, not once per entry
            candidates = [
                e
                for e in candidates
                if all(matches_date(e.key, p, v) for p, v in date_filters)
                and _matches_filters(e, filters, self.as_of)
            ]
        total = len(candidates)
        if sort_desc:
            page = (
                candidates[::-1]
                if count is None
                else candidates[: -count - 1 : -1]
                if count
                else []
            )
        else:
            page = candidates if count is None else candidates[:count]
        as_of = self.as_of
        if as_of is None:
            return [e.resource for e in page], total
        # gate_resource's "nothing to cut" test inlined (a hot loop): nothing after the
        # day (a key at least as long as as_of compares by its prefix, as in
        # dates.matches_date) and no undated stop to hide
        n = len(as_of)
        undated = UNDATED_CHANGES.get(resource_type, frozenset())
        return [
            e.resource
            if (
                not (last := e.last)
                or (last[:n] <= as_of if len(last) >= n else visible_at(last, as_of))
            )
            and (e.end or e.status not in undated)
            else gate_resource(e.resource, e.end, as_of, last)
            for e in page
        ], total

    def visible_entries(self, resource_type: str) -> list[Entry]:
        """This patient's entries of one type visible at ``as_of`` (the view's writes
        included), oldest first: what an unfiltered :meth:`search` counts."""
        return self._visible(*self._candidates(resource_type, None))

    def _visible(self, candidates: list[Entry], any_avail: bool = True) -> list[Entry]:
        """``candidates`` (oldest first) less those not visible at ``as_of``
        (``any_avail``: whether any of them may have an availability key)."""
        if self.as_of is not None:
            # undated entries sort first and are always visible; "~" sorts after any
            # date-time character, so this keeps every key whose prefix is <= as_of.
            candidates = candidates[
                : bisect.bisect_right(candidates, self.as_of + "~", key=entry_key)
            ]
            # availability: a result collected by as_of but released later is hidden
            as_of_ = self.as_of
            if any_avail and any(e.avail for e in candidates):
                # Entry.visible inlined (a hot loop): an availability key at least as
                # long as as_of compares by its prefix, as in dates.matches_date
                n = len(as_of_)
                candidates = [
                    e
                    for e in candidates
                    if not e.avail
                    or (
                        e.avail[:n] <= as_of_
                        if len(e.avail) >= n
                        else e.visible(as_of_)
                    )
                ]
        return candidates

    def _candidates(
        self, resource_type: str, code_values: list[str] | None
    ) -> tuple[list[Entry], bool]:
        """The entries of one type matching ``code_values`` (any of them; ``None``:
        all), oldest first, and whether any index they come from has availability keys."""
        indexes = [
            i
            for i in (
                self.store.type_index(self.patient_id, resource_type),
                self._overlay.get(resource_type),
            )
            if i
        ]
        any_avail = any(i.has_avail for i in indexes)
        if not code_values:
            if len(indexes) == 1:
                return indexes[0].entries, any_avail
            return sorted(
                (e for i in indexes for e in i.entries), key=order_key
            ), any_avail
        alts = [a.strip() for v in code_values for a in v.split(",") if a.strip()]
        lists = [hits for idx in indexes for alt in alts if (hits := idx.lookup(alt))]
        if len(lists) == 1:
            return lists[0], any_avail
        found = {id(e): e for hits in lists for e in hits}
        return sorted(found.values(), key=order_key), any_avail

    # -- writes ------------------------------------------------------------------------
    def create(
        self, resource: dict[str, Any], *, validate: bool = True
    ) -> dict[str, Any]:
        """Create a resource in this view (the base store is never modified).

        The resource (see :func:`~physassist_env.ehr.view.new_resource`) gets the id
        ``<type>-new-<n>`` from the view's counter.

        Raises:
            ToolError: If the resource is not valid FHIR R4 (with the validator's reason).
        """
        res = new_resource(resource, self.patient_id, validate=validate)
        rtype = res["resourceType"]
        res["id"] = f"{rtype.lower()}-new-{next(self._counter)}"
        if rtype not in self._overlay:
            self._overlay[rtype] = TypeIndex()
        self._overlay[rtype].add(Entry(res))
        self._overlay[rtype].finalise()
        self.created.append(res)
        return res


def pop_controls(
    plist: dict[str, list[str]], patient_id: str
) -> tuple[bool, int | None]:
    """Remove and check the search controls shared by every backend.

    Checks ``patient``/``subject`` (only the session's patient), and parses ``_sort``
    (``date`` or ``-date``) and ``_count`` (0..:data:`MAX_COUNT`).

    Returns:
        ``(newest_first, count)``; ``count`` is ``None`` when not given.

    Raises:
        ToolError: Naming the bad parameter and what is accepted.
    """
    for name in ("patient", "subject"):
        for value in plist.pop(name, []):
            if value.split("/")[-1] != patient_id:
                raise ToolError(
                    f"{name}={value!r}: this session can only read patient {patient_id}",
                    code="forbidden",
                    expression=name,
                )
    sort_desc = True
    for value in plist.pop("_sort", []):
        if value not in ("date", "-date"):
            raise ToolError(
                f"_sort={value!r}: use 'date' or '-date'",
                code="value",
                expression="_sort",
            )
        sort_desc = value == "-date"
    count: int | None = None
    for value in plist.pop("_count", []):
        try:
            count = int(value)
        except ValueError:
            count = -1
        if not 0 <= count <= MAX_COUNT:
            raise ToolError(
                f"_count={value!r}: must be a whole number from 0 to {MAX_COUNT}",
                code="value",
                expression="_count",
            )
    return sort_desc, count


def normalise_params(
    params: Mapping[str, str | Sequence[str]],
) -> dict[str, list[str]]:
    """Search parameters as lists of strings (a list value repeats the parameter; ``None`` is dropped)."""
    out: dict[str, list[str]] = {}
    for name, value in params.items():
        if value is None:
            continue
        values = [value] if isinstance(value, str | int | float) else list(value)
        out[str(name)] = [str(v) for v in values]
    return out


def status_at(e: Entry, as_of: str | None) -> str:
    """An entry's status as seen at ``as_of`` (an order or stay still running is ongoing;
    an order stopped at a date the record does not give is ``unknown``, as
    :func:`gate_resource` shows it)."""
    if as_of and e.end and not visible_at(e.end, as_of):
        return ONGOING_STATUS.get(e.resource.get("resourceType", ""), e.status)
    if as_of and not e.end:
        if e.status in UNDATED_CHANGES.get(e.resource.get("resourceType", ""), ()):
            return "unknown"
    return e.status


def clinical_status_at(e: Entry, as_of: str | None) -> set[str]:
    """A Condition's clinical-status tokens at ``as_of`` (active until its abatement)."""
    if as_of and e.end and not visible_at(e.end, as_of) and e.clinical_status:
        gated = gate_resource(e.resource, e.end, as_of, e.last)
        return {
            t
            for c in (gated.get("clinicalStatus") or {}).get("coding") or []
            for t in (
                str(c.get("code", "")).lower(),
                f"{c.get('system', '')}|{c.get('code', '')}".lower(),
            )
        }
    return e.clinical_status


def _parse_filters(plist: Mapping[str, list[str]]) -> list[tuple[str, frozenset[str]]]:
    """Each (parameter, value) as its lowercased comma-separated alternatives, in order."""
    return [
        (name, frozenset(a.strip().lower() for a in value.split(",") if a.strip()))
        for name, values in plist.items()
        for value in values
    ]


def _matches_filters(
    e: Entry, filters: list[tuple[str, frozenset[str]]], as_of: str | None = None
) -> bool:
    """Whether ``e`` meets every parsed filter (see :func:`_parse_filters`)."""
    for name, alts in filters:
        if name == "status":
            ok = status_at(e, as_of) in alts
        elif name == "clinical-status":
            ok = bool(clinical_status_at(e, as_of) & alts)
        elif name in ("category", "class"):
            ok = bool(e.categories & alts)
        elif name == "_id":
            ok = str(e.resource.get("id", "")).lower() in alts
        elif name in ("encounter", "context"):
            ref = e.resource.get("encounter") or e.resource.get("context") or {}
            ok = str(ref.get("reference", "")).split("/")[-1].lower() in {
                a.split("/")[-1] for a in alts
            }
        elif name in ("intent", "priority"):
            ok = str(e.resource.get(name, "")).lower() in alts
        elif name == "type":  # Encounter.type
            ok = bool(e.tokens & alts) or any(
                a in n.lower() for n in e.names for a in alts
            )
        else:
            ok = False
        if not ok:
            return False
    return True


def record_at(
    record: PatientRecord, as_of: str | None, *, store: FhirStore | None = None
) -> PatientRecord:
    """The record as it stood at ``as_of``: only what the tools would show then.

    Resources pass the same availability gate as an episode's :class:`EhrView`; note
    sections (``meta["note_sections"]``, keyed by admission id) are kept only for admissions
    that had begun by ``as_of`` (a later admission's note is not known yet). ``None``
    returns the record unchanged. ``store``: a store already built from this record
    (``FhirStore.from_records([record])``), to gate without indexing it again.
    """
    if as_of is None:
        return record
    store = store if store is not None else FhirStore.from_records([record])
    view = store.view(record.patient_id, as_of)
    resources = view.visible_resources()
    meta = dict(record.meta)
    sections = meta.get("note_sections")
    if isinstance(sections, dict):
        begun = {
            str(r.get("id")) for r in resources if r.get("resourceType") == "Encounter"
        }
        meta["note_sections"] = {k: v for k, v in sections.items() if str(k) in begun}
    return PatientRecord(
        patient_id=record.patient_id,
        resources=resources,
        source=record.source,
        meta=meta,
    )
