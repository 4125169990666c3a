"""Date keys and FHIR date-search prefixes.

Every dated resource gets a *date key*: the first 19 characters of its clinically
relevant date-time (``YYYY-MM-DDTHH:MM:SS``) or its date (``YYYY-MM-DD``). Keys compare
as strings, so the date gate and ``_sort`` need no parsing on the hot path.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import Any

from physassist_env.ehr.outcome import ToolError

_DATE_RE = re.compile(
    r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$"
)
PREFIXES = ("eq", "ne", "ge", "le", "gt", "lt", "sa", "eb")


#: Dotted paths split once (``_first`` runs for every resource a store indexes).
_PARTS: dict[str, tuple[str, ...]] = {}


def _first(res: dict[str, Any], *paths: str) -> str:
    for path in paths:
        parts = _PARTS.get(path)
        if parts is None:
            parts = _PARTS[path] = tuple(path.split("."))
        cur: Any = res
        if len(parts) == 1:
            cur = res.get(path)
        else:
            for part in parts:
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
    "Specimen": ("collection.collectedDateTime", "collection.collectedPeriod.start"),
    "Immunization": ("occurrenceDateTime",),
}


def date_key(resource: dict[str, Any]) -> str:
    """The resource's date key, or ``""`` when it has no date (e.g. Patient)."""
    paths = DATE_PATHS.get(resource.get("resourceType", ""))
    if not paths:
        return ""
    return _first(resource, *paths)[:19]


# When a resource became *available* (was recorded or released), where FHIR has an element
# for it: a result is known when it is issued, not when the sample was taken.
AVAILABLE_PATHS: dict[str, tuple[str, ...]] = {
    "Observation": ("issued",),
    "DiagnosticReport": ("issued",),
    "Condition": ("recordedDate",),
    "AllergyIntolerance": ("recordedDate",),
    "DocumentReference": ("date",),
    "MedicationStatement": ("dateAsserted",),
    "Immunization": ("recorded",),
}
#: Extension a source uses to carry the record (store) time of a resource type that has no
#: element for it (MIMIC ``storetime`` on MedicationAdministration and Procedure).
RECORDED_EXTENSION = "http://physassist.dev/fhir/StructureDefinition/recorded-time"

# The end of a resource's period (or the abatement of a Condition): a part that lies in
# the future at the gate date is cut and the status recomputed (see store.gate_resource).
END_PATHS: dict[str, tuple[str, ...]] = {
    "Encounter": ("period.end",),
    "MedicationRequest": ("dispenseRequest.validityPeriod.end",),
    "MedicationAdministration": ("effectivePeriod.end",),
    "MedicationStatement": ("effectivePeriod.end",),
    "Procedure": ("performedPeriod.end",),
    "Observation": ("effectivePeriod.end",),
    "Condition": ("abatementDateTime", "abatementPeriod.start"),
    "DocumentReference": ("context.period.end",),
    "CarePlan": ("period.end",),
    "Flag": ("period.end",),
}


def end_key(resource: dict[str, Any]) -> str:
    """The key of the end of the resource's period (see :data:`END_PATHS`), or ``""``."""
    paths = END_PATHS.get(resource.get("resourceType", ""))
    if not paths:
        return ""
    return _first(resource, *paths)[:19]


#: A whole FHIR ``date``, ``dateTime`` or ``instant`` value of at least day precision (a
#: bare year such as ``"2019"`` is not taken: four digits are also codes, e.g. ICD-9 4019).
_DATE_VALUE = re.compile(
    r"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?"
)
#: Elements whose string values are never dates (ids and references may look like one).
_NOT_DATES = frozenset({"id", "reference", "url", "system", "div", "data"})


def is_date_value(key: str, value: Any) -> bool:
    """Whether ``value`` (the value of element ``key``) is a whole date or date-time."""
    return (
        isinstance(value, str)
        and 10 <= len(value) <= 35
        and value[:1].isdigit()
        and key not in _NOT_DATES
        and _DATE_VALUE.fullmatch(value) is not None
    )


