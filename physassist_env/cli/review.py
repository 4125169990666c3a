"""``physassist review``: clinicians check a dataset's gold in a browser (docs/review.md).

Examples::

    physassist review --dataset ./build                      # http://127.0.0.1:8765/
    physassist review --dataset ./build --reviewer dr-li --flagged audit.json
    physassist review export --dataset ./build --out bugs.md # reviews as bug reports
    physassist review apply --dataset ./build --out ./build-reviewed

The server binds to loopback; another interface needs ``--allow-remote`` and a token
(``--token`` or ``$PHYSASSIST_REVIEW_TOKEN``; the browser asks for it as a password).
Reviews go to ``<dataset>/reviews/<reviewer>.jsonl`` (append-only, synced before each
answer). ``apply`` writes a new dataset with the reviews applied (the rule is in
:mod:`physassist_env.dataset.review.apply`); ``physassist build --reviews`` does the same
while building.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from physassist_env.cli._sources import whole_number

TOKEN_ENV = "PHYSASSIST_REVIEW_TOKEN"
ACTIONS = ("serve", "export", "apply")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``review`` sub-command."""
    p = sub.add_parser(
        "review",
        help="clinician review of a dataset's gold in the browser; export and apply reviews",
        description=(
            "serve (default): a local web application where a physician reviews sessions "
            "(queue with filters and a stratified sample, the gold with its chart evidence, "
            "per-item verdicts and corrections, keyboard shortcuts); reviews are appended to "
            "DATASET/reviews/<reviewer>.jsonl. export: the reviews as bug reports grouped by "
            "topic and error class. apply: write a new dataset with the reviews applied and "
            "the card reporting coverage, error rates and Cohen's kappa."
        ),
    )
    p.add_argument("action", nargs="?", default="serve", choices=ACTIONS)
    p.add_argument("--dataset", required=True, help="the dataset folder under review")
    p.add_argument(
        "--reviews",
        nargs="+",
        default=[],
        metavar="PATH",
        help="export/apply: more review files or folders (other reviewers' files) besides "
        "DATASET/reviews/",
    )
    p.add_argument(
        "--out",
        help="export: the Markdown file (default stdout; a .json name writes JSON); "
        "apply: the new dataset folder (required)",
    )
    p.add_argument("--overwrite", action="store_true", help="apply: replace --out")
    p.add_argument(
        "--reviewer",
        help="serve: fix the reviewer id (default: each browser enters its own)",
    )
    p.add_argument(
        "--flagged",
        metavar="AUDIT.json",
        help="serve: the output of `physassist audit --json --examples 100000` (flags sessions)",
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="serve: interface (default loopback; another needs --allow-remote and a token)",
    )
    p.add_argument(
        "--port", type=whole_number(0, 65535), default=8765, help="serve: port"
    )
    p.add_argument(
        "--allow-remote", action="store_true", help="serve: allow a non-loopback --host"
    )
    p.add_argument(
        "--token",
        help=f"serve: the token (default ${TOKEN_ENV}); required with --allow-remote",
    )
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """0 on success; 2 on a bad dataset, review file or argument."""
    try:
        return {"serve": _serve, "export": _export, "apply": _apply}[args.action](args)
    except (FileNotFoundError, ValueError, KeyError) as exc:
        print(f"physassist review {args.action}: {exc}", file=sys.stderr)
        return 2


def _reviews_of(args: argparse.Namespace) -> list[Path]:
    from physassist_env.dataset.review import collect_review_files, review_files

    return sorted(
        set(review_files(args.dataset)) | set(collect_review_files(args.reviews))
    )


def _export(args: argparse.Namespace) -> int:
    from physassist_env.dataset.loader import load_sessions
    from physassist_env.dataset.review import (
        bug_reports,
        read_reviews,
        render_bug_reports,
    )

    data = bug_reports(
        load_sessions(args.dataset, None), read_reviews(_reviews_of(args))
    )
    if args.out and args.out.endswith(".json"):
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = render_bug_reports(data)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"wrote {args.out}: {data['counts']}", file=sys.stderr)
    else:
        print(text, end="")
    return 0


def _apply(args: argparse.Namespace) -> int:
    from physassist_env.dataset.loader import load_records, load_sessions, read_manifest
    from physassist_env.dataset.review import reviewed
    from physassist_env.dataset.writer import write_dataset

    if not args.out:
        raise ValueError("apply needs --out (the reviewed dataset is a new folder)")
    manifest = read_manifest(args.dataset)
    sessions, summary = reviewed(
        load_sessions(args.dataset, None), [args.dataset, *args.reviews]
    )
    info = write_dataset(
        args.out,
        sessions,
        load_records(args.dataset).values(),
        source=manifest.source,
        stats_extra={**manifest.build, "review": summary},
        overwrite=args.overwrite,
    )
    done = len(summary["reviewed_sessions"])
    print(
        f"wrote {info.path}: {info.counts['sessions']['total']} sessions ({done} fully "
        f"reviewed, {len(summary['excluded'])} excluded; {summary['corrected']} items "
        f"corrected, {summary['dropped']} dropped, {summary['stale']} stale reviews); "
        f"kappa {summary['kappa']['kappa']} on {summary['kappa']['items']} items"
    )
    return 0


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from physassist_env.server.guard import access_settings
    from physassist_env.server.listen import listening_socket
    from physassist_env.server.protocol import TimedH11Protocol
    from physassist_env.server.review import ReviewData, create_review_app

    hosts, token = access_settings(
        args.host,
        args.allow_remote,
        args.token,
        token_env=TOKEN_ENV,
        command="physassist review and read and change the gold",
    )
    if args.reviewer:
        from physassist_env.dataset.review.records import review_file

        review_file(args.reviewer)  # a clear error for a bad id
    data = ReviewData(args.dataset, reviewer=args.reviewer, flagged=args.flagged)
    app = create_review_app(data, allowed_hosts=hosts, token=token)
    try:
        sock = listening_socket(args.host, args.port)
    except OSError as exc:
        print(f"physassist review: {exc}", file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    if data.mimic_derived:
        from physassist_env.cli.serve_fhir import MIMIC_WARNING

        print(MIMIC_WARNING, file=sys.stderr)
    print(
        f"reviewing {len(data.sessions)} sessions of {data.folder} at "
        f"http://{args.host}:{port}/ (reviews in {data.folder / 'reviews'}; Ctrl-C to stop)",
        file=sys.stderr,
        flush=True,
    )
    config = uvicorn.Config(
        app, log_level="warning", http=TimedH11Protocol, timeout_keep_alive=5
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0
