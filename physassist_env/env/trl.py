"""The TRL adapter: one session turn per GRPO rollout, tools as methods, the grader as reward.

Usage (see ``training/grpo.py``)::

    from physassist_env.env.trl import PhysAssistToolEnv, completion_reward, trl_dataset
    train = trl_dataset("physassistbench", split="train")
    GRPOTrainer(model=..., train_dataset=train, environment_factory=PhysAssistToolEnv,
                reward_funcs=[completion_reward], args=GRPOConfig(...))

``reset(**row)`` receives a row of :func:`trl_dataset` (a session turn whose earlier
turns are given as gold context), every public method is a tool (EHR tools, patient
interview, ``ask_physician``, ``prepare_to_answer``), and the turn's rubric score is the
reward: :meth:`PhysAssistToolEnv.get_reward` scores an answer submitted with
``prepare_to_answer``; :func:`completion_reward` scores a plain-text final answer.
Exactly one of them returns a number for a rollout; the other returns ``None``.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from physassist_env.ehr.output import ToolOutput, check_tool_output
from physassist_env.ehr.toolkit import TOOL_METHODS, EhrToolkit
from physassist_env.env.data import SplitData, resolve, split_data
from physassist_env.env.episode import DEFAULT_TOOL_BUDGET, Episode, gold_messages
from physassist_env.env.prompts import (
    ANSWER_TOOL,
    PHYSICIAN_TOOL,
    all_tool_schemas,
    system_prompt,
)
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS
from physassist_env.patient.interview import PatientInterview
from physassist_env.scenarios.model import Session

RESERVED = ("reset", "get_reward")


class PhysAssistToolEnv:
    """An ``environment_factory`` class for ``trl.GRPOTrainer`` (TRL >= 1.x).

    TRL builds it without arguments; for other settings pass a factory, e.g.
    ``environment_factory=functools.partial(PhysAssistToolEnv, tool_output="fhir")``
    (with :func:`trl_dataset` built with the same ``tool_output``).

    Args:
        max_tool_calls_per_turn: The per-turn tool budget (as in the Gymnasium env).
        tool_output: ``"text"`` (compact lines) or ``"fhir"`` (FHIR R4 JSON) for EHR
            tool results, as the Gymnasium env's ``tool_output``.

    Raises:
        ValueError: For an unknown ``tool_output``.
    """

    def __init__(
        self,
        max_tool_calls_per_turn: int = DEFAULT_TOOL_BUDGET,
        tool_output: ToolOutput = "text",
    ):
        self.max_tool_calls = max_tool_calls_per_turn
        self.tool_output = check_tool_output(tool_output)
        self.episode: Episode | None = None
        self._submitted: str | None = None

    def reset(self, **row: Any) -> str | None:
        """Start the row's turn, with the session's earlier turns played as gold.

        Args:
            **row: A :func:`trl_dataset` row: ``dataset``, ``split``, ``session_id``,
                ``turn``, ``language`` (other columns such as ``prompt`` are ignored).

        Returns:
            ``None``: the row's prompt already holds the request.
        """
        data = split_data(resolve(row["dataset"]), row["split"])
        session = data.by_id[row["session_id"]]
        ep = Episode(
            session,
            data.record(session.patient_id),
            language=row.get("language", "en"),
            patient_seed=data.seed,
            max_tool_calls_per_turn=self.max_tool_calls,
            store=data.store(session.patient_id),
            tool_output=self.tool_output,
        )
        for _ in range(int(row["turn"])):
            ep.next_request()
            ep.apply_gold_turn()
        ep.next_request()
        self.episode = ep
        self._submitted = None
        return None

    def _call(self, name: str, arguments: dict[str, Any]) -> str:
        ep = self.episode
        if ep is None:
            return "ERROR: the environment has not been reset"
        if ep.turn is None:
            return "ERROR: this request has already been answered"
        if ep.tool_budget_left() <= 0:
            return "ERROR: the tool budget of this request is used up; answer now"
        args = {k: v for k, v in arguments.items() if v is not None}
        outcome = ep.call_tool(name, args)
        if name == ANSWER_TOOL and outcome.ok:
            self._submitted = str(args.get("answer", ""))
        return outcome.content or ""

    def _grade(self, answer: str) -> float:
        """End the turn with ``answer`` and return its rubric score (once; later calls return it again)."""
        ep = self.episode
        if ep is None:
            raise RuntimeError("the environment has not been reset")
        if ep.turn is not None:
            ep.answer(answer)
        return ep.logs[-1].score

    def get_reward(self) -> float | None:
        """The turn score of the answer given through ``prepare_to_answer`` (``None`` if none was)."""
        if self._submitted is None:
            return None
        return self._grade(self._submitted)

    def ask_physician(self, question: str) -> str:
        """Ask the physician to clarify the current request (use sparingly: find data yourself).

        Args:
            question: Your question to the physician.

        Returns:
            The physician's reply.
        """
        return self._call(PHYSICIAN_TOOL, {"question": question})

    def prepare_to_answer(self, answer: str) -> str:
        """Give your final answer to the physician's current request.

        Args:
            answer: The answer to the physician.

        Returns:
            A confirmation.
        """
        return self._call(ANSWER_TOOL, {"answer": answer})


def _make_tool(canonical: str, source: Callable[..., Any]) -> Callable[..., str]:
    """A method of :class:`PhysAssistToolEnv` that forwards to the episode's tool ``canonical``."""
    signature = inspect.signature(source)
    hints = typing.get_type_hints(source)

    def tool(self: PhysAssistToolEnv, *args: Any, **kwargs: Any) -> str:
        bound = signature.bind(self, *args, **kwargs)
        return self._call(
            canonical, {k: v for k, v in bound.arguments.items() if k != "self"}
        )

    name = canonical.replace(".", "_")
    tool.__name__ = name
    tool.__qualname__ = f"PhysAssistToolEnv.{name}"
    tool.__doc__ = source.__doc__
    tool.__signature__ = signature.replace(return_annotation=str)  # type: ignore[attr-defined]
    tool.__annotations__ = {k: v for k, v in hints.items() if k != "return"} | {
        "return": str
    }
    return tool


