"""Benchmark the synthetic hospital: patients/s, peak memory, labevents rows per size.

Each size runs in its own subprocess (peak RSS via ``resource.getrusage``)::

    python benchmarks/synth_hospital.py --sizes 1000,10000,50000 --out /tmp/synth-bench

Besides wall time it reports the process CPU seconds of ``generate_hospital`` (the honest
figure on a shared machine) and ``sha256``, a hash of every file written (its path and its
decompressed bytes: what a reader sees, independent of the gzip level and of how the writer
chunks its input to zlib), so a speed change can be checked to write the same content.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
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
t0, c0 = time.perf_counter(), time.process_time()
s = generate_hospital(out, n, seed, progress=False, tables=tables.split(",") if tables else None)
dt, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"patients": n, "seconds": round(dt, 2), "patients_per_s": round(n / dt, 1),
                  "cpu_seconds": round(cpu, 2), "patients_per_cpu_s": round(n / cpu, 1),
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


def files_hash(root: Path, files: list[Path]) -> str:
    """sha256 over each file's path (relative to ``root``) and bytes, in sorted order; a
    ``.gz`` file contributes its decompressed bytes."""
    h = hashlib.sha256()
    for f in files:
        h.update(f.relative_to(root).as_posix().encode() + b"\0")
        data = f.read_bytes()
        h.update(gzip.decompress(data) if f.suffix == ".gz" else data)
    return h.hexdigest()


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
        files = sorted(f for f in out.rglob("*") if f.is_file())
        res["bytes_on_disk"] = sum(f.stat().st_size for f in files)
        res["sha256"] = files_hash(out, files)
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
