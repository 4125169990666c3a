"""How a request may name an entity: full names, abbreviations and brand names.

Read from the one clinical vocabulary (:mod:`physassist_env.vocab`), so a request never
names a lab or drug in a way the claim reader would not bind to the same subject. Forms
with digits are left out (a request must never show a number a rubric checks).
"""

from __future__ import annotations

from functools import cache

from physassist_env.scenarios.vocab import LABS, drug_zh
from physassist_env.vocab.drugs import DRUG_BRANDS
from physassist_env.vocab.spoken import (
    AMBIGUOUS_ABBREVIATIONS,
    BRAND_SPELLING,
    LOWERCASE_NAMES,
    UNSPOKEN_NAMES,
    ZH_SPOKEN_ABBREVIATIONS,
)
from physassist_env.vocab.subjects import (
    SUBJECT_ABBREVIATIONS,
    SUBJECT_NAMES,
    analyte_key,
)


def _spell_brand(name: str) -> str:
    if name in BRAND_SPELLING:
        return BRAND_SPELLING[name]
    return name if name in LOWERCASE_NAMES else name[:1].upper() + name[1:]


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
        if k == subject
        and a not in AMBIGUOUS_ABBREVIATIONS
        and not any(c.isdigit() for c in a)
    ]
    en = [a for a in abbrevs if a != lab.en] + [
        n
        for n, k in SUBJECT_NAMES.items()
        if k == subject
        and n.isascii()
        and n not in UNSPOKEN_NAMES
        and n != lab.en.lower()
        and not any(c.isdigit() for c in n)
    ]
    zh = [
        n
        for n, k in SUBJECT_NAMES.items()
        if k == subject and not n.isascii() and n != lab.zh and n not in UNSPOKEN_NAMES
    ]
    zh += [a for a in abbrevs if a in ZH_SPOKEN_ABBREVIATIONS]
    return tuple(dict.fromkeys(en)), tuple(dict.fromkeys(zh))


@cache
def drug_names(generic: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(EN, ZH) alternatives to a generic's name: its brand and everyday names, each in its
    own language (ASCII names in English, Chinese trade names in Chinese)."""
    brands = [b for b, g in DRUG_BRANDS.items() if g == generic and b != generic]
    en = [_spell_brand(b) for b in brands if b.isascii()]
    zh = [b for b in brands if not b.isascii()]
    return tuple(en), tuple(zh)


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
