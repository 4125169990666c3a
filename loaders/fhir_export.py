# /// script
# dependencies = ["physassistbench"]
# ///
"""Build PhysAssistBench from a FHIR R4 export and load it with ``datasets``.

``--path`` is a FHIR bulk-export folder (NDJSON or NDJSON.gz, one resource type per file,
as ``$export`` writes it), a folder of Bundles, or one file; its log, manifest, README and
LICENSE files are skipped and a bad line is reported, the rest kept. The build is
``build_dataset("fhir", ...)``, the one behind ``physassist build --source fhir``; the
folder is then loaded with ``datasets.load_dataset`` and summarised. The licence follows
the data (``loaders/README.md``): an export with MIMIC identifier systems or profiles is
MIMIC-IV (ODbL for the demo when an ODbL licence file sits next to it, else credentialed)
and is never pushed; any other export's licence is unknown to the package and yours to check.

(Not ``fhir.py``: run as a script, that name would shadow the ``fhir.resources`` package.)

Run::

    python loaders/fhir_export.py --path export/ --out physassistbench-fhir
    python loaders/fhir_export.py --path ~/mimic-iv-fhir-demo-2.1.0/fhir --test_per_cell 2
    python loaders/fhir_export.py --config my-fhir.yaml
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from physassist_env.dataset import GenerationArguments, OutputArguments, ScriptParser
from physassist_env.sources.base import SourceError

PROG = "loaders/fhir_export.py"
SOURCE = "fhir"


@dataclass(kw_only=True)
class ScriptArguments:
    """The FHIR export (generation and output options are their own groups)."""

    path: str = field(
        metadata={
            "help": "the FHIR R4 export: NDJSON bulk-export folder, Bundles, or one file"
        }
    )
    limit: int | None = field(
        default=None, metadata={"help": "use only the first N patients"}
    )
    prefilter: bool = field(
        default=False,
        metadata={
            "help": "rank patients by resources first (--limit keeps the richest)"
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
        path=script_args.path,
        limit=script_args.limit,
        prefilter=script_args.prefilter,
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
