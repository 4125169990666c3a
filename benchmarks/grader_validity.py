"""Grader validity: the share of wrong and correct variants of gold answers that pass.

For every turn of a split (both languages by default), makes wrong variants of the gold
answer (names swapped, decision negated, trend or flags flipped, wrong units, numbers
scaled, another patient's answer, pasted tool output, a hedge, a dump, and for write
turns mutated write sets) and correct rewordings (reordered, synonyms, SI units,
rounding, casual clinician wording, reworded write arguments), grades each exactly as the
environment grades an answer (:mod:`physassist_env.grading.validity`), and prints per
variant class the share passing at tau and the mean score, plus grading throughput
(turns graded per CPU second of grading, one core). Writes the full result,
with examples of misgraded variants, as JSON.

Run::

    python benchmarks/grader_validity.py --split test --out grader_validity.json
    python benchmarks/grader_validity.py --dataset path/to/mimic-build --limit 500
    python benchmarks/grader_validity.py --grader judge --judge-model NAME \\
        --judge-base-url URL --limit 50
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any


def make_parser() -> argparse.ArgumentParser:
    """Command-line parser."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--dataset", default=None, help="a built dataset (default: the embedded one)"
    )
    p.add_argument("--split", default="test", help="train | validation | test")
    p.add_argument("--languages", default="en,zh", help="comma-separated")
    p.add_argument(
        "--limit", type=int, default=None, help="grade at most N (turn, language) cases"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threshold", type=float, default=0.75)
    p.add_argument("--classes", default=None, help="comma-separated variant classes")
    p.add_argument("--grader", default="rules", help="rules | judge")
    p.add_argument("--judge-model", default=None)
    p.add_argument("--judge-backend", default="openai")
    p.add_argument("--judge-base-url", default=None)
    p.add_argument("--out", default="grader_validity.json", help="JSON output")
    return p


def main(args: argparse.Namespace) -> dict[str, Any]:
    """Run the suite and return its result (see :func:`run_validity`)."""
    from physassist_env.env.data import resolve, split_data
    from physassist_env.grading import make_grader
    from physassist_env.grading.validity import run_validity

    grader_args: dict[str, Any] = {}
    if args.grader == "judge":
        if not args.judge_model:
            raise SystemExit("--grader judge needs --judge-model")
        grader_args = {
            "model": args.judge_model,
            "backend": args.judge_backend,
            "base_url": args.judge_base_url,
        }
    grader = make_grader(args.grader, **grader_args)
    path = resolve(args.dataset, progress=False)
    data = split_data(Path(path), args.split)
    t0 = time.perf_counter()
    result = run_validity(
        data.sessions,
        [x.strip() for x in args.languages.split(",") if x.strip()],
        grader,
        limit=args.limit,
        seed=args.seed,
        threshold=args.threshold,
        classes=args.classes.split(",") if args.classes else None,
    )
    result["dataset"] = str(path)
    result["split"] = args.split
    result["wall_s"] = round(time.perf_counter() - t0, 1)
    return result


if __name__ == "__main__":
    from physassist_env.grading.validity import format_table

    a = make_parser().parse_args()
    out = main(a)
    Path(a.out).write_text(json.dumps(out, indent=2, ensure_ascii=False))
    print(format_table(out))
    tp = out["throughput"]
    print(
        f"\n{out['cases']} (turn, language) cases of {out['sessions']} sessions; "
        f"{tp['graded']} variants graded in {tp['cpu_seconds']} CPU s = "
        f"{tp['turns_per_s']} turns/s on one core ({tp['turns_per_wall_s']} per wall s; "
        f"grading only); wall {out['wall_s']} s in all; JSON: {a.out}"
    )
