"""Date keys and FHIR date-search prefixes.

Every dated resource gets a *date key*: the first 19 characters of its clinically
relevant date-time (``YYYY-MM-DDTHH:MM:SS``) or its date (``YYYY-MM-DD``). Keys compare
as strings, so the date gate and ``_sort`` need no parsing on the hot path.
"""

from __future__ import annotations

import re
from typing import Any

from physassist_env.ehr.outcome import ToolError

_DATE_RE = re.compile(
    r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$"
)
PREFIXES = ("eq", "ne", "ge", "le", "gt", "lt", "sa", "eb")


def _first(res: dict[str, Any], *paths: str) -> str:
    for path in paths:
        cur: Any = res
        for part in path.split("."):
            if not isinstance(cur, dict):
                cur = None
                break
            cur = cur.get(part)
        if isinstance(cur, str) and cur:
            return cur
    return ""


# The date each resource type is searched, gated and sorted by.
DATE_PATHS: dict[str, tuple[str, ...]] = {
    "Observation": (
        "effectiveDateTime",
        "effectivePeriod.start",
        "effectiveInstant",
        "issued",
    ),
    "Condition": ("recordedDate", "onsetDateTime", "onsetPeriod.start"),
    "MedicationRequest": ("authoredOn", "dispenseRequest.validityPeriod.start"),
    "MedicationAdministration": ("effectiveDateTime", "effectivePeriod.start"),
    "MedicationDispense": ("whenHandedOver", "whenPrepared"),
    "MedicationStatement": (
        "effectiveDateTime",
        "effectivePeriod.start",
        "dateAsserted",
    ),
    "Procedure": ("performedDateTime", "performedPeriod.start"),
    "DiagnosticReport": ("effectiveDateTime", "effectivePeriod.start", "issued"),
    "DocumentReference": ("date", "context.period.start"),
    "AllergyIntolerance": ("recordedDate", "onsetDateTime"),
    "CarePlan": ("created", "period.start"),
    "Encounter": ("period.start",),
    "ServiceRequest": ("authoredOn", "occurrenceDateTime"),
    "Flag": ("period.start",),
    "Specimen": ("collection.collectedDateTime",),
}


def date_key(resource: dict[str, Any]) -> str:
    """The resource's date key, or ``""`` when it has no date (e.g. Patient)."""
    paths = DATE_PATHS.get(resource.get("resourceType", ""))
    if not paths:
        return ""
    return _first(resource, *paths)[:19]


def end_key(resource: dict[str, Any]) -> str:
    """The key of the end of the resource's period (Encounter, MedicationRequest), or ``""``."""
    rtype = resource.get("resourceType")
    if rtype == "Encounter":
        return _first(resource, "period.end")[:19]
    if rtype == "MedicationRequest":
        return _first(resource, "dispenseRequest.validityPeriod.end")[:19]
    return ""


def check_date(value: str, name: str = "date") -> str:
    """Return ``value`` as a date key after checking it is an ISO date or date-time.

    Raises:
        ToolError: Naming the argument and the accepted formats.
    """
    value = value.strip()
    if not _DATE_RE.match(value):
        raise ToolError(
            f"{name}={value!r} is not a date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS",
            code="value",
            expression=name,
        )
    return value[:19]


def parse_date_filter(raw: str, name: str = "date") -> tuple[str, str]:
    """Split a FHIR date search value such as ``ge2180-01-01`` into (prefix, key).

    Raises:
        ToolError: For unknown prefixes or malformed dates.
    """
    raw = raw.strip()
    prefix = "eq"
    if raw[:2].isalpha():
        prefix, raw = raw[:2].lower(), raw[2:]
        if prefix not in PREFIXES:
            raise ToolError(
                f"{name}: unknown prefix {prefix!r}; use one of {', '.join(PREFIXES)}",
                code="value",
                expression=name,
            )
    return prefix, check_date(raw, name)


def matches_date(key: str, prefix: str, value: str) -> bool:
    """Whether a resource date key satisfies ``prefix value`` (FHIR date search).

    A date-only value is compared at day precision; a date-time value at second
    precision. Resources without a date never match a date filter.
    """
    if not key:
        return False
    n = len(value)
    k = key[:n] if len(key) >= n else (key + "T00:00:00")[:n]
    if prefix == "eq":
        return k == value
    if prefix == "ne":
        return k != value
    if prefix == "ge":
        return k >= value
    if prefix == "le":
        return k <= value
    if prefix in ("gt", "sa"):
        return k > value
    if prefix in ("lt", "eb"):
        return k < value
    return False


def visible_at(key: str, as_of: str | None) -> bool:
    """The date gate: a resource is visible if undated or dated on/before ``as_of``."""
    return as_of is None or not key or matches_date(key, "le", as_of)
