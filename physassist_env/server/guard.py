"""A guard in front of the hub servers (``serve-env``, ``serve-mcp``): who may call, and what.

:class:`RequestGuard` is an ASGI middleware. Before the app sees a request it checks:

* ``Host`` (403): only the names the server was bound to (the loopback names by default),
  so a web page that rebinds its DNS name to 127.0.0.1 cannot drive the server;
* ``Origin`` (403): a browser request from a page of another origin is refused;
* the bearer token (401) when one is set (``--token``; required off loopback); with
  ``basic=True`` (a browser application: ``physassist review``) the token may also come as
  the password of HTTP Basic authentication, which a browser asks for once and then sends
  with every request of the page;
* the body (POST/PUT/PATCH): at most ``max_body`` bytes (413), arriving within
  ``body_timeout`` seconds (408), and plain, bounded JSON when not empty (400: nesting
  deeper than :data:`physassist_env.jsonsafe.MAX_DEPTH`, too many values, a number too
  long, NaN or Infinity, or not JSON at all). On a JSON-RPC path the 400 carries a JSON-RPC ``-32700``
  parse error.

Nothing the app raises reaches the server as an exception: an unexpected error becomes
a 500 (the app's own, or the guard's with a message when no response has started) and is
logged, not re-raised, so the keep-alive connection stays usable. WebSocket handshakes get the same Host, Origin and token checks (refused with
close code 1008, which the client sees as HTTP 403).

:func:`access_settings` turns a ``--host``/``--allow-remote``/``--token`` choice into the
accepted Host names and the token: a non-loopback bind needs the explicit opt-in and a
token.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import ipaddress
import json
import logging
import math
import os
import socket
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from physassist_env.jsonsafe import JsonValueError, loads
from physassist_env.server.app import LOOPBACK_HOSTS, host_name

logger = logging.getLogger(__name__)

#: Largest accepted request body (bytes).
DEFAULT_MAX_BODY = 1_000_000
#: Seconds a client has to send its whole body.
DEFAULT_BODY_TIMEOUT = 30.0
#: JSON-RPC's parse error code.
PARSE_ERROR = -32700
_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or ``localhost``) is the loopback interface."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def access_settings(
    host: str,
    allow_remote: bool,
    token: str | None,
    *,
    token_env: str,
    command: str,
) -> tuple[set[str], str | None]:
    """The accepted ``Host`` names and the bearer token of a server bound to ``host``.

    On loopback the token is optional (``token`` or the environment variable
    ``token_env``). Any other interface needs ``allow_remote`` and a token.

    Raises:
        ValueError: For a non-loopback ``host`` without the opt-in or without a token
            (the message says what to add).
    """
    token = token or os.environ.get(token_env) or None
    bare = host.strip("[]").lower()
    if is_loopback(host):
        return set(LOOPBACK_HOSTS) | {bare}, token
    if not allow_remote:
        raise ValueError(
            f"--host {host} is not the loopback interface: anyone on the network could "
            f"drive {command}; add --allow-remote and a token (--token or ${token_env}) "
            "to do it on purpose"
        )
    if not token:
        raise ValueError(
            f"--allow-remote needs a bearer token (--token or ${token_env}) so that "
            "only your clients can connect"
        )
    names = set(LOOPBACK_HOSTS) | {bare, socket.gethostname().lower()}
    return names | {socket.getfqdn().lower()}, token


class _Refused(Exception):
    def __init__(self, status: int, message: str, *, parse_error: bool = False):
        super().__init__(message)
        self.status = status
        self.parse_error = parse_error


class RequestGuard:
    """ASGI middleware applying the checks of the module docstring.

    Args:
        app: The ASGI app behind the guard.
        allowed_hosts: Host names (without port) accepted in ``Host`` and ``Origin``;
            ``None`` accepts any (in-process tests).
        token: When set, every request needs ``Authorization: Bearer <token>``.
        max_body: Largest accepted request body in bytes.
        body_timeout: Seconds a body may take to arrive.
        jsonrpc_paths: Paths whose bad JSON is answered with a JSON-RPC parse error.
        what: The server's name in messages (``physassist serve-env``).
        body_check: ``(path, parsed body) -> problem or None``: a problem is answered
            with 422 before the app sees the body (for input the app itself would
            not handle).
        basic: Also accept the token as the password of ``Authorization: Basic`` (any
            user name), and challenge with ``Basic`` so that a browser asks for it.
    """

    def __init__(
        self,
        app: Any,
        *,
        allowed_hosts: Iterable[str] | None = None,
        token: str | None = None,
        max_body: int = DEFAULT_MAX_BODY,
        body_timeout: float = DEFAULT_BODY_TIMEOUT,
        jsonrpc_paths: Iterable[str] = (),
        what: str = "this server",
        body_check: Callable[[str, Any], str | None] | None = None,
        basic: bool = False,
    ):
        self.app = app
        self.hosts = (
            None if allowed_hosts is None else {h.lower() for h in allowed_hosts}
        )
        self.token = token
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.jsonrpc_paths = frozenset(jsonrpc_paths)
        self.what = what
        self.body_check = body_check
        self.basic = basic

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        kind = scope.get("type")
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        try:
            self._check_access(headers)
        except _Refused as exc:
            if kind == "websocket":
                await send(
                    {"type": "websocket.close", "code": 1008, "reason": str(exc)[:120]}
                )
            else:
                challenge = (
                    "" if exc.status != 401 else "Basic" if self.basic else "Bearer"
                )
                await _reply(send, exc.status, {"detail": str(exc)}, challenge)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        if scope.get("method", "GET") in _BODY_METHODS:
            try:
                body = await self._read_body(scope.get("path", ""), headers, receive)
            except _Refused as exc:
                await self._refuse_body(scope, send, exc)
                return
            if body is None:  # the client went away
                return
            receive = _replay(body, receive)
        await self._run(scope, receive, send)

    # ---------------------------------------------------------------- checks
    def _check_access(self, headers: dict[str, str]) -> None:
        if self.hosts is not None:
            host = host_name(headers.get("host", ""))
            if host not in self.hosts:
                raise _Refused(
                    403,
                    f"Host {host or '(none)'!r} is not a name of this server (accepted: "
                    f"{', '.join(sorted(self.hosts))}); requests through other names are "
                    "refused (DNS rebinding protection)",
                )
            origin = headers.get("origin")
            if origin is not None and _origin_host(origin) not in self.hosts:
                raise _Refused(
                    403,
                    f"Origin {origin[:100]!r} is not this server; browser requests from "
                    "other sites are refused",
                )
        if self.token is not None:
            scheme, _, value = headers.get("authorization", "").partition(" ")
            given = value.strip()
            if self.basic and scheme.lower() == "basic":
                given = _basic_password(given)
            elif scheme.lower() != "bearer":
                given = ""
            if not given or not hmac.compare_digest(
                given.encode(), self.token.encode()
            ):
                how = " (or as a browser's password)" if self.basic else ""
                raise _Refused(
                    401,
                    f"{self.what} needs 'Authorization: Bearer <token>'{how} (the token it "
                    "was started with)",
                )

    async def _read_body(
        self, path: str, headers: dict[str, str], receive: Any
    ) -> bytes | None:
        declared = headers.get("content-length")
        if declared is not None:
            if not (declared.isascii() and declared.isdigit()):
                raise _Refused(400, f"Content-Length {declared[:40]!r} is not a number")
            if int(declared) > self.max_body:
                raise _Refused(
                    413,
                    f"request body of {declared} bytes is over the limit of {self.max_body} bytes",
                )
        body = bytearray()
        try:
            async with asyncio.timeout(self.body_timeout):
                while True:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return None
                    body += message.get("body", b"")
                    if len(body) > self.max_body:
                        raise _Refused(
                            413,
                            f"request body is over the limit of {self.max_body} bytes",
                        )
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            raise _Refused(
                408,
                f"the request body did not arrive within {self.body_timeout:g} seconds",
            ) from None
        if body.strip():
            try:
                value = loads(bytes(body))
            except JsonValueError as exc:
                raise _Refused(
                    400, f"the request body is not usable JSON: {exc}", parse_error=True
                ) from None
            if _non_finite(value):
                raise _Refused(
                    400,
                    "the request body is not usable JSON: NaN and Infinity are not JSON numbers",
                    parse_error=True,
                )
            problem = self.body_check(path, value) if self.body_check else None
            if problem:
                raise _Refused(422, problem)
        return bytes(body)

    async def _refuse_body(self, scope: dict, send: Any, exc: _Refused) -> None:
        if exc.parse_error and scope.get("path") in self.jsonrpc_paths:
            error = {"code": PARSE_ERROR, "message": f"Parse error: {exc}"}
            await _reply(send, 400, {"jsonrpc": "2.0", "id": None, "error": error})
            return
        await _reply(send, exc.status, {"detail": str(exc)})

    async def _run(self, scope: dict, receive: Any, send: Any) -> None:
        started = False

        async def tracking_send(message: dict) -> None:
            nonlocal started
            if message.get("type") == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:  # never let the server drop the connection
            logger.exception(
                "error serving %s %s", scope.get("method"), scope.get("path")
            )
            if not started:
                await _reply(
                    send,
                    500,
                    {"detail": f"internal error: {type(exc).__name__}: {exc}"},
                )


def _non_finite(value: Any) -> bool:
    """Whether a parsed body holds NaN or an infinity (Python's JSON reader takes them;
    a JSON answer that echoes them cannot be written)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return True
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _headers(scope: dict) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        out[key.decode("latin-1").lower()] = value.decode("latin-1")
    return out


def _origin_host(origin: str) -> str:
    try:
        return (urlsplit(origin.strip()).hostname or "").lower()
    except ValueError:
        return ""


def _replay(body: bytes, receive: Any) -> Any:
    sent = False

    async def replay() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _basic_password(value: str) -> str:
    """The password of a Basic credential (``""`` when it is not one)."""
    try:
        decoded = base64.b64decode(value, validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return ""
    return decoded.partition(":")[2]


async def _reply(
    send: Any, status: int, payload: dict[str, Any], challenge: str = ""
) -> None:
    body = json.dumps(payload, ensure_ascii=False).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if challenge:
        headers.append(
            (b"www-authenticate", f'{challenge} realm="physassist"'.encode())
        )
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
