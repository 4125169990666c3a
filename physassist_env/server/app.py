"""The EHR as a FHIR R4 REST server: a Starlette (ASGI) app over a :class:`FhirStore`.

Interactions (``application/fhir+json`` in and out)::

    GET  /metadata                      CapabilityStatement
    GET  /{type}/{id}                   read
    GET  /{type}?params                 search (also POST /{type}/_search, form-encoded)
    POST /{type}                        create (MedicationRequest, ServiceRequest, Flag)
    GET  /Patient/{id}/$everything      the patient's whole record

Errors are ``OperationOutcome`` resources with the matching status: 400 bad request or
parameter, 403 forbidden, 404 unknown type or resource, 405 method not allowed, 406 a
non-JSON format asked for, 408 a body that does not arrive in time, 413 body too large,
415 wrong content type, 422 a body that is not a valid FHIR R4 resource, 429 too many
resources created, 500 anything unexpected (none is known: the fuzz tests send malformed
input of every kind and get a 4xx).

Security (see ``docs/fhir-server.md``): ``allowed_hosts`` makes every request with
another ``Host`` header fail with 403 (a web page that rebinds its DNS name to 127.0.0.1
cannot read the server), and every request whose ``Origin`` header names another host
(a script of another web site), ``token`` requires ``Authorization: Bearer <token>`` (401
otherwise), and sizes are capped: ``_count`` and ``$everything`` pages (next links
page through the rest), searches without a patient over many patients (400), created
resources (429), request bodies (413) and the time a body may take (408). Serve it with uvicorn
(``physassist serve-fhir``) or :class:`~physassist_env.server.background.BackgroundServer`.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Generator, Iterable
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from physassist_env.ehr.outcome import ToolError, operation_outcome
from physassist_env.ehr.store import MAX_COUNT, FhirStore
from physassist_env.jsonsafe import JsonValueError, loads
from physassist_env.server.backend import (
    DEFAULT_PAGE_SIZE,
    MAX_CREATED,
    MAX_CREATED_BYTES,
    SearchPage,
    ServerBackend,
    UnknownTypeError,
)
from physassist_env.server.capability import capability_statement
from physassist_env.server.params import WRITE_TYPES

logger = logging.getLogger(__name__)

FHIR_JSON = "application/fhir+json"
JSON_TYPES = frozenset({FHIR_JSON, "application/json", "application/json+fhir"})
DEFAULT_MAX_BODY = 1_000_000
#: Seconds a client has to send its whole request body (408 after).
DEFAULT_BODY_TIMEOUT = 30.0
#: Most resources created through one server (429 after).
DEFAULT_MAX_CREATED = MAX_CREATED
#: Most values in one search: comma-separated alternatives and repeated parameters
#: together (400 above). A client's searches name a few codes; this bounds the work of one.
MAX_SEARCH_VALUES = 100
#: Most bytes of a search's parameters: the URL's query (414 above) or the form body of
#: ``POST [type]/_search`` (413 above).
MAX_QUERY_BYTES = 16_384
#: Seconds of work one request does before other requests get their turn: searches and
#: ``$everything`` run in steps (per patient, per type) on the event loop and give way
#: when a slice is used up, so a light request never waits behind a heavy one.
SLICE_S = 0.005
#: Host names of the loopback interface (the default for ``allowed_hosts``).
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
_ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


class HttpError(Exception):
    """A request that ends in an OperationOutcome with an HTTP error status."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        code: str = "invalid",
        expression: str | None = None,
        allow: str | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.code = code
        self.expression = expression
        self.allow = allow


