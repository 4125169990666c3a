"""``physassist serve-mcp``: the EHR, write and interview tools through the ``mcp`` client."""

from __future__ import annotations

import argparse

import pytest

from physassist_env.adapters.chart import ChartTools
from physassist_env.env.data import split_data
from physassist_env.patient.interview import TOOL_NAMES as INTERVIEW_TOOLS

mcp = pytest.importorskip(
    "mcp",
    reason="the [mcp] extra (pip install 'physassistbench[mcp]') is not installed",
)
anyio = pytest.importorskip("anyio")
if not hasattr(mcp, "Client"):
    pytest.skip("needs the mcp v2 client API (mcp>=2.0)", allow_module_level=True)


@pytest.fixture(scope="module")
def session_tools(built_dataset):
    data = split_data(built_dataset, "test")
    session = next(
        s
        for s in data.sessions
        if any(a.name.endswith(".create") for t in s.turns for a in t.gold_actions)
        and any(a.name in INTERVIEW_TOOLS for t in s.turns for a in t.gold_actions)
    )

    def make() -> ChartTools:
        return ChartTools(
            data.record(session.patient_id),
            as_of=session.current_date,
            patient_seed=data.seed,
        )

    return session, make


def _gold_calls(session):
    return [(a.name, a.arguments) for t in session.turns for a in t.gold_actions]


def test_mcp_client_lists_and_calls_every_kind_of_tool(session_tools):
    from physassist_env.adapters.mcp_server import make_server

    session, make = session_tools
    direct, served = make(), make()
    calls = _gold_calls(session)

    async def main():
        async with mcp.Client(make_server(served)) as client:
            listed = await client.list_tools()
            names = {t.name for t in listed.tools}
            assert {"Observation.search", "Patient.read"} <= names
            assert any(n.endswith(".create") for n in names)
            assert {"ask_patient"} <= names
            out = []
            for name, args in calls:
                res = await client.call_tool(name, args)
                out.append((res.content[0].text, res.is_error))
            bad = await client.call_tool("No.such_tool", {})
            assert bad.is_error and "unknown tool" in bad.content[0].text
            return out

    texts = anyio.run(main)
    # the same calls in-process give the same texts: MCP adds nothing and loses nothing
    expected = []
    for name, args in calls:
        r = direct.call(name, args)
        expected.append((r.text, not r.ok))
    assert texts == expected
    assert all(not err for _, err in texts)
    assert served.created and len(served.created) == len(direct.created)


def test_chart_tools_reject_bad_calls_without_raising(session_tools):
    _, make = session_tools
    tools = make()
    assert not tools.call("Observation.search", {"date_from": "not a date"}).ok
    bad = tools.call("ask_patient", {})
    assert not bad.ok and bad.text.startswith("ERROR: ") and "Error:" not in bad.text
    # a number for a text argument is read as its text, and the result says so
    coerced = tools.call("Observation.search", {"code": 5})
    assert "code given as a number was read as the text '5'" in coerced.text


def test_serve_mcp_arguments_select_the_session(built_dataset):
    from physassist_env.cli.serve_mcp import chart_tools

    data = split_data(built_dataset, "test")
    s = data.sessions[1]
    ns = argparse.Namespace(
        source=None,
        dataset=str(built_dataset),
        split="test",
        session=s.session_id,
        language="zh",
    )
    tools = chart_tools(ns)
    assert tools.record.patient_id == s.patient_id and tools.as_of == s.current_date
    assert tools.language == "zh"
    with pytest.raises(ValueError, match="not in the test split"):
        chart_tools(argparse.Namespace(**{**vars(ns), "session": "nope"}))


def test_serve_mcp_over_stdio(built_dataset):
    """The CLI as an MCP client launches it: a subprocess speaking MCP on stdio."""
    import os
    import sys

    from mcp.client.stdio import StdioServerParameters

    s = split_data(built_dataset, "test").sessions[0]
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "physassist_env.cli.main", "serve-mcp"]
        + ["--dataset", str(built_dataset), "--session", s.session_id],
        env=dict(os.environ),
    )

    async def main():
        async with mcp.Client(params) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            res = await client.call_tool("Patient.read", {})
            return names, res.content[0].text, res.is_error

    names, text, is_error = anyio.run(main)
    assert "Observation.search" in names and "ask_patient" in names
    assert not is_error and s.patient_id in text


def test_serve_mcp_stdio_answers_malformed_json_rpc(built_dataset):
    """A garbage line, 100,000-deep nesting and a batch get JSON-RPC errors; the server
    keeps serving the next request."""
    import json
    import os
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-m", "physassist_env.cli.main", "serve-mcp"]
        + ["--dataset", str(built_dataset)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )

    def ask(line: bytes) -> dict:
        proc.stdin.write(line + b"\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    try:
        assert ask(b"garbage")["error"]["code"] == -32700
        assert ask(b"[" * 100_000)["error"]["code"] == -32700
        assert ask(b"[]")["error"]["code"] == -32600
        reply = ask(b'{"jsonrpc": "2.0", "id": 7, "method": 5}')
        assert reply["error"]["code"] == -32600 and reply["id"] == 7
        init = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        }
        assert "result" in ask(json.dumps(init).encode())
        proc.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "Patient.read", "arguments": {}},
        }
        result = ask(json.dumps(call).encode())["result"]
        assert not result["isError"] and "Patient/" in result["content"][0]["text"]
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
