"""The REST server: interactions, paging, status codes and OperationOutcomes, limits, CLI."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fhir_records import AS_OF

from physassist_env.cli.main import make_parser
from physassist_env.ehr.store import COMMON_PARAMS, SEARCH_PARAMS, FhirStore
from physassist_env.server import BackgroundServer, create_app

#: How long a client waits for the server: a guard far above a request on a loaded
#: machine (httpx's default is 5 s), not a measure of speed.
WAIT_S = 120.0

FLAG = {
    "resourceType": "Flag",
    "status": "active",
    "code": {"text": "Fall risk"},
    "subject": {"reference": "Patient/p1"},
}


@pytest.fixture()
def http(server: BackgroundServer) -> httpx.Client:
    with httpx.Client(base_url=server.url, timeout=WAIT_S) as client:
        yield client


def _ids(bundle: dict[str, Any]) -> list[str]:
    return [e["resource"]["id"] for e in bundle["entry"]]


def _outcome(resp: httpx.Response, status: int) -> str:
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/fhir+json")
    body = resp.json()
    assert body["resourceType"] == "OperationOutcome"
    return body["issue"][0]["diagnostics"]


def test_metadata_lists_exactly_what_is_supported(http: httpx.Client) -> None:
    cs = http.get("/metadata").json()
    assert cs["resourceType"] == "CapabilityStatement" and cs["fhirVersion"] == "4.0.1"
    resources = {r["type"]: r for r in cs["rest"][0]["resource"]}
    assert set(resources) == set(SEARCH_PARAMS)
    for rtype, res in resources.items():
        names = {p["name"] for p in res["searchParam"]}
        assert (SEARCH_PARAMS[rtype] | COMMON_PARAMS) - {"_sort", "_count"} <= names
        codes = {i["code"] for i in res["interaction"]}
        assert codes == (
            {"read", "search-type", "create"}
            if rtype in ("Flag", "ServiceRequest", "MedicationRequest")
            else {"read", "search-type"}
        )
    assert "recorded-date" in {p["name"] for p in resources["Condition"]["searchParam"]}


def test_read_search_and_paging(http: httpx.Client) -> None:
    resp = http.get("/Observation/k-1")
    assert resp.status_code == 200 and resp.headers["content-type"].startswith(
        "application/fhir+json"
    )
    assert resp.json()["id"] == "k-1"
    bundle = http.get(
        "/Observation", params={"patient": "p1", "code": "potassium"}
    ).json()
    assert (
        bundle["type"] == "searchset"
        and bundle["total"] == 6
        and len(bundle["entry"]) == 3
    )
    links = {link["relation"]: link["url"] for link in bundle["link"]}
    assert links["self"].endswith("_count=3") and "_offset=3" in links["next"]
    page2 = http.get(links["next"]).json()
    assert _ids(bundle) + _ids(page2) == ["k-4", "k-3", "k-prelim", "k-2", "k-1", "k-0"]
    assert "next" not in {link["relation"] for link in page2["link"]}
    assert (
        bundle["entry"][0]["fullUrl"]
        == str(http.base_url).rstrip("/") + "/Observation/k-4"
    )


def test_search_without_patient_spans_all_patients(http: httpx.Client) -> None:
    bundle = http.get(
        "/Observation",
        params={
            "code": "http://loinc.org|2823-3",
            "_count": "100",
            "date": "le2180-01-05",
        },
    ).json()
    assert _ids(bundle) == ["p2-k-1", "k-3", "k-prelim", "k-2", "p2-k-0", "k-1", "k-0"]
    assert bundle["total"] == 7
    both = http.get("/Patient", params={"_count": "10"}).json()
    assert _ids(both) == ["p1", "p2"]
    assert (
        http.get(
            "/Encounter", params={"subject": "Patient/p1,Patient/p2", "_count": "10"}
        ).json()["total"]
        == 3
    )
    assert http.get("/Encounter", params={"subject": "Group/p1"}).json()["total"] == 0
    assert (
        http.get(
            "/Condition",
            params={"recorded-date": "ge2181-01-01", "_sort": "-recorded-date"},
        ).json()["total"]
        == 1
    )


def test_date_gate_for_the_whole_server(store: FhirStore) -> None:
    with (
        BackgroundServer(create_app(store, as_of=AS_OF)) as srv,
        httpx.Client(base_url=srv.url, timeout=WAIT_S) as http,
    ):
        assert http.get("/Observation/k-4").status_code == 404  # 2181: after the gate
        assert "deceasedDateTime" not in http.get("/Patient/p1").json()
        rx = http.get("/MedicationRequest/rx-2").json()  # ongoing at the gate
        assert (
            rx["status"] == "active"
            and "end" not in rx["dispenseRequest"]["validityPeriod"]
        )
        assert (
            "Nothing dated after 2180-01-04"
            in http.get("/metadata").json()["implementation"]["description"]
        )


def test_create_goes_to_the_overlay(
    http: httpx.Client, server: BackgroundServer, store: FhirStore
) -> None:
    resp = http.post(
        "/Flag",
        json={**FLAG, "id": "ignored"},
        headers={"Content-Type": "application/fhir+json"},
    )
    assert resp.status_code == 201
    created = resp.json()
    assert created["id"] == "flag-new-1" and resp.headers["location"].endswith(
        "/Flag/flag-new-1"
    )
    assert http.get("/Flag/flag-new-1").json()["code"]["text"] == "Fall risk"
    assert _ids(http.get("/Flag", params={"patient": "p1"}).json()) == [
        "fl-1",
        "flag-new-1",
    ]  # undated sorts last
    assert store.entry("Flag", "flag-new-1") is None  # the source store is untouched
    other = http.post(
        "/Flag", json={**FLAG, "subject": {"reference": "Patient/p2"}}
    ).json()
    assert other["id"] == "flag-new-2"  # ids are unique across patients


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "needle"),
    [
        (
            "GET",
            "/Observation",
            {"params": {"bogus": "1"}},
            400,
            "no search parameter 'bogus'",
        ),
        ("GET", "/Observation", {"params": {"date": "ge2180-1-1"}}, 400, "not a date"),
        ("GET", "/Observation", {"params": {"_count": "5000"}}, 400, "_count"),
        ("GET", "/Observation", {"params": {"_offset": "-1"}}, 400, "_offset"),
        ("GET", "/Observation", {"params": {"_sort": "value"}}, 400, "_sort"),
        ("GET", "/Practitioner/1", {}, 404, "not supported"),
        ("GET", "/Practitioner", {}, 404, "not supported"),
        ("GET", "/Observation/nope", {}, 404, "not known"),
        ("GET", "/Patient/nope/$everything", {}, 404, "not known"),
        ("GET", "/Observation/k-1/_history", {}, 404, "no such endpoint"),
        ("DELETE", "/Observation/k-1", {}, 405, "not allowed"),
        ("PUT", "/Flag/fl-1", {"json": FLAG}, 405, "not allowed"),
        (
            "POST",
            "/Observation",
            {"json": {"resourceType": "Observation"}},
            405,
            "cannot be created",
        ),
        ("POST", "/metadata", {}, 405, "not allowed"),
        (
            "POST",
            "/Flag",
            {"content": b"{}", "headers": {"Content-Type": "text/plain"}},
            415,
            "Content-Type",
        ),
        (
            "POST",
            "/Flag",
            {
                "content": b"{not json",
                "headers": {"Content-Type": "application/fhir+json"},
            },
            400,
            "not JSON",
        ),
        ("POST", "/Flag", {"json": [1, 2]}, 400, "JSON object"),
        (
            "POST",
            "/Flag",
            {"json": {**FLAG, "resourceType": "ServiceRequest"}},
            400,
            "does not match",
        ),
        ("POST", "/Flag", {"json": {**FLAG, "status": "bogus"}}, 422, "bogus"),
        (
            "POST",
            "/Flag",
            {"json": {**FLAG, "unknownField": 1}},
            422,
            "not valid FHIR R4",
        ),
        (
            "POST",
            "/Flag",
            {"json": {k: v for k, v in FLAG.items() if k != "subject"}},
            422,
            "subject",
        ),
        (
            "POST",
            "/Flag",
            {"json": {**FLAG, "subject": {"reference": "Patient/nobody"}}},
            422,
            "not on this server",
        ),
        (
            "GET",
            "/Observation",
            {"headers": {"Accept": "application/fhir+xml"}},
            406,
            "JSON only",
        ),
        ("GET", "/Observation", {"params": {"_format": "xml"}}, 406, "JSON only"),
    ],
)
def test_errors_are_operation_outcomes(
    http: httpx.Client,
    method: str,
    path: str,
    kwargs: dict[str, Any],
    status: int,
    needle: str,
) -> None:
    resp = http.request(method, path, **kwargs)
    assert needle in _outcome(resp, status)
    if status == 405:
        assert resp.headers.get("allow")


def test_body_size_limit(store: FhirStore) -> None:
    with (
        BackgroundServer(create_app(store, max_body_bytes=1000)) as srv,
        httpx.Client(base_url=srv.url, timeout=WAIT_S) as http,
    ):
        big = {**FLAG, "code": {"text": "x" * 2000}}
        assert "over the limit" in _outcome(http.post("/Flag", json=big), 413)

        def chunks():  # no Content-Length: the server counts while reading
            yield b'{"resourceType": "Flag", "code": {"text": "'
            for _ in range(20):
                yield b"y" * 100
            yield b'"}}'

        resp = http.post(
            "/Flag", content=chunks(), headers={"Content-Type": "application/fhir+json"}
        )
        assert "over the limit" in _outcome(resp, 413)
        assert http.post("/Flag", json=FLAG).status_code == 201


def test_lenient_handling_and_ignored_params(http: httpx.Client) -> None:
    params = {"patient": "p1", "code": "creatinine", "bogus": "1"}
    assert http.get("/Observation", params=params).status_code == 400
    lenient = http.get(
        "/Observation", params=params, headers={"Prefer": "handling=lenient"}
    ).json()
    assert lenient["total"] == 4 and "bogus" not in lenient["link"][0]["url"]
    counted = http.get(
        "/Observation",
        params={
            "patient": "p1",
            "_summary": "count",
            "_total": "accurate",
            "_format": "json",
        },
    ).json()
    assert counted["total"] == 11 and counted["entry"] == []


def test_everything(http: httpx.Client) -> None:
    bundle = http.get("/Patient/p1/$everything").json()
    ids = _ids(bundle)
    assert ids[0] == "p1" and bundle["total"] == len(ids) == 28
    assert "p2-k-0" not in ids
    only = http.get(
        "/Patient/p2/$everything", params={"_type": "Patient,Observation"}
    ).json()
    assert _ids(only) == ["p2", "p2-k-1", "p2-k-0"]
    paged = http.get("/Patient/p1/$everything", params={"_count": "20"}).json()
    nxt = next(link["url"] for link in paged["link"] if link["relation"] == "next")
    assert _ids(paged) + _ids(http.get(nxt).json()) == ids
    assert (
        http.get("/Patient/p1/$everything", params={"_type": "Nope"}).status_code == 404
    )


def test_cli_serve_fhir_parser() -> None:
    args = make_parser().parse_args(
        [
            "serve-fhir",
            "--source",
            "fhir",
            "--path",
            "/nonexistent",
            "--date",
            "2180-01-01",
        ]
    )
    assert (args.host, args.port, args.date) == ("127.0.0.1", 8080, "2180-01-01")
    assert args.run(args) == 2  # an unreadable source is a usage error, not a traceback
