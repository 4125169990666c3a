"""How a request may name an entity: full names, abbreviations and brand names.

Read from the one clinical vocabulary (:mod:`physassist_env.vocab`), so a request never
names a lab or drug in a way the claim reader would not bind to the same subject. Forms
with digits are left out (a request must never show a number a rubric checks).
"""

from __future__ import annotations

from functools import cache

from physassist_env.scenarios.vocab import LABS, drug_zh
from physassist_env.vocab.drugs import DRUG_BRANDS
from physassist_env.vocab.subjects import (
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
    analyte_key,
)

#: Vocabulary names that are lowercase spellings of an abbreviation, a subtype or singular
#: forms that read badly in a request ("the platelet"); the abbreviation itself is used.
_NOT_IN_REQUESTS = {
    "scr",
    "hgb",
    "hb",
    "plt",
    "plts",
    "wbc",
    "k+",
    "inr",
    "alt",
    "crp",
    "a1c",
    "hba1c",
    "hco3",
    "platelet",
    "white blood cell",
    "troponin t",
    "troponin i",
    "tbili",
    "t bili",
    "haemoglobin",
    "leukocytes",
    "leukocyte count",
    "sugar",
    "葡萄糖",  # the infusion; a clinician asks for 血糖
    "国际标准化比值",  # said as INR
}
#: Abbreviations too ambiguous for a request (troponin I vs T).
_AMBIGUOUS = {
    "TnI",
    "TnT",
    "Glu",
    "Lac",
}  # troponin I vs T; Glu, Lac are written, not said
#: Abbreviations Chinese clinicians write in Chinese speech (K, Cr, Hb, WBC, Na).
_ZH_ABBREVIATIONS = {"K", "Na", "Cr", "Hb", "WBC"}
#: How brand names are written (the vocabulary stores them lowercase).
_BRAND_SPELLING = {
    "kcl": "KCl",
    "k-dur": "K-Dur",
    "tmp-smx": "TMP-SMX",
    "z-pak": "Z-Pak",
}
#: Everyday names written in lowercase (slang and INN names, not trade marks).
_LOWERCASE = {
    "vanc",
    "vanco",
    "pip-tazo",
    "piptazo",
    "paracetamol",
    "piperacillin-tazobactam",
}


def _spell_brand(name: str) -> str:
    if name in _BRAND_SPELLING:
        return _BRAND_SPELLING[name]
    return name if name in _LOWERCASE else name[:1].upper() + name[1:]


@cache
def lab_names(key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(EN, ZH) alternatives to a lab's full name, e.g. ``("K", "K+")`` and ``("钾", "K")``.

    Raises:
        KeyError: If ``key`` is not a lab of :data:`~physassist_env.scenarios.vocab.LABS`.
    """
    lab = LABS[key]
    subject = analyte_key(key)
    abbrevs = [
        a
        for a, k in SUBJECT_ABBREVIATIONS.items()
        if k == subject and a not in _AMBIGUOUS and not any(c.isdigit() for c in a)
    ]
    en = [a for a in abbrevs if a != lab.en] + [
        n
        for n, k in SUBJECT_NAMES.items()
        if k == subject
        and n.isascii()
        and n not in _NOT_IN_REQUESTS
        and n != lab.en.lower()
        and not any(c.isdigit() for c in n)
    ]
    zh = [
        n
        for n, k in SUBJECT_NAMES.items()
        if k == subject
        and not n.isascii()
        and n != lab.zh
        and n not in _NOT_IN_REQUESTS
    ]
    zh += [a for a in abbrevs if a in _ZH_ABBREVIATIONS]
    return tuple(dict.fromkeys(en)), tuple(dict.fromkeys(zh))


@cache
def drug_names(generic: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(EN, ZH) alternatives to a generic's name: brand and everyday names (EN only)."""
    en = [
        _spell_brand(b) for b, g in DRUG_BRANDS.items() if g == generic and b != generic
    ]
    return tuple(en), ()


def canonical(entity: str) -> tuple[str, str] | None:
    """The (EN, ZH) name a core question uses for ``entity`` (``lab:<key>``, ``drug:<generic>``)."""
    kind, _, key = entity.partition(":")
    if kind == "lab" and key in LABS:
        return LABS[key].en, LABS[key].zh
    if kind == "drug" and key:
        return key, drug_zh(key)
    return None


def alternatives(entity: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(EN, ZH) names a request may use instead of the canonical one (empty when none)."""
    kind, _, key = entity.partition(":")
    if kind == "lab" and key in LABS:
        return lab_names(key)
    if kind == "drug" and key:
        return drug_names(key)
    return (), ()


def surfaces(entity: str) -> tuple[set[str], set[str]]:
    """Every (EN, ZH) name a request may use for ``entity``, canonical included."""
    base = canonical(entity)
    if base is None:
        return set(), set()
    en, zh = alternatives(entity)
    return {base[0], *en}, {base[1], *zh}
