"""``physassist ehr``: run one EHR tool call against any source, from the shell.

Example::

    physassist ehr --source mimic-iv --path ~/mimic-iv-demo --patient 10000032 \\
        Observation.search '{"code": "potassium", "_count": 5}' --date 2180-07-01
    physassist ehr --source synthetic --list-patients          # the embedded hospital
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from physassist_env.cli import _sources
from physassist_env.ehr import TOOL_METHODS, EhrToolkit, FhirStore, operation_outcome
from physassist_env.ehr.render import render_outcome
from physassist_env.sources import SourceError


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``ehr`` sub-command."""
    p = sub.add_parser(
        "ehr",
        help="run one EHR tool call on a patient of any source",
        description="Run one FHIR tool call (as an assistant would) on one patient of a source and print the result.",
    )
    p.add_argument(
        "--source",
        required=True,
        choices=_sources.SOURCES,
        help="kind of source (synthetic: the embedded hospital)",
    )
    p.add_argument("--path", help=_sources.PATH_HELP)
    p.add_argument(
        "--patient",
        help="the source's patient id (MIMIC subject_id, or FHIR Patient.id)",
    )
    p.add_argument(
        "--date",
        help="the session's current date (YYYY-MM-DD): nothing later is visible",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the FHIR JSON (Bundle, resource or OperationOutcome)",
    )
    p.add_argument(
        "--language",
        default="en",
        choices=["en", "zh"],
        help="language of the text rendering",
    )
    p.add_argument(
        "--list-patients",
        action="store_true",
        help="list the source's patient ids and exit",
    )
    p.add_argument(
        "tool", nargs="?", help=f"tool name, one of: {', '.join(TOOL_METHODS)}"
    )
    p.add_argument(
        "arguments",
        nargs="?",
        default="{}",
        help="tool arguments as a JSON object (default {})",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 on success, 1 when the tool answered with an OperationOutcome, 2 on usage or source errors."""
    try:
        if args.list_patients:
            print("\n".join(_sources.patient_ids(args.source, args.path)))
            return 0
        if not args.patient or not args.tool:
            print(
                "physassist ehr: --patient and TOOL are required (or use --list-patients)",
                file=sys.stderr,
            )
            return 2
        records = _sources.records(args.source, args.path, [args.patient])
    except SourceError as exc:
        print(f"physassist ehr: {exc}", file=sys.stderr)
        return 2
    store = FhirStore.from_records(records)
    try:
        if args.date is not None:
            try:
                _sources.iso_date(args.date)
            except argparse.ArgumentTypeError:
                raise ValueError(
                    f"current_date={args.date!r} is not a date (YYYY-MM-DD)"
                ) from None
        view = store.view(records[0].patient_id, as_of=args.date)
    except ValueError as exc:  # ToolError for a malformed --date
        outcome = operation_outcome(str(exc), code="value", expression="date")
        print(json.dumps(outcome, indent=2) if args.json else render_outcome(outcome))
        return 2
    result = EhrToolkit(view, language=args.language).call(args.tool, args.arguments)
    if args.json:
        print(json.dumps(result.resource, indent=2, ensure_ascii=False))
    else:
        print(result.text)
    return 0 if result.ok else 1
