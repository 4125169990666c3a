"""Imported sessions: the agent sees an opaque id; the release id stays grader-only and
round-trips through export exactly (issue #19).

Every surface an agent reads is scanned for the scenario names and the release ids:
the Gymnasium env (reset and step observations and info, the whole chat, with the gold
tool calls played so every tool output is included), the TRL adapter (dataset rows and
prompts, tool-method outputs), the MCP chart tools, and the OpenEnv and verifiers
adapters when their extras are installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from official_fixtures import diagnostic_line, jsonl, med_safety_line

from physassist_env.agents import make_agent
from physassist_env.dataset import load_sessions
from physassist_env.dataset.build import build_dataset
from physassist_env.env.data import split_data
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.official import export_official, import_official
from physassist_env.official.importer import opaque_session_id
from physassist_env.scenarios.model import Scenario, Session

#: Release numbers that are neither 0-based nor contiguous (an export must keep them).
MED_NUMBERS = (17, 3)


def _release(root: Path) -> Path:
    """A release with med_safety_17, med_safety_3 and diagnostic_workup_5."""
    root.mkdir(parents=True, exist_ok=True)
    lines = [med_safety_line(9001, n) for n in MED_NUMBERS]
    for line in lines:  # an EHR call that also carries the release's routing id
        line["answer_list"][0][0]["action"]["arguments"]["session_id"] = line[
            "session_id"
        ]
    (root / "med_safety.jsonl").write_text(jsonl(lines), encoding="utf-8")
    (root / "diagnostic_workup.jsonl").write_text(
        jsonl([diagnostic_line(9002, 5)]), encoding="utf-8"
    )
    return root


def _release_ids(root: Path) -> dict[str, list[tuple[str, str]]]:
    """``(id, session_id)`` per file, in file order."""
    out = {}
    for f in sorted(root.glob("*.jsonl")):
        lines = [json.loads(x) for x in f.read_text().splitlines() if x.strip()]
        out[f.name] = [(x["id"], x["session_id"]) for x in lines]
    return {k: v for k, v in out.items() if v}


@pytest.fixture(scope="module")
def official_build(
    tmp_path_factory: pytest.TempPathFactory, tiny_mimic: Path
) -> tuple[Path, Path]:
    """(release folder, dataset built from it with ``build --source official``)."""
    root = tmp_path_factory.mktemp("opaque")
    release = _release(root / "release")
    out = root / "ds"
    build_dataset("official", out, path=release, mimic=tiny_mimic, progress=False)
    return release, out


def _forbidden(sessions: list[Session]) -> list[str]:
    """What must never reach the agent: scenario names and release ids (and their prefix)."""
    words = [s.value for s in Scenario] + ["physassistbench_"]
    for s in sessions:
        assert s.release_id
        words += [s.release_id, s.release_id.removeprefix("physassistbench_")]
    return words


def _assert_clean(text: str, forbidden: list[str], where: str) -> None:
    found = [w for w in forbidden if w in text]
    assert not found, (where, found)


def test_imported_ids_are_opaque_deterministic_and_seeded(
    official_build: tuple[Path, Path],
) -> None:
    release, _ = official_build
    a, _, problems = import_official(release)
    b, _, _ = import_official(release)
    c, _, _ = import_official(release, seed=1)
    assert not problems
    assert [s.session_id for s in a] == [s.session_id for s in b]
    assert {s.session_id for s in a}.isdisjoint(s.session_id for s in c)
    assert sorted(s.release_id for s in a) == sorted(
        [f"physassistbench_med_safety_{n}" for n in MED_NUMBERS]
        + ["physassistbench_diagnostic_workup_5"]
    )
    forbidden = _forbidden(a)
    for s in a:
        _assert_clean(s.session_id, forbidden, "session_id")
        # the native shape: <patient>-<admission>-<8 hex>
        assert s.session_id == opaque_session_id(
            s.release_id or "", s.patient_id, s.hadm_id
        )
        pid, hadm, tag = s.session_id.rsplit("-", 2)
        assert (pid, hadm) == (s.patient_id, s.hadm_id or "none")
        assert len(tag) == 8 and int(tag, 16) >= 0
    assert len({s.session_id for s in a}) == len(a)


def test_export_round_trips_release_ids_exactly(
    official_build: tuple[Path, Path], tmp_path: Path
) -> None:
    release, dataset = official_build
    sessions = load_sessions(dataset)
    assert len(sessions) == 3
    export_official(sessions, tmp_path / "out")
    got = _release_ids(tmp_path / "out")
    assert {k: sorted(v) for k, v in got.items()} == {
        k: sorted(v) for k, v in _release_ids(release).items()
    }
    # written in release-number order
    assert [i for i, _ in got["med_safety.jsonl"]] == ["med_safety_3", "med_safety_17"]
    # exported again after a re-import: the same ids (the agent-visible ones differ by seed)
    again, _, problems = import_official(tmp_path / "out", seed=7)
    assert not problems
    export_official(again, tmp_path / "out2")
    assert _release_ids(tmp_path / "out2") == got


def test_export_numbers_ours_around_imported_ones(
    official_build: tuple[Path, Path], synthetic_generated: Any, tmp_path: Path
) -> None:
    release, _ = official_build
    imported, _, _ = import_official(release)
    ours = [
        s for s in synthetic_generated.sessions if s.scenario == Scenario.MED_SAFETY
    ][:4]
    assert len(ours) == 4
    export_official([*ours, *imported], tmp_path / "mixed")
    ids = [i for i, _ in _release_ids(tmp_path / "mixed")["med_safety.jsonl"]]
    # the imported keep theirs (first, by number); ours take the free numbers from 0
    assert ids == [
        "med_safety_3",
        "med_safety_17",
        "med_safety_0",
        "med_safety_1",
        "med_safety_2",
        "med_safety_4",
    ]
    with pytest.raises(ValueError, match="appears twice"):
        twin = imported[0].model_copy(update={"session_id": "other"})
        export_official([imported[0], twin], tmp_path / "twice")


def test_gym_env_shows_no_scenario_or_release_id(
    official_build: tuple[Path, Path],
) -> None:
    _, dataset = official_build
    for language in ("en", "zh"):
        env = PhysAssistEnv(dataset=dataset, split="test", language=language)
        forbidden = _forbidden(env.data.sessions)
        for session in env.data.sessions:
            oracle = make_agent("oracle")
            oracle.start({"gold_session": session, "language": language})
            obs, info = env.reset(options={"session_id": session.session_id})
            seen = [obs, repr(info)]
            done, steps, tool_steps = False, 0, 0
            while not done and steps < 60:
                action = oracle.act(info["messages"], info["tools"])
                obs, _, term, trunc, info = env.step(action)
                seen += [obs, repr(info)]
                tool_steps += info["messages"][-1]["role"] == "tool"
                done, steps = term or trunc, steps + 1
            assert done and tool_steps > 0, session.release_id
            assert info["session_id"] == session.session_id
            seen += [json.dumps(m, ensure_ascii=False) for m in info["messages"]]
            _assert_clean("\n".join(seen), forbidden, f"gym {language}")


def test_trl_rows_prompts_and_tools_show_no_scenario_or_release_id(
    official_build: tuple[Path, Path],
) -> None:
    pytest.importorskip("datasets")
    from physassist_env.env.trl import PhysAssistToolEnv, trl_dataset

    _, dataset = official_build
    forbidden = _forbidden(split_data(dataset, "test").sessions)
    rows = trl_dataset(dataset, split="test")
    assert len(rows) == 12
    for row in rows:
        _assert_clean(json.dumps(row, ensure_ascii=False), forbidden, "trl row")
        env = PhysAssistToolEnv()
        env.reset(**row)
        assert env.episode is not None
        turn = env.episode.session.turns[row["turn"]]
        for call in turn.gold_actions:
            out = env._call(call.name, dict(call.arguments))
            _assert_clean(out, forbidden, f"trl tool {call.name}")


def test_mcp_chart_tools_show_no_scenario_or_release_id(
    official_build: tuple[Path, Path],
) -> None:
    import argparse

    from physassist_env.cli.serve_mcp import chart_tools

    _, dataset = official_build
    data = split_data(dataset, "test")
    forbidden = _forbidden(data.sessions)
    for s in data.sessions:
        args = argparse.Namespace(
            source=None,
            dataset=str(dataset),
            split="test",
            session=s.session_id,
            language="en",
        )
        tools = chart_tools(args)
        for call in (a for t in s.turns for a in t.gold_actions):
            out = tools.call(call.name, dict(call.arguments))
            _assert_clean(str(out), forbidden, f"mcp {call.name}")


def test_openenv_tasks_and_observations_show_no_release_id(
    official_build: tuple[Path, Path],
) -> None:
    pytest.importorskip(
        "openenv.core.env_server",
        reason="the [openenv] extra (pip install 'physassistbench[openenv]') is not installed",
    )
    from physassist_env.openenv.environment import PhysAssistEnvironment

    _, dataset = official_build
    forbidden = _forbidden(split_data(dataset, "test").sessions)
    env = PhysAssistEnvironment(dataset)
    _assert_clean(repr(env.list_tasks("test")), forbidden, "openenv tasks")
    for i in range(env.num_tasks("test")):
        obs = env.reset(split="test", index=i)
        _assert_clean(obs.model_dump_json(), forbidden, "openenv reset")
        _assert_clean(env.state.model_dump_json(), forbidden, "openenv state")


def test_verifiers_tasks_show_no_release_id(
    official_build: tuple[Path, Path],
) -> None:
    pytest.importorskip(
        "verifiers.v1",
        reason="the [verifiers] extra (pip install 'physassistbench[verifiers]') is not installed",
    )
    from physassist_env.adapters.verifiers_taskset import (
        PhysAssistConfig,
        PhysAssistTaskset,
    )

    _, dataset = official_build
    forbidden = _forbidden(split_data(dataset, "test").sessions)
    taskset = PhysAssistTaskset(PhysAssistConfig(id="physassist", dataset=str(dataset)))
    tasks = list(taskset)
    assert len(tasks) == 3
    for task in tasks:
        _assert_clean(task.data.model_dump_json(), forbidden, "verifiers task")
        _assert_clean(task.key, forbidden, "verifiers key")