def fhir_response(
    body: dict[str, Any], status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    """A response with FHIR JSON and the ``application/fhir+json`` content type."""
    content = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    return Response(
        content,
        status_code=status,
        headers=headers,
        media_type=f"{FHIR_JSON}; charset=utf-8",
    )


def create_app(
    store: FhirStore,
    *,
    as_of: str | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY,
    page_size: int = DEFAULT_PAGE_SIZE,
    allowed_hosts: Iterable[str] | None = None,
    token: str | None = None,
    body_timeout: float = DEFAULT_BODY_TIMEOUT,
    max_created: int = DEFAULT_MAX_CREATED,
    max_created_bytes: int = MAX_CREATED_BYTES,
) -> Starlette:
    """Build the ASGI app.

    Args:
        store: All patients the server serves (never modified; writes go to an overlay).
        as_of: Optional date gate for the whole server: nothing dated later is visible.
        max_body_bytes: Largest accepted request body (413 above it).
        page_size: Page size of searches without ``_count``.
        allowed_hosts: Host names (without port) accepted in the ``Host`` header; others
            get 403. ``None`` accepts any (in-process tests); ``physassist serve-fhir``
            passes the loopback names and the bound address.
        token: When set, every request needs ``Authorization: Bearer <token>`` (401).
        body_timeout: Seconds a request body may take to arrive (408 after).
        max_created: Most resources created through this server (429 after).
        max_created_bytes: Most bytes (compact JSON) of all resources created through
            this server together (429 for a create that would pass it).

    Returns:
        A Starlette app; ``app.state.backend`` is its :class:`ServerBackend`.

    Raises:
        ToolError: For a malformed ``as_of``.
    """
    backend = ServerBackend(
        store,
        as_of=as_of,
        page_size=page_size,
        max_created=max_created,
        max_created_bytes=max_created_bytes,
    )
    hosts = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}
    limits = _Limits(max_body_bytes, body_timeout)

    async def dispatch(request: Request) -> Response:
        try:
            _check_access(request, hosts, token)
            return await _dispatch(request, backend, limits)
        except HttpError as exc:
            headers = {"Allow": exc.allow} if exc.allow else None
            if exc.status == 401:
                headers = {"WWW-Authenticate": 'Bearer realm="physassist"'}
            return fhir_response(
                operation_outcome(str(exc), code=exc.code, expression=exc.expression),
                exc.status,
                headers,
            )
        except Exception as exc:  # an OperationOutcome, never a bare traceback
            logger.exception("error serving %s %s", request.method, request.url.path)
            return fhir_response(
                operation_outcome(
                    f"internal error: {type(exc).__name__}: {exc}", code="exception"
                ),
                500,
            )

    async def unrouted(request: Request, exc: Exception) -> Response:
        # paths the catch-all route cannot match (e.g. a newline in a segment)
        return fhir_response(
            operation_outcome(
                f"no such endpoint: {request.url.path!r}", code="not-supported"
            ),
            404,
        )

    app = Starlette(
        routes=[Route("/{path:path}", dispatch, methods=_ALL_METHODS)],
        exception_handlers={404: unrouted},
    )
    app.state.backend = backend
    return app


class _Limits:
    def __init__(self, max_body: int, body_timeout: float) -> None:
        self.max_body = max_body
        self.body_timeout = body_timeout


def host_name(header: str) -> str:
    """The host part of a ``Host`` header (``[::1]:8080`` -> ``::1``), lowercased."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def origin_host(origin: str) -> str | None:
    """The host of an ``Origin`` header (``http://localhost:8080`` -> ``localhost``);
    ``None`` for ``null`` or anything that is not ``scheme://host[:port]``."""
    scheme, sep, rest = origin.strip().partition("://")
    if not sep or scheme.lower() not in ("http", "https") or not rest or "/" in rest:
        return None
    return host_name(rest)


def _check_access(request: Request, hosts: set[str] | None, token: str | None) -> None:
    if hosts is not None:
        host = host_name(request.headers.get("host", ""))
        if host not in hosts:
            raise HttpError(
                403,
                f"Host {host or '(none)'!r} is not a name of this server (accepted: "
                f"{', '.join(sorted(hosts))}); requests through other names are refused "
                "(DNS rebinding protection)",
                code="forbidden",
            )
        # a browser names the page that sends a request: only this server's own pages
        # may (another site's script could otherwise create resources or read errors)
        origin = request.headers.get("origin")
        if origin is not None and origin_host(origin) not in hosts:
            raise HttpError(
                403,
                f"Origin {origin[:100]!r} is not this server; requests from web pages of "
                "other sites are refused",
                code="forbidden",
            )
    if token is not None:
        given = request.headers.get("authorization", "")
        scheme, _, value = given.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            value.strip().encode(), token.encode()
        ):
            raise HttpError(
                401,
                "this server needs 'Authorization: Bearer <token>' (the token given to physassist serve-fhir)",
                code="login",
            )


