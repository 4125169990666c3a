"""Fuzz the hub servers at full size: 5,000 requests each to serve-env and serve-mcp.

Launch (from the repository root, in an environment with the ``[openenv]`` extra for
serve-env and ``mcp`` for serve-mcp; a server whose package is missing is skipped)::

    python benchmarks/hub_fuzz.py --dataset DIR            # 5,000 per server, seed 0
    python benchmarks/hub_fuzz.py --dataset DIR --n 20000 --seed 7 --servers mcp-stdio

Uses the generators of ``tests/adapters/hub_fuzz.py`` (the CI test sends a seeded
sample of the same streams). Prints, per server, requests sent, answered, unanswered,
the HTTP statuses or JSON-RPC codes seen, the time taken and any failure examples;
exits 1 when a request went unanswered or got HTTP 500.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "adapters"))

from hub_fuzz import (  # noqa: E402
    Tally,
    fuzz_mcp_http,
    fuzz_mcp_stdio,
    fuzz_openenv,
    wait_until,
)

SERVERS = ("openenv", "mcp-stdio", "mcp-http")


def _serve(app):
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="critical"))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, daemon=True
    )
    thread.start()
    if not wait_until(lambda: server.started):
        raise RuntimeError("the server did not start")
    return server, thread, f"http://127.0.0.1:{port}"


def run_openenv(dataset: Path, n: int, seed: int) -> Tally:
    """serve-env's app on loopback, ``n`` fuzzed HTTP requests."""
    from physassist_env.openenv.app import make_app

    server, thread, url = _serve(make_app(dataset, max_episodes=64))
    try:
        return fuzz_openenv(url, n, seed=seed)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def run_mcp_stdio(dataset: Path, n: int, seed: int) -> Tally:
    """``physassist serve-mcp`` as a subprocess, ``n`` fuzzed stdio lines."""
    command = [sys.executable, "-m", "physassist_env.cli.main", "serve-mcp"]
    return fuzz_mcp_stdio(
        command + ["--dataset", str(dataset)], n, seed=seed, env=dict(os.environ)
    )


def run_mcp_http(dataset: Path, n: int, seed: int) -> Tally:
    """serve-mcp's Streamable HTTP app on loopback, ``n`` fuzzed bodies."""
    from physassist_env.adapters.mcp_server import http_app, make_server
    from physassist_env.cli.serve_mcp import chart_tools

    ns = argparse.Namespace(
        source=None, dataset=str(dataset), split="test", session=None, language="en"
    )
    server, thread, url = _serve(http_app(make_server(chart_tools(ns))))
    try:
        return fuzz_mcp_http(url, n, seed=seed)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


RUNNERS = {"openenv": run_openenv, "mcp-stdio": run_mcp_stdio, "mcp-http": run_mcp_http}
NEEDS = {"openenv": "openenv.core.env_server", "mcp-stdio": "mcp", "mcp-http": "mcp"}


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; exit 1 on any unanswered request or HTTP 500."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dataset", required=True, help="a built dataset folder")
    p.add_argument(
        "--n", type=int, default=5000, help="requests per server (default 5000)"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--servers", default=",".join(SERVERS), help=f"subset of {','.join(SERVERS)}"
    )
    args = p.parse_args(argv)
    failed = False
    for name in args.servers.split(","):
        try:
            __import__(NEEDS[name])
        except ImportError:
            print(f"{name}: skipped ({NEEDS[name]} is not installed)")
            continue
        start = time.perf_counter()
        tally = RUNNERS[name](Path(args.dataset), args.n, args.seed)
        took = time.perf_counter() - start
        http_500 = sum(
            c for s, c in tally.status.items() if isinstance(s, int) and s >= 500
        )
        seen = (
            dict(sorted(tally.status.items(), key=str))
            if name != "mcp-stdio"
            else dict(tally.codes)
        )
        print(
            f"{name}: {tally.sent} sent ({tally.silent} blank lines expect no reply), "
            f"{tally.answered} answered, {tally.unanswered} unanswered, "
            f"{http_500} HTTP 500; {seen}; {took:.0f} s"
        )
        for example in tally.examples:
            print(f"  - {example}")
        failed |= bool(tally.unanswered or http_500 or tally.examples)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
