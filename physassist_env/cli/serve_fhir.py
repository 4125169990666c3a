"""``physassist serve-fhir``: serve a source's patients as a FHIR R4 REST server.

Example::

    physassist serve-fhir --source mimic-iv --path ~/mimic-iv-demo --port 8080 --date 2180-07-01
    curl 'http://127.0.0.1:8080/Observation?patient=10000032&code=potassium&_count=5'
"""

from __future__ import annotations

import argparse
import logging
import socket
import sys
from typing import Any

from physassist_env.cli import _sources
from physassist_env.sources import SourceError

logger = logging.getLogger(__name__)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``serve-fhir`` sub-command."""
    p = sub.add_parser(
        "serve-fhir",
        help="serve a source's patients as a FHIR R4 REST server",
        description=(
            "Serve all patients of a source as a FHIR R4 REST server (read, search, create for "
            "MedicationRequest/ServiceRequest/Flag into an in-memory overlay, Patient/$everything, "
            "/metadata). Writes never change the source data."
        ),
    )
    p.add_argument(
        "--source",
        required=True,
        choices=_sources.SOURCES,
        help="kind of source (synthetic: the embedded hospital)",
    )
    p.add_argument("--path", help=_sources.PATH_HELP)
    p.add_argument(
        "--patients", help="only these patient ids (comma-separated; default all)"
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="interface to bind (default 127.0.0.1, loopback only)",
    )
    p.add_argument(
        "--port", type=int, default=8080, help="port to listen on (default 8080)"
    )
    p.add_argument(
        "--date",
        type=_sources.iso_date,
        help="date gate for the whole server (YYYY-MM-DD): nothing dated later is visible",
    )
    p.add_argument(
        "--max-body",
        type=int,
        default=1_000_000,
        help="largest accepted request body in bytes (default 1 MB)",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; exit 2 on source or argument errors."""
    import uvicorn

    from physassist_env.ehr import FhirStore, ToolError
    from physassist_env.server import create_app

    try:
        ids = (
            [p.strip() for p in args.patients.split(",") if p.strip()]
            if args.patients
            else None
        )
        store = FhirStore.from_records(_sources.records(args.source, args.path, ids))
        app = create_app(store, as_of=args.date, max_body_bytes=args.max_body)
    except (SourceError, ToolError) as exc:
        print(f"physassist serve-fhir: {exc}", file=sys.stderr)
        return 2
    gate = f", nothing after {args.date}" if args.date else ""
    print(
        f"serving {len(store.patient_ids)} patients as FHIR R4 at "
        f"http://{args.host}:{args.port}{gate} (Ctrl-C to stop)",
        file=sys.stderr,
        flush=True,
    )
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Without TCP_NODELAY, keep-alive requests wait ~40 ms for delayed ACKs.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as exc:
        print(
            f"physassist serve-fhir: cannot listen on {args.host}:{args.port}: {exc}",
            file=sys.stderr,
        )
        return 2
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    return 0
