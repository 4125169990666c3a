""":class:`PhysAssistClient`: OpenEnv's WebSocket client typed with our models.

Example::

    from physassist_env.openenv.client import PhysAssistClient
    from physassist_env.openenv.models import PhysAssistAction

    with PhysAssistClient(base_url="http://127.0.0.1:8000").sync() as env:
        result = env.reset(index=0)
        result = env.step(PhysAssistAction(content="I cannot determine this."))
        print(result.reward, result.observation.text)
"""

from __future__ import annotations

from typing import Any

from openenv.core.client_types import StepResult
from openenv.core.env_client import EnvClient

from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)


class PhysAssistClient(
    EnvClient[PhysAssistAction, PhysAssistObservation, PhysAssistState]
):
    """A WebSocket session with a ``physassist serve-env`` server."""

    def _step_payload(self, action: PhysAssistAction) -> dict[str, Any]:
        """The action as the server's ``step`` takes it."""
        return action.model_dump(exclude_none=True)

    def _parse_result(
        self, payload: dict[str, Any]
    ) -> StepResult[PhysAssistObservation]:
        """A reset/step response as a typed result."""
        obs = dict(payload.get("observation") or {})
        obs["reward"] = payload.get("reward")
        obs["done"] = payload.get("done", False)
        return StepResult(
            observation=PhysAssistObservation.model_validate(obs),
            reward=payload.get("reward"),
            done=payload.get("done", False),
            metadata=payload.get("metadata"),
        )

    def _parse_state(self, payload: dict[str, Any]) -> PhysAssistState:
        """The ``state`` response as a typed state."""
        return PhysAssistState.model_validate(payload)
