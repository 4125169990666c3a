"""The ``openai`` agent against the ways real servers behave (issue #44, the agent parts of #42).

Fake servers in-process (``mock_openai.MockOpenAI``), deterministic: a server "too slow"
is one that holds the request until the test ends (no sleep races the client's
timeout); a server "that drops tools" answers HTTP 200 and counts the prompt tokens of
what its template shows the model, as llama.cpp does with a template that cannot render
tools (the reply's shape, ``usage`` plus ``timings``, is llama.cpp's documented one, not
a capture of a live server).
"""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from mock_openai import MockOpenAI, Reply, clinical_script

from physassist_env.agents import PreflightError, make_agent
from physassist_env.agents import openai_agent as oa
from physassist_env.cli.main import main
from physassist_env.env.prompts import all_tool_schemas, system_prompt
from physassist_env.evaluation import EvalConfig, read_episodes, run_eval
from physassist_env.evaluation.runner import ERRORS, RunStopped


@pytest.fixture(autouse=True)
def _fresh_endpoint_memory(monkeypatch):
    monkeypatch.setattr(oa, "_PROMPTED_ENDPOINTS", set())


def _agent(mock: MockOpenAI, **kw):
    return make_agent(
        "openai", **({"model": "mock", "base_url": mock.base_url, "backoff": 0.0} | kw)
    )


def _eval_argv(dataset: Path, url: str, out: Path, *extra: str) -> list[str]:
    return [
        "eval",
        "--agent",
        "openai",
        "--model",
        "mock",
        "--base-url",
        url,
        "--dataset",
        str(dataset),
        "--languages",
        "en",
        "--limit",
        "1",
        "--out",
        str(out),
        "--no-progress",
        *extra,
    ]


def _episode_requests(mock: MockOpenAI) -> list[dict]:
    return [r for r in mock.requests if r["body"].get("max_tokens") != 1]


# ------------------------------------------------------------ tools dropped with 200
def test_a_server_that_drops_tools_is_detected_and_the_run_uses_prompted_tools(
    built_dataset, tmp_path, capsys
):
    out = tmp_path / "run"
    with MockOpenAI(drop_tools=True, usage=True) as mock:
        code = main(_eval_argv(built_dataset, mock.base_url, out))
    err = capsys.readouterr().err
    assert code == 0, err
    # said on the console ...
    assert "does not show model 'mock' the tools" in err
    assert "switching to prompted tools" in err
    # ... and recorded in the run's config, with the measurement
    preflight = json.loads((out / "config.json").read_text())["preflight"]
    assert preflight["args"] == {"tool_mode": "prompted"}
    facts = preflight["facts"]
    assert facts["prompt_tokens_with_tools"] == facts["prompt_tokens_without_tools"]
    assert facts["tool_schema_tokens_estimate"] > 2000
    # every episode request is prompted: no `tools`, the tool block in the system message
    sent = _episode_requests(mock)
    assert sent and not any(r["body"].get("tools") for r in sent)
    assert all("<tools>" in r["body"]["messages"][0]["content"] for r in sent)
    # and episodes.jsonl carries the usage of every turn
    records = read_episodes(out)
    assert records and all(t.usage is not None for r in records for t in r.turns)
    assert all(t.usage.prompt_tokens > 0 for r in records for t in r.turns)


def test_a_server_that_renders_tools_stays_native():
    with MockOpenAI(usage=True) as mock:
        found = _agent(mock).preflight()
    assert found.args == {"tool_mode": "native"}
    assert (
        found.facts["prompt_tokens_with_tools"]
        > found.facts["prompt_tokens_without_tools"] + 2000
    )
    assert found.notes[0].startswith("native tools: usage.prompt_tokens is")


@pytest.mark.parametrize("supports", [False, True])
def test_llama_cpp_props_decide_without_a_request_with_tools(supports):
    props = {
        "build_info": "b6000-0000000",
        "chat_template_caps": {"supports_tools": supports, "supports_tool_calls": True},
    }
    with MockOpenAI(props=props) as mock:
        found = _agent(mock).preflight()
    assert found.args == {"tool_mode": "native" if supports else "prompted"}
    assert "/props" in mock.gets
    assert len(mock.requests) == 1 and not mock.requests[0]["body"].get("tools")
    assert found.facts["chat_template_caps"]["supports_tools"] is supports


