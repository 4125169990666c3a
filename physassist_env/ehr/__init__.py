"""The EHR: an in-process FHIR store, date-gated episode views, and the benchmark's tools.

Typical use::

    store = FhirStore.from_records(records)
    toolkit = EhrToolkit(store.view(patient_id, as_of="2180-05-06"))
    result = toolkit.call("Observation.search", {"code": "potassium"})
    print(result.text)
"""

from __future__ import annotations

from physassist_env.ehr.outcome import ToolError, is_error, operation_outcome
from physassist_env.ehr.store import EhrView, FhirStore
from physassist_env.ehr.toolkit import (
    TOOL_KINDS,
    TOOL_METHODS,
    EhrToolkit,
    ToolKind,
    ToolResult,
    tool_schemas,
)

__all__ = [
    "TOOL_KINDS",
    "TOOL_METHODS",
    "EhrToolkit",
    "EhrView",
    "FhirStore",
    "ToolError",
    "ToolKind",
    "ToolResult",
    "is_error",
    "operation_outcome",
    "tool_schemas",
]
