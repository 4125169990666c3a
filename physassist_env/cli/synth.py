"""``physassist synth``: write a synthetic MIMIC-IV-format hospital.

Example::

    physassist synth --patients 1000 --seed 0 --out ~/synth-hospital
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``synth`` sub-command."""
    p = sub.add_parser(
        "synth",
        help="write a synthetic hospital (MIMIC-IV tables and notes)",
        description="Generate a seeded synthetic hospital in the MIMIC-IV (+ Note) layout.",
    )
    p.add_argument("--patients", type=int, required=True, help="number of patients")
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="random seed (same seed: byte-identical files)",
    )
    p.add_argument(
        "--out",
        required=True,
        help="output folder (created; must be empty unless --overwrite)",
    )
    p.add_argument(
        "--overwrite", action="store_true", help="write into a non-empty folder"
    )
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 on usage errors (non-empty output without --overwrite)."""
    from physassist_env.synth import generate_hospital

    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"physassist synth: --out {out} is a file, not a folder", file=sys.stderr)
        return 2
    if out.is_dir() and any(out.iterdir()) and not args.overwrite:
        print(
            f"physassist synth: {out} is not empty; pass --overwrite to write into it",
            file=sys.stderr,
        )
        return 2
    if args.patients < 1:
        print(
            f"physassist synth: --patients must be >= 1, got {args.patients}",
            file=sys.stderr,
        )
        return 2
    summary = generate_hospital(
        out, args.patients, args.seed, progress=not args.no_progress
    )
    print(
        f"wrote {summary.patients} patients ({summary.rows.get('hosp/labevents', 0)} labevents rows) to {out}"
    )
    return 0
