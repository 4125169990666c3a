"""RemoteEhrView's failure modes and protocol details (against mock and real servers)."""

from __future__ import annotations

import socket
from typing import Any

import httpx
import pytest

from physassist_env.ehr import EhrToolkit, ToolError
from physassist_env.ehr.remote import RemoteEhrView
from physassist_env.server import BackgroundServer


def _view(handler: Any, **kwargs: Any) -> RemoteEhrView:
    client = httpx.Client(transport=httpx.MockTransport(handler))
    return RemoteEhrView("http://fhir.test/base", "p1", client=client, **kwargs)


def _bundle(
    ids: list[str],
    *,
    total: int | None,
    next_url: str | None = None,
    date: str = "2180-01-01",
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "resourceType": "Bundle",
        "type": "searchset",
        "entry": [
            {
                "resource": {
                    "resourceType": "Observation",
                    "id": i,
                    "subject": {"reference": "Patient/p1"},
                    "effectiveDateTime": date,
                }
            }
            for i in ids
        ],
    }
    if total is not None:
        out["total"] = total
    if next_url:
        out["link"] = [{"relation": "next", "url": next_url}]
    return out


def test_server_down_is_a_clear_tool_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again below: nothing listens there
    view = RemoteEhrView(f"http://127.0.0.1:{port}", "p1", timeout=2)
    with pytest.raises(ToolError, match="cannot connect to the FHIR server"):
        view.search("Observation", {"code": "potassium"})
    result = EhrToolkit(view).call("Observation.search", {"code": "potassium"})
    assert not result.ok and "cannot connect" in result.text


def test_timeout() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=request)

    with pytest.raises(
        ToolError, match=r"did not answer GET /base/Patient/p1 within 1\.5 s"
    ):
        _view(handler, timeout=1.5).patient()


@pytest.mark.parametrize(
    ("response", "needle"),
    [
        (
            httpx.Response(
                200, text="<html>hello</html>", headers={"content-type": "text/html"}
            ),
            "not FHIR JSON",
        ),
        (
            httpx.Response(
                200,
                content=b"{broken",
                headers={"content-type": "application/fhir+json"},
            ),
            "not FHIR JSON",
        ),
        (httpx.Response(200, json={"hello": "world"}), "not FHIR JSON"),
        (
            httpx.Response(200, json={"resourceType": "Patient", "id": "p1"}),
            "instead of a Bundle",
        ),
        (httpx.Response(502, text="Bad gateway"), "HTTP 502: 'Bad gateway'"),
        (httpx.Response(401, text="no"), "check the bearer token"),
    ],
)
def test_garbage_and_error_answers(response: httpx.Response, needle: str) -> None:
    with pytest.raises(ToolError, match=needle):
        _view(lambda request: response).search("Observation", {})


def test_operation_outcome_becomes_tool_error() -> None:
    outcome = {
        "resourceType": "OperationOutcome",
        "issue": [
            {"severity": "information", "code": "informational", "diagnostics": "fyi"},
            {
                "severity": "error",
                "code": "not-supported",
                "diagnostics": "Unknown search parameter 'xyz'",
                "expression": ["xyz"],
            },
        ],
    }
    with pytest.raises(ToolError, match="Unknown search parameter 'xyz'") as info:
        _view(lambda request: httpx.Response(400, json=outcome)).search(
            "Observation", {"xyz": "1"}
        )
    assert (info.value.code, info.value.expression) == ("not-supported", "xyz")


