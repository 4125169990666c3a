""":class:`PhysAssistEnvironment`: ``PhysAssist-v0`` behind OpenEnv's ``Environment`` API.

Each episode is a :class:`physassist_env.env.PhysAssistEnv` (the Gymnasium env, hence the
same :class:`~physassist_env.env.episode.Episode` core, parser, grader and rewards); this
class only converts between OpenEnv's pydantic types and the Gymnasium calls.

Sessions: over WebSocket (``/ws``) OpenEnv gives each connection its own instance, so
sessions are isolated and run concurrently (``SUPPORTS_CONCURRENT_SESSIONS``). OpenEnv's
HTTP ``/reset`` and ``/step`` are stateless (a fresh instance per request), so every
episode is also kept in an :class:`EpisodeRegistry` under an id the server issues at reset
(unguessable, 192 random bits): an HTTP client sends that ``episode_id`` with each step.
A client cannot choose an id, so it cannot join, step or read an episode it did not
create.

Tools over MCP: the environment is an OpenEnv ``MCPEnvironment``; its FastMCP server
offers the benchmark's tools (:func:`physassist_env.tool_schemas.all_tool_schemas`, the
one list), so OpenEnv's ``/mcp`` route and ``MCPToolClient`` list them, and a
``tools/call`` runs the call as one step of the session's open episode (the answer is
still an ordinary step with text).

Bad requests raise :class:`RequestError` (status and the field named); the app turns it
into a 4xx response with the message.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from fastmcp import FastMCP
from fastmcp.tools.base import Tool, ToolResult
from openenv.core.env_server.mcp_environment import MCPEnvironment
from openenv.core.env_server.mcp_types import RESERVED_TOOL_NAMES
from openenv.core.env_server.types import EnvironmentMetadata
from pydantic import PrivateAttr

from physassist_env.adapters.agent_view import agent_task
from physassist_env.env.data import SPLITS, resolve, split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)
from physassist_env.tool_schemas import all_tool_schemas
from physassist_env.version import __version__

#: Most unfinished episodes kept for stateless HTTP clients (``--max-episodes``).
DEFAULT_MAX_EPISODES = 1024
#: Ids of finished or evicted episodes remembered, so that a step on one says so.
MAX_ENDED = 4096
LANGUAGES = ("en", "zh")


class RequestError(ValueError):
    """A request the server cannot serve: an HTTP ``status`` and a message naming ``field``."""

    def __init__(self, message: str, *, field: str | None = None, status: int = 400):
        super().__init__(message)
        self.field = field
        self.status = status


@dataclass
class _Live:
    env: PhysAssistEnv
    lock: threading.Lock = field(default_factory=threading.Lock)
    used: float = field(default_factory=time.monotonic)


class EpisodeRegistry:
    """The server's open episodes by server-issued id (thread-safe, bounded).

    At most ``max_live`` unfinished episodes are kept: opening one more evicts the least
    recently used. A finished episode is dropped at once. The ids of the last
    :data:`MAX_ENDED` finished or evicted episodes are remembered so that a step on one
    gets "finished" (409) or "evicted" (410) rather than "unknown" (404).
    """

    def __init__(self, max_live: int = DEFAULT_MAX_EPISODES):
        if max_live < 1:
            raise ValueError(f"max_live must be at least 1, got {max_live}")
        self.max_live = max_live
        self._live: OrderedDict[str, _Live] = OrderedDict()
        self._ended: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._live)

    def open(self, env: PhysAssistEnv) -> tuple[str, _Live]:
        """Register a new episode; returns its new id and entry."""
        eid = secrets.token_urlsafe(24)
        entry = _Live(env)
        with self._lock:
            while len(self._live) >= self.max_live:
                old, _ = self._live.popitem(last=False)
                self._end(old, "evicted")
            self._live[eid] = entry
        return eid, entry

    def get(self, eid: str) -> _Live:
        """The open episode ``eid``.

        Raises:
            RequestError: 404 unknown, 409 finished, 410 evicted.
        """
        with self._lock:
            entry = self._live.get(eid)
            if entry is not None:
                self._live.move_to_end(eid)
                entry.used = time.monotonic()
                return entry
            why = self._ended.get(eid)
        if why == "finished":
            raise RequestError(
                f"episode_id {_short(eid)} has finished; call reset for a new episode",
                field="episode_id",
                status=409,
            )
        if why == "evicted":
            raise RequestError(
                f"episode_id {_short(eid)} was evicted: the server keeps at most "
                f"{self.max_live} unfinished episodes and this one was the least recently "
                "used; call reset for a new episode",
                field="episode_id",
                status=410,
            )
        raise RequestError(
            f"episode_id {_short(eid)} is not an episode of this server; send the "
            "episode_id of your reset's observation (ids are issued by the server)",
            field="episode_id",
            status=404,
        )

    def finish(self, eid: str) -> None:
        """Drop a finished episode (its id is remembered as finished)."""
        with self._lock:
            if self._live.pop(eid, None) is not None:
                self._end(eid, "finished")

    def _end(self, eid: str, why: str) -> None:
        self._ended[eid] = why
        while len(self._ended) > MAX_ENDED:
            self._ended.popitem(last=False)


#: The registry of environments built without one (``make_app`` passes its own).
_DEFAULT_REGISTRY = EpisodeRegistry()


def _short(eid: str) -> str:
    return repr(eid if len(eid) <= 48 else eid[:45] + "...")


class _EpisodeTool(Tool):
    """One benchmark tool on the FastMCP server: a call is a step of the open episode."""

    _environment: Any = PrivateAttr(default=None)

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        """Run the call in the episode of the environment that owns this tool."""
        return await self._environment.call_tool_in_episode(self.name, arguments)


#: A tool's result: the text the episode returns (FastMCP clients read it as ``.data``).
_TEXT_RESULT = {
    "type": "object",
    "properties": {"result": {"type": "string"}},
    "required": ["result"],
    "x-fastmcp-wrap-result": True,
}


def _tool_server(environment: PhysAssistEnvironment, language: str) -> FastMCP:
    server = FastMCP("physassist", version=__version__)
    for schema in all_tool_schemas(language):
        fn = schema["function"]
        tool = _EpisodeTool(
            name=fn["name"],
            description=fn.get("description") or "",
            parameters=fn.get("parameters") or {"type": "object", "properties": {}},
            output_schema=_TEXT_RESULT,
        )
        tool._environment = environment
        server.add_tool(tool)
    return server


class PhysAssistEnvironment(MCPEnvironment):
    """An OpenEnv environment serving the benchmark's sessions.

    Args:
        dataset: A built dataset folder (``None``: the embedded synthetic default).
        split: The default split for ``reset`` (``train``, ``validation``, ``test``).
        language: The default language (``en`` or ``zh``); also the language of the MCP
            tool descriptions.
        messages: Put the whole chat in every observation (``messages``); off by
            default (observations then carry only what is new).
        env_kwargs: Further ``PhysAssistEnv`` arguments (``grader``, ``patient``,
            ``tool_output``, ``max_tool_calls_per_turn``, ...).
        registry: Where stateless HTTP episodes live (``make_app`` gives one per app).
    """

    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(
        self,
        dataset: str | Path | None = None,
        *,
        split: str = "test",
        language: str = "en",
        messages: bool = False,
        env_kwargs: dict[str, Any] | None = None,
        registry: EpisodeRegistry | None = None,
    ):
        super().__init__(_tool_server(self, language))
        self.dataset = resolve(dataset, progress=False)
        self.split = split
        self.language = language
        self.with_messages = messages
        self.env_kwargs = dict(env_kwargs or {})
        self.registry = registry if registry is not None else _DEFAULT_REGISTRY
        self._entry: _Live | None = None
        self._state = PhysAssistState(split=split, language=language)

    def _validate_tool_names(self, mcp_server: Any) -> None:
        """OpenEnv's check that no tool takes a reserved name (``reset``, ``step``, ...),
        made on the schemas (the names are the same in every language): its own asks
        the server, 10 ms per stateless request."""
        taken = {s["function"]["name"] for s in all_tool_schemas("en")}
        clash = taken & RESERVED_TOOL_NAMES
        if clash:
            raise ValueError(f"MCP tools cannot use reserved names: {sorted(clash)}")

    # ------------------------------------------------------------------ API
    def reset(
        self,
        seed: int | None = None,
        episode_id: str | None = None,
        split: str | None = None,
        index: int | None = None,
        session_id: str | None = None,
        language: str | None = None,
        **kwargs: Any,
    ) -> PhysAssistObservation:
        """Start an episode.

        Args:
            seed: Seeds the choice of session when neither ``index`` nor
                ``session_id`` is given (as ``PhysAssist-v0``'s ``reset(seed=...)``).
            episode_id: Must be left out: the server issues the id (in the observation).
            split: The split (default: the server's).
            index: Pick the session at this index of the split (the task API's index).
            session_id: Pick the session by id.
            language: ``en`` or ``zh`` (default: the server's).
            **kwargs: Ignored (OpenEnv passes unknown reset fields through).

        Returns:
            The instructions and first request, with the tool schemas.

        Raises:
            RequestError: For a client-chosen ``episode_id``, an unknown split or
                language, an index outside the split or an unknown session id.
        """
        if episode_id is not None:
            raise RequestError(
                "episode_id is issued by the server: leave it out of reset and use the "
                "one in the observation",
                field="episode_id",
            )
        split = self._check_split(split or self.split)
        language = language or self.language
        if language not in LANGUAGES:
            raise RequestError(
                f"language {language!r} is not supported; use 'en' or 'zh'",
                field="language",
            )
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RequestError(
                f"seed must be a whole number, got {seed!r}", field="seed"
            )
        sessions = split_data(self.dataset, split)
        options: dict[str, Any] = {}
        if index is not None:
            options["session_id"] = self._session_at(split, index)
        elif session_id is not None:
            if not isinstance(session_id, str) or session_id not in sessions.by_id:
                raise RequestError(
                    f"session_id {str(session_id)[:80]!r} is not in the {split} split; "
                    f"e.g. {list(sessions.by_id)[:2]}",
                    field="session_id",
                    status=404,
                )
            options["session_id"] = session_id
        env = PhysAssistEnv(
            dataset=self.dataset, split=split, language=language, **self.env_kwargs
        )
        text, info = env.reset(seed=seed, options=options)
        eid, self._entry = self.registry.open(env)
        self._state = PhysAssistState(
            episode_id=eid,
            step_count=0,
            session_id=info["session_id"],
            split=split,
            language=env.language,
            turn=info["turn"],
            n_turns=info["n_turns"],
        )
        return self._observation(text, None, False, info, tools=info["tools"])

    def _step_impl(
        self, action: Any, timeout_s: float | None = None, **kwargs: Any
    ) -> PhysAssistObservation:
        """Take one assistant message.

        Over HTTP, ``action.episode_id`` names the episode to continue; over a
        WebSocket session the instance's own episode is used.

        Raises:
            RequestError: For an action of another type, a missing, unknown, finished
                or evicted ``episode_id``, or a step before ``reset``.
        """
        if not isinstance(action, PhysAssistAction):
            raise RequestError(
                f"this environment takes a PhysAssistAction, got {type(action).__name__}",
                field="action",
            )
        eid = action.episode_id
        if eid and eid != self._state.episode_id:
            self._attach(eid)
        if self._entry is None:
            raise RequestError(
                "no episode to step: call reset first (over stateless HTTP /step, send "
                "the episode_id of your reset's observation in the action)",
                field="episode_id",
                status=409,
            )
        return self._advance(action.to_message())

    async def call_tool_in_episode(self, name: str, arguments: Any) -> ToolResult:
        """Run one tool call (MCP ``tools/call``) as a step of the open episode."""
        if self._entry is None or self._state.done:
            return ToolResult(
                content=f"ERROR: no open episode for {name}: call reset first (over "
                "MCPToolClient: env.reset(...), then call_tool)",
                is_error=True,
            )
        message = {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": f"mcp_{self._state.step_count}",
                    "type": "function",
                    "function": {"name": name, "arguments": arguments},
                }
            ],
        }
        obs, failed = await anyio.to_thread.run_sync(self._advance_call, message)
        if failed:
            return ToolResult(content=obs.text, is_error=True)
        return ToolResult(content=obs.text, structured_content={"result": obs.text})

    @property
    def state(self) -> PhysAssistState:
        """The episode's state (over stateless HTTP ``/state`` it is a fresh one)."""
        return self._state

    def get_metadata(self) -> EnvironmentMetadata:
        """Name, description and version of the environment."""

        return EnvironmentMetadata(
            name="PhysAssist-v0",
            description=(
                "An LLM assistant helps a physician with one patient over a four-turn session: "
                "FHIR R4 EHR tools, a record-grounded patient, write tools; each answer is "
                "graded against the turn's rubric."
            ),
            version=__version__,
            documentation_url="https://arxiv.org/abs/2606.18613",
        )

    # ------------------------------------------------------------ task API
    def list_splits(self) -> list[dict[str, Any]]:
        """The dataset's splits that hold sessions, with their sizes."""
        out = []
        for name in SPLITS:
            try:
                n = len(split_data(self.dataset, name).sessions)
            except (ValueError, FileNotFoundError):
                continue
            out.append({"name": name, "type": name, "num_tasks": n})
        return out

    def num_tasks(self, split: str) -> int:
        """Sessions in ``split``."""
        return len(split_data(self.dataset, self._check_split(split)).sessions)

    def get_task(self, split: str, index: int) -> dict[str, Any]:
        """The agent-visible facts of the session at ``index`` (no gold, no rubric)."""
        split = self._check_split(split)
        sessions = split_data(self.dataset, split).sessions
        return agent_task(
            sessions[self._check_index(split, index, len(sessions))], index
        )

    def list_tasks(self, split: str) -> list[dict[str, Any]]:
        """Every session of ``split`` as :meth:`get_task` gives it."""
        sessions = split_data(self.dataset, self._check_split(split)).sessions
        return [agent_task(s, i) for i, s in enumerate(sessions)]

    def get_task_range(
        self, split: str, start: int | None = None, stop: int | None = None
    ) -> list[dict[str, Any]]:
        """Tasks ``[start, stop)`` of ``split``."""
        sessions = split_data(self.dataset, self._check_split(split)).sessions
        for name, value in (("start", start), ("stop", stop)):
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int)
            ):
                raise RequestError(f"{name} must be a whole number or null", field=name)
        return [
            agent_task(s, i) for i, s in list(enumerate(sessions))[slice(start, stop)]
        ]

    # ------------------------------------------------------------ helpers
    def _check_split(self, split: Any) -> str:
        if split not in SPLITS:
            raise RequestError(
                f"split {str(split)[:40]!r} is not one of {', '.join(SPLITS)}",
                field="split",
            )
        try:
            split_data(self.dataset, split)
        except (ValueError, FileNotFoundError) as exc:
            raise RequestError(
                f"split {split!r} has no sessions in this dataset ({exc})",
                field="split",
                status=404,
            ) from None
        return split

    @staticmethod
    def _check_index(split: str, index: Any, n: int) -> int:
        if isinstance(index, bool) or not isinstance(index, int):
            raise RequestError(
                f"index must be a whole number, got {str(index)[:40]!r}", field="index"
            )
        if not 0 <= index < n:
            raise RequestError(
                f"index {index} is outside the {split} split (0..{n - 1})",
                field="index",
            )
        return index

    def _session_at(self, split: str, index: Any) -> str:
        sessions = split_data(self.dataset, split).sessions
        return sessions[self._check_index(split, index, len(sessions))].session_id

    def _attach(self, eid: str) -> None:
        entry = self.registry.get(eid)
        env = entry.env
        ep = env.episode
        self._entry = entry
        self._state = PhysAssistState(
            episode_id=eid,
            step_count=env._steps,
            session_id=ep.session.session_id if ep else "",
            split=env.data.split,
            language=env.language,
            n_turns=len(ep.session.turns) if ep else 0,
        )

    def _advance(self, message: Any) -> PhysAssistObservation:
        return self._advance_call(message)[0]

    def _advance_call(self, message: Any) -> tuple[PhysAssistObservation, bool]:
        """One step of the open episode; also whether its (last) tool call failed."""
        entry = self._entry
        assert entry is not None
        with entry.lock:
            ep = entry.env.episode
            if ep is None or ep.done:
                raise RequestError(
                    f"episode_id {_short(self._state.episode_id or '')} has finished; "
                    "call reset for a new episode",
                    field="episode_id",
                    status=409,
                )
            log = ep.turn
            n_outcomes = len(log.outcomes) if log else 0
            text, reward, terminated, truncated, info = entry.env.step(message)
            failed = log is None or len(log.outcomes) == n_outcomes
            failed = failed or not log.outcomes[-1].ok
            done = bool(terminated or truncated)
            self._state.step_count += 1
            self._state.turn = info.get("turn")
            self._state.turn_scores = [lg.score for lg in ep.logs if lg.grade]
            self._state.done = done
            if done and self._state.episode_id:
                self.registry.finish(self._state.episode_id)
        return self._observation(text, reward, done, info), failed

    def _observation(
        self,
        text: str,
        reward: float | None,
        done: bool,
        info: dict[str, Any],
        *,
        tools: list[dict[str, Any]] | None = None,
    ) -> PhysAssistObservation:
        meta = {k: v for k, v in info.items() if k not in ("messages", "tools")}
        if "session_pass" in meta:  # JSON object keys must be strings
            meta["session_pass"] = {str(k): v for k, v in meta["session_pass"].items()}
        return PhysAssistObservation(
            text=text,
            reward=reward,
            done=done,
            metadata=meta,
            episode_id=self._state.episode_id or "",
            tools=tools or [],
            messages=info["messages"] if self.with_messages else [],
        )
