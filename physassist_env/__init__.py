"""PhysAssistBench: an interactive doctor-patient-EHR benchmark as a dataset and environment.

The package turns patient records (MIMIC-IV tables, any FHIR R4 export, or the embedded
synthetic hospital) into canonical FHIR R4 records, serves them through the benchmark's
FHIR tools (:mod:`physassist_env.ehr`), builds sessions and the Hugging Face dataset
(:mod:`physassist_env.scenarios`, :mod:`physassist_env.dataset`), grades answers
(:mod:`physassist_env.grading`) and registers the Gymnasium environments listed in
:data:`ENV_IDS` (``gym.make("physassist_env:PhysAssist-v0")``).
"""

from __future__ import annotations

__version__ = "0.1.0"

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


_register()

__all__ = ["ENV_IDS", "__version__"]
