"""Peak memory of a synthetic build, per process: the reading process (driver) and its
workers, sampled every 0.5 s, with the driver's stack at its peak and a timeline.

    python benchmarks/build_memory.py PATIENTS OUT_FOLDER WORKERS

e.g. ``python benchmarks/build_memory.py 1000 /tmp/d1000 2`` (the default's first-use
build: 1,000 patients, 2 workers). Figures: ``docs/environment.md`` ("Memory of the
first-use build"). Needs ``psutil``.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import traceback
from typing import Any

import psutil

from physassist_env.dataset.build import build_dataset

INTERVAL_S = 0.5


def _sample(samples: list[Any], done: threading.Event) -> None:
    """Append (time, driver MB, [child MB], driver stack) until ``done``."""
    main = threading.main_thread()
    me = psutil.Process()
    while not done.is_set():
        frame = sys._current_frames().get(main.ident or 0)
        stack = traceback.extract_stack(frame)[-16:] if frame else []
        try:
            kids = [c.memory_info().rss >> 20 for c in me.children(recursive=True)]
        except psutil.Error:
            kids = []
        where = [f"{os.path.basename(s.filename)}:{s.lineno}:{s.name}" for s in stack]
        samples.append((time.time(), me.memory_info().rss >> 20, kids, where))
        done.wait(INTERVAL_S)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("patients", type=int)
    ap.add_argument("out")
    ap.add_argument("workers", type=int)
    args = ap.parse_args()
    samples: list[Any] = []
    done = threading.Event()
    threading.Thread(target=_sample, args=(samples, done), daemon=True).start()
    t0 = time.time()
    build_dataset(
        "synthetic",
        args.out,
        patients=args.patients,
        workers=args.workers,
        overwrite=True,
        progress=False,
    )
    done.set()
    peak = max(samples, key=lambda s: s[1])
    child = max((max(k) for _, _, k, _ in samples if k), default=0)
    total = max(r + sum(k) for _, r, k, _ in samples)
    print(
        f"wall {time.time() - t0:.1f} s; driver peak {peak[1]} MB; largest child "
        f"{child} MB; largest sum {total} MB"
    )
    print("driver stack at its peak:\n  " + "\n  ".join(peak[3]))
    print("seconds, driver MB, children MB, where:")
    for ts, rss, kids, stack in samples[:: max(1, len(samples) // 50)]:
        top = [s for s in stack if any(w in s for w in ("build", "shards", "writer"))]
        print(round(ts - t0), rss, kids, top[-2:])


if __name__ == "__main__":
    main()
