"""``physassist serve-env``: serve ``PhysAssist-v0`` as an OpenEnv server.

Examples::

    physassist serve-env --port 8000                       # embedded synthetic default, test split
    physassist serve-env --dataset ./physassistbench --split validation --language zh
    physassist serve-env --tool-output fhir                # tool results as FHIR R4 JSON

Clients connect over WebSocket (``ws://127.0.0.1:8000/ws``, one session per connection)
or use the stateless HTTP ``/reset`` and ``/step`` (send the ``episode_id`` the server
issued at reset with each step); ``/mcp`` serves the benchmark's tools. Binds loopback by
default; another interface needs ``--allow-remote`` and a bearer token (``--token`` or
``$PHYSASSIST_ENV_TOKEN``). ``Host`` and ``Origin`` are checked on every request, bodies
are capped (``--max-body``) and at most ``--max-episodes`` unfinished HTTP episodes are
kept. Needs the ``[openenv]`` extra.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from physassist_env.ehr.output import TOOL_OUTPUTS

logger = logging.getLogger(__name__)

TOKEN_ENV = "PHYSASSIST_ENV_TOKEN"


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``serve-env`` sub-command."""
    p = sub.add_parser(
        "serve-env",
        help="serve PhysAssist-v0 as an OpenEnv environment server",
        description=(
            "Serve the benchmark's sessions through OpenEnv (WebSocket sessions, HTTP "
            "reset/step, task listing). Rewards are PhysAssist-v0's."
        ),
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one, built on first use)",
    )
    p.add_argument("--split", default="test", choices=["train", "validation", "test"])
    p.add_argument("--language", default="en", choices=["en", "zh"])
    p.add_argument("--grader", default="rules", help="rules (default) or judge")
    p.add_argument(
        "--tool-output",
        default="text",
        choices=TOOL_OUTPUTS,
        help="EHR tool results as compact text (default) or FHIR R4 JSON",
    )
    p.add_argument(
        "--max-sessions",
        type=int,
        default=64,
        help="most concurrent WebSocket sessions (default 64)",
    )
    p.add_argument(
        "--messages",
        action="store_true",
        help="put the whole chat in every observation",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="interface to bind (default 127.0.0.1, loopback only)",
    )
    p.add_argument(
        "--port", type=int, default=8000, help="port to listen on (default 8000)"
    )
    p.add_argument(
        "--allow-remote",
        action="store_true",
        help="allow a non-loopback --host (requires a bearer token)",
    )
    p.add_argument(
        "--token",
        help=f"bearer token clients must send (default: ${TOKEN_ENV}); required with --allow-remote",
    )
    p.add_argument(
        "--max-episodes",
        type=int,
        default=1024,
        help="most unfinished stateless-HTTP episodes kept; beyond it the least recently "
        "used is evicted (default 1024)",
    )
    p.add_argument(
        "--max-body",
        type=int,
        default=1_000_000,
        help="largest accepted request body or WebSocket message in bytes (default 1 MB)",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; exit 2 when the extra or the dataset is missing."""
    try:
        from physassist_env.openenv.app import make_app
    except ImportError as exc:
        print(
            f"physassist serve-env: needs the openenv extra (pip install 'physassistbench[openenv]'): {exc}",
            file=sys.stderr,
        )
        return 2
    import uvicorn

    from physassist_env.server.guard import access_settings
    from physassist_env.server.listen import listening_socket

    try:
        hosts, token = access_settings(
            args.host,
            args.allow_remote,
            args.token,
            token_env=TOKEN_ENV,
            command="physassist serve-env",
        )
        if args.max_episodes < 1 or args.max_body < 1:
            raise ValueError("--max-episodes and --max-body must be at least 1")
        app = make_app(
            args.dataset,
            split=args.split,
            language=args.language,
            messages=args.messages,
            max_concurrent_envs=args.max_sessions,
            max_episodes=args.max_episodes,
            env_kwargs={"grader": args.grader, "tool_output": args.tool_output},
            allowed_hosts=hosts,
            token=token,
            max_body=args.max_body,
        )
    except (FileNotFoundError, ValueError) as exc:
        print(f"physassist serve-env: {exc}", file=sys.stderr)
        return 2
    try:
        sock = listening_socket(args.host, args.port)
    except OSError as exc:
        print(f"physassist serve-env: {exc}", file=sys.stderr)
        return 2
    logger.warning(
        "serving PhysAssist-v0 (OpenEnv) at http://%s:%d (ws: /ws; Ctrl-C to stop)",
        args.host,
        args.port,
    )
    config = uvicorn.Config(app, log_level="warning", ws_max_size=args.max_body)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
