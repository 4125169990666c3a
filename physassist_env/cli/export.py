"""``physassist export``: write a built dataset in another format.

Examples::

    physassist export --format official --dataset physassistbench --out release/
    physassist export --format official --dataset physassistbench --split all --out release/
    physassist export --format fhir-ndjson --source mimic-iv --path ~/mimic-iv-demo-2.2 --out demo-fhir/

``fhir-ndjson`` writes a record source (not a built dataset) as NDJSON per resource type,
with the file names, profiles and identifier systems of MIMIC-IV on FHIR.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any

FORMATS = ("official", "fhir-ndjson")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``export`` sub-command."""
    p = sub.add_parser(
        "export",
        help="export a built dataset in another format (the authors' release JSONL)",
        description="Write a dataset's sessions in another format.",
    )
    p.add_argument(
        "--format",
        default="official",
        choices=FORMATS,
        help="official (a built dataset as the authors' JSONL) or fhir-ndjson (a record "
        "source as FHIR NDJSON per type)",
    )
    p.add_argument(
        "--source",
        default="mimic-iv",
        choices=("mimic-iv", "fhir"),
        help="fhir-ndjson only: the record source to export (default mimic-iv)",
    )
    p.add_argument(
        "--path", help="fhir-ndjson only: the source folder (MIMIC-IV tables)"
    )
    p.add_argument(
        "--limit", type=int, help="fhir-ndjson only: the first N patients of the source"
    )
    p.add_argument(
        "--overwrite",
        action="store_true",
        help="fhir-ndjson only: replace an earlier export in --out",
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


def run_fhir_ndjson(args: argparse.Namespace) -> int:
    """``--format fhir-ndjson``: exit 0 on success, 2 on bad input."""
    import tempfile

    from physassist_env.sources import SourceError, open_source
    from physassist_env.sources.fhir_ndjson import export_fhir_ndjson

    if not args.path:
        print("physassist export: --path is required for fhir-ndjson", file=sys.stderr)
        return 2
    options: dict[str, Any] = {"limit": args.limit} if args.limit else {}
    try:
        with tempfile.TemporaryDirectory(prefix="physassist-export-") as tmp:
            if args.source == "mimic-iv":
                options["cache_dir"] = tmp
            src = open_source(args.source, args.path, **options)
            counts = export_fhir_ndjson(
                src.records(), args.out, overwrite=args.overwrite
            )
        # the licence follows the data: keep the source's licence text with the export
        for name in ("LICENSE.txt", "LICENSE"):
            licence = Path(args.path).expanduser() / name
            if licence.is_file():
                shutil.copyfile(licence, Path(args.out) / name)
    except (SourceError, FileExistsError) as exc:
        print(f"physassist export: {exc}", file=sys.stderr)
        return 2
    patients = sum(n for name, n in counts.items() if name.startswith("MimicPatient."))
    print(
        f"wrote {sum(counts.values())} resources of {patients} patients to {args.out} "
        f"({len(counts)} files)"
    )
    return 0


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 on bad input (missing dataset, unknown split)."""
    if args.format == "fhir-ndjson":
        return run_fhir_ndjson(args)
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
