"""Fuzzed input to the hub servers: every request answered, never an HTTP 500.

Each CI run sends a seeded sample (``PHYSASSIST_FUZZ_N`` requests per server, 400 by
default; ``PHYSASSIST_FUZZ_SEED``, 0 by default); ``benchmarks/hub_fuzz.py`` runs the
full 5,000 per server.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import threading
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from hub_fuzz import fuzz_mcp_http, fuzz_mcp_stdio, fuzz_openenv, wait_until  # noqa: E402

N = int(os.environ.get("PHYSASSIST_FUZZ_N", "400"))
SEED = int(os.environ.get("PHYSASSIST_FUZZ_SEED", "0"))


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
    assert wait_until(lambda: server.started)
    return server, thread, f"http://127.0.0.1:{port}"


def test_openenv_server_fuzz(built_dataset):
    pytest.importorskip(
        "openenv.core.env_server", reason="the [openenv] extra is not installed"
    )
    from physassist_env.openenv.app import make_app

    server, thread, url = _serve(make_app(built_dataset, max_episodes=16))
    try:
        tally = fuzz_openenv(url, N, seed=SEED)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    assert tally.unanswered == 0, tally.examples
    assert not [s for s in tally.status if s >= 500], (tally.status, tally.examples)
    assert tally.status[200] > 0 and sum(tally.status.values()) == N
    assert {400, 404, 413, 422} <= set(tally.status), tally.status


def test_mcp_stdio_fuzz(built_dataset):
    pytest.importorskip("mcp", reason="the [mcp] extra is not installed")
    session = __import__("physassist_env.env.data", fromlist=["split_data"])
    sid = session.split_data(built_dataset, "test").sessions[0].session_id
    command = [sys.executable, "-m", "physassist_env.cli.main", "serve-mcp"]
    command += ["--dataset", str(built_dataset), "--session", sid]
    tally = fuzz_mcp_stdio(command, N, seed=SEED, env=dict(os.environ))
    assert tally.unanswered == 0, tally.examples
    assert tally.status["alive"] == 1 and not tally.examples
    assert {-32700, -32600, "result"} <= set(tally.codes), tally.codes


def test_mcp_http_fuzz(built_dataset):
    mcp = pytest.importorskip("mcp", reason="the [mcp] extra is not installed")
    if not hasattr(mcp, "Client"):
        pytest.skip("needs the mcp v2 API")

    from physassist_env.adapters.mcp_server import http_app, make_server
    from physassist_env.cli.serve_mcp import chart_tools

    sid = (
        __import__("physassist_env.env.data", fromlist=["split_data"])
        .split_data(built_dataset, "test")
        .sessions[0]
        .session_id
    )
    ns = argparse.Namespace(
        source=None,
        dataset=str(built_dataset),
        split="test",
        session=sid,
        language="en",
    )
    server, thread, url = _serve(http_app(make_server(chart_tools(ns))))
    try:
        tally = fuzz_mcp_http(url, N // 2, seed=SEED)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    assert tally.unanswered == 0, tally.examples
    assert not [s for s in tally.status if s >= 500], (tally.status, tally.examples)
