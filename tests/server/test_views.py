"""The EhrView contract: the same tool suite on the store's view and on the remote view.

The remote view talks to the package's own FHIR server app in-process (Starlette's
test client, no socket), and every call must give the same result: the same status, the
same compact text and the same FHIR JSON, so an agent cannot tell the backends apart in
either ``tool_output`` format.
"""

from __future__ import annotations

import json

import pytest
from fhir_records import AS_OF
from starlette.testclient import TestClient
from tool_suite import TOOL_SUITE

from physassist_env.ehr import TOOL_METHODS, EhrToolkit, EhrView, FhirStore, StoreView
from physassist_env.ehr.output import fhir_content
from physassist_env.ehr.remote import RemoteEhrView
from physassist_env.server import create_app

# RemoteEhrView sends a per-request timeout, which Starlette's in-process client ignores.
pytestmark = pytest.mark.filterwarnings("ignore:You should not use the 'timeout'")


def test_the_suite_covers_every_tool() -> None:
    assert set(TOOL_METHODS) <= {name for name, _ in TOOL_SUITE}


@pytest.mark.parametrize("as_of", [None, AS_OF], ids=["ungated", "gated"])
def test_store_view_and_remote_view_give_equal_outputs(
    store: FhirStore, as_of: str | None
) -> None:
    local_view = store.view("p1", as_of)
    app = create_app(store, as_of=as_of, page_size=3)
    with TestClient(app, base_url="http://fhir.test") as client:
        remote_view = RemoteEhrView(
            "http://fhir.test", "p1", as_of, client=client, page_size=2
        )
        assert isinstance(local_view, StoreView)
        for view in (local_view, remote_view):
            assert isinstance(view, EhrView)
        local, remote = EhrToolkit(local_view), EhrToolkit(remote_view)
        oks = []
        for name, args in TOOL_SUITE:
            a, b = local.call(name, args), remote.call(name, args)
            assert (a.name, a.ok, a.text, a.notes) == (b.name, b.ok, b.text, b.notes), (
                name,
                args,
            )
            assert fhir_content(a) == fhir_content(b), (name, args)
            json.loads(fhir_content(a))
            oks.append(a.ok)
        assert any(oks) and not all(oks)  # the suite has both successes and refusals
        assert local_view.created == remote_view.created
        assert [r["resourceType"] for r in local_view.created] == [
            "MedicationRequest",
            "ServiceRequest",
            "Flag",
        ]
        assert local_view.patient() == remote_view.patient()
        for rtype in ("Observation", "Condition"):
            assert local_view.names(rtype) == remote_view.names(rtype)
