"""``build_dataset``: any source -> sessions -> a Hugging Face dataset folder.

This is what ``physassist build`` runs. The embedded default (``synthetic``) first writes
a seeded synthetic hospital in MIMIC-IV layout, then goes through the same MIMIC-IV code
path as real data.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from physassist_env.dataset.licensing import SourceInfo, SourceKind
from physassist_env.dataset.writer import DatasetInfo, write_dataset
from physassist_env.scenarios.generate import Generated, generate_sessions, iter_records
from physassist_env.sources import SourceError, open_source

log = logging.getLogger(__name__)

BUILD_SOURCES = ("synthetic", "mimic-iv", "fhir", "official")
#: The embedded default: enough synthetic patients to fill the paper's test composition.
DEFAULT_PATIENTS = 1000
DEFAULT_SEED = 0


def default_cache_dir() -> Path:
    """``$PHYSASSIST_CACHE`` or ``~/.cache/physassist``."""
    env = os.environ.get("PHYSASSIST_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "physassist"


def source_info(kind: str, path: Path | None) -> SourceInfo:
    """The licence-relevant description of a build's source."""
    if kind == "synthetic":
        return SourceInfo(
            kind=SourceKind.SYNTHETIC, name="PhysAssistBench synthetic hospital"
        )
    if kind == "mimic-iv":
        demo = path is not None and (path / "demo_subject_id.csv").exists()
        return SourceInfo(
            kind=SourceKind.MIMIC_IV_DEMO if demo else SourceKind.MIMIC_IV,
            name="MIMIC-IV Clinical Database Demo" if demo else "MIMIC-IV",
        )
    return SourceInfo(
        kind=SourceKind.FHIR, name=f"FHIR export ({path.name if path else 'unknown'})"
    )


def build_dataset(
    source: str,
    out: str | os.PathLike[str],
    *,
    path: str | os.PathLike[str] | None = None,
    patients: int = DEFAULT_PATIENTS,
    seed: int = DEFAULT_SEED,
    limit: int | None = None,
    test_per_cell: int = 27,
    validation_fraction: float = 0.1,
    overwrite: bool = False,
    progress: bool = True,
    mimic: str | os.PathLike[str] | None = None,
) -> tuple[DatasetInfo, Generated]:
    """Build the benchmark dataset from a source.

    Args:
        source: ``synthetic`` (the embedded default), ``mimic-iv``, ``fhir`` or
            ``official`` (the authors' released JSONL in ``path``, records from ``mimic``).
        out: Output folder (refused if it exists and is not empty, unless ``overwrite``).
        path: The source folder or file (not used for ``synthetic``).
        patients: Number of synthetic patients.
        seed: Seed of the synthetic hospital and of session generation.
        limit: Use only the first ``limit`` patients of the source.
        test_per_cell: Test sessions per (scenario, tier) cell (27 -> the paper's 324).
        validation_fraction: Share of non-test patients in validation.
        overwrite: Replace an earlier build in ``out``.
        progress: Show progress bars.
        mimic: ``official`` only: the MIMIC-IV folder the release's patients come from.

    Returns:
        The written manifest and the generation result (counts, unfilled cells).

    Raises:
        SourceError: Unknown source, or a missing/unreadable path.
        FileExistsError: ``out`` is not empty and ``overwrite`` is false.
    """
    if source not in BUILD_SOURCES:
        import difflib

        hint = difflib.get_close_matches(source, BUILD_SOURCES, n=1)
        raise SourceError(
            f"unknown source {source!r}; choose one of {', '.join(BUILD_SOURCES)}"
            + (f" (did you mean {hint[0]!r}?)" if hint else "")
        )
    out_path = Path(out).expanduser().resolve()
    if out_path.exists() and any(out_path.iterdir()) and not overwrite:
        raise FileExistsError(
            f"{out_path} is not empty; choose another --out or pass --overwrite"
        )
    if source == "official":
        from physassist_env.official.build import build_official

        return build_official(path, mimic, out_path, overwrite=overwrite)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="physassist-hospital-") as tmp:
        if source == "synthetic":
            from physassist_env.synth import generate_hospital

            src_path = Path(tmp) / "hospital"
            generate_hospital(src_path, patients, seed, progress=progress)
            kind = "mimic-iv"
        else:
            if path is None:
                raise SourceError(f"--path is required for --source {source}")
            src_path = Path(path).expanduser().resolve()
            kind = source
        options: dict[str, Any] = {"limit": limit} if limit else {}
        if kind == "mimic-iv":
            options["cache_dir"] = Path(tmp) / "cache"
        src = open_source(kind, src_path, **options)
        ids = src.patient_ids()
        generated = generate_sessions(
            src.records(),
            seed=seed,
            test_per_cell=test_per_cell,
            validation_fraction=validation_fraction,
            source=source,
            progress=progress,
            total=len(ids),
        )
        info = source_info(source, None if source == "synthetic" else src_path)
        extra = {
            "seed": seed,
            "source": source,
            "patients_in_source": len(ids),
            "test_per_cell": test_per_cell,
            "validation_fraction": validation_fraction,
            "unfilled_test_cells": {
                f"{a}/{b}": n for (a, b), n in sorted(generated.unfilled.items())
            },
        }
        if source == "synthetic":
            extra["synthetic_patients"] = patients
        if not generated.sessions:
            raise ValueError(
                f"none of the {len(ids)} patients of {src_path} has an admission that qualifies for a "
                "session (each scenario needs lab results during an admission, plus medication orders, "
                "antibiotics or diagnoses); nothing was written"
            )
        manifest = write_dataset(
            out_path,
            generated.sessions,
            iter_records(generated),
            source=info,
            stats_extra=extra,
            overwrite=overwrite,
        )
    log.info("built %s in %.1fs", out_path, time.perf_counter() - t0)
    return manifest, generated


def generator_fingerprint() -> str:
    """A hash of the code that decides a build's bytes (sources, scenarios, writer, ...)."""
    import hashlib

    import physassist_env

    root = Path(physassist_env.__file__).parent
    digest = hashlib.sha256()
    subs = (
        "synth",
        "sources",
        "scenarios",
        "dataset",
        "ehr",
        "patient",
        "clinical",
        "fhir",
    )
    for sub in subs:
        for file in sorted((root / sub).rglob("*")):
            if file.is_file() and file.suffix in (".py", ".yaml", ".md"):
                digest.update(file.relative_to(root).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def default_dataset(progress: bool = True) -> Path:
    """The embedded synthetic default, built on first use into the cache and reused after.

    The folder name carries the package version, patient count, seed and a fingerprint
    of the generating code, so changed code builds a new folder instead of reusing a
    stale one.
    """
    from physassist_env import __version__

    name = (
        f"physassistbench-synthetic-{__version__}-n{DEFAULT_PATIENTS}-s{DEFAULT_SEED}"
    )
    folder = default_cache_dir() / "datasets" / f"{name}-{generator_fingerprint()}"
    if (folder / "physassist.json").exists():
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    build_dataset("synthetic", folder, overwrite=True, progress=progress)
    return folder
