"""Benchmark ``physassist build`` (the embedded synthetic default): wall, CPU, patients/s.

Builds the default dataset (or ``--patients N``) once per worker count, each build in its
own ``physassist build`` subprocess, and reports per build:

* wall seconds;
* CPU seconds: user + system of the build and its worker processes
  (``resource.getrusage(RUSAGE_CHILDREN)`` before and after; on a loaded, shared
  machine this is the honest figure, wall time depends on what else runs);
* patients/s (source patients over wall seconds);
* the output's hash (every file's path and bytes), which must be the same for every
  worker count (``--workers N`` is byte-identical by design).

Prints a markdown table; exits 1 when the hashes differ::

    python benchmarks/build_time.py                        # the default (1,000 patients), workers 1 and 2
    python benchmarks/build_time.py --patients 200 --workers 1,2 --out /tmp/build-time
"""

from __future__ import annotations

import argparse
import hashlib
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from physassist_env.dataset.build import DEFAULT_PATIENTS


def digest(folder: Path) -> str:
    """One hash over every file's relative path and bytes."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(folder).as_posix().encode())
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:16]


def _cpu_children() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def build_once(patients: int, seed: int, workers: int, out: Path) -> dict[str, Any]:
    """Run one ``physassist build`` in a subprocess; its wall, CPU, rate and hash."""
    cmd = [
        sys.executable, "-m", "physassist_env.cli.main", "build",
        "--patients", str(patients), "--seed", str(seed), "--workers", str(workers),
        "--out", str(out), "--overwrite", "--no-progress",
    ]  # fmt: skip
    cpu0, t0 = _cpu_children(), time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - t0, _cpu_children() - cpu0
    counts = json.loads((out / "physassist.json").read_text())["counts"]
    return {
        "workers": workers,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "patients_per_s": round(patients / wall, 2),
        "sessions": counts["sessions"]["total"],
        "digest": digest(out),
    }


def table(patients: int, runs: list[dict[str, Any]]) -> str:
    """The runs as a markdown table."""
    lines = [
        f"physassist build, {patients} synthetic patients (the default is {DEFAULT_PATIENTS}):",
        "",
        "| workers | wall (s) | CPU (s, user+sys) | patients/s (wall) | sessions | output hash |",
        "|---:|---:|---:|---:|---:|---|",
    ]
    for r in runs:
        lines.append(
            f"| {r['workers']} | {r['wall_s']} | {r['cpu_s']} | {r['patients_per_s']} "
            f"| {r['sessions']} | `{r['digest']}` |"
        )
    same = len({r["digest"] for r in runs}) == 1
    lines += ["", f"byte-identical across worker counts: {'yes' if same else 'NO'}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the builds and print the table (and optionally a JSON report)."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--patients", type=int, default=DEFAULT_PATIENTS)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    p.add_argument("--out", default="/tmp/build-time", help="scratch folder")
    p.add_argument("--json", help="also write the report here")
    p.add_argument("--keep", action="store_true", help="keep the built folders")
    args = p.parse_args(argv)
    root = Path(args.out)
    runs = []
    for w in [int(x) for x in args.workers.split(",")]:
        run = build_once(args.patients, args.seed, w, root / f"build-w{w}")
        runs.append(run)
        print(json.dumps(run), file=sys.stderr, flush=True)
    print(table(args.patients, runs))
    if args.json:
        report = {"patients": args.patients, "seed": args.seed, "runs": runs}
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 0 if len({r["digest"] for r in runs}) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
