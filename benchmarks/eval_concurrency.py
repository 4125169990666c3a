"""Evaluation throughput vs concurrency: ``run_eval`` with the ``openai`` agent on a slow mock endpoint.

# Dependencies: the package only. The mock server is tests/agents/mock_openai.py (stdlib
# ``http.server`` on 127.0.0.1), started in a subprocess so it does not share the GIL.

The mock server (real HTTP, 127.0.0.1) waits ``--latency`` seconds before every reply and
plays a fixed assistant: per physician request, ``--calls`` tool calls then an answer.
The same episodes (sessions x languages x trials) run once per concurrency level into
fresh run folders; the result is episodes/s per level and the speed-up over the first
level. Episodes are I/O-bound on the endpoint, so the speed-up should be near-linear
until the environment's own CPU work (tools, patient, grading; run in the event loop)
saturates a core; ``--latency 0`` measures that ceiling.

Run::

    python benchmarks/eval_concurrency.py --concurrency 1,8,32 --latency 0.1
    python benchmarks/eval_concurrency.py --dataset path/to/physassistbench --limit 16
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Args:
    """Benchmark arguments."""

    concurrency: str = field(
        default="1,8,32", metadata={"help": "comma-separated levels"}
    )
    latency: float = field(
        default=0.1, metadata={"help": "seconds the mock waits per call"}
    )
    calls: int = field(default=2, metadata={"help": "tool calls per physician request"})
    dataset: str | None = field(
        default=None,
        metadata={"help": "built dataset (default: build a small synthetic one)"},
    )
    limit: int = field(default=16, metadata={"help": "sessions"})
    languages: str = field(
        default="en,zh", metadata={"help": "comma-separated languages"}
    )
    k: int = field(default=2, metadata={"help": "trials per session and language"})
    out: str | None = field(
        default=None,
        metadata={"help": "folder for the run folders (default: a temporary one)"},
    )


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser (the CLI reuses it)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name, f in Args.__dataclass_fields__.items():
        kind = {"latency": float, "calls": int, "limit": int, "k": int}.get(name, str)
        p.add_argument(
            f"--{name}", type=kind, default=f.default, help=f.metadata["help"]
        )
    return p


def main(args: Args) -> dict:
    """Run the levels; return throughput and speed-ups."""
    import httpx

    from physassist_env.evaluation import EvalConfig, run_eval
    from physassist_env.evaluation.preflight import run_preflight
    from physassist_env.evaluation.runner import episode_keys

    work = Path(args.out or tempfile.mkdtemp(prefix="eval-concurrency-"))
    dataset = args.dataset
    if dataset is None:
        from physassist_env.dataset.build import build_dataset

        dataset = str(work / "dataset")
        if not Path(dataset).exists():
            build_dataset(
                "synthetic", dataset, patients=40, test_per_cell=2, progress=False
            )
    levels = [int(c) for c in args.concurrency.split(",")]
    results = []
    # the mock serves from its own process, as a real endpoint would (not on our GIL)
    server = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "tests" / "agents" / "mock_openai.py"),
            "--latency",
            str(args.latency),
            "--calls",
            str(args.calls),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        base_url = server.stdout.readline().strip()
        stats = base_url.removesuffix("/v1") + "/stats"
        for level in levels:
            cfg = EvalConfig(
                run_id=f"concurrency-{level}",
                dataset=dataset,
                languages=args.languages.split(","),
                k=args.k,
                limit=args.limit,
                concurrency=level,
                agent={
                    "name": "openai",
                    "args": {"model": "mock", "base_url": base_url, "backoff": 0.0},
                },
            )
            episodes = len(episode_keys(cfg))
            cfg = run_preflight(cfg)  # once per run, before the clock starts
            before = httpx.get(stats).json()["requests"]
            start = time.perf_counter()
            records = run_eval(cfg, work / f"c{level}", progress=False)
            seconds = time.perf_counter() - start
            errors = sum(1 for r in records if r.error) + episodes - len(records)
            results.append(
                {
                    "concurrency": level,
                    "episodes": episodes,
                    "errors": errors,
                    "requests": httpx.get(stats).json()["requests"] - before,
                    "seconds": round(seconds, 2),
                    "episodes_per_s": round(episodes / seconds, 3),
                }
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    base = results[0]["episodes_per_s"]
    for r in results:
        r["speedup"] = round(r["episodes_per_s"] / base, 2)
        r["efficiency"] = round(
            r["speedup"] / (r["concurrency"] / results[0]["concurrency"]), 2
        )
    return {
        "latency_s": args.latency,
        "calls_per_request": args.calls,
        "dataset": dataset,
        "runs": str(work),
        "results": results,
    }


if __name__ == "__main__":
    ns = make_parser().parse_args()
    result = main(Args(**vars(ns)))
    print(json.dumps(result, indent=2))
    print(f"run folders written under {result['runs']}")
