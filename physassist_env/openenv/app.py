"""The OpenEnv server app: :func:`make_app` (``physassist serve-env`` runs it).

Routes are OpenEnv's (``create_app``): ``/ws`` (one session per connection),
stateless ``/reset`` and ``/step`` (continue an episode with the ``episode_id`` the
server issued at reset), ``/mcp`` (the benchmark's tools over MCP JSON-RPC),
``/state``, ``/schema``, ``/metadata``, ``/health`` and the task API under
``/PhysAssist-v0/`` (``splits``, ``tasks``, ``num_tasks``, ``task``, ``task_range``).

In front of them a :class:`~physassist_env.server.guard.RequestGuard` checks Host,
Origin and the token and bounds request bodies (size and JSON nesting). A bad request
gets a 4xx with ``{"detail": message, "field": name}``; no error drops the connection.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from openenv.core.env_server import create_app

from physassist_env.env.data import resolve
from physassist_env.openenv.environment import (
    DEFAULT_MAX_EPISODES,
    EpisodeRegistry,
    PhysAssistEnvironment,
    RequestError,
)
from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)
from physassist_env.server.app import LOOPBACK_HOSTS
from physassist_env.server.guard import DEFAULT_MAX_BODY, RequestGuard

ENV_NAME = "PhysAssist-v0"


def make_app(
    dataset: str | Path | None = None,
    *,
    split: str = "test",
    language: str = "en",
    messages: bool = False,
    max_concurrent_envs: int = 64,
    max_episodes: int = DEFAULT_MAX_EPISODES,
    env_kwargs: dict[str, Any] | None = None,
    allowed_hosts: Iterable[str] | None = LOOPBACK_HOSTS,
    token: str | None = None,
    max_body: int = DEFAULT_MAX_BODY,
) -> Any:
    """An ASGI app serving :class:`PhysAssistEnvironment` through OpenEnv.

    Args:
        dataset: A built dataset folder (``None``: the embedded synthetic default,
            built now if needed).
        split: Default split of ``reset``.
        language: Default language.
        messages: Put the whole chat in every observation.
        max_concurrent_envs: Most WebSocket sessions at once.
        max_episodes: Most unfinished stateless-HTTP episodes kept (the least
            recently used is evicted beyond it).
        env_kwargs: Further ``PhysAssistEnv`` arguments.
        allowed_hosts: Host names accepted in ``Host``/``Origin`` (default: the
            loopback names); ``None`` accepts any.
        token: When set, every request needs ``Authorization: Bearer <token>``.
        max_body: Largest accepted request body in bytes.

    Returns:
        The guarded app (serve it with uvicorn); ``app.app`` is the FastAPI app and
        ``app.app.state.registry`` its :class:`EpisodeRegistry`.
    """
    registry = EpisodeRegistry(max_episodes)
    factory = functools.partial(
        PhysAssistEnvironment,
        resolve(dataset),
        split=split,
        language=language,
        messages=messages,
        env_kwargs=env_kwargs,
        registry=registry,
    )
    api = create_app(
        factory,
        PhysAssistAction,
        PhysAssistObservation,
        env_name=ENV_NAME,
        max_concurrent_envs=max_concurrent_envs,
        state_cls=PhysAssistState,
    )

    async def request_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestError)
        return JSONResponse(
            {"detail": str(exc), "field": exc.field}, status_code=exc.status
        )

    api.add_exception_handler(RequestError, request_error)
    api.state.registry = registry
    return RequestGuard(
        api,
        allowed_hosts=allowed_hosts,
        token=token,
        max_body=max_body,
        jsonrpc_paths=("/mcp",),
        what="physassist serve-env",
        body_check=step_body_problem,
    )


def step_body_problem(path: str, body: Any) -> str | None:
    """What OpenEnv's ``/step`` would crash on (a 500) rather than refuse: an action
    ``type`` that is not text (OpenEnv looks it up among its MCP action types)."""
    if path != "/step" or not isinstance(body, dict):
        return None
    action = body.get("action")
    if isinstance(action, dict) and not isinstance(action.get("type", ""), str):
        return "action.type must be a string (PhysAssistAction has no type field)"
    return None
