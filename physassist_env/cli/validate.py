"""``physassist validate``: check that a dataset and its graders are sound.

Examples::

    physassist validate                                   # the embedded synthetic default
    physassist validate --dataset ./physassistbench --limit 20 --format json

Exit 0 when every hard check passes (``oracle_max``, ``floor_gap``,
``knowledge_free_bound``, ``episode_determinism``, ``no_solution_leakage``), 1 when one
fails, 2 on argument or dataset errors. See :mod:`physassist_env.validate` for what each check does.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``validate`` sub-command."""
    p = sub.add_parser(
        "validate",
        help="check that a dataset and its graders are sound (oracle, floors, determinism, leakage)",
        description=(
            "Run the oracle, two floor agents (no-tool and 'I cannot determine this') and the "
            "heuristic over a split, fit two knowledge-free policies on the train split and bound "
            "their scores, rerun the oracle and the heuristic to check determinism, and "
            "search everything the agent saw for gold answers, rubric criteria and patient-only "
            "facts. Exits 1 when a hard check fails."
        ),
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one, built on first use)",
    )
    p.add_argument("--split", default="test", choices=["train", "validation", "test"])
    p.add_argument(
        "--languages", default="en,zh", help="comma-separated: en, zh or en,zh"
    )
    p.add_argument("--limit", type=int, help="only the first N sessions of the split")
    p.add_argument("--seed", type=int, default=0, help="episode seed (default 0)")
    p.add_argument(
        "--oracle-tolerance",
        type=float,
        default=1e-6,
        help="how far below 1.0 an oracle turn may score (default 1e-6)",
    )
    p.add_argument(
        "--floor-margin",
        type=float,
        default=0.1,
        help="highest mean score a floor agent may have (default 0.1)",
    )
    p.add_argument(
        "--knowledge-free-bound",
        type=float,
        default=None,
        help="highest mRS the knowledge-free policy may reach (default 0.55)",
    )
    p.add_argument(
        "--extractor-bound",
        type=float,
        default=None,
        help="highest mRS the extractor may reach (default 0.35)",
    )
    p.add_argument(
        "--knowledge-free-sessions",
        type=int,
        default=None,
        help="train sessions the knowledge-free fit may play (default 250)",
    )
    p.add_argument(
        "--knowledge-free-dataset",
        default=None,
        help="fit the knowledge-free policies on this dataset's train split (default: --dataset)",
    )
    p.add_argument(
        "--no-grader-validity",
        action="store_true",
        help="skip the grader-validity table (wrong and right answers said differently, "
        "graded by the rule grader; on by default)",
    )
    p.add_argument(
        "--agent-paths",
        nargs="*",
        default=[],
        metavar="PATH",
        help="files or folders an agent-side process can read, besides the agent view "
        "(agent_file_access: an agent reading them for gold must stay at the floor)",
    )
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Validate and print the report; 0 = all hard checks pass, 1 = one failed, 2 = error."""
    from physassist_env.validate import (
        EXTRACTOR_BOUND,
        KNOWLEDGE_FREE_BOUND,
        grader_validity_provider,
        render_text,
        validate_dataset,
    )

    langs = [x.strip() for x in args.languages.split(",") if x.strip()]
    if not langs or any(x not in ("en", "zh") for x in langs):
        print(
            f"physassist validate: --languages must be en, zh or en,zh, got {args.languages!r}",
            file=sys.stderr,
        )
        return 2
    try:
        if args.dataset:  # a wrong path is said before the note below (one line)
            from physassist_env.dataset.loader import resolve_dataset_path

            resolve_dataset_path(args.dataset)
        print(
            "physassist validate: running the oracle, two floor agents and the heuristic "
            "over the split, fitting two knowledge-free policies on the train split, "
            "rerunning for determinism and searching for leaks: minutes (about 5 on 2 "
            "cores for the default), nothing printed until the report",
            file=sys.stderr,
            flush=True,
        )
        report = validate_dataset(
            args.dataset,
            split=args.split,
            languages=langs,
            limit=args.limit,
            seed=args.seed,
            oracle_tolerance=args.oracle_tolerance,
            floor_margin=args.floor_margin,
            grader_validity=None
            if args.no_grader_validity
            else grader_validity_provider(args.split, langs, args.limit),
            knowledge_free_bound=KNOWLEDGE_FREE_BOUND
            if args.knowledge_free_bound is None
            else args.knowledge_free_bound,
            extractor_bound=EXTRACTOR_BOUND
            if args.extractor_bound is None
            else args.extractor_bound,
            knowledge_free_sessions=args.knowledge_free_sessions,
            knowledge_free_dataset=args.knowledge_free_dataset,
            agent_paths=args.agent_paths,
        )
    except (FileNotFoundError, ValueError, KeyError) as exc:
        print(f"physassist validate: {exc}", file=sys.stderr)
        return 2
    print(
        report.model_dump_json(indent=2)
        if args.format == "json"
        else render_text(report)
    )
    return 0 if report.passed else 1
