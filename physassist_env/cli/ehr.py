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
from physassist_env.ehr import FhirStore
from physassist_env.ehr.dates import check_date
from physassist_env.ehr.outcome import ToolError
from physassist_env.ehr.toolkit import TOOL_METHODS, EhrToolkit, read_call
from physassist_env.sources import SourceError

EPILOG = """exit status: 0 the tool answered; 1 the tool answered with an OperationOutcome
(printed like any result); 2 the command line is wrong (tool name, arguments, --date,
patient, source), said in one line on stderr starting with 'physassist ehr:'. The tool
name, the JSON arguments and --date are checked before the source is opened."""


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``ehr`` sub-command."""
    p = sub.add_parser(
        "ehr",
        help="run one EHR tool call on a patient of any source",
        description="Run one FHIR tool call (as an assistant would) on one patient of a source and print the result.",
        epilog=EPILOG,
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
    """Exit 0 when the tool answered, 1 when it answered with an OperationOutcome, 2 for
    a wrong command line or source (one ``physassist ehr:`` line on stderr)."""
    try:
        if args.list_patients:
            print("\n".join(_sources.patient_ids(args.source, args.path)))
            return 0
        _check_command_line(args)
        records = _sources.records(args.source, args.path, [args.patient])
    except (SourceError, ToolError) as exc:
        return _usage(str(exc))
    view = FhirStore.from_records(records).view(records[0].patient_id, args.date)
    result = EhrToolkit(view, language=args.language).call(args.tool, args.arguments)
    if args.json:
        print(json.dumps(result.resource, indent=2, ensure_ascii=False))
    else:
        print(result.text)
    return 0 if result.ok else 1


def _check_command_line(args: argparse.Namespace) -> None:
    """What can be checked before the source is opened (seconds for a large one).

    Raises:
        ToolError: A missing patient or tool, an unknown tool, arguments that are not a
            JSON object the tool takes, or a malformed ``--date``.
    """
    if not args.patient or not args.tool:
        raise ToolError("--patient and TOOL are required (or use --list-patients)")
    if args.date is not None:
        check_date(args.date, "--date")
    read_call(args.tool, args.arguments, [], None)


def _usage(message: str) -> int:
    print(f"physassist ehr: {message}", file=sys.stderr)
    return 2
