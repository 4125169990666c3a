"""Lookups that ask for a drug by what it is (issue #36): "when did she last get her ACE
inhibitor?", "which antibiotic is he on, at what dose?". The request names no drug, the
gold names the one drug the description picks out (critical), and a description that
picks out two drugs is not used."""

from __future__ import annotations

import dataclasses

import pytest
from test_clinical_topics import _contexts
from test_gold_rules import _gold_ok, _grade

from physassist_env.scenarios.topics import lookup as LO
from physassist_env.scenarios.topics import records as RE
from physassist_env.scenarios.topics.described import (
    as_antibiotic,
    by_class,
    described,
)
from physassist_env.scenarios.topics.menu import menu
from physassist_env.vocab.drugs import SAFETY_CLASS_MEMBERS, drug_terms


@pytest.fixture(scope="module")
def described_drafts(synthetic_records: list) -> list[tuple]:
    """(draft, context) of every described last_dose / med_current of the small hospital."""
    out = []
    for _, make in _contexts(synthetic_records):
        ctx = make()
        if ctx is None:
            continue
        generics = set(ctx.facts.given) | {
            o.generic for o in ctx.facts.active_orders() if o.generic
        }
        for g in sorted(generics):
            for fn in (RE.last_dose, LO.med_current):
                ctx.known = set()
                d = fn(ctx, g, described)
                if d is not None:
                    out.append((d, ctx))
    return out


def test_both_lookups_are_described_on_the_small_hospital(described_drafts):
    topics = {d.topic for d, _ in described_drafts}
    assert topics == {"last_dose", "med_current"}, topics


def test_gold_grades_one_and_the_request_names_no_drug(described_drafts):
    for d, ctx in described_drafts[:30]:
        _gold_ok(d, ctx)
        generic = d.entities[0].removeprefix("drug:")
        for term in drug_terms(generic):
            assert term.lower() not in d.explicit.en.lower(), (term, d.explicit.en)


def test_an_answer_without_the_drug_fails(described_drafts):
    for d, ctx in described_drafts[:15]:
        generic = d.entities[0].removeprefix("drug:")
        # the gold with the drug's name (and its "X: drug." opening) taken out
        rest = d.gold_answer.en.split(". ", 1)[1]
        for term in sorted(drug_terms(generic), key=len, reverse=True):
            rest = rest.replace(term, "it").replace(term.capitalize(), "It")
        assert _grade(d, ctx, rest) < 0.75, (d.topic, rest)


def _with_orders(ctx, extra_names: list[tuple[str, str]]):
    """``ctx`` with extra orders (name, generic) copied from its first order."""
    proto = ctx.facts.orders[0]
    orders = list(ctx.facts.orders) + [
        dataclasses.replace(proto, name=n, generic=g) for n, g in extra_names
    ]
    facts = dataclasses.replace(ctx.facts, orders=orders)
    return dataclasses.replace(ctx, facts=facts)


def test_a_description_that_picks_out_two_drugs_is_not_used(described_drafts):
    classed = [
        (d, c)
        for d, c in described_drafts
        if by_class(c, d.entities[0].removeprefix("drug:")) is not None
    ]
    if not classed:
        pytest.skip("no class-described drug on the small hospital")
    d, ctx = classed[0]
    generic = d.entities[0].removeprefix("drug:")
    key = next(k for k, ms in SAFETY_CLASS_MEMBERS.items() if generic in ms)
    second = next(m for m in SAFETY_CLASS_MEMBERS[key] if m != generic)
    assert by_class(_with_orders(ctx, [(second, second)]), generic) is None


def test_the_antibiotic_is_described_only_when_it_is_the_only_anti_infective(
    synthetic_records,
):
    for _, make in _contexts(synthetic_records):
        ctx = make()
        if ctx is None or not ctx.facts.orders:
            continue
        for g in ctx.facts.given:
            if as_antibiotic(ctx, g) is not None:
                assert (
                    as_antibiotic(_with_orders(ctx, [("Fluconazole", None)]), g) is None
                )
                assert (
                    as_antibiotic(
                        _with_orders(ctx, [("Ceftriaxone", "ceftriaxone")]), g
                    )
                    is None
                )
                # an oral step-down the narrow class table lacks is a second
                # antibacterial too (cefazolin IV, then cephalexin PO)
                other = "cephalexin" if g != "cephalexin" else "amoxicillin"
                assert (
                    as_antibiotic(_with_orders(ctx, [(other.title(), other)]), g)
                    is None
                )
                return
    pytest.skip("no single-antibiotic admission on the small hospital")


def test_the_menu_asks_for_a_drug_by_name_only_as_the_last_resort(synthetic_records):
    """Each drug lookup of the menu comes as a described form at the copy-lookup weight
    and a named form at its square (used only when nothing else fits)."""
    from physassist_env.scenarios.topics.menu import (
        COPY_LOOKUP_WEIGHT,
        NAMED_LOOKUP_WEIGHT,
    )

    for sc, make in _contexts(synthetic_records):
        ctx = make()
        if ctx is None:
            continue
        for fns in menu(sc, ctx).values():
            for fn in fns:
                ctx.known = set()
                w = getattr(fn, "weight", 1.0)
                if w != NAMED_LOOKUP_WEIGHT:
                    continue
                d = fn(ctx)
                if d is not None and d.topic == "allergies":
                    continue  # the bare list of a chart with none recorded: last resort too
                if d is not None:
                    assert d.topic in ("last_dose", "med_current"), d.topic
                    generic = d.entities[0].removeprefix("drug:")
                    assert generic in d.explicit.en.lower()
                    assert NAMED_LOOKUP_WEIGHT < COPY_LOOKUP_WEIGHT
                    return
    pytest.skip("no named drug lookup fits the small hospital")
