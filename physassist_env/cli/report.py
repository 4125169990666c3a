"""``physassist report``: the paper's tables, breakdowns and plots for one or several runs.

Examples::

    physassist report runs/oracle-test                      # Markdown to stdout + runs/oracle-test/report/
    physassist report runs/a runs/b --out reports/ab        # two runs side by side
    physassist report runs/a --format json | jq '.runs[0].main.en.mRS'
    physassist report runs/a runs/b --prices prices.json    # with a cost estimate
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``report`` sub-command."""
    p = sub.add_parser(
        "report",
        help="main table, breakdowns, pass^k and plots of evaluation runs",
        description=(
            "Report one or several evaluation runs side by side: mRS (L1/L2/L3), "
            "Pass@Turn and Pass@Session at 0.60 and 0.75 per language with bootstrap "
            "intervals, breakdowns, tool statistics, pass^k, tokens, time and cost, and plots."
        ),
    )
    p.add_argument("runs", nargs="+", metavar="RUN", help="run folder(s)")
    p.add_argument(
        "--format",
        default="markdown",
        choices=["markdown", "json"],
        help="what to print on stdout (default markdown)",
    )
    p.add_argument(
        "--out",
        help="folder for report.md, report.json and the PNGs (default: RUN/report of the first run; PNGs need matplotlib, the [report] extra)",
    )
    p.add_argument(
        "--no-files",
        action="store_true",
        help="only print, write no files",
    )
    p.add_argument(
        "--n-boot",
        type=int,
        default=1000,
        help="bootstrap resamples for the 95%% intervals (default 1000)",
    )
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    p.add_argument(
        "--prices",
        metavar="PRICES.json",
        help='price table for a cost estimate: {"MODEL": {"input": USD, "output": USD, '
        '"cached_input": USD}}, USD per million tokens, MODEL a run\'s --model',
    )
    p.add_argument(
        "--reviewed-only",
        action="store_true",
        help="score only the sessions clinicians fully reviewed in the run's dataset "
        "(physassist review; docs/review.md)",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 when a folder is not a run or an argument is invalid."""
    from physassist_env.evaluation.report import (
        PLOT_INSTALL,
        build_report,
        load_prices,
        plots_available,
        render_markdown,
        write_report,
    )

    try:
        prices = load_prices(args.prices) if args.prices else None
        report = build_report(
            [Path(r) for r in args.runs],
            n_boot=args.n_boot,
            seed=args.seed,
            prices=prices,
            reviewed_only=args.reviewed_only,
        )
    except (ValueError, FileNotFoundError) as exc:
        print(f"physassist report: {exc}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(render_markdown(report), end="")
    if not args.no_files:
        out = Path(args.out) if args.out else Path(args.runs[0]) / "report"
        from physassist_env.evaluation.records import private_run

        private = any(private_run(r) for r in args.runs)
        paths = write_report(report, out, private=private)
        print(f"wrote {len(paths)} files to {out}", file=sys.stderr)
        if not plots_available():
            print(
                f"no plots: matplotlib is not installed ({PLOT_INSTALL}, or "
                'pip install -e ".[report]" in a checkout)',
                file=sys.stderr,
            )
    return 0
