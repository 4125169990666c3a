"""``physassist view``: a static HTML site to browse the sessions of a run.

Example::

    physassist view runs/oracle-test          # writes runs/oracle-test/site/index.html
    physassist view runs/oracle-test --out /tmp/site
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``view`` sub-command."""
    p = sub.add_parser(
        "view",
        help="write a static HTML site to browse a run's sessions",
        description=(
            "Write a self-contained HTML site (index + one page per episode: transcript, "
            "tool calls and results, patient replies, rubric verdicts, scores)."
        ),
    )
    p.add_argument("run_dir", metavar="RUN", help="run folder")
    p.add_argument("--out", help="output folder (default RUN/site)")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Print the path of ``index.html``; exit 2 when the folder is not a run."""
    from physassist_env.evaluation.viewer import write_site

    try:
        index = write_site(args.run_dir, args.out)
    except (ValueError, FileNotFoundError) as exc:
        print(f"physassist view: {exc}", file=sys.stderr)
        return 2
    print(index.resolve())
    return 0
