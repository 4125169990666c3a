"""The authors' release format: schema errors, import, running imported sessions, the
recorded patient, grading with judge and rules, export round trip and the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from official_fixtures import RELEASE_TOOL_NAMES, SEP, med_safety_line

from physassist_env.cli.main import main as cli
from physassist_env.dataset import load_records, load_sessions, read_manifest
from physassist_env.env.episode import Episode
from physassist_env.grading import GradingContext, JudgeGrader
from physassist_env.official import (
    DERIVED,
    JUDGE_ONLY,
    DualGrader,
    RecordedPatient,
    compare_grades,
    export_official,
    import_official,
    load_official,
    parse_line,
)
from physassist_env.patient.models import PatientReply, PatientState
from physassist_env.scenarios.model import (
    Implicitness,
    NegativeCheck,
    RecommendCheck,
    TaskType,
    Tier,
    ValueCheck,
    WriteCheck,
)


# ---------------------------------------------------------------- schema
def test_malformed_and_partial_lines_name_line_and_field(broken_release: Path) -> None:
    lines, problems = load_official(broken_release)
    assert len(lines) == 3  # two good med_safety lines + the diagnostic one
    text = [str(p) for p in problems]
    assert any("med_safety.jsonl line 3" in t and "not valid JSON" in t for t in text)
    assert any("line 4, field answer_list" in t and "required" in t for t in text)
    assert any("line 5, field sequence_idx" in t for t in text)


def test_nested_field_errors_and_turn_counts() -> None:
    line = med_safety_line()
    del line["answer_list"][1][0]["action"]["name"]
    _, problems = parse_line(json.dumps(line), file="x.jsonl", line=7)
    assert [(p.line, p.field) for p in problems] == [(7, "answer_list.1.0.action.name")]
    line = med_safety_line()
    line["rubrics"] = line["rubrics"][:3]
    _, problems = parse_line(json.dumps(line), file="x.jsonl", line=2)
    assert "rubrics has 3 entries but there are 4 requests" in str(problems[0])


def test_extra_fields_and_string_arguments_are_tolerated() -> None:
    line = med_safety_line()
    line["answer_list"][0][0]["action"]["arguments"] = json.dumps({"code": "potassium"})
    loaded, problems = parse_line(json.dumps(line))
    line["an_unknown_release_field"] = {"kept": True}
    loaded, problems = parse_line(json.dumps(line))
    assert not problems and loaded is not None
    assert loaded.session.answer_list[0][0].action.arguments == {"code": "potassium"}
    assert loaded.raw["an_unknown_release_field"] == {"kept": True}


def test_release_shape_imports_dep_graph_object_and_18_tools(release: Path) -> None:
    line = med_safety_line()
    assert [t["function"]["name"] for t in line["tools"]] == list(RELEASE_TOOL_NAMES)
    assert len(RELEASE_TOOL_NAMES) == 18
    assert set(line["dep_graph"]) == {"nodes", "edges"}
    assert list(line["dep_graph"]["nodes"]) == ["0", "1", "2", "3"]
    sessions, _, problems = import_official(release)
    assert not problems and len(sessions) == 3
    s = next(x for x in sessions if x.release_id.endswith("med_safety_0"))
    assert [t.entities for t in s.turns] == [
        ["potassium"],
        ["creatinine"],
        ["lisinopril", "metformin"],
        [],
    ]
    assert s.turns[0].record_facts == ["K 5.8 mEq/L 2180-01-04"]
    d = next(x for x in sessions if x.release_id.endswith("diagnostic_workup_0"))
    assert d.turns[2].gold_actions[0].name == "symptom_history"


@pytest.mark.parametrize(
    ("field", "value", "noted"),
    [
        ("dep_graph", "not a graph", True),
        ("dep_graph", {"nodes": [1, 2], "edges": "none"}, False),  # read as no nodes
        ("dep_graph", {"nodes": {"0": "x", "7": {}}}, False),
        ("session_plan", ["a", "list"], True),
        ("persona_config", "low", True),
        ("tools", {"name": "Observation.search"}, True),
        ("patient_agent_annotations", 7, True),
        ("workup_modes", ["single"], True),  # 1 entry for 4 requests
        ("messages_zh", "text", True),
        ("turn_types", "whatever", False),  # not used at all
        ("generated_at", 12, False),
    ],
)
def test_unneeded_fields_of_any_shape_do_not_stop_a_line(
    field: str, value: object, noted: bool
) -> None:
    from physassist_env.official.importer import session_from_line

    line = med_safety_line()
    line[field] = value
    loaded, problems = parse_line(json.dumps(line), file="m.jsonl", line=3)
    assert not problems and loaded is not None
    session, _, notes = session_from_line(loaded)
    assert len(session.turns) == 4
    assert len(notes) == int(noted), notes
    for note in notes:  # an ignored field is named, with a readable reason
        assert note.field == field and "ignored" in note.message, str(note)
        assert str(note).startswith("m.jsonl line 3, field " + field)


def test_unusable_line_names_field_and_reason() -> None:
    line = med_safety_line()
    line["difficulty_level"] = "hard"
    _, problems = parse_line(json.dumps(line), file="m.jsonl", line=9)
    assert [p.field for p in problems] == ["difficulty_level"]
    assert (
        "expected a whole number" in str(problems[0])
        and "'hard'" not in problems[0].field
    )
    line = med_safety_line()
    line["clinical_scenario"] = "triage"
    path_lines, problems = [parse_line(json.dumps(line), file="m.jsonl", line=2)], []
    from physassist_env.official.importer import session_from_line

    loaded = path_lines[0][0]
    with pytest.raises(ValueError) as info:
        session_from_line(loaded)
    assert getattr(info.value, "field", "") == "clinical_scenario"
    assert "'triage' is not one of" in str(info.value)


# ---------------------------------------------------------------- import
def test_import_maps_fields(release: Path, tiny_mimic: Path, tmp_path: Path) -> None:
    sessions, records, problems = import_official(
        release, tiny_mimic, cache_dir=tmp_path / "c"
    )
    assert not problems
    assert sorted(r.patient_id for r in records) == ["9001", "9002"]
    s = next(x for x in sessions if x.release_id == "physassistbench_med_safety_0")
    assert (s.patient_id, s.hadm_id, s.current_date) == ("9001", "7001", "2180-01-05")
    assert s.tier == Tier.L2 and s.arc_index == 14 and s.source == "official"
    assert [t.task_type for t in s.turns] == [
        TaskType.IL,
        TaskType.DG,
        TaskType.DG,
        TaskType.WU,
    ]
    assert [t.implicitness for t in s.turns] == [
        Implicitness.EXPLICIT,
        Implicitness.NA,
        Implicitness.PE,
        Implicitness.AE,
    ]
    t0 = s.turns[0]
    assert t0.request.zh == "她最新的血钾是多少？"
    assert t0.request_explicit.en.startswith("What is the patient's")
    assert t0.gold_answer.en.startswith("Her latest potassium is 5.8")
    assert t0.gold_answer.zh.startswith("她最新的血钾")
    assert t0.gold_observations[0].endswith("Potassium = 5.8 mEq/L")
    assert t0.topic == "lab_latest" and t0.entities == ["potassium"]
    assert s.turns[1].gold_observations[1].startswith("ERROR: No Condition")
    assert s.turns[2].gold_actions[0].name == "medication_adherence"
    assert s.persona["literacy"] == "low" and s.persona["adherence"] == "poor"
    rec = s.persona["recorded_responses"]
    assert [r["query"] for r in rec] == ["metformin", "lisinopril"]
    assert set(rec[1]["responses"]) == {"high", "medium", "low"}
    assert s.situation.en.startswith("Hyperkalaemia")


def test_rubric_checks_are_derived(release: Path) -> None:
    sessions, _, _ = import_official(release)
    s = next(x for x in sessions if x.release_id.endswith("med_safety_0"))
    r0, r2, r3 = s.turns[0].rubric, s.turns[2].rubric, s.turns[3].rubric
    assert isinstance(r0[0].check, ValueCheck) and r0[0].check.value == 5.8
    assert r0[1].check.kind == "flag" and r0[1].check.direction == "high"  # type: ignore[union-attr]
    assert JUDGE_ONLY in r0[2].tags and DERIVED in r0[0].tags
    assert isinstance(r2[1].check, RecommendCheck) and r2[1].check.actions == ["hold"]
    neg = r2[2]
    assert isinstance(neg.check, NegativeCheck) and neg.points < 0
    assert neg.check.actions == ["increase"] and "lisinopril" in neg.check.targets
    assert neg.criterion.en == "Recommends increasing lisinopril"
    assert isinstance(r3[0].check, WriteCheck) and r3[0].check.accepted == {
        "category": ["safety"]
    }


# ---------------------------------------------------------------- running
def _episode(
    release: Path, tiny_mimic: Path, tmp_path: Path, sid: str, **kw: object
) -> Episode:
    sessions, records, _ = import_official(
        release, tiny_mimic, cache_dir=tmp_path / "c"
    )
    s = next(x for x in sessions if x.release_id == sid)
    rec = next(r for r in records if r.patient_id == s.patient_id)
    return Episode(s, rec, **kw)  # type: ignore[arg-type]


def test_their_tool_calls_run_through_our_tools(
    release: Path, tiny_mimic: Path, tmp_path: Path
) -> None:
    ep = _episode(release, tiny_mimic, tmp_path, "physassistbench_med_safety_0")
    ep.next_request()
    call = ep.session.turns[0].gold_actions[
        0
    ]  # test_name alias, placeholders, subject/hadm ids
    out = ep.call_tool(call.name, call.arguments)
    assert out.ok, out.text
    assert "5.8" in out.text and "read as 'code'" in out.text
    log = ep.answer(ep.session.turns[0].gold_answer.en)
    assert (
        log.grade is not None and log.grade.score is not None and log.grade.score > 0.5
    )
    ep.next_request()
    out = ep.call_tool(
        "Observation.search", {"subject_id": 9001, "hadm_id": 0, "code": "creatinine"}
    )
    assert out.ok and "2.1" in out.text
    wrong = ep.call_tool(
        "Observation.search", {"subject_id": 9002, "code": "creatinine"}
    )
    assert not wrong.ok and "9001" in wrong.text


def test_patient_answers_from_recordings_by_tool_and_question(
    release: Path, tiny_mimic: Path, tmp_path: Path
) -> None:
    ep = _episode(release, tiny_mimic, tmp_path, "physassistbench_med_safety_0")
    for _ in range(3):
        ep.next_request()
        if ep.turn and ep.turn.index < 2:
            ep.answer("skip")
    # asks about the SECOND recording first: chosen by the drug, not by order; low literacy
    out = ep.call_tool(
        "PatientInterview.medication_adherence",
        {"subject_id": 9001, "drug": "lisinopril"},
    )
    assert out.ok and out.text == "I stopped the blood pressure pill, it made me cough."
    out = ep.call_tool("ask_patient", {"question": "Are you taking the metformin?"})
    assert out.text == "I take the sugar pill like they said."
    # unrecorded: our scripted patient answers from the record
    out = ep.call_tool("social_history", {})
    assert (
        out.ok
        and "blood pressure pill" not in out.text
        and "sugar pill" not in out.text
    )


class _Fallback:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def initial_state(self) -> PatientState:
        return PatientState()

    def answer(
        self, tool: str, arguments: dict, state: PatientState
    ) -> tuple[PatientReply, PatientState]:
        self.calls.append(tool)
        return PatientReply(text="fallback", language="en"), state


def test_recorded_patient_matching_and_fallback() -> None:
    recorded = [
        {
            "tool": "symptom_history",
            "arguments": {"focus": "chest pain"},
            "query": "chest pain",
            "responses": {"high": "H1", "medium": "M1", "low": "L1"},
        },
        {
            "tool": "symptom_history",
            "arguments": {"focus": "shortness of breath"},
            "query": "shortness of breath",
            "responses": {"high": "H2", "medium": "M2", "low": "L2"},
        },
    ]
    fb = _Fallback()
    p = RecordedPatient(recorded, fb, literacy="high")
    st = p.initial_state()
    reply, st = p.answer("symptom_history", {"focus": "breath shortness at night"}, st)
    assert reply.text == "H2" and st.turns == 1
    reply, st = p.answer(
        "ask_patient", {"question": "Tell me about the chest pain"}, st
    )
    assert reply.text == "H1"
    reply, _ = p.answer("ask_patient", {"question": "Do you smoke?"}, st)
    assert reply.text == "fallback" and fb.calls == ["ask_patient"]
    lazy = RecordedPatient(recorded, _Fallback, literacy="weird")
    assert lazy.literacy == "medium"
    assert lazy.answer("pain_assessment", {}, PatientState())[0].text == "fallback"


# ---------------------------------------------------------------- grading
class _Judge:
    """Scripted judge: met when every content word (>3 letters) of the criterion is in the answer."""

    def generate(self, messages: list[dict[str, str]]) -> str:
        text = "\n".join(m["content"] for m in messages if m["role"] == "user")
        blocks = dict(
            re.findall(
                r"<(\w+?)_[0-9a-f]{16}>\n(.*?)\n</\1_[0-9a-f]{16}>", text, flags=re.S
            )
        )
        crit, answer = blocks.get("criterion", ""), blocks.get("answer", "").lower()
        words = [
            w
            for w in re.findall(r"[a-z0-9.]{4,}", crit.lower())
            if w not in {"states", "identifies", "latest", "gives"}
        ]
        met = all(w in answer for w in words)
        return json.dumps({"met": met, "reason": "scripted"})


def test_judge_and_rules_agreement(release: Path, tmp_path: Path) -> None:
    sessions, _, _ = import_official(release)
    s = next(x for x in sessions if x.release_id.endswith("med_safety_0"))
    judge = JudgeGrader(_Judge(), model="fake", cache_dir=False, sleep=lambda _: None)  # type: ignore[arg-type]
    dual = DualGrader(judge)
    grades = []
    for turn in s.turns[:3]:
        ctx = GradingContext(
            answer=turn.gold_answer.en,
            tool_calls=list(turn.gold_actions),
            observations=list(turn.gold_observations),
        )
        g = dual.grade(turn, ctx)
        # the rules also read what the answer adds (the closed world: this fixture's
        # tool outputs are empty, so its values are unseen); the rubric's items first
        ids = [i["id"] for i in g.metadata["rules"]]
        assert g.grader.name == "judge+rules"
        assert ids[: len(turn.rubric)] == [it.id for it in turn.rubric]
        grades.append(g)
    report = compare_grades(grades)
    assert report["turns"] == 3
    assert report["derived"]["items"] == 6 and report["all"]["items"] == 12
    # the scripted judge wants the word "holding"; the rule accepts "hold lisinopril"
    assert report["derived"]["accuracy"] == pytest.approx(5 / 6)
    assert report["derived"]["only_rules_met"] == 1


# ---------------------------------------------------------------- export
def test_export_shape(release: Path, tmp_path: Path) -> None:
    sessions, _, _ = import_official(release)
    counts = export_official(sessions, tmp_path / "out")
    assert counts == {
        "diagnostic_workup.jsonl": 1,
        "med_safety.jsonl": 2,
        "treatment_response.jsonl": 0,
        "discharge_planning.jsonl": 0,
    }
    line = json.loads(
        (tmp_path / "out" / "med_safety.jsonl").read_text().splitlines()[0]
    )
    assert (
        line["id"] == "med_safety_0"
        and line["session_id"] == "physassistbench_med_safety_0"
    )
    assert line["messages"][2] == SEP and SEP not in line["messages_zh"]
    assert line["answer_list"][2][-1]["action"]["name"] == "prepare_to_answer"
    assert line["answer_list"][2][1]["observation"]["patient_responses_all_literacy"][
        "high"
    ].startswith("I stopped")
    assert line["rubrics"][2][2] == "Does not recommend increasing lisinopril"
    assert line["task_types"][3] == "Write/Update" and line["turn_subtypes"][0] is None
    assert [t["function"]["name"] for t in line["tools"]] == list(RELEASE_TOOL_NAMES)
    assert (
        line["answer_list"][2][0]["action"]["name"]
        == "patient.get_medication_adherence"
    )
    assert (
        set(line["dep_graph"]) == {"nodes", "edges"}
        and line["dep_graph"]["edges"] == []
    )
    assert list(line["dep_graph"]["nodes"]) == ["0", "1", "2", "3"]
    assert set(line["dep_graph"]["nodes"]["0"]) == {
        "task_type",
        "tool_source",
        "subtype",
        "entities",
        "facts",
        "events",
        "tool_calls",
    }
    assert isinstance(line["session_plan"]["investigation_arc"], str)
    assert line["session_plan"]["turns"][2]["tool_hint"].startswith("patient.get_")
    ann = line["patient_agent_annotations"][0]
    assert set(ann) == {
        "turn",
        "query_type",
        "query",
        "drug",
        "patient_response",
        "annotation",
    }
    assert line["persona_config"]["health_literacy"] == "low"
    assert "Current date: 2180-01-05" in line["env_info"]


def _comparable(s, drop_persona: bool = True) -> dict:
    d = s.model_dump(mode="json")
    for key in ("session_id", "release_id", "split", "source"):
        d.pop(key)
    if drop_persona:
        d["persona"] = {
            k: v for k, v in d["persona"].items() if k != "recorded_responses"
        }
    for t in d["turns"]:
        t.pop("answer_provenance")  # the release has no provenance (the extension does)
        t.pop("answer_unbound")
        # how the request was phrased is ours: the release format has no field for it
        t.pop("phrasing")
        t.pop("paraphrased")
        t.pop("decision")  # grader-only outcome class: the extension carries it
        for item in t["rubric"]:
            # the release's rubric strings carry no points, checks, criticality or provenance
            for key in ("points", "check", "tags", "id", "critical", "provenance"):
                item.pop(key)
    return d


def test_round_trip_generated_sessions(synthetic_generated, tmp_path: Path) -> None:
    sessions = [s for s in synthetic_generated.sessions if s.split == "test"][:12]
    records = synthetic_generated.records
    export_official(sessions, tmp_path / "plain", records)
    back, _, problems = import_official(tmp_path / "plain")
    assert not problems and len(back) == len(sessions)
    by_key = {}  # the exporter numbers sessions per scenario in session_id order
    for scenario in {s.scenario for s in sessions}:
        ours = sorted(
            (s for s in sessions if s.scenario == scenario), key=lambda s: s.session_id
        )
        by_key |= {
            f"physassistbench_{scenario.value}_{n}": s for n, s in enumerate(ours)
        }
    for b in back:
        orig = by_key[b.release_id]
        a, c = _comparable(orig), _comparable(b)
        for field in a:  # field by field, turn by turn
            if field == "turns":
                for ta, tc in zip(a["turns"], c["turns"], strict=True):
                    for k in ta:
                        assert ta[k] == tc[k], (orig.session_id, k)
            else:
                assert a[field] == c[field], (orig.session_id, field)
        for ti, to in zip(b.turns, orig.turns, strict=True):
            assert [i.points < 0 for i in ti.rubric] == [
                i.points < 0 for i in to.rubric
            ]
    # with the _physassist extension the round trip is exact
    export_official(sessions, tmp_path / "ext", records, extensions=True)
    exact, _, _ = import_official(tmp_path / "ext")
    assert {s.session_id: s for s in exact} == {s.session_id: s for s in sessions}


# ---------------------------------------------------------------- CLI
def test_cli_build_and_export(
    release: Path, tiny_mimic: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (release / "med_safety.jsonl").open("a").write('{"id": "broken"\n')
    out = tmp_path / "ds"
    rc = cli(
        [
            "build",
            "--source",
            "official",
            "--path",
            str(release),
            "--mimic",
            str(tiny_mimic),
            "--out",
            str(out),
            "--no-progress",
        ]
    )
    err = capsys.readouterr().err
    assert rc == 0 and "med_safety.jsonl line 3" in err
    assert read_manifest(out).source.kind.value == "official"
    assert len(load_sessions(out)) == 3 and set(load_records(out)) == {"9001", "9002"}
    rc = cli(
        [
            "build",
            "--source",
            "official",
            "--path",
            str(release),
            "--out",
            str(tmp_path / "x"),
        ]
    )
    assert rc == 2 and "--mimic" in capsys.readouterr().err
    rc = cli(
        [
            "export",
            "--format",
            "official",
            "--dataset",
            str(out),
            "--out",
            str(tmp_path / "exp"),
        ]
    )
    assert rc == 0 and "wrote 3 sessions" in capsys.readouterr().out
    again, _, problems = import_official(tmp_path / "exp")
    assert len(again) == 3 and not problems
