"""Per-patient, per-type indexes over FHIR resources: tokens, names and dates.

An :class:`Entry` wraps one resource with everything searches need precomputed, and a
:class:`TypeIndex` holds one patient's resources of one type, **oldest first** (so the
date gate is a binary search), with a token index (``system|code`` and bare codes) and
a word index over display names.
"""

from __future__ import annotations

import bisect
import re
from collections import OrderedDict, defaultdict
from typing import Any

from physassist_env.ehr.dates import (
    available_key,
    date_key,
    end_key,
    latest_key,
    visible_at,
)
from physassist_env.ehr.synonyms import expand

_WORD_RE = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]+")

# Which CodeableConcept(s) hold the searchable "code" of each type.
CODE_PATHS: dict[str, tuple[str, ...]] = {
    "Observation": ("code",),
    "Condition": ("code",),
    "MedicationRequest": ("medicationCodeableConcept",),
    "MedicationAdministration": ("medicationCodeableConcept",),
    "MedicationDispense": ("medicationCodeableConcept",),
    "MedicationStatement": ("medicationCodeableConcept",),
    "Procedure": ("code",),
    "DiagnosticReport": ("code",),
    "DocumentReference": ("type",),
    "AllergyIntolerance": ("code",),
    "CarePlan": ("category",),
    "Encounter": ("type", "serviceType"),
    "ServiceRequest": ("code",),
    "Flag": ("code",),
    "Immunization": ("vaccineCode",),
}


def words(text: str) -> list[str]:
    """Lowercase words of a name (Latin runs and CJK runs)."""
    return _WORD_RE.findall(text.lower())


def _concepts(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, dict):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, dict)]
    return []


