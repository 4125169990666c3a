"""FHIR ``OperationOutcome``: how every tool error reaches a model."""

from __future__ import annotations

from typing import Any

# FHIR R4 issue-type codes used here (http://hl7.org/fhir/issue-type).
ISSUE_CODES = frozenset(
    {
        "invalid",
        "required",
        "value",
        "not-found",
        "not-supported",
        "processing",
        "forbidden",
        "too-costly",
        "informational",
    }
)


class ToolError(ValueError):
    """A tool call that cannot be answered; becomes an ``OperationOutcome`` for the model.

    Attributes:
        code: A FHIR issue-type code (``invalid``, ``not-found``, ``not-supported``...).
        expression: The offending argument, when there is one.
    """

    def __init__(
        self, message: str, *, code: str = "invalid", expression: str | None = None
    ):
        super().__init__(message)
        self.code = code if code in ISSUE_CODES else "processing"
        self.expression = expression


def operation_outcome(
    message: str,
    *,
    severity: str = "error",
    code: str = "invalid",
    expression: str | None = None,
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """Build an R4 ``OperationOutcome`` with one main issue and optional informational notes."""
    issue: dict[str, Any] = {"severity": severity, "code": code, "diagnostics": message}
    if expression:
        issue["expression"] = [expression]
    issues = [issue]
    for note in notes or []:
        issues.append(
            {"severity": "information", "code": "informational", "diagnostics": note}
        )
    return {"resourceType": "OperationOutcome", "issue": issues}


def is_error(resource: dict[str, Any]) -> bool:
    """True when ``resource`` is an OperationOutcome with an error or fatal issue."""
    return resource.get("resourceType") == "OperationOutcome" and any(
        i.get("severity") in ("error", "fatal") for i in resource.get("issue", [])
    )
