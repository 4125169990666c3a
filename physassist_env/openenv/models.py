"""The wire types of the OpenEnv server: action, observation and state.

The action is one assistant message, as in ``PhysAssist-v0``: ``content`` and/or
``tool_calls``. A message with tool calls runs them; a message without answers the
physician and ends the turn. ``content`` alone may also carry Hermes/Qwen
``<tool_call>{...}</tool_call>`` text or a bare JSON call (parsed exactly as the
Gymnasium env parses it, see :func:`physassist_env.env.actions.parse_action`).
"""

from __future__ import annotations

from typing import Any

from openenv.core.env_server.types import Action, Observation, State
from pydantic import Field


class PhysAssistAction(Action):
    """One assistant message.

    ``content`` is the one required field, so a client that sends a model's raw reply
    as the action (verifiers' ``OpenEnvTaskset`` does) gets Hermes/JSON tool calls in
    the text parsed as ``PhysAssist-v0`` parses them.

    Attributes:
        content: The assistant's text (the answer when there are no tool calls).
        tool_calls: Tool calls, each OpenAI-format (``{"type": "function",
            "function": {"name", "arguments"}}``) or short (``{"name", "arguments"}``).
        episode_id: Over stateless HTTP ``/step`` only: the episode (the id the server
            issued in the reset observation) this step continues. Over a WebSocket
            session the connection's own episode is used when it is left out.
    """

    content: str = Field(
        description="assistant text; the answer when there are no tool calls (may be empty with tool_calls)"
    )
    tool_calls: list[dict[str, Any]] = Field(
        default_factory=list,
        description="OpenAI-format or {name, arguments} tool calls",
    )
    episode_id: str | None = Field(
        default=None,
        max_length=255,
        description="HTTP /step only: the episode to continue (the id the server issued at reset)",
    )

    def to_message(self) -> str | dict[str, Any]:
        """The action as ``PhysAssist-v0`` takes it (a string or an OpenAI message)."""
        if not self.tool_calls:
            return self.content
        calls = []
        for i, call in enumerate(self.tool_calls):
            fn = (
                call.get("function") if isinstance(call.get("function"), dict) else call
            )
            calls.append(
                {
                    "id": str(call.get("id") or f"call_{i}"),
                    "type": "function",
                    "function": {
                        "name": fn.get("name", ""),
                        "arguments": fn.get("arguments", {}),
                    },
                }
            )
        return {"role": "assistant", "content": self.content, "tool_calls": calls}


class PhysAssistObservation(Observation):
    """What the assistant sees after reset or a step (``reward``/``done`` inherited).

    ``reward`` is the Gymnasium env's reward: 0 for intermediate steps, the turn's
    rubric score in [0, 1] when a turn ends. ``done`` is ``terminated or truncated``.
    ``metadata`` holds the Gymnasium ``info`` keys that are not the chat
    (``session_id``, ``turn``, ``tool_budget_left``, ``turn_score``, ``termination``;
    at the end ``turn_scores``, ``verdicts``, ``session_pass``, ``mean_score``).

    Attributes:
        text: What is new: at reset the instructions and first request; after tool
            calls their results; after an answer the next request.
        episode_id: The episode (send it back as ``PhysAssistAction.episode_id`` over
            stateless HTTP).
        tools: The tool schemas (OpenAI format), at reset only.
        messages: The whole chat so far (OpenAI format), when the server was started
            with ``messages=True`` (the Gymnasium ``info["messages"]``).
    """

    text: str = ""
    episode_id: str = ""
    tools: list[dict[str, Any]] = Field(default_factory=list)
    messages: list[dict[str, Any]] = Field(default_factory=list)


class PhysAssistState(State):
    """The server-side state of one episode (``episode_id``, ``step_count`` inherited).

    Attributes:
        session_id: The benchmark session, or ``""`` before the first reset.
        split: The split it comes from.
        language: ``en`` or ``zh``.
        turn: Index of the open turn (``None`` between turns or at the end).
        n_turns: Turns in the session.
        turn_scores: Scores of the turns answered so far.
        done: Whether the episode has ended.
    """

    session_id: str = ""
    split: str = ""
    language: str = "en"
    turn: int | None = None
    n_turns: int = 0
    turn_scores: list[float] = Field(default_factory=list)
    done: bool = False
