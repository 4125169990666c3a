"""``PhysAssist-v0`` as a verifiers (v1 API) taskset and environment.

Needs the ``[verifiers]`` extra. verifiers loads a taskset by id from a top-level
module exporting one ``Taskset`` subclass (and optionally one ``Env`` subclass) via
``__all__``; the top-level module :mod:`physassist` is that entry point, so
``--env.taskset.id physassist`` (or ``taskset_class("physassist")``) finds:

* :class:`PhysAssistTaskset`: one :class:`PhysAssistTask` per session of a split.
* :class:`PhysAssistVfEnv`: plays the physician. Its ``run`` sends the instructions
  and first request, steps each model reply through :class:`PhysAssistEnv` (the same
  episode core, action parser and grader as the Gymnasium env: a reply with a
  Hermes ``<tool_call>`` or bare JSON call runs tools, any other reply answers) and
  sends back what the env returns, until the session ends. The reward
  ``physassist_score`` is the session's mean turn score (the rule grader by default).

:func:`rubric_criteria` exports a turn's rubric in verifiers' ``Criterion`` shape
(safety items, which must not happen, become criteria whose best answer is "no"), and
:func:`write_rubric` writes it as a file for ``RubricJudgeConfig(path=...)``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import verifiers.v1 as vf

from physassist_env.ehr.output import check_tool_output
from physassist_env.env.data import resolve, split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.scenarios.model import Turn


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


class PhysAssistTask(vf.Task[PhysAssistData]):
    """A benchmark session (its key is the session id and language)."""

    @property
    def key(self) -> str:
        """The session id and language (durable across runs)."""
        return f"{self.data.session_id}/{self.data.language}"


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


class PhysAssistVfEnvConfig(vf.EnvConfig):
    """The environment's one agent: the assistant (``player``)."""

    player: vf.AgentConfig = vf.AgentConfig()


class PhysAssistVfEnv(vf.Env[PhysAssistVfEnvConfig]):
    """Plays the physician, the patient and the EHR around the model (see module doc)."""

    async def run(self, task: Any, agents: Any) -> None:
        """Run one session with ``agents.player`` and record ``physassist_score``."""
        data = task.data
        env = PhysAssistEnv(
            dataset=data.dataset,
            split=data.split,
            language=data.language,
            grader=data.grader,
            tool_output=check_tool_output(data.tool_output),
        )
        text, _ = env.reset(options={"session_id": data.session_id})
        info: dict[str, Any] = {}
        async with agents.player.interaction(task) as interaction:
            segment = await interaction.turn(text)
            while not segment.terminated:
                text, _, terminated, truncated, info = env.step(segment.last_reply)
                if terminated or truncated:
                    break
                segment = await interaction.turn(text)
        summary = env.episode.session_summary() if env.episode else {}
        trace = interaction.trace
        trace.record_reward("physassist_score", float(summary.get("mean_score", 0.0)))
        for i, score in enumerate(summary.get("turn_scores", [])):
            trace.record_metric(f"turn_{i}_score", float(score))


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
    "PhysAssistTask",
    "PhysAssistTaskset",
    "PhysAssistVfEnv",
    "PhysAssistVfEnvConfig",
    "rubric_criteria",
    "write_rubric",
]
