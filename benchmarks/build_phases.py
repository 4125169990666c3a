"""Where a ``physassist build`` spends its time: the phases of one synthetic build.

Runs one build in this process and prints, at the start and end of each phase (the
synthetic hospital, the session pass with its workers, the split, the writer), the wall
seconds since the start and the CPU seconds of the reading process (``self``) and of its
finished worker processes (``workers``: counted when the pool shuts down, at the end of
the session pass)::

    python benchmarks/build_phases.py                          # the default, auto workers
    python benchmarks/build_phases.py --patients 200 --workers 1

On a loaded machine compare the CPU columns; the wall column only says where the time
went on that run. With workers the reading process writes the hospital one shard of
patients at a time (one ``generate_hospital`` start/end per shard), ingests each part
into a Parquet cache and hands its shard to a worker, which reads, converts and builds
its patients while the next part is written; only the first part and the writer are
serial. At ``--workers 1`` the hospital is written whole first and the reading process
does all of it.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

from physassist_env.dataset import build as build_module

_T0 = time.perf_counter()


def _mark(what: str) -> None:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"{time.perf_counter() - _T0:8.1f} s wall | self {me.ru_utime + me.ru_stime:7.1f} s CPU"
        f" | workers {kids.ru_utime + kids.ru_stime:7.1f} s CPU | {what}",
        flush=True,
    )


def _timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _mark(f"{name} start")
        out = fn(*args, **kwargs)
        _mark(f"{name} end")
        return out

    return wrapper


def main(argv: list[str] | None = None) -> int:
    """Run one build with its phases timed."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--patients", type=int, default=build_module.DEFAULT_PATIENTS)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=0, help="0: automatic")
    p.add_argument("--out", default="/tmp/build-phases", help="scratch folder")
    args = p.parse_args(argv)
    for name in ("generate_hospital", "assign_splits", "write_dataset"):
        setattr(build_module, name, _timed(name, getattr(build_module, name)))
    build_module.build_dataset(
        "synthetic",
        args.out,
        patients=args.patients,
        seed=args.seed,
        workers=args.workers,
        overwrite=True,
        progress=False,
    )
    _mark("done")
    return 0


if __name__ == "__main__":  # spawned workers import this module: build only here
    sys.exit(main())
