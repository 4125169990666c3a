"""The agent protocol and the registry of named agent factories.

An agent is the assistant under test. The evaluation runner (and any user loop over
``PhysAssist-v0``) drives it turn by turn:

1. ``agent.start(context)`` once per episode, with the agent-visible session facts
   (``session_id``, ``patient_id``, ``hadm_id``, ``current_date``, ``language``,
   ``tools``). Privileged agents (``privileged = True``, the oracle only) also receive
   ``context["gold_session"]``; the runner never gives it to any other agent.
2. ``agent.act(messages, tools)`` for each step: the OpenAI-format chat so far and the
   tool schemas; returns an assistant message (a string, or an OpenAI-format dict with
   ``tool_calls``). A message without tool calls answers the physician.

Agents that talk to a network may also define ``async aact(messages, tools)``; the
runner then awaits it instead of running ``act`` in a thread.

Two optional hooks (:class:`BaseAgent` has both):

* ``preflight() -> Preflight``: called once per run before the first episode. It checks
  what every episode needs (optional packages, a reachable endpoint, the model) and
  raises :class:`PreflightError` or ``ImportError`` with one line saying what to do;
  what it finds out (e.g. that an endpoint drops tools) comes back as arguments applied
  to every episode's agent, notes for the console and facts, all recorded in the
  run's ``config.json``.
* ``last_usage``: after each ``act``, what that action cost: ``{"requests",
  "prompt_tokens", "completion_tokens", "cached_tokens"}`` (``None`` values where the
  model does not say); ``None`` for agents without a model. The runner sums it per turn.
"""

from __future__ import annotations

import difflib
import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field


class AgentSpec(BaseModel):
    """How to rebuild an agent: its registered name and arguments (secrets excluded)."""

    name: str
    args: dict[str, Any] = Field(default_factory=dict)


@dataclass
class Preflight:
    """What an agent's pre-flight check found (see the module docstring).

    Attributes:
        args: Agent arguments every episode of the run is built with (e.g.
            ``{"tool_mode": "prompted"}`` after finding that the endpoint drops tools).
        notes: Sentences for the console (each is also recorded).
        facts: What was measured (recorded in ``config.json``).
    """

    args: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)


class PreflightError(RuntimeError):
    """An agent cannot run at all (unreachable endpoint, unknown model ...); one line."""


@runtime_checkable
class Agent(Protocol):
    """The assistant under test (see the module docstring for the call order)."""

    spec: AgentSpec
    privileged: bool

    def start(self, context: dict[str, Any]) -> None:
        """Begin an episode."""
        ...

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next assistant message."""
        ...


class BaseAgent:
    """Convenience base: stores the context; subclasses implement :meth:`act`."""

    spec: AgentSpec = AgentSpec(name="base")
    privileged: bool = False
    #: What the last ``act`` cost (see the module docstring); ``None``: no model.
    last_usage: dict[str, Any] | None = None

    def __init__(self) -> None:
        self.context: dict[str, Any] = {}

    def preflight(self) -> Preflight:
        """Checks before the first episode of a run (override); nothing to check here."""
        return Preflight()

    def start(self, context: dict[str, Any]) -> None:
        """Remember the episode's context."""
        self.context = dict(context)

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next assistant message (override)."""
        raise NotImplementedError


_AGENTS: dict[str, Callable[..., Agent]] = {}
#: Per agent, the arguments that change how it runs but not what it answers.
_RUNTIME_ARGS: dict[str, frozenset[str]] = {}
#: Argument names never recorded in a spec (they may hold secrets).
SECRET_ARGS = frozenset({"api_key", "token", "password"})


def register_agent(
    name: str, *, runtime_args: tuple[str, ...] = ()
) -> Callable[[Callable[..., Agent]], Callable[..., Agent]]:
    """Register an agent factory under ``name``; the built agent records ``name`` + arguments.

    Args:
        name: The agent's name (``--agent NAME``).
        runtime_args: Arguments that change how the agent runs but not what it answers
            (timeouts, retries ...): a run may be resumed with other values.
    """

    def deco(factory: Callable[..., Agent]) -> Callable[..., Agent]:
        _RUNTIME_ARGS[name] = frozenset(runtime_args)
        sig = inspect.signature(factory)

        @functools.wraps(factory)
        def build(**kwargs: Any) -> Agent:
            try:
                bound = sig.bind(**kwargs)
            except TypeError as exc:
                raise ValueError(
                    f"agent {name!r}: {exc}; accepted arguments: {', '.join(sig.parameters) or 'none'}"
                ) from exc
            bound.apply_defaults()
            agent = factory(**bound.arguments)
            agent.spec = AgentSpec(
                name=name,
                args={
                    k: v
                    for k, v in bound.arguments.items()
                    if k not in SECRET_ARGS and _jsonable(v)
                },
            )
            return agent

        _AGENTS[name] = build
        return build

    return deco


def _jsonable(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool | list | dict)


def make_agent(name: str, **kwargs: Any) -> Agent:
    """Build a registered agent by name.

    Raises:
        KeyError: For an unknown name, with a suggestion and the registered names.
    """
    _load_builtin()
    if name not in _AGENTS:
        hint = difflib.get_close_matches(name, list(_AGENTS), n=1)
        raise KeyError(
            f"unknown agent {name!r}"
            + (f" (did you mean {hint[0]!r}?)" if hint else "")
            + f"; registered: {', '.join(sorted(_AGENTS))}"
        )
    return _AGENTS[name](**kwargs)


def registered_agents() -> list[str]:
    """Names of the registered agents."""
    _load_builtin()
    return sorted(_AGENTS)


def _load_builtin() -> None:
    """Import the built-in agent modules (each registers itself)."""
    import importlib

    for module in (
        "oracle",
        "simple",
        "heuristic",
        "knowledge_free",
        "openai_agent",
        "hf",
    ):
        try:
            importlib.import_module(f"physassist_env.agents.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"physassist_env.agents.{module}":
                raise


def runtime_args(name: str) -> frozenset[str]:
    """The arguments of agent ``name`` that a resumed run may change (see :func:`register_agent`)."""
    _load_builtin()
    return _RUNTIME_ARGS.get(name, frozenset())


def agent_class(name: str) -> type:
    """The class (or factory) registered as ``name``, to inspect its arguments.

    Raises:
        KeyError: For an unknown name, as :func:`make_agent` does.
    """
    _load_builtin()
    if name not in _AGENTS:
        make_agent(name)  # raises the KeyError with its suggestion
    return _AGENTS[name]
