"""The OpenEnv server: PhysAssist-v0's rewards over HTTP, WebSocket and OpenEnv's own clients.

Also: bad requests get a 4xx naming the field and leave the connection usable, episode
ids are issued by the server (another client cannot step an episode), the benchmark's
tools are reachable over OpenEnv's MCP route, ``AutoEnv`` finds the environment and
``openenv validate`` passes on the package.
"""

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
MAX_EPISODES = 8
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
    app = make_app(built_dataset, max_episodes=MAX_EPISODES)
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 300  # a guard far above a loaded start
    while not srv.started and time.monotonic() < deadline:
        threading.Event().wait(0.05)
    assert srv.started, "the OpenEnv server did not start within 300 s"
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
    # a finished episode says so; an unknown one is an error, not a new episode
    with httpx.Client(base_url=server, timeout=60) as http:
        r = http.post("/step", json={"action": {"content": "x", "episode_id": eid}})
        assert r.status_code == 409 and "finished" in r.json()["detail"]


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


BAD_RESETS = [
    ({"index": 99999}, 400, "index"),
    ({"index": -1}, 400, "index"),
    ({"index": "2"}, 400, "index"),
    ({"language": "fr"}, 400, "language"),
    ({"split": "bogus"}, 400, "split"),
    ({"session_id": "no-such-session"}, 404, "session_id"),
    ({"episode_id": "chosen-by-me"}, 400, "episode_id"),
]


def test_bad_requests_get_a_4xx_naming_the_field_on_one_connection(server):
    with httpx.Client(base_url=server, timeout=60) as http:
        for body, status, field in BAD_RESETS:
            r = http.post("/reset", json=body)
            assert (r.status_code, r.json()["field"]) == (status, field), body
            assert field in r.json()["detail"]
        steps = [
            ({"content": "x"}, 409),  # no episode_id: step before reset
            ({"content": "x", "episode_id": "made-up"}, 404),
        ]
        for action, status in steps:
            r = http.post("/step", json={"action": action})
            assert r.status_code == status and r.json()["field"] == "episode_id"
        assert (
            http.post("/step", json={"action": {"tool_calls": []}}).status_code == 422
        )
        # the keep-alive connection still serves after every error
        ok = http.post("/reset", json={"index": 0})
        assert ok.status_code == 200 and ok.json()["observation"]["episode_id"]
        assert len(http.get("/health").content) > 0


def test_limits_host_and_origin(server):
    with httpx.Client(base_url=server, timeout=60) as http:
        deep = http.post(
            "/step",
            content=b"[" * 100_000,
            headers={"content-type": "application/json"},
        )
        assert deep.status_code == 400 and "nested" in deep.json()["detail"]
        big = http.post(
            "/step",
            content=b" " * 2_000_000,
            headers={"content-type": "application/json"},
        )
        assert big.status_code == 413
        evil = http.post("/reset", json={}, headers={"host": "evil.example"})
        assert evil.status_code == 403 and "Host" in evil.json()["detail"]
        origin = http.post("/reset", json={}, headers={"origin": "http://evil.example"})
        assert origin.status_code == 403
        mcp = http.post("/mcp", content=b"{not json")
        assert mcp.status_code == 400 and mcp.json()["error"]["code"] == -32700


def test_episodes_are_isolated_and_bounded(server, built_dataset):
    with (
        httpx.Client(base_url=server, timeout=60) as a,
        httpx.Client(base_url=server, timeout=60) as b,
    ):
        eid = a.post("/reset", json={"index": 0}).json()["observation"]["episode_id"]
        assert len(eid) >= 32  # 192 random bits, issued by the server
        # another client cannot choose that id, and /state shows it nothing of A's
        r = b.post("/reset", json={"index": 1, "episode_id": eid})
        assert r.status_code == 400
        state = b.get("/state").json()
        assert state.get("episode_id") != eid and not state.get("session_id")
        # more resets than the bound evict the least recently used episode
        for _ in range(MAX_EPISODES):
            b.post("/reset", json={"index": 1})
        r = a.post("/step", json={"action": {"content": "x", "episode_id": eid}})
        assert r.status_code == 410 and str(MAX_EPISODES) in r.json()["detail"]


def test_mcp_tool_client_lists_and_calls_the_benchmark_tools(server, built_dataset):
    import asyncio

    from openenv.core.mcp_client import MCPToolClient

    from physassist_env.tool_schemas import all_tool_schemas

    session = split_data(built_dataset, "test").sessions[0]
    call = next(c for t in session.turns for c in t.gold_actions)
    env = PhysAssistEnv(dataset=built_dataset, split="test")
    env.reset(options={"session_id": session.session_id})
    want = env.step(
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "c",
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
            ],
        }
    )[0]

    async def main():
        async with MCPToolClient(base_url=server) as client:
            names = [t.name for t in await client.list_tools()]
            with pytest.raises(RuntimeError, match="reset first"):
                await client.call_tool(call.name, **call.arguments)
            await client.reset(index=0)
            got = await client.call_tool(call.name, **call.arguments)
            answer = await client.step(
                PhysAssistAction(content="I cannot determine this.")
            )
            return names, got, answer

    names, got, answer = asyncio.run(main())
    assert names == [s["function"]["name"] for s in all_tool_schemas("en")]
    assert got == want
    assert answer.reward is not None and answer.reward < 1.0


def test_autoenv_finds_the_environment(server, tmp_path, monkeypatch):
    from openenv import AutoEnv

    try:
        from importlib.metadata import distribution

        distribution("openenv-physassist")
    except Exception:
        pytest.skip("openenv-physassist (hubs/openenv-physassist) is not installed")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no stale discovery cache
    env = AutoEnv.from_env("physassist", base_url=server)
    assert isinstance(env, PhysAssistClient)
    with env.sync() as e:
        result = e.reset(index=1)
    assert result.observation.episode_id and result.observation.tools


def _openenv_cli() -> str:
    import sys

    cli = Path(sys.executable).parent / "openenv"
    if not cli.exists():
        pytest.skip("the openenv CLI is not installed beside this interpreter")
    return str(cli)


def test_openenv_validate_passes_on_the_package(tmp_path):
    """``openenv validate`` on the package's tracked files (as a fresh checkout has them):
    the manifest passes, and nothing fails at the default level (its runtime checks
    need Docker and are skipped with a reason)."""
    import shutil
    import subprocess

    cli = _openenv_cli()
    if not (REPO / ".git").exists():
        pytest.skip("not a git checkout")
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.split(b"\0")
    copy = tmp_path / "pkg"
    for name in filter(None, files):
        src = REPO / name.decode()
        assert not src.is_symlink(), f"tracked symbolic link {name.decode()}"
        if src.is_file():
            dst = copy / name.decode()
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    static = subprocess.run(
        [cli, "validate", str(copy), "--level", "static"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert static.returncode == 0, static.stdout + static.stderr
    assert "PASS  static.manifest" in static.stdout
    assert "Verdict: PASS" in static.stdout
    full = subprocess.run(
        [cli, "validate", str(copy)], capture_output=True, text=True, timeout=300
    )
    assert full.returncode == 0, full.stdout + full.stderr
    assert "FAIL" not in full.stdout and "ERROR" not in full.stdout


def test_openenv_validate_passes_on_the_running_server(server):
    import subprocess

    run = subprocess.run(
        [_openenv_cli(), "validate", "--url", server, "--timeout", "60"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASS  mcp_endpoint" in run.stdout and "Verdict: PASS" in run.stdout
