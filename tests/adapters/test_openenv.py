"""The OpenEnv server: a whole session over HTTP and WebSocket gives PhysAssist-v0's rewards."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip(
    "openenv.core.env_server",
    reason="the [openenv] extra (pip install 'physassistbench[openenv]') is not installed",
)
import httpx  # noqa: E402
import uvicorn  # noqa: E402

from physassist_env.env.data import split_data  # noqa: E402
from physassist_env.env.gym_env import PhysAssistEnv  # noqa: E402
from physassist_env.openenv.app import make_app  # noqa: E402
from physassist_env.openenv.client import PhysAssistClient  # noqa: E402
from physassist_env.openenv.models import PhysAssistAction  # noqa: E402

INDEX = 2
REPO = Path(__file__).resolve().parents[2]


def _script(session) -> list[PhysAssistAction]:
    """Gold calls and answers, with an invalid call first and a refusal on turn 1."""
    actions = [
        PhysAssistAction(
            content="", tool_calls=[{"name": "No.such_tool", "arguments": {}}]
        )
    ]
    for turn in session.turns:
        if turn.index == 1:
            actions.append(PhysAssistAction(content="I cannot determine this."))
            continue
        for call in turn.gold_actions:
            actions.append(
                PhysAssistAction(
                    content="",
                    tool_calls=[
                        {
                            "type": "function",
                            "function": {
                                "name": call.name,
                                "arguments": call.arguments,
                            },
                        }
                    ],
                )
            )
        actions.append(PhysAssistAction(content=turn.gold_answer.en))
    return actions


@pytest.fixture(scope="module")
def server(built_dataset):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(make_app(built_dataset), log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 30
    while not srv.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def expected(built_dataset):
    """Rewards, texts and the final summary of the script in the Gymnasium env."""
    session = split_data(built_dataset, "test").sessions[INDEX]
    env = PhysAssistEnv(dataset=built_dataset, split="test")
    text, _ = env.reset(options={"session_id": session.session_id})
    texts, rewards, info = [text], [], {}
    for action in _script(session):
        text, reward, term, trunc, info = env.step(action.to_message())
        texts.append(text)
        rewards.append(reward)
    assert term and not trunc
    return session, texts, rewards, info


def test_http_session_matches_the_gymnasium_env(server, expected):
    session, texts, rewards, info = expected
    with httpx.Client(base_url=server, timeout=60) as http:
        reset = http.post("/reset", json={"index": INDEX}).json()
        obs = reset["observation"]
        assert obs["text"] == texts[0] and obs["tools"]
        assert obs["metadata"]["session_id"] == session.session_id
        eid = obs["episode_id"]
        got, last = [], {}
        for action in _script(session):
            body = {"action": action.model_dump() | {"episode_id": eid}}
            last = http.post("/step", json=body).json()
            got.append(last["reward"])
            assert last["observation"]["text"] == texts[len(got)]
            if not last["done"]:  # nothing graded before the end
                assert "verdicts" not in last["observation"]["metadata"]
        assert last["done"] is True
    assert got == rewards
    assert last["observation"]["metadata"]["turn_scores"] == info["turn_scores"]
    assert info["turn_scores"][1] < 1.0 and info["turn_scores"][0] == 1.0
    # a finished episode is forgotten; an unknown one is an error, not a new episode
    with httpx.Client(base_url=server, timeout=60) as http:
        r = http.post("/step", json={"action": {"content": "x", "episode_id": eid}})
        assert r.status_code >= 400


def test_websocket_session_matches_the_gymnasium_env(server, expected):
    session, texts, rewards, info = expected
    with PhysAssistClient(base_url=server).sync() as env:
        result = env.reset(index=INDEX)
        assert result.observation.text == texts[0]
        got = []
        for action in _script(session):
            result = env.step(action)
            got.append(result.reward)
        state = env.state()
    assert got == rewards and result.done
    assert result.observation.metadata["turn_scores"] == info["turn_scores"]
    assert state.session_id == session.session_id and state.done
    assert state.turn_scores == info["turn_scores"]


def test_concurrent_websocket_sessions_are_isolated(server, built_dataset):
    sessions = split_data(built_dataset, "test").sessions
    results: dict[int, list[float]] = {}

    def play(index: int) -> None:
        with PhysAssistClient(base_url=server).sync() as env:
            env.reset(index=index)
            got = []
            for action in _script(sessions[index]):
                got.append(env.step(action).reward)
            results[index] = got

    threads = [threading.Thread(target=play, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    for i in range(4):
        env = PhysAssistEnv(dataset=built_dataset, split="test")
        env.reset(options={"session_id": sessions[i].session_id})
        want = [env.step(a.to_message())[1] for a in _script(sessions[i])]
        assert results[i] == want


def test_task_api_lists_agent_visible_facts_only(server, built_dataset):
    n = len(split_data(built_dataset, "test").sessions)
    with httpx.Client(base_url=server, timeout=60) as http:
        splits = http.get("/PhysAssist-v0/splits").json()
        assert any(s["name"] == "test" for s in splits)
        assert http.post("/PhysAssist-v0/num_tasks", json={"split": "test"}).json() in (
            n,
            {"num_tasks": n},
        )
        task = http.post(
            "/PhysAssist-v0/task", json={"split": "test", "index": 1}
        ).json()
        task = task.get("task", task)
        assert task["index"] == 1
        assert set(task) == {
            "id",
            "index",
            "patient_id",
            "hadm_id",
            "current_date",
            "n_turns",
        }
        bad = http.post("/PhysAssist-v0/task", json={"split": "test", "index": n})
        assert bad.status_code == 400


def test_openenv_yaml_is_a_valid_manifest():
    from openenv.validation.parsers.openenv_yaml import OpenEnvYamlParser

    manifest = OpenEnvYamlParser().parse(REPO)
    assert manifest.name == "physassist"
    assert manifest.reward.range == (0.0, 1.0)
    assert manifest.capabilities.task_api and not manifest.capabilities.llm_judged
