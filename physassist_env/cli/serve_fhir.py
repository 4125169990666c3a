"""``physassist serve-fhir``: serve a source's patients as a FHIR R4 REST server.

Example::

    physassist serve-fhir --source mimic-iv --path ~/mimic-iv-demo --port 8080 --date 2180-07-01
    curl 'http://127.0.0.1:8080/Observation?patient=10000032&code=potassium&_count=5'

It binds to loopback. Another interface needs ``--allow-remote`` together with a bearer
token (``--token`` or the ``PHYSASSIST_FHIR_TOKEN`` environment variable); the ``Host``
header is checked against the bound names, and MIMIC-derived data get a licence warning.
See ``docs/fhir-server.md`` for the security model.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from physassist_env.cli import _sources
from physassist_env.sources import SourceError

logger = logging.getLogger(__name__)

TOKEN_ENV = "PHYSASSIST_FHIR_TOKEN"
MIMIC_WARNING = (
    "WARNING: these are MIMIC-derived data, licensed under the PhysioNet Credentialed Health "
    "Data Use Agreement: only credentialed users who signed it may see them; do not share "
    "this server or its responses with anyone else."
)


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
        help="interface to bind (default 127.0.0.1, loopback only; another one needs "
        "--allow-remote and a token)",
    )
    p.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a non-loopback --host (requires a bearer token)",
    )
    p.add_argument(
        "--token",
        help=f"bearer token clients must send (default: ${TOKEN_ENV}); "
        "required with --allow-remote",
    )
    p.add_argument(
        "--port",
        type=_sources.whole_number(1, 65535),
        default=8080,
        help="port to listen on (default 8080)",
    )
    p.add_argument(
        "--date",
        type=_sources.iso_date,
        help="date gate for the whole server (YYYY-MM-DD): nothing dated later is visible",
    )
    p.add_argument(
        "--max-body",
        type=_sources.whole_number(1),
        default=1_000_000,
        help="largest accepted request body in bytes (default 1 MB)",
    )
    p.set_defaults(run=run)
    return p


def is_loopback(host: str) -> bool:
    """Whether ``host`` is the loopback interface (:func:`physassist_env.server.guard
    .is_loopback`, the one rule every server uses)."""
    from physassist_env.server.guard import is_loopback as loopback

    return loopback(host)


def access_settings(
    host: str, allow_remote: bool, token: str | None
) -> tuple[set[str], str | None]:
    """The accepted ``Host`` names and the token for ``serve-fhir`` bound to ``host``
    (:func:`physassist_env.server.guard.access_settings`, the rule of every server).

    Raises:
        ValueError: For a non-loopback ``host`` without ``--allow-remote`` and a token.
    """
    from physassist_env.server.guard import access_settings as settings

    return settings(
        host,
        allow_remote,
        token,
        token_env=TOKEN_ENV,
        command="serve-fhir and read every patient",
    )


def mimic_derived(kind: str, path: str | None) -> bool:
    """Whether a source is MIMIC data (a synthetic hospital in MIMIC layout, or the embedded
    synthetic default, is not)."""
    if kind == "synthetic" or not path:
        return False
    folder = Path(path)
    if kind == "mimic-iv":
        return not (folder / "truth").is_dir()  # synthetic hospitals carry their truth
    return "mimic" in folder.name.lower() or "mimic" in str(folder.parent).lower()


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; exit 2 on source or argument errors."""
    import uvicorn

    from physassist_env.ehr import ToolError
    from physassist_env.server import create_app
    from physassist_env.server.listen import listening_socket
    from physassist_env.server.protocol import TimedH11Protocol

    try:
        hosts, token = access_settings(
            args.host,
            getattr(args, "allow_remote", False),
            getattr(args, "token", None),
        )
    except ValueError as exc:
        print(f"physassist serve-fhir: {exc}", file=sys.stderr)
        return 2
    try:
        ids = (
            [p.strip() for p in args.patients.split(",") if p.strip()]
            if args.patients
            else None
        )
        # synthetic: the ids only; each patient is read when a request first needs it
        store = _sources.store(args.source, args.path, ids)
        app = create_app(
            store,
            as_of=args.date,
            max_body_bytes=args.max_body,
            allowed_hosts=hosts,
            token=token,
        )
    except (SourceError, ToolError) as exc:
        print(f"physassist serve-fhir: {exc}", file=sys.stderr)
        return 2
    if mimic_derived(args.source, args.path):
        print(MIMIC_WARNING, file=sys.stderr)
    gate = f", nothing after {args.date}" if args.date else ""
    print(
        f"serving {len(store.patient_ids)} patients as FHIR R4 at "
        f"http://{args.host}:{args.port}{gate} (Ctrl-C to stop)",
        file=sys.stderr,
        flush=True,
    )
    try:
        sock = listening_socket(args.host, args.port)
    except OSError as exc:
        print(f"physassist serve-fhir: {exc}", file=sys.stderr)
        return 2
    config = uvicorn.Config(
        app, log_level="warning", http=TimedH11Protocol, timeout_keep_alive=5
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0
