"""``physassist audit``: re-check a dataset's gold against the raw source rows.

Examples::

    physassist audit --dataset ./mimic-demo-build --source mimic-iv --path ../shared/data/mimic-iv-demo-2.2
    physassist audit --source synthetic            # the default dataset, its hospital regenerated
    physassist audit --dataset ./build --source synthetic --json

Each rubric item that states a fact and each value of a gold answer names the record rows
it rests on (its provenance); the audit reads those rows from the raw MIMIC-IV CSV files
with its own reader and checks value, unit, code, date and availability against the
session date. Exit 0 when nothing is contradicted, 1 when a claim is, 2 on errors.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``audit`` sub-command."""
    p = sub.add_parser(
        "audit",
        help="re-check every gold claim's provenance against the raw source rows",
        description=(
            "Read the rows each factual rubric item and gold-answer value rests on from the "
            "raw MIMIC-IV CSV files (own reader, not the converter) and check value, unit, "
            "code, date and availability against the session date; then the clinical "
            "readings (windows from the ED stay, KDIGO baselines, duplicate replacement "
            "orders, IV drugs on discharge lists, complete allergy lists, English left in "
            "ZH gold). Prints verified / contradicted / unverifiable counts and clinical "
            "problems with examples; exits 1 when a claim is contradicted or a clinical "
            "reading is wrong."
        ),
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one, built on first use)",
    )
    p.add_argument(
        "--source",
        choices=["mimic-iv", "synthetic"],
        default="synthetic",
        help="what the dataset was built from",
    )
    p.add_argument(
        "--path",
        help="the raw MIMIC-IV folder (hosp/, icu/); for synthetic, a generated hospital "
        "folder (default: regenerated from the dataset's seed and size)",
    )
    p.add_argument(
        "--split",
        choices=["train", "validation", "test", "all"],
        default="all",
    )
    p.add_argument("--examples", type=int, default=5, help="examples shown per verdict")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=run)
    return p


def _dataset(path: str | None) -> Path:
    from physassist_env.dataset.loader import resolve_dataset_path

    if path:
        return resolve_dataset_path(path)
    from physassist_env.dataset.build import default_dataset

    return default_dataset(progress=False)


def run(args: argparse.Namespace) -> int:
    """Audit and print the report (rows, then clinical readings: ``audit.clinical``);
    0 = nothing contradicted and no clinical problem, 1 = some, 2 = error."""
    from physassist_env.audit import audit, render
    from physassist_env.audit.clinical import clinical_audit, render_clinical
    from physassist_env.dataset.loader import load_sessions, read_manifest

    try:
        folder = _dataset(args.dataset)
        sessions = load_sessions(folder, None if args.split == "all" else args.split)
        build = read_manifest(folder).build
    except (FileNotFoundError, ValueError, KeyError) as exc:
        print(f"physassist audit: {exc}", file=sys.stderr)
        return 2
    made = {s.source for s in sessions}
    expected = {"mimic-iv"} if args.source == "mimic-iv" else {"synthetic"}
    if made and not made <= expected:
        print(
            f"physassist audit: the dataset was built from {', '.join(sorted(made))}, "
            f"not {args.source}",
            file=sys.stderr,
        )
        return 2
    with tempfile.TemporaryDirectory(prefix="physassist-audit-") as tmp:
        if args.path:
            root = Path(args.path)
        elif args.source == "synthetic":
            root = _regenerate(build, Path(tmp))
            if root is None:
                print(
                    "physassist audit: the dataset's manifest has no synthetic seed/size; "
                    "give the hospital folder with --path",
                    file=sys.stderr,
                )
                return 2
        else:
            print("physassist audit: --path is required for mimic-iv", file=sys.stderr)
            return 2
        if not (root / "hosp").is_dir():
            print(f"physassist audit: {root} has no hosp/ folder", file=sys.stderr)
            return 2
        report = audit(sessions, root, examples=args.examples)
        clinical = clinical_audit(sessions, root, examples=args.examples)
    if args.json:
        print(json.dumps(report.to_dict() | {"clinical": clinical.to_dict()}, indent=2))
    else:
        print(render(report))
        print(render_clinical(clinical))
    return 1 if report.contradicted or clinical.total else 0


def _regenerate(build: dict[str, Any], tmp: Path) -> Path | None:
    """The synthetic hospital a build came from (it is seeded: same seed, same rows)."""
    seed, size = build.get("seed"), build.get("synthetic_patients")
    if seed is None or size is None:
        return None
    from physassist_env.synth import generate_hospital

    path = tmp / "hospital"
    generate_hospital(path, int(size), int(seed), progress=False)
    return path
