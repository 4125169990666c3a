"""One EHR tool call in-process vs over FHIR REST on loopback: median latency and calls/s.

Both sides run ``EhrToolkit.call("Observation.search", {"code": ..., "_count": N})`` on the
same generated patient: once on the in-process :class:`EhrView`, once on a
:class:`RemoteEhrView` talking to the package's FHIR server (uvicorn on 127.0.0.1, in a
background thread of the same process). Prints JSON.

Run::

    python benchmarks/fhir_rest.py --observations 2000 --calls 300 --count 20
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

LABS = [
    ("Potassium", "2823-3"),
    ("Sodium", "2951-2"),
    ("Creatinine", "2160-0"),
    ("Glucose", "2345-7"),
    ("Hemoglobin", "718-7"),
]


@dataclass
class Args:
    observations: int = 2000
    calls: int = 300
    count: int = 20


def make_parser() -> argparse.ArgumentParser:
    """The benchmark's arguments."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--observations",
        type=int,
        default=Args.observations,
        help="lab observations of the patient",
    )
    p.add_argument(
        "--calls", type=int, default=Args.calls, help="timed tool calls per side"
    )
    p.add_argument(
        "--count", type=int, default=Args.count, help="_count of each search"
    )
    return p


def make_resources(n_obs: int) -> list[dict[str, Any]]:
    """One patient with ``n_obs`` lab observations, one per hour."""
    res: list[dict[str, Any]] = [
        {
            "resourceType": "Patient",
            "id": "p1",
            "gender": "female",
            "birthDate": "2110-01-01",
        }
    ]
    for k in range(n_obs):
        label, loinc = LABS[k % len(LABS)]
        day, hour = divmod(k, 24)
        res.append(
            {
                "resourceType": "Observation",
                "id": f"o{k}",
                "status": "final",
                "subject": {"reference": "Patient/p1"},
                "category": [
                    {
                        "coding": [
                            {
                                "system": "http://terminology.hl7.org/CodeSystem/observation-category",
                                "code": "laboratory",
                            }
                        ]
                    }
                ],
                "code": {
                    "coding": [
                        {"system": "http://loinc.org", "code": loinc, "display": label}
                    ],
                    "text": label,
                },
                "effectiveDateTime": f"2180-{1 + day // 28:02d}-{1 + day % 28:02d}T{hour:02d}:00:00Z",
                "valueQuantity": {"value": 4.0 + (k % 7) / 10, "unit": "mmol/L"},
            }
        )
    return res


def timed(fn: Any, calls: int) -> dict[str, float]:
    """Median and p90 latency (ms) and calls/s of ``calls`` runs of ``fn`` after 10 warm-ups."""
    for _ in range(10):
        fn()
    lat = []
    start = time.perf_counter()
    for _ in range(calls):
        t = time.perf_counter()
        fn()
        lat.append((time.perf_counter() - t) * 1000)
    wall = time.perf_counter() - start
    lat.sort()
    return {
        "median_ms": round(statistics.median(lat), 3),
        "p90_ms": round(lat[int(0.9 * (len(lat) - 1))], 3),
        "calls_per_s": round(calls / wall, 1),
    }


def main(args: Args) -> dict[str, Any]:
    """Run both sides and return the results."""
    from physassist_env.ehr import EhrToolkit, FhirStore
    from physassist_env.ehr.remote import RemoteEhrView
    from physassist_env.server import BackgroundServer, create_app

    store = FhirStore(make_resources(args.observations))
    call = ("Observation.search", {"code": "potassium", "_count": args.count})
    local = EhrToolkit(store.view("p1"))
    out: dict[str, Any] = {
        "args": asdict(args),
        "tool_call": {"name": call[0], "arguments": call[1]},
    }
    out["in_process"] = timed(lambda: local.call(*call), args.calls)
    with (
        BackgroundServer(create_app(store)) as srv,
        RemoteEhrView(srv.url, "p1") as view,
    ):
        remote = EhrToolkit(view)
        a, b = local.call(*call), remote.call(*call)
        if (a.ok, a.text) != (b.ok, b.text):
            raise SystemExit("in-process and HTTP answers differ")
        out["http_loopback"] = timed(lambda: remote.call(*call), args.calls)
    out["http_over_in_process"] = round(
        out["http_loopback"]["median_ms"] / out["in_process"]["median_ms"], 1
    )
    return out


if __name__ == "__main__":
    ns = make_parser().parse_args()
    print(json.dumps(main(Args(ns.observations, ns.calls, ns.count)), indent=2))
