"""Names the heuristic agent recognises, from the public clinical vocabulary only.

Analyte, score and drug names (EN and ZH, brands, abbreviations) come from
:mod:`physassist_env.vocab`; nothing here comes from the scenario generator. ``find_entities``
reads a request; ``generic_of`` maps an order line ("MetFORMIN (Glucophage) 500 mg") to its
generic; ``lab_name`` gives the name the agent writes and searches for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from physassist_env.vocab.analytes import LAB_ABBREVIATIONS, LAB_NAMES
from physassist_env.vocab.drugs import DRUG_BRANDS, GENERIC_ZH
from physassist_env.vocab.index import TermIndex
from physassist_env.vocab.subjects import EXTRA_ANALYTE_NAMES, SCORE_NAMES

#: Analyte keys spelled two ways in the vocabulary, folded to one.
_FOLD = {"vancomycin": "vancomycin_level", "hba1c": "a1c"}
#: Upper-case abbreviations written as such in requests (``INR`` is in LAB_NAMES already).
_UPPER = {"bun", "wbc", "alt", "ast", "crp", "inr", "alp", "tsh", "ptt", "bnp", "esr"}

#: Analytes Chinese clinicians name by their Latin abbreviation (INR, not 国际标准化比值).
_ZH_LATIN = {"inr"}

_CJK = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


def is_cjk(text: str) -> bool:
    """Whether ``text`` has Chinese characters."""
    return bool(_CJK.search(text))


def _analyte(key: str) -> str:
    return _FOLD.get(key, key)


@lru_cache(maxsize=1)
def _lab_names() -> dict[str, str]:
    """Lowercase analyte name (EN, ZH) -> analyte key, drug names excluded (``digoxin``)."""
    drugs = set(GENERIC_ZH) | set(GENERIC_ZH.values()) | set(DRUG_BRANDS)
    names = {**LAB_NAMES, **EXTRA_ANALYTE_NAMES}
    out = {n: _analyte(k) for n, k in names.items() if n not in drugs}
    for generic, zh in GENERIC_ZH.items():  # drug levels: "digoxin level", "地高辛浓度"
        if names.get(generic) or names.get(f"{generic} trough"):
            key = _analyte(names.get(generic) or names[f"{generic} trough"])
            out |= {f"{generic} level": key, f"{zh}浓度": key, f"{zh}血药浓度": key}
    return out


@lru_cache(maxsize=1)
def _drug_names() -> dict[str, str]:
    """Lowercase drug name (generic, brand, ZH, ZH short form) -> generic."""
    out = {g: g for g in GENERIC_ZH} | dict(DRUG_BRANDS)
    for generic, zh in GENERIC_ZH.items():
        out[zh] = generic
        if len(zh) > 4:  # 哌拉西林他唑巴坦 is often written 哌拉西林
            out.setdefault(zh[:4], generic)
    return out


@lru_cache(maxsize=1)
def _request_index() -> TermIndex[tuple[str, str]]:
    """One index over labs, scores and drugs: the longest name wins ("vancomycin trough")."""
    terms: dict[str, tuple[str, str]] = {
        n: ("drug", g) for n, g in _drug_names().items()
    }
    terms |= {n: ("lab", k) for n, k in _lab_names().items()}
    terms |= {n: ("score", k.split(":", 1)[1]) for n, k in SCORE_NAMES.items()}
    return TermIndex(terms)


@lru_cache(maxsize=1)
def _abbreviation_index() -> TermIndex[str]:
    # a bare "T" (temperature) is too ambiguous to read as a request's subject
    abbreviations = {k: _analyte(v) for k, v in LAB_ABBREVIATIONS.items() if k != "T"}
    return TermIndex(abbreviations, case_sensitive=True)


@dataclass(frozen=True)
class Entities:
    """What a request names, in order of appearance."""

    labs: list[str]
    drugs: list[str]
    scores: list[str]


def find_entities(text: str) -> Entities:
    """Analytes, drugs and scores named in ``text`` (EN or ZH)."""
    hits = [(h.start, h.value) for h in _request_index().find(text)]
    taken = [(h.start, h.end) for h in _request_index().find(text)]
    for h in _abbreviation_index().find(text):
        if not any(h.start < e and s < h.end for s, e in taken):
            hits.append((h.start, ("lab", h.value)))
    labs: list[str] = []
    drugs: list[str] = []
    scores: list[str] = []
    for _, (kind, key) in sorted(hits):
        bucket = labs if kind == "lab" else drugs if kind == "drug" else scores
        if key not in bucket:
            bucket.append(key)
    return Entities(labs, drugs, scores)


@lru_cache(maxsize=1)
def _order_index() -> TermIndex[str]:
    return TermIndex(_drug_names())


def generic_of(order_text: str) -> str | None:
    """The generic named first in an order or administration line, if the vocabulary knows it."""
    hits = _order_index().find(order_text)
    return hits[0].value if hits else None


def drug_zh(generic: str) -> str:
    """The Chinese generic name (the EN generic when the vocabulary has none)."""
    return GENERIC_ZH.get(generic, generic)


@cache
def lab_name(key: str, language: str = "en") -> str:
    """How the agent names an analyte in an answer and in ``Observation.search`` (EN) or in
    a Chinese answer: the key's own name when it is one, else its first listed name."""
    names = [n for n, k in _lab_names().items() if k == key]
    if language == "zh":
        zh = next((n for n in names if is_cjk(n)), None)
        if key in _ZH_LATIN or zh is None:
            return lab_name(key, "en")
        return zh[:1].upper() + zh[1:]  # c反应蛋白 -> C反应蛋白
    latin = [n for n in names if not is_cjk(n)]
    name = key if key in latin else (latin[0] if latin else key.replace("_", " "))
    return name.upper() if name in _UPPER else name


def analyte_of(observation_name: str) -> str | None:
    """The analyte an Observation line names ("% Hemoglobin A1c" -> ``a1c``), if known."""
    hits = [h for h in _request_index().find(observation_name) if h.value[0] == "lab"]
    return max(hits, key=lambda h: h.end - h.start).value[1] if hits else None
