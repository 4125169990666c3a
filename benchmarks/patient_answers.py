"""Scripted-patient throughput: answers per second on one core.

Replays the labelled interview questions (tests/patient/data/interview_eval.json) against
the fixture patients (tests/patient/patient_fixtures.py), each answer carrying the
session state forward as in an episode. ``--cold`` clears the per-patient question cache
before every answer, so each question is analysed from scratch (the word-level typo
cache stays warm, as it would in any long run).

Run (one process, one core)::

    taskset -c 0 python benchmarks/patient_answers.py --answers 20000
    taskset -c 0 python benchmarks/patient_answers.py --answers 20000 --cold
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Args:
    """Benchmark arguments."""

    answers: int = field(default=20000, metadata={"help": "answers to time"})
    cold: bool = field(
        default=False, metadata={"help": "clear the question cache before each answer"}
    )


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser (the CLI reuses it)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--answers", type=int, default=Args.answers, help="answers to time")
    p.add_argument(
        "--cold",
        action="store_true",
        help="clear the question cache before each answer",
    )
    return p


def main(args: Args) -> dict[str, float]:
    """Time ``args.answers`` scripted answers; return the rate."""
    sys.path.insert(0, str(ROOT / "tests" / "patient"))
    from patient_fixtures import RECORDS, fixture_memory

    from physassist_env.patient import ScriptedPatient

    items = json.loads(
        (ROOT / "tests/patient/data/interview_eval.json").read_text(encoding="utf-8")
    )["items"]
    patients = {pid: ScriptedPatient(fixture_memory(pid)) for pid in RECORDS}
    states = {pid: p.initial_state() for pid, p in patients.items()}
    for it in items:  # warm-up (imports, typo cache)
        p = patients[it["patient"]]
        p.answer(it["tool"], it["arguments"], p.initial_state())
    start = time.perf_counter()
    for i in range(args.answers):
        it = items[i % len(items)]
        p = patients[it["patient"]]
        if args.cold:
            p.index._cache.clear()
        if i % 20 == 0:  # a new session every 20 questions, as in an episode
            states[it["patient"]] = p.initial_state()
        _, states[it["patient"]] = p.answer(
            it["tool"], it["arguments"], states[it["patient"]]
        )
    elapsed = time.perf_counter() - start
    return {
        "answers": args.answers,
        "seconds": round(elapsed, 3),
        "answers_per_second": round(args.answers / elapsed),
        "cold": args.cold,
    }


if __name__ == "__main__":
    ns = make_parser().parse_args()
    result = main(Args(answers=ns.answers, cold=ns.cold))
    print(json.dumps(result))
    print("results printed above (nothing written to disk)")
