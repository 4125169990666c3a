"""Which drugs a recorded allergy rules out: the one check the generator and the gold share.

The table of allergens and the generics each rules out, with its sources, is
:data:`physassist_env.vocab.drugs.ALLERGY_RULES_OUT`. A drug is matched by word-initial
fragments of its name ("Piperacillin-Tazobactam", "Morphine Sulfate"), an allergy by
fragments of its recorded text ("Penicillins", "Codeine", "Lisinopril (angioedema)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from physassist_env.vocab.drugs import ALLERGY_RULES_OUT


@cache
def _rules() -> tuple[tuple[tuple[str, ...], re.Pattern[str]], ...]:
    return tuple(
        (allergens, re.compile(r"\b(?:" + "|".join(map(re.escape, drugs)) + ")"))
        for allergens, drugs in ALLERGY_RULES_OUT
    )


def ruling_allergy(drug: str, allergies: Iterable[str]) -> str | None:
    """The recorded allergy (as written) that rules out ``drug`` (a drug name or generic),
    or None when no recorded allergy does."""
    name = drug.lower()
    for allergy in allergies:
        low = allergy.lower()
        for allergens, drugs in _rules():
            if any(a in low for a in allergens) and drugs.search(name):
                return allergy
    return None


def allowed(drug: str, allergies: Iterable[str]) -> bool:
    """True when no recorded allergy rules ``drug`` out."""
    return ruling_allergy(drug, tuple(allergies)) is None
