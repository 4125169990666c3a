"""Server-side FHIR operations over a whole :class:`~physassist_env.ehr.store.FhirStore`.

The store answers searches per patient (:class:`~physassist_env.ehr.store.StoreView`).
:class:`ServerBackend` adds what a REST server needs on top: reads by id across
patients, searches with or without ``patient``/``subject`` (merged across patients,
newest first), paging with ``_offset``, ``$everything``, and creates that go into a
server-side overlay (one copy-on-write view per patient; the source data never change).
"""

from __future__ import annotations

import itertools
import json
import logging
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from physassist_env.ehr.dates import check_date, date_key
from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.store import (
    CODE_PARAMS,
    MAX_COUNT,
    SEARCH_PARAMS,
    FhirStore,
    StoreView,
    patient_of,
)
from physassist_env.server.params import (
    IGNORED_PARAMS,
    WRITE_TYPES,
    accepted_params,
    aliases,
)

logger = logging.getLogger(__name__)
T = TypeVar("T")

DEFAULT_PAGE_SIZE = 100
#: Most patients a search without ``patient``/``subject``/``_id`` may scan (400 above).
MAX_SCAN_PATIENTS = 1_000
#: Resources whose sort keys a search computes between two steps.
KEY_CHUNK = 1000
#: Most resources created through one server (the app answers 429 after).
MAX_CREATED = 10_000
#: Most bytes (compact JSON) of all resources created through one server (429 after):
#: what a client can make the server hold, whatever the count.
MAX_CREATED_BYTES = 32_000_000


class UnknownTypeError(ToolError):
    """A resource type this server does not serve (HTTP 404)."""

    def __init__(self, resource_type: str):
        super().__init__(
            f"resource type {resource_type!r} is not supported by this server; "
            f"supported: {', '.join(sorted(SEARCH_PARAMS))}",
            code="not-supported",
        )


@dataclass
class SearchPage:
    """One page of a search.

    Attributes:
        resources: The resources of this page, in result order.
        total: The number of all matches.
        offset: Index of the first resource of this page among all matches.
        count: The page size asked for (``_count``).
        params: The search parameters as understood (for ``self``/``next`` links),
            without ``_offset`` and ``_count``.
    """

    resources: list[dict[str, Any]]
    total: int
    offset: int
    count: int
    params: list[tuple[str, str]]

    @property
    def has_next(self) -> bool:
        """Whether matches remain after this page."""
        return self.count > 0 and self.offset + len(self.resources) < self.total


