"""One session as an interaction: the core shared by the Gymnasium env and the TRL adapter.

An :class:`Episode` owns the session's date-gated EHR view, the patient, the physician
and the grader. It never parses model output (see :mod:`.actions`) and never renders
observations for a framework; it runs tools, ends turns, grades answers and keeps the
OpenAI-format chat.
"""

from __future__ import annotations

import functools
import json
import uuid
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from physassist_env.ehr import EhrToolkit, EhrView, FhirStore
from physassist_env.ehr.outcome import operation_outcome
from physassist_env.ehr.output import (
    ToolOutput,
    check_tool_output,
    fhir_json,
    tool_content,
)
from physassist_env.ehr.remote import RemoteEhrView
from physassist_env.ehr.render import render_outcome
from physassist_env.env.prompts import ANSWER_TOOL, PHYSICIAN_TOOL, system_prompt
from physassist_env.fhir.record import PatientRecord
from physassist_env.grading import GradingContext, TurnGrade, make_grader
from physassist_env.jsonsafe import JsonValueError, json_problem, loads
from physassist_env.official.patient import RecordedPatient
from physassist_env.patient import (
    LlmPatient,
    PatientInterview,
    ScriptedPatient,
    build_memory,
)
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS
from physassist_env.patient.interview import interview_tool
from physassist_env.physician import PhysicianSimulator, TurnRequest
from physassist_env.scenarios.model import Session, ToolCall

#: The per-turn tool budget (the paper's 16 calls); the one default every layer uses.
DEFAULT_TOOL_BUDGET = 16

PATIENT_MODES = ("scripted", "llm")
HISTORY_MODES = ("own", "gold")


class TerminationReason(StrEnum):
    """Why a turn (or the session) ended; written to results."""

    ANSWER_GIVEN = "answer_given"
    TOOL_BUDGET = "tool_budget"
    PHYSICIAN_STOP = "physician_stop"
    AGENT_ERROR = "agent_error"
    PATIENT_ERROR = "patient_error"
    INFRASTRUCTURE_ERROR = "infrastructure_error"


class ToolKindUsed(StrEnum):
    """Which party a tool call went to."""

    EHR = "ehr"
    PATIENT = "patient"
    PHYSICIAN = "physician"
    ANSWER = "answer"
    UNKNOWN = "unknown"


@dataclass
class ToolOutcome:
    """The result of one tool call.

    Attributes:
        name: The canonical tool name (or the name as called when unknown).
        kind: Which party answered.
        ok: False for a refused or failed call.
        text: The compact text rendering (what the grader reads as an observation,
            whatever the agent was shown, so scores do not depend on ``tool_output``).
        resource: The FHIR JSON of an EHR result or of an error, if any.
        content: What the agent was shown (``text`` unless the episode's
            ``tool_output`` is ``"fhir"``, see :mod:`physassist_env.ehr.output`).
    """

    name: str
    kind: ToolKindUsed
    ok: bool
    text: str
    resource: dict[str, Any] | None = None
    content: str | None = None

    def __post_init__(self) -> None:
        if self.content is None:
            self.content = self.text


@dataclass
class TurnLog:
    """What happened in one turn (for grading, results and the viewer)."""

    index: int
    request: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    outcomes: list[ToolOutcome] = field(default_factory=list)
    invalid_calls: int = 0
    clarifications: int = 0
    created: list[dict[str, Any]] = field(default_factory=list)
    facts_revealed: set[str] = field(default_factory=set)
    said: list[str] = field(default_factory=list)
    answer: str | None = None
    termination: TerminationReason | None = None
    grade: TurnGrade | None = None

    @property
    def score(self) -> float:
        """The turn's score (0.0 when ungraded or when nothing could be scored)."""
        return (
            float(self.grade.score)
            if self.grade is not None and self.grade.score is not None
            else 0.0
        )


