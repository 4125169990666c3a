"""What a ``loaders/`` script does after parsing its arguments: build, load back, summarise.

Kept apart from :mod:`physassist_env.dataset.loaders` (the argument groups and the summary,
imported with the dataset package) because it needs the whole build stack.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from physassist_env.dataset.build import build_dataset
from physassist_env.dataset.loaders import (
    GenerationArguments,
    OutputArguments,
    summarise_build,
)
from physassist_env.sources.base import SourceError


def run_loader(
    source: str,
    output: OutputArguments,
    generation: GenerationArguments | None = None,
    **source_kwargs: Any,
) -> Path:
    """Build ``source`` into ``output.out_for(source)``, load it back and print the summary.

    ``source_kwargs`` (``path=``, ``limit=``, ``patients=``, ...) go to ``build_dataset``
    with the output and generation options. Problems the build reports (lines of a release
    it could not use) go to stderr; the summary (:func:`summarise_build`) and a last line
    naming the folder go to stdout.

    Returns:
        The dataset folder, resolved.
    """
    manifest, generated = build_dataset(
        source,
        output.out_for(source),
        seed=output.seed,
        overwrite=output.overwrite,
        progress=output.progress,
        **source_kwargs,
        **(generation.build_kwargs() if generation is not None else {}),
    )
    for problem in getattr(generated, "problems", []):
        print(f"problem: {problem}", file=sys.stderr)
    folder = Path(str(manifest.path))
    print(summarise_build(folder, cache_dir=output.cache_dir, progress=output.progress))
    print(f"wrote the dataset to {folder} (datasets.load_dataset({str(folder)!r}))")
    return folder


def run_script(prog: str, parser: Any, main: Callable[..., Path]) -> None:
    """A loader's ``__main__``: parse flags and ``--config`` with ``parser`` (a
    :class:`~physassist_env.dataset.script_args.ScriptParser`) and call ``main`` with the
    argument groups; a bad source, an occupied ``--out`` or a bad value exits 1 with one
    line ``<prog>: <why>`` (no traceback)."""
    args = parser.parse_args_and_config()
    try:
        main(*args)
    except (SourceError, FileExistsError, ValueError) as exc:
        sys.exit(f"{prog}: {exc}")


__all__ = ["run_loader", "run_script"]
