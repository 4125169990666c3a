"""The server's R4 ``CapabilityStatement`` (``GET /metadata``), built from the store's tables."""

from __future__ import annotations

from typing import Any

from physassist_env.ehr.store import SEARCH_PARAMS
from physassist_env.server.params import (
    WRITE_TYPES,
    accepted_params,
    aliases,
    param_type,
)
from physassist_env.version import __version__

FHIR_VERSION = "4.0.1"


def capability_statement(base_url: str, *, as_of: str | None = None) -> dict[str, Any]:
    """Describe exactly the types, interactions and search parameters the server supports.

    Args:
        base_url: The server's base URL (``implementation.url``).
        as_of: The server's date gate, stated in the description when set.
    """
    resources = []
    for rtype in sorted(SEARCH_PARAMS):
        interactions = ["read", "search-type"] + (
            ["create"] if rtype in WRITE_TYPES else []
        )
        alias = aliases(rtype)
        params = []
        for name in sorted(accepted_params(rtype)):
            entry: dict[str, Any] = {"name": name, "type": param_type(name)}
            if name in alias:
                entry["documentation"] = (
                    f"Same as '{alias[name]}' (the standard R4 name)."
                )
            params.append(entry)
        res: dict[str, Any] = {
            "type": rtype,
            "interaction": [{"code": c} for c in interactions],
            "searchParam": params,
        }
        if rtype == "Patient":
            res["operation"] = [
                {
                    "name": "everything",
                    "definition": "http://hl7.org/fhir/OperationDefinition/Patient-everything",
                }
            ]
        resources.append(res)
    description = (
        "PhysAssistBench EHR: a read-mostly FHIR R4 server over the benchmark's store."
    )
    if as_of:
        description += f" Nothing dated after {as_of} is visible."
    return {
        "resourceType": "CapabilityStatement",
        "status": "active",
        "date": "2026-01-01",
        "kind": "instance",
        "software": {"name": "physassistbench", "version": __version__},
        "implementation": {"description": description, "url": base_url},
        "fhirVersion": FHIR_VERSION,
        "format": ["application/fhir+json", "json"],
        "rest": [
            {
                "mode": "server",
                "documentation": (
                    "Result parameters: _sort (date or -date, or the type's standard date name), "
                    "_count (0-1000), _offset, _summary=count. Writes go into a server-side "
                    "overlay and never change the source data."
                ),
                "resource": resources,
            }
        ],
    }
