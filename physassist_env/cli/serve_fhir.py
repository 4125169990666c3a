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

from physassist_env.sources import SOURCE_KINDS, SourceError, open_source

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
        "--source", required=True, choices=SOURCE_KINDS, help="kind of source"
    )
    p.add_argument(
        "--path",
        required=True,
        help="MIMIC-IV folder (hosp/, icu/, note/) or FHIR export file/folder",
    )
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
        source = open_source(args.source, args.path)
        ids = (
            [p.strip() for p in args.patients.split(",") if p.strip()]
            if args.patients
            else None
        )
        store = FhirStore.from_records(source.records(ids))
        app = create_app(store, as_of=args.date, max_body_bytes=args.max_body)
    except (SourceError, ToolError) as exc:
        print(f"physassist serve-fhir: {exc}", file=sys.stderr)
        return 2
    gate = f", nothing after {args.date}" if args.date else ""
    logger.warning(
        "serving %d patients as FHIR R4 at http://%s:%d%s (Ctrl-C to stop)",
        len(store.patient_ids),
        args.host,
        args.port,
        gate,
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
