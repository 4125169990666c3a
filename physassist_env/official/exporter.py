"""``export_official``: our sessions in the authors' release format (four JSONL files).

Fields follow the release's shapes (``docs/official-format.md``): the 18 tools under
its names (patient tools as ``patient.get_<name>``), ``dep_graph`` as ``{"nodes":
{"0": ...}, "edges": []}``. What cannot be produced is written empty or minimal:
``dep_graph`` nodes hold no events; ``session_plan`` holds the situation, the arc and
the topics; ``patient_agent_annotations`` hold query, drug and response with empty
annotation lists; ``workup_modes`` is inferred (``single``/``parallel`` for DG turns);
``clinical_task_domain`` and ``generated_at`` are not written. Rubric points, checks and tags, our
session ids, splits and the full persona do not fit the schema; ``extensions=True``
writes them under ``_physassist`` so our importer restores them exactly.
"""

from __future__ import annotations

import copy
import json
import os
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from physassist_env.fhir.record import PatientRecord
from physassist_env.official.importer import (
    EXTENSION,
    PERSONA_KEYS,
    RELEASE_ID_PREFIX,
    TASK_TYPE_NAMES,
    is_patient_tool,
    patient_query,
)
from physassist_env.official.rubric import export_strings
from physassist_env.official.schema import (
    ANSWER_STEP,
    OFFICIAL_FILES,
    RELEASE_PATIENT_PREFIX,
    RELEASE_TOOLS,
    SEPARATOR,
)
from physassist_env.paths import open_safe, staged_output
from physassist_env.scenarios.model import (
    ARCS,
    Implicitness,
    Scenario,
    Session,
    TaskType,
)
from physassist_env.tool_schemas import PHYSICIAN_TOOL, all_tool_schemas

_OURS_TO_THEIRS = {v: k for k, v in PERSONA_KEYS.items()}


def release_name(name: str) -> str:
    """Our tool name as the release spells it (patient tools -> ``patient.get_<name>``)."""
    if f"{RELEASE_PATIENT_PREFIX}{name}" in RELEASE_TOOLS:
        return f"{RELEASE_PATIENT_PREFIX}{name}"
    return name


def _tools(language: str = "en") -> list[dict[str, Any]]:
    """The release's 18 tools (in its order) with our schemas under its names."""
    ours = {
        release_name(t["function"]["name"]): t
        for t in all_tool_schemas(language, answer_tool=True)
        if t["function"]["name"] != PHYSICIAN_TOOL
    }
    out = []
    for name in RELEASE_TOOLS:
        schema = copy.deepcopy(ours[name])
        schema["function"]["name"] = name
        out.append(schema)
    return out


def _int_or_str(value: str | None) -> int | str | None:
    if value is None:
        return None
    return int(value) if value.isdigit() else value


def _age_sex(
    session: Session, record: PatientRecord | None
) -> tuple[int | None, str | None]:
    age, sex = session.persona.get("age"), session.persona.get("sex")
    if record is not None:
        try:
            patient = record.patient
        except ValueError:
            patient = {}
        birth = str(patient.get("birthDate") or "")
        if birth[:4].isdigit():
            age = int(session.current_date[:4]) - int(birth[:4])
        sex = patient.get("gender") or sex
    return (int(age) if age is not None else None), (str(sex) if sex else None)


def env_info(
    session: Session, session_id: str, record: PatientRecord | None = None
) -> str:
    """The release's ``env_info`` text: session id, current date, age and sex."""
    age, sex = _age_sex(session, record)
    letter = {"male": "M", "female": "F", "m": "M", "f": "F"}.get(
        str(sex or "").lower(), "U"
    )
    lines = [f"Session ID: {session_id}", f"Current date: {session.current_date}"]
    if age is not None:
        lines.append(f"Patient is a {age}-year-old {letter}")
    return "\n".join(lines)


