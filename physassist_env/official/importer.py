"""``import_official``: the authors' released JSONL -> our sessions (and MIMIC-IV records).

Each line becomes one :class:`~physassist_env.scenarios.model.Session` (``source =
"official"``, split ``test``). What maps to what is documented in
``docs/official-format.md``; in short: ``difficulty_level`` -> tier, ``sequence_idx`` ->
arc, per-turn lists -> turns, ``answer_list`` steps -> gold actions and observations
(``prepare_to_answer`` -> gold answer), rubric strings -> items with derived checks
(:mod:`.rubric`), ``persona_config`` -> persona, and the recorded patient replies ->
``persona["recorded_responses"]`` (patient-only; see :mod:`.patient`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Iterable
from typing import Any

from physassist_env.ehr.render import render_bundle, render_outcome, render_resource
from physassist_env.ehr.toolkit import TOOL_METHODS
from physassist_env.fhir.record import PatientRecord
from physassist_env.official.rubric import derive_item, writes_of
from physassist_env.official.schema import (
    ANSWER_STEP,
    LoadedLine,
    OfficialSession,
    Problem,
    load_official,
)
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS
from physassist_env.patient.interview import resolve_name
from physassist_env.scenarios.model import (
    ARCS,
    Implicitness,
    Scenario,
    Session,
    TaskType,
    Text,
    Tier,
    ToolCall,
    ToolSource,
    Turn,
)
from physassist_env.sources.mimic import MimicSource

log = logging.getLogger(__name__)

#: The release's long task-type names.
TASK_TYPE_NAMES: dict[TaskType, str] = {
    TaskType.IL: "Information Lookup",
    TaskType.DG: "Data Gathering",
    TaskType.CR: "Clinical Reasoning",
    TaskType.WU: "Write/Update",
}
_TASK_BY_NAME = {v.lower(): k for k, v in TASK_TYPE_NAMES.items()} | {
    k.value.lower(): k for k in TaskType
}
#: Persona keys: release name -> ours.
PERSONA_KEYS = {
    "health_literacy": "literacy",
    "anxiety_level": "anxiety",
    "info_completeness": "completeness",
    "adherence": "adherence",
}
#: Extension field our exporter may add for a lossless round trip (ignored by others).
EXTENSION = "_physassist"
_PATIENT_ARG_KEYS = (
    "question",
    "query",
    "focus",
    "medication",
    "drug",
    "symptom",
    "topic",
)
_CONTEXT_KEYS = frozenset({"subject_id", "hadm_id", "session_id", "patient_id"})


#: The release's patient tools: ``patient.get_<our tool name>``.
_RELEASE_PATIENT_TOOL = re.compile(r"^patient\.get_([a-z_]+)$")


def _norm(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


_EHR_NAMES = {_norm(n): n for n in TOOL_METHODS} | {
    _norm(m): n for n, m in TOOL_METHODS.items()
}


def map_tool_name(name: str) -> str:
    """The release's tool name as ours (``Observation.search`` stays; patient tools -> snake_case).

    Unknown names are returned unchanged (the environment answers them with an error).
    """
    key = _norm(name)
    if key in _EHR_NAMES:
        return _EHR_NAMES[key]
    release = _RELEASE_PATIENT_TOOL.match(name)
    try:
        return resolve_name(release.group(1) if release else name)
    except ValueError:
        return name


def is_patient_tool(name: str) -> bool:
    """Whether a (mapped) tool name is one of our patient-interview tools."""
    return name in INTERVIEW_TOOLS


def render_observation(name: str, observation: Any) -> str:
    """A release observation as compact text (what our tools would have shown)."""
    if observation is None:
        return ""
    if isinstance(observation, str):
        return observation
    if isinstance(observation, dict):
        if (
            "patient_response" in observation
            or "patient_responses_all_literacy" in observation
        ):
            variants = observation.get("patient_responses_all_literacy") or {}
            return str(
                observation.get("patient_response") or next(iter(variants.values()), "")
            )
        rtype = observation.get("resourceType")
        try:
            if rtype == "Bundle":
                label = (
                    name.split(".")[0] if name != "Patient.everything" else "Resources"
                )
                return render_bundle(observation, label)
            if rtype == "OperationOutcome":
                return render_outcome(observation)
            if rtype:
                return render_resource(observation)
        except Exception:  # noqa: BLE001 - odd resources fall back to JSON
            log.debug("could not render %s observation", rtype, exc_info=True)
    return json.dumps(observation, ensure_ascii=False, separators=(",", ":"))


def patient_query(arguments: dict[str, Any]) -> str:
    """The text a patient-tool call asked (question, focus or medication)."""
    for key in _PATIENT_ARG_KEYS:
        value = arguments.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


def _turn_texts(messages: list[Any]) -> list[tuple[str, str]]:
    """(user, assistant) per turn from a message list with or without separators."""
    out: list[tuple[str, str]] = []
    user = ""
    for m in messages:
        if isinstance(m, str):
            continue
        role, content = m.get("role"), str(m.get("content") or "")
        if role == "user":
            user = content
        elif role == "assistant" and content:
            out.append((user, content))
            user = ""
    return out


def _persona(line: OfficialSession) -> dict[str, Any]:
    raw = line.persona_config.model_dump(exclude_none=True)
    out: dict[str, Any] = {}
    for key, value in raw.items():
        out[PERSONA_KEYS.get(key, key)] = value
    return out


def _at(values: list[Any], i: int, default: Any = None) -> Any:
    return values[i] if i < len(values) else default


def _dep_node(line: OfficialSession, i: int) -> dict[str, Any]:
    """Turn ``i``'s node of ``dep_graph``, ``{}`` when absent or of another shape.

    The release writes ``{"nodes": {"0": {...}, ...}, "edges": []}`` (keys are the turn
    index as a string); a list of nodes and integer keys are read too.
    """
    graph = line.dep_graph
    nodes: Any = (
        graph.get("nodes", graph.get("turns")) if isinstance(graph, dict) else graph
    )
    node: Any = None
    if isinstance(nodes, dict):
        node = nodes.get(str(i), nodes.get(i))  # type: ignore[call-overload]
    elif isinstance(nodes, list):
        node = _at(nodes, i)
    return node if isinstance(node, dict) else {}


def _topic(line: OfficialSession, i: int) -> str:
    plan = line.session_plan
    turn = _at(plan.get("turns") or [], i, {})
    if isinstance(turn, dict) and turn.get("topic"):
        return str(turn["topic"])
    intent = _at(plan.get("turn_intents") or [], i)
    if isinstance(intent, dict) and intent.get("topic"):
        return str(intent["topic"])
    return "official"


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [
        v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in value
    ]


class LineError(ValueError):
    """A release line that cannot become a session, with the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


