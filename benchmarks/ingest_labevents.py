"""Ingestion throughput and peak memory of the MIMIC-IV table source on large labevents files.

Generates MIMIC-format ``labevents.csv`` files of growing size (vectorised, seeded), then
runs :func:`physassist_env.sources.mimic.ingest_table` (the streaming pass that buckets
rows by patient into Parquet) on each in a fresh subprocess, and reports rows/s and the
subprocess's peak resident memory. Flat memory across sizes is the goal.

Run::

    python benchmarks/ingest_labevents.py --sizes 1000000,4000000,10000000
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

from physassist_env.synth import COLUMNS as SYNTH_COLUMNS

COLUMNS = list(SYNTH_COLUMNS["hosp/labevents"])


def write_labevents(
    path: Path, rows: int, seed: int = 0, chunk: int = 1_000_000
) -> None:
    """Write ``rows`` MIMIC-format lab rows (~20k patients) in chunks."""
    rng = np.random.default_rng(seed)
    items = np.array(
        [50971, 50983, 50912, 51006, 50931, 51301, 51222, 51265, 50902, 50882]
    )
    base = np.datetime64("2150-01-01T00:00", "m")
    with pacsv.CSVWriter(
        path, pa.schema([(c, pa.string()) for c in COLUMNS])
    ) as writer:
        for start in range(0, rows, chunk):
            n = min(chunk, rows - start)
            ids = np.arange(start, start + n)
            subj = 90_000_000 + rng.integers(0, 20_000, n)
            t = (base + rng.integers(0, 5_000_000, n).astype("timedelta64[m]")).astype(
                str
            )
            t = np.char.add(np.char.replace(t, "T", " "), ":00")
            val = np.round(rng.normal(5, 2, n), 1).astype(str)
            cols = {
                "labevent_id": ids.astype(str),
                "subject_id": subj.astype(str),
                "hadm_id": (subj - 10_000_000).astype(str),
                "specimen_id": (ids // 10).astype(str),
                "itemid": rng.choice(items, n).astype(str),
                "order_provider_id": np.full(n, ""),
                "charttime": t,
                "storetime": t,
                "value": val,
                "valuenum": val,
                "valueuom": np.full(n, "mg/dL"),
                "ref_range_lower": np.full(n, "3.5"),
                "ref_range_upper": np.full(n, "5.1"),
                "flag": np.where(rng.random(n) < 0.2, "abnormal", ""),
                "priority": np.full(n, "ROUTINE"),
                "comments": np.full(n, ""),
            }
            writer.write_table(pa.table({c: pa.array(cols[c]) for c in COLUMNS}))


def _vm_hwm_mb() -> float:
    """Peak resident memory of this process image (VmHWM; unlike ru_maxrss it is not
    inherited from the parent that forked us), falling back to ru_maxrss."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ingest_child(csv_path: str, out_dir: str) -> None:
    from physassist_env.sources.mimic import ingest_table

    t0 = time.perf_counter()
    stats = ingest_table(Path(csv_path), Path(out_dir))
    dt = time.perf_counter() - t0
    peak_mb = _vm_hwm_mb()
    print(
        json.dumps(
            {
                "rows": stats.rows,
                "seconds": round(dt, 2),
                "rows_per_s": round(stats.rows / dt),
                "peak_rss_mb": round(peak_mb),
            }
        )
    )


def main(sizes: list[int], seed: int) -> list[dict[str, object]]:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for rows in sizes:
            csv_path = Path(tmp) / f"labevents-{rows}.csv"
            write_labevents(csv_path, rows, seed)
            out = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    str(csv_path),
                    str(Path(tmp) / f"cache-{rows}"),
                ],
                check=True,
                capture_output=True,
                text=True,
            )
            res = json.loads(out.stdout.strip().splitlines()[-1])
            res["file_mb"] = round(csv_path.stat().st_size / 2**20)
            results.append(res)
            csv_path.unlink()
    return results


if __name__ == "__main__":
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--sizes", default="1000000,4000000,10000000", help="comma-separated row counts"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.child:
        _ingest_child(*a.child)
    else:
        print(json.dumps(main([int(s) for s in a.sizes.split(",")], a.seed), indent=2))