def _workup_mode(turn: Any) -> str | None:
    if turn.task_type != TaskType.DG:
        return None
    return "parallel" if len(turn.gold_actions) > 1 else "single"


def _observation(
    session: Session, name: str, arguments: Mapping[str, Any], text: str
) -> Any:
    if not is_patient_tool(name):
        return text
    literacy = str(session.persona.get("literacy") or "medium")
    variants = {literacy: text}
    for rec in session.persona.get("recorded_responses") or []:
        if rec.get("tool") == name and rec.get("query", "") == patient_query(
            dict(arguments)
        ):
            variants = dict(rec.get("responses") or variants)
            break
    return {"patient_response": text, "patient_responses_all_literacy": variants}


def _plan_turn(i: int, turn: Any) -> dict[str, Any]:
    """A ``session_plan.turns`` entry in the release's shape."""
    out: dict[str, Any] = {
        "turn": i,
        "task_type": TASK_TYPE_NAMES[turn.task_type],
        "topic": turn.topic,
        "tool_hint": release_name(turn.gold_actions[0].name)
        if turn.gold_actions
        else None,
        "tool_source": turn.tool_source.value,
    }
    mode = _workup_mode(turn)
    if mode:
        out["workup_pattern"] = mode
    return out


def session_to_line(
    session: Session,
    number: int,
    record: PatientRecord | None = None,
    *,
    extensions: bool = False,
) -> dict[str, Any]:
    """One session as a release line.

    Args:
        session: Our session.
        number: Its number within its scenario (``med_safety_<number>``); not used for an
            imported session, whose ``release_id`` is written back as it was.
        record: Its patient's record (for the age and sex in ``env_info``).
        extensions: Also write ``_physassist`` (what the schema cannot hold).
    """
    session_id = (
        session.release_id or f"{RELEASE_ID_PREFIX}{session.scenario.value}_{number}"
    )
    sid = session_id.removeprefix(RELEASE_ID_PREFIX)
    turns = session.turns
    messages_en: list[Any] = []
    messages_zh: list[Any] = []
    answer_list: list[list[dict[str, Any]]] = []
    rubrics: list[list[str]] = []
    rubrics_zh: list[list[str]] = []
    nodes: dict[str, dict[str, Any]] = {}
    annotations: list[dict[str, Any]] = []
    for i, turn in enumerate(turns):
        if i:
            messages_en.append(SEPARATOR)
        messages_en += [
            {"role": "user", "content": turn.request.en},
            {"role": "assistant", "content": turn.gold_answer.en},
        ]
        messages_zh += [
            {"role": "user", "content": turn.request.zh},
            {"role": "assistant", "content": turn.gold_answer.zh},
        ]
        steps = []
        for k, (call, obs) in enumerate(
            zip(turn.gold_actions, turn.gold_observations, strict=False)
        ):
            steps.append(
                {
                    "action": {
                        "name": release_name(call.name),
                        "arguments": dict(call.arguments),
                    },
                    "observation": _observation(
                        session, call.name, call.arguments, obs
                    ),
                    "dependency_list": [],
                    "idx": k,
                }
            )
            if is_patient_tool(call.name):
                drug = call.arguments.get("medication") or call.arguments.get("drug")
                annotations.append(
                    {
                        "turn": i,
                        "query_type": call.name,
                        "query": patient_query(dict(call.arguments)),
                        "drug": drug if isinstance(drug, str) else None,
                        "patient_response": obs,
                        "annotation": {
                            "medical_entities": list(turn.entities),
                            "phm_nodes_used": [],
                            "critical_flags_in_context": [],
                            "newly_revealed": [],
                            "critical_flags_triggered": [],
                        },
                    }
                )
        steps.append(
            {
                "action": {"name": ANSWER_STEP, "arguments": {}},
                "observation": turn.gold_answer.en,
                "dependency_list": list(range(len(steps))),
                "idx": len(steps),
            }
        )
        answer_list.append(steps)
        pairs = [export_strings(item) for item in turn.rubric]
        rubrics.append([en for en, _ in pairs])
        rubrics_zh.append([zh for _, zh in pairs])
        nodes[str(i)] = {
            "task_type": TASK_TYPE_NAMES[turn.task_type],
            "tool_source": turn.tool_source.value,
            "subtype": None
            if turn.implicitness == Implicitness.EXPLICIT
            else turn.implicitness.value,
            "entities": list(turn.entities),
            "facts": list(turn.record_facts),
            "events": [],
            "tool_calls": [release_name(c.name) for c in turn.gold_actions],
        }
    persona_config: dict[str, Any] = {}
    for key, value in session.persona.items():
        if key == "recorded_responses":
            continue
        persona_config[_OURS_TO_THEIRS.get(key, key)] = value
    tools_en = _tools("en")
    line: dict[str, Any] = {
        "id": sid,
        "session_id": session_id,
        "env_info": env_info(session, session_id, record),
        "subject_id": _int_or_str(session.patient_id),
        "hadm_id": _int_or_str(session.hadm_id),
        "current_date": session.current_date,
        "clinical_scenario": session.scenario.value,
        "difficulty_level": int(session.tier.value[1:]),
        "sequence_idx": session.arc_index,
        "task_sequence": [TASK_TYPE_NAMES[t] for t in ARCS[session.arc_index]],
        "task_types": [TASK_TYPE_NAMES[t.task_type] for t in turns],
        "turn_subtypes": [
            None if t.implicitness == Implicitness.EXPLICIT else t.implicitness.value
            for t in turns
        ],
        "tool_sources": [t.tool_source.value for t in turns],
        "workup_modes": [_workup_mode(t) for t in turns],
        "tools": tools_en,
        "tools_en": tools_en,
        "tasks": [t.request.en for t in turns],
        "tasks_en": [t.request.en for t in turns],
        "tasks_zh": [t.request.zh for t in turns],
        "tasks_explicit": [t.request_explicit.en for t in turns],
        "tasks_en_explicit": [t.request_explicit.en for t in turns],
        "tasks_zh_explicit": [t.request_explicit.zh for t in turns],
        "messages": messages_en,
        "messages_en": list(messages_en),
        "messages_zh": messages_zh,
        "answer_list": answer_list,
        "rubrics": rubrics,
        "rubrics_zh": rubrics_zh,
        "dep_graph": {"nodes": nodes, "edges": []},
        "session_plan": {
            "clinical_situation": session.situation.en,
            "clinical_situation_zh": session.situation.zh,
            "investigation_arc": " -> ".join(
                TASK_TYPE_NAMES[t] for t in ARCS[session.arc_index]
            ),
            "turn_intents": [t.topic for t in turns],
            "turns": [_plan_turn(i, t) for i, t in enumerate(turns)],
        },
        "persona_config": persona_config,
        "patient_agent_annotations": annotations,
        "turn_types": [i > 0 for i in range(len(turns))],
    }
    if extensions:
        line[EXTENSION] = {
            "version": 1,
            "session_id": session.session_id,
            "release_id": session.release_id,
            "split": session.split,
            "source": session.source,
            "persona": session.persona,
            "turns": [
                {
                    "topic": t.topic,
                    "decision": t.decision,
                    "phrasing": t.phrasing,
                    "paraphrased": list(t.paraphrased),
                    "gold_observations": list(t.gold_observations),
                    "rubric": [item.model_dump(mode="json") for item in t.rubric],
                    "answer_provenance": [
                        p.model_dump(mode="json") for p in t.answer_provenance
                    ],
                    "answer_unbound": list(t.answer_unbound),
                }
                for t in turns
            ],
        }
    return line


