"""What ``tool_output="fhir"`` costs and changes: result sizes, scores, step time.

Plays the oracle (each turn's gold calls, then the gold answer) through ``PhysAssistEnv``
over the sessions of a built dataset, once with ``tool_output="text"`` and once with
``"fhir"``, and reports per format: the oracle's mean turn score (the grader reads the
same compact text in both, so it must not move), the characters of the EHR results the
agent is shown (mean, median, largest) and the mean time per step.

Run::

    python benchmarks/tool_output.py --dataset physassistbench --sessions 100
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any


def _call(name: str, args: dict[str, Any]) -> dict[str, Any]:
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


def measure(dataset: str | None, sessions: int, tool_output: str) -> dict[str, Any]:
    """Play the oracle in one format; return its figures."""
    from physassist_env.env import PhysAssistEnv

    env = PhysAssistEnv(dataset=dataset, tool_output=tool_output)
    chosen = env.data.sessions[:sessions]
    for s in chosen:  # warm the record and store caches so the loop measures steps
        env.data.store(s.patient_id)
    sizes: list[int] = []
    scores: list[float] = []
    steps = 0
    t0 = time.perf_counter()
    for s in chosen:
        env.reset(options={"session_id": s.session_id})
        for turn in s.turns:
            for c in turn.gold_actions:
                env.step(_call(c.name, c.arguments))
                steps += 1
                outcome = env.episode.logs[-1].outcomes[-1]
                if outcome.kind == "ehr":
                    sizes.append(len(outcome.content or ""))
            _, reward, *_ = env.step(turn.gold_answer.en)
            steps += 1
            scores.append(reward)
    elapsed = time.perf_counter() - t0
    return {
        "sessions": len(chosen),
        "oracle_mean_turn_score": round(statistics.fmean(scores), 4),
        "ehr_results": len(sizes),
        "chars_mean": round(statistics.fmean(sizes), 1),
        "chars_median": statistics.median(sizes),
        "chars_max": max(sizes),
        "ms_per_step": round(1000 * elapsed / steps, 3),
    }


def main(dataset: str | None, sessions: int) -> dict[str, Any]:
    """Both formats, and the size ratio of FHIR to text (after one warm-up pass)."""
    measure(dataset, sessions, "text")  # patient memories and grader caches
    out = {fmt: measure(dataset, sessions, fmt) for fmt in ("text", "fhir")}
    out["fhir_over_text_chars"] = round(
        out["fhir"]["chars_mean"] / out["text"]["chars_mean"], 2
    )
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--dataset", help="a built dataset folder (default: the embedded one)"
    )
    parser.add_argument("--sessions", type=int, default=100)
    args = parser.parse_args()
    print(json.dumps(main(args.dataset, args.sessions), indent=2))