def test_native_mode_on_a_server_that_drops_tools_fails_before_the_run():
    with MockOpenAI(drop_tools=True, usage=True) as mock:
        with pytest.raises(PreflightError, match="the run would have no tools"):
            _agent(mock, tool_mode="native").preflight()


def test_a_server_without_usage_keeps_auto_mode_and_says_so():
    with MockOpenAI() as mock:
        found = _agent(mock).preflight()
    assert found.args == {}
    assert (
        "could not tell" in found.notes[0]
        and "no usage.prompt_tokens" in found.notes[0]
    )


def test_prompted_mode_sends_no_request_with_tools_in_the_preflight():
    with MockOpenAI(usage=True) as mock:
        found = _agent(mock, tool_mode="prompted").preflight()
    assert found.args == {} and len(mock.requests) == 1
    assert not mock.requests[0]["body"].get("tools")


# ----------------------------------------------------------------- prompt caches
def _two_sessions() -> list[list[dict]]:
    return [
        [
            {
                "role": "system",
                "content": system_prompt(
                    "en", patient_id=pid, hadm_id=hadm, current_date=day
                ),
            },
            {"role": "user", "content": "Latest creatinine?"},
        ]
        for pid, hadm, day in (
            ("p-100", "h-1", "2180-01-02"),
            ("p-200", "h-2", "2181-03-04"),
        )
    ]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_system_prompt_ends_with_its_one_session_line(language):
    text = system_prompt(language, patient_id="p-9", hadm_id="h-9", current_date="2199")
    static, facts = oa.split_session_line(text)
    assert "p-9" in facts and "h-9" in facts and "2199" in facts
    assert "p-9" not in static and static and text == f"{static}\n{facts}"


def test_prompted_requests_put_the_tool_block_before_the_session_line():
    tools = all_tool_schemas("en")
    with MockOpenAI() as mock:
        agent = _agent(mock, tool_mode="prompted")
        for chat in _two_sessions():
            agent.act(chat, tools)
    first, second = (r["body"]["messages"][0]["content"] for r in mock.requests)
    # identical up to the session line, which comes after the whole tool block
    shared = first[: first.index("Patient: p-100")]
    assert second.startswith(shared) and "</tools>" in shared
    assert "Patient.read()" in shared  # the compact form: one signature line per tool
    assert len(shared) < 6000  # the JSON schemas alone are over 12,000 characters


def test_native_requests_keep_the_system_message_the_same_for_every_session():
    tools = all_tool_schemas("en")
    with MockOpenAI() as mock:
        agent = _agent(mock, tool_mode="native")
        for chat in _two_sessions():
            agent.act(chat, tools)
    a, b = (r["body"] for r in mock.requests)
    assert a["tools"] == b["tools"] and a["messages"][0] == b["messages"][0]
    assert "p-100" not in a["messages"][0]["content"]
    assert a["messages"][1]["content"].startswith("Patient: p-100. Admission: h-1.")
    assert a["messages"][1]["content"].endswith("Latest creatinine?")


# ----------------------------------------------------------- timeouts fail fast
def test_a_server_that_never_answers_fails_the_preflight_with_the_fix(
    built_dataset, tmp_path, capsys
):
    out = tmp_path / "run"
    with MockOpenAI(hold=lambda n: True) as mock:
        code = main(_eval_argv(built_dataset, mock.base_url, out, "--timeout", "0.3"))
        posts = len(mock.requests)
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1, err
    assert "no reply within 0.3 s" in err and "not retried" in err
    assert "--timeout SECONDS (now 0.3;" in err and "--max-tokens" in err
    assert posts == 1  # sent once, never again


