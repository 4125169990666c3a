"""The run configuration is applied: changing each setting changes what the run does."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
import yaml

from physassist_env.agents import BaseAgent, register_agent
from physassist_env.cli.eval import build_config
from physassist_env.cli.main import main, make_parser
from physassist_env.dataset.loader import load_sessions
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.evaluation import EvalConfig, read_episodes, run_eval
from physassist_env.evaluation import runner as runner_module
from physassist_env.evaluation.episodes import agent_for
from physassist_env.evaluation.runner import episode_keys

WAIT_S = 120.0  # a guard: what a call waits at most for another to run beside it


class _Busy(BaseAgent):
    """Calls a search tool on every step (never answers) and tracks concurrency.

    A call waits (on a condition, up to :data:`WAIT_S`, a guard) until ``overlap`` calls
    have run at once in this run, so that episodes run concurrently are seen to overlap
    however slow the machine; with ``overlap`` 1 no call waits.
    """

    lock = threading.Condition()
    running = {"now": 0, "max": 0}
    overlap = 1

    def act(self, messages, tools):
        with self.lock:
            self.running["now"] += 1
            self.running["max"] = max(self.running["max"], self.running["now"])
            self.lock.notify_all()
            self.lock.wait_for(lambda: self.running["max"] >= self.overlap, WAIT_S)
            self.running["now"] -= 1
        return '<tool_call>{"name": "Observation.search", "arguments": {"code": "potassium"}}</tool_call>'


@register_agent("busy-test")
def _busy() -> _Busy:
    return _Busy()


def _config(dataset: Path, **kw) -> EvalConfig:
    base = {
        "run_id": "cfg",
        "dataset": str(dataset),
        "languages": ["en"],
        "limit": 1,
        "agent": {"name": "no-tool", "args": {}},
    }
    return EvalConfig(**(base | kw))


def _run(cfg: EvalConfig, out: Path):
    return read_episodes(out) if run_eval(cfg, out, progress=False) else []


def test_selection_settings_choose_the_episodes(built_dataset):
    test = {s.session_id for s in load_sessions(built_dataset, split="test")}
    val = load_sessions(built_dataset, split="validation")
    keys = episode_keys(_config(built_dataset, limit=None))
    assert {k[0] for k in keys} == test
    keys = episode_keys(_config(built_dataset, limit=None, split="validation"))
    assert {k[0] for k in keys} == {s.session_id for s in val}
    assert len(episode_keys(_config(built_dataset, limit=3))) == 3
    assert len(episode_keys(_config(built_dataset, limit=2, k=3))) == 6
    both = episode_keys(_config(built_dataset, limit=2, languages=["en", "zh"]))
    assert sorted({k[1] for k in both}) == ["en", "zh"]
    scenario = val[0].scenario.value
    keys = episode_keys(
        _config(built_dataset, limit=None, split="validation", scenarios=[scenario])
    )
    by_id = {s.session_id: s for s in val}
    assert keys and all(by_id[k[0]].scenario.value == scenario for k in keys)
    tier = val[0].tier.value
    keys = episode_keys(
        _config(built_dataset, limit=None, split="validation", tiers=[tier])
    )
    assert keys and all(by_id[k[0]].tier.value == tier for k in keys)


def test_env_id_and_env_args_reach_the_environment(built_dataset, tmp_path):
    session = load_sessions(built_dataset, split="test")[0]
    explicit = session.turns[0].request_explicit.en
    implicit_run = _run(_config(built_dataset), tmp_path / "a")
    by_id = _run(_config(built_dataset, env_id="PhysAssistExplicit-v0"), tmp_path / "b")
    by_arg = _run(_config(built_dataset, env_args={"implicit": False}), tmp_path / "c")
    assert by_id[0].turns[0].request == explicit == by_arg[0].turns[0].request
    implicit_requests = [t.request for t in implicit_run[0].turns]
    explicit_requests = [t.request for t in by_id[0].turns]
    if (
        implicit_requests == explicit_requests
    ):  # the first session may have no implicit turn
        pytest.skip("the first test session has no implicit turn in this small build")
    with pytest.raises(ValueError, match="run settings"):
        run_eval(
            _config(built_dataset, env_args={"split": "train"}),
            tmp_path / "d",
            progress=False,
        )


def test_agent_grader_and_history_are_applied(built_dataset, tmp_path):
    oracle = _run(
        _config(built_dataset, agent={"name": "oracle", "args": {}}), tmp_path / "o"
    )
    none = _run(_config(built_dataset), tmp_path / "n")
    assert all(t.result.score == 1.0 for t in oracle[0].turns)
    assert any((t.result.score or 0) < 1.0 for t in none[0].turns)
    session = load_sessions(built_dataset, split="test")[0]
    if len(session.turns) > 1:
        gold = _run(_config(built_dataset, history="gold"), tmp_path / "g")
        said = [m.get("content") for m in gold[0].messages if m["role"] == "assistant"]
        assert session.turns[0].gold_answer.en in said
        own = [m.get("content") for m in none[0].messages if m["role"] == "assistant"]
        assert session.turns[0].gold_answer.en not in own
    cfg = _config(built_dataset, grader={"name": "nope", "args": {}})
    out = tmp_path / "bad-grader"
    run_eval(cfg, out, progress=False)
    errors = (out / "errors.jsonl").read_text()
    assert "nope" in errors  # the grader setting reached the environment


def test_tool_budget_and_concurrency_are_applied(built_dataset, tmp_path):
    cfg = _config(
        built_dataset,
        agent={"name": "busy-test", "args": {}},
        max_tool_calls_per_turn=2,
        limit=3,
        concurrency=1,
    )
    _Busy.running["max"] = 0
    records = _run(cfg, tmp_path / "one")
    assert _Busy.running["max"] == 1
    first = records[0].turns[0]
    assert len(first.tool_calls) == 2 and first.result.budget_exhausted
    _Busy.running["max"], _Busy.overlap = 0, 2
    try:
        _run(
            cfg.model_copy(update={"concurrency": 3, "max_tool_calls_per_turn": 3}),
            tmp_path / "three",
        )
    finally:
        _Busy.overlap = 1
    assert _Busy.running["max"] > 1


def test_seed_and_backend_are_applied(built_dataset, tmp_path, monkeypatch):
    seen: list[int | None] = []
    reset = PhysAssistEnv.reset

    def spy(self, *, seed=None, options=None):
        seen.append(seed)
        return reset(self, seed=seed, options=options)

    monkeypatch.setattr(PhysAssistEnv, "reset", spy)
    _run(_config(built_dataset, seed=7, k=2), tmp_path / "s")
    assert sorted(seen) == [7, 8]
    called = []
    monkeypatch.setattr(
        runner_module, "run_on_ray", lambda c, todo, store: called.append(len(todo))
    )
    run_eval(_config(built_dataset, backend="ray"), tmp_path / "r", progress=False)
    assert called == [1]


def test_temperature_goes_to_agents_that_sample_and_only_to_them(built_dataset):
    hf = {"name": "hf", "args": {"model": "unused-path"}}
    assert (
        agent_for(_config(built_dataset, agent=hf, temperature=0.7)).temperature == 0.7
    )
    assert agent_for(_config(built_dataset, agent=hf)).temperature == 0.2  # the paper's
    with pytest.raises(ValueError, match="does not sample"):
        agent_for(_config(built_dataset, temperature=0.7))


def test_config_file_flags_override_and_config_json_round_trips(
    built_dataset, tmp_path
):
    run_yaml = tmp_path / "run.yaml"
    run_yaml.write_text(
        yaml.safe_dump(
            {
                "dataset": str(built_dataset),
                "languages": ["zh"],
                "limit": 1,
                "agent": {"name": "oracle"},
                "env_id": "PhysAssistExplicit-v0",
            }
        )
    )
    out = tmp_path / "run"
    argv = [
        "eval",
        "--config",
        str(run_yaml),
        "--limit",
        "2",
        "--out",
        str(out),
        "--no-progress",
    ]
    assert main(argv) == 0
    stored = json.loads((out / "config.json").read_text())
    assert stored["languages"] == ["zh"] and stored["limit"] == 2
    assert (
        stored["env_id"] == "PhysAssistExplicit-v0"
        and stored["agent"]["name"] == "oracle"
    )
    records = read_episodes(out)
    session = {s.session_id: s for s in load_sessions(built_dataset, split="test")}
    assert all(
        r.turns[0].request == session[r.session_id].turns[0].request_explicit.zh
        for r in records
    )
    # config.json itself is a valid --config: the same run resumes with nothing to do
    assert (
        main(
            [
                "eval",
                "--config",
                str(out / "config.json"),
                "--out",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text("nonsense_setting: 1\n")
    args = make_parser().parse_args(["eval", "--config", str(bad)])
    with pytest.raises(ValueError, match="unknown setting"):
        build_config(args)