def _codes_of(concepts: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    tokens: set[str] = set()
    names: set[str] = set()
    if not concepts:
        return tokens, names
    for cc in concepts:
        if cc.get("text"):
            names.add(str(cc["text"]))
        for coding in cc.get("coding") or []:
            code = coding.get("code")
            if code is not None:
                code = str(code).lower()
                tokens.add(code)
                tokens.add(f"{coding.get('system', '')}|{code}".lower())
            if coding.get("display"):
                names.add(str(coding["display"]))
    return tokens, names


def code_terms(resource: dict[str, Any]) -> tuple[set[str], set[str]]:
    """What a ``code`` search matches in a resource: its lowercased tokens (``code`` and
    ``system|code``) and its names (displays and texts; a CarePlan's title and
    description), from :data:`CODE_PATHS`."""
    rtype = resource.get("resourceType", "")
    concepts: list[dict[str, Any]] = []
    for path in CODE_PATHS.get(rtype, ()):
        concepts += _concepts(resource.get(path))
    tokens, names = _codes_of(concepts)
    if rtype == "CarePlan":
        names.update(
            str(resource[k]) for k in ("title", "description") if resource.get(k)
        )
    return tokens, names


class Entry:
    """One indexed resource.

    Attributes:
        resource: The FHIR resource (never mutated).
        key: Its date key (see :mod:`physassist_env.ehr.dates`), ``""`` if undated.
        avail: Its availability key when later than ``key`` (a result issued after it
            was collected), else ``""``: the entry is visible at ``t`` only when both
            keys are on or before ``t``.
        end: The end of its period (see :data:`~physassist_env.ehr.dates.END_PATHS`),
            else ``""``.
        last: The latest date anywhere in the resource (:func:`~physassist_env.ehr.dates.latest_key`),
            computed when first asked for (only what the gate returns needs it).
        status: ``status`` lowercased (``""`` if absent).
        categories: Lowercased category codes, with and without system.
        clinical_status: Lowercased ``clinicalStatus`` codes.
        names: Display names and texts of the searchable code.
        line: Its compact text line once rendered, and ``match`` its searchset Bundle
            entry once built (``None`` before; see
            :meth:`~physassist_env.ehr.store.FhirStore.lines`).
    """

    __slots__ = (
        "_last",
        "avail",
        "categories",
        "clinical_status",
        "end",
        "key",
        "line",
        "match",
        "names",
        "resource",
        "seq",
        "status",
        "tokens",
    )

    def __init__(self, resource: dict[str, Any]):
        self.resource = resource
        self.seq = (
            0  # insertion order within its index (ties keep record order, newest first)
        )
        rtype = resource.get("resourceType", "")
        self.key = date_key(resource)
        self.avail = ""
        self.set_key(self.key)
        self.end = end_key(resource)
        self._last: str | None = None
        self.line: str | None = None
        self.match: dict[str, Any] | None = None
        self.status = str(resource.get("status") or "").lower()
        self.tokens, self.names = code_terms(resource)
        cat_concepts = _concepts(resource.get("category"))
        if rtype == "Encounter" and isinstance(resource.get("class"), dict):
            cat_concepts.append({"coding": [resource["class"]]})
        cats, cat_names = _codes_of(cat_concepts)
        self.categories = cats | {n.lower() for n in cat_names}
        self.clinical_status, _ = _codes_of(_concepts(resource.get("clinicalStatus")))

    def set_key(self, key: str) -> None:
        """Set the date key (a store dates an undated Condition by its encounter)."""
        self.key = key
        avail = available_key(self.resource, key)
        self.avail = avail if avail != key else ""

    @property
    def last(self) -> str:
        """The latest date anywhere in the resource, ``""`` if none (memoised)."""
        if self._last is None:
            self._last = latest_key(self.resource)
        return self._last

    def visible(self, as_of: str | None) -> bool:
        """Whether the entry is visible at ``as_of`` (happened and recorded by then)."""
        return visible_at(self.avail or self.key, as_of)


def entry_key(entry: Entry) -> str:
    """Binary-search key of an entry: its date key (undated entries sort first)."""
    return entry.key


def order_key(entry: Entry) -> tuple[str, int]:
    """Sort key: date, then reverse insertion order, so that newest-first output lists
    same-dated resources in record order (e.g. diagnoses by sequence number)."""
    return entry.key, -entry.seq


#: Code lookups memoised per index (least recently used dropped first).
LOOKUP_CACHE = 256


class TypeIndex:
    """One patient's resources of one type, oldest first, with token and name indexes."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self._by_token: dict[str, list[Entry]] = defaultdict(list)
        self._by_name: dict[str, list[Entry]] = defaultdict(list)
        self._words: list[str] = []
        self._names_by_word: dict[str, set[str]] = defaultdict(set)
        self._sorted = True
        self._lookups: OrderedDict[str, list[Entry]] = OrderedDict()
        #: Whether any entry has an availability key (else the date key alone gates).
        self.has_avail = False

    def add(self, entry: Entry) -> None:
        """Add an entry (call :meth:`finalise` before searching)."""
        self._lookups.clear()
        entry.seq = len(self.entries)
        self.entries.append(entry)
        for tok in entry.tokens:
            self._by_token[tok].append(entry)
        for name in entry.names:
            low = name.lower()
            if low not in self._by_name:
                for w in words(low):
                    self._names_by_word[w].add(low)
            self._by_name[low].append(entry)
        self._sorted = False

    def finalise(self) -> None:
        """Sort every list oldest first and build the word list for prefix search."""
        if self._sorted:
            return
        self.has_avail = any(e.avail for e in self.entries)
        self.entries.sort(key=order_key)
        for lst in self._by_token.values():
            lst.sort(key=order_key)
        for lst in self._by_name.values():
            lst.sort(key=order_key)
        self._words = sorted(self._names_by_word)
        self._sorted = True

    def lookup(self, value: str) -> list[Entry]:
        """Entries (oldest first) matching one code value: ``system|code``, a bare code, or a name.

        The last :data:`LOOKUP_CACHE` results are memoised (least recently used first
        out, so a client sending endless distinct values cannot grow memory); the index
        is immutable once finalised.
        """
        hits = self._lookups.get(value)
        if hits is None:
            if "|" in value:
                hits = self.by_token(value)
            else:
                hits = self.by_token(value)
                if not hits or self._name_code(value, hits):
                    hits = self._union(hits, self.by_name(value))
            self._lookups[value] = hits
            if len(self._lookups) > LOOKUP_CACHE:
                self._lookups.popitem(last=False)
        else:
            self._lookups.move_to_end(value)
        return hits

    @staticmethod
    def _name_code(value: str, hits: list[Entry]) -> bool:
        """Whether ``value`` matched medication codes that are names (MIMIC-IV writes a
        medication's name as its code: "Vancomycin"): such a hit must not hide the other
        names holding the word ("Vancomycin Oral Liquid", "Ciprofloxacin HCl"). Other
        types keep the exact code's hits."""
        low = value.strip().lower()
        return any(
            str(e.resource.get("resourceType", "")).startswith("Medication")
            and low in {n.lower() for n in e.names}
            for e in hits
        )

    @staticmethod
    def _union(first: list[Entry], second: list[Entry]) -> list[Entry]:
        """Entries of both lists once each, oldest first."""
        if not first or not second:
            return first or second
        seen = {id(e): e for e in first}
        for e in second:
            seen.setdefault(id(e), e)
        return sorted(seen.values(), key=order_key)

    def names(self) -> list[str]:
        """Distinct lowercased names, for "did you mean" hints."""
        return sorted(self._by_name)

    def by_token(self, token: str) -> list[Entry]:
        """Entries (oldest first) whose code matches ``code`` or ``system|code`` exactly."""
        return self._by_token.get(token.lower(), [])

    def by_name(self, query: str) -> list[Entry]:
        """Entries (oldest first) whose name contains every word of ``query`` as a word prefix.

        The query first goes through the alias table (``K`` -> potassium, 肌酐 -> creatinine).
        """
        low = query.strip().lower()
        qwords = words(expand(low))
        if not qwords:
            return []
        matched: set[str] | None = None
        for qw in qwords:
            names: set[str] = set()
            i = bisect.bisect_left(self._words, qw)
            while i < len(self._words) and self._words[i].startswith(qw):
                names |= self._names_by_word[self._words[i]]
                i += 1
            matched = names if matched is None else matched & names
            if not matched:
                return []
        assert matched is not None
        if len(matched) == 1:
            return self._by_name[next(iter(matched))]
        seen: dict[int, Entry] = {}
        for name in matched:
            for e in self._by_name[name]:
                seen[id(e)] = e
        return sorted(seen.values(), key=order_key)
