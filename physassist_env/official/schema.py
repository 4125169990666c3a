"""A pydantic model of one line of the authors' released JSONL, and a tolerant loader.

The release has four files (one per scenario), one session per line; field names are as
the release spells them (see ``docs/official-format.md``). Unknown fields are kept
(``extra="allow"``). :func:`load_official` never stops at a bad line: it collects a
:class:`Problem` naming the file, the line and the field, and loads the rest.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

#: The release's files, one per scenario (the scenario is also in each line).
OFFICIAL_FILES = (
    "diagnostic_workup.jsonl",
    "med_safety.jsonl",
    "treatment_response.jsonl",
    "discharge_planning.jsonl",
)
#: The 18 tools a released session offers, named as the release spells them.
RELEASE_TOOLS = (
    "Patient.read",
    "Encounter.search",
    "Condition.search",
    "Observation.search",
    "MedicationRequest.search",
    "MedicationAdministration.search",
    "DiagnosticReport.search",
    "DocumentReference.search",
    "CarePlan.search",
    "prepare_to_answer",
    "patient.get_symptom_history",
    "patient.get_medication_adherence",
    "patient.get_social_history",
    "patient.get_functional_status",
    "patient.get_pain_assessment",
    "MedicationRequest.create",
    "ServiceRequest.create",
    "Flag.create",
)
#: The release's patient-tool prefix: ``patient.get_<our tool name>``.
RELEASE_PATIENT_PREFIX = "patient.get_"
#: The bare string that separates turns in ``messages`` / ``messages_en``.
SEPARATOR = "=" * 60
#: The release's control tool whose observation is the gold answer.
ANSWER_STEP = "prepare_to_answer"
#: Per-turn list fields the import needs (each must have one entry per turn).
PER_TURN_FIELDS = ("answer_list", "rubrics")
#: Per-turn list fields the import can do without: a wrong length or shape is reported
#: (as a note on the line) and the field is ignored.
OPTIONAL_PER_TURN_FIELDS = (
    "task_types",
    "turn_subtypes",
    "tool_sources",
    "workup_modes",
    "tasks_zh",
    "tasks_explicit",
    "tasks_en_explicit",
    "tasks_zh_explicit",
    "rubrics_zh",
)
#: Where the loader lists the optional fields it ignored (kept in the line's extras).
IGNORED_KEY = "_ignored_fields"


def _is_str_list(value: Any, nullable: bool = False) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, str) or (nullable and v is None) for v in value
    )


def _is_list_of(kind: type | tuple[type, ...]) -> Any:
    return lambda v: isinstance(v, list) and all(isinstance(x, kind) for x in v)


#: Fields the import does not need, with the shape it can use; another shape is ignored
#: (reported, never fatal). The release's own shapes are documented in
#: ``docs/official-format.md``.
OPTIONAL_SHAPES: dict[str, tuple[str, Any]] = {
    "env_info": ("a string", lambda v: isinstance(v, str)),
    "hadm_id": ("an id or null", lambda v: v is None or isinstance(v, int | str)),
    "current_date": ("a YYYY-MM-DD string", lambda v: v is None or isinstance(v, str)),
    "task_sequence": ("a list of strings", _is_str_list),
    "task_types": ("a list of strings", _is_str_list),
    "turn_subtypes": ("a list of strings or nulls", lambda v: _is_str_list(v, True)),
    "tool_sources": ("a list of strings", _is_str_list),
    "workup_modes": ("a list of strings or nulls", lambda v: _is_str_list(v, True)),
    "tools": ("a list of objects", _is_list_of(dict)),
    "tools_en": ("a list of objects", _is_list_of(dict)),
    "tasks_zh": ("a list of strings", _is_str_list),
    "tasks_explicit": ("a list of strings", _is_str_list),
    "tasks_en_explicit": ("a list of strings", _is_str_list),
    "tasks_zh_explicit": ("a list of strings", _is_str_list),
    "messages": ("a list of messages or separators", _is_list_of((dict, str))),
    "messages_en": ("a list of messages or separators", _is_list_of((dict, str))),
    "messages_zh": ("a list of messages or separators", _is_list_of((dict, str))),
    "rubrics_zh": ("a list of lists of strings", _is_list_of(list)),
    "dep_graph": ("an object or a list", lambda v: isinstance(v, dict | list)),
    "session_plan": ("an object", lambda v: isinstance(v, dict)),
    "persona_config": ("an object", lambda v: isinstance(v, dict)),
    "patient_agent_annotations": (
        "a list or an object",
        lambda v: isinstance(v, list | dict),
    ),
}


class _Loose(BaseModel):
    model_config = ConfigDict(extra="allow")


class OfficialAction(_Loose):
    """A step's tool call: the release's tool name and its arguments."""

    name: str
    arguments: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _json_arguments(cls, data: Any) -> Any:
        """Arguments written as a JSON string become a dict; ``null`` becomes ``{}``."""
        if isinstance(data, dict):
            args = data.get("arguments")
            if args is None:
                data = {**data, "arguments": {}}
            elif isinstance(args, str):
                try:
                    parsed = json.loads(args) if args.strip() else {}
                except json.JSONDecodeError as exc:
                    raise ValueError(
                        f"arguments are not a JSON object ({exc.msg})"
                    ) from None
                data = {**data, "arguments": parsed}
        return data


class OfficialStep(_Loose):
    """One step of a turn: the action, what it returned and what it depended on."""

    action: OfficialAction
    observation: Any = None
    dependency_list: Any = Field(default_factory=list)
    idx: Any = None


class PersonaConfig(_Loose):
    """The patient persona as released (extra keys kept)."""

    health_literacy: Any = None
    adherence: Any = None
    anxiety_level: Any = None
    info_completeness: Any = None


class OfficialSession(_Loose):
    """One released session (one JSONL line).

    Only what an import cannot do without is required: ``id``, ``session_id``,
    ``subject_id``, ``clinical_scenario``, ``difficulty_level``, ``sequence_idx``,
    the requests (``tasks_en`` or ``tasks``), ``answer_list`` and ``rubrics``, and the
    last two must have one entry per request. Any other field of an unusable shape (see
    :data:`OPTIONAL_SHAPES`), or a per-turn list of the wrong length, is ignored and
    named in :attr:`ignored` (``"field: reason"``).
    """

    id: str
    session_id: str
    env_info: str = ""
    subject_id: int | str
    hadm_id: int | str | None = None
    current_date: str | None = None
    clinical_scenario: str
    difficulty_level: int = Field(ge=1, le=3)
    sequence_idx: int = Field(ge=0, le=26)
    task_sequence: list[str] = Field(default_factory=list)
    task_types: list[str] = Field(default_factory=list)
    turn_subtypes: list[str | None] = Field(default_factory=list)
    tool_sources: list[str] = Field(default_factory=list)
    workup_modes: list[str | None] = Field(default_factory=list)
    tools: list[dict[str, Any]] = Field(default_factory=list)
    tools_en: list[dict[str, Any]] = Field(default_factory=list)
    tasks: list[str] = Field(default_factory=list)
    tasks_en: list[str] = Field(default_factory=list)
    tasks_zh: list[str] = Field(default_factory=list)
    tasks_explicit: list[str] = Field(default_factory=list)
    tasks_en_explicit: list[str] = Field(default_factory=list)
    tasks_zh_explicit: list[str] = Field(default_factory=list)
    messages: list[dict[str, Any] | str] = Field(default_factory=list)
    messages_en: list[dict[str, Any] | str] = Field(default_factory=list)
    messages_zh: list[dict[str, Any] | str] = Field(default_factory=list)
    answer_list: list[list[OfficialStep]]
    rubrics: list[list[str]]
    rubrics_zh: list[list[str]] = Field(default_factory=list)
    dep_graph: list[Any] | dict[str, Any] = Field(default_factory=list)
    session_plan: dict[str, Any] = Field(default_factory=dict)
    persona_config: PersonaConfig = Field(default_factory=PersonaConfig)
    patient_agent_annotations: list[Any] | dict[str, Any] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _drop_unusable(cls, data: Any) -> Any:
        """Fields the import can do without are dropped (and named) when unusable."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        ignored: list[str] = []
        for name, (shape, ok) in OPTIONAL_SHAPES.items():
            if name in data and not ok(data[name]):
                value = data.pop(name)
                ignored.append(
                    f"{name}: expected {shape}, got {_describe(value)}; ignored"
                )
        requests = data.get("tasks_en") or data.get("tasks")
        if isinstance(requests, list):
            for name in OPTIONAL_PER_TURN_FIELDS:
                value = data.get(name)
                if isinstance(value, list) and value and len(value) != len(requests):
                    data.pop(name)
                    ignored.append(
                        f"{name}: {len(value)} entries but there are "
                        f"{len(requests)} requests; ignored"
                    )
        if ignored:
            data[IGNORED_KEY] = ignored
        return data

    @property
    def ignored(self) -> list[str]:
        """Optional fields dropped because their shape was unusable (``"field: why"``)."""
        extra = self.model_extra or {}
        return list(extra.get(IGNORED_KEY) or [])

    @model_validator(mode="after")
    def _turns_line_up(self) -> OfficialSession:
        if not (self.tasks_en or self.tasks):
            raise ValueError("no requests: tasks_en and tasks are both empty")
        n = len(self.requests_en)
        for name in PER_TURN_FIELDS:
            value = getattr(self, name)
            if value and len(value) != n:
                raise ValueError(
                    f"{name} has {len(value)} entries but there are {n} requests"
                )
        return self

    @property
    def requests_en(self) -> list[str]:
        """The English implicit requests (``tasks_en``, else ``tasks``)."""
        return self.tasks_en or self.tasks

    @property
    def turns(self) -> int:
        """Number of turns (requests)."""
        return len(self.requests_en)


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    shown = text if len(text) <= 40 else text[:37] + "..."
    return f"{type(value).__name__} {shown}"