#: The prefix of a release session id (``physassistbench_med_safety_17``).
RELEASE_ID_PREFIX = "physassistbench_"


def opaque_session_id(
    release_id: str, patient_id: str, hadm_id: str | None, seed: int = 0
) -> str:
    """The agent-visible id of an imported session.

    The release's id names the scenario, which is grader-only, so the agent sees an id of
    the native shape instead (``<patient>-<admission>-<tag>``, as
    :func:`~physassist_env.scenarios.generate.session_id_for`): ``tag`` is 8 hex digits of
    SHA-256 over the seed and the release id (stable across imports); the release id
    itself is kept in :attr:`Session.release_id` for the grader and the exporter.
    """
    blob = f"{seed}/official/{release_id}".encode()
    return f"{patient_id}-{hadm_id or 'none'}-{hashlib.sha256(blob).hexdigest()[:8]}"


def session_from_line(
    loaded: LoadedLine, seed: int = 0
) -> tuple[Session, list[dict[str, Any]], list[Problem]]:
    """One validated release line as our session.

    The session's ``session_id`` is :func:`opaque_session_id` (seeded by ``seed``); the
    release's ``session_id`` is kept in ``release_id`` (grader-only).

    Returns:
        ``(session, recorded_responses, problems)``; problems are per-field issues that
        did not stop the import (e.g. an unknown task type name, read from the arc).
    """
    line, file, no = loaded.session, loaded.file, loaded.line
    problems: list[Problem] = []

    def problem(field: str, message: str) -> None:
        problems.append(Problem(file, no, field, message))

    for note in line.ignored:
        field, _, why = note.partition(": ")
        problem(field, why)

    try:
        scenario = Scenario(line.clinical_scenario)
    except ValueError:
        raise LineError(
            "clinical_scenario",
            f"{line.clinical_scenario!r} is not one of "
            f"{', '.join(s.value for s in Scenario)}",
        ) from None
    arc = ARCS[line.sequence_idx]
    en_req = line.requests_en
    en_msgs = _turn_texts(line.messages_en or line.messages)
    zh_msgs = _turn_texts(line.messages_zh)
    recorded: list[dict[str, Any]] = []
    turns: list[Turn] = []
    for i, request in enumerate(en_req):
        name = _at(line.task_types, i)
        task = _TASK_BY_NAME.get(str(name).lower()) if name else None
        if task is None:
            if name:
                problem(
                    f"task_types.{i}", f"unknown task type {name!r}; the arc's is used"
                )
            task = arc[i] if i < len(arc) else TaskType.IL
        elif i < len(arc) and task != arc[i]:
            problem(
                f"task_types.{i}", f"{name!r} differs from the arc's {arc[i].value}"
            )
        subtype = _at(line.turn_subtypes, i)
        try:
            implicitness = Implicitness(subtype) if subtype else Implicitness.EXPLICIT
        except ValueError:
            problem(
                f"turn_subtypes.{i}", f"unknown subtype {subtype!r}; read as explicit"
            )
            implicitness = Implicitness.EXPLICIT
        src = _at(line.tool_sources, i, "ehr")
        try:
            tool_source = ToolSource(src)
        except ValueError:
            problem(f"tool_sources.{i}", f"unknown tool source {src!r}; read as ehr")
            tool_source = ToolSource.EHR
        actions: list[ToolCall] = []
        observations: list[str] = []
        gold_en = ""
        for k, step in enumerate(line.answer_list[i]):
            if step.action.name == ANSWER_STEP:
                gold_en = render_observation(ANSWER_STEP, step.observation)
                continue
            mapped = map_tool_name(step.action.name)
            call_args = dict(step.action.arguments)
            # the release's routing id names the scenario, and gold calls reach the agent
            # as earlier turns' context (TRL prompts); our interview tools reject it anyway
            call_args.pop("session_id", None)
            actions.append(ToolCall(name=mapped, arguments=call_args))
            observations.append(render_observation(mapped, step.observation))
            obs = step.observation
            if is_patient_tool(mapped) and isinstance(obs, dict):
                variants = obs.get("patient_responses_all_literacy") or {}
                if not variants and obs.get("patient_response"):
                    variants = {"medium": obs["patient_response"]}
                if not variants:
                    problem(
                        f"answer_list.{i}.{k}.observation",
                        "patient observation without responses",
                    )
                    continue
                args = {
                    a: v
                    for a, v in step.action.arguments.items()
                    if a not in _CONTEXT_KEYS
                }
                recorded.append(
                    {
                        "tool": mapped,
                        "arguments": args,
                        "query": patient_query(args),
                        "responses": {str(k2): str(v) for k2, v in variants.items()},
                        "turn": i,
                    }
                )
        if not gold_en:
            gold_en = _at(en_msgs, i, ("", ""))[1]
            if not gold_en:
                problem(
                    f"answer_list.{i}",
                    f"no {ANSWER_STEP} step and no assistant message",
                )
        gold_zh = _at(zh_msgs, i, ("", ""))[1] or gold_en
        zh_req = _at(line.tasks_zh, i) or _at(zh_msgs, i, ("", ""))[0] or request
        exp_en = (
            _at(line.tasks_en_explicit, i) or _at(line.tasks_explicit, i) or request
        )
        exp_zh = _at(line.tasks_zh_explicit, i) or zh_req
        writes = writes_of(actions) if task == TaskType.WU else []
        rub_en = line.rubrics[i]
        rub_zh = _at(line.rubrics_zh, i, [])
        if rub_zh and len(rub_zh) != len(rub_en):
            problem(
                f"rubrics_zh.{i}",
                f"{len(rub_zh)} items vs {len(rub_en)} in rubrics; matched by position",
            )
        rubric = [
            derive_item(
                f"t{i}-i{k}",
                en,
                _at(rub_zh, k, "") or en,
                writes=writes,
                gold_answer=gold_en,
            )
            for k, en in enumerate(rub_en)
        ]
        node = _dep_node(line, i)
        turns.append(
            Turn(
                index=i,
                task_type=task,
                implicitness=implicitness,
                tool_source=tool_source,
                request=Text(en=request, zh=zh_req),
                request_explicit=Text(en=exp_en, zh=exp_zh),
                topic=_topic(line, i),
                entities=_str_list(node.get("entities")),
                gold_actions=actions,
                gold_observations=observations,
                gold_answer=Text(en=gold_en, zh=gold_zh),
                rubric=rubric,
                record_facts=_str_list(node.get("facts")),
            )
        )
    persona = _persona(line)
    if recorded:
        persona["recorded_responses"] = recorded
    plan = line.session_plan
    situation = Text(
        en=str(plan.get("clinical_situation") or ""),
        zh=str(
            plan.get("clinical_situation_zh") or plan.get("clinical_situation") or ""
        ),
    )
    current = line.current_date or _date_from_env_info(line.env_info)
    if not current:
        raise LineError("current_date", "missing, and env_info has no 'Current date:'")
    if line.id != line.session_id.removeprefix(RELEASE_ID_PREFIX):
        problem(
            "id",
            f"{line.id!r} does not match session_id {line.session_id!r}; "
            "an export writes the id from session_id",
        )
    patient_id = str(line.subject_id)
    hadm_id = None if line.hadm_id in (None, "", 0) else str(line.hadm_id)
    session = Session(
        session_id=opaque_session_id(line.session_id, patient_id, hadm_id, seed),
        release_id=line.session_id,
        patient_id=patient_id,
        hadm_id=hadm_id,
        current_date=current[:10],
        scenario=scenario,
        tier=Tier(f"L{line.difficulty_level}"),
        arc_index=line.sequence_idx,
        situation=situation,
        turns=turns,
        persona=persona,
        split="test",
        source="official",
    )
    ext = loaded.raw.get(EXTENSION)
    if isinstance(ext, dict):
        session = _apply_extension(session, ext)
    return session, recorded, problems


