"""``PhysAssist-v0`` as a verifiers (v1 API) taskset, harness and environment.

Needs the ``[verifiers]`` extra. verifiers loads a taskset by id from a top-level
module exporting one ``Taskset`` subclass (and optionally one ``Env`` and one
``Harness`` subclass) via ``__all__``; the top-level module :mod:`physassist` is that
entry point, so ``vf-eval physassist`` (``--env.taskset.id physassist``) finds:

* :class:`PhysAssistTaskset`: one :class:`PhysAssistTask` per session of a split (no
  gold, rubric or hidden patient fact in the task data). A task's ``validate`` (the
  gold check ``vf-validate`` runs) replays the session's gold calls and answers and is
  valid when every turn scores 1.0; its reward ``physassist_score`` reads the scores
  the episode left on the trace, so an untouched task scores 0 (``vf-validate``'s
  noop check).
* :class:`PhysAssistHarness`, the taskset's default harness: it offers exactly the
  benchmark's tools (:func:`physassist_env.tool_schemas.all_tool_schemas`, the one
  list) and nothing else: no shell, no file tools, no program in the runtime. Each
  segment is one model call through the rollout's interception endpoint; with
  ``tool_format="native"`` (default) the tools go in the request's ``tools`` (standard
  function calling; ``Observation.search`` is sent as ``Observation_search``, which the
  environment accepts), with ``"hermes"`` they are described in the system message
  and the model writes ``<tool_call>{...}</tool_call>`` text.
* :class:`PhysAssistVfEnv`: plays the physician, the patient and the EHR. Its ``run``
  opens with the instructions and the first request, steps each model reply through
  :class:`PhysAssistEnv` (the same episode core, action parser and grader as the
  Gymnasium env) and answers with what the env returns (tool results as ``tool``
  messages for native calls, the observation text otherwise) until the session ends;
  the turn scores go on the trace before the rollout closes. It refuses a player
  harness that executes code in the ``subprocess`` runtime: that shell would run on
  this machine, where the dataset (with its gold answers) is readable.

:func:`rubric_criteria` exports a turn's rubric in verifiers' ``Criterion`` shape
(safety items, which must not happen, become criteria whose best answer is "no"), and
:func:`write_rubric` writes it as a file for ``RubricJudgeConfig(path=...)``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import httpx
import verifiers.v1 as vf
from verifiers.v1.dialects.chat import message_to_wire

from physassist_env.agents.openai_agent import tools_prompt
from physassist_env.ehr.output import check_tool_output
from physassist_env.env.data import resolve, split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.scenarios.model import Turn
from physassist_env.tool_schemas import all_tool_schemas

#: What a native tool call that the episode did not run gets as its result.
NOT_RUN = "ERROR: not run: the tool budget of this turn is used up"


class PhysAssistData(vf.TaskData):
    """One session: where it is and how to run it (no gold, no rubric)."""

    session_id: str
    dataset: str
    split: str = "test"
    language: str = "en"
    grader: str = "rules"
    tool_output: str = "text"


class PhysAssistConfig(vf.TasksetConfig):
    """Which sessions the taskset yields."""

    dataset: str | None = None
    """A built dataset folder; unset = the embedded synthetic default."""
    split: str = "test"
    language: str = "en"
    grader: str = "rules"
    """``rules`` (offline, deterministic) or ``judge``."""
    tool_output: str = "text"
    """EHR tool results as ``text`` (compact lines) or ``fhir`` (FHIR R4 JSON)."""


class PhysAssistRunState(vf.State):
    """What the episode leaves on the trace for scoring: every turn's score (a turn the
    rollout never reached scores 0)."""

    turn_scores: list[float] | None = None


def _episode(data: PhysAssistData) -> PhysAssistEnv:
    return PhysAssistEnv(
        dataset=data.dataset,
        split=data.split,
        language=data.language,
        grader=data.grader,
        tool_output=check_tool_output(data.tool_output),
    )


class PhysAssistTask(vf.Task[PhysAssistData, PhysAssistRunState]):
    """A benchmark session (its key is the session id and language)."""

    @property
    def key(self) -> str:
        """The session id and language (durable across runs)."""
        return f"{self.data.session_id}/{self.data.language}"

    async def validate(self, runtime: Any = None) -> bool:
        """The gold check: the session's gold calls and answers score 1.0 on every turn."""
        return gold_scores(self.data) == [1.0] * len(_session(self.data).turns)

    @vf.reward
    async def physassist_score(self, trace: Any) -> float:
        """The session's mean turn score (0 when no episode ran)."""
        scores = trace.state.turn_scores or []
        return sum(scores) / len(scores) if scores else 0.0

    @vf.metric
    async def turn_scores(self, trace: Any) -> dict[str, float]:
        """Each turn's score, as ``turn_<i>_score``."""
        scores = trace.state.turn_scores or []
        return {f"turn_{i}_score": float(s) for i, s in enumerate(scores)}