def latest_key(resource: dict[str, Any]) -> str:
    """The key of the latest date anywhere in the resource, ``""`` when it holds none.

    Every element counts, nested ones and extensions included (a planned start, a
    participant's period, a vaccine lot's expiry, an extension's ``valueDateTime``): the
    gate cuts whatever lies after its date (:func:`~physassist_env.ehr.store.gate_resource`).
    """
    latest = ""
    stack: list[Any] = [resource]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if isinstance(value, str):
                    # cheapest tests first: only a value later than the latest so far
                    # is checked as a date (the regex)
                    if (
                        value[:1].isdigit()
                        and value[:19] > latest
                        and is_date_value(key, value)
                    ):
                        latest = value[:19]
                elif isinstance(value, dict | list):
                    stack.append(value)
        else:
            for value in node:
                if isinstance(value, str):
                    if (
                        value[:1].isdigit()
                        and value[:19] > latest
                        and is_date_value("", value)
                    ):
                        latest = value[:19]
                elif isinstance(value, dict | list):
                    stack.append(value)
    return latest


def dates_after(text: str, as_of: str) -> list[str]:
    """Every ``YYYY-MM-DD`` in ``text`` (a tool result as JSON or text) after the day
    ``as_of``: what a date-gated result must not contain."""
    day = as_of[:10]
    return [d for d in _ANY_DAY.findall(text) if d > day]


_ANY_DAY = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def recorded_key(resource: dict[str, Any]) -> str:
    """The key of the time the resource was recorded or released, or ``""`` if unknown.

    Uses the type's own element (:data:`AVAILABLE_PATHS`: ``Observation.issued``,
    ``Condition.recordedDate``, ``DocumentReference.date`` ...), else the
    :data:`RECORDED_EXTENSION` a source put on it.
    """
    paths = AVAILABLE_PATHS.get(resource.get("resourceType", ""))
    found = _first(resource, *paths) if paths else ""
    if not found:
        for ext in resource.get("extension") or ():
            if isinstance(ext, dict) and ext.get("url") == RECORDED_EXTENSION:
                found = str(ext.get("valueDateTime") or ext.get("valueInstant") or "")
                break
    return found[:19]


def available_key(resource: dict[str, Any], key: str | None = None) -> str:
    """The availability gate key: the later of the date key and the recorded key.

    A fact is visible at ``t`` only if it had happened *and* was recorded by ``t``, so a
    result collected today but released tomorrow is not visible today. Returns ``""``
    for undated resources (always visible, e.g. Patient).
    """
    key = date_key(resource) if key is None else key
    rec = recorded_key(resource)
    return rec if rec and rec > key else key


def check_date(value: str, name: str = "date") -> str:
    """Return ``value`` as a date key after checking it is an ISO date or date-time.

    Raises:
        ToolError: Naming the argument and the accepted formats.
    """
    value = value.strip()
    if not _DATE_RE.match(value) or not _on_the_calendar(value):
        raise ToolError(
            f"{name}={value!r} is not a date; use YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS",
            code="value",
            expression=name,
        )
    return value[:19]


def _on_the_calendar(value: str) -> bool:
    """Whether a value of :data:`_DATE_RE`'s shape names a real day and time (no month
    13, no 30 February, no hour 25); the parts it leaves out count as the first."""
    day = (value[:10] + "-01-01"[len(value[4:10]) :])[:10]
    clock = value[11:19] if len(value) > 10 else "00:00"
    try:
        _dt.datetime.fromisoformat(f"{day}T{clock}")
    except ValueError:
        return False
    return True


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
    """The date gate on one key: visible if undated or dated on/before ``as_of``.

    A date-only ``as_of`` compares at day precision (everything of that day is visible).
    Gate resources with :func:`is_visible`, which also waits for their record time.
    """
    return as_of is None or not key or matches_date(key, "le", as_of)


def is_visible(resource: dict[str, Any], as_of: str | None) -> bool:
    """The availability gate for one resource (see :func:`available_key`)."""
    return visible_at(available_key(resource), as_of)