def test_a_run_stops_at_the_first_timeout_and_resumes_later(
    built_dataset, tmp_path, capsys
):
    out = tmp_path / "run"
    # the pre-flight's two requests are answered, the episodes' requests never
    with MockOpenAI(hold=lambda n: n >= 2) as mock:
        url, port = mock.base_url, mock._server.server_address[1]
        argv = _eval_argv(built_dataset, url, out, "--timeout", "0.3")
        argv[argv.index("--limit") + 1] = "3"
        code = main([*argv, "--concurrency", "2"])
        posts = len(mock.requests)
    err = capsys.readouterr().err
    assert code == 1, err
    assert "stopped: agent model request" in err and "--timeout SECONDS" in err
    assert "run the same command to resume" in err
    # one request per episode that started (at most 2 at once), none sent twice, and
    # the third episode never started
    assert 3 <= posts <= 4
    errors = [json.loads(x) for x in (out / ERRORS).read_text().splitlines()]
    assert errors and errors[0]["stops_run"] is True
    # the server on the same address answers now: the same command with the longer
    # timeout the message asked for resumes the run and finishes it
    with MockOpenAI(port=port) as mock:
        argv = _eval_argv(built_dataset, url, out, "--timeout", "60")
        argv[argv.index("--limit") + 1] = "3"
        assert main(argv) == 0, capsys.readouterr().err
    assert len(read_episodes(out)) == 3


def test_run_eval_raises_run_stopped(built_dataset, tmp_path):
    with MockOpenAI(hold=lambda n: n >= 2) as mock:
        config = EvalConfig(
            run_id="stop",
            dataset=str(built_dataset),
            languages=["en"],
            limit=1,
            agent={
                "name": "openai",
                "args": {"model": "mock", "base_url": mock.base_url, "timeout": 0.3},
            },
        )
        with pytest.raises(RunStopped, match="no reply within 0.3 s"):
            run_eval(config, tmp_path / "run", progress=False)


# ------------------------------------------------------ wrong URL, unknown model
def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_wrong_url_fails_in_one_line_before_any_episode(
    built_dataset, tmp_path, capsys
):
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    out = tmp_path / "run"
    assert main(_eval_argv(built_dataset, url, out)) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "nothing answers at" in err
    assert "--base-url" in err and not (out / "episodes.jsonl").exists()


def test_a_model_the_server_does_not_serve_fails_with_the_names_it_serves():
    def script(body, n):
        if body.get("model") != "qwen2.5-7b":
            return Reply({"error": {"message": "model not found"}}, status=404)
        return clinical_script()(body, n)

    with MockOpenAI(script, models=["qwen2.5-7b"]) as mock:
        with pytest.raises(PreflightError) as err:
            _agent(mock, model="qwen-7b").preflight()
    assert "model 'qwen-7b' is not served" in str(err.value)
    assert "'qwen2.5-7b'" in str(err.value) and "--model" in str(err.value)


def test_a_server_that_answers_for_any_name_is_only_noted():
    with MockOpenAI(models=["/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf"]) as mock:
        found = _agent(mock).preflight()
    assert "does not list model 'mock'" in found.notes[0]
    assert found.facts["served_models"] == ["/models/Qwen2.5-7B-Instruct-Q4_K_M.gguf"]


def test_a_refused_key_fails_the_preflight(monkeypatch):
    def script(body, n):
        return Reply({"error": "no key"}, status=401)

    monkeypatch.delenv("PHYSASSIST_TEST_NO_KEY", raising=False)
    with MockOpenAI(script) as mock:
        with pytest.raises(
            PreflightError, match=r"HTTP 401 \(is the key in \$PHYSASSIST"
        ):
            _agent(mock, api_key_env="PHYSASSIST_TEST_NO_KEY").preflight()


# ----------------------------------------------------------------------- usage
def test_usage_per_turn_with_cached_tokens(built_dataset, tmp_path):
    config = EvalConfig(
        run_id="usage",
        dataset=str(built_dataset),
        languages=["en"],
        limit=1,
        agent={"name": "openai", "args": {"model": "mock"}},
    )
    with MockOpenAI(usage=True) as mock:
        config.agent["args"]["base_url"] = mock.base_url
        records = run_eval(config, tmp_path / "run", progress=False)
        requests = len(_episode_requests(mock))
    turns = [t for r in records for t in r.turns]
    assert turns and sum(t.usage.requests for t in turns) == requests
    assert all(t.usage.steps == t.usage.requests for t in turns)
    assert all(t.usage.completion_tokens >= t.usage.requests for t in turns)
    # each request of a turn repeats the one before: the server's cache served it
    assert any(t.usage.cached_tokens for t in turns[1:])
    assert all(t.usage.seconds >= 0 for t in turns)