async def _dispatch(
    request: Request, backend: ServerBackend, limits: _Limits
) -> Response:
    method = request.method
    parts = [p for p in request.url.path.split("/") if p]
    base = str(request.base_url).rstrip("/")
    _check_accept(request)
    if not parts:
        raise HttpError(
            404 if method in ("GET", "HEAD") else 405,
            "no operation at the base URL; see /metadata",
            code="not-supported",
        )
    if parts == ["metadata"]:
        _allow(method, "GET")
        return fhir_response(capability_statement(base, as_of=backend.as_of))
    rtype = parts[0]
    try:
        backend.check_type(rtype)
    except UnknownTypeError as exc:
        raise HttpError(404, str(exc), code="not-supported") from exc
    if len(parts) == 1:
        if method == "POST":
            return await _create(request, backend, rtype, base, limits)
        _allow(method, "GET, POST" if rtype in WRITE_TYPES else "GET")
        return await _search(
            request, backend, rtype, base, list(request.query_params.multi_items())
        )
    if len(parts) == 2 and parts[1] == "_search":
        _allow(method, "GET, POST")
        pairs = list(request.query_params.multi_items())
        if method == "POST":
            body = await _read_body(
                request,
                limits,
                ("application/x-www-form-urlencoded",),
                max_body=MAX_QUERY_BYTES,
            )
            pairs += parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
        return await _search(request, backend, rtype, base, pairs)
    if len(parts) == 2:
        _allow(method, "GET")
        resource = _tool(lambda: backend.read(rtype, parts[1]))
        if resource is None:
            raise HttpError(404, f"{rtype}/{parts[1]} is not known", code="not-found")
        return fhir_response(resource)
    if len(parts) == 3 and rtype == "Patient" and parts[2] == "$everything":
        _allow(method, "GET")
        return await _everything(request, backend, parts[1], base)
    raise HttpError(404, f"no such endpoint: {request.url.path}", code="not-supported")


def _allow(method: str, allowed: str) -> None:
    ok = [m.strip() for m in allowed.split(",")]
    if method == "HEAD" and "GET" in ok:
        return
    if method not in ok:
        raise HttpError(
            405,
            f"{method} is not allowed here; allowed: {allowed}",
            code="not-supported",
            allow=allowed,
        )


def _check_accept(request: Request) -> None:
    fmt = request.query_params.get("_format")
    if fmt and "json" not in fmt:
        raise HttpError(
            406,
            f"_format={fmt!r}: this server speaks JSON only ({FHIR_JSON})",
            code="not-supported",
            expression="_format",
        )
    accept = request.headers.get("accept", "")
    if accept and not any(t in accept for t in ("json", "*/*", "application/*")):
        raise HttpError(
            406,
            f"Accept: {accept!r}: this server speaks JSON only ({FHIR_JSON})",
            code="not-supported",
        )


def _tool(fn: Any) -> Any:
    """Run a backend call, turning its ToolErrors into HTTP errors."""
    try:
        return fn()
    except UnknownTypeError as exc:
        raise HttpError(404, str(exc), code=exc.code) from exc
    except ToolError as exc:
        status = {"not-found": 404, "forbidden": 403}.get(exc.code, 400)
        raise HttpError(
            status, str(exc), code=exc.code, expression=exc.expression
        ) from exc