def export_official(
    sessions: Iterable[Session],
    out_dir: str | os.PathLike[str],
    records: Mapping[str, PatientRecord] | Iterable[PatientRecord] | None = None,
    *,
    extensions: bool = False,
    overwrite: bool = False,
    private: bool = False,
) -> dict[str, int]:
    """Write sessions as the release's four JSONL files (one per scenario).

    An imported session keeps its release id (``Session.release_id``) and is written first,
    in release-number order; the others are numbered per scenario in ``session_id`` order
    (``med_safety_0``...), skipping the numbers that release ids already take. All four
    files are written, empty when a scenario has no session.

    The folder is written whole or not at all
    (:func:`~physassist_env.paths.staged_output`): the files go into a staging folder
    beside ``out_dir`` that replaces it at the end, so a failure or a kill leaves an
    earlier export as it was.

    Args:
        sessions: Our sessions.
        out_dir: The folder to write (created if needed).
        records: ``patient_id -> record`` (or an iterable of records), for ``env_info``.
        extensions: Also write the ``_physassist`` field for a lossless re-import.
        overwrite: Replace an earlier export in ``out_dir`` (refused when it holds
            other files).
        private: Owner-only permissions (folders 0700, files 0600), for sessions of a
            MIMIC-derived dataset.

    Returns:
        Lines written per file name.

    Raises:
        ValueError: Two sessions carry the same release id.
        FileExistsError: ``out_dir`` is not empty and ``overwrite`` is false, or it
            holds files an export does not write.
        UnsafePathError: ``out_dir`` is a symbolic link or holds links.
        FolderLockedError: Another process writes ``out_dir``.
    """
    if records is None:
        by_id: dict[str, PatientRecord] = {}
    elif isinstance(records, Mapping):
        by_id = dict(records)
    else:
        by_id = {r.patient_id: r for r in records}
    grouped: dict[Scenario, list[Session]] = defaultdict(list)
    for s in sorted(sessions, key=_export_order):
        grouped[s.scenario].append(s)
    counts: dict[str, int] = {}
    with staged_output(
        out_dir,
        overwrite=overwrite,
        private=private,
        owned=lambda rel: rel in OFFICIAL_FILES,
        writer="physassist export",
    ) as out:
        for name in OFFICIAL_FILES:
            scenario = Scenario(name.removesuffix(".jsonl"))
            group = grouped.get(scenario, [])
            with open_safe(out, name, "w", encoding="utf-8") as fh:
                for s, n in zip(group, _numbers(group), strict=True):
                    line = session_to_line(
                        s, n, by_id.get(s.patient_id), extensions=extensions
                    )
                    fh.write(json.dumps(line, ensure_ascii=False) + "\n")
            counts[name] = len(group)
    return counts


