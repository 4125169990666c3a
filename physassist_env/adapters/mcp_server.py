"""The EHR, write and patient-interview tools of one patient as an MCP server.

Needs the ``[mcp]`` extra (the ``mcp`` package, v2 API). :func:`make_server` returns a
low-level :class:`mcp.server.Server` whose tools are exactly
:meth:`ChartTools.schemas <physassist_env.adapters.chart.ChartTools.schemas>`
(``Observation.search``, ``MedicationRequest.create``, ``ask_patient``, ...); a call
returns the compact text an episode's assistant would read, with ``isError`` set when
the call was rejected. ``physassist serve-mcp`` runs it over stdio (for desktop MCP
clients) or Streamable HTTP on loopback.

Malformed input never goes unanswered: over stdio (:func:`serve_stdio`) a line that is
not JSON, is nested deeper than :data:`physassist_env.jsonsafe.MAX_DEPTH` or is longer
than :data:`MAX_LINE` bytes gets a JSON-RPC ``-32700`` parse error, and JSON that is not
a JSON-RPC message gets ``-32600`` (with its ``id`` when it has a usable one); the
server keeps serving. Over HTTP (:func:`http_app`) the
:class:`~physassist_env.server.guard.RequestGuard` answers such bodies with HTTP 400
and the same JSON-RPC error, and checks Host, Origin and the bearer token.

Example::

    from mcp import Client
    async with Client(make_server(tools)) as client:      # in-process (tests)
        result = await client.call_tool("Observation.search", {"code": "potassium"})
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any

from physassist_env.adapters.chart import ChartTools
from physassist_env.jsonsafe import JsonValueError, loads
from physassist_env.server.app import LOOPBACK_HOSTS
from physassist_env.server.guard import RequestGuard
from physassist_env.version import __version__

SERVER_NAME = "physassist"
#: Longest stdio line read (bytes); a longer one is answered with a parse error.
MAX_LINE = 4_000_000
PARSE_ERROR = -32700
INVALID_REQUEST = -32600


def _require_mcp() -> Any:
    try:
        import mcp.types as types
        from mcp.server import Server
    except ImportError as exc:  # pragma: no cover - exercised without the extra
        raise ImportError(
            "the MCP server needs the mcp extra: pip install 'physassistbench[mcp]'"
        ) from exc
    return types, Server


def make_server(tools: ChartTools, *, name: str = SERVER_NAME) -> Any:
    """An MCP server exposing ``tools``.

    Args:
        tools: One patient's chart tools.
        name: The server name announced to clients.

    Returns:
        A :class:`mcp.server.Server` (run it with ``serve_stdio``/``serve_http`` or hand
        it to :class:`mcp.Client` in-process).

    Raises:
        ImportError: Without the ``mcp`` package.
    """
    import anyio

    types, Server = _require_mcp()
    listed = [
        types.Tool(
            name=s["function"]["name"],
            description=s["function"].get("description") or "",
            input_schema=s["function"].get("parameters")
            or {"type": "object", "properties": {}},
        )
        for s in tools.schemas()
    ]
    known = {t.name for t in listed}
    lock = anyio.Lock()  # one chart: calls run one at a time, in order

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx: Any, params: Any) -> Any:
        if params.name not in known:
            text = f"ERROR: unknown tool {params.name!r}; available: {', '.join(sorted(known))}"
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)], is_error=True
            )
        async with lock:
            result = await anyio.to_thread.run_sync(
                tools.call, params.name, dict(params.arguments or {})
            )
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=result.text)],
            is_error=not result.ok,
        )

    p = tools.record.patient_id
    gate = f", as of {tools.as_of}" if tools.as_of else ""
    return Server(
        name,
        version=__version__,
        instructions=(
            f"FHIR R4 EHR, order-writing and patient-interview tools for patient {p}{gate}. "
            "Writes stay in this server's memory."
        ),
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(server: Any, *, stdin: Any = None, stdout: Any = None) -> None:
    """Serve over stdin/stdout (binary streams) until the client disconnects.

    Every line is checked before the MCP SDK reads it (see the module docstring); a bad
    one gets its JSON-RPC error on stdout and the next line is served.
    """
    import anyio
    from mcp.server.stdio import stdio_server

    out = _StdoutWriter(stdout or sys.stdout.buffer)
    lines = _CheckedLines(stdin or sys.stdin.buffer, out)
    async with stdio_server(stdin=lines, stdout=out) as (read, write):  # type: ignore[arg-type]
        await server.run(read, write, server.create_initialization_options())
    await anyio.lowlevel.checkpoint()


def check_line(raw: bytes) -> dict[str, Any] | None:
    """The JSON-RPC error reply for one stdio line, or ``None`` when it is a message.

    A line of only whitespace gets ``None`` too (it is skipped, not answered).
    """
    import mcp.types as types

    if len(raw) > MAX_LINE:
        return _error(
            None, PARSE_ERROR, f"Parse error: the line is longer than {MAX_LINE} bytes"
        )
    if not raw.strip():
        return None
    try:
        value = loads(raw)
    except JsonValueError as exc:
        return _error(None, PARSE_ERROR, f"Parse error: {exc}")
    if not isinstance(value, dict):
        what = "a batch (array)" if isinstance(value, list) else type(value).__name__
        return _error(
            None,
            INVALID_REQUEST,
            f"Invalid Request: a message must be one JSON-RPC object, not {what}",
        )
    if "id" in value:
        rid = value["id"]
        if isinstance(rid, bool) or not isinstance(rid, str | int):
            # the SDK would read it as a notification (and never answer)
            return _error(
                None,
                INVALID_REQUEST,
                "Invalid Request: id must be a string or an integer",
            )
    try:
        types.jsonrpc_message_adapter.validate_python(value, by_name=False)
    except Exception as exc:  # pydantic's ValidationError, or anything it raises
        rid = value.get("id")
        usable = isinstance(rid, str | int) and not isinstance(rid, bool)
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return _error(
            rid if usable else None,
            INVALID_REQUEST,
            f"Invalid Request: not a JSON-RPC 2.0 message ({first[:200]})",
        )
    return None


def _error(rid: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}


class _StdoutWriter:
    """stdout as the SDK writes it (``await write(text)``, ``await flush()``), one line
    at a time under a lock so that an error reply never splits an SDK message."""

    def __init__(self, buffer: Any):
        import anyio

        self.buffer = buffer
        self.lock = anyio.Lock()

    async def write(self, text: str) -> None:
        import anyio

        async with self.lock:
            await anyio.to_thread.run_sync(self.buffer.write, text.encode("utf-8"))
            await anyio.to_thread.run_sync(self.buffer.flush)

    async def flush(self) -> None:
        """Writes are flushed as they happen."""

    async def reply(self, message: dict[str, Any]) -> None:
        """Write one JSON-RPC message as a line."""
        await self.write(json.dumps(message, ensure_ascii=False) + "\n")


class _CheckedLines:
    """stdin as the SDK reads it (``async for line in stdin``): only lines that are
    JSON-RPC messages come through; the others are answered on ``out``."""

    def __init__(self, buffer: Any, out: _StdoutWriter):
        self.buffer = buffer
        self.out = out

    def __aiter__(self) -> _CheckedLines:
        return self

    async def __anext__(self) -> str:
        import anyio

        while True:
            raw = await anyio.to_thread.run_sync(self._readline)
            if raw is None:
                raise StopAsyncIteration
            reply = check_line(raw)
            if reply is not None:
                await self.out.reply(reply)
                continue
            if raw.strip():
                return raw.decode("utf-8", errors="replace")

    def _readline(self) -> bytes | None:
        line = self.buffer.readline(MAX_LINE + 1)
        if not line:
            return None
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # drop the rest of the over-long line
                rest = self.buffer.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
        return line


def http_app(
    server: Any,
    *,
    host: str = "127.0.0.1",
    allowed_hosts: Iterable[str] | None = None,
    token: str | None = None,
    max_body: int = 1_000_000,
) -> Any:
    """An ASGI app serving ``server`` over Streamable HTTP at ``/mcp``.

    The MCP SDK's DNS-rebinding protection stays on for every bind (its Host and Origin
    lists are the loopback names, ``host`` and ``allowed_hosts``), and a
    :class:`~physassist_env.server.guard.RequestGuard` in front checks the token and
    bounds bodies (a malformed body is a JSON-RPC parse error, HTTP 400).
    """
    from mcp.server.transport_security import TransportSecuritySettings

    names = sorted(
        set(LOOPBACK_HOSTS) | {host.strip("[]").lower()} | set(allowed_hosts or ())
    )
    shown = [f"[{n}]" if ":" in n else n for n in names]
    security = TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=[h for n in shown for h in (n, f"{n}:*")],
        allowed_origins=[
            f"{s}://{n}{port}"
            for n in shown
            for s in ("http", "https")
            for port in ("", ":*")
        ],
    )
    app = server.streamable_http_app(host=host, transport_security=security)
    return RequestGuard(
        app,
        allowed_hosts=names,
        token=token,
        max_body=max_body,
        jsonrpc_paths=("/mcp", "/mcp/"),
        what="physassist serve-mcp",
    )
