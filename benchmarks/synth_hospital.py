"""Benchmark the synthetic hospital: patients/s, peak memory, labevents rows per size.

Each size runs in its own subprocess (peak RSS via ``resource.getrusage``)::

    python benchmarks/synth_hospital.py --sizes 1000,10000,50000 --out /tmp/synth-bench
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

_CHILD = """
import json, resource, sys, time
from physassist_env.synth import generate_hospital
n, seed, out, tables = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
t0 = time.perf_counter()
s = generate_hospital(out, n, seed, progress=False, tables=tables.split(",") if tables else None)
dt = time.perf_counter() - t0
print(json.dumps({"patients": n, "seconds": round(dt, 2), "patients_per_s": round(n / dt, 1),
                  "labevents_rows": s.rows.get("hosp/labevents", 0), "rows": s.rows,
                  "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}))
"""


@dataclass
class Args:
    """Benchmark arguments."""

    sizes: list[int] = field(default_factory=lambda: [1000])
    seed: int = 0
    out: str = "/tmp/synth-bench"
    labevents_only: bool = False
    keep: bool = False


def make_parser() -> argparse.ArgumentParser:
    """The script's argument parser."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--sizes",
        default="1000",
        help="comma-separated patient counts (e.g. 1000,10000,50000)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--out",
        default="/tmp/synth-bench",
        help="scratch folder (one sub-folder per size)",
    )
    p.add_argument(
        "--labevents-only",
        action="store_true",
        help="write only hosp/labevents (ingestion benchmark file)",
    )
    p.add_argument("--keep", action="store_true", help="keep the generated files")
    return p


def main(args: Args) -> list[dict]:
    """Run every size in a subprocess; returns one result dict per size."""
    results = []
    for n in args.sizes:
        out = Path(args.out) / f"n{n}"
        shutil.rmtree(out, ignore_errors=True)
        tables = "hosp/labevents" if args.labevents_only else ""
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, str(n), str(args.seed), str(out), tables],
            check=True,
            capture_output=True,
            text=True,
        )
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        res["bytes_on_disk"] = sum(
            f.stat().st_size for f in out.rglob("*") if f.is_file()
        )
        results.append(res)
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
    return results


if __name__ == "__main__":
    ns = make_parser().parse_args()
    a = Args(
        [int(x) for x in ns.sizes.split(",")],
        ns.seed,
        ns.out,
        ns.labevents_only,
        ns.keep,
    )
    print(json.dumps(main(a), indent=2))
    print(f"outputs in {a.out}" + ("" if a.keep else " (removed)"), file=sys.stderr)
