"""Where the embedded default dataset lives, found without importing the builder.

``physassist ehr --source synthetic`` and ``physassist serve-fhir --source synthetic``
read the cached default; naming its folder through :mod:`physassist_env.dataset.build`
imported the whole builder (synthetic hospital, scenarios, grader: about 1 CPU-second)
before the first answer. Building it is still :func:`physassist_env.dataset.build.
default_dataset`'s job; this module only names the folder and says whether it is built.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from physassist_env.dataset.writer import MANIFEST
from physassist_env.paths import cache_root
from physassist_env.version import __version__

#: The embedded default: enough synthetic patients to fill the paper's test composition.
DEFAULT_PATIENTS = 1000
DEFAULT_SEED = 0

#: The package folders whose code decides a build's bytes.
_GENERATING = (
    "synth",
    "sources",
    "scenarios",
    "dataset",
    "ehr",
    "patient",
    "clinical",
    "fhir",
    "vocab",  # names and words in requests and gold answers
    "grading",  # provenance reads gold values with the grader's claim reader
)


def generator_fingerprint() -> str:
    """A hash of the code that decides a build's bytes (sources, scenarios, writer, ...)."""
    root = Path(__file__).resolve().parent.parent  # the physassist_env package folder
    digest = hashlib.sha256()
    for sub in _GENERATING:
        for file in sorted((root / sub).rglob("*")):
            if file.is_file() and file.suffix in (".py", ".yaml", ".md"):
                digest.update(file.relative_to(root).as_posix().encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()[:12]


def default_dataset_folder() -> Path:
    """Where the embedded default is kept (built or not): the cache folder
    (``$PHYSASSIST_CACHE`` or ``~/.cache/physassist``), named by the package version,
    patient count, seed and :func:`generator_fingerprint`, so that changed code builds a
    new folder instead of reusing a stale one."""
    name = (
        f"physassistbench-synthetic-{__version__}-n{DEFAULT_PATIENTS}-s{DEFAULT_SEED}"
    )
    return cache_root() / "datasets" / f"{name}-{generator_fingerprint()}"


def built_default() -> Path | None:
    """The default's folder when a finished build is there (its manifest is written
    last), else ``None``."""
    folder = default_dataset_folder()
    return folder if (folder / MANIFEST).exists() else None


def default_dataset_path(progress: bool = True) -> Path:
    """The default's folder: the cached build, or built now by
    :func:`physassist_env.dataset.build.default_dataset` (the builder is imported only
    then, so that reading a built default costs no builder import)."""
    if (built := built_default()) is not None:
        return built
    from physassist_env.dataset.build import default_dataset

    return default_dataset(progress=progress)
