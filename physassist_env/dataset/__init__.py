"""The Hugging Face dataset: write a build, describe it (card, Croissant), load it back.

``write_dataset`` writes Parquet files for the ``sessions`` and ``patients`` configs, a
dataset card, ``croissant.json`` and a ``physassist.json`` manifest; ``load_physassist``
loads the folder with ``datasets``; ``load_sessions`` / ``load_records`` give the
environment validated objects; ``push_to_hub`` uploads only what may be redistributed.
"""

from __future__ import annotations

from physassist_env.dataset.hub import (
    RedistributionError,
    check_redistribution,
    push_to_hub,
)
from physassist_env.dataset.licensing import (
    Licence,
    SourceInfo,
    SourceKind,
    licence_for,
)
from physassist_env.dataset.loader import (
    iter_sessions,
    load_physassist,
    load_records,
    load_sessions,
    read_manifest,
    record_from_row,
    resolve_dataset_path,
)
from physassist_env.dataset.loaders import (
    GenerationArguments,
    OutputArguments,
    summarise_build,
)
from physassist_env.dataset.script_args import ScriptParser
from physassist_env.dataset.writer import DatasetInfo, write_dataset

__all__ = [
    "DatasetInfo",
    "GenerationArguments",
    "Licence",
    "OutputArguments",
    "RedistributionError",
    "ScriptParser",
    "SourceInfo",
    "SourceKind",
    "check_redistribution",
    "iter_sessions",
    "licence_for",
    "load_physassist",
    "load_records",
    "load_sessions",
    "push_to_hub",
    "read_manifest",
    "record_from_row",
    "resolve_dataset_path",
    "summarise_build",
    "write_dataset",
]
