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

from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.dataset import GenerationArguments, OutputArguments, ScriptParser
from physassist_env.dataset.loaders import SubsetArguments
from physassist_env.dataset.scripts import run_loader, run_script

PROG = "loaders/fhir_export.py"
SOURCE = "fhir"


@dataclass(kw_only=True)
class ScriptArguments:
    """The FHIR export (subset, generation and output options are their own groups)."""

    path: str = field(
        metadata={
            "help": "the FHIR R4 export: NDJSON bulk-export folder, Bundles, or one file"
        }
    )


def make_parser() -> ScriptParser:
    """The script's parser (flags and ``--config x.yaml``)."""
    return ScriptParser(
        ScriptArguments,
        SubsetArguments,
        GenerationArguments,
        OutputArguments,
        prog=PROG,
        description=__doc__,
    )


def main(
    script_args: ScriptArguments,
    subset: SubsetArguments,
    generation: GenerationArguments,
    output: OutputArguments,
) -> Path:
    """Build, load back with ``datasets`` and print a summary; return the dataset folder."""
    return run_loader(
        SOURCE,
        output,
        generation,
        path=script_args.path,
        **subset.build_kwargs(),
    )


if __name__ == "__main__":
    run_script(PROG, make_parser(), main)
