"""Median latency of ``Observation.search`` by code, in-process store vs re-reading CSV.

The baseline does what the authors' tools do: re-read the patient's lab CSV with pandas
on every call and filter it. Both run in the same process, on the same generated
patient (>= 5,000 lab observations, MIMIC-IV table layout), so the ratio is meaningful
on a noisy machine. A tool call's median is that of calls whose result lines are
memoised (every call after the first of each name); ``tool_call_first_mean_us`` is the
mean of the five first calls, which render their 100 lines.

Run::

    python benchmarks/ehr_search.py --observations 6000 --calls 3000
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from physassist_env.synth import COLUMNS

LABS = [  # itemid, label, unit, low, high, mean, sd
    (50971, "Potassium", "mEq/L", 3.3, 5.1, 4.2, 0.5),
    (50983, "Sodium", "mEq/L", 133, 145, 139, 3),
    (50912, "Creatinine", "mg/dL", 0.4, 1.1, 1.1, 0.4),
    (51006, "Urea Nitrogen", "mg/dL", 6, 20, 18, 8),
    (50931, "Glucose", "mg/dL", 70, 100, 120, 30),
    (51301, "White Blood Cells", "K/uL", 4, 11, 9, 3),
    (51222, "Hemoglobin", "g/dL", 12, 16, 11, 2),
    (51265, "Platelet Count", "K/uL", 150, 440, 220, 60),
    (50902, "Chloride", "mEq/L", 96, 108, 102, 3),
    (50882, "Bicarbonate", "mEq/L", 22, 32, 25, 3),
    (50960, "Magnesium", "mg/dL", 1.6, 2.6, 2.0, 0.3),
    (50893, "Calcium, Total", "mg/dL", 8.4, 10.3, 9.0, 0.5),
    (51237, "INR(PT)", "", 0.9, 1.1, 1.3, 0.4),
    (50813, "Lactate", "mmol/L", 0.5, 2.0, 1.5, 0.8),
    (50970, "Phosphate", "mg/dL", 2.7, 4.5, 3.5, 0.6),
]


@dataclass
class Args:
    observations: int = 6000
    calls: int = 2000
    seed: int = 0


def write_patient(folder: Path, n_obs: int, rng: np.random.Generator) -> None:
    """Write a one-patient MIMIC-IV-format folder with ``n_obs`` lab rows."""
    (folder / "hosp").mkdir(parents=True)

    def write(name: str, header: list[str], rows: list[list[object]]) -> None:
        with gzip.open(folder / "hosp" / f"{name}.csv.gz", "wt", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            w.writerows(rows)

    write(
        "patients",
        list(COLUMNS["hosp/patients"]),
        [[1, "F", 70, 2180, "2017 - 2019", ""]],
    )
    write(
        "admissions",
        list(COLUMNS["hosp/admissions"]),
        [
            [
                1,
                100,
                "2180-01-01 00:00:00",
                "2182-01-01 00:00:00",
                "",
                "EW EMER.",
                "",
                "EMERGENCY ROOM",
                "HOME",
                "Medicare",
                "ENGLISH",
                "WIDOWED",
                "WHITE",
                "",
                "",
                0,
            ]
        ],
    )
    write(
        "d_labitems",
        list(COLUMNS["hosp/d_labitems"]),
        [[i, lab, "Blood", "Chemistry"] for i, lab, *_ in LABS],
    )
    rows = []
    for k in range(n_obs):
        itemid, _label, unit, low, high, mean, sd = LABS[k % len(LABS)]
        v = round(float(rng.normal(mean, sd)), 1)
        minutes = k * 60
        t = np.datetime64("2180-01-01T00:00") + np.timedelta64(minutes, "m")
        ts = str(t).replace("T", " ") + ":00"
        flag = "abnormal" if not low <= v <= high else ""
        rows.append(
            [
                k + 1,
                1,
                100,
                k // len(LABS),
                itemid,
                "",
                ts,
                ts,
                v,
                v,
                unit,
                low,
                high,
                flag,
                "ROUTINE",
                "",
            ]
        )
    write(
        "labevents",
        list(COLUMNS["hosp/labevents"]),
        rows,
    )


def baseline_search(folder: Path, label: str) -> list[dict[str, object]]:
    """The authors' approach: read the CSVs again on every call, filter, sort."""
    import pandas as pd

    labs = pd.read_csv(folder / "hosp" / "labevents.csv.gz")
    items = pd.read_csv(folder / "hosp" / "d_labitems.csv.gz")
    df = labs.merge(items, on="itemid")
    df = df[df["label"].str.lower().str.contains(label.lower())].sort_values(
        "charttime", ascending=False
    )
    return df.head(100).to_dict("records")


def time_calls(fn, n: int) -> list[float]:
    out = []
    for i in range(n):
        t0 = time.perf_counter()
        fn(i)
        out.append(time.perf_counter() - t0)
    return out


def main(args: Args) -> dict[str, object]:
    from physassist_env.ehr import EhrToolkit, FhirStore
    from physassist_env.sources import open_source

    rng = np.random.default_rng(args.seed)
    names = ["potassium", "creatinine", "sodium", "hemoglobin", "lactate"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "mimic"
        write_patient(folder, args.observations, rng)
        t0 = time.perf_counter()
        records = list(open_source("mimic-iv", folder).records())
        store = FhirStore.from_records(records)
        build_s = time.perf_counter() - t0
        n_obs = sum(
            1 for r in records[0].resources if r["resourceType"] == "Observation"
        )
        view = store.view(records[0].patient_id, as_of="2181-06-01")
        toolkit = EhrToolkit(view)
        store_t = time_calls(
            lambda i: view.search(
                "Observation", {"code": names[i % 5], "_count": "100"}
            ),
            args.calls,
        )
        # the first call of each name renders its result lines; later calls find them
        # memoised in the store (one line and one Bundle entry per stored resource)
        first_t = time_calls(
            lambda i: toolkit.call("Observation.search", {"code": names[i]}),
            len(names),
        )
        tool_t = time_calls(
            lambda i: toolkit.call("Observation.search", {"code": names[i % 5]}),
            args.calls,
        )
        base_n = max(20, args.calls // 50)
        base_t = time_calls(lambda i: baseline_search(folder, names[i % 5]), base_n)
    med = {
        k: statistics.median(v)
        for k, v in {"store": store_t, "tool": tool_t, "baseline": base_t}.items()
    }
    return {
        "observations": n_obs,
        "record_build_s": round(build_s, 3),
        "store_search_median_us": round(med["store"] * 1e6, 1),
        "tool_call_median_us": round(med["tool"] * 1e6, 1),
        "tool_call_first_mean_us": round(statistics.mean(first_t) * 1e6, 1),
        "baseline_pandas_median_us": round(med["baseline"] * 1e6, 1),
        "speedup_store_vs_baseline": round(med["baseline"] / med["store"], 1),
        "speedup_tool_vs_baseline": round(med["baseline"] / med["tool"], 1),
        "calls": args.calls,
        "baseline_calls": base_n,
    }


def make_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--observations", type=int, default=Args.observations)
    p.add_argument("--calls", type=int, default=Args.calls)
    p.add_argument("--seed", type=int, default=Args.seed)
    return p


if __name__ == "__main__":
    ns = make_parser().parse_args()
    print(json.dumps(main(Args(**vars(ns))), indent=2))