#: Pydantic's messages, in words a person reading a release file understands.
_READABLE = {
    "missing": "this field is required but missing",
    "int_parsing": "expected a whole number",
    "int_type": "expected a whole number",
    "string_type": "expected a string",
    "list_type": "expected a list",
    "dict_type": "expected an object",
    "less_than_equal": "is above the allowed maximum",
    "greater_than_equal": "is below the allowed minimum",
}


def _readable(err: dict[str, Any]) -> str:
    base = _READABLE.get(err.get("type", ""))
    msg = str(err.get("msg", ""))
    if base is None:
        return msg.removeprefix("Value error, ")
    got = err.get("input")
    if err.get("type") == "missing":
        return base
    return f"{base} ({msg}; got {_describe(got)})"


@dataclass(frozen=True)
class Problem:
    """Why a line (or part of it) could not be used.

    Attributes:
        file: The JSONL file name.
        line: 1-based line number (0 for problems about a whole file or a later stage).
        field: The dotted field path (``answer_list.2.0.action.name``), or ``""``.
        message: What is wrong.
    """

    file: str
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file} line {self.line}" if self.line else self.file
        return (
            f"{where}"
            + (f", field {self.field}" if self.field else "")
            + f": {self.message}"
        )


@dataclass(frozen=True)
class LoadedLine:
    """A validated line and where it came from."""

    file: str
    line: int
    session: OfficialSession
    raw: dict[str, Any]


