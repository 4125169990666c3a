"""``physassist cache``: where the cached copies of credentialed tables are, and ``--clear``.

``serve-fhir``, ``ehr`` and ``build --source mimic-iv`` read large MIMIC tables once into
a Parquet cache (``$PHYSASSIST_CACHE/mimic``, else ``~/.cache/physassist/mimic``), kept
private to the user (folders 0700, files 0600). Examples::

    physassist cache            # location, size, tables
    physassist cache --clear    # remove the cached copies
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``cache`` sub-command."""
    p = sub.add_parser(
        "cache",
        help="show or clear the private cache of credentialed (MIMIC) tables",
        description="Show where cached copies of MIMIC tables are kept, or remove them.",
    )
    p.add_argument(
        "--clear", action="store_true", help="remove every cached copy of a table"
    )
    p.add_argument(
        "--cache-dir",
        help="the cache folder (default $PHYSASSIST_CACHE/mimic or ~/.cache/physassist/mimic)",
    )
    p.set_defaults(run=run)
    return p


def _size(path: Path) -> int:
    return sum(
        p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink()
    )


def run(args: argparse.Namespace) -> int:
    """Print the cache's location and size, or remove it with ``--clear``; exit 2 on a bad folder."""
    from physassist_env.sources.mimic.tables import default_cache_root

    root = Path(args.cache_dir).expanduser() if args.cache_dir else default_cache_root()
    if root.is_symlink() or (root.exists() and not root.is_dir()):
        print(
            f"physassist cache: {root} is not a plain folder (a link or a file); remove it by hand",
            file=sys.stderr,
        )
        return 2
    if not root.exists():
        print(f"no cache at {root}")
        return 0
    tables = sorted(p.name for p in root.iterdir() if p.is_dir())
    size = _size(root)
    if args.clear:
        shutil.rmtree(root)
        print(f"removed {root}: {len(tables)} cached table(s), {size / 1e6:.1f} MB")
        return 0
    mode = oct(root.stat().st_mode & 0o777)
    print(f"{root} (mode {mode}): {len(tables)} cached table(s), {size / 1e6:.1f} MB")
    for name in tables:
        print(f"  {name}")
    return 0
