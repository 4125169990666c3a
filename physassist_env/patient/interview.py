"""The patient-interview tools: what the assistant under test may ask the patient.

Tool names (snake_case, valid for every function-calling API and distinct from the
dotted EHR tools):

=========================  ==========================================================
``symptom_history``        OPQRST history of the presenting symptoms; optional ``focus``
``medication_adherence``   how the patient really takes one drug (``medication``)
``social_history``         smoking, alcohol, drugs, living situation, work
``functional_status``      mobility and daily-life limits
``pain_assessment``        pain: site, character, severity, triggers
``ask_patient``            any free-text ``question`` (EN or ZH)
=========================  ==========================================================

``PatientInterview.symptom_history`` / ``Patient.interview.symptom_history`` style names
are accepted as aliases. Each tool is a method marked with :func:`interview_tool`; its
typed signature and Google docstring are the English schema, :data:`TOOLS_ZH` the
Chinese one. :meth:`PatientInterview.call` never raises: a bad call returns an error
result naming what is accepted.
"""

from __future__ import annotations

import difflib
import inspect
import json
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from physassist_env.ehr.outcome import operation_outcome
from physassist_env.patient.models import PatientReply, PatientState

LANGUAGES = ("en", "zh")
_MARK = "__physassist_interview_tool__"
MAX_TEXT = 1000

TOOLS_ZH: dict[str, dict[str, str]] = {
    "symptom_history": {
        "": "询问患者本次症状的经过（起病、诱因/缓解、性质、部位、严重程度、时间规律）。",
        "focus": '可选：想重点了解的症状或方面，例如 "气短" 或 "什么时候开始"。',
    },
    "medication_adherence": {
        "": "询问患者实际如何服用某种药物（是否按时、漏服、停药、没取药）及原因。",
        "medication": '药物名称（通用名、商品名或患者的叫法，例如 "赖诺普利" 或 "降压药"）。',
    },
    "social_history": {"": "询问患者的社会史：吸烟、饮酒、药物滥用、居住情况和职业。"},
    "functional_status": {"": "询问患者的功能状态：行走能力和疾病对日常生活的影响。"},
    "pain_assessment": {
        "": "对患者进行疼痛评估：部位、性质、严重程度（0-10）、加重和缓解因素。"
    },
    "ask_patient": {
        "": "用自然语言向患者提一个问题（中文或英文），患者只会用自己知道的情况回答。",
        "question": "要问患者的问题。",
    },
}


