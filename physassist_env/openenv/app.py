"""The OpenEnv server app: :func:`make_app` (``physassist serve-env`` runs it).

Routes are OpenEnv's (``create_app``): ``/ws`` (one session per connection),
stateless ``/reset`` and ``/step`` (continue an episode with its ``episode_id``),
``/state``, ``/schema``, ``/metadata``, ``/health`` and the task API under
``/PhysAssist-v0/`` (``splits``, ``tasks``, ``num_tasks``, ``task``, ``task_range``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from openenv.core.env_server import create_app

from physassist_env.env.data import resolve
from physassist_env.openenv.environment import PhysAssistEnvironment
from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)

ENV_NAME = "PhysAssist-v0"


def make_app(
    dataset: str | Path | None = None,
    *,
    split: str = "test",
    language: str = "en",
    messages: bool = False,
    max_concurrent_envs: int = 64,
    env_kwargs: dict[str, Any] | None = None,
) -> Any:
    """A FastAPI app serving :class:`PhysAssistEnvironment` through OpenEnv.

    Args:
        dataset: A built dataset folder (``None``: the embedded synthetic default,
            built now if needed).
        split: Default split of ``reset``.
        language: Default language.
        messages: Put the whole chat in every observation.
        max_concurrent_envs: Most WebSocket sessions at once.
        env_kwargs: Further ``PhysAssistEnv`` arguments.

    Returns:
        The app (serve it with uvicorn).
    """
    factory = functools.partial(
        PhysAssistEnvironment,
        resolve(dataset),
        split=split,
        language=language,
        messages=messages,
        env_kwargs=env_kwargs,
    )
    return create_app(
        factory,
        PhysAssistAction,
        PhysAssistObservation,
        env_name=ENV_NAME,
        max_concurrent_envs=max_concurrent_envs,
        state_cls=PhysAssistState,
    )