def test_token_standard_params_date_gate_and_paging() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if "page=2" in str(request.url):
            return httpx.Response(200, json=_bundle(["o3", "o4"], total=None))
        # a next link on another origin is followed on the configured base (token never leaks)
        return httpx.Response(
            200,
            json=_bundle(
                ["o1", "o2"],
                total=None,
                next_url="http://elsewhere.test/base/Observation?page=2",
            ),
        )

    view = _view(handler, token="s3cret", as_of="2180-06-01")
    found, total = view.search(
        "Observation", {"code": "potassium", "date": "ge2180-01-01"}
    )
    assert [r["id"] for r in found] == [
        "o1",
        "o2",
        "o3",
        "o4",
    ] and total == 4  # no server total: counted
    first = seen[0]
    assert first.headers["authorization"] == "Bearer s3cret"
    assert first.url.params.get_list("date") == ["ge2180-01-01", "le2180-06-01"]
    assert first.url.params["patient"] == "p1" and first.url.params["_sort"] == "-date"
    assert (
        seen[1].url.host == "fhir.test"
        and seen[1].headers["authorization"] == "Bearer s3cret"
    )

    seen.clear()
    view.search(
        "MedicationRequest",
        {"medication": "lisinopril", "date": "ge2180-01-01", "_sort": "date"},
    )
    params = seen[0].url.params
    assert params["code"] == "lisinopril" and params.get_list("authoredon") == [
        "ge2180-01-01",
        "le2180-06-01",
    ]
    assert params["_sort"] == "authoredon"


def test_client_side_gate_hides_what_a_server_leaks() -> None:
    def handler(request: httpx.Request) -> httpx.Response:  # ignores date=le entirely
        bundle = _bundle(["late"], total=2, date="2190-01-01")
        bundle["entry"] += _bundle(["early"], total=None)["entry"]
        bundle["entry"].append(
            {
                "resource": {
                    "resourceType": "Observation",
                    "id": "other",
                    "subject": {"reference": "Patient/p9"},
                }
            }
        )
        return httpx.Response(200, json=bundle)

    found, total = _view(handler, as_of="2180-06-01").search("Observation", {})
    assert [r["id"] for r in found] == ["early"] and total == 1
    view = _view(
        lambda request: httpx.Response(
            200,
            json={
                "resourceType": "Observation",
                "id": "late",
                "subject": {"reference": "Patient/p1"},
                "effectiveDateTime": "2190-01-01",
            },
        ),
        as_of="2180-06-01",
    )
    assert view.read("Observation", "late") is None


def test_read_missing_and_forbidden_patient() -> None:
    view = _view(
        lambda request: httpx.Response(
            404, json={"resourceType": "OperationOutcome", "issue": []}
        )
    )
    assert view.read("Observation", "x") is None
    with pytest.raises(ToolError, match="not found"):
        view.patient()
    with pytest.raises(ToolError, match="only read patient p1"):
        view.search("Observation", {"patient": "p2"})


def test_create_with_location_only(server: BackgroundServer) -> None:
    """A server that answers a create with 201 and a Location header but no body."""
    created = {
        "resourceType": "Flag",
        "id": "f9",
        "status": "active",
        "code": {"text": "x"},
        "subject": {"reference": "Patient/p1"},
    }

    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            assert request.headers["content-type"] == "application/fhir+json"
            return httpx.Response(
                201, headers={"Location": "http://fhir.test/base/Flag/f9/_history/1"}
            )
        return httpx.Response(200, json=created)

    view = _view(handler)
    assert (
        view.create(
            {"resourceType": "Flag", "status": "active", "code": {"text": "x"}}
        )["id"]
        == "f9"
    )
    assert view.created == [created]
    with pytest.raises(ToolError, match="bogus"):
        view.create(
            {"resourceType": "Flag", "status": "bogus", "code": {"text": "x"}}
        )  # validated before sending


def test_real_server_errors_reach_the_model(server: BackgroundServer) -> None:
    with RemoteEhrView(server.url, "p1") as view:
        with pytest.raises(ToolError, match="no search parameter 'bogus'") as info:
            view.search("Observation", {"bogus": "1"})
        assert info.value.code == "not-supported"
        with pytest.raises(ToolError, match="not supported by this server"):
            view.search("Practitioner", {})
        assert "potassium" in view.names("Observation")
