# /// script
# dependencies = ["physassistbench"]
# ///
"""Build PhysAssistBench from MIMIC-IV (or its open demo) and load it with ``datasets``.

``--path`` is a MIMIC-IV folder with ``hosp/`` and ``icu/`` (CSV or CSV.gz, as PhysioNet
ships them): the credentialed MIMIC-IV, or the open MIMIC-IV Clinical Database Demo (told
apart by its ``demo_subject_id.csv``). The build is ``build_dataset("mimic-iv", ...)``,
the one behind ``physassist build --source mimic-iv``; the folder is then loaded with
``datasets.load_dataset`` and summarised. Licences (``loaders/README.md``): the demo is
ODbL; credentialed MIMIC-IV is under the PhysioNet Credentialed Health Data Use
Agreement: never push it or send it to a public service. Both builds are refused by
``push_to_hub``.

Run::

    python loaders/mimic_iv.py --path ~/mimic-iv-demo-2.2 --test_per_cell 2 --out physassistbench-demo
    python loaders/mimic_iv.py --path ~/mimic-iv-3.1 --workers 8 --prefilter --out physassistbench-mimic
    python loaders/mimic_iv.py --config my-mimic.yaml
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.dataset import GenerationArguments, OutputArguments, ScriptParser
from physassist_env.dataset.loaders import SubsetArguments
from physassist_env.dataset.scripts import run_loader, run_script

PROG = "loaders/mimic_iv.py"
SOURCE = "mimic-iv"


@dataclass(kw_only=True)
class ScriptArguments:
    """The MIMIC-IV folder (subset, generation and output options are their own groups)."""

    path: str = field(
        metadata={"help": "the MIMIC-IV (or MIMIC-IV demo) folder with hosp/ and icu/"}
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