class ServerBackend:
    """All patients of a store, as one FHIR server sees them.

    Args:
        store: The immutable store (all patients).
        as_of: Optional date gate for the whole server (``YYYY-MM-DD`` or a date-time):
            nothing dated later is visible, as in an episode's view.
        page_size: Page size of searches without ``_count``.
        max_created: Most resources created through this backend (the app answers 429).
        max_created_bytes: Most bytes (compact JSON) of all created resources together
            (a create that would pass it is refused with ``too-costly``; the app answers 429).
        max_scan_patients: Most patients a search that names no patient may scan (a
            store that reads patients on demand lowers it to the patients it holds,
            :attr:`FhirStore.scan_limit`; a search can match fewer when the store's
            index narrows it, :meth:`FhirStore.candidate_patients`).

    Raises:
        ToolError: For a malformed ``as_of``.
    """

    def __init__(
        self,
        store: FhirStore,
        *,
        as_of: str | None = None,
        page_size: int = DEFAULT_PAGE_SIZE,
        max_created: int = MAX_CREATED,
        max_created_bytes: int = MAX_CREATED_BYTES,
        max_scan_patients: int = MAX_SCAN_PATIENTS,
    ):
        self.store = store
        self.page_size = page_size
        self.max_created = max_created
        self.max_created_bytes = max_created_bytes
        self.created_bytes = 0
        self.max_scan_patients = max_scan_patients
        self._views: dict[str, StoreView] = {}
        self._created: dict[tuple[str, str], str] = {}
        # One id sequence for the whole server, so ids of created resources are unique
        # across patients (and equal to an in-process view's for a single patient).
        self._ids = itertools.count(1)
        self.as_of = check_date(as_of, "as_of") if as_of else None

    # -- views -------------------------------------------------------------------------
    def view(self, patient_id: str) -> StoreView | None:
        """The server's (writable) view of one patient, ``None`` for unknown patients."""
        view = self._views.get(patient_id)
        if view is None:
            try:
                view = self.store.view(patient_id, as_of=self.as_of, ids=self._ids)
            except KeyError:
                return None
            self._views[patient_id] = view
        return view

    @property
    def patient_ids(self) -> list[str]:
        """Ids of the patients the server holds."""
        return self.store.patient_ids

    @property
    def created_count(self) -> int:
        """How many resources were created through this server."""
        return len(self._created)

    @property
    def created(self) -> list[dict[str, Any]]:
        """Every resource created through this server, oldest first."""
        out: list[dict[str, Any]] = []
        for view in self._views.values():
            out += view.created
        return sorted(out, key=lambda r: int(r["id"].rsplit("-", 1)[-1]))

    # -- read --------------------------------------------------------------------------
    def check_type(self, resource_type: str) -> None:
        """Raise :class:`UnknownTypeError` unless the server serves ``resource_type``."""
        if resource_type not in SEARCH_PARAMS:
            raise UnknownTypeError(resource_type)

    def read(self, resource_type: str, resource_id: str) -> dict[str, Any] | None:
        """One resource by type and id as visible at ``as_of`` (``None`` if not)."""
        self.check_type(resource_type)
        pid = self._created.get((resource_type, resource_id))
        if pid is None:
            entry = self.store.entry(resource_type, resource_id)
            if entry is None:
                return None
            pid = patient_of(entry.resource)
        view = self.view(pid) if pid else None
        return view.read(resource_type, resource_id) if view else None

    # -- search ------------------------------------------------------------------------
    def search(
        self,
        resource_type: str,
        params: Iterable[tuple[str, str]],
        *,
        lenient: bool = False,
    ) -> SearchPage:
        """FHIR search over all patients (or those named by ``patient``/``subject``).

        The whole of :meth:`search_steps` at once (see there).
        """
        return run_steps(self.search_steps(resource_type, params, lenient=lenient))

    def search_steps(
        self,
        resource_type: str,
        params: Iterable[tuple[str, str]],
        *,
        lenient: bool = False,
    ) -> Generator[None, None, SearchPage]:
        """FHIR search over all patients (or those named by ``patient``/``subject``),
        in steps: the generator yields after each patient (an async server runs other
        requests in between) and returns the page.

        Args:
            resource_type: A type the server serves.
            params: Query parameters as (name, value) pairs; a repeated name means AND,
                commas inside a value mean OR (as in FHIR).
            lenient: Ignore unknown parameters instead of failing (``Prefer:
                handling=lenient``).

        Returns:
            The requested page.

        Raises:
            UnknownTypeError: For types the server does not serve.
            ToolError: For unknown parameters (unless lenient) and bad values.
        """
        self.check_type(resource_type)
        alias = aliases(resource_type)
        accepted = accepted_params(resource_type)
        query: dict[str, list[str]] = {}
        kept: list[tuple[str, str]] = []
        patients: set[str] | None = None
        offset, count = 0, self.page_size
        for raw_name, value in params:
            name = raw_name
            if name in IGNORED_PARAMS:
                continue
            if name == "_offset":
                offset = _int_param(name, value, 0, None)
                continue
            if name == "_count":
                count = _int_param(name, value, 0, MAX_COUNT)
                continue
            if name == "_summary":
                if value == "count":
                    count = 0
                elif value != "false":
                    raise ToolError(
                        f"_summary={value!r} is not supported; use 'count' or 'false'",
                        code="not-supported",
                        expression=name,
                    )
                kept.append((name, value))
                continue
            if name == "_sort":
                kept.append((name, value))
                desc = value.startswith("-")
                key = value.lstrip("-")
                query.setdefault("_sort", []).append(
                    ("-" if desc else "") + alias.get(key, key)
                )
                continue
            if name not in accepted:
                if lenient:
                    continue
                raise ToolError(
                    f"{resource_type} has no search parameter {name!r}; supported: "
                    f"{', '.join(sorted(accepted | {'_sort', '_count', '_offset'}))}",
                    code="not-supported",
                    expression=name,
                )
            kept.append((name, value))
            if name in ("patient", "subject"):
                wanted = {_patient_ref(v) for v in value.split(",") if v.strip()}
                patients = wanted if patients is None else patients & wanted
                continue
            query.setdefault(alias.get(name, name), []).append(value)

        pids = (
            self.patient_ids
            if patients is None
            else [p for p in self.patient_ids if p in patients]
        )
        if patients is None:
            pids = self._narrowed(resource_type, query, pids)
        cap = self.max_scan_patients
        if self.store.scan_limit is not None:
            cap = min(cap, self.store.scan_limit)
        if patients is None and "_id" not in query and len(pids) > cap:
            raise ToolError(
                f"a {resource_type} search without 'patient' would scan "
                f"{len(pids)} patients of this server (at most {cap}); add patient=<id>",
                code="too-costly",
                expression="patient",
            )
        found: list[dict[str, Any]] = []
        keys: list[str] = []
        merge = len(pids) > 1 and resource_type != "Patient"
        total = 0
        for pid in pids:
            view = self.view(pid)
            assert view is not None
            resources, n = view.search(resource_type, query)
            found += resources
            total += n
            yield
            if merge:
                for start in range(0, len(resources), KEY_CHUNK):
                    keys += map(date_key, resources[start : start + KEY_CHUNK])
                    yield
        if merge:
            descending = not query.get("_sort") or query["_sort"][-1].startswith("-")
            # the order of found.sort(key=date_key, reverse=descending), keys computed
            # per patient above (between steps), only the page's rows picked
            order = sorted(range(len(found)), key=keys.__getitem__, reverse=descending)
            page = [found[i] for i in order[offset : offset + count]]
        else:
            page = found[offset : offset + count]
        return SearchPage(page, total, offset, count, kept)

    def _narrowed(
        self, resource_type: str, query: dict[str, list[str]], pids: list[str]
    ) -> list[str]:
        """The patients of ``pids`` a search naming none may match: those the store's
        index names (:meth:`FhirStore.candidate_patients`; all when it has none) and
        those with resources created here."""
        code_values = [
            v
            for name in CODE_PARAMS.get(resource_type, ("code",))
            for v in query.get(name, [])
        ]
        ids = (
            [i.strip() for v in query["_id"] for i in v.split(",") if i.strip()]
            if "_id" in query
            else None
        )
        found = self.store.candidate_patients(resource_type, code_values, ids)
        if found is None:
            return pids
        found |= {p for p, view in self._views.items() if view.created}
        return [p for p in pids if p in found]

    # -- $everything ---------------------------------------------------------------------
    def everything(
        self, patient_id: str, types: list[str] | None = None
    ) -> list[dict[str, Any]] | None:
        """The Patient and all its visible resources (``None`` for unknown patients).

        The whole of :meth:`everything_steps` at once.

        Raises:
            UnknownTypeError: For a type the server does not serve.
        """
        return run_steps(self.everything_steps(patient_id, types))

    def everything_steps(
        self, patient_id: str, types: list[str] | None = None
    ) -> Generator[None, None, list[dict[str, Any]] | None]:
        """The Patient and all its visible resources (``None`` for unknown patients), in
        steps: the generator yields after each resource type and returns the list.

        Args:
            patient_id: The patient.
            types: Only these types (the ``_type`` parameter); default all served types.

        Raises:
            UnknownTypeError: For a type the server does not serve.
        """
        view = self.view(patient_id)
        if view is None:
            return None
        wanted = types or list(SEARCH_PARAMS)
        for t in wanted:
            self.check_type(t)
        patient = view.read("Patient", patient_id)
        out = [patient] if patient is not None and "Patient" in wanted else []
        for t in wanted:
            if t != "Patient":
                out += view.search(t, {})[0]
                yield
        return out

    # -- create --------------------------------------------------------------------------
    def create(self, resource_type: str, resource: dict[str, Any]) -> dict[str, Any]:
        """Create a resource in the overlay of the patient it references.

        Args:
            resource_type: The type in the URL; must be one of :data:`WRITE_TYPES`.
            resource: The FHIR resource (its ``id``, if any, is replaced).

        Returns:
            The created resource, with its new id.

        Raises:
            UnknownTypeError: For types the server does not serve.
            ToolError: ``not-supported`` for types that cannot be created, ``invalid``
                for a body that is not a valid FHIR R4 resource of that type or does not
                reference a patient of this server.
        """
        self.check_type(resource_type)
        if resource_type not in WRITE_TYPES:
            raise ToolError(
                f"{resource_type} cannot be created here; writable types: {', '.join(sorted(WRITE_TYPES))}",
                code="not-supported",
            )
        if resource.get("resourceType") != resource_type:
            raise ToolError(
                f"the body's resourceType {resource.get('resourceType')!r} does not match the URL's {resource_type!r}",
                code="invalid",
                expression="resourceType",
            )
        body = {k: v for k, v in resource.items() if k not in ("id", "meta")}
        for field in ("subject", "patient", "beneficiary"):
            ref = body.get(field)
            if field in body and not (
                isinstance(ref, dict) and isinstance(ref.get("reference", ""), str)
            ):
                raise ToolError(
                    f"'{field}' must be a Reference object such as "
                    f'{{"reference": "Patient/<id>"}}, got {type(body[field]).__name__}',
                    code="invalid",
                    expression=field,
                )
        pid = patient_of(body)
        if pid is None:
            raise ToolError(
                f"{resource_type} must reference its patient in 'subject' (Patient/<id>)",
                code="required",
                expression="subject",
            )
        view = self.view(pid)
        if view is None:
            raise ToolError(
                f"subject Patient/{pid} is not on this server",
                code="invalid",
                expression="subject",
            )
        size = len(json.dumps(body, ensure_ascii=False, separators=(",", ":")))
        if self.created_bytes + size > self.max_created_bytes:
            raise ToolError(
                f"this server already holds {self.created_bytes:,} bytes of created "
                f"resources; {size:,} more would pass its limit of "
                f"{self.max_created_bytes:,}; restart it to start afresh",
                code="too-costly",
            )
        created = view.create(body)
        self.created_bytes += size
        self._created[(resource_type, created["id"])] = pid
        logger.info("created %s/%s for patient %s", resource_type, created["id"], pid)
        return created


def run_steps(steps: Generator[None, None, T]) -> T:
    """Run a stepwise operation (:meth:`ServerBackend.search_steps` ...) to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


def _int_param(name: str, value: str, low: int, high: int | None) -> int:
    try:
        n = int(value)
    except ValueError:
        n = low - 1
    if n < low or (high is not None and n > high):
        limit = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ToolError(
            f"{name}={value!r}: must be a whole number {limit}",
            code="value",
            expression=name,
        )
    return n


def _patient_ref(value: str) -> str:
    """``Patient/123`` or ``123`` -> ``123``; references to other types match nothing."""
    value = value.strip()
    if "/" in value:
        rtype, _, rid = value.rstrip("/").rpartition("/")
        return rid if rtype.split("/")[-1] == "Patient" else f"\x00{value}"
    return value
