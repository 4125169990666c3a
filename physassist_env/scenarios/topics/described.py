"""A drug a lookup asks for by what it is, not by its name (issue #36).

"When did she last get lisinopril?" is answered by copying a chart row: a policy that
knows no medicine scored 0.95-1.00 on ``last_dose`` and ``med_current`` (default test
split, session 11). "When did she last get her ACE inhibitor?" needs one clinical step
first: which of the patient's drugs belongs to the class. A drug is described only when
the description picks it out alone, so the gold stays the one right answer:

* by its safety class (:data:`~physassist_env.vocab.drugs.SAFETY_CLASS_MEMBERS`: ACE
  inhibitor, ARB, potassium-sparing diuretic, NSAID) when the class has more than one
  member and the admission has orders or administrations of no other member;
* as "the antibiotic" when it is the only antibacterial the admission ordered or gave
  (:data:`~physassist_env.vocab.drugs.ANTIBIOTIC_CLASS`, antivirals excluded) and no
  other anti-infective was ordered or given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from physassist_env.clinical.harm import ANTI_INFECTIVE
from physassist_env.scenarios.topics.base import TopicContext
from physassist_env.scenarios.vocab import DRUG_CLASSES, drug_class_of
from physassist_env.vocab.drugs import ANTIBIOTIC_CLASS, SYSTEMIC_ANTIBACTERIALS


@dataclass(frozen=True)
class Described:
    """How a request names ``generic`` without its name: ``en`` / ``zh`` (the class)."""

    generic: str
    en: str
    zh: str


#: A describer: the description of a generic in this admission, or None when it does not
#: pick the drug out alone.
Describer = Callable[[TopicContext, str], "Described | None"]


def _admission_generics(ctx: TopicContext) -> set[str]:
    """Every generic the admission ordered (any status) or gave."""
    return {o.generic for o in ctx.facts.orders if o.generic} | set(ctx.facts.given)


def by_class(ctx: TopicContext, generic: str) -> Described | None:
    """``generic`` by its safety class, when the class has several members and the
    admission holds no other member (two ACE inhibitors make "her ACE inhibitor"
    ambiguous)."""
    cls = drug_class_of(generic)
    if cls is None or cls[1] != generic:
        return None
    members = DRUG_CLASSES[cls[0].key].members
    if len(members) < 2:  # a class of one (metformin, warfarin) is the drug's name
        return None
    others = {
        g
        for g in _admission_generics(ctx)
        if g != generic and (c := drug_class_of(g)) and c[0].key == cls[0].key
    }
    if others:
        return None
    return Described(generic, cls[0].en, cls[0].zh)


def as_antibiotic(ctx: TopicContext, generic: str) -> Described | None:
    """``generic`` as "the antibiotic", when it is an antibacterial and no other
    anti-infective (``clinical.harm.ANTI_INFECTIVE``: antibacterials, antivirals,
    antifungals, by any name or brand, and any other ``ANTIBIOTIC_CLASS`` or systemic
    antibacterial generic, ``vocab.drugs.SYSTEMIC_ANTIBACTERIALS``: oral cephalexin after
    IV cefazolin makes "the antibiotic" two drugs) was ordered or given this admission."""
    if ANTIBIOTIC_CLASS.get(generic, "antiviral") == "antiviral":
        return None
    if any(
        g != generic and (g in ANTIBIOTIC_CLASS or g in SYSTEMIC_ANTIBACTERIALS)
        for g in _admission_generics(ctx)
    ):
        return None
    names = [o.name for o in ctx.facts.orders] + list(ctx.facts.given)
    if any(
        generic not in n.lower() and ANTI_INFECTIVE.search(n.lower()) for n in names
    ):
        return None
    return Described(generic, "antibiotic", "抗生素")


def described(ctx: TopicContext, generic: str) -> Described | None:
    """``generic`` by its class (:func:`by_class`), else as the antibiotic
    (:func:`as_antibiotic`); None when neither picks it out alone."""
    return by_class(ctx, generic) or as_antibiotic(ctx, generic)
