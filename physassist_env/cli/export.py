"""``physassist export``: write a built dataset in another format.

Examples::

    physassist export --format official --dataset physassistbench --out release/
    physassist export --format official --dataset physassistbench --split all --out release/
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

FORMATS = ("official",)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``export`` sub-command."""
    p = sub.add_parser(
        "export",
        help="export a built dataset in another format (the authors' release JSONL)",
        description="Write a dataset's sessions in another format.",
    )
    p.add_argument(
        "--format", default="official", choices=FORMATS, help="output format"
    )
    p.add_argument(
        "--dataset",
        default="physassistbench",
        help="dataset folder written by `physassist build` (default: ./physassistbench)",
    )
    p.add_argument(
        "--split",
        default="test",
        help="train, validation, test (default) or all",
    )
    p.add_argument("--out", required=True, help="output folder for the JSONL files")
    p.add_argument(
        "--extensions",
        action="store_true",
        help="also write a _physassist field per line (points, checks, ids) for a lossless re-import",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 on bad input (missing dataset, unknown split)."""
    from physassist_env.dataset import load_records, load_sessions
    from physassist_env.official import export_official

    split = None if args.split == "all" else args.split
    try:
        sessions = load_sessions(args.dataset, split=split)
        records = load_records(args.dataset, split=split)
    except (FileNotFoundError, ValueError, KeyError) as exc:
        print(f"physassist export: {exc}", file=sys.stderr)
        return 2
    counts = export_official(sessions, args.out, records, extensions=args.extensions)
    shown = ", ".join(f"{name}: {n}" for name, n in counts.items())
    print(f"wrote {sum(counts.values())} sessions to {args.out} ({shown})")
    return 0
