"""FHIR ``OperationOutcome``: how every tool error (and every search note) reaches a model."""

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


def with_notes(bundle: dict[str, Any], notes: list[str]) -> dict[str, Any]:
    """A copy of a searchset Bundle that carries ``notes`` as informational issues.

    The notes go into one ``OperationOutcome`` entry with ``search.mode = "outcome"``
    (how an R4 server tells a client about its search, e.g. a hint after no match),
    appended after the matches; ``total`` still counts the matches only. The bundle
    itself is returned when there are no notes.
    """
    if not notes:
        return bundle
    issues = [
        {"severity": "information", "code": "informational", "diagnostics": n}
        for n in notes
    ]
    entries = list(bundle.get("entry") or [])
    for i, entry in enumerate(entries):
        if (entry.get("search") or {}).get("mode") == "outcome":
            outcome = dict(entry["resource"])
            outcome["issue"] = [*outcome.get("issue", []), *issues]
            entries[i] = {**entry, "resource": outcome}
            break
    else:
        entries.append(
            {
                "resource": {"resourceType": "OperationOutcome", "issue": issues},
                "search": {"mode": "outcome"},
            }
        )
    return {**bundle, "entry": entries}


def split_notes(bundle: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A Bundle without its ``outcome`` entries, and their diagnostics in order.

    The inverse of :func:`with_notes`: ``with_notes(*split_notes(b))`` equals ``b`` for a
    bundle with at most one outcome entry (placed after the matches).
    """
    matches, notes = [], []
    for entry in bundle.get("entry") or []:
        if (entry.get("search") or {}).get("mode") == "outcome":
            notes += [
                str(issue.get("diagnostics", ""))
                for issue in (entry.get("resource") or {}).get("issue") or []
            ]
        else:
            matches.append(entry)
    if not notes:
        return bundle, []
    return {**bundle, "entry": matches}, notes
