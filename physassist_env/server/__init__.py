"""The EHR as a real FHIR R4 REST server (``physassist serve-fhir``).

Typical use::

    from physassist_env.server import BackgroundServer, create_app

    app = create_app(FhirStore.from_records(records), as_of="2180-05-06")
    with BackgroundServer(app) as server:
        view = RemoteEhrView(server.url, patient_id)   # physassist_env.ehr.remote
"""

from __future__ import annotations

from physassist_env.server.app import DEFAULT_MAX_BODY, FHIR_JSON, create_app
from physassist_env.server.backend import SearchPage, ServerBackend
from physassist_env.server.background import BackgroundServer
from physassist_env.server.capability import capability_statement
from physassist_env.server.params import DATE_PARAM, WRITE_TYPES

__all__ = [
    "DATE_PARAM",
    "DEFAULT_MAX_BODY",
    "FHIR_JSON",
    "WRITE_TYPES",
    "BackgroundServer",
    "SearchPage",
    "ServerBackend",
    "capability_statement",
    "create_app",
]