def _apply_extension(session: Session, ext: dict[str, Any]) -> Session:
    """Restore what only our exporter writes (ids, split, points, checks, tags,
    provenance, the phrasing family and paraphrase record of each request)."""
    data = session.model_dump(mode="json")
    for key in ("session_id", "release_id", "split", "source", "persona"):
        if key in ext:
            data[key] = ext[key]
    for turn, extra in zip(data["turns"], ext.get("turns") or [], strict=False):
        if "rubric" in extra:
            turn["rubric"] = extra["rubric"]
        for key in (
            "topic",
            "decision",
            "phrasing",
            "paraphrased",
            "gold_observations",
            "answer_provenance",
            "answer_unbound",
        ):
            if key in extra:
                turn[key] = extra[key]
    return Session.model_validate(data)


def _date_from_env_info(env_info: str) -> str:
    m = re.search(r"Current date:\s*(\d{4}-\d{2}-\d{2})", env_info or "")
    return m.group(1) if m else ""


def import_official(
    jsonl_dir: str | os.PathLike[str],
    mimic_path: str | os.PathLike[str] | None = None,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
    seed: int = 0,
) -> tuple[list[Session], list[PatientRecord], list[Problem]]:
    """Import the authors' release (and, optionally, its patients from MIMIC-IV).

    Each session's agent-visible ``session_id`` is opaque (:func:`opaque_session_id`);
    the release's id is kept in the grader-only ``release_id``.

    Args:
        jsonl_dir: The folder with the release's ``*.jsonl`` files (or one file).
        mimic_path: The user's MIMIC-IV root (``hosp/``, ``icu/``...); the sessions'
            ``subject_id`` s are read from it with :class:`MimicSource`. ``None``: no records.
        cache_dir: MimicSource's bucket cache (default: its own).
        seed: Seeds the opaque session ids (same seed, same ids).

    Returns:
        ``(sessions, records, problems)``: the sessions that loaded (file order, split
        ``test``), one record per distinct patient found in MIMIC-IV, and every problem
        (bad lines with line and field, duplicate ids, patients missing from MIMIC-IV).
        A session whose patient is missing from MIMIC-IV is still returned.

    Raises:
        FileNotFoundError: ``jsonl_dir`` holds no JSONL file.
        SourceError: ``mimic_path`` is not a MIMIC-IV folder.
    """
    lines, problems = load_official(jsonl_dir)
    sessions: list[Session] = []
    seen: set[str] = set()
    for loaded in lines:
        try:
            session, _, found = session_from_line(loaded, seed)
        except Exception as exc:  # noqa: BLE001 - one bad line never stops the import
            field = exc.field if isinstance(exc, LineError) else ""
            reason = str(exc) if isinstance(exc, ValueError) else ""
            if not reason or reason.strip("'\"").isdigit():
                reason = (
                    f"could not convert the line ({type(exc).__name__}: {exc!r}); "
                    "please report it with the line"
                )
            problems.append(Problem(loaded.file, loaded.line, field, reason))
            continue
        problems += found
        ids = {session.session_id, session.release_id or session.session_id}
        if ids & seen:
            problems.append(
                Problem(
                    loaded.file,
                    loaded.line,
                    "session_id",
                    f"{loaded.session.session_id!r} appears twice; later line skipped",
                )
            )
            continue
        seen |= ids
        sessions.append(session)
    records: list[PatientRecord] = []
    if mimic_path is not None:
        records, missing = read_records(
            mimic_path, (s.patient_id for s in sessions), cache_dir=cache_dir
        )
        for pid in missing:
            problems.append(
                Problem(
                    "", 0, "subject_id", f"patient {pid} is not in the MIMIC-IV folder"
                )
            )
    return sessions, records, problems


def read_records(
    mimic_path: str | os.PathLike[str],
    patient_ids: Iterable[str],
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> tuple[list[PatientRecord], list[str]]:
    """The MIMIC-IV records of ``patient_ids``; returns ``(records, ids not found)``."""

    wanted = list(dict.fromkeys(patient_ids))
    src = MimicSource(mimic_path, cache_dir=cache_dir)
    known = set(src.patient_ids())
    present = [p for p in wanted if p in known]
    missing = [p for p in wanted if p not in known]
    records = list(src.records(present)) if present else []
    return records, missing
