"""The knowledge-free policies: deterministic fit on train only, cached, whole sessions in
both languages, an extractor that never decides, and data-only outcome baselines."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from physassist_env.agents import make_agent, registered_agents
from physassist_env.agents.knowledge_free import fit as kf_fit
from physassist_env.agents.knowledge_free.chart import parse_result, render_facts
from physassist_env.agents.knowledge_free.outcomes import (
    decision_items,
    evaluate,
    is_decision,
    outcome,
)
from physassist_env.agents.knowledge_free.policy import KnowledgeFreeAgent
from physassist_env.agents.knowledge_free.text import clauses
from physassist_env.env.data import split_data
from physassist_env.evaluation.records import EvalConfig
from physassist_env.evaluation.runner import run_episode

#: Train sessions the reward search plays in these tests (the build has ~110).
SESSIONS = 6
MARKER = "ZZPLANTEDTESTMARKERZZ"


@pytest.fixture(autouse=True)
def _own_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
):
    """Fitted tables go to a folder of this test module, never the user's cache."""
    monkeypatch.setenv(
        "PHYSASSIST_CACHE", str(tmp_path_factory.getbasetemp() / "kf-cache")
    )


@pytest.fixture(scope="module")
def table(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    return kf_fit.fitted_table(
        built_dataset,
        max_sessions=SESSIONS,
        cache_dir=tmp_path_factory.mktemp("kf-table"),
    )


def _strip_time(table: dict) -> dict:
    out = json.loads(json.dumps(table))
    out["fit"].pop("seconds", None)
    out["fit"].pop("fingerprint", None)
    return out


def test_agents_are_registered():
    assert {"knowledge-free", "extractor"} <= set(registered_agents())


def test_fit_is_deterministic(built_dataset: Path, table: dict):
    again = kf_fit.fit(built_dataset, max_sessions=SESSIONS)
    assert _strip_time(again) == _strip_time(table)
    assert table["fit"]["split"] == "train"
    assert table["fit"]["sample_sessions"] <= SESSIONS
    assert table["fit"]["episodes"] == 2 * table["fit"]["sample_sessions"]
    assert table["choice"], "the reward search chose nothing"


def test_fit_never_reads_the_test_split(
    built_dataset: Path, monkeypatch: pytest.MonkeyPatch
):
    """Every split but train is served with a planted marker; the fit asks only for train
    and its table holds no marker."""
    import physassist_env.env.data as env_data
    import physassist_env.env.gym_env as gym_env

    real = env_data.split_data
    asked: list[str] = []

    def planted(path: Path, split: str):
        asked.append(split)
        data = real(path, split)
        if split == "train":
            return data
        copy = object.__new__(env_data.SplitData)
        copy.__dict__.update(data.__dict__)
        copy.sessions = [s.model_copy(deep=True) for s in data.sessions]
        for s in copy.sessions:
            for t in s.turns:
                t.request = t.request.model_copy(
                    update={"en": f"{MARKER} {t.request.en}"}
                )
                t.gold_answer = t.gold_answer.model_copy(
                    update={"en": f"{MARKER} {t.gold_answer.en}"}
                )
        copy.by_id = {s.session_id: s for s in copy.sessions}
        return copy

    monkeypatch.setattr(kf_fit, "split_data", planted)
    monkeypatch.setattr(gym_env, "split_data", planted)
    table = kf_fit.fit(built_dataset, max_sessions=SESSIONS)
    assert set(asked) == {"train"}
    assert MARKER not in json.dumps(table, ensure_ascii=False)
    # the planting works: a table fitted on the planted split would carry the marker
    test_split = planted(built_dataset, "test")
    assert MARKER in test_split.sessions[0].turns[0].request.en


def test_fitted_table_is_cached(
    built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    first = kf_fit.fitted_table(built_dataset, max_sessions=2, cache_dir=tmp_path)
    files = list((tmp_path / "knowledge_free").glob("*.json"))
    assert len(files) == 1 and files[0].stem == first["fit"]["fingerprint"]
    kf_fit.clear_memory()

    def no_fit(*args, **kwargs):
        raise AssertionError("refitted although the table was cached")

    monkeypatch.setattr(kf_fit, "fit", no_fit)
    again = kf_fit.fitted_table(built_dataset, max_sessions=2, cache_dir=tmp_path)
    assert again == first
    with pytest.raises(AssertionError, match="refitted"):  # other settings: another key
        kf_fit.fitted_table(built_dataset, max_sessions=3, cache_dir=tmp_path)


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(
    "name,args",
    [
        ("knowledge-free", {}),
        ("knowledge-free", {"topic_oracle": True}),
        ("extractor", {}),
    ],
)
def test_whole_sessions_in_both_languages(
    built_dataset: Path, table: dict, name: str, args: dict, language: str
):
    config = EvalConfig(
        run_id="kf-test",
        dataset=str(built_dataset),
        split="test",
        languages=[language],
        agent={"name": "no-tool", "args": {}},
    )
    sessions = split_data(built_dataset, "test").sessions[:3]
    agent_args = {"dataset": str(built_dataset), "max_sessions": SESSIONS} | args
    for s in sessions:
        agent = make_agent(name, **agent_args)
        record = run_episode(config, (s.session_id, language, 0), agent)
        assert record.error is None
        assert [t.index for t in record.turns] == [0, 1, 2, 3]
        assert all(t.termination == "answer_given" for t in record.turns)
        assert all(t.answer for t in record.turns)
        if language == "zh":
            assert any(
                "\u4e00" <= ch <= "\u9fff" for t in record.turns for ch in t.answer
            )


_QUOTES = " \t\n\"'“”「」‘’"


def _read_back(clause: str, seen: list[str]) -> bool:
    """Every piece of ``clause`` (between sentence and clause marks) stands verbatim in
    something the agent saw (a quote of the patient's words, a record row)."""
    pieces = [p for p in re.split(r"[。！？.!?；;，,：:]\s*", clause) if _bare(p)]
    return bool(pieces) and all(any(_bare(p) in t for t in seen) for p in pieces)


def _bare(clause: str) -> str:
    """A clause without the quotes and end marks around it (a patient's words quoted in an
    answer end in '."', the same words as read back end in '.')."""
    return clause.strip(_QUOTES + ".。").strip(_QUOTES)


def test_extractor_never_states_a_decision(built_dataset: Path, table: dict):
    config = EvalConfig(
        run_id="kf-test",
        dataset=str(built_dataset),
        split="test",
        languages=["en", "zh"],
        agent={"name": "no-tool", "args": {}},
    )
    decisions = {
        _bare(c)
        for lang in ("en", "zh")
        for texts in table["candidates"][lang].values()
        for text in texts
        for c in clauses(text)
        if text
    }
    assert decisions, "the table has no decision candidates to look for"
    extractor_table = kf_fit.fitted_table(
        built_dataset, max_sessions=SESSIONS, search=False
    )
    assert not extractor_table["choice"]
    for lang in ("en", "zh"):
        for s in split_data(built_dataset, "test").sessions:
            agent = KnowledgeFreeAgent(extractor_table, decide=False, reads_only=True)
            record = run_episode(config, (s.session_id, lang, 0), agent)
            for turn in record.turns:
                assert not any(c["name"].endswith(".create") for c in turn.tool_calls)
                said = {_bare(c) for c in clauses(turn.answer or "")}
                # a clause the agent read back (a record row, the patient's own words,
                # whole or in pieces) is extraction, whatever gold answer also quotes it
                seen = [str(o.get("text") or "") for o in turn.outcomes]
                own = {c for c in said if not _read_back(c, seen)}
                assert not own & decisions, (s.session_id, turn.answer)


def test_odd_observations_never_crash(table: dict):
    odd_contents = [
        None,
        "",
        "ERROR: the server is down",
        '{"resourceType": "Bundle", "entry": []}',
        "- not a row | x = y",
        "- 2100-01-01 | Potassium = (H) [ref",
        "- 2100-01-01 00:00 | Potassium = 5e99 mEq/L (HH) [ref 3.5-5.1]",
        "Observation: 1 result(s)\n- 9999-99-99 | ??? = ???",
        "\x00\ud800 garbage",
    ]
    for lang in ("en", "zh"):
        for content in odd_contents:
            for decide in (True, False):
                agent = KnowledgeFreeAgent(table, decide=decide)
                agent.start(
                    {"language": lang, "current_date": "2100-01-02", "hadm_id": None}
                )
                msgs = [
                    {"role": "system", "content": "x"},
                    {"role": "user", "content": "What's the latest potassium?"},
                ]
                first = agent.act(msgs, [])
                calls = first.get("tool_calls", []) if isinstance(first, dict) else []
                msgs.append(
                    first
                    if isinstance(first, dict)
                    else {"role": "assistant", "content": first}
                )
                for c in calls:
                    msgs.append(
                        {
                            "role": "tool",
                            "name": c["function"]["name"],
                            "content": content,
                        }
                    )
                reply = agent.act(msgs, [])
                assert isinstance(reply, str | dict)
    # nothing at all, and a chat with only errors
    agent = KnowledgeFreeAgent(table, decide=True)
    agent.start({"language": "en"})
    assert isinstance(agent.act([], []), str)
    assert isinstance(agent.act([{"role": "user", "content": "ERROR: x"}], []), str)


def test_facts_copy_values_markers_and_trends():
    result = parse_result(
        "Observation.search",
        "Observation: 3 result(s), showing 3, newest first\n"
        "- 2100-01-03 05:00 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]\n"
        "- 2100-01-02 05:00 | Potassium = 4.1 mEq/L [ref 3.5-5.1]\n"
        "- 2100-01-01 05:00 | Potassium = 3.2 mEq/L (L) [ref 3.5-5.1]",
    )
    en = render_facts([result], "en", threshold=0.1)
    assert "latest 5.9 mEq/L (2100-01-03 05:00), high" in en
    assert "first 3.2" in en and "rising" in en and "lowest 3.2" in en
    zh = render_facts([result], "zh", names={"potassium": "血钾"}, threshold=0.1)
    assert zh.startswith("血钾：最近一次 5.9 mEq/L") and "偏高" in zh and "上升" in zh


def test_outcome_baselines(built_dataset: Path, table: dict):
    train = split_data(built_dataset, "train").sessions
    test = split_data(built_dataset, "test").sessions
    result = evaluate(train, test, table["entities"]["rows"])
    for lang in ("en", "zh"):
        row = result[lang]
        assert row["items"] > 0
        assert 0.0 <= row["majority_outcome"] <= 1.0
        assert 0.0 <= row["chart_marker"] <= 1.0
        assert sum(t["items"] for t in row["topics"].values()) == row["items"]
    # every decision item has a label, and value/tool items are not decisions
    for s in test:
        for t in s.turns:
            for _, item in decision_items(t):
                assert is_decision(item) and outcome(item, "en")
            for item in t.rubric:
                if item.check.kind in ("tool", "no_fabrication") and not item.critical:
                    assert not is_decision(item)


def test_the_policies_import_no_medicine():
    """The knowledge-free modules import no clinical rules, vocabularies, heuristic or
    grader internals, and no scenario code but the data model."""
    import ast

    import physassist_env.agents.knowledge_free as pkg

    forbidden = (
        "physassist_env.clinical",
        "physassist_env.vocab",
        "physassist_env.agents.heuristic",
        "physassist_env.grading",
    )
    for path in Path(pkg.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                assert not name.startswith(forbidden), (path.name, name)
                if name.startswith("physassist_env.scenarios"):
                    assert name == "physassist_env.scenarios.model", (path.name, name)


def test_benchmark_table_reports_each_task_type():
    """``benchmarks/knowledge_free.py`` states mRS and the share of turns per task type
    (the lookups an extractor answers fully are told apart from the decisions)."""
    import importlib.util

    from physassist_env.grading import GraderSpec, TurnResult

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "knowledge_free.py"
    spec = importlib.util.spec_from_file_location("kf_benchmark", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def turn(session: str, index: int, task: str, score: float) -> TurnResult:
        return TurnResult(
            run_id="r",
            session_id=session,
            language="en",
            scenario="med_safety",
            tier="L1",
            arc_index=0,
            turn_index=index,
            task_type=task,
            implicitness="explicit",
            score=score,
            n_items=3,
            grader=GraderSpec(name="rules"),
        )

    rows = [
        turn("a", 0, "IL", 1.0),
        turn("a", 1, "IL", 0.5),
        turn("a", 2, "CR", 0.0),
        turn("a", 3, "WU", 0.5),
    ]
    got = bench.table(rows, "en")
    assert got["mRS"] == 0.5 and got["turns"] == 4
    assert got["by_task_type"]["IL"] == {"mRS": 0.75, "share": 0.5}
    assert got["by_task_type"]["DG"] == {"mRS": None, "share": 0.0}
    assert got["by_task_type"]["CR"]["mRS"] == 0.0
    assert "by_topic" not in got
    topics = {("a", 0): "last_dose", ("a", 1): "last_dose", ("a", 2): "kdigo_aki"}
    got = bench.table(rows, "en", topics)
    assert got["by_topic"]["last_dose"] == {"mRS": 0.75, "turns": 2}
    assert got["by_topic"]["kdigo_aki"] == {"mRS": 0.0, "turns": 1}
    assert got["by_topic"]["?"]["turns"] == 1
    result = {
        "dataset": "D",
        "test_sessions": 1,
        "fit_dataset": "D",
        "fit": {"sample_sessions": 1, "train_sessions": 1, "gradings": 1, "seconds": 0},
        "languages": ["en"],
        "agents": {"oracle": {"en": got}},
        "topic_accuracy": {"en": 1.0},
        "outcomes": {
            "en": {
                "items": 0,
                "majority_outcome": 0.0,
                "chart_marker": 0.0,
                "topics": {},
            }
        },
    }
    text = bench.render(result)
    assert "| oracle | 0.500 |" in text and "0.750 / - / 0.000 / 0.500" in text
    assert "IL 50.0 %, DG 0.0 %, CR 25.0 %, WU 25.0 %" in text
    assert "| last_dose | 2 | 0.750 |" in text