def _release_number(session: Session) -> int | None:
    """``n`` of a release id ``physassistbench_<scenario>_<n>``; ``None`` otherwise."""
    rid = session.release_id or ""
    tail = rid.removeprefix(f"{RELEASE_ID_PREFIX}{session.scenario.value}_")
    return int(tail) if rid and tail.isdigit() else None


def _export_order(session: Session) -> tuple[bool, int, str, str]:
    """Imported sessions first (by release number), then ours by ``session_id``."""
    n = _release_number(session)
    return (
        session.release_id is None,
        -1 if n is None else n,
        session.release_id or "",
        session.session_id,
    )


def _numbers(group: list[Session]) -> list[int]:
    """The number of each session of one scenario: a free one for sessions without a
    release id (``-1``, unused, for those with one)."""
    taken: set[str] = set()
    for s in group:
        if s.release_id is None:
            continue
        if s.release_id in taken:
            raise ValueError(f"release id {s.release_id!r} appears twice")
        taken.add(s.release_id)
    out: list[int] = []
    n = 0
    for s in group:
        if s.release_id is not None:
            out.append(-1)
            continue
        while f"{RELEASE_ID_PREFIX}{s.scenario.value}_{n}" in taken:
            n += 1
        out.append(n)
        n += 1
    return out


__all__ = ["env_info", "export_official", "session_to_line"]
