"""The EHR, write and patient-interview tools of one patient as an MCP server.

Needs the ``[mcp]`` extra (the ``mcp`` package, v2 API). :func:`make_server` returns a
low-level :class:`mcp.server.Server` whose tools are exactly
:meth:`ChartTools.schemas <physassist_env.adapters.chart.ChartTools.schemas>`
(``Observation.search``, ``MedicationRequest.create``, ``ask_patient``, ...); a call
returns the compact text an episode's assistant would read, with ``isError`` set when
the call was rejected. ``physassist serve-mcp`` runs it over stdio (for desktop MCP
clients) or Streamable HTTP on loopback.

Example::

    from mcp import Client
    async with Client(make_server(tools)) as client:      # in-process (tests)
        result = await client.call_tool("Observation.search", {"code": "potassium"})
"""

from __future__ import annotations

from typing import Any

from physassist_env.adapters.chart import ChartTools
from physassist_env.version import __version__

SERVER_NAME = "physassist"


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


async def serve_stdio(server: Any) -> None:
    """Serve over stdin/stdout until the client disconnects."""
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def http_app(server: Any, *, host: str = "127.0.0.1") -> Any:
    """A Starlette app serving ``server`` over Streamable HTTP at ``/mcp``."""
    return server.streamable_http_app(host=host)
