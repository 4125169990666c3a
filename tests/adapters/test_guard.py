"""The request guard of the hub servers, and who may bind where."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from physassist_env.server.guard import RequestGuard, access_settings


async def echo(request):
    return JSONResponse({"got": await request.json()})


async def boom(request):
    raise RuntimeError("broken handler")


APP = Starlette(
    routes=[
        Route("/echo", echo, methods=["POST"]),
        Route("/boom", boom, methods=["POST"]),
    ]
)


def _client(**kwargs) -> TestClient:
    guard = RequestGuard(APP, allowed_hosts={"testserver"}, max_body=200_000, **kwargs)
    return TestClient(guard, raise_server_exceptions=False)


def test_host_origin_and_token():
    http = _client(token="s3cret")
    ok = {"authorization": "Bearer s3cret"}
    assert http.post("/echo", json={"a": 1}, headers=ok).json() == {"got": {"a": 1}}
    r = http.post("/echo", json={}, headers={"authorization": "Bearer wrong"})
    assert r.status_code == 401 and "Bearer" in r.json()["detail"]
    assert r.headers["www-authenticate"].startswith("Bearer")
    r = http.post("/echo", json={}, headers={**ok, "host": "evil.example"})
    assert r.status_code == 403 and "DNS rebinding" in r.json()["detail"]
    r = http.post("/echo", json={}, headers={**ok, "origin": "http://evil.example"})
    assert r.status_code == 403
    r = http.post("/echo", json={}, headers={**ok, "origin": "http://testserver"})
    assert r.status_code == 200


def test_body_limits_and_no_bare_500():
    http = _client(jsonrpc_paths=("/echo",))
    assert http.post("/echo", content=b"1" * 300_000).status_code == 413
    deep = http.post("/echo", content=b"[" * 100_000)
    assert deep.status_code == 400 and deep.json()["error"]["code"] == -32700
    nan = http.post("/echo", content=b"NaN")
    assert nan.status_code == 400 and nan.json()["id"] is None
    # an unexpected error is a 500 that does not reach the server as an exception
    # (which would drop the keep-alive connection): the client sees no exception
    strict = TestClient(RequestGuard(APP), raise_server_exceptions=True)
    assert strict.post("/boom", json={}).status_code == 500


def test_non_loopback_bind_needs_opt_in_and_token(monkeypatch):
    monkeypatch.delenv("PHYSASSIST_X_TOKEN", raising=False)
    hosts, token = access_settings(
        "127.0.0.1", False, None, token_env="PHYSASSIST_X_TOKEN", command="x"
    )
    assert {"127.0.0.1", "localhost", "::1"} <= hosts and token is None
    with pytest.raises(ValueError, match="--allow-remote"):
        access_settings(
            "0.0.0.0", False, None, token_env="PHYSASSIST_X_TOKEN", command="x"
        )
    with pytest.raises(ValueError, match="token"):
        access_settings(
            "0.0.0.0", True, None, token_env="PHYSASSIST_X_TOKEN", command="x"
        )
    monkeypatch.setenv("PHYSASSIST_X_TOKEN", "t")
    hosts, token = access_settings(
        "0.0.0.0", True, None, token_env="PHYSASSIST_X_TOKEN", command="x"
    )
    assert token == "t" and "0.0.0.0" in hosts


def test_serve_mcp_refuses_a_non_loopback_host(built_dataset, capsys):
    pytest.importorskip("mcp")
    from physassist_env.cli.main import main

    args = ["serve-mcp", "--dataset", str(built_dataset), "--transport", "http"]
    assert main([*args, "--host", "0.0.0.0"]) == 2
    assert "--allow-remote" in capsys.readouterr().err
