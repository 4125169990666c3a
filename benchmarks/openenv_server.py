"""What the OpenEnv server costs: whole oracle sessions per second, HTTP and WebSocket.

Starts ``physassist serve-env`` in a subprocess on loopback, then plays the oracle
(each turn's gold tool calls, then its gold answer) for whole sessions through it:

* ``http``: stateless ``POST /reset`` and ``POST /step`` carrying the ``episode_id``
  (one ``httpx.AsyncClient`` with keep-alive per worker);
* ``ws``: one OpenEnv WebSocket session per episode (:class:`PhysAssistClient`);

with 1 to 64 concurrent workers, beside the in-process Gymnasium env on one core (the
baseline of the same run). Both sides run one warm-up pass first. Every session must end with the oracle's reward (1.0 per
turn); a run that does not is reported as an error, not a figure.

Needs the ``[openenv]`` extra. Run::

    python benchmarks/openenv_server.py --dataset physassistbench --sessions 64
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from typing import Any

import httpx


def _actions(session: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for turn in session.turns:
        for c in turn.gold_actions:
            out.append(
                {
                    "content": "",
                    "tool_calls": [{"name": c.name, "arguments": c.arguments}],
                }
            )
        out.append({"content": turn.gold_answer.en})
    return out


def baseline(dataset: str, sessions: list[Any]) -> float:
    """In-process Gymnasium env, one core: sessions per second (after a warm pass)."""
    from physassist_env.env import PhysAssistEnv
    from physassist_env.openenv.models import PhysAssistAction

    env = PhysAssistEnv(dataset=dataset)
    scripts = [
        [PhysAssistAction(**a).to_message() for a in _actions(s)] for s in sessions
    ]
    for _ in range(2):  # the first pass fills the record and patient caches
        t0 = time.perf_counter()
        for s, script in zip(sessions, scripts, strict=True):
            env.reset(options={"session_id": s.session_id})
            total = sum(env.step(a)[1] for a in script)
            assert total == len(s.turns), f"oracle scored {total} on {s.session_id}"
    return len(sessions) / (time.perf_counter() - t0)


async def _http_session(
    http: httpx.AsyncClient, index: int, script: list[dict]
) -> float:
    r = (await http.post("/reset", json={"index": index})).json()
    eid = r["observation"]["episode_id"]
    total = 0.0
    for a in script:
        r = (await http.post("/step", json={"action": a | {"episode_id": eid}})).json()
        total += r["reward"] or 0.0
    return total


async def _ws_session(url: str, index: int, script: list[dict]) -> float:
    from physassist_env.openenv.client import PhysAssistClient
    from physassist_env.openenv.models import PhysAssistAction

    client = PhysAssistClient(
        base_url=url, connect_timeout_s=300, message_timeout_s=300
    )
    await client.connect()
    try:
        await client.reset(index=index)
        total = 0.0
        for a in script:
            total += (await client.step(PhysAssistAction(**a))).reward or 0.0
    finally:
        await client.close()
    return total


async def through_server(
    url: str, transport: str, jobs: list[tuple[int, list[dict], int]], concurrency: int
) -> float:
    """Sessions per second with ``concurrency`` workers over ``jobs``."""
    queue: asyncio.Queue = asyncio.Queue()
    for job in jobs:
        queue.put_nowait(job)

    async def worker() -> None:
        async with httpx.AsyncClient(base_url=url, timeout=300) as http:
            while not queue.empty():
                index, script, n_turns = queue.get_nowait()
                total = (
                    await _http_session(http, index, script)
                    if transport == "http"
                    else await _ws_session(url, index, script)
                )
                if total != n_turns:
                    raise AssertionError(
                        f"task {index}: reward {total}, expected {n_turns}"
                    )

    t0 = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return len(jobs) / (time.perf_counter() - t0)


def _serve(dataset: str, port: int, max_sessions: int) -> subprocess.Popen:
    cmd = [
        sys.executable,
        "-m",
        "physassist_env.cli.main",
        "serve-env",
        "--dataset",
        dataset,
        "--port",
        str(port),
        "--max-sessions",
        str(max_sessions),
    ]
    proc = subprocess.Popen(cmd, env=os.environ.copy())
    deadline = (
        time.time() + 600
    )  # imports (FastAPI, OpenEnv) are slow on a loaded machine
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if (
                httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code
                == 200
            ):
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the server did not start within 600 s")


def main(dataset: str | None, n_sessions: int, levels: list[int]) -> dict[str, Any]:
    """Measure and return the figures."""
    from physassist_env.env.data import resolve, split_data

    path = str(resolve(dataset))
    sessions = split_data(resolve(dataset), "test").sessions
    chosen = sessions[:n_sessions]
    jobs = [(i, _actions(s), len(s.turns)) for i, s in enumerate(chosen)]
    base = baseline(path, chosen)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    proc = _serve(path, port, max(levels))
    url = f"http://127.0.0.1:{port}"
    rows = []
    try:
        asyncio.run(through_server(url, "http", jobs, 4))  # warm the server's caches
        for transport in ("http", "ws"):
            for c in levels:
                rate = asyncio.run(through_server(url, transport, jobs, c))
                rows.append(
                    {
                        "transport": transport,
                        "concurrency": c,
                        "sessions_per_s": round(rate, 2),
                        "vs_in_process": round(rate / base, 3),
                    }
                )
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {
        "sessions": len(chosen),
        "steps_per_session": round(sum(len(j[1]) for j in jobs) / len(jobs), 1),
        "in_process_sessions_per_s": round(base, 2),
        "server": rows,
    }


if __name__ == "__main__":
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--dataset",
        default=None,
        help="a built dataset folder (default: the embedded one)",
    )
    p.add_argument(
        "--sessions", type=int, default=64, help="test sessions per measurement"
    )
    p.add_argument(
        "--concurrency", default="1,4,16,64", help="comma-separated worker counts"
    )
    a = p.parse_args()
    result = main(a.dataset, a.sessions, [int(x) for x in a.concurrency.split(",")])
    print(json.dumps(result, indent=2))