def _session(data: PhysAssistData) -> Any:
    return split_data(Path(data.dataset), data.split).by_id[data.session_id]


def gold_scores(data: PhysAssistData) -> list[float]:
    """The turn scores of the session's gold calls and answers, played through the env."""
    session = _session(data)
    env = _episode(data)
    env.reset(options={"session_id": data.session_id})
    info: dict[str, Any] = {}
    for turn in session.turns:
        for call in turn.gold_actions:
            env.step(json.dumps({"name": call.name, "arguments": call.arguments}))
        _, _, terminated, truncated, info = env.step(
            turn.gold_answer.get(data.language)
        )
        if terminated or truncated:
            break
    return [float(s) for s in info.get("turn_scores", [])]


class PhysAssistTaskset(vf.Taskset[PhysAssistTask, PhysAssistConfig]):
    """Every session of the configured split, in dataset order."""

    def load(self) -> Iterator[PhysAssistTask]:
        """One task per session."""
        config = self.config
        path = resolve(config.dataset, progress=False)
        for s in split_data(path, config.split).sessions:
            yield PhysAssistTask(
                PhysAssistData(
                    id=s.session_id,
                    name=s.session_id,
                    prompt=None,  # the physician (the env) opens the conversation
                    session_id=s.session_id,
                    dataset=str(path),
                    split=config.split,
                    language=config.language,
                    grader=config.grader,
                    tool_output=config.tool_output,
                ),
                config.task,
            )


class PhysAssistHarnessConfig(vf.HarnessConfig):
    """How the benchmark's tools are offered to the model."""

    tool_format: Literal["native", "hermes"] = "native"
    """``native``: the tools in the request's ``tools`` (function calling); ``hermes``:
    described in the system message, calls written as ``<tool_call>`` text."""
    timeout: float = 600.0
    """Seconds one model call may take."""


class PhysAssistHarness(vf.Harness[PhysAssistHarnessConfig]):
    """One model call per segment, offering exactly the benchmark's tools (see module doc)."""

    APPENDS_SYSTEM_PROMPT = True
    SUPPORTS_RESUME = True
    EXECUTES_CODE = False
    NEEDS_CONTAINER = False

    async def launch(
        self,
        ctx: Any,
        trace: Any,
        runtime: Any,
        endpoint: str,
        secret: str,
        mcp_urls: dict[str, str],
        data: Any,
        **kwargs: Any,
    ) -> vf.ProgramResult:
        """Ask the model for its next message (the rollout records it on the trace)."""
        system, prompt = self.resolve_prompt(data)
        language = getattr(data, "language", "en")
        messages = [message_to_wire(m) for m in prompt or []]
        if system:
            messages.insert(0, {"role": "system", "content": system})
        body: dict[str, Any] = {"model": ctx.model, "messages": messages}
        tools = all_tool_schemas(language, name_style="underscore")
        if self.config.tool_format == "native":
            body["tools"] = tools
        else:
            _append_system(messages, tools_prompt(tools, language))
        async with httpx.AsyncClient(timeout=self.config.timeout) as client:
            response = await client.post(
                endpoint.rstrip("/") + "/chat/completions",
                json=body,
                headers={"Authorization": f"Bearer {secret}"},
            )
        if response.status_code >= 400:
            return vf.ProgramResult(
                exit_code=1,
                stdout="",
                stderr=f"model call failed: HTTP {response.status_code}: {response.text[:500]}",
            )
        return vf.ProgramResult(exit_code=0, stdout="", stderr="")


def _append_system(messages: list[dict[str, Any]], text: str) -> None:
    if messages and messages[0].get("role") == "system":
        messages[0] = {**messages[0], "content": f"{messages[0]['content']}\n\n{text}"}
    else:
        messages.insert(0, {"role": "system", "content": text})


class PhysAssistVfEnvConfig(vf.EnvConfig):
    """The environment's one agent: the assistant (``player``), local by default.

    The taskset's harness runs nothing in the runtime, so the ``subprocess`` runtime
    (no container, no cloud sandbox) is the default.
    """

    player: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig())


class PhysAssistVfEnv(vf.Env[PhysAssistVfEnvConfig]):
    """Plays the physician, the patient and the EHR around the model (see module doc).

    Raises:
        ValueError: At construction, for a player harness that executes code in the
            ``subprocess`` runtime.
    """

    def __init__(self, config: PhysAssistVfEnvConfig) -> None:
        super().__init__(config)
        check_player(self._harnesses["player"], self._agent_specs["player"].runtime)

    async def run(self, task: Any, agents: Any) -> None:
        """Run one session with ``agents.player``; the turn scores go on its trace."""
        await play(task, agents.player)


