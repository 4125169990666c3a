"""``physassist export``: write a built dataset in another format.

Examples::

    physassist export --format official --dataset physassistbench --out release/
    physassist export --format official --dataset physassistbench --split all --out release/
    physassist export --format fhir-ndjson --source mimic-iv --path ~/mimic-iv-demo-2.2 --out demo-fhir/

``fhir-ndjson`` writes a record source (not a built dataset) as NDJSON per resource type,
with the file names, profiles and identifier systems of MIMIC-IV on FHIR.

Both formats write the output folder whole or not at all (a staging folder beside it,
swapped in at the end; ``--overwrite`` replaces an earlier export the same way), refuse
links inside it, and make MIMIC-derived output owner-only (0700/0600), as builds are.
"""

from __future__ import annotations

import argparse
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
        help="replace an earlier export in --out (atomically: the old one stays whole "
        "until the new one is complete)",
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
    from physassist_env.dataset.build import source_info
    from physassist_env.dataset.licensing import licence_for
    from physassist_env.paths import UnsafePathError, scratch_dir
    from physassist_env.sources import SourceError, open_source
    from physassist_env.sources.fhir_ndjson import export_fhir_ndjson

    if not args.path:
        print(
            "physassist export: --path is required for fhir-ndjson (the MIMIC-IV folder "
            "or FHIR export to convert)",
            file=sys.stderr,
        )
        return 2
    options: dict[str, Any] = {"limit": args.limit} if args.limit else {}
    try:
        with scratch_dir("export-") as tmp:
            if args.source == "mimic-iv":
                options["cache_dir"] = tmp
            src = open_source(args.source, args.path, **options)
            # one rule with builds: the licence (MIMIC-derived or not) follows the data
            info = source_info(args.source, Path(args.path).expanduser(), src)
            counts = export_fhir_ndjson(
                src.records(),
                args.out,
                overwrite=args.overwrite,
                private=licence_for(info).mimic_derived,
                licence_from=args.path,
            )
    except (SourceError, FileExistsError, UnsafePathError) as exc:
        print(f"physassist export: {exc}", file=sys.stderr)
        return 2
    patients = sum(n for name, n in counts.items() if name.startswith("MimicPatient."))
    print(
        f"wrote {sum(counts.values())} resources of {patients} patients to {args.out} "
        f"({len(counts)} files)"
    )
    return 0


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 2 on bad input (missing dataset, unknown split, occupied output)."""
    if args.format == "fhir-ndjson":
        return run_fhir_ndjson(args)
    from physassist_env.dataset import load_records, load_sessions, read_manifest
    from physassist_env.official import export_official

    split = None if args.split == "all" else args.split
    try:
        private = read_manifest(args.dataset).mimic_derived
        sessions = load_sessions(args.dataset, split=split)
        records = load_records(args.dataset, split=split)
        counts = export_official(
            sessions,
            args.out,
            records,
            extensions=args.extensions,
            overwrite=args.overwrite,
            private=private,
        )
    except (FileNotFoundError, FileExistsError, ValueError, KeyError) as exc:
        # a link in the output folder is an UnsafePathError, a ValueError
        print(f"physassist export: {exc}", file=sys.stderr)
        return 2
    shown = ", ".join(f"{name}: {n}" for name, n in counts.items())
    print(f"wrote {sum(counts.values())} sessions to {args.out} ({shown})")
    return 0
