"""The ``openai`` agent against a real local HTTP mock of an OpenAI-compatible server."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from pathlib import Path

import pytest
from mock_openai import MockOpenAI, Reply, clinical_script, completion, text_reply

from physassist_env.agents import make_agent
from physassist_env.agents import openai_agent as oa
from physassist_env.env.actions import parse_action
from physassist_env.env.prompts import all_tool_schemas
from physassist_env.evaluation import EvalConfig, read_episodes, run_eval
from physassist_env.evaluation.runner import ERRORS

WAIT_S = 120.0  # a guard: how long the mock waits for requests that should overlap

SECRET = "sk-test-DO-NOT-LEAK-4f2a9c"
KEY_ENV = "PHYSASSIST_TEST_OPENAI_KEY"
TOOLS = all_tool_schemas("en")
CHAT = [
    {"role": "system", "content": "You are a physician's assistant."},
    {"role": "user", "content": "Latest creatinine?"},
]


@pytest.fixture(autouse=True)
def _fresh_endpoint_memory(monkeypatch):
    monkeypatch.setattr(oa, "_PROMPTED_ENDPOINTS", set())


def _agent(mock: MockOpenAI, **kw):
    args = {"model": "mock", "base_url": mock.base_url, "backoff": 0.0} | kw
    return make_agent("openai", **args)


def _config(dataset: Path, mock: MockOpenAI, **agent_args) -> EvalConfig:
    args = {"model": "mock", "base_url": mock.base_url, "backoff": 0.0} | agent_args
    return EvalConfig(
        run_id="openai-test",
        dataset=str(dataset),
        agent={"name": "openai", "args": args},
        languages=["en"],
        limit=2,
        concurrency=2,
    )


def _episode_requests(mock: MockOpenAI) -> list[dict]:
    """The requests of the episodes (the pre-flight's small requests have max_tokens 1)."""
    return [r for r in mock.requests if r["body"].get("max_tokens") != 1]


def _function_names(body: dict) -> list[str]:
    names = [t["function"]["name"] for t in body.get("tools") or []]
    for m in body["messages"]:
        names += [c["function"]["name"] for c in m.get("tool_calls") or []]
    return names


def test_native_tool_calls_end_to_end_with_the_key_kept_secret(
    built_dataset, tmp_path, monkeypatch, caplog
):
    monkeypatch.setenv(KEY_ENV, SECRET)
    caplog.set_level(logging.DEBUG)
    out = tmp_path / "run"
    with MockOpenAI() as mock:
        cfg = _config(built_dataset, mock, api_key_env=KEY_ENV, tool_mode="native")
        records = run_eval(cfg, out, progress=False)
    assert len(records) == 2 and not (out / ERRORS).exists()
    for rec in records:
        assert rec.turns and all(t.answer for t in rec.turns)
        names = [c["name"] for t in rec.turns for c in t.tool_calls]
        assert names and {"Patient.read", "Observation.search"} <= set(names)
        # the agent mapped the API names back: the chat holds the dotted names
        sent = [
            c["function"]["name"]
            for m in rec.messages
            if m["role"] == "assistant"
            for c in m.get("tool_calls") or []
        ]
        assert sent and all("." in n for n in sent)
    # on the wire: tools and history with API-safe names only, the key as a Bearer header
    assert all(r["body"].get("tools") for r in _episode_requests(mock))
    wire = [n for r in mock.requests for n in _function_names(r["body"])]
    assert "Observation_search" in wire and not [n for n in wire if "." in n]
    assert all(
        r["headers"]["Authorization"] == f"Bearer {SECRET}" for r in mock.requests
    )
    assert all(
        m["role"] != "tool" or set(m) == {"role", "tool_call_id", "content"}
        for r in mock.requests
        for m in r["body"]["messages"]
    )
    # ... and nowhere else
    for path in out.iterdir():
        assert SECRET not in path.read_text(encoding="utf-8"), path.name
    assert SECRET not in caplog.text
    agent = json.loads((out / "config.json").read_text())["agent"]
    assert agent["args"]["api_key_env"] == KEY_ENV and SECRET not in json.dumps(agent)


def test_no_key_no_header_and_key_is_never_an_argument(monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    with MockOpenAI() as mock:
        agent = _agent(mock, api_key_env=KEY_ENV)
        agent.act(CHAT, TOOLS)
        assert "Authorization" not in mock.requests[0]["headers"]
        with pytest.raises(ValueError, match="accepted arguments"):
            make_agent("openai", model="m", base_url=mock.base_url, api_key=SECRET)
    assert (
        "api_key_env" in agent.spec.args and SECRET not in agent.spec.model_dump_json()
    )


def test_prompted_tools_when_the_endpoint_rejects_tools(built_dataset, tmp_path):
    out = tmp_path / "run"
    with MockOpenAI(reject_tools=True) as mock:
        records = run_eval(_config(built_dataset, mock), out, progress=False)
    assert len(records) == 2 and not (out / ERRORS).exists()
    assert all(c["name"] for r in records for t in r.turns for c in t.tool_calls)
    assert sum(bool(t.tool_calls) for r in records for t in r.turns) >= 4
    # the pre-flight's one request with tools was rejected: every episode is prompted
    with_tools = [i for i, r in enumerate(mock.requests) if r["body"].get("tools")]
    assert with_tools == [1]
    preflight = json.loads((out / "config.json").read_text())["preflight"]
    assert preflight["args"] == {"tool_mode": "prompted"}
    assert "rejects requests with tools" in preflight["notes"][0]
    later = [r["body"]["messages"] for r in _episode_requests(mock)]
    assert all("<tools>" in msgs[0]["content"] for msgs in later)
    flat = [m for msgs in later for m in msgs]
    assert all(m["role"] != "tool" and "tool_calls" not in m for m in flat)
    assert any("<tool_response" in m["content"] for m in flat if m["role"] == "user")
    assert any("<tool_call>" in m["content"] for m in flat if m["role"] == "assistant")


def test_auto_mode_falls_back_to_prompted_on_a_400_without_preflight():
    with MockOpenAI(reject_tools=True) as mock:
        agent = _agent(mock)
        reply = agent.act(CHAT, TOOLS)
    assert "<tool_call>" in reply["content"]
    assert [bool(r["body"].get("tools")) for r in mock.requests] == [True, False]
    assert (agent.url, "mock") in oa._PROMPTED_ENDPOINTS


def test_native_mode_does_not_fall_back():
    with MockOpenAI(reject_tools=True) as mock:
        with pytest.raises(oa.EndpointError, match="HTTP 400") as err:
            _agent(mock, tool_mode="native").act(CHAT, TOOLS)
    assert err.value.status == 400 and len(mock.requests) == 1  # 4xx is not retried


def test_retries_on_500_429_and_503_then_succeeds():
    normal = clinical_script()

    def script(body, n):
        if n == 0:
            return Reply("upstream exploded", status=500)
        if n == 1:
            return Reply(
                {"error": "slow down"}, status=429, headers={"Retry-After": "0"}
            )
        if n == 2:
            return Reply("busy", status=503)
        return normal(body, n)

    with MockOpenAI(script) as mock:
        reply = _agent(mock, max_retries=3).act(CHAT, TOOLS)
    assert len(mock.requests) == 4
    assert reply["tool_calls"][0]["function"]["name"] == "Patient.read"


def test_a_timeout_is_not_retried_and_names_the_flags():
    with MockOpenAI(hold=lambda n: True) as mock:
        with pytest.raises(oa.EndpointError) as err:
            _agent(mock, timeout=0.3, max_retries=3).act(CHAT, TOOLS)
    text = str(err.value)
    assert len(mock.requests) == 1 and err.value.kind == "timeout"
    assert err.value.stops_run
    assert "no reply within 0.3 s" in text and "not retried" in text
    assert "--timeout" in text and "--max-tokens" in text and "--concurrency" in text


def test_retry_timeouts_sends_a_timed_out_request_again():
    # the first request is held (times out); the second is answered, within a timeout
    # that a local mock meets on a loaded machine too
    with MockOpenAI(hold=lambda n: n == 0) as mock:
        agent = _agent(mock, timeout=3.0, retry_timeouts=True, max_retries=1)
        reply = agent.act(CHAT, TOOLS)
    assert len(mock.requests) == 2 and reply["tool_calls"]


def test_backoff_doubles():
    agent = make_agent("openai", model="m", backoff=1.0)
    delays = [agent.client.delay(a, None) for a in (1, 2, 3, 4)]
    assert [
        round(d / b, 2) <= 1.25 and d / b >= 0.75
        for d, b in zip(delays, (1, 2, 4, 8), strict=True)
    ] == [True] * 4
    assert (
        agent.client.delay(9, None) <= 30 * 1.25 and agent.client.delay(1, "2") == 2.0
    )


@pytest.mark.parametrize(
    ("reply", "why"),
    [
        (Reply("<html>Bad gateway</html>"), "malformed reply"),
        (Reply({"object": "chat.completion"}), "no 'choices'"),
        (Reply({"choices": []}), "no 'choices'"),
        (Reply({"choices": [{"text": "legacy"}]}), "choices\\[0\\].message"),
    ],
)
def test_malformed_replies_raise_a_clear_error_without_retrying(reply, why):
    with MockOpenAI(lambda body, n: reply) as mock:
        with pytest.raises(oa.EndpointError, match=why) as err:
            _agent(mock, max_retries=2).act(CHAT, TOOLS)
    # a malformed body does not change on a second try
    assert len(mock.requests) == 1 and err.value.kind == "malformed"
    assert not err.value.stops_run


def test_text_replies_in_native_mode():
    call = {"name": "Observation_search", "arguments": {"code": "creatinine"}}
    replies = {
        0: text_reply(f"Checking.<tool_call>{json.dumps(call)}</tool_call>"),
        1: completion({"content": "Creatinine 1.2 mg/dL."}),  # no tool_calls key
        2: completion(
            {
                "content": None,
                "tool_calls": [
                    {"type": "function", "function": {"name": "Patient_read"}}
                ],
            }
        ),
    }
    with MockOpenAI(lambda body, n: replies[n]) as mock:
        agent = _agent(mock)
        first, second, third = (agent.act(CHAT, TOOLS) for _ in range(3))
    parsed = parse_action(first)
    assert (
        parsed.calls[0].name == "Observation_search" and parsed.content == "Checking."
    )
    assert parse_action(second).answer == "Creatinine 1.2 mg/dL."
    assert third["tool_calls"][0]["function"] == {
        "name": "Patient.read",
        "arguments": "{}",
    }


def test_malformed_endpoint_makes_error_episodes_retried_on_resume(
    built_dataset, tmp_path
):
    state = {"broken": True}
    normal = clinical_script()

    def script(body, n):
        probe = body.get("max_tokens") == 1  # the pre-flight's requests work
        return (
            Reply("not json at all")
            if state["broken"] and not probe
            else normal(body, n)
        )

    out = tmp_path / "run"
    with MockOpenAI(script) as mock:
        cfg = _config(built_dataset, mock, max_retries=1)
        assert run_eval(cfg, out, progress=False) == []
        errors = [json.loads(line) for line in (out / ERRORS).read_text().splitlines()]
        assert len(errors) == 2
        assert all(
            "EndpointError" in e["error"] and "malformed reply" in e["error"]
            for e in errors
        )
        state["broken"] = False
        records = run_eval(cfg, out, progress=False)
    assert {r.key for r in records} == {
        (e["session_id"], e["language"], e["trial"]) for e in errors
    }
    assert all(r.error is None and r.turns for r in read_episodes(out))


def test_aact_calls_overlap_and_act_works_inside_a_running_loop():
    # the mock answers none of the first 8 requests until all 8 are in flight at once
    # (a barrier; its timeout only guards a run whose calls do not overlap, which then
    # fails): overlap is seen on a loaded machine too, without timing anything
    in_flight = threading.Barrier(8, timeout=WAIT_S)

    def all_in_flight(n: int) -> float:
        if n < 8:
            in_flight.wait()
        return 0.0

    with MockOpenAI(latency=all_in_flight) as mock:
        agent = _agent(mock)

        async def many():
            return await asyncio.gather(*(agent.aact(CHAT, TOOLS) for _ in range(8)))

        replies = asyncio.run(many())

        async def sync_inside_loop():
            return agent.act(CHAT, TOOLS)

        assert asyncio.run(sync_inside_loop())["tool_calls"]
    assert len(replies) == 8 and all(r["tool_calls"] for r in replies)
    assert not in_flight.broken


def test_prompted_messages_shape():
    history = [
        *CHAT,
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {
                        "name": "Observation.search",
                        "arguments": '{"code": "creatinine"}',
                    },
                }
            ],
        },
        {
            "role": "tool",
            "tool_call_id": "c1",
            "name": "Observation.search",
            "content": "Creatinine 1.2 mg/dL",
        },
    ]
    msgs = oa.prompted_messages(history, TOOLS, "zh")
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user"]
    assert (
        "<tools>" in msgs[0]["content"]
        and "Observation.search" in msgs[0]["content"]
        and "工具" in msgs[0]["content"]
    )
    assert parse_action(msgs[2]["content"]).calls[0].arguments == {"code": "creatinine"}
    assert msgs[3]["content"].startswith('<tool_response name="Observation.search">')


def test_invalid_arguments_say_what_is_valid():
    with pytest.raises(ValueError, match="native, prompted, auto"):
        make_agent("openai", model="m", tool_mode="tools")
    with pytest.raises(ValueError, match="http://"):
        make_agent("openai", model="m", base_url="localhost:8000")
    with pytest.raises(ValueError, match="needs model"):
        make_agent("openai", model="")