for _canonical, _attr in TOOL_METHODS.items():
    setattr(
        PhysAssistToolEnv,
        _canonical.replace(".", "_"),
        _make_tool(_canonical, getattr(EhrToolkit, _attr)),
    )
for _name in INTERVIEW_TOOLS:
    setattr(
        PhysAssistToolEnv, _name, _make_tool(_name, getattr(PatientInterview, _name))
    )


def tool_names() -> list[str]:
    """The tool names the adapter exposes (its public methods)."""
    return sorted(
        n
        for n, _ in inspect.getmembers(PhysAssistToolEnv, inspect.isfunction)
        if not n.startswith("_") and n not in RESERVED
    )


def _final_text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    for msg in reversed(completion or []):
        if (
            msg.get("role") == "assistant"
            and isinstance(msg.get("content"), str)
            and not msg.get("tool_calls")
        ):
            return msg["content"]
    return ""


def completion_reward(
    completions: list[Any],
    environments: list[PhysAssistToolEnv] | None = None,
    **kwargs: Any,
) -> list[float | None]:
    """TRL reward function: the turn score of each rollout's plain-text final answer.

    Returns ``None`` for rollouts that answered through ``prepare_to_answer`` (those are
    scored by :meth:`PhysAssistToolEnv.get_reward`).
    """
    if environments is None:
        raise ValueError(
            "completion_reward needs the rollouts' environments (use GRPOTrainer(environment_factory=PhysAssistToolEnv))"
        )
    out: list[float | None] = []
    for completion, env in zip(completions, environments, strict=True):
        out.append(
            None if env._submitted is not None else env._grade(_final_text(completion))
        )
    return out


def sft_features(rows: list[dict[str, Any]]) -> Any:
    """Message columns as ``Json`` (Arrow structs would pad tool arguments with nulls)."""
    from datasets import Features, Json, Value

    kinds = {
        "prompt": Json(),
        "messages": Json(),
        "tools": Json(),
        "completion": Json(),
    }
    first = rows[0] if rows else {}
    return Features(
        {
            k: kinds.get(k, Value("int64") if isinstance(v, int) else Value("string"))
            for k, v in first.items()
        }
    )


class TestSplitError(ValueError):
    """The test split was asked for in training: it is kept for evaluation only."""


def check_training_split(split: str) -> None:
    """Refuse to train on the test split.

    Raises:
        TestSplitError: For ``split == "test"``, saying which splits to use instead.
    """
    if split == "test":
        raise TestSplitError(
            "the test split is for evaluation only; train on split='train' "
            "(and tune on 'validation')"
        )


