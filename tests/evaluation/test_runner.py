"""`physassist eval`: runs, resumes after kills, records errors, shards on Ray."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from physassist_env.agents import BaseAgent, register_agent
from physassist_env.cli.main import main
from physassist_env.evaluation import EvalConfig, read_episodes, run_eval, turn_results
from physassist_env.evaluation.records import EPISODES


def _scores(run: Path) -> dict[tuple[str, str, int], list[float | None]]:
    return {r.key: [t.result.score for t in r.turns] for r in read_episodes(run)}


def test_oracle_run_scores_one_and_records_everything(built_dataset, tmp_path):
    out = tmp_path / "oracle"
    assert (
        main(
            [
                "eval",
                "--agent",
                "oracle",
                "--dataset",
                str(built_dataset),
                "--languages",
                "en,zh",
                "--out",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    cfg = json.loads((out / "config.json").read_text())
    assert (
        cfg["agent"]["name"] == "oracle"
        and cfg["versions"]["physassistbench"]
        and cfg["grader"]["name"] == "rules"
    )
    records = read_episodes(out)
    assert len(records) == 2 * len({r.session_id for r in records})
    results = turn_results(records)
    assert results and all(r.score == 1.0 for r in results)
    assert all(r.grader.name == "rules" for r in results)
    assert records[0].messages[0]["role"] == "system" and records[0].turns[0].outcomes


def test_resume_after_kills_matches_an_uninterrupted_run(built_dataset, tmp_path):
    args = [
        "eval",
        "--agent",
        "heuristic" if "heuristic" in _agents() else "no-tool",
        "--dataset",
        str(built_dataset),
        "--languages",
        "en,zh",
        "--concurrency",
        "2",
        "--no-progress",
    ]
    clean = tmp_path / "clean"
    assert main([*args, "--out", str(clean)]) == 0
    killed = tmp_path / "killed"
    cmd = [sys.executable, "-m", "physassist_env.cli.main", *args, "--out", str(killed)]
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    for delay in (0.0, 0.3, 0.7):
        proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        _wait_for_new_episode(killed / EPISODES, proc)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    with open(killed / EPISODES, "ab") as fh:  # simulate a line cut off mid-write
        fh.write(b'{"session_id": "cut')
    assert subprocess.run(cmd, env=env, capture_output=True).returncode == 0
    assert _scores(killed) == _scores(clean)
    lines = (killed / EPISODES).read_text().splitlines()
    assert len(lines) == len(set(lines)) == len(_scores(clean))
    assert (killed / "episodes.damaged.jsonl").read_bytes() == b'{"session_id": "cut\n'


def _wait_for_new_episode(
    path: Path, proc: subprocess.Popen, limit: float = 180
) -> None:
    """Block until ``proc`` has appended at least one more line to ``path`` (or exited)."""
    before = path.read_bytes().count(b"\n") if path.exists() else 0
    end = time.monotonic() + limit
    while time.monotonic() < end and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") > before:
            return
        time.sleep(0.05)


def _agents():
    from physassist_env.agents import registered_agents

    return registered_agents()


class _Flaky(BaseAgent):
    failures = {"n": 0}

    def act(self, messages, tools):
        if self.failures["n"] < 2:
            self.failures["n"] += 1
            raise ConnectionError("endpoint down")
        return "I do not know."


@register_agent("flaky-test")
def _flaky() -> _Flaky:
    return _Flaky()


def test_failed_episodes_are_kept_aside_and_retried(built_dataset, tmp_path):
    cfg = EvalConfig(
        run_id="flaky",
        dataset=str(built_dataset),
        agent={"name": "flaky-test", "args": {}},
        languages=["en"],
        limit=3,
        concurrency=1,
    )
    first = run_eval(cfg, tmp_path / "run", progress=False)
    assert len(first) == 1
    errors = (tmp_path / "run" / "errors.jsonl").read_text().splitlines()
    assert len(errors) == 2 and "endpoint down" in errors[0]
    assert len(run_eval(cfg, tmp_path / "run", progress=False)) == 3


def test_a_run_folder_refuses_another_configuration(built_dataset, tmp_path):
    base = EvalConfig(
        run_id="x",
        dataset=str(built_dataset),
        agent={"name": "no-tool", "args": {}},
        limit=1,
    )
    run_eval(base, tmp_path / "run", progress=False)
    with pytest.raises(ValueError, match="another configuration"):
        run_eval(
            base.model_copy(update={"agent": {"name": "oracle", "args": {}}}),
            tmp_path / "run",
            progress=False,
        )
    assert main(["eval", "--agent", "orcale", "--dataset", str(built_dataset)]) == 2


def test_ray_backend_gives_the_same_results(built_dataset, tmp_path, ray_local):
    base = EvalConfig(
        run_id="r",
        dataset=str(built_dataset),
        agent={"name": "oracle", "args": {}},
        languages=["en", "zh"],
        limit=4,
    )
    run_eval(base, tmp_path / "local", progress=False)
    run_eval(
        base.model_copy(update={"backend": "ray"}), tmp_path / "ray", progress=False
    )
    assert _scores(tmp_path / "ray") == _scores(tmp_path / "local")
