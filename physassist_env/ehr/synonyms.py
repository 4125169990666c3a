"""Everyday and Chinese names for common tests and drugs, so ``code="K"`` or ``code="钾"`` works.

Each entry maps a lowercase alias to the words searched for in the record's own names
(MIMIC labels, LOINC displays). The names come from the one clinical vocabulary
(:mod:`physassist_env.vocab`): every name of an analyte searches for its record name
(:attr:`~physassist_env.vocab.analytes.Analyte.search_term`), and every Chinese or brand
name of a drug for its generic name. A name that could mean two things keeps its first
meaning (tests before drugs: ``葡萄糖`` is the glucose test, not dextrose). A synonym that
already holds the record name's words is more specific and is searched as written
(``total bilirubin``, ``vancomycin trough``).
"""

from __future__ import annotations

import re

from physassist_env.vocab.analytes import ANALYTES
from physassist_env.vocab.drugs import DRUG_BRANDS, GENERIC_ZH


def _narrower(name: str, search: str) -> bool:
    """Whether ``name`` holds every word of ``search`` and more (``total bilirubin``)."""
    words = set(re.findall(r"\w+", name))
    wanted = set(re.findall(r"\w+", search))
    return wanted < words


def _aliases() -> dict[str, str]:
    out: dict[str, str] = {}
    for analyte in ANALYTES.values():
        for name in analyte.names:
            low = name.lower()
            own = name in (analyte.en, analyte.zh)  # the test's own name finds it
            if own or not _narrower(low, analyte.search_term):
                out.setdefault(low, analyte.search_term)
    for generic, zh in GENERIC_ZH.items():
        out.setdefault(zh.lower(), generic)
    for brand, generic in DRUG_BRANDS.items():
        out.setdefault(brand, generic)
    return out


ALIASES: dict[str, str] = _aliases()


def expand(query: str) -> str:
    """Map a lowercase query through :data:`ALIASES` (unchanged when not an alias)."""
    return ALIASES.get(query, query)