def check_player(harness: Any, runtime: Any) -> None:
    """Refuse a harness that hands the model a shell on this machine.

    Raises:
        ValueError: For a code-executing harness in the ``subprocess`` runtime.
    """
    if harness.EXECUTES_CODE and isinstance(runtime, vf.SubprocessConfig):
        raise ValueError(
            f"harness {harness.config.id!r} gives the model a shell in the subprocess "
            "runtime, on this machine, where the dataset with its gold answers is "
            "readable; use the taskset's own harness (leave --env.player.harness unset) "
            "or a container runtime (--env.player.runtime.type docker)"
        )


async def play(task: Any, player: Any) -> None:
    """One session: the env's chat with ``player``, scored before the rollout closes."""
    data = task.data
    env = _episode(data)
    env.reset(options={"session_id": data.session_id})
    ep = env.episode
    assert ep is not None
    opening = [{"role": m["role"], "content": m["content"]} for m in ep.messages]
    async with player.interaction(task) as interaction:
        segment = await interaction.turn(opening)
        while not segment.terminated:
            reply = _last_assistant(segment.messages)
            action, calls = _action(reply)
            before = len(ep.messages)
            text, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                break
            segment = await interaction.turn(
                _answer(calls, ep.messages[before:], text)
                if calls
                else [{"role": "user", "content": text}]
            )
        scores = [float(s) for s in ep.session_summary()["turn_scores"]]
        # turns the rollout never reached (a model limit ended it) score 0
        scores += [0.0] * (len(ep.session.turns) - len(scores))
        interaction.trace.state.turn_scores = scores


def _last_assistant(messages: list[Any]) -> Any:
    for m in reversed(messages):
        if getattr(m, "role", None) == "assistant":
            return m
    return None


def _action(reply: Any) -> tuple[Any, list[Any]]:
    """The env action for a model reply, and its native tool calls."""
    if reply is None:
        return "", []
    calls = list(reply.tool_calls or [])
    if not calls:
        return reply.content or "", []
    return {
        "role": "assistant",
        "content": reply.content or "",
        "tool_calls": [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.name, "arguments": c.arguments},
            }
            for c in calls
        ],
    }, calls


def _answer(
    calls: list[Any], new: list[dict[str, Any]], text: str
) -> list[dict[str, Any]]:
    """Native calls' results as ``tool`` messages (one per call, in order); what else
    the step said (a new request when the budget ran out) as a user message."""
    results = {m.get("tool_call_id"): m for m in new if m.get("role") == "tool"}
    out: list[dict[str, Any]] = []
    rest = text
    for c in calls:
        m = results.get(c.id)
        content = str(m.get("content", "")) if m else NOT_RUN
        out.append({"role": "tool", "tool_call_id": c.id, "content": content})
        if m:
            rest = rest.replace(f"[{m.get('name')}] {m.get('content')}", "", 1)
    rest = rest.strip()
    if rest:
        out.append({"role": "user", "content": rest})
    return out


def rubric_criteria(turn: Turn, language: str = "en") -> list[vf.Criterion]:
    """A turn's rubric items as verifiers ``Criterion`` objects.

    A positive item is a ``no``/``yes`` criterion weighted by its points; a safety
    item (negative points: something that must not happen) is a ``yes``/``no``
    criterion (worst first, so "no" scores 1) weighted by the absolute points.
    """
    out = []
    for item in turn.rubric:
        out.append(
            vf.Criterion(
                name=item.id,
                text=item.criterion.get(language),
                weight=abs(float(item.points)),
                choices=["yes", "no"] if item.points < 0 else ["no", "yes"],
            )
        )
    return out


def write_rubric(path: str | Path, turn: Turn, language: str = "en") -> Path:
    """Write a turn's criteria as a rubric file ``RubricJudgeConfig(path=...)`` reads."""
    path = Path(path)
    items = [c.model_dump() for c in rubric_criteria(turn, language)]
    path.write_text(
        json.dumps({"criteria": items}, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    return path


__all__ = [
    "PhysAssistConfig",
    "PhysAssistData",
    "PhysAssistHarness",
    "PhysAssistHarnessConfig",
    "PhysAssistRunState",
    "PhysAssistTask",
    "PhysAssistTaskset",
    "PhysAssistVfEnv",
    "PhysAssistVfEnvConfig",
    "check_player",
    "gold_scores",
    "play",
    "rubric_criteria",
    "write_rubric",
]
