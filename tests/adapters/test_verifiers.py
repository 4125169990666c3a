"""The verifiers taskset through verifiers' own CLIs: ``vf-eval`` with a stub model, ``vf-validate``.

A scripted OpenAI-compatible model (:mod:`stub_model`) plays whole sessions through
``vf-eval physassist``; the rewards must be the Gymnasium env's for the same messages.
A policy that tries to read the gold answers from the dataset's files gets no file
access and scores what knowing nothing scores.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "verifiers.v1",
    reason="the [verifiers] extra (pip install 'physassistbench[verifiers]') is not installed",
)
import anyio  # noqa: E402
import verifiers.v1 as vf  # noqa: E402
from verifiers.v1.judges.rubric import load_criteria  # noqa: E402
from verifiers.v1.utils.loaders import (  # noqa: E402
    default_harness_id,
    environment_class,
    harness_class,
    taskset_class,
)

from physassist_env.adapters.verifiers_taskset import (  # noqa: E402
    PhysAssistConfig,
    PhysAssistHarness,
    PhysAssistHarnessConfig,
    PhysAssistVfEnv,
    PhysAssistVfEnvConfig,
    rubric_criteria,
    write_rubric,
)
from physassist_env.env.data import split_data  # noqa: E402
from physassist_env.env.gym_env import PhysAssistEnv  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from stub_model import make_app, opening_key, serve  # noqa: E402

BIN = Path(sys.executable).parent


def _cli(name: str) -> str:
    path = BIN / name
    if not path.exists():
        found = shutil.which(name)
        if not found:
            pytest.skip(f"{name} is not installed beside {sys.executable}")
        return found
    return str(path)


def _oracle(session, *, hermes=False, refuse=None):
    """Gold calls (standard tool calls, or Hermes text) and answers; a refusal on ``refuse``."""
    steps = []
    for turn in session.turns:
        if turn.index == refuse:
            steps.append(("text", "I cannot determine this."))
            continue
        kind = "hermes" if hermes else "call"
        steps += [(kind, c.name, c.arguments) for c in turn.gold_actions]
        steps.append(("text", turn.gold_answer.en))
    return steps


def _gold_reader(dataset: Path, session):
    """A policy that tries to read the gold answers from the dataset files with a shell
    (as a coding-agent harness would let it), then answers with what it read."""
    command = f"cat {dataset}/sessions/*.parquet; grep -r gold_answer {dataset}"
    steps = []
    for _ in session.turns:
        steps += [("call", "bash", {"command": command}), ("echo_tool",)]
    return steps


def _gym_play(dataset: Path, session, steps):
    """The same messages through ``PhysAssist-v0``: its turn scores."""
    env = PhysAssistEnv(dataset=dataset, split="test")
    env.reset(options={"session_id": session.session_id})
    info, last_tool = {}, ""
    for i, step in enumerate(steps):
        if step[0] == "call":
            action = {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"call_{i}",
                        "type": "function",
                        "function": {
                            "name": step[1].replace(".", "_"),
                            "arguments": json.dumps(step[2]),
                        },
                    }
                ],
            }
        elif step[0] == "hermes":
            action = f"<tool_call>{json.dumps({'name': step[1], 'arguments': step[2]})}</tool_call>"
        elif step[0] == "echo_tool":
            action = last_tool
        else:
            action = step[1]
        _, _, term, trunc, info = env.step(action)
        tools = [m for m in env.episode.messages if m["role"] == "tool"]
        last_tool = tools[-1]["content"] if tools else ""
        if term or trunc:
            break
    return info["turn_scores"]


@pytest.fixture(scope="module")
def sessions(built_dataset):
    return split_data(built_dataset, "test").sessions


@pytest.fixture(scope="module")
def scripted(built_dataset, sessions):
    """Scripts for three sessions: standard tool calls, Hermes text with a refusal, and
    the gold reader; keyed as the stub recognises them."""
    plays = {
        sessions[0].session_id: _oracle(sessions[0]),
        sessions[1].session_id: _oracle(sessions[1], hermes=True, refuse=1),
        sessions[2].session_id: _gold_reader(built_dataset, sessions[2]),
    }
    scripts = {}
    for s in sessions[:3]:
        env = PhysAssistEnv(dataset=built_dataset, split="test")
        env.reset(options={"session_id": s.session_id})
        scripts[opening_key(env.episode.messages)] = plays[s.session_id]
    return plays, scripts


def _vf_eval(built_dataset, tmp_path, scripts, *extra):
    seen: list[dict] = []
    with serve(make_app(scripts, seen)) as url:
        cmd = [
            _cli("vf-eval"),
            "physassist",
            "--env.taskset.dataset",
            str(built_dataset),
            "-n",
            "3",
            "--no-push",
            "--client.base-url",
            f"{url}/v1",
            "--client.api-key-var",
            "PHYSASSIST_STUB_KEY",
            "-m",
            "stub",
            "-o",
            str(tmp_path),
            *extra,
        ]
        env = {**os.environ, "PHYSASSIST_STUB_KEY": "stub"}
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (traces,) = tmp_path.glob("*/traces.jsonl")
    out = {}
    for line in traces.read_text().splitlines():
        for trace in json.loads(line)["traces"]:
            assert trace["ok"], trace["errors"]
            out[trace["task"]["data"]["session_id"]] = trace
    log = "\n".join(p.read_text() for p in tmp_path.glob("*/logs/*/eval.log"))
    return out, seen, log


def test_loaded_by_id_with_its_env_and_harness(built_dataset, sessions):
    assert environment_class("physassist") is PhysAssistVfEnv
    assert default_harness_id("physassist") == "physassist"
    assert harness_class("physassist") is PhysAssistHarness
    assert not PhysAssistHarness.EXECUTES_CODE
    taskset = taskset_class("physassist")(
        PhysAssistConfig(id="physassist", dataset=str(built_dataset))
    )
    tasks = list(taskset)
    assert [t.data.session_id for t in tasks] == [s.session_id for s in sessions]
    assert tasks[0].data.prompt is None and tasks[0].key.endswith("/en")
    # grader-only data is not in what the taskset hands out
    dumped = tasks[0].data.model_dump_json()
    for turn in sessions[0].turns:
        assert turn.gold_answer.en not in dumped


def test_vf_eval_plays_full_sessions_with_the_gym_rewards(
    built_dataset, sessions, scripted, tmp_path
):
    plays, scripts = scripted
    traces, seen, log = _vf_eval(built_dataset, tmp_path, scripts)
    # the model was offered exactly the benchmark's tools, and no shell
    offered = {t["function"]["name"] for t in seen[0]["tools"]}
    assert "Observation_search" in offered and "ask_patient" in offered
    assert not offered & {"bash", "edit", "search"}
    for s in sessions[:3]:
        want = _gym_play(built_dataset, s, plays[s.session_id])
        trace = traces[s.session_id]
        got = [trace["metrics"][f"turn_{i}_score"] for i in range(len(s.turns))]
        assert got == want, s.session_id
        reward = trace["rewards"]["physassist_score"]["score"]
        assert reward == pytest.approx(sum(want) / len(want))
    a, b, c = (traces[s.session_id] for s in sessions[:3])
    assert a["rewards"]["physassist_score"]["score"] == 1.0
    assert b["metrics"]["turn_1_score"] < 1.0 == b["metrics"]["turn_0_score"]
    # the gold reader read nothing: its "answers" are the refusal of an unknown tool
    assert c["rewards"]["physassist_score"]["score"] == 0.0
    # the console logs the reward it recorded (not reward=0.000 for a 1.0 rollout)
    assert "reward=1.000" in log


def test_coding_harness_in_the_subprocess_runtime_is_refused(built_dataset):
    from verifiers.v1.utils.loaders import harness_config_type

    config = PhysAssistVfEnvConfig(
        taskset=PhysAssistConfig(id="physassist", dataset=str(built_dataset)),
        player=vf.AgentConfig(
            harness=harness_config_type("bash")(id="bash"),
            runtime=vf.SubprocessConfig(),
        ),
    )
    with pytest.raises(ValueError, match="gold answers is readable"):
        PhysAssistVfEnv(config)


def test_hermes_format_describes_the_tools_in_the_system_message():
    seen: list[dict] = []
    harness = PhysAssistHarness(
        PhysAssistHarnessConfig(id="physassist", tool_format="hermes")
    )
    data = vf.TaskData(id="x", prompt=[vf.UserMessage(content="Physician: potassium?")])

    class Ctx:
        model = "stub"

    async def call(url):
        return await harness.launch(Ctx(), None, None, f"{url}/v1", "k", {}, data)

    with serve(make_app({}, seen)) as url:
        result = anyio.run(call, url)
    assert result.exit_code == 0
    body = seen[0]
    assert "tools" not in body
    system = body["messages"][0]
    assert system["role"] == "system" and "<tool_call>" in system["content"]
    assert "Observation_search" in system["content"] and "bash" not in system["content"]


def test_vf_validate_checks_every_task(built_dataset, tmp_path):
    run = subprocess.run(
        [
            _cli("vf-validate"),
            "physassist",
            "--taskset.dataset",
            str(built_dataset),
            "-n",
            "4",
            "--runtime.type",
            "subprocess",
            "-o",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    (summary,) = tmp_path.glob("**/summary.json")
    got = json.loads(summary.read_text())
    assert got["checks"]["gold"]["valid"] == 4 and got["checks"]["noop"]["valid"] == 4
    assert got["outcomes"]["unchecked"] == 0 and got["valid_rate"] == 1.0


def test_rubric_exported_as_verifiers_criteria(built_dataset, tmp_path):
    sessions = split_data(built_dataset, "test").sessions
    turns = [t for s in sessions for t in s.turns if t.rubric]
    # a turn with a safety item (negative points) when the build has one
    turn = next((t for t in turns if any(i.points < 0 for i in t.rubric)), turns[0])
    crits = rubric_criteria(turn, "zh")
    assert all(isinstance(c, vf.Criterion) for c in crits)
    assert [c.name for c in crits] == [i.id for i in turn.rubric]
    for c, item in zip(crits, turn.rubric, strict=True):
        assert c.text == item.criterion.zh and c.weight == abs(item.points)
        assert c.choices[-1] == ("no" if item.points < 0 else "yes")
    loaded = load_criteria(write_rubric(tmp_path / "rubric.json", turn, "zh"))
    assert loaded == crits
