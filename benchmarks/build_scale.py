"""Benchmark ``physassist build --workers N``: patients/s, peak memory, byte-identical output.

Writes a MIMIC-format synthetic hospital with ``physassist synth``, then builds it once
per worker count, each build in its own subprocess (peak RSS of the building process and
of its largest worker via ``resource.getrusage``); checks that every build's files are
byte-identical and extrapolates the build time of full MIMIC-IV::

    python benchmarks/build_scale.py --patients 10000 --workers 1,2 --out /tmp/build-scale

Speed-ups are ratios between runs of the same invocation (same machine, same load); the
absolute rates depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

#: Admitted patients of full MIMIC-IV (about 180k of its ~300k patients have a hospital
#: admission in v2.2/3.1; ~100k are adults with labs during an admission).
FULL_MIMIC_PATIENTS = (100_000, 180_000)

_CHILD = """
import json, resource, sys, time
from physassist_env.dataset import shards
from physassist_env.dataset.build import build_dataset
hospital, out, workers, shard = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
shards.SHARD_PATIENTS = shard
t0 = time.perf_counter()
manifest, generated = build_dataset("mimic-iv", out, path=hospital, workers=workers,
                                    progress=False, overwrite=True)
dt = time.perf_counter() - t0
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"workers": workers, "seconds": round(dt, 1),
                  "sessions": len(generated.sessions),
                  "peak_rss_main_mb": round(me, 1), "peak_rss_worker_mb": round(kids, 1)}))
"""


def digest(folder: Path) -> str:
    """One hash over every file's relative path and bytes."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(p.relative_to(folder).as_posix().encode())
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print (and optionally save) a JSON report."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--patients", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    p.add_argument(
        "--shard-patients",
        type=int,
        default=256,
        help="patients per shard (the build's default is 256; smaller shards let "
        "small hospitals use several workers; the output depends on it, not on N)",
    )
    p.add_argument("--out", default="/tmp/build-scale", help="scratch folder")
    p.add_argument("--json", help="also write the report here")
    p.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = p.parse_args(argv)
    root = Path(args.out)
    hospital = root / "hospital"
    if not (hospital / "hosp" / "patients.csv.gz").exists():
        subprocess.run(
            [
                sys.executable, "-m", "physassist_env.cli.main", "synth",
                "--patients", str(args.patients), "--seed", str(args.seed),
                "--out", str(hospital), "--no-progress",
            ],
            check=True,
        )  # fmt: skip
    runs = []
    for w in [int(x) for x in args.workers.split(",")]:
        out = root / f"build-w{w}"
        res = subprocess.run(
            [
                sys.executable,
                "-c",
                _CHILD,
                str(hospital),
                str(out),
                str(w),
                str(args.shard_patients),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        run = json.loads(res.stdout.strip().splitlines()[-1])
        run["patients_per_s"] = round(args.patients / run["seconds"], 2)
        run["digest"] = digest(out)
        runs.append(run)
        print(json.dumps(run), flush=True)
    base = runs[0]["patients_per_s"]
    report = {
        "patients": args.patients,
        "shard_patients": args.shard_patients,
        "runs": runs,
        "speedup_vs_first": [round(r["patients_per_s"] / base, 2) for r in runs],
        "byte_identical": len({r["digest"] for r in runs}) == 1,
        "full_mimic_hours": {
            f"{r['workers']} workers": [
                round(n / r["patients_per_s"] / 3600, 1) for n in FULL_MIMIC_PATIENTS
            ]
            for r in runs
        },
    }
    print(json.dumps(report, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 0 if report["byte_identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
