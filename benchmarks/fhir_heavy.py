"""Light FHIR requests while a heavy search runs: does ``serve-fhir`` stay responsive?

Starts ``physassist serve-fhir`` in its own process (as a user runs it), then

1. sends light requests alone (``GET /Patient/<id>`` and a five-result potassium search of
   one patient, alternating), one every ``--every`` seconds whether or not the earlier
   ones were answered (an open loop, as independent clients send them): the baseline;
2. runs the heaviest search the server allows, ``--heavy-runs`` times back to back in a
   second client (an ``Observation`` search over every patient with as many code
   alternatives as allowed, real lab names from the records, ``_count=1000``), and sends
   the same light requests meanwhile.

Prints JSON: light-request latency (median, p90, max) alone and during the heavy
searches (the light requests sent while a heavy one was in flight), the heavy searches'
durations and statuses. ``--codes`` above the server's limit shows what a client gets
for it (an error, at once).

Run::

    python benchmarks/fhir_heavy.py --source mimic-iv --path ../shared/data/mimic-iv-demo-2.2
    python benchmarks/fhir_heavy.py --source synthetic --path BUILD --codes 5000
    # the code before a change: --pythonpath /path/to/other/checkout --codes 5000
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent


def make_parser() -> argparse.ArgumentParser:
    """The benchmark's arguments."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--source", default="synthetic", help="serve-fhir --source")
    p.add_argument("--path", help="serve-fhir --path (a build for synthetic)")
    p.add_argument(
        "--codes",
        type=int,
        default=None,
        help="code alternatives in the heavy search (default: the server's limit, "
        "physassist_env.server.app.MAX_SEARCH_VALUES)",
    )
    p.add_argument("--light", type=int, default=200, help="light requests timed alone")
    p.add_argument(
        "--every",
        type=float,
        default=0.02,
        help="seconds between two light requests (sent whether or not earlier ones "
        "were answered)",
    )
    p.add_argument(
        "--heavy-runs",
        type=int,
        default=5,
        help="heavy searches run back to back (light requests are timed until they end)",
    )
    p.add_argument(
        "--pythonpath",
        help="run the server from this checkout (PYTHONPATH), e.g. the code before a change",
    )
    p.add_argument(
        "--startup", type=float, default=600.0, help="seconds to wait for the server"
    )
    return p


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: argparse.Namespace, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env["PYTHONPATH"] = args.pythonpath or str(REPO)
    cmd = [
        sys.executable,
        "-m",
        "physassist_env.cli.main",
        "serve-fhir",
        "--source",
        args.source,
        "--port",
        str(port),
    ]
    if args.path:
        cmd += ["--path", args.path]
    # run from that checkout: ``python -m`` puts the working folder first on sys.path
    return subprocess.Popen(
        cmd,
        env=env,
        cwd=args.pythonpath or str(REPO),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _wait_up(client: httpx.Client, proc: subprocess.Popen[bytes], limit: float) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if client.get("/metadata").status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server did not start in time")


def _names(client: httpx.Client, pids: list[str], want: int) -> list[str]:
    """Distinct observation names of the served records (real lab names)."""
    names: list[str] = []
    seen: set[str] = set()
    for pid in pids:
        bundle = client.get(
            "/Observation", params={"patient": pid, "_count": 1000}
        ).json()
        for e in bundle.get("entry", []):
            code = e["resource"].get("code") or {}
            text = code.get("text") or next(
                (c.get("display") for c in code.get("coding", []) if c.get("display")),
                None,
            )
            if text and "," not in text and text.lower() not in seen:
                seen.add(text.lower())
                names.append(text)
        if len(names) >= want:
            break
    # more alternatives than names: distinct spellings of the same names
    i = 0
    while len(names) < want and names:
        names.append(names[i % len(seen)] + " " * (1 + i // len(seen)))
        i += 1
    return names[:want]


def _light_one(client: httpx.Client, pid: str, i: int) -> tuple[float, float]:
    """One light request (a Patient read, or a five-result potassium search)."""
    t0 = time.perf_counter()
    if i % 2:
        r = client.get(
            "/Observation", params={"patient": pid, "code": "potassium", "_count": 5}
        )
    else:
        r = client.get(f"/Patient/{pid}")
    t1 = time.perf_counter()
    assert r.status_code == 200, r.text[:200]
    return t0, t1


def _light_stream(
    client: httpx.Client, pids: list[str], every_s: float, until: threading.Event
) -> list[tuple[float, float]]:
    """Light requests sent every ``every_s`` seconds, whether or not the earlier ones
    were answered (an open loop: clients do not wait for each other), until ``until``
    is set; their (start, end) times."""
    futures = []
    with ThreadPoolExecutor(max_workers=32) as pool:
        i = 0
        nxt = time.perf_counter()
        while not until.is_set():
            futures.append(pool.submit(_light_one, client, pids[i % len(pids)], i))
            i += 1
            nxt += every_s
            time.sleep(max(0.0, nxt - time.perf_counter()))
    return [f.result() for f in futures]


def _summary(spans: list[tuple[float, float]]) -> dict[str, float]:
    times = [(b - a) * 1000 for a, b in spans]
    if len(times) < 2:
        return {"n": len(times), "median_ms": round(times[0], 2) if times else -1.0}
    q = statistics.quantiles(times, n=10)
    return {
        "n": len(times),
        "median_ms": round(statistics.median(times), 2),
        "p90_ms": round(q[-1], 2),
        "max_ms": round(max(times), 2),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Run the benchmark; returns (and prints) the JSON result."""
    args = make_parser().parse_args(argv)
    if args.codes is None:
        from physassist_env.server.app import MAX_SEARCH_VALUES

        args.codes = MAX_SEARCH_VALUES
    port = _free_port()
    proc = _start(args, port)
    base = f"http://127.0.0.1:{port}"
    try:
        with (
            httpx.Client(base_url=base, timeout=600) as light,
            httpx.Client(base_url=base, timeout=600) as heavy,
        ):
            _wait_up(light, proc, args.startup)
            patients = light.get("/Patient", params={"_count": 1000})
            if patients.status_code == 400 and args.path:
                # a lazy server refuses a search over more patients than it holds
                from physassist_env.dataset.patients import PatientTable

                pids = PatientTable(args.path).patient_ids()
            else:
                pids = [e["resource"]["id"] for e in patients.json().get("entry", [])]
            names = _names(light, pids, args.codes)
            query = {"code": ",".join(names), "_count": "1000"}
            enough = threading.Event()
            timer = threading.Timer(args.light * args.every, enough.set)
            timer.start()
            alone = _light_stream(light, pids, args.every, enough)

            heavy_runs: list[dict[str, Any]] = []
            done = threading.Event()

            def hammer() -> None:
                for _ in range(args.heavy_runs):
                    t0 = time.perf_counter()
                    r = heavy.post(
                        "/Observation/_search",
                        data=query,
                        headers={"Content-Type": "application/x-www-form-urlencoded"},
                    )
                    t1 = time.perf_counter()
                    total = re.search(rb'"total":(\d+)', r.content[:200])
                    heavy_runs.append(
                        {
                            "span": (t0, t1),
                            "status": r.status_code,
                            "ms": round((t1 - t0) * 1000, 1),
                            "total": int(total.group(1)) if total else None,
                            "bytes": len(r.content),
                        }
                    )
                done.set()

            worker = threading.Thread(target=hammer, daemon=True)
            worker.start()
            during = _light_stream(light, pids, args.every, done)
            worker.join()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    ms = [h["ms"] for h in heavy_runs]
    # light requests sent while a heavy search was in flight (the others were sent in
    # the gaps, while the heavy client read its answer and sent the next search)
    overlapping = [
        (a, b)
        for a, b in during
        if any(h0 <= a < h1 for h0, h1 in (h["span"] for h in heavy_runs))
    ]
    result = {
        "source": args.source,
        "patients": len(pids),
        "codes": args.codes,
        "query_bytes": len("&".join(f"{k}={v}" for k, v in query.items())),
        "server_code": args.pythonpath or str(REPO),
        "light_alone": _summary(alone),
        "light_during_heavy": _summary(overlapping),
        "light_in_gaps": len(during) - len(overlapping),
        "heavy": {
            "runs": len(heavy_runs),
            "statuses": sorted({h["status"] for h in heavy_runs}),
            "median_ms": round(statistics.median(ms), 1),
            "max_ms": max(ms),
            "total_matches": heavy_runs[0]["total"],
            "response_bytes": heavy_runs[0]["bytes"],
        },
    }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
