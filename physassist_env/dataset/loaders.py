"""What the ``loaders/`` scripts share: their argument groups, the build-and-load-back run
and the summary of a build loaded back with ``datasets.load_dataset``.

Each script (``loaders/synthetic.py``, ``mimic_iv.py``, ``fhir_export.py``, ``official.py``)
declares its own source arguments and calls :func:`run_loader`, which builds with
:func:`~physassist_env.dataset.build.build_dataset` and prints :func:`summarise_build`
(both configs loaded through :func:`load_physassist`, that is
``datasets.load_dataset(<folder>, config)``); :func:`run_script` is their ``__main__``.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from physassist_env.dataset.hub import RedistributionError, check_redistribution
from physassist_env.dataset.loader import load_physassist, read_manifest


@dataclass(kw_only=True)
class OutputArguments:
    """Where the build goes and how it is loaded back."""

    out: str | None = field(
        default=None,
        metadata={
            "help": "the dataset folder to write (default: physassistbench-<source>)"
        },
    )
    overwrite: bool = field(
        default=False, metadata={"help": "replace an earlier build in --out"}
    )
    seed: int = field(default=0, metadata={"help": "seed of the build"})
    progress: bool = field(default=True, metadata={"help": "show progress bars"})
    cache_dir: str | None = field(
        default=None,
        metadata={
            "help": "the datasets cache for loading it back (default: the library's)"
        },
    )

    def out_for(self, source: str) -> str:
        """``out``, or ``physassistbench-<source>`` when unset."""
        return self.out or f"physassistbench-{source}"


@dataclass(kw_only=True)
class GenerationArguments:
    """How sessions are generated from records and split (not for the official release)."""

    test_per_cell: int = field(
        default=27,
        metadata={
            "help": "test sessions per scenario x tier cell (27: the paper's 324)"
        },
    )
    validation_fraction: float = field(
        default=0.1, metadata={"help": "share of non-test patients in validation"}
    )
    workers: int = field(
        default=1,
        metadata={"help": "processes building sessions (same bytes for any number)"},
    )

    def build_kwargs(self) -> dict[str, Any]:
        """These options as :func:`build_dataset` keyword arguments."""
        return {
            "test_per_cell": self.test_per_cell,
            "validation_fraction": self.validation_fraction,
            "workers": self.workers,
        }


@dataclass(kw_only=True)
class SubsetArguments:
    """Which patients of a MIMIC-IV folder or FHIR export are used."""

    limit: int | None = field(
        default=None, metadata={"help": "use only the first N patients"}
    )
    prefilter: bool = field(
        default=False,
        metadata={
            "help": "rank patients by the data a scenario needs first (--limit keeps the richest)"
        },
    )

    def build_kwargs(self) -> dict[str, Any]:
        """These options as :func:`build_dataset` keyword arguments."""
        return {"limit": self.limit, "prefilter": self.prefilter}


def sharing(path: str | os.PathLike[str]) -> str:
    """Whether ``push_to_hub`` would upload the build: publicly, privately, or why not."""
    try:
        check_redistribution(path, private=False)
        return "may be pushed to a public Hub repository"
    except RedistributionError:
        pass
    try:
        check_redistribution(path, private=True)
        return "may be pushed to a private Hub repository only"
    except RedistributionError as exc:
        return str(exc)


def summarise_build(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    progress: bool = True,
) -> str:
    """Load a build with ``datasets`` (both configs, all splits) and describe it.

    ``progress=False`` turns off the ``datasets`` progress bars (for the process).

    Returns:
        Lines: the source and its licence, whether it may be pushed to the Hub (:func:`sharing`), sessions,
        turns and patients per split, sessions per scenario and tier, and the first
        request of the first session (EN and ZH), all read from the loaded rows.
    """
    if not progress:
        import datasets

        datasets.disable_progress_bars()
    info = read_manifest(path)
    sessions = load_physassist(path, "sessions", cache_dir=cache_dir)
    patients = load_physassist(path, "patients", cache_dir=cache_dir)
    lines = [
        f"dataset: {info.path}",
        f"source: {info.source.display_name} ({info.source.kind.value})",
        f"licence: {info.license_name} [{info.license}]",
        f"sharing: {sharing(path)}",
        f"{'split':<12}{'sessions':>10}{'turns':>8}{'patients':>10}",
    ]
    scenarios: Counter[str] = Counter()
    tiers: Counter[str] = Counter()
    first: dict[str, Any] | None = None
    for split in sessions:
        rows = sessions[split]
        n_pat = len(patients[split]) if split in patients else 0
        lines.append(f"{split:<12}{len(rows):>10}{sum(rows['n_turns']):>8}{n_pat:>10}")
        scenarios.update(rows["scenario"])
        tiers.update(rows["tier"])
        if first is None and len(rows):
            first = rows[0]
    lines.append(
        "scenarios: " + ", ".join(f"{k} {v}" for k, v in sorted(scenarios.items()))
    )
    lines.append("tiers: " + ", ".join(f"{k} {v}" for k, v in sorted(tiers.items())))
    if first is not None:
        lines.append(f"first session {first['session_id']} ({first['split']}):")
        lines.append(f"  en: {first['requests_en'][0]}")
        lines.append(f"  zh: {first['requests_zh'][0]}")
    return "\n".join(lines)


__all__ = [
    "GenerationArguments",
    "OutputArguments",
    "sharing",
    "SubsetArguments",
    "summarise_build",
]
