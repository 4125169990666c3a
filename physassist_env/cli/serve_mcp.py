"""``physassist serve-mcp``: one patient's EHR, write and interview tools over MCP.

Examples::

    physassist serve-mcp                                  # first test session of the default dataset, stdio
    physassist serve-mcp --session med_safety-... --language zh --transport http --port 8765
    physassist serve-mcp --source mimic-iv --path ~/mimic-iv-demo --patient 10000032 --date 2180-07-01

Over stdio (the default) an MCP client launches the command; with ``--transport http``
the server listens on loopback at ``http://127.0.0.1:PORT/mcp`` (Streamable HTTP), with
Host and Origin checked on every request. Another interface needs ``--allow-remote``
and a bearer token (``--token`` or ``$PHYSASSIST_MCP_TOKEN``). Malformed JSON-RPC gets
the protocol's errors. Needs the ``[mcp]`` extra.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from physassist_env.sources import SOURCE_KINDS

logger = logging.getLogger(__name__)

TOKEN_ENV = "PHYSASSIST_MCP_TOKEN"


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``serve-mcp`` sub-command."""
    p = sub.add_parser(
        "serve-mcp",
        help="serve one patient's EHR, write and patient-interview tools over MCP",
        description=(
            "Serve the FHIR R4 read tools, the write tools (orders, referrals, flags; kept in "
            "memory) and the patient-interview tools of one patient as an MCP server. The "
            "patient comes from a dataset session (--session, with its date gate) or from a "
            "source (--source/--path/--patient, with --date)."
        ),
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one)",
    )
    p.add_argument("--split", default="test", choices=["train", "validation", "test"])
    p.add_argument("--session", help="session id (default: the split's first session)")
    p.add_argument("--source", choices=SOURCE_KINDS, help="serve a source's patient")
    p.add_argument("--path", help="the source's folder or file (with --source)")
    p.add_argument("--patient", help="patient id (with --source)")
    p.add_argument("--date", help="date gate YYYY-MM-DD (with --source; default: none)")
    p.add_argument("--language", default="en", choices=["en", "zh"])
    p.add_argument("--transport", default="stdio", choices=["stdio", "http"])
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="interface for --transport http (default 127.0.0.1, loopback only)",
    )
    p.add_argument("--port", type=int, default=8765, help="port for --transport http")
    p.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a non-loopback --host (requires a bearer token)",
    )
    p.add_argument(
        "--token",
        help=f"bearer token HTTP clients must send (default: ${TOKEN_ENV}); required with --allow-remote",
    )
    p.set_defaults(run=run)
    return p


def chart_tools(args: argparse.Namespace) -> Any:
    """The :class:`ChartTools` the arguments select.

    Raises:
        ValueError: For inconsistent arguments, an unknown session or patient.
    """
    from physassist_env.adapters.chart import ChartTools

    if args.source:
        from physassist_env.sources import open_source

        if not args.path or not args.patient:
            raise ValueError("--source needs --path and --patient")
        records = list(open_source(args.source, args.path).records([args.patient]))
        if not records:
            raise ValueError(f"patient {args.patient!r} is not in {args.path}")
        return ChartTools(records[0], as_of=args.date, language=args.language)
    from physassist_env.env.data import resolve, split_data

    data = split_data(resolve(args.dataset), args.split)
    sid = args.session or data.sessions[0].session_id
    if sid not in data.by_id:
        raise ValueError(
            f"session {sid!r} is not in the {args.split} split; e.g. {list(data.by_id)[:3]}"
        )
    s = data.by_id[sid]
    return ChartTools(
        data.record(s.patient_id),
        as_of=s.current_date,
        language=args.language,
        patient_seed=data.seed,
        store=data.store(s.patient_id),
    )


def run(args: argparse.Namespace) -> int:
    """Serve until the client disconnects (stdio) or until interrupted (http)."""
    try:
        from physassist_env.adapters.mcp_server import (
            http_app,
            make_server,
            serve_stdio,
        )
        from physassist_env.server.guard import access_settings

        hosts, token = access_settings(
            args.host,
            getattr(args, "allow_remote", False),
            getattr(args, "token", None),
            token_env=TOKEN_ENV,
            command="physassist serve-mcp",
        )
        tools = chart_tools(args)
        server = make_server(tools)
    except (ImportError, ValueError, KeyError, FileNotFoundError) as exc:
        print(f"physassist serve-mcp: {exc}", file=sys.stderr)
        return 2
    if args.transport == "stdio":
        import anyio

        anyio.run(serve_stdio, server)
        return 0
    import uvicorn

    logger.warning(
        "serving MCP tools of patient %s at http://%s:%d/mcp (Ctrl-C to stop)",
        tools.record.patient_id,
        args.host,
        args.port,
    )
    uvicorn.run(
        http_app(server, host=args.host, allowed_hosts=hosts, token=token),
        host=args.host,
        port=args.port,
        log_level="warning",
    )
    return 0