class Episode:
    """One session between an assistant, the physician, the patient and the EHR.

    Args:
        session: The session to run.
        record: Its patient's record (the environment rebuilds the EHR from it).
        language: ``"en"`` or ``"zh"``.
        patient: ``"scripted"`` (deterministic, default) or ``"llm"`` (needs ``patient_backend``).
        patient_backend: A chat backend for the LLM patient
            (:class:`physassist_env.patient.ChatBackend`).
        patient_seed: Seed of the patient's persona (the build's seed, so interview turns
            match their gold answers).
        grader: A grader from :func:`physassist_env.grading.make_grader` (default ``rules``).
        max_tool_calls_per_turn: Tool budget per turn; exhausting it ends the turn.
        history: ``"own"`` keeps the assistant's answers (the paper's setting) or
            ``"gold"`` replaces each finished turn by its gold actions and answer.
        implicit: Say implicit follow-ups (default) or the explicit paraphrases (ablation).
        store: A prebuilt store holding the patient (else built from ``record``).
        ehr: A FHIR R4 base URL: run the EHR tools against that server instead of the
            in-process store (the patient still comes from ``record``).
        tool_output: How EHR tool results (and tool-call errors) are shown: ``"text"``
            (compact lines) or ``"fhir"`` (FHIR R4 JSON: searchset Bundles, the created
            resource, OperationOutcomes); see :mod:`physassist_env.ehr.output`.

    Raises:
        ValueError: For an unknown language, patient mode, history mode or tool output.
    """

    def __init__(
        self,
        session: Session,
        record: PatientRecord,
        *,
        language: str = "en",
        patient: str = "scripted",
        patient_backend: Any = None,
        patient_seed: int = 0,
        grader: Any = None,
        max_tool_calls_per_turn: int = DEFAULT_TOOL_BUDGET,
        history: str = "own",
        implicit: bool = True,
        store: FhirStore | None = None,
        ehr: str | None = None,
        tool_output: ToolOutput = "text",
    ):
        self.tool_output = check_tool_output(tool_output)
        if language not in ("en", "zh"):
            raise ValueError(
                f"language {language!r} is not supported; use 'en' or 'zh'"
            )
        if patient not in PATIENT_MODES:
            raise ValueError(
                f"patient {patient!r} is not supported; use one of {', '.join(PATIENT_MODES)}"
            )
        if patient == "llm" and patient_backend is None:
            raise ValueError(
                "patient='llm' needs patient_backend (an OpenAI-compatible or transformers chat backend)"
            )
        if history not in HISTORY_MODES:
            raise ValueError(
                f"history {history!r} is not supported; use one of {', '.join(HISTORY_MODES)}"
            )
        if max_tool_calls_per_turn < 1:
            raise ValueError(
                f"max_tool_calls_per_turn must be >= 1, got {max_tool_calls_per_turn}"
            )
        self.session = session
        self.record = record
        self.language = language
        self.history = history
        self.max_tool_calls = max_tool_calls_per_turn
        self.grader = grader or make_grader("rules")
        self.view: EhrView
        self._store: FhirStore | None = None
        if ehr:
            self.view = RemoteEhrView(ehr, session.patient_id, session.current_date)
        else:
            self._store = store or FhirStore.from_records([record])
            self.view = self._store.view(session.patient_id, session.current_date)
        self.ehr = EhrToolkit(self.view, language=language)
        self._patient_mode, self._patient_backend, self._patient_seed = (
            patient,
            patient_backend,
            patient_seed,
        )
        self._interview: Any = None
        self.physician = PhysicianSimulator(
            [TurnRequest.from_turn(t) for t in session.turns],
            language=language,
            implicit=implicit,
        )
        self._physician_state = self.physician.initial_state()
        self.logs: list[TurnLog] = []
        self.messages: list[dict[str, Any]] = [
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
        self.done = False

    # ------------------------------------------------------------------ turns
    @property
    def turn(self) -> TurnLog | None:
        """The open turn, if any."""
        return (
            self.logs[-1] if self.logs and self.logs[-1].termination is None else None
        )

    def next_request(self) -> str | None:
        """Open the next turn: the physician's request (``None`` once the session is over)."""
        text, self._physician_state = self.physician.next_request(self._physician_state)
        if text is None:
            self.done = True
            return None
        self.logs.append(TurnLog(index=self._physician_state.turn, request=text))
        self.messages.append({"role": "user", "content": text})
        return text

    def tool_budget_left(self) -> int:
        """Tool calls the open turn may still make."""
        log = self.turn
        return (
            0
            if log is None
            else self.max_tool_calls - len(log.tool_calls) - log.invalid_calls
        )

    def record_assistant(
        self, content: str, calls: list[tuple[str, Any, str]] | None = None
    ) -> list[str]:
        """Append the assistant's message (with tool calls) to the chat; returns the call ids."""
        msg: dict[str, Any] = {"role": "assistant", "content": content or ""}
        ids = []
        if calls:
            msg["tool_calls"] = []
            for name, args, cid in calls:
                cid = (
                    cid
                    or f"call_{uuid.uuid5(uuid.NAMESPACE_OID, f'{self.session.session_id}/{len(self.messages)}/{len(ids)}').hex[:12]}"
                )
                ids.append(cid)
                arg_text = (
                    args
                    if isinstance(args, str)
                    else json.dumps(args, ensure_ascii=False)
                )
                msg["tool_calls"].append(
                    {
                        "id": cid,
                        "type": "function",
                        "function": {"name": str(name), "arguments": arg_text},
                    }
                )
        if content and self.turn is not None:
            self.turn.said.append(content)
        self.messages.append(msg)
        return ids

    def record_error(self, message: str) -> str:
        """An action that could not be understood: counted against the budget; returns the error text."""
        text = render_outcome(operation_outcome(message, code="invalid"))
        if self.turn is not None:
            self.turn.invalid_calls += 1
        self.messages.append({"role": "user", "content": text})
        return text

    def call_tool(self, name: str, arguments: Any, call_id: str = "") -> ToolOutcome:
        """Run one tool call of the open turn; never raises."""
        log = self.turn
        if log is None:
            return ToolOutcome(
                str(name),
                ToolKindUsed.UNKNOWN,
                False,
                "ERROR: there is no open request",
            )
        outcome = self._dispatch(str(name), arguments, log)
        if outcome.ok:
            args = arguments if isinstance(arguments, dict) else _loads(arguments)
            log.tool_calls.append(
                ToolCall(
                    name=outcome.name, arguments=args if isinstance(args, dict) else {}
                )
            )
        else:
            log.invalid_calls += 1
        log.outcomes.append(outcome)
        self.messages.append(
            {
                "role": "tool",
                "tool_call_id": call_id,
                "name": outcome.name,
                "content": outcome.content,
            }
        )
        return outcome

    def _dispatch(self, name: str, arguments: Any, log: TurnLog) -> ToolOutcome:
        key = name.strip()
        if key == PHYSICIAN_TOOL:
            args = _loads(arguments)
            question = (
                str(args.get("question", "")) if isinstance(args, dict) else str(args)
            )
            reply, self._physician_state = self.physician.ask_physician(
                question, self._physician_state
            )
            log.clarifications += 1
            return ToolOutcome(PHYSICIAN_TOOL, ToolKindUsed.PHYSICIAN, True, reply)
        if key == ANSWER_TOOL:
            args = _loads(arguments)
            answer = (
                str(args.get("answer", ""))
                if isinstance(args, dict)
                else str(args or "")
            )
            log.said.append(answer)
            return ToolOutcome(
                ANSWER_TOOL,
                ToolKindUsed.ANSWER,
                True,
                "Answer recorded." if self.language == "en" else "已记录回答。",
            )
        problem = _arguments_problem(arguments)
        if problem:
            error = operation_outcome(
                f"the arguments of {key} cannot be used: {problem}; send a JSON object",
                code="invalid",
            )
            return ToolOutcome(
                key,
                ToolKindUsed.UNKNOWN,
                False,
                render_outcome(error),
                error,
                fhir_json(error) if self.tool_output == "fhir" else None,
            )
        interview = _interview_name(key)
        if interview is not None:
            try:
                result = self._patient().call(interview, arguments)
            except (
                Exception
            ) as exc:  # the patient simulator must never crash the episode
                return ToolOutcome(
                    interview,
                    ToolKindUsed.PATIENT,
                    False,
                    f"ERROR: the patient could not answer ({type(exc).__name__}: {exc})",
                )
            if result.ok and result.reply is not None:
                log.facts_revealed |= set(result.reply.fact_ids)
            return ToolOutcome(
                interview,
                ToolKindUsed.PATIENT,
                result.ok,
                result.text,
                result.resource,
            )
        before = len(self.view.created)
        result = self.ehr.call(key, arguments)
        log.created += self.view.created[before:]
        return ToolOutcome(
            result.name,
            ToolKindUsed.EHR,
            result.ok,
            result.text,
            result.resource,
            tool_content(result, self.tool_output),
        )

    def _patient(self) -> Any:
        if self._interview is None:

            def make() -> Any:
                memory = patient_memory(
                    self.record,
                    self._patient_seed,
                    # the episode's store gates the record for the memory as it gates
                    # the tools, without indexing the record a second time
                    functools.partial(build_memory, store=self._store),
                    self.session.current_date,
                )
                return (
                    LlmPatient(memory, self._patient_backend)
                    if self._patient_mode == "llm"
                    else ScriptedPatient(memory)
                )

            recorded = self.session.persona.get("recorded_responses")
            if recorded:  # an imported official session replays its recorded replies
                literacy = self.session.persona.get("literacy")
                sim = RecordedPatient(recorded, make, literacy=literacy)
            else:
                sim = make()
            self._interview = PatientInterview(sim, language=self.language)
        return self._interview

    def answer(
        self,
        text: str | None,
        reason: TerminationReason = TerminationReason.ANSWER_GIVEN,
    ) -> TurnLog:
        """End the open turn with the assistant's answer and grade it.

        With a tool-budget ending, the answer is what the assistant said during the turn.
        """
        log = self.turn
        if log is None:
            raise RuntimeError("no open turn to answer")
        if text is None:
            text = "\n".join(s for s in log.said if s)
        else:
            self.messages.append({"role": "assistant", "content": text})
        grade = self.grade_answer(text)
        log.answer = text
        log.termination = reason
        log.grade = grade
        if self.history == "gold":
            self._replace_with_gold(log)
        return log

    def grading_context(self, text: str) -> GradingContext:
        """What the grader reads when ``text`` answers the open turn: the turn's request and
        tool calls, every successful observation of the session so far, the resources the
        turn's writes created and the patient facts revealed. Changes nothing."""
        log = self.turn
        if log is None:
            raise RuntimeError("no open turn to grade")
        seen = [o.text for lg in self.logs for o in lg.outcomes if o.ok]
        return GradingContext(
            answer=text,
            language=self.language,
            tool_calls=log.tool_calls,
            observations=seen,
            created=log.created,
            effects_known=True,
            patient_facts_revealed=set().union(
                *(lg.facts_revealed for lg in self.logs)
            ),
            request=log.request,
            today=self.session.current_date,
        )

    def grade_answer(self, text: str) -> TurnGrade:
        """The grade ``text`` would earn as the open turn's answer, exactly as :meth:`answer`
        grades it, without ending the turn (a reward-searching policy fitted on the train
        split scores candidate answers with it)."""
        log = self.turn
        if log is None:
            raise RuntimeError("no open turn to grade")
        return self.grader.grade(
            self.session.turns[log.index], self.grading_context(text)
        )

    def _replace_with_gold(self, log: TurnLog) -> None:
        """Teacher forcing: the turn's messages become its gold actions, observations and answer."""
        start = max(
            i
            for i, m in enumerate(self.messages)
            if m["role"] == "user" and m["content"] == log.request
        )
        del self.messages[start + 1 :]
        self.messages += gold_messages(self.session.turns[log.index], self.language)

    def session_summary(self) -> dict[str, Any]:
        """Per-turn scores, verdicts and pass flags (grader-only; for ``info`` at the end)."""
        scores = [lg.score for lg in self.logs]
        return {
            "turn_scores": scores,
            "verdicts": [
                [i.model_dump() for i in lg.grade.items] if lg.grade else []
                for lg in self.logs
            ],
            "session_pass": {
                t: bool(scores) and all(s >= t for s in scores) for t in (0.6, 0.75)
            },
            "mean_score": sum(scores) / len(scores) if scores else 0.0,
            "terminations": [str(lg.termination) for lg in self.logs],
        }

    def apply_gold_turn(self) -> None:
        """Play the open turn's gold actions and answer (used to give later turns gold context).

        Writes go into the episode's EHR view and patient replies advance the patient, so
        the state matches what a perfect assistant would have left.
        """
        log = self.turn
        if log is None:
            raise RuntimeError("no open turn")
        turn = self.session.turns[log.index]
        for call in turn.gold_actions:
            self.call_tool(call.name, call.arguments)
        shown = (
            [o.content or "" for o in log.outcomes[-len(turn.gold_actions) :]]
            if self.tool_output == "fhir" and turn.gold_actions
            else None
        )
        log.answer = turn.gold_answer.get(self.language)
        log.termination = TerminationReason.ANSWER_GIVEN
        start = max(
            i
            for i, m in enumerate(self.messages)
            if m["role"] == "user" and m["content"] == log.request
        )
        del self.messages[start + 1 :]
        self.messages += gold_messages(turn, self.language, observations=shown)


def gold_messages(
    turn: Any,
    language: str,
    *,
    name_style: str = "dotted",
    arguments: str = "json",
    observations: Sequence[str] | None = None,
) -> list[dict[str, Any]]:
    """A turn's gold tool calls, observations and answer as OpenAI-format messages.

    ``name_style="underscore"`` writes ``Observation_search`` (for APIs and TRL tools
    whose names cannot contain dots); ``arguments="dict"`` keeps call arguments as
    objects (what chat templates that apply ``tojson`` expect) instead of JSON strings.
    ``observations`` replaces the dataset's (text) gold observations, e.g. by the
    FHIR JSON the gold calls returned in a ``tool_output="fhir"`` episode.
    """
    msgs: list[dict[str, Any]] = []
    shown = turn.gold_observations if observations is None else observations
    for k, (call, obs) in enumerate(zip(turn.gold_actions, shown, strict=False)):
        cid = f"gold_{turn.index}_{k}"
        name = call.name.replace(".", "_") if name_style == "underscore" else call.name
        msgs.append(
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {
                            "name": name,
                            "arguments": dict(call.arguments)
                            if arguments == "dict"
                            else json.dumps(call.arguments, ensure_ascii=False),
                        },
                    }
                ],
            }
        )
        msgs.append({"role": "tool", "tool_call_id": cid, "name": name, "content": obs})
    msgs.append({"role": "assistant", "content": turn.gold_answer.get(language)})
    return msgs


