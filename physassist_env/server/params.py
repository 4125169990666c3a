"""Which search parameters the FHIR server accepts, and their standard R4 aliases.

The in-process store (:data:`~physassist_env.ehr.store.SEARCH_PARAMS`) calls every
type's clinically relevant date ``date``. FHIR R4 names that parameter differently for
a few types (``Condition.recorded-date``, ``MedicationRequest.authoredon``...), so the
server accepts both spellings, and :mod:`physassist_env.ehr.remote` sends the standard
one, which any R4 server understands.
"""

from __future__ import annotations

from physassist_env.ehr.remote import DATE_PARAM
from physassist_env.ehr.store import COMMON_PARAMS, SEARCH_PARAMS

# The types that accept POST (the benchmark's write tools create these).
WRITE_TYPES = frozenset({"MedicationRequest", "ServiceRequest", "Flag"})

# Result parameters the server understands (never matched against resources).
RESULT_PARAMS = frozenset({"_sort", "_count", "_offset", "_summary"})
# Parameters the server accepts and ignores (formatting hints some clients send).
IGNORED_PARAMS = frozenset({"_format", "_pretty", "_total", "_totalMethod"})

# FHIR search parameter types, for the CapabilityStatement.
_PARAM_TYPES: dict[str, str] = {
    "patient": "reference",
    "subject": "reference",
    "encounter": "reference",
    "context": "reference",
    "date": "date",
    "_id": "token",
}


def aliases(resource_type: str) -> dict[str, str]:
    """Standard parameter names of one type mapped to the store's names."""
    std = DATE_PARAM.get(resource_type)
    return {std: "date"} if std else {}


def accepted_params(resource_type: str) -> frozenset[str]:
    """Every search parameter (not result parameter) accepted for one type."""
    names = (SEARCH_PARAMS[resource_type] | COMMON_PARAMS) - {"_sort", "_count"}
    return names | frozenset(aliases(resource_type))


def param_type(name: str) -> str:
    """The FHIR search parameter type of an accepted parameter."""
    if name in _PARAM_TYPES:
        return _PARAM_TYPES[name]
    if name in DATE_PARAM.values():
        return "date"
    return "token"
