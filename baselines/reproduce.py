"""Reproduce the baseline table: oracle, no-tool, heuristic and SmolLM2-135M on the synthetic test split.

Every agent runs on the embedded synthetic default (built on first use) in English and
Chinese with the paper's settings (temperature 0.2, 16 tool calls per turn, own
history). The small local model is slow on CPU, so it runs on the first ``--hf-limit``
test sessions, and so do the other agents a second time, to give a like-for-like slice.

Run::

    python baselines/reproduce.py --agents oracle,no-tool,heuristic   # the README table
    python baselines/reproduce.py                          # also SmolLM2 on the slice (slow on CPU)
    python baselines/reproduce.py --agents oracle,no-tool,heuristic --overwrite   # refresh baselines/results
    python baselines/reproduce.py --agents heuristic --split train --dataset D --out /tmp/train

Writes a new folder, ``runs/baselines/<UTC time>/`` (``--out`` names another; a folder that
holds files is refused unless ``--overwrite``; ``--overwrite`` without ``--out`` rewrites
the committed ``baselines/results/``): ``full/`` (all sessions of the split) and
``slice/`` (the first ``--hf-limit`` sessions), each with ``report.md``, ``report.json``
and PNG plots, ``timing.json``, and ``table.md``, the README's baselines table made from
``full/report.json`` (:func:`readme_table`; ``tests/evaluation/test_baselines_table.py``
checks that the README's table equals the committed results). Run folders (every
trajectory) go to ``runs/baselines/<UTC time>/runs/`` (not committed), always new, so no
episode of an earlier run is resumed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

#: The committed results (``--overwrite`` without ``--out`` rewrites them).
COMMITTED = Path(__file__).resolve().parent / "results"
#: Columns of the README's baselines table.
TABLE_HEADER = "| agent | split | mRS EN | mRS ZH | Pass@Session(0.75) EN / ZH |"
#: How the README names each agent's row.
AGENT_LABELS = {
    "oracle": "oracle (replays gold)",
    "heuristic": "heuristic (keyword rules from train phrasing, no gold)",
    "no-tool": "no-tool",
    "hf": "SmolLM2-135M (hf)",
}


@dataclass
class Args:
    """Arguments of the baseline reproduction."""

    agents: str = "oracle,no-tool,heuristic,hf"
    languages: str = "en,zh"
    hf_limit: int = 6
    hf_max_new_tokens: int = 160
    dataset: str | None = None
    split: str = "test"
    runs: str | None = None
    out: str | None = None
    overwrite: bool = False
    concurrency: int = 4
    n_boot: int = 1000


def make_parser() -> argparse.ArgumentParser:
    """The script's argument parser (one option per :class:`Args` field)."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for f in fields(Args):
        flag = f"--{f.name.replace('_', '-')}"
        if f.type == "bool":
            p.add_argument(flag, action="store_true")
        else:
            p.add_argument(
                flag, type=int if f.type == "int" else str, default=f.default
            )
    return p


def output_folders(args: Args, stamp: str) -> tuple[Path, Path]:
    """The results folder and the run folders' parent of a reproduction.

    Without ``--out`` both are new under ``runs/baselines/<stamp>/`` (with
    ``--overwrite``: the results go to the committed ``baselines/results/``).

    Raises:
        FileExistsError: The results folder holds files and ``--overwrite`` was not given.
    """
    base = Path("runs") / "baselines" / stamp
    out = (
        Path(args.out)
        if args.out
        else COMMITTED
        if args.overwrite
        else base / "results"
    )
    runs = Path(args.runs) if args.runs else base / "runs"
    if out.exists() and any(out.iterdir()) and not args.overwrite:
        raise FileExistsError(
            f"{out} holds files; choose another --out, or pass --overwrite to replace them"
        )
    return out, runs


def _cell(cell: dict[str, Any], ci: bool) -> str:
    value = f"{cell['value']:.3f}"
    if ci and cell["lo"] != cell["hi"]:
        value += f" [{cell['lo']:.3f}, {cell['hi']:.3f}]"
    return value


def readme_table(report: dict[str, Any]) -> str:
    """The README's baselines table from a report (:func:`build_report`'s dict).

    One row per run: agent, split, mRS per language with its 95% bootstrap interval (left
    out when the interval is a point, as for the oracle) and Pass@Session(0.75) per
    language.
    """
    lines = [TABLE_HEADER, "|---|---|---|---|---|"]
    for run in report["runs"]:
        config, main = run["config"], run["main"]
        agent = config["agent"]
        lines.append(
            f"| {AGENT_LABELS.get(agent, agent)} | {config['split']} | "
            f"{_cell(main['en']['mRS']['all'], True)} | {_cell(main['zh']['mRS']['all'], True)} | "
            f"{_cell(main['en']['pass_at_session']['0.75'], False)} / "
            f"{_cell(main['zh']['pass_at_session']['0.75'], False)} |"
        )
    return "\n".join(lines) + "\n"


def main(args: Args) -> dict[str, float]:
    """Run the agents, write the reports, return the wall time per run."""
    from physassist_env.dataset.build import default_dataset
    from physassist_env.evaluation import EvalConfig, run_eval
    from physassist_env.evaluation.report import build_report, write_report

    out, runs = output_folders(args, time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()))
    dataset = args.dataset or str(default_dataset())
    languages = [x for x in args.languages.split(",") if x]
    agents = [x for x in args.agents.split(",") if x]
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
    out.mkdir(parents=True, exist_ok=True)
    for scope, paths in (("full", full), ("slice", slice_)):
        if paths:
            report = build_report(paths, n_boot=args.n_boot)
            write_report(report, out / scope)
            if scope == "full":
                table = readme_table(report)
                (out / "table.md").write_text(table, encoding="utf-8")
                print(table)
    (out / "timing.json").write_text(json.dumps(timing, indent=2) + "\n")
    print(f"reports written to {out}/full and {out}/slice; run folders in {runs}")
    return timing


if __name__ == "__main__":
    ns = make_parser().parse_args()
    try:
        main(Args(**vars(ns)))
    except FileExistsError as exc:
        print(f"reproduce.py: {exc}", file=sys.stderr)
        sys.exit(2)
