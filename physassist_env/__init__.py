"""PhysAssistBench: an interactive doctor-patient-EHR benchmark as a dataset and environment.

The package turns patient records (MIMIC-IV tables, any FHIR R4 export, or the embedded
synthetic hospital) into canonical FHIR R4 records, serves them through the benchmark's
FHIR tools (:mod:`physassist_env.ehr`), builds sessions and the Hugging Face dataset
(:mod:`physassist_env.scenarios`, :mod:`physassist_env.dataset`), grades answers
(:mod:`physassist_env.grading`) and registers the Gymnasium environments listed in
:data:`ENV_IDS` when it is imported::

    import gymnasium as gym
    import physassist_env  # registers PhysAssist-v0, PhysAssistZh-v0, PhysAssistExplicit-v0

    env = gym.make("PhysAssist-v0")
    envs = gym.make_vec("PhysAssist-v0", num_envs=2, vectorization_mode="sync")

``gym.make("physassist_env:PhysAssist-v0")`` (the id with the module prefix) imports the
package itself and works without the explicit import. :func:`load_dataset` loads the
default dataset from any folder.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datasets import Dataset, DatasetDict

from physassist_env.version import __version__

# Gymnasium ids -> keyword arguments of PhysAssistEnv (one class behind every id).
ENV_IDS: dict[str, dict[str, object]] = {
    "PhysAssist-v0": {},
    "PhysAssistZh-v0": {"language": "zh"},
    "PhysAssistExplicit-v0": {"implicit": False},
}


def _register() -> None:
    from gymnasium.envs.registration import register, registry

    for env_id, kwargs in ENV_IDS.items():
        if env_id not in registry:
            register(
                id=env_id,
                entry_point="physassist_env.env.gym_env:PhysAssistEnv",
                kwargs=dict(kwargs),
            )


def load_dataset(
    config: str = "sessions",
    split: str | None = None,
    *,
    path: str | os.PathLike[str] | None = None,
    progress: bool = True,
) -> Dataset | DatasetDict:
    """Load the benchmark with ``datasets``, from any working directory.

    Without ``path`` this is the embedded synthetic default that ``physassist eval``
    uses (built on first use into the cache, about 2-3 minutes, then reused); with
    ``path`` it is that build folder. The result is what
    ``datasets.load_dataset(<folder>, config, split=split)`` returns.

    Args:
        config: ``sessions`` (one row per session) or ``patients`` (one row per patient).
        split: ``train``, ``validation`` or ``test`` for one ``Dataset``; ``None`` for
            the ``DatasetDict`` of all splits.
        path: A build folder (``physassist build --out PATH``); default: the embedded
            synthetic dataset.
        progress: Show progress bars when the default has to be built first.

    Raises:
        FileNotFoundError: ``path`` is not a build (the message gives the build command).
        ValueError: Unknown config, or a split the build does not have.
    """
    from physassist_env.dataset.loader import load_physassist

    if path is None:
        from physassist_env.dataset.build import default_dataset

        path = default_dataset(progress=progress)
    return load_physassist(path, config, split)


_register()

__all__ = ["ENV_IDS", "__version__", "load_dataset"]
