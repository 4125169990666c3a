"""The EHR: an in-process FHIR store, date-gated episode views, and the benchmark's tools.

Typical use::

    store = FhirStore.from_records(records)
    toolkit = EhrToolkit(store.view(patient_id, as_of="2180-05-06"))
    result = toolkit.call("Observation.search", {"code": "potassium"})
    print(result.text)                    # compact text
    print(tool_content(result, "fhir"))   # the FHIR R4 searchset Bundle

Modules: :mod:`.view` (the :class:`EhrView` protocol every backend implements),
:mod:`.store` (the in-process store and its :class:`StoreView`), :mod:`.remote` (a view
over any FHIR R4 server), :mod:`.toolkit` (running the tools), :mod:`.schemas` (tool
schemas from the tool methods), :mod:`.arguments` (checking a model's arguments),
:mod:`.render` and :mod:`.output` (what a model is shown).
"""

from __future__ import annotations

from physassist_env.ehr.outcome import ToolError, is_error, operation_outcome
from physassist_env.ehr.output import TOOL_OUTPUTS, ToolOutput, tool_content
from physassist_env.ehr.store import FhirStore, StoreView
from physassist_env.ehr.toolkit import (
    TOOL_KINDS,
    TOOL_METHODS,
    EhrToolkit,
    ToolKind,
    ToolResult,
    tool_schemas,
)
from physassist_env.ehr.view import EhrView

__all__ = [
    "TOOL_KINDS",
    "TOOL_METHODS",
    "TOOL_OUTPUTS",
    "EhrToolkit",
    "EhrView",
    "FhirStore",
    "StoreView",
    "ToolError",
    "ToolKind",
    "ToolOutput",
    "ToolResult",
    "is_error",
    "operation_outcome",
    "tool_content",
    "tool_schemas",
]
