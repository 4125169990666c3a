"""Environment and rule-grading overhead: oracle sessions per second, per-step cost, memory.

Runs the oracle (gold tool calls, then the gold answer) through ``PhysAssistEnv`` on one
core, directly (no evaluation runner), over the test sessions of a built dataset, and
reports sessions/s, mean time per step and per graded turn, and the memory one more
environment instance costs (tracemalloc).

Run::

    python benchmarks/env_step.py --dataset physassistbench --sessions 200
"""

from __future__ import annotations

import argparse
import json
import time
import tracemalloc


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


def main(dataset: str | None, sessions: int) -> dict[str, float]:
    """Measure and return the figures."""
    from physassist_env.env import PhysAssistEnv

    env = PhysAssistEnv(dataset=dataset)
    chosen = env.data.sessions[:sessions]
    for s in chosen:  # warm the record and store caches so the loop measures steps
        env.data.store(s.patient_id)
    steps = turns = 0
    grade_time = 0.0
    t0 = time.perf_counter()
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
    elapsed = time.perf_counter() - t0
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    extra = PhysAssistEnv(dataset=dataset)
    extra.reset(options={"session_id": chosen[0].session_id})
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {
        "sessions": len(chosen),
        "sessions_per_s": round(len(chosen) / elapsed, 1),
        "steps": steps,
        "ms_per_step": round(1000 * elapsed / steps, 3),
        "ms_per_answer_step_incl_grading": round(1000 * grade_time / turns, 3),
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
    p.add_argument("--sessions", type=int, default=200)
    a = p.parse_args()
    print(json.dumps(main(a.dataset, a.sessions), indent=2))