async def _in_slices(steps: Generator[None, None, Any]) -> Any:
    """Run a stepwise backend call on the event loop, giving way to other requests each
    time :data:`SLICE_S` of work is used (ToolErrors become HTTP errors)."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while True:
        try:
            _tool(lambda: next(steps))
        except StopIteration as stop:
            return stop.value
        if loop.time() - start >= SLICE_S:
            await asyncio.sleep(0)
            start = loop.time()


def _check_query(request: Request, pairs: list[tuple[str, str]]) -> None:
    """Bound the work of one search (:data:`MAX_QUERY_BYTES`, :data:`MAX_SEARCH_VALUES`)."""
    query = request.url.query
    if len(query) > MAX_QUERY_BYTES:
        raise HttpError(
            414,
            f"the URL's query has {len(query):,} bytes, over the limit of "
            f"{MAX_QUERY_BYTES:,}; search with fewer values, or page through several searches",
            code="too-costly",
        )
    values = sum(
        max(1, value.count(",") + 1)
        for name, value in pairs
        if name not in ("_count", "_offset", "_sort", "_summary")
    )
    if values > MAX_SEARCH_VALUES:
        raise HttpError(
            400,
            f"this search has {values:,} values (comma-separated alternatives and "
            f"repeated parameters), over the limit of {MAX_SEARCH_VALUES}; split it "
            "into several searches",
            code="too-costly",
        )


async def _search(
    request: Request,
    backend: ServerBackend,
    rtype: str,
    base: str,
    pairs: list[tuple[str, str]],
) -> Response:
    _check_query(request, pairs)
    lenient = "handling=lenient" in request.headers.get("prefer", "")
    page: SearchPage = await _in_slices(
        backend.search_steps(rtype, pairs, lenient=lenient)
    )
    url = f"{base}/{rtype}"
    links = [_link("self", url, page.params, page.offset, page.count)]
    if page.has_next:
        links.append(
            _link("next", url, page.params, page.offset + page.count, page.count)
        )
    if page.offset > 0 and page.count > 0:
        links.append(
            _link(
                "previous",
                url,
                page.params,
                max(0, page.offset - page.count),
                page.count,
            )
        )
    body = await _in_slices(_bundle_steps(page.resources, page.total, base, links))
    return _json_response(body)


async def _everything(
    request: Request, backend: ServerBackend, pid: str, base: str
) -> Response:
    q = request.query_params
    types = [t.strip() for t in q.get("_type", "").split(",") if t.strip()] or None
    offset = _tool(lambda: _nonneg("_offset", q.get("_offset", "0")))
    count = _tool(lambda: _nonneg("_count", q.get("_count", str(MAX_COUNT)), MAX_COUNT))
    resources = await _in_slices(backend.everything_steps(pid, types))
    if resources is None:
        raise HttpError(404, f"Patient/{pid} is not known", code="not-found")
    url = f"{base}/Patient/{pid}/$everything"
    params = [("_type", ",".join(types))] if types else []
    page = resources[offset : offset + count]
    links = [_link("self", url, params, offset, count)]
    if offset + len(page) < len(resources):
        links.append(_link("next", url, params, offset + count, count))
    body = await _in_slices(_bundle_steps(page, len(resources), base, links))
    return _json_response(body)


def _nonneg(name: str, value: str, high: int | None = None) -> int:
    n = int(value) if value.isascii() and value.isdigit() and len(value) < 19 else -1
    if n < 0 or (high is not None and n > high):
        limit = f"from 0 to {high}" if high is not None else "of at least 0"
        raise ToolError(
            f"{name}={value[:40]!r}: must be a whole number {limit}",
            code="value",
            expression=name,
        )
    return n


def _link(
    relation: str,
    url: str,
    params: Iterable[tuple[str, str]],
    offset: int,
    count: int | None,
) -> dict[str, str]:
    pairs = list(params)
    if count is not None:
        pairs.append(("_count", str(count)))
    if offset:
        pairs.append(("_offset", str(offset)))
    query = urlencode(pairs, quote_via=quote, safe=":,|/$")
    return {"relation": relation, "url": f"{url}?{query}" if query else url}


#: Bundle entries encoded between two chances for other requests to run.
ENCODE_CHUNK = 100


def _bundle_steps(
    resources: list[dict[str, Any]], total: int, base: str, links: list[dict[str, str]]
) -> Generator[None, None, bytes]:
    """A searchset Bundle as JSON bytes, encoded :data:`ENCODE_CHUNK` entries at a time
    (the generator yields in between and returns the bytes)."""
    head = {
        "resourceType": "Bundle",
        "type": "searchset",
        "total": total,
        "link": links,
    }
    parts = [_dumps(head)[:-1].encode(), b',"entry":[']
    for start in range(0, len(resources), ENCODE_CHUNK):
        entries = [
            {
                "fullUrl": f"{base}/{r['resourceType']}/{r['id']}",
                "resource": r,
                "search": {"mode": "match"},
            }
            for r in resources[start : start + ENCODE_CHUNK]
        ]
        if start:
            parts.append(b",")
        parts.append(_dumps(entries)[1:-1].encode())
        yield
    parts.append(b"]}")
    return b"".join(parts)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _json_response(content: bytes, status: int = 200) -> Response:
    return Response(
        content, status_code=status, media_type=f"{FHIR_JSON}; charset=utf-8"
    )


async def _read_body(
    request: Request,
    limits: _Limits,
    content_types: Iterable[str],
    *,
    max_body: int | None = None,
) -> bytes:
    max_body = limits.max_body if max_body is None else min(max_body, limits.max_body)
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    allowed = tuple(content_types)
    if ctype not in allowed:
        raise HttpError(
            415,
            f"Content-Type {ctype or '(none)'!r} is not accepted here; send {' or '.join(allowed)}",
            code="not-supported",
        )
    declared = request.headers.get("content-length")
    if declared is not None:
        if not (declared.isascii() and declared.isdigit()):
            raise HttpError(400, f"Content-Length {declared[:40]!r} is not a number")
        if int(declared) > max_body:
            raise HttpError(
                413,
                f"request body of {declared} bytes is over the limit of {max_body} bytes",
                code="too-costly",
            )
    body = bytearray()
    try:
        async with asyncio.timeout(limits.body_timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > max_body:
                    raise HttpError(
                        413,
                        f"request body is over the limit of {max_body} bytes",
                        code="too-costly",
                    )
    except TimeoutError:
        raise HttpError(
            408,
            f"the request body did not arrive within {limits.body_timeout:g} seconds",
            code="timeout",
        ) from None
    return bytes(body)


async def _create(
    request: Request, backend: ServerBackend, rtype: str, base: str, limits: _Limits
) -> Response:
    if rtype not in WRITE_TYPES:
        raise HttpError(
            405,
            f"{rtype} cannot be created here; writable types: {', '.join(sorted(WRITE_TYPES))}",
            code="not-supported",
            allow="GET",
        )
    if backend.created_count >= backend.max_created:
        raise HttpError(
            429,
            f"this server already holds {backend.max_created} created resources (its limit); "
            "restart it to start afresh",
            code="too-costly",
        )
    body = await _read_body(request, limits, JSON_TYPES)
    try:
        resource = loads(body)
    except JsonValueError as exc:
        raise HttpError(
            400, f"the body is not JSON that can be used: {exc}", code="structure"
        ) from None
    if not isinstance(resource, dict):
        raise HttpError(
            400,
            f"the body must be a FHIR resource (a JSON object), got {type(resource).__name__}",
            code="structure",
        )
    if resource.get("resourceType") != rtype:
        raise HttpError(
            400,
            f"the body's resourceType {resource.get('resourceType')!r} does not match the URL's {rtype!r}",
            expression="resourceType",
        )
    try:
        created = backend.create(rtype, resource)
    except ToolError as exc:
        status = 429 if exc.code == "too-costly" else 422
        raise HttpError(
            status, str(exc), code=exc.code, expression=exc.expression
        ) from exc
    location = f"{base}/{rtype}/{created['id']}"
    return fhir_response(created, 201, {"Location": location})