def compact_tools(schemas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Tool schemas with one-sentence descriptions and no parameter descriptions.

    About a third of the tokens of the full schemas: for small models and short
    context windows (the environment accepts the same calls either way).
    """
    out = []
    for schema in schemas:
        fn = schema["function"]
        params = fn.get("parameters") or {}
        props = {
            k: {kk: vv for kk, vv in v.items() if kk != "description"}
            for k, v in (params.get("properties") or {}).items()
        }
        out.append(
            {
                "type": "function",
                "function": {
                    "name": fn["name"],
                    "description": fn["description"].split(". ")[0].rstrip(".") + ".",
                    "parameters": {
                        "type": "object",
                        "properties": props,
                        "required": params.get("required", []),
                    },
                },
            }
        )
    return out


def sft_dataset(
    dataset: str | Path | None = None,
    split: str = "train",
    *,
    language: str = "en",
    limit: int | None = None,
    tools: str = "full",
    tool_output: ToolOutput = "text",
) -> Any:
    """SFT data in TRL's tool-calling format: ``messages`` (with ``tool_calls`` and ``tool``
    turns) plus ``tools`` (JSON schemas), one row per session turn.

    The trajectories are the expert (oracle) ones: each turn's gold tool calls, their
    results and the gold answer, after the session's earlier turns. An evaluation run's
    own trajectories are :func:`physassist_env.evaluation.sft.run_sft_dataset`.

    Args:
        dataset: A built dataset folder (default: the embedded synthetic one).
        split: ``train`` or ``validation`` (``test`` is refused).
        language: ``en`` or ``zh``.
        limit: Only the first ``limit`` sessions.
        tools: ``full`` or ``compact`` schemas (see :func:`compact_tools`).
        tool_output: How the expert trajectories' EHR results are shown: ``text`` (the
            dataset's gold observations) or ``fhir`` (the gold calls replayed, their
            FHIR JSON).

    Raises:
        TestSplitError: For the test split.
        ValueError: For an unknown ``tool_output``.
    """
    from datasets import Dataset

    check_training_split(split)
    check_tool_output(tool_output)
    schemas = all_tool_schemas(language, name_style="underscore")
    schemas = compact_tools(schemas) if tools == "compact" else schemas
    rows: list[dict[str, Any]] = []
    path = resolve(dataset)
    data = split_data(path, split)
    for session in data.sessions[:limit]:
        history: list[dict[str, Any]] = [
            {
                "role": "system",
                "content": system_prompt(
                    language,
                    patient_id=session.patient_id,
                    hadm_id=session.hadm_id,
                    current_date=session.current_date,
                ),
            }
        ]
        shown = gold_observations(data, session, language, tool_output)
        for turn in session.turns:
            history += [
                {"role": "user", "content": turn.request.get(language)},
                *gold_messages(
                    turn,
                    language,
                    name_style="underscore",
                    arguments="dict",
                    observations=shown[turn.index],
                ),
            ]
            rows.append({"messages": list(history), "tools": schemas})
    return Dataset.from_list(rows, features=sft_features(rows))


def trl_dataset(
    dataset: str | Path | None = None,
    split: str = "train",
    *,
    language: str = "en",
    limit: int | None = None,
    tool_output: ToolOutput = "text",
) -> Any:
    """A prompt dataset for GRPO: one row per session turn, earlier turns as gold context.

    Args:
        dataset: A built dataset folder (default: the embedded synthetic one).
        split: Which split (training scripts refuse ``test``).
        language: ``en`` or ``zh``.
        limit: Only the first ``limit`` sessions.
        tool_output: How the gold context's EHR results are shown (``text`` or
            ``fhir``); use the same value for :class:`PhysAssistToolEnv`.

    Returns:
        A ``datasets.Dataset`` with ``prompt`` (messages) and the columns ``reset`` needs.
    """
    from datasets import Dataset

    check_tool_output(tool_output)
    path = resolve(dataset)
    data = split_data(path, split)
    rows = []
    for session in data.sessions[:limit]:
        shown = gold_observations(data, session, language, tool_output)
        history: list[dict[str, Any]] = [
            {
                "role": "system",
                "content": system_prompt(
                    language,
                    patient_id=session.patient_id,
                    hadm_id=session.hadm_id,
                    current_date=session.current_date,
                ),
            }
        ]
        for turn in session.turns:
            request = turn.request.get(language)
            rows.append(
                {
                    "prompt": [*history, {"role": "user", "content": request}],
                    "dataset": str(path),
                    "split": split,
                    "session_id": session.session_id,
                    "turn": turn.index,
                    "language": language,
                }
            )
            history += [
                {"role": "user", "content": request},
                *gold_messages(
                    turn,
                    language,
                    name_style="underscore",
                    arguments="dict",
                    observations=shown[turn.index],
                ),
            ]
    return Dataset.from_list(rows, features=sft_features(rows))


def gold_observations(
    data: SplitData, session: Session, language: str, tool_output: ToolOutput
) -> list[list[str] | None]:
    """Per turn, the gold calls' results as a model is shown them in ``tool_output``.

    ``None`` per turn for ``text`` (the dataset's gold observations are that text); for
    ``fhir`` the session's gold turns are replayed in an episode (writes included, as
    the TRL environment replays them) and their FHIR JSON is returned.
    """
    if tool_output == "text":
        return [None] * len(session.turns)
    ep = Episode(
        session,
        data.record(session.patient_id),
        language=language,
        patient_seed=data.seed,
        store=data.store(session.patient_id),
        tool_output=tool_output,
    )
    out: list[list[str] | None] = []
    for turn in session.turns:
        ep.next_request()
        ep.apply_gold_turn()
        outcomes = (
            ep.logs[-1].outcomes[-len(turn.gold_actions) :] if turn.gold_actions else []
        )
        out.append([o.content or "" for o in outcomes])
    return out