_MEMORIES: dict[
    tuple[int, int, str | None], tuple[weakref.ref[PatientRecord], Any]
] = {}
_MEMORIES_MAX = 512


def patient_memory(
    record: PatientRecord, seed: int, build: Any, as_of: str | None = None
) -> Any:
    """The patient's memory as of a session's date, built once per (record, seed, date)
    and shared by episodes.

    Memories are read-only for the simulators (their per-session state is separate), so
    episodes of the same patient and date can share one. The cache holds the record
    weakly (a record dropped by the split's cache frees its memories' key) and checks
    that the key's ``id`` is still that record. ``build`` is called as
    ``build(record, seed, as_of=as_of)`` (see :func:`~physassist_env.patient.build_memory`).
    """
    key = (id(record), seed, as_of)
    hit = _MEMORIES.get(key)
    if hit is None or hit[0]() is not record:
        if len(_MEMORIES) >= _MEMORIES_MAX:
            _MEMORIES.pop(next(iter(_MEMORIES)))
        hit = _MEMORIES[key] = (
            weakref.ref(record),
            build(record, seed, as_of=as_of),
        )
    return hit[1]


def _interview_name(name: str) -> str | None:
    """The canonical patient-interview tool for ``name``, or ``None`` if it is not one."""
    resolved = interview_tool(name)
    return resolved if resolved in INTERVIEW_TOOLS else None


def _loads(arguments: Any) -> Any:
    if isinstance(arguments, str):
        try:
            return loads(arguments) if arguments.strip() else {}
        except JsonValueError:
            return arguments
    return arguments if arguments is not None else {}


def _arguments_problem(arguments: Any) -> str | None:
    """Why tool arguments (a value, or JSON text) cannot be used, or ``None``.

    Syntax errors in JSON text are left to each tool (which says what it expects); a
    number too long, nesting too deep or a value JSON cannot carry is refused here.
    """
    if isinstance(arguments, str):
        try:
            loads(arguments) if arguments.strip() else None
        except JsonValueError as exc:
            return None if str(exc).startswith("it is not valid JSON") else str(exc)
        return None
    return json_problem(arguments)
