"""Larger fuzz runs of the hardening targets; prints inputs tried and failures per target.

Launch (from the repository root)::

    python benchmarks/fuzz.py --scale 10      # 10x the default-suite example counts

Builds a small synthetic dataset in a temporary folder, then runs the hypothesis targets
of ``tests/hardening/hardening_fuzz.py`` (env actions, patient tools, EhrToolkit.call, the
FHIR REST server over loopback). Any unhandled exception or HTTP 500 stops the run with
hypothesis' minimal failing example.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "hardening"))


@dataclass
class Args:
    """Arguments of the fuzz benchmark."""

    scale: int = field(default=10, metadata={"help": "multiple of the default-suite counts"})


def make_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scale", type=int, default=10, help="multiple of the default-suite counts")
    return p


def main(args: Args) -> None:
    """Run every target ``scale`` times the default counts and print the figures."""
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
        ds = Path(tmp) / "ds"
        build_dataset("synthetic", ds, patients=40, test_per_cell=2, progress=False)
        records = list(load_records(ds, split="test").values())
        times = {}
        t = time.perf_counter()
        env = PhysAssistEnv(dataset=ds, split="test")
        env.reset(seed=0)
        fuzz_env(env, 600 * args.scale)
        fuzz_patient_tools(env, 200 * args.scale)
        times["env"] = time.perf_counter() - t
        t = time.perf_counter()
        for lang in ("en", "zh"):
            view = FhirStore.from_records(records[:1]).view(records[0].patient_id, None)
            fuzz_toolkit(EhrToolkit(view, language=lang), 500 * args.scale)
        times["toolkit"] = time.perf_counter() - t
        t = time.perf_counter()
        with BackgroundServer(create_app(FhirStore.from_records(records))) as srv:
            with httpx.Client(base_url=srv.url, timeout=30) as client:
                fuzz_server(client, 600 * args.scale)
        times["server"] = time.perf_counter() - t
    print("target                 inputs  error-observations")
    for target in ("env_action", "patient_tool", "toolkit_call", "server_request"):
        print(f"{target:20s} {COUNTS[target]:8d}  {COUNTS[target + '/errors']:8d}")
    print(f"server requests httpx refused to send: {COUNTS['server_request/not_sendable']}")
    print("unhandled exceptions: 0, HTTP 500: 0 (any would have stopped the run)")
    print("seconds: " + ", ".join(f"{k} {v:.1f}" for k, v in times.items()))


if __name__ == "__main__":
    ns = make_parser().parse_args()
    main(Args(scale=ns.scale))
