"""Reproduce the baseline table: oracle, no-tool, heuristic and SmolLM2-135M on the synthetic test split.

Every agent runs on the embedded synthetic default (built on first use) in English and
Chinese with the paper's settings (temperature 0.2, 16 tool calls per turn, own
history). The small local model is slow on CPU, so it runs on the first ``--hf-limit``
test sessions, and so do the other agents a second time, to give a like-for-like slice.

Run::

    python baselines/reproduce.py                          # about 15 minutes on 2 CPU cores (dataset built)
    python baselines/reproduce.py --agents oracle,no-tool,heuristic
    python baselines/reproduce.py --agents oracle,no-tool,heuristic --split train --dataset D --out /tmp/train

Writes ``baselines/results/full/`` (all test sessions) and ``baselines/results/slice/``
(the first ``--hf-limit`` sessions): ``report.md``, ``report.json`` and PNG plots. Run
folders (every trajectory) go to ``runs/baselines/`` (not committed).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, fields
from pathlib import Path


@dataclass
class Args:
    """Arguments of the baseline reproduction."""

    agents: str = "oracle,no-tool,heuristic,hf"
    languages: str = "en,zh"
    hf_limit: int = 6
    hf_max_new_tokens: int = 160
    dataset: str | None = None
    split: str = "test"
    runs: str = "runs/baselines"
    out: str = "baselines/results"
    concurrency: int = 4
    n_boot: int = 1000


def make_parser() -> argparse.ArgumentParser:
    """The script's argument parser (one option per :class:`Args` field)."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for f in fields(Args):
        p.add_argument(
            f"--{f.name.replace('_', '-')}",
            type=int if f.type == "int" else str,
            default=f.default,
        )
    return p


def main(args: Args) -> dict[str, float]:
    """Run the agents, write the reports, return the wall time per run."""
    from physassist_env.dataset.build import default_dataset
    from physassist_env.evaluation import EvalConfig, run_eval
    from physassist_env.evaluation.report import build_report, write_report

    dataset = args.dataset or str(default_dataset())
    languages = [x for x in args.languages.split(",") if x]
    agents = [x for x in args.agents.split(",") if x]
    runs = Path(args.runs)
    timing: dict[str, float] = {}
    full, slice_ = [], []
    for agent in agents:
        for scope, limit in (("full", None), ("slice", args.hf_limit)):
            if agent == "hf" and scope == "full":
                continue
            name = (
                f"{agent}-{scope}"
                if args.split == "test"
                else f"{agent}-{args.split}-{scope}"
            )
            agent_args = (
                {"temperature": 0.2, "max_new_tokens": args.hf_max_new_tokens}
                if agent == "hf"
                else {}
            )
            config = EvalConfig(
                run_id=name,
                dataset=dataset,
                split=args.split,
                languages=languages,
                limit=limit,
                agent={"name": agent, "args": agent_args},
                concurrency=1 if agent == "hf" else args.concurrency,
            )
            t0 = time.perf_counter()
            run_eval(config, runs / name)
            timing[name] = round(time.perf_counter() - t0, 1)
            (full if scope == "full" else slice_).append(runs / name)
    out = Path(args.out)
    for scope, paths in (("full", full), ("slice", slice_)):
        if paths:
            report = build_report(paths, n_boot=args.n_boot)
            write_report(report, out / scope)
    (out / "timing.json").write_text(json.dumps(timing, indent=2) + "\n")
    print(f"reports written to {out}/full and {out}/slice")
    return timing


if __name__ == "__main__":
    ns = make_parser().parse_args()
    main(Args(**vars(ns)))
