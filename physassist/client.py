"""OpenEnv discovery names for ``AutoEnv.from_env("physassist")`` (needs the ``[openenv]`` extra).

OpenEnv's ``AutoEnv`` finds an environment through an installed ``openenv-<name>``
distribution, imports ``<name>.client`` and takes ``<Name>Env``, ``<Name>Action`` and
``<Name>Observation`` from it. For the manifest name ``physassist`` those are the classes
below, aliases of :mod:`physassist_env.openenv`'s.
"""

from physassist_env.openenv.client import PhysAssistClient
from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)

PhysassistEnv = PhysAssistClient
PhysassistAction = PhysAssistAction
PhysassistObservation = PhysAssistObservation

__all__ = [
    "PhysAssistAction",
    "PhysAssistClient",
    "PhysAssistObservation",
    "PhysAssistState",
    "PhysassistAction",
    "PhysassistEnv",
    "PhysassistObservation",
]
