# /// script
# dependencies = ["physassistbench"]
# ///
"""Import the authors' PhysAssistBench release and load it with ``datasets``.

``--path`` is the release folder (``diagnostic_workup.jsonl``, ``med_safety.jsonl``,
``treatment_response.jsonl``, ``discharge_planning.jsonl``; obtained from PhysioNet with
credentials) and ``--mimic`` your MIMIC-IV folder: the release holds no patient data, so
its patients' records are read from MIMIC-IV. The import is ``build_dataset("official",
...)``, the one behind ``physassist build --source official``: every session lands in the
test split with an opaque agent-visible id (the release id stays grader-only); a line it
cannot use is reported with its file, line and field. The folder is then loaded with
``datasets.load_dataset`` and summarised. Licence (``loaders/README.md``): the release is
derived from credentialed MIMIC-IV and falls under the PhysioNet Credentialed Health Data
Use Agreement: never push it or send it to a public service.

Run::

    python loaders/official.py --path release/ --mimic ~/mimic-iv-3.1 --out physassistbench-official
    python loaders/official.py --config my-official.yaml
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.dataset import OutputArguments, ScriptParser
from physassist_env.dataset.scripts import run_loader, run_script

PROG = "loaders/official.py"
SOURCE = "official"


@dataclass(kw_only=True)
class ScriptArguments:
    """The release and the MIMIC-IV folder its patients come from (output options are their own group)."""

    path: str = field(
        metadata={"help": "the release folder with its four JSONL files (or one file)"}
    )
    mimic: str = field(
        metadata={
            "help": "your MIMIC-IV folder with hosp/ and icu/ (the release's patients)"
        }
    )


def make_parser() -> ScriptParser:
    """The script's parser (flags and ``--config x.yaml``)."""
    return ScriptParser(
        ScriptArguments, OutputArguments, prog=PROG, description=__doc__
    )


def main(script_args: ScriptArguments, output: OutputArguments) -> Path:
    """Import, load back with ``datasets`` and print a summary; return the dataset folder."""
    return run_loader(SOURCE, output, path=script_args.path, mimic=script_args.mimic)


if __name__ == "__main__":
    run_script(PROG, make_parser(), main)
