"""serve-fhir's security model: loopback by default, tokens, Host checks, caps, timeouts."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import httpx
import pytest

from physassist_env.cli.main import main
from physassist_env.cli.serve_fhir import access_settings, is_loopback, mimic_derived
from physassist_env.ehr import FhirStore
from physassist_env.ehr.index import LOOKUP_CACHE
from physassist_env.ehr.store import MAX_COUNT
from physassist_env.server import BackgroundServer, create_app
from physassist_env.server.app import LOOPBACK_HOSTS
from physassist_env.server.backend import ServerBackend
from physassist_env.server.protocol import TimedH11Protocol

#: How long a client waits for the server: a guard far above a request on a loaded
#: machine (httpx's default, 5 s, is not), so that a server that never answers or never
#: closes fails the test with a timeout and a slow machine does not.
WAIT_S = 120.0

FLAG = {
    "resourceType": "Flag",
    "status": "active",
    "code": {"text": "Fall risk"},
    "subject": {"reference": "Patient/p1"},
}


def test_non_loopback_hosts_need_allow_remote_and_a_token(monkeypatch) -> None:
    monkeypatch.delenv("PHYSASSIST_FHIR_TOKEN", raising=False)
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")
    hosts, token = access_settings("127.0.0.1", False, None)
    assert "localhost" in hosts and token is None
    with pytest.raises(ValueError, match="--allow-remote"):
        access_settings("0.0.0.0", False, "t")
    with pytest.raises(ValueError, match="token"):
        access_settings("0.0.0.0", True, None)
    assert access_settings("0.0.0.0", True, "t")[1] == "t"
    monkeypatch.setenv("PHYSASSIST_FHIR_TOKEN", "from-env")
    assert access_settings("10.0.0.1", True, None)[1] == "from-env"


def test_cli_refuses_a_public_host(capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("PHYSASSIST_FHIR_TOKEN", raising=False)
    argv = [
        "serve-fhir",
        "--source",
        "fhir",
        "--path",
        str(tmp_path),
        "--host",
        "0.0.0.0",
    ]
    assert main(argv) == 2
    assert "--allow-remote" in capsys.readouterr().err
    assert main([*argv, "--allow-remote"]) == 2
    assert "bearer token" in capsys.readouterr().err


def test_mimic_data_are_recognised_for_the_licence_warning(tmp_path: Path) -> None:
    assert mimic_derived("mimic-iv", str(tmp_path))
    (tmp_path / "truth").mkdir()  # a synthetic hospital in MIMIC layout
    assert not mimic_derived("mimic-iv", str(tmp_path))
    assert mimic_derived("fhir", "/data/mimic-iv-fhir-demo-2.1.0/fhir")
    assert not mimic_derived("fhir", "/data/other-export")


def test_host_header_and_bearer_token(store: FhirStore) -> None:
    app = create_app(store, allowed_hosts=LOOPBACK_HOSTS, token="s3cret")
    with BackgroundServer(app) as srv:
        ok = {"Authorization": "Bearer s3cret"}
        assert (
            httpx.get(srv.url + "/metadata", headers=ok, timeout=WAIT_S).status_code
            == 200
        )
        r = httpx.get(srv.url + "/metadata", timeout=WAIT_S)
        assert r.status_code == 401 and r.headers["www-authenticate"].startswith(
            "Bearer"
        )
        r = httpx.get(
            srv.url + "/metadata",
            headers={"Authorization": "Bearer wrong"},
            timeout=WAIT_S,
        )
        assert r.status_code == 401
        # a page that rebinds evil.example to 127.0.0.1 sends its own name as Host
        r = httpx.get(
            srv.url + "/Patient/p1",
            headers={**ok, "Host": "evil.example"},
            timeout=WAIT_S,
        )
        assert r.status_code == 403 and "DNS rebinding" in r.text
        r = httpx.get(
            srv.url + "/Patient/p1",
            headers={**ok, "Host": f"localhost:{srv.port}"},
            timeout=WAIT_S,
        )
        assert r.status_code == 200


@pytest.mark.parametrize(
    ("method", "path", "kwargs"),
    [
        ("GET", "/Observation", {"params": {"_count": "²"}}),
        ("GET", "/Observation", {"params": {"_count": "9" * 5000}}),
        ("GET", "/Observation", {"params": {"_offset": "1" * 5000}}),
        ("GET", "/Patient/p1/$everything", {"params": {"_count": "²"}}),
        ("GET", "/Patient/p1/$everything", {"params": {"_offset": "7" * 5000}}),
        ("GET", "/Patient/p1/$everything", {"params": {"_count": str(MAX_COUNT + 1)}}),
        ("POST", "/Flag", {"json": {**FLAG, "subject": "Patient/p1"}}),
        ("POST", "/Flag", {"json": {**FLAG, "subject": {"reference": 7}}}),
        ("POST", "/Flag", {"json": {**FLAG, "patient": ["x"]}}),
        (
            "POST",
            "/Flag",
            {
                "content": b'{"resourceType": "Flag", "n": ' + b"9" * 5000 + b"}",
                "headers": {"content-type": "application/fhir+json"},
            },
        ),
    ],
)
def test_malformed_input_is_a_4xx(
    server: BackgroundServer, method, path, kwargs
) -> None:
    r = httpx.request(method, server.url + path, **kwargs, timeout=WAIT_S)
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["resourceType"] == "OperationOutcome"


def test_a_non_ascii_content_length_is_a_4xx(server: BackgroundServer) -> None:
    with _connect(server) as s:  # httpx will not send such a header; a raw client can
        s.sendall(
            b"POST /Flag HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/fhir+json\r\n"
            b"Content-Length: \xb2\r\nConnection: close\r\n\r\n{}"
        )
        status = s.recv(20)
    assert status[:10] == b"HTTP/1.1 4", status


def test_everything_is_paged_with_next_links(store: FhirStore) -> None:
    with BackgroundServer(create_app(store)) as srv:
        r = httpx.get(
            srv.url + "/Patient/p1/$everything", params={"_count": "2"}, timeout=WAIT_S
        ).json()
        assert len(r["entry"]) == 2 and r["total"] > 2
        nxt = [link["url"] for link in r["link"] if link["relation"] == "next"]
        assert nxt and "_offset=2" in nxt[0]
        whole = httpx.get(srv.url + "/Patient/p1/$everything", timeout=WAIT_S).json()
        self_link = whole["link"][0]["url"]
        assert f"_count={MAX_COUNT}" in self_link  # the default page is capped


def test_searches_without_a_patient_are_capped(store: FhirStore) -> None:
    backend = ServerBackend(store, max_scan_patients=1)
    from physassist_env.ehr.outcome import ToolError

    with pytest.raises(ToolError, match="add patient="):
        backend.search("Observation", [("code", "potassium")])
    assert backend.search("Observation", [("patient", "p1")]).total > 0
    with BackgroundServer(
        create_app(store)
    ) as srv:  # 2 patients: under the default cap
        assert httpx.get(srv.url + "/Observation", timeout=WAIT_S).status_code == 200


def test_created_resources_are_capped(store: FhirStore) -> None:
    with BackgroundServer(create_app(store, max_created=2)) as srv:
        codes = [
            httpx.post(srv.url + "/Flag", json=FLAG, timeout=WAIT_S).status_code
            for _ in range(3)
        ]
    assert codes == [201, 201, 429]


def test_code_lookups_are_memoised_in_a_bounded_cache(store: FhirStore) -> None:
    backend = ServerBackend(store)
    for i in range(3 * LOOKUP_CACHE):
        backend.search("Observation", [("patient", "p1"), ("code", f"code-{i}")])
    index = backend.view("p1").store._index["p1"]["Observation"]
    assert 0 < len(index._lookups) <= LOOKUP_CACHE


#: Slices of the fake heavy search below (2 ms each) before it gives up.
HEAVY_SLICES = 60_000


def _connect(srv: BackgroundServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT_S)


def test_half_open_connections_are_closed(store: FhirStore, monkeypatch) -> None:
    monkeypatch.setattr(TimedH11Protocol, "header_timeout", 0.5)
    with BackgroundServer(create_app(store)) as srv:
        idle = _connect(srv)
        partial = _connect(srv)
        partial.sendall(
            b"GET /metadata HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        )  # never finished
        # closed by the server (recv returns b""), not left open until the guard
        assert idle.recv(100) == b"" and partial.recv(100) == b""
        with _connect(srv) as ok:  # a complete request is still served
            ok.sendall(
                b"GET /metadata HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            )
            assert ok.recv(20).startswith(b"HTTP/1.1 200")


def test_a_body_that_never_arrives_gets_408(store: FhirStore) -> None:
    with (
        BackgroundServer(create_app(store, body_timeout=0.5)) as srv,
        _connect(srv) as s,
    ):
        s.sendall(
            b"POST /Flag HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/fhir+json\r\n"
            b'Content-Length: 100\r\n\r\n{"resourceType"'
        )
        assert s.recv(20).startswith(b"HTTP/1.1 408")


def test_created_resources_are_capped_in_bytes(store: FhirStore) -> None:
    """What a client can make the server hold is bounded by bytes, not only by count."""
    big = {**FLAG, "code": {"text": "x" * 40_000}}
    with BackgroundServer(create_app(store, max_created_bytes=100_000)) as srv:
        codes = [
            httpx.post(srv.url + "/Flag", json=big, timeout=WAIT_S).status_code
            for _ in range(3)
        ]
        r = httpx.post(srv.url + "/Flag", json=big, timeout=WAIT_S)
        small = httpx.post(srv.url + "/Flag", json=FLAG, timeout=WAIT_S)  # still fits
        backend = srv._server.config.app.state.backend
    assert codes == [201, 201, 429]
    assert r.status_code == 429 and "restart it" in r.json()["issue"][0]["diagnostics"]
    assert small.status_code == 201
    assert backend.created_bytes <= 100_000


def test_origin_of_other_sites_is_refused(store: FhirStore) -> None:
    app = create_app(store, allowed_hosts=LOOPBACK_HOSTS)
    with BackgroundServer(app) as srv:
        for origin in ("http://evil.example", "null", "http://evil.example:80/x"):
            r = httpx.post(
                srv.url + "/Flag", json=FLAG, headers={"Origin": origin}, timeout=WAIT_S
            )
            assert r.status_code == 403 and "Origin" in r.text, origin
        own = {"Origin": f"http://localhost:{srv.port}"}
        assert (
            httpx.post(
                srv.url + "/Flag", json=FLAG, headers=own, timeout=WAIT_S
            ).status_code
            == 201
        )
        assert (
            httpx.get(srv.url + "/Patient/p1", timeout=WAIT_S).status_code == 200
        )  # no Origin: a tool


def test_search_size_is_bounded(server: BackgroundServer) -> None:
    from physassist_env.server.app import MAX_QUERY_BYTES, MAX_SEARCH_VALUES

    many = ",".join(f"code-{i}" for i in range(MAX_SEARCH_VALUES + 1))
    r = httpx.get(server.url + "/Observation", params={"code": many}, timeout=WAIT_S)
    assert r.status_code == 400 and "split it" in r.text
    r = httpx.get(
        server.url + "/Observation",
        params=[("code", f"c{i}") for i in range(MAX_SEARCH_VALUES + 1)],
        timeout=WAIT_S,
    )
    assert r.status_code == 400  # repeated parameters count too
    ok = ",".join(f"code-{i}" for i in range(MAX_SEARCH_VALUES))
    assert (
        httpx.get(
            server.url + "/Observation", params={"code": ok}, timeout=WAIT_S
        ).status_code
        == 200
    )
    long = "x" * (MAX_QUERY_BYTES + 1)
    r = httpx.get(server.url + "/Observation", params={"code": long}, timeout=WAIT_S)
    assert r.status_code == 414 and r.json()["resourceType"] == "OperationOutcome"
    r = httpx.post(
        server.url + "/Observation/_search",
        content=f"code={long}".encode(),
        headers={"content-type": "application/x-www-form-urlencoded"},
        timeout=WAIT_S,
    )
    assert r.status_code == 413


def test_a_heavy_search_lets_light_requests_through(
    store: FhirStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Searches run in steps on the event loop and give way between slices: a light
    request sent while a heavy search runs is answered before the heavy one ends.

    The heavy search here keeps working until it sees the light request answered (or
    gives up after 60,000 slices of 2 ms, at least two minutes: a guard); no clock decides
    the outcome.
    """
    import asyncio

    from physassist_env.server import app as app_module

    started, answered = asyncio.Event(), asyncio.Event()
    steps_seen: list[int] = []

    def heavy(*args, **kwargs):
        started.set()
        for step in range(HEAVY_SLICES):
            if answered.is_set():
                steps_seen.append(step)
                break
            time.sleep(0.002)  # CPU-bound work that never awaits
            yield
        return app_module.SearchPage([], 0, 0, 0, [])

    app = create_app(store)
    monkeypatch.setattr(app.state.backend, "search_steps", heavy)

    async def scenario() -> tuple[int, int]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            slow = asyncio.create_task(c.get("/Observation", params={"code": "x"}))
            await started.wait()  # the heavy search runs (it never awaits itself)
            light = await c.get("/metadata")
            answered.set()
            return light.status_code, (await slow).status_code

    assert asyncio.run(scenario()) == (200, 200)
    assert steps_seen and steps_seen[0] < HEAVY_SLICES  # the light one came in between