def parse_line(
    text: str, *, file: str = "<string>", line: int = 1
) -> tuple[LoadedLine | None, list[Problem]]:
    """Validate one JSONL line; returns the line or the problems (never raises)."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [
            Problem(
                file,
                line,
                "",
                f"not valid JSON ({exc.msg} at column {exc.colno}); the line may be truncated",
            )
        ]
    if not isinstance(raw, dict):
        return None, [
            Problem(file, line, "", f"expected a JSON object, got {type(raw).__name__}")
        ]
    try:
        session = OfficialSession.model_validate(raw)
    except ValidationError as exc:
        problems = []
        seen: set[tuple[str, str]] = set()
        for err in exc.errors():
            # union members appear in the location (``list[...]``); keep the field path
            loc = ".".join(
                str(p) for p in err["loc"] if not (isinstance(p, str) and "[" in p)
            )
            reason = _readable(err)
            if (loc, reason) not in seen:
                seen.add((loc, reason))
                problems.append(Problem(file, line, loc, reason))
        return None, problems
    return LoadedLine(file, line, session, raw), []


def load_official(
    path: str | os.PathLike[str],
) -> tuple[list[LoadedLine], list[Problem]]:
    """Load every valid line of a release folder (or one JSONL file).

    Args:
        path: A folder holding the release's ``*.jsonl`` files (the four known names
            first, then any other ``*.jsonl``), or one ``.jsonl`` file.

    Returns:
        ``(lines, problems)``: the valid lines in file and line order, and one
        :class:`Problem` per bad line or field. Blank lines are skipped.

    Raises:
        FileNotFoundError: If ``path`` does not exist or holds no ``.jsonl`` file.
    """
    root = Path(path).expanduser()
    if root.is_file():
        files = [root]
    elif root.is_dir():
        known = [root / n for n in OFFICIAL_FILES if (root / n).is_file()]
        files = known + sorted(p for p in root.glob("*.jsonl") if p not in known)
    else:
        raise FileNotFoundError(f"{root}: no such file or folder")
    if not files:
        raise FileNotFoundError(
            f"{root} holds no .jsonl file; expected {', '.join(OFFICIAL_FILES)}"
        )
    lines: list[LoadedLine] = []
    problems: list[Problem] = []
    for file in files:
        with file.open(encoding="utf-8") as fh:
            for number, text in enumerate(fh, start=1):
                if not text.strip():
                    continue
                loaded, found = parse_line(text, file=file.name, line=number)
                problems += found
                if loaded is not None:
                    lines.append(loaded)
    return lines, problems
