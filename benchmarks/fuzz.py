"""Larger fuzz runs of the hardening targets, and a FHIR server memory probe.

Launch (from the repository root)::

    python benchmarks/fuzz.py --scale 10                      # every target, 10x the suite counts
    python benchmarks/fuzz.py --scale 25 --targets env,toolkit
    python benchmarks/fuzz.py --scale 0 --probe-codes 10000   # only the server probe
    python benchmarks/fuzz.py --dataset DIR ...               # reuse a built dataset

Builds a small synthetic dataset in a temporary folder, then runs the hypothesis targets
of ``tests/hardening/hardening_fuzz.py`` (env actions, patient tools, EhrToolkit.call, the
FHIR REST server over loopback). Any unhandled exception or HTTP 500 stops the run with
hypothesis' minimal failing example. The probe sends GET searches with distinct ``code``
values (with and without a patient) to a live server and prints the server process's
resident memory after each tenth of them, and the count of HTTP 500s.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "hardening"))

TARGETS = ("env", "patient", "toolkit", "server")


@dataclass
class Args:
    """Arguments of the fuzz benchmark."""

    scale: int = field(
        default=10, metadata={"help": "multiple of the default-suite counts"}
    )
    targets: tuple[str, ...] = TARGETS
    probe_codes: int = 0
    dataset: str | None = None


def make_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--scale", type=int, default=10, help="multiple of the default-suite counts"
    )
    p.add_argument(
        "--targets",
        default=",".join(TARGETS),
        help=f"comma-separated subset of {','.join(TARGETS)}",
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder to use (default: build a 40-patient one in a temporary folder)",
    )
    p.add_argument(
        "--probe-codes",
        type=int,
        default=0,
        help="also probe the server's memory with this many distinct code values",
    )
    return p


def _rss_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; ru_maxrss elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def probe_memory(records: list, n: int) -> None:
    """GET ``n`` searches with distinct codes; print RSS per tenth and the 5xx count."""
    import httpx

    from physassist_env.ehr import FhirStore
    from physassist_env.server import BackgroundServer, create_app

    store = FhirStore.from_records(records)
    pids = store.patient_ids
    statuses: dict[int, int] = {}
    samples = []
    with (
        BackgroundServer(create_app(store)) as srv,
        httpx.Client(base_url=srv.url, timeout=30) as c,
    ):
        for rtype in (
            "Observation",
            "Condition",
        ):  # warm up: indexes built, first pages served
            c.get(f"/{rtype}", params={"code": "potassium"})
        base = _rss_mb()
        t = time.perf_counter()
        names = ["potassium", "a", "c", "s", "blood", "sodium", "heart", "pain"]
        for i in range(n):
            # half nonsense, half real (prefix) names made distinct by trailing spaces:
            # each is a new memo key, the latter with long lists of matches
            word = names[i % len(names)] + " " * (i // 2) if i % 2 else f"probe-{i}"
            params = {"code": word}
            if i % 4 == 1:
                params["patient"] = pids[i % len(pids)]
            r = c.get("/Observation" if i % 3 else "/Condition", params=params)
            statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
            if (i + 1) % max(1, n // 10) == 0:
                samples.append((i + 1, _rss_mb()))
        seconds = time.perf_counter() - t
    print(
        f"server probe: {n} distinct codes over {len(pids)} patients in {seconds:.1f} s"
    )
    print(
        f"  HTTP statuses: {dict(sorted(statuses.items()))}; 5xx: {sum(v for k, v in statuses.items() if k >= 500)}"
    )
    print(
        f"  RSS after warm-up {base:.1f} MB; "
        + ", ".join(f"{k}: {v:.1f}" for k, v in samples)
    )
    print(
        f"  growth over the last 90% of the codes: {samples[-1][1] - samples[0][1]:+.1f} MB"
    )


def main(args: Args) -> None:
    """Run the chosen targets ``scale`` times the default counts and print the figures."""
    import httpx
    from hardening_fuzz import (
        COUNTS,
        fuzz_env,
        fuzz_patient_tools,
        fuzz_server,
        fuzz_toolkit,
    )

    from physassist_env.dataset import load_records
    from physassist_env.dataset.build import build_dataset
    from physassist_env.ehr import EhrToolkit, FhirStore
    from physassist_env.env.gym_env import PhysAssistEnv
    from physassist_env.server import BackgroundServer, create_app

    with tempfile.TemporaryDirectory() as tmp:
        ds = Path(args.dataset) if args.dataset else Path(tmp) / "ds"
        if not args.dataset:
            build_dataset("synthetic", ds, patients=40, test_per_cell=2, progress=False)
        records = list(load_records(ds, split="test").values())
        times = {}
        if args.scale and ("env" in args.targets or "patient" in args.targets):
            t = time.perf_counter()
            env = PhysAssistEnv(dataset=ds, split="test")
            env.reset(seed=0)
            if "env" in args.targets:
                fuzz_env(env, 600 * args.scale)
            if "patient" in args.targets:
                fuzz_patient_tools(env, 200 * args.scale)
            times["env"] = time.perf_counter() - t
        if args.scale and "toolkit" in args.targets:
            t = time.perf_counter()
            for lang in ("en", "zh"):
                view = FhirStore.from_records(records[:1]).view(
                    records[0].patient_id, None
                )
                fuzz_toolkit(EhrToolkit(view, language=lang), 500 * args.scale)
            times["toolkit"] = time.perf_counter() - t
        if args.scale and "server" in args.targets:
            t = time.perf_counter()
            with BackgroundServer(create_app(FhirStore.from_records(records))) as srv:
                with httpx.Client(base_url=srv.url, timeout=30) as client:
                    fuzz_server(client, 600 * args.scale)
            times["server"] = time.perf_counter() - t
        if args.scale:
            print("target                 inputs  error-observations")
            for target in (
                "env_action",
                "patient_tool",
                "toolkit_call",
                "server_request",
            ):
                print(
                    f"{target:20s} {COUNTS[target]:8d}  {COUNTS[target + '/errors']:8d}"
                )
            print(
                f"server requests httpx refused to send: {COUNTS['server_request/not_sendable']}"
            )
            print(
                "unhandled exceptions: 0, HTTP 500: 0 (any would have stopped the run)"
            )
            print("seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in times.items()))
        if args.probe_codes:
            probe_memory(list(load_records(ds).values()), args.probe_codes)


if __name__ == "__main__":
    ns = make_parser().parse_args()
    main(
        Args(
            scale=ns.scale,
            targets=tuple(t.strip() for t in ns.targets.split(",") if t.strip()),
            probe_codes=ns.probe_codes,
            dataset=ns.dataset,
        )
    )
