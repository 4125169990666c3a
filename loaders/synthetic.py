# /// script
# dependencies = ["physassistbench"]
# ///
"""Build PhysAssistBench from the embedded synthetic hospital and load it with ``datasets``.

No download and no credentials: a seeded synthetic hospital is generated in MIMIC-IV
layout, read through the MIMIC-IV code path and turned into sessions
(``physassist_env.dataset.build.build_dataset("synthetic", ...)``, the build behind
``physassist build``); the folder is then loaded with ``datasets.load_dataset`` (both
configs) and summarised. The data is CC BY 4.0 and may be shared (``loaders/README.md``).

Run::

    python loaders/synthetic.py --patients 1000 --out physassistbench
    python loaders/synthetic.py --config loaders/configs/synthetic.yaml
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from physassist_env.dataset import GenerationArguments, OutputArguments, ScriptParser
from physassist_env.sources.base import SourceError

PROG = "loaders/synthetic.py"
SOURCE = "synthetic"


@dataclass(kw_only=True)
class ScriptArguments:
    """The synthetic hospital (generation and output options are their own groups)."""

    patients: int = field(
        default=1000,
        metadata={
            "help": "synthetic patients to generate (1000 fills the paper's test split)"
        },
    )


def make_parser() -> ScriptParser:
    """The script's parser (flags and ``--config x.yaml``)."""
    return ScriptParser(
        ScriptArguments,
        GenerationArguments,
        OutputArguments,
        prog=PROG,
        description=__doc__,
    )


def main(
    script_args: ScriptArguments,
    generation: GenerationArguments,
    output: OutputArguments,
) -> Path:
    """Build, load back with ``datasets`` and print a summary; return the dataset folder."""
    from physassist_env.dataset import summarise_build
    from physassist_env.dataset.build import build_dataset

    manifest, _ = build_dataset(
        SOURCE,
        output.out_for(SOURCE),
        patients=script_args.patients,
        seed=output.seed,
        overwrite=output.overwrite,
        progress=output.progress,
        **generation.build_kwargs(),
    )
    folder = Path(str(manifest.path))
    print(summarise_build(folder, cache_dir=output.cache_dir, progress=output.progress))
    print(f"wrote the dataset to {folder} (datasets.load_dataset({str(folder)!r}))")
    return folder


if __name__ == "__main__":
    args: Any = make_parser().parse_args_and_config()
    try:
        main(*args)
    except (SourceError, FileExistsError, ValueError) as exc:  # one line, no traceback
        sys.exit(f"{PROG}: {exc}")
