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

from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.dataset import GenerationArguments, OutputArguments, ScriptParser
from physassist_env.dataset.scripts import run_loader, run_script

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
    return run_loader(SOURCE, output, generation, patients=script_args.patients)


if __name__ == "__main__":
    run_script(PROG, make_parser(), main)
