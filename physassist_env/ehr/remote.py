"""Run the EHR tools against any FHIR R4 server: a remote :class:`~physassist_env.ehr.view.EhrView`.

:class:`RemoteEhrView` implements the protocol :class:`~physassist_env.ehr.toolkit.EhrToolkit`
is typed against (``read``, ``patient``, ``names``, ``search``, ``create``, ``created``,
``patient_id``, ``as_of``) with FHIR REST calls over ``httpx``::

    view = RemoteEhrView("http://127.0.0.1:8080", "10000032", as_of="2180-07-01")
    result = EhrToolkit(view).call("Observation.search", {"code": "potassium"})

What it does to behave like the in-process view on any server:

* Every search is scoped to the patient (``patient=``, or ``_id=`` for Patient) and
  sorted by the type's standard date parameter (``date``, ``recorded-date``,
  ``authoredon``...; see :data:`DATE_PARAM`).
* The date gate is applied twice: ``<date>=le<as_of>`` is sent, and results are
  filtered and gated client-side with the store's own helpers, so a server that ignores
  the parameter cannot leak the future. Undated resources that a server drops because
  of ``le`` are not seen (the in-process view shows them).
* ``next`` links are followed until ``_count`` results (or all) are in.
* Every failure becomes a :class:`~physassist_env.ehr.outcome.ToolError` that says what
  happened: server unreachable, timeout, an error status (with the server's
  OperationOutcome diagnostics), or an answer that is not FHIR JSON.

Name search (``code=potassium``, aliases such as ``K``) is this package's extension,
served by ``physassist serve-fhir``; other servers match ``code`` as a FHIR token only.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any

import httpx

from physassist_env.ehr.dates import check_date, end_key, is_visible
from physassist_env.ehr.index import Entry
from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.store import (
    ONGOING_STATUS,
    gate_resource,
    normalise_params,
    patient_of,
    pop_controls,
)
from physassist_env.ehr.view import EhrView, new_resource

logger = logging.getLogger(__name__)

# Standard R4 name of each type's date search parameter, where it is not ``date``
# (the server accepts both names; see physassist_env.server.params).
DATE_PARAM: dict[str, str] = {
    "Condition": "recorded-date",
    "MedicationRequest": "authoredon",
    "MedicationAdministration": "effective-time",
    "ServiceRequest": "authored",
}
# ``medication`` is a reference parameter in R4; the drug's concept is searched by ``code``.
_MEDICATION_TYPES = frozenset({"MedicationRequest", "MedicationAdministration"})
_FHIR_ACCEPT = "application/fhir+json, application/json;q=0.9"
MAX_PAGES = 1000
NAMES_LIMIT = 1000


class RemoteEhrView(EhrView):
    """One patient's EHR on a FHIR R4 server, as an episode sees it.

    Implements :class:`~physassist_env.ehr.view.EhrView` (``patient()`` comes from it).

    Args:
        base_url: The server's FHIR base URL (e.g. ``http://127.0.0.1:8080`` or
            ``https://example.org/fhir``).
        patient_id: The session's patient (``Patient.id`` on that server).
        as_of: The session's current date (``YYYY-MM-DD`` or a date-time); nothing
            dated later is returned. ``None`` shows everything.
        token: Optional bearer token (sent as ``Authorization: Bearer <token>``).
        timeout: Seconds to wait for each HTTP request.
        client: An ``httpx.Client`` to use instead of a new one (its base URL, if
            any, is ignored; it is not closed by :meth:`close`).
        page_size: ``_count`` of each page request when all results are wanted.

    Raises:
        ToolError: For a malformed ``as_of``.
    """

    def __init__(
        self,
        base_url: str,
        patient_id: str,
        as_of: str | None = None,
        *,
        token: str | None = None,
        timeout: float = 10.0,
        client: httpx.Client | None = None,
        page_size: int = 100,
    ):
        self.base_url = base_url.rstrip("/")
        self.patient_id = patient_id
        self.as_of = check_date(as_of, "current_date") if as_of else None
        self.created: list[dict[str, Any]] = []
        self.timeout = timeout
        self.page_size = page_size
        self._headers = {"Accept": _FHIR_ACCEPT}
        if token:
            self._headers["Authorization"] = f"Bearer {token}"
        self._owns_client = client is None
        self._client = client if client is not None else httpx.Client(timeout=timeout)
        self._base = httpx.URL(self.base_url + "/")

    # -- lifecycle ---------------------------------------------------------------------
    def close(self) -> None:
        """Close the HTTP client (only when this view created it)."""
        if self._owns_client:
            self._client.close()

    def __enter__(self) -> RemoteEhrView:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- reads -------------------------------------------------------------------------
    def read(self, resource_type: str, resource_id: str) -> dict[str, Any] | None:
        """Read one resource of this patient visible at ``as_of`` (``None`` if not).

        Raises:
            ToolError: When the server cannot be reached or answers with an error other
                than 404/410.
        """
        res = self._request(
            "GET", f"{self.base_url}/{resource_type}/{resource_id}", missing_ok=True
        )
        if res is None or res.get("resourceType") != resource_type:
            return None
        if patient_of(res) != self.patient_id or not is_visible(res, self.as_of):
            return None
        return gate_resource(res, end_key(res), self.as_of)

    def names(self, resource_type: str) -> list[str]:
        """Distinct code names of one type visible at ``as_of`` (for error hints).

        Best effort: reads at most one page of :data:`NAMES_LIMIT` resources and
        returns ``[]`` when the server fails.
        """
        params = [self._patient_param(resource_type), ("_count", str(NAMES_LIMIT))]
        if self.as_of and resource_type != "Patient":
            params.append((DATE_PARAM.get(resource_type, "date"), f"le{self.as_of}"))
        try:
            bundle = self._request(
                "GET", f"{self.base_url}/{resource_type}", params=params
            )
        except ToolError as exc:
            logger.debug("names(%s) failed: %s", resource_type, exc)
            return []
        names: set[str] = set()
        for res in _entries(bundle or {}, resource_type):
            if not is_visible(res, self.as_of):
                continue
            names.update(n.lower() for n in Entry(res).names)
        return sorted(names)

    def search(
        self,
        resource_type: str,
        params: Mapping[str, str | Sequence[str]] | None = None,
    ) -> tuple[list[dict[str, Any]], int]:
        """FHIR search over this patient's visible resources on the server.

        Args:
            resource_type: e.g. ``"Observation"``.
            params: FHIR search parameters as for :meth:`EhrView.search`: a list value
                repeats the parameter (AND), commas inside a value are alternatives.
                ``date`` is sent under the type's standard name, ``medication`` as
                ``code``; ``_sort`` is ``date`` or ``-date`` (default ``-date``).

        Returns:
            ``(resources, total)``: up to ``_count`` matches and the number of all.

        Raises:
            ToolError: For bad ``patient``/``_sort``/``_count`` values, and for every
                server or transport failure (with the server's diagnostics).
        """
        plist = normalise_params(params or {})
        sort_desc, count = pop_controls(plist, self.patient_id)
        date_name = DATE_PARAM.get(resource_type, "date")
        # A status filter on a type whose status changes under the date gate (orders
        # still running at the current date are "active") is applied after gating.
        local_status: list[set[str]] = []
        if self.as_of and resource_type in ONGOING_STATUS:
            local_status = [
                {a.strip().lower() for a in v.split(",") if a.strip()}
                for v in plist.pop("status", [])
            ]
        query: list[tuple[str, str]] = [self._patient_param(resource_type)]
        for name, values in plist.items():
            if name == "date":
                name = date_name
            elif name == "medication" and resource_type in _MEDICATION_TYPES:
                name = "code"
            query += [(name, v) for v in values]
        if resource_type != "Patient":
            if self.as_of:
                query.append((date_name, f"le{self.as_of}"))
            query.append(("_sort", f"{'-' if sort_desc else ''}{date_name}"))
        query.append(("_count", str(self.page_size if count is None else count)))
        if local_status:
            found, _ = self._collect(resource_type, query, None)
            found = [
                r
                for r in found
                if all(
                    str(r.get("status", "")).lower() in alts for alts in local_status
                )
            ]
            return (found if count is None else found[:count]), len(found)
        return self._collect(resource_type, query, count)

    def _collect(
        self, resource_type: str, query: list[tuple[str, str]], count: int | None
    ) -> tuple[list[dict[str, Any]], int]:
        bundle = (
            self._request("GET", f"{self.base_url}/{resource_type}", params=query) or {}
        )
        if bundle.get("resourceType") != "Bundle":
            raise ToolError(
                f"the FHIR server at {self.base_url} answered a {resource_type} search with "
                f"{bundle.get('resourceType')!r} instead of a Bundle",
                code="processing",
            )
        server_total = (
            bundle.get("total") if isinstance(bundle.get("total"), int) else None
        )
        kept: list[dict[str, Any]] = []
        exact = server_total is None  # count locally when the server gives no total
        pages = 0
        while True:
            for res in _entries(bundle, resource_type):
                if patient_of(res) != self.patient_id or not is_visible(
                    res, self.as_of
                ):
                    exact = True  # the server returned something the gate hides
                    continue
                kept.append(gate_resource(res, end_key(res), self.as_of))
            if not exact and count is not None and len(kept) >= count:
                break
            next_url = _link(bundle, "next")
            pages += 1
            if not next_url or pages >= MAX_PAGES:
                break
            bundle = self._request("GET", self._same_origin(next_url)) or {}
        total = len(kept) if exact else int(server_total or 0)
        return (kept if count is None else kept[:count]), total

    # -- writes ------------------------------------------------------------------------
    def create(
        self, resource: dict[str, Any], *, validate: bool = True
    ) -> dict[str, Any]:
        """Create a resource on the server (``POST /{type}``).

        The resource is prepared by :func:`~physassist_env.ehr.view.new_resource`; the
        server assigns its id.

        Raises:
            ToolError: If the resource is not valid FHIR R4 (checked before sending) or
                the server refuses it (with the server's diagnostics).
        """
        res = new_resource(resource, self.patient_id, validate=validate)
        rtype = res["resourceType"]
        response = self._request(
            "POST", f"{self.base_url}/{rtype}", body=res, want_location=True
        )
        created: dict[str, Any] | None = (
            response if response and response.get("resourceType") == rtype else None
        )
        if created is None and response and response.get("_location"):
            created = self._request(
                "GET", self._same_origin(str(response["_location"]))
            )
        if created is None or not created.get("id"):
            raise ToolError(
                f"the FHIR server at {self.base_url} did not return the created {rtype}",
                code="processing",
            )
        self.created.append(created)
        return created

    # -- HTTP --------------------------------------------------------------------------
    def _patient_param(self, resource_type: str) -> tuple[str, str]:
        return (
            ("_id", self.patient_id)
            if resource_type == "Patient"
            else ("patient", self.patient_id)
        )

    def _same_origin(self, url: str) -> str:
        """Follow a server link on the configured base (never send the token elsewhere)."""
        target = httpx.URL(url)
        if not target.is_absolute_url:
            return str(self._base.join(url))
        if (target.scheme, target.host, target.port) != (
            self._base.scheme,
            self._base.host,
            self._base.port,
        ):
            logger.warning(
                "link %s points away from %s; following it on the configured base",
                url,
                self.base_url,
            )
            target = target.copy_with(
                scheme=self._base.scheme, host=self._base.host, port=self._base.port
            )
        return str(target)

    def _request(
        self,
        method: str,
        url: str,
        *,
        params: list[tuple[str, str]] | None = None,
        body: dict[str, Any] | None = None,
        missing_ok: bool = False,
        want_location: bool = False,
    ) -> dict[str, Any] | None:
        where = f"{method} {httpx.URL(url).path}"
        headers = dict(self._headers)
        content = None
        if body is not None:
            headers["Content-Type"] = "application/fhir+json"
            content = json.dumps(body).encode()
        try:
            resp = self._client.request(
                method,
                url,
                params=params,
                content=content,
                headers=headers,
                timeout=self.timeout,
            )
        except httpx.TimeoutException as exc:
            raise ToolError(
                f"the FHIR server at {self.base_url} did not answer {where} within {self.timeout:g} s",
                code="processing",
            ) from exc
        except httpx.ConnectError as exc:
            raise ToolError(
                f"cannot connect to the FHIR server at {self.base_url} ({exc}); is it running and is the URL right?",
                code="processing",
            ) from exc
        except httpx.HTTPError as exc:
            raise ToolError(
                f"request {where} to the FHIR server at {self.base_url} failed: {type(exc).__name__}: {exc}",
                code="processing",
            ) from exc
        if missing_ok and resp.status_code in (404, 410):
            return None
        data = _json_body(resp)
        if resp.status_code >= 400:
            raise _error(resp, data, self.base_url, where)
        if data is None:
            if not resp.content and want_location and resp.headers.get("location"):
                return {"_location": resp.headers["location"]}
            ctype = resp.headers.get("content-type", "(none)")
            raise ToolError(
                f"the FHIR server at {self.base_url} answered {where} with HTTP {resp.status_code} and content that is "
                f"not FHIR JSON ({ctype}): {resp.text[:200]!r}",
                code="processing",
            )
        return data


def _entries(bundle: dict[str, Any], resource_type: str) -> list[dict[str, Any]]:
    out = []
    for entry in bundle.get("entry") or []:
        res = entry.get("resource") if isinstance(entry, dict) else None
        mode = (
            (entry.get("search") or {}).get("mode", "match")
            if isinstance(entry, dict)
            else "match"
        )
        if (
            isinstance(res, dict)
            and res.get("resourceType") == resource_type
            and mode == "match"
        ):
            out.append(res)
    return out


def _link(bundle: dict[str, Any], relation: str) -> str | None:
    for link in bundle.get("link") or []:
        if (
            isinstance(link, dict)
            and link.get("relation") == relation
            and link.get("url")
        ):
            return str(link["url"])
    return None


def _json_body(resp: httpx.Response) -> dict[str, Any] | None:
    """The response's FHIR JSON object, or ``None`` when it is not one."""
    if "json" not in resp.headers.get("content-type", ""):
        return None
    try:
        data = resp.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return (
        data
        if isinstance(data, dict) and isinstance(data.get("resourceType"), str)
        else None
    )


def _error(
    resp: httpx.Response, data: dict[str, Any] | None, base_url: str, where: str
) -> ToolError:
    status = resp.status_code
    if data and data.get("resourceType") == "OperationOutcome":
        issues = [i for i in data.get("issue") or [] if isinstance(i, dict)]
        issue = next(
            (i for i in issues if i.get("severity") in ("error", "fatal")),
            issues[0] if issues else {},
        )
        text = (
            issue.get("diagnostics")
            or (issue.get("details") or {}).get("text")
            or f"HTTP {status}"
        )
        expression = (issue.get("expression") or [None])[0]
        return ToolError(
            str(text), code=str(issue.get("code", "processing")), expression=expression
        )
    if status in (401, 403):
        return ToolError(
            f"the FHIR server at {base_url} refused {where} (HTTP {status}); check the bearer token",
            code="forbidden",
        )
    snippet = resp.text[:200]
    return ToolError(
        f"the FHIR server at {base_url} answered {where} with HTTP {status}: {snippet!r}",
        code="processing",
    )
