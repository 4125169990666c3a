"""Environment and rule-grading overhead: oracle sessions per second, per-step cost, memory.

Runs the oracle (gold tool calls, then the gold answer) through ``PhysAssistEnv`` on one
core, directly (no evaluation runner), over the first test sessions of a built dataset,
and reports sessions/s, mean time per step and per graded turn, and the memory one more
environment instance costs (tracemalloc).

The patients' records and indexed stores are read before the clock starts (their CPU
time per patient is reported: what a session whose patient is not held costs more). The
sessions are then played ``--passes`` times: the first pass also builds each patient's
memory for the session's date, renders each result line for the first time and fills the
grader's caches; later passes find them built (what a training run that plays the same
sessions again sees). Each pass reports wall-clock and CPU (``time.process_time``) rates:
on a shared machine the CPU figure is the one that depends least on the other jobs.
``--breakdown`` adds the CPU time of grading, patient memories, EHR tools and ``info``.

Run::

    taskset -c 1 python benchmarks/env_step.py --dataset physassistbench --sessions 100 --breakdown
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc
from typing import Any


def _call(name: str, args: dict) -> dict:
    return {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "c",
                "type": "function",
                "function": {"name": name, "arguments": args},
            }
        ],
    }


#: What ``--breakdown`` times (CPU seconds of each call, summed per pass): the grader,
#: building a patient's memory, the EHR tools, and the copy of the chat in ``info``.
_PARTS = {
    "grading": ("physassist_env.env.episode", "Episode", "grade_answer"),
    "patient_memory": ("physassist_env.env.episode", None, "patient_memory"),
    "ehr_tools": ("physassist_env.ehr.toolkit", "EhrToolkit", "call"),
    "info": ("physassist_env.env.gym_env", "PhysAssistEnv", "_info"),
}
_SPENT: dict[str, float] = {}


def _time_parts() -> None:
    """Wrap the functions of :data:`_PARTS` to add their CPU time to ``_SPENT``."""
    import importlib

    for label, (module, cls, name) in _PARTS.items():
        mod = importlib.import_module(module)
        owner = getattr(mod, cls) if cls else mod
        func = getattr(owner, name)

        def timed(*a: Any, _f: Any = func, _k: str = label, **kw: Any) -> Any:
            t0 = time.process_time()
            try:
                return _f(*a, **kw)
            finally:
                _SPENT[_k] = _SPENT.get(_k, 0.0) + time.process_time() - t0

        setattr(owner, name, timed)


def _play(env: Any, chosen: list[Any]) -> dict[str, Any]:
    """One pass of the oracle over ``chosen``: its rates and per-step costs."""
    steps = turns = 0
    grade_time = 0.0
    _SPENT.clear()
    t0, c0 = time.perf_counter(), time.process_time()
    for s in chosen:
        env.reset(options={"session_id": s.session_id})
        for turn in s.turns:
            for c in turn.gold_actions:
                env.step(_call(c.name, c.arguments))
                steps += 1
            g0 = time.perf_counter()
            env.step(turn.gold_answer.en)
            grade_time += time.perf_counter() - g0
            steps += 1
            turns += 1
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    parts = {f"cpu_ms_{k}": round(1000 * v, 1) for k, v in _SPENT.items()}
    return {
        "cpu_ms": round(1000 * cpu, 1),
        **parts,
        "sessions_per_s": round(len(chosen) / elapsed, 1),
        "sessions_per_cpu_s": round(len(chosen) / cpu, 1),
        "steps": steps,
        "ms_per_step": round(1000 * elapsed / steps, 3),
        "ms_per_answer_step_incl_grading": round(1000 * grade_time / turns, 3),
    }


def main(
    dataset: str | None, sessions: int, passes: int = 2, breakdown: bool = False
) -> dict[str, Any]:
    """Measure and return the figures (``breakdown``: also the CPU milliseconds of each
    of :data:`_PARTS` per pass; the timing wrappers add a little to every figure)."""
    from physassist_env.env import PhysAssistEnv
    from physassist_env.env.data import KEEP_PATIENTS

    if breakdown:
        _time_parts()

    env = PhysAssistEnv(dataset=dataset)
    chosen = env.data.sessions[:sessions]
    patients = list(dict.fromkeys(s.patient_id for s in chosen))
    if len(patients) > KEEP_PATIENTS:
        raise SystemExit(
            f"{len(patients)} patients in {len(chosen)} sessions: more than the "
            f"{KEEP_PATIENTS} a split keeps, so passes would read them again; "
            "ask for fewer sessions"
        )
    c0 = time.process_time()
    for p in patients:  # read and index before the clock starts
        env.data.store(p)
    read_ms = 1000 * (time.process_time() - c0) / len(patients)
    runs = [_play(env, chosen) for _ in range(passes)]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    extra = PhysAssistEnv(dataset=dataset)
    extra.reset(options={"session_id": chosen[0].session_id})
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {
        "sessions": len(chosen),
        "patients": len(patients),
        "cpu_ms_read_and_index_per_patient": round(read_ms, 1),
        "first_pass": runs[0],
        **{f"pass_{k + 2}": r for k, r in enumerate(runs[1:])},
        "kb_per_env_instance": round((after - before) / 1024, 1),
    }


if __name__ == "__main__":
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--dataset",
        default=None,
        help="a built dataset folder (default: the embedded one)",
    )
    p.add_argument("--sessions", type=int, default=100)
    p.add_argument(
        "--passes", type=int, default=2, help="times the sessions are played"
    )
    p.add_argument(
        "--breakdown",
        action="store_true",
        help="also report the CPU time of grading, patient memories, EHR tools and info",
    )
    a = p.parse_args()
    print(
        json.dumps(main(a.dataset, a.sessions, max(1, a.passes), a.breakdown), indent=2)
    )
