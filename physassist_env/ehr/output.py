"""How an EHR tool result is shown to a model: compact text or FHIR R4 JSON.

``tool_output="text"`` (the default) shows :attr:`ToolResult.text`: one line per
resource, errors as ``ERROR: ...``. ``tool_output="fhir"`` shows the FHIR JSON the
paper's release and FHIR-based benchmarks return: a ``searchset`` Bundle for a search
(notes such as "names in this record include ..." as an ``OperationOutcome`` entry
with ``search.mode = "outcome"``), the created resource for a create, and an
``OperationOutcome`` for an error. Both are made from the same date-gated view, so the
JSON holds nothing the episode's view hides.
"""

from __future__ import annotations

import json
from typing import Any, Literal, get_args

from physassist_env.ehr.outcome import with_notes
from physassist_env.ehr.toolkit import ToolResult

ToolOutput = Literal["text", "fhir"]
TOOL_OUTPUTS: tuple[str, ...] = get_args(ToolOutput)


def check_tool_output(value: str) -> ToolOutput:
    """``value`` when it names a tool output format.

    Raises:
        ValueError: Naming the formats accepted.
    """
    if value not in TOOL_OUTPUTS:
        raise ValueError(
            f"tool_output {value!r} is not supported; use one of {', '.join(TOOL_OUTPUTS)}"
        )
    return value  # type: ignore[return-value]


def fhir_json(resource: dict[str, Any]) -> str:
    """FHIR JSON as one line of text (non-ASCII kept, so Chinese stays readable)."""
    return json.dumps(resource, ensure_ascii=False, separators=(",", ":"))


def fhir_content(result: ToolResult) -> str:
    """The FHIR JSON of a tool result (a search's notes ride in an ``outcome`` entry)."""
    resource = result.resource
    if result.ok and resource.get("resourceType") == "Bundle":
        resource = with_notes(resource, result.notes)
    return fhir_json(resource)


def tool_content(result: ToolResult, tool_output: ToolOutput) -> str:
    """What a model is shown for ``result`` in the ``tool_output`` format."""
    return fhir_content(result) if tool_output == "fhir" else result.text