def interview_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a :class:`PatientInterview` method as an interview tool."""
    setattr(fn, _MARK, True)
    return fn


class PatientSimulator(Protocol):
    """What the interview needs from a patient (scripted or LLM)."""

    def initial_state(self) -> PatientState:
        """A fresh session state."""
        ...

    def answer(
        self, tool: str, arguments: dict[str, Any], state: PatientState
    ) -> tuple[PatientReply, PatientState]:
        """Answer one tool call; return the reply and the new state."""
        ...


@dataclass
class InterviewResult:
    """What one interview tool call produced.

    Attributes:
        name: Canonical tool name, or the name as called when unknown.
        arguments: Arguments after normalisation.
        ok: False when the call was rejected (``text`` says why and what is accepted).
        text: What the agent sees: the patient's words, or the error message.
        reply: The patient reply (grader-only fact ids inside); ``None`` on error.
        resource: An OperationOutcome on error (same channel as the EHR tools), else ``None``.
    """

    name: str
    arguments: dict[str, Any]
    ok: bool
    text: str
    reply: PatientReply | None = None
    resource: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)


class InterviewError(ValueError):
    """A rejected interview call; its message goes back to the agent."""


class PatientInterview:
    """The interview tools over one patient for one session.

    Args:
        patient: A :class:`ScriptedPatient` or :class:`LlmPatient`.
        language: Default answer language for structured tools (``ask_patient`` answers
            in the question's language).
        state: Session state to resume from (default: fresh).
    """

    def __init__(
        self,
        patient: PatientSimulator,
        *,
        language: str = "en",
        state: PatientState | None = None,
    ):
        if language not in LANGUAGES:
            raise ValueError(
                f"language {language!r} is not supported; use one of {', '.join(LANGUAGES)}"
            )
        self.patient = patient
        self.language = language
        self.state = state if state is not None else patient.initial_state()
        self.history: list[InterviewResult] = []

    def _ask(self, tool: str, arguments: dict[str, Any]) -> PatientReply:
        if "question" not in arguments:
            arguments = {**arguments, "language": self.language}
        reply, self.state = self.patient.answer(tool, arguments, self.state)
        return reply

    @interview_tool
    def symptom_history(self, focus: str | None = None) -> PatientReply:
        """Ask the patient about their symptoms: onset, what makes them worse or better, character, location, severity and timing.

        Args:
            focus: Optional symptom or aspect to concentrate on, e.g. "shortness of breath" or "when it started".

        Returns:
            The patient's answer.
        """
        return self._ask("symptom_history", {"focus": focus} if focus else {})

    @interview_tool
    def medication_adherence(self, medication: str) -> PatientReply:
        """Ask the patient how they actually take one medication (missed doses, stopped, never filled, ran out) and why.

        Args:
            medication: The drug, by generic name, brand name or the patient's words (e.g. "lisinopril" or "water pill").

        Returns:
            The patient's answer.
        """
        return self._ask("medication_adherence", {"medication": medication})

    @interview_tool
    def social_history(self) -> PatientReply:
        """Ask the patient about smoking, alcohol, recreational drugs, living situation and work.

        Returns:
            The patient's answer.
        """
        return self._ask("social_history", {})

    @interview_tool
    def functional_status(self) -> PatientReply:
        """Ask the patient how well they get around and manage daily life.

        Returns:
            The patient's answer.
        """
        return self._ask("functional_status", {})

    @interview_tool
    def pain_assessment(self) -> PatientReply:
        """Assess the patient's pain: where, what it feels like, how bad (0-10), and what makes it worse or better.

        Returns:
            The patient's answer.
        """
        return self._ask("pain_assessment", {})

    @interview_tool
    def ask_patient(self, question: str) -> PatientReply:
        """Ask the patient any question in plain words (English or Chinese); they answer only from what they know.

        Args:
            question: The question to the patient.

        Returns:
            The patient's answer.
        """
        return self._ask("ask_patient", {"question": question})

    # ------------------------------------------------------------------ dispatch
    def call(self, name: str, arguments: Any = None) -> InterviewResult:
        """Run a model-emitted call; never raises.

        Args:
            name: Tool name (or an accepted alias).
            arguments: A dict or a JSON object string.

        Returns:
            The result; ``ok`` is False with an explanation (``ERROR: ...``) when the call
            was rejected.
        """
        try:
            canonical = resolve_name(name)
            args = _normalise(canonical, _parse(arguments))
            reply = getattr(self, canonical)(**args)
            result = InterviewResult(canonical, args, True, reply.text, reply=reply)
        except InterviewError as exc:
            result = InterviewResult(
                str(name),
                arguments if isinstance(arguments, dict) else {},
                False,
                f"ERROR: {exc}",
                resource=operation_outcome(str(exc)),
            )
        except Exception as exc:  # noqa: BLE001 - a tool call must never crash the episode
            msg = f"the patient could not answer ({type(exc).__name__}: {exc})"
            result = InterviewResult(
                str(name),
                arguments if isinstance(arguments, dict) else {},
                False,
                f"ERROR: {msg}",
                resource=operation_outcome(msg, code="processing"),
            )
        self.history.append(result)
        return result


def _collect() -> dict[str, dict[str, tuple[str, bool, str]]]:
    """tool -> {param: (json type, required, EN description)}; also fills summaries."""
    out: dict[str, dict[str, tuple[str, bool, str]]] = {}
    for attr, fn in inspect.getmembers(PatientInterview, inspect.isfunction):
        if not getattr(fn, _MARK, False):
            continue
        hints = typing.get_type_hints(fn)
        doc = inspect.cleandoc(fn.__doc__ or "")
        SUMMARIES[attr] = doc.split("\n\n", 1)[0].replace("\n", " ")
        descs = (
            dict(
                re.findall(
                    r"^\s{4}(\w+):\s*(.+)$",
                    doc.split("Args:", 1)[1].split("Returns:", 1)[0],
                    re.M,
                )
            )
            if "Args:" in doc
            else {}
        )
        params: dict[str, tuple[str, bool, str]] = {}
        for pname, p in inspect.signature(fn).parameters.items():
            if pname == "self":
                continue
            ann = hints[pname]
            if ann not in (str, str | None):
                raise TypeError(f"interview tool parameter {attr}.{pname} must be str")
            params[pname] = (
                "string",
                p.default is inspect.Parameter.empty,
                descs.get(pname, ""),
            )
        out[attr] = params
    order = list(TOOLS_ZH)
    return {k: out[k] for k in sorted(out, key=order.index)}


SUMMARIES: dict[str, str] = {}
TOOL_PARAMS = _collect()
TOOL_NAMES: tuple[str, ...] = tuple(TOOL_PARAMS)
_ALIASES = {n: n for n in TOOL_NAMES} | {
    "pain": "pain_assessment",
    "social": "social_history",
    "ask": "ask_patient",
    "question_patient": "ask_patient",
    "adherence": "medication_adherence",
    "symptoms": "symptom_history",
    "function": "functional_status",
}
_ARG_ALIASES = {
    "drug": "medication",
    "med": "medication",
    "medication_name": "medication",
    "drug_name": "medication",
    "text": "question",
    "query": "question",
    "message": "question",
    "symptom": "focus",
    "topic": "focus",
}
_IGNORED = frozenset({"patient_id", "subject_id", "language", "hadm_id", "session_id"})


def interview_tool(name: Any) -> str | None:
    """Canonical tool name for a called name (aliases and prefixes accepted), ``None``
    when it names no interview tool (cheap: every tool call of an episode asks)."""
    return _ALIASES.get(_name_key(str(name or "").strip()))


def _name_key(raw: str) -> str:
    return _PREFIX.sub("", raw).lower().replace(".", "_").replace("-", "_")


_PREFIX = re.compile(r"^(patient[._]?interview|patient)[._]", flags=re.I)


def resolve_name(name: Any) -> str:
    """Canonical tool name for a called name (aliases and prefixes accepted).

    Raises:
        InterviewError: For an unknown name, with the accepted names.
    """
    raw = str(name or "").strip()
    key = _name_key(raw)
    if key in _ALIASES:
        return _ALIASES[key]
    close = difflib.get_close_matches(key, TOOL_NAMES, n=1, cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise InterviewError(
        f"unknown interview tool {raw!r}{hint}; accepted: {', '.join(TOOL_NAMES)}"
    )


def _parse(raw: Any) -> dict[str, Any]:
    if raw is None or raw == "":
        return {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise InterviewError(
                f'arguments are not valid JSON ({exc.msg}); send an object such as {{"question": "..."}}'
            ) from None
        except RecursionError:
            raise InterviewError(
                'arguments are nested too deeply to be read; send an object such as {"question": "..."}'
            ) from None
    if not isinstance(raw, dict):
        raise InterviewError(
            f"arguments must be a JSON object, got {type(raw).__name__}"
        )
    return raw


def _normalise(name: str, args: dict[str, Any]) -> dict[str, Any]:
    spec = TOOL_PARAMS[name]
    out: dict[str, Any] = {}
    accepted = ", ".join(spec) or "no arguments"
    for key, value in args.items():
        k = str(key)
        if k in _IGNORED:
            continue
        k = k if k in spec else _ARG_ALIASES.get(k.lower(), k)
        if k not in spec:
            raise InterviewError(
                f"{name} has no argument {key!r}; accepted: {accepted}"
            )
        if value is None or value == "":
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise InterviewError(f"{name}.{k} must be text, got {type(value).__name__}")
        if len(value) > MAX_TEXT:
            raise InterviewError(
                f"{name}.{k} is {len(value)} characters long; at most {MAX_TEXT} are accepted"
            )
        out[k] = value
    missing = [p for p, (_, req, _) in spec.items() if req and p not in out]
    if missing:
        raise InterviewError(f"{name} needs {', '.join(missing)}; accepted: {accepted}")
    return out


def interview_tool_schemas(language: str = "en") -> list[dict[str, Any]]:
    """OpenAI function schemas of the interview tools.

    Args:
        language: ``"en"`` (docstrings) or ``"zh"`` (:data:`TOOLS_ZH`).

    Raises:
        ValueError: For an unsupported language.
    """
    if language not in LANGUAGES:
        raise ValueError(
            f"language {language!r} is not supported; use one of {', '.join(LANGUAGES)}"
        )
    out = []
    for name, spec in TOOL_PARAMS.items():
        zh = TOOLS_ZH[name] if language == "zh" else {}
        props = {
            p: {"type": t, "description": zh.get(p, d)} for p, (t, _, d) in spec.items()
        }
        out.append(
            {
                "type": "function",
                "function": {
                    "name": name,
                    "description": zh.get("", SUMMARIES[name]),
                    "parameters": {
                        "type": "object",
                        "properties": props,
                        "required": [p for p, (_, r, _) in spec.items() if r],
                    },
                },
            }
        )
    return out
