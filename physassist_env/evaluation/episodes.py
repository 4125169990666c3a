"""One evaluation episode: the environment, agent and records a run configuration makes.

Both backends (local threads in :mod:`~physassist_env.evaluation.runner`, Ray tasks in
:mod:`~physassist_env.evaluation.ray_backend`) run episodes through this module, so a
setting of :class:`~physassist_env.evaluation.records.EvalConfig` means the same on both.
"""

from __future__ import annotations

import asyncio
import inspect
import time
import traceback
from typing import Any

import gymnasium as gym

from physassist_env.agents import make_agent
from physassist_env.agents.base import agent_class
from physassist_env.env.episode import TerminationReason
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.evaluation.records import (
    PAPER_TEMPERATURE,
    EpisodeRecord,
    EvalConfig,
    TurnRecord,
    TurnUsage,
)
from physassist_env.grading.results import TurnResult

#: Settings of the run that the environment takes; ``env_args`` may not repeat them.
RUN_ENV_SETTINGS = (
    "dataset",
    "split",
    "language",
    "patient",
    "grader",
    "grader_args",
    "history",
    "max_tool_calls_per_turn",
)


def samples(agent_name: str) -> bool:
    """Whether the agent takes a sampling ``temperature``."""
    return "temperature" in inspect.signature(agent_class(agent_name)).parameters


def resolve_config(config: EvalConfig) -> EvalConfig:
    """``config`` with the temperature that applies to its agent.

    Agents that sample get ``config.temperature`` (the paper's 0.2 when unset) unless
    their own ``args`` give one; agents that do not sample record ``None``.

    Raises:
        KeyError: Unknown agent.
        ValueError: A temperature for an agent that does not sample, a temperature that
            contradicts the agent's own ``args``, or ``env_args`` that repeat a run setting.
    """
    name, args = config.agent["name"], dict(config.agent.get("args") or {})
    clash = sorted(set(config.env_args) & set(RUN_ENV_SETTINGS))
    if clash:
        raise ValueError(
            f"env_args {clash} are run settings; set them as such (e.g. --split, --patient), not in env_args"
        )
    if not samples(name):
        if config.temperature is not None or "temperature" in args:
            raise ValueError(
                f"agent {name!r} does not sample, so a temperature does not apply to it"
            )
        return config
    own = args.get("temperature")
    if own is not None and config.temperature is not None and own != config.temperature:
        raise ValueError(
            f"temperature {config.temperature} and agent arg temperature={own} disagree; give one"
        )
    temperature = float(
        own
        if own is not None
        else config.temperature
        if config.temperature is not None
        else PAPER_TEMPERATURE
    )
    return config.model_copy(
        update={
            "temperature": temperature,
            "agent": {"name": name, "args": args | {"temperature": temperature}},
        }
    )


def make_env(config: EvalConfig, language: str) -> PhysAssistEnv:
    """The environment of one episode: ``gym.make(config.env_id, ...)`` unwrapped.

    Raises:
        gymnasium.error.Error: Unknown ``env_id``.
        TypeError: ``env_args`` the environment does not take.
    """
    env = gym.make(
        config.env_id,
        disable_env_checker=True,
        **config.env_args,
        dataset=config.dataset,
        split=config.split,
        language=language,
        patient=config.patient,
        grader=config.grader["name"],
        grader_args=config.grader.get("args") or {},
        history=config.history,
        max_tool_calls_per_turn=config.max_tool_calls_per_turn,
    )
    inner = env.unwrapped
    if not isinstance(inner, PhysAssistEnv):
        raise ValueError(
            f"env_id {config.env_id!r} is not a PhysAssistBench environment ({type(inner).__name__})"
        )
    return inner


def agent_for(config: EvalConfig) -> Any:
    """The agent a run configuration names, with its arguments and those its pre-flight
    check set (``config.preflight["args"]``, e.g. the tool mode an endpoint allows)."""
    spec = resolve_config(config).agent
    found = (config.preflight or {}).get("args") or {}
    return make_agent(spec["name"], **(spec["args"] | found))


def run_episode(
    config: EvalConfig, key: tuple[str, str, int], agent: Any = None
) -> EpisodeRecord:
    """Run one episode synchronously (used by threads and Ray workers)."""
    return asyncio.run(arun_episode(config, key, agent))


async def _act(
    agent: Any, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
) -> Any:
    if hasattr(agent, "aact") and inspect.iscoroutinefunction(agent.aact):
        return await agent.aact(messages, tools)
    return await asyncio.to_thread(agent.act, messages, tools)


async def arun_episode(
    config: EvalConfig, key: tuple[str, str, int], agent: Any = None
) -> EpisodeRecord:
    """Run the episode ``key = (session_id, language, trial)`` and record it."""
    session_id, language, trial = key
    t0 = time.perf_counter()
    env = make_env(config, language)
    agent = agent or agent_for(config)
    obs, info = env.reset(seed=config.seed + trial, options={"session_id": session_id})
    episode = env.episode
    if episode is None:  # reset always starts one; guard for type checkers
        raise RuntimeError(f"no episode started for {session_id}")
    context = {
        k: info[k]
        for k in ("session_id", "patient_id", "current_date", "language", "tools")
    } | {"hadm_id": episode.session.hadm_id, "trial": trial}
    if getattr(agent, "privileged", False):
        context["gold_session"] = episode.session
    agent.start(context)
    terminated = truncated = False
    usage: dict[int, TurnUsage] = {}
    while not (terminated or truncated):
        turn = episode.turn
        index = turn.index if turn is not None else len(episode.logs)
        started = time.perf_counter()
        action = await _act(agent, info["messages"], info["tools"])
        usage.setdefault(index, TurnUsage()).add(
            getattr(agent, "last_usage", None), time.perf_counter() - started
        )
        obs, _, terminated, truncated, info = env.step(action)
    session = episode.session
    turns = []
    for lg in episode.logs:
        turn = session.turns[lg.index]
        result = TurnResult.from_grade(
            lg.grade,
            session,
            turn,
            run_id=config.run_id,
            language=language,
            trial=trial,
            tool_calls=len(lg.tool_calls),
            invalid_calls=lg.invalid_calls,
            budget_exhausted=lg.termination == TerminationReason.TOOL_BUDGET,
            clarifications=lg.clarifications,
            termination=str(lg.termination),
        )
        turns.append(
            TurnRecord(
                index=lg.index,
                request=lg.request,
                tool_calls=[c.model_dump() for c in lg.tool_calls],
                outcomes=[
                    {"name": o.name, "kind": str(o.kind), "ok": o.ok, "text": o.text}
                    for o in lg.outcomes
                ],
                answer=lg.answer,
                termination=str(lg.termination),
                result=result,
                usage=usage.get(lg.index, TurnUsage()),
            )
        )
    return EpisodeRecord(
        session_id=session_id,
        language=language,
        trial=trial,
        turns=turns,
        messages=episode.messages,
        seconds=round(time.perf_counter() - t0, 3),
    )


def error_record(key: tuple[str, str, int], exc: BaseException) -> EpisodeRecord:
    """The record of an episode whose agent or infrastructure failed (retried on resume).

    ``stops_run`` is the exception's own ``stops_run`` (an endpoint that timed out or
    does not answer: every following episode would fail the same way).
    """
    return EpisodeRecord(
        session_id=key[0],
        language=key[1],
        trial=key[2],
        error="".join(traceback.format_exception_only(type(exc), exc)).strip(),
        stops_run=bool(getattr(exc, "stops_run", False)),
    )
