""":class:`PhysAssistEnvironment`: ``PhysAssist-v0`` behind OpenEnv's ``Environment`` API.

Each episode is a :class:`physassist_env.env.PhysAssistEnv` (the Gymnasium env, hence the
same :class:`~physassist_env.env.episode.Episode` core, parser, grader and rewards); this
class only converts between OpenEnv's pydantic types and the Gymnasium calls.

Sessions: over WebSocket (``/ws``) OpenEnv gives each connection its own instance, so
sessions are isolated and run concurrently (``SUPPORTS_CONCURRENT_SESSIONS``). OpenEnv's
HTTP ``/reset`` and ``/step`` are stateless (a fresh instance per request), so every
episode is also kept in a bounded, process-wide registry by ``episode_id``: an HTTP
client sends the ``episode_id`` of the reset observation with each step.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from pathlib import Path
from typing import Any

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import EnvironmentMetadata

from physassist_env.env.data import SPLITS, resolve, split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.openenv.models import (
    PhysAssistAction,
    PhysAssistObservation,
    PhysAssistState,
)
from physassist_env.version import __version__

#: Episodes kept for stateless HTTP steps (oldest dropped first).
MAX_EPISODES = 4096

_EPISODES: OrderedDict[str, tuple[PhysAssistEnv, threading.Lock]] = OrderedDict()
_EPISODES_LOCK = threading.Lock()


def _remember(episode_id: str, env: PhysAssistEnv) -> threading.Lock:
    lock = threading.Lock()
    with _EPISODES_LOCK:
        _EPISODES[episode_id] = (env, lock)
        while len(_EPISODES) > MAX_EPISODES:
            _EPISODES.popitem(last=False)
    return lock


def _lookup(episode_id: str) -> tuple[PhysAssistEnv, threading.Lock]:
    with _EPISODES_LOCK:
        hit = _EPISODES.get(episode_id)
    if hit is None:
        raise KeyError(
            f"unknown or finished episode_id {episode_id!r}; call reset first"
        )
    return hit


def _forget(episode_id: str) -> None:
    with _EPISODES_LOCK:
        _EPISODES.pop(episode_id, None)


class PhysAssistEnvironment(
    Environment[PhysAssistAction, PhysAssistObservation, PhysAssistState]
):
    """An OpenEnv environment serving the benchmark's sessions.

    Args:
        dataset: A built dataset folder (``None``: the embedded synthetic default).
        split: The default split for ``reset`` (``train``, ``validation``, ``test``).
        language: The default language (``en`` or ``zh``).
        messages: Put the whole chat in every observation (``messages``); off by
            default (observations then carry only what is new).
        env_kwargs: Further ``PhysAssistEnv`` arguments (``grader``, ``patient``,
            ``tool_output``, ``max_tool_calls_per_turn``, ...).
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
    ):
        super().__init__()
        self.dataset = resolve(dataset, progress=False)
        self.split = split
        self.language = language
        self.with_messages = messages
        self.env_kwargs = dict(env_kwargs or {})
        self._env: PhysAssistEnv | None = None
        self._lock = threading.Lock()
        self._state = PhysAssistState(split=split, language=language)

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
            episode_id: An id for the episode (default: a new UUID).
            split: The split (default: the server's).
            index: Pick the session at this index of the split (the task API's index).
            session_id: Pick the session by id.
            language: ``en`` or ``zh`` (default: the server's).
            **kwargs: Ignored (OpenEnv passes unknown reset fields through).

        Returns:
            The instructions and first request, with the tool schemas.

        Raises:
            IndexError: For an index outside the split.
            KeyError: For an unknown session id.
            ValueError: For an unknown split or language.
        """
        split = split or self.split
        env = PhysAssistEnv(
            dataset=self.dataset,
            split=split,
            language=language or self.language,
            **self.env_kwargs,
        )
        options: dict[str, Any] = {}
        if index is not None:
            options["session_id"] = self._session_at(split, int(index))
        elif session_id is not None:
            options["session_id"] = session_id
        text, info = env.reset(seed=seed, options=options)
        eid = episode_id or uuid.uuid4().hex
        self._env, self._lock = env, _remember(eid, env)
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

    def step(
        self, action: PhysAssistAction, timeout_s: float | None = None, **kwargs: Any
    ) -> PhysAssistObservation:
        """Take one assistant message.

        Over HTTP, ``action.episode_id`` names the episode to continue; over a
        WebSocket session the instance's own episode is used.

        Raises:
            KeyError: For an unknown or finished ``episode_id``.
            RuntimeError: Before ``reset`` or after the episode ended.
        """
        eid = action.episode_id
        if eid and eid != self._state.episode_id:
            env, lock = _lookup(eid)
            self._env, self._lock = env, lock
            ep = env.episode
            self._state = PhysAssistState(
                episode_id=eid,
                step_count=env._steps,
                session_id=ep.session.session_id if ep else "",
                split=env.data.split,
                language=env.language,
            )
        if self._env is None:
            raise RuntimeError("call reset() before step()")
        with self._lock:
            text, reward, terminated, truncated, info = self._env.step(
                action.to_message()
            )
        done = bool(terminated or truncated)
        ep = self._env.episode
        self._state.step_count += 1
        self._state.turn = info.get("turn")
        self._state.turn_scores = [lg.score for lg in ep.logs if lg.grade] if ep else []
        self._state.done = done
        if done and self._state.episode_id:
            _forget(self._state.episode_id)
        return self._observation(text, reward, done, info)

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
        return len(split_data(self.dataset, split).sessions)

    def get_task(self, split: str, index: int) -> dict[str, Any]:
        """The agent-visible facts of the session at ``index`` (no gold, no rubric)."""
        sessions = split_data(self.dataset, split).sessions
        if not 0 <= index < len(sessions):
            raise IndexError(
                f"index {index} is outside the {split} split (0..{len(sessions) - 1})"
            )
        return _task(sessions[index], index)

    def list_tasks(self, split: str) -> list[dict[str, Any]]:
        """Every session of ``split`` as :meth:`get_task` gives it."""
        return [
            _task(s, i) for i, s in enumerate(split_data(self.dataset, split).sessions)
        ]

    def get_task_range(
        self, split: str, start: int | None = None, stop: int | None = None
    ) -> list[dict[str, Any]]:
        """Tasks ``[start, stop)`` of ``split``."""
        sessions = split_data(self.dataset, split).sessions
        return [_task(s, i) for i, s in list(enumerate(sessions))[slice(start, stop)]]

    # ------------------------------------------------------------ helpers
    def _session_at(self, split: str, index: int) -> str:
        return self.get_task(split, index)["id"]

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


def _task(session: Any, index: int) -> dict[str, Any]:
    return {
        "id": session.session_id,
        "index": index,
        "patient_id": session.patient_id,
        "hadm_id": session.hadm_id,
        "current_date": session.current_date,
        "n_turns": len(session.turns),
    }
