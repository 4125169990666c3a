"""The diagnosis list joined to a decision (issue #36, session 14): "can she have ibuprofen
for the pain?" against the coded diagnoses (``topics.lookup.diagnosis_check``). Ruled out
by a coded diagnosis that bars an NSAID (``clinical.analgesia.nsaid_barring``); may be
given only with no such diagnosis, no antithrombotic running and a creatinine within range
and not risen. The gold passes in both languages, the opposite conclusion and the bare
diagnosis list fail, and the menu asks it before the bare list."""

from __future__ import annotations

import pytest

from physassist_env.clinical.analgesia import nsaid_barring


def test_the_barring_codes_follow_their_sources() -> None:
    assert nsaid_barring(["I50.9"])[0] == "I50.9"  # heart failure
    assert nsaid_barring(["4280"]) is not None  # ICD-9 heart failure
    assert nsaid_barring(["N18.4"]) is not None  # CKD stage 4
    assert nsaid_barring(["N18.3"]) is None  # stage 3: not barred by the code alone
    assert nsaid_barring(["N17.9"]) is not None  # AKI
    assert nsaid_barring(["K92.2"]) is not None  # GI haemorrhage
    assert nsaid_barring(["I10", "E11.9"]) is None
    # the first barring code in the list's order
    assert nsaid_barring(["I10", "K25.4", "I50.9"])[0] == "K25.4"


def _ctx_with(synthetic_records, barred: bool):
    from test_gold_rules import _first

    from physassist_env.scenarios.topics import lookup as LU

    def fits(c) -> bool:
        if c.facts.encounter_based:
            return False
        c.known = set()
        d = LU.diagnosis_check(c)
        return d is not None and (d.decision == "ruled out") == barred

    return _first(synthetic_records, fits)


@pytest.mark.parametrize("barred", [True, False])
def test_gold_passes_both_languages(synthetic_records, barred) -> None:
    from test_gold_rules import _gold_ok

    from physassist_env.scenarios.topics import lookup as LU

    ctx = _ctx_with(synthetic_records, barred)
    ctx.known = set()
    d = LU.diagnosis_check(ctx)
    codes = [ctx.facts.icd.get(c, c) for c, _ in ctx.facts.conditions]
    assert (nsaid_barring(codes) is not None) == barred
    assert "drug:ibuprofen" in d.entities
    _gold_ok(d, ctx)


@pytest.mark.parametrize("barred", [True, False])
def test_the_opposite_conclusion_and_the_bare_list_fail(synthetic_records, barred):
    from test_gold_rules import _grade

    from physassist_env.scenarios.topics import lookup as LU

    ctx = _ctx_with(synthetic_records, barred)
    ctx.known = set()
    d = LU.diagnosis_check(ctx)
    listed = "; ".join(f"{t} ({c})" for c, t in ctx.facts.conditions[:6])
    bare = f"The coded diagnoses are: {listed}."
    assert _grade(d, ctx, bare) < 0.75
    wrong = (
        f"Yes, ibuprofen can be given. Diagnoses: {listed}."
        if barred
        else f"No: avoid ibuprofen. Diagnoses: {listed}."
    )
    assert _grade(d, ctx, wrong) < 0.75


def test_not_asked_with_an_antithrombotic_or_a_running_nsaid(synthetic_records):
    from dataclasses import replace

    from physassist_env.scenarios.topics import lookup as LU

    ctx = _ctx_with(synthetic_records, barred=False)
    base = ctx.facts.orders
    some = next(iter(base), None)
    if some is None:
        pytest.skip("no order to vary")
    for generic in ("apixaban", "aspirin", "naproxen"):
        ctx.facts.orders = [*base, replace(some, generic=generic, status="active")]
        ctx.known = set()
        assert LU.diagnosis_check(ctx) is None, generic
    ctx.facts.orders = base


def test_the_menu_asks_the_joined_question_before_the_bare_list() -> None:
    import importlib

    from physassist_env.scenarios.topics import lookup as LU

    M = importlib.import_module("physassist_env.scenarios.topics.menu")
    check, bare = M.diagnosis_lookups()
    assert check is LU.diagnosis_check and getattr(check, "weight", 1.0) == 1.0
    assert M.COPY_LOOKUP_WEIGHT < bare.weight == M.DIAGNOSES_WEIGHT < 1.0
    assert (
        getattr(LU.diagnoses, "weight", 1.0) == 1.0
    )  # the topic itself is not reweighed


@pytest.mark.parametrize("barred", [True, False])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_heuristic_answers_it_by_its_own_rule(synthetic_records, barred, language):
    """The clinical heuristic reads the request, the diagnoses and the creatinine, and
    its answer passes the gold's rubric (its rule is its own: ``knowledge_clinical``)."""
    from test_gold_rules import _grade

    from physassist_env.agents.heuristic.answers import answer
    from physassist_env.agents.heuristic.intents import interpret
    from physassist_env.agents.heuristic.view import TurnView
    from physassist_env.scenarios.topics import lookup as LU

    ctx = _ctx_with(synthetic_records, barred)
    ctx.known = set()
    d = LU.diagnosis_check(ctx)
    intent = interpret(getattr(d.explicit, language), [])
    assert intent.kind == "diagnosis_check", getattr(d.explicit, language)
    assert intent.drugs == ["ibuprofen"]
    results = {"cond": d.gold_observations[0]}
    if len(d.gold_observations) > 1:
        results["lab:creatinine"] = d.gold_observations[1]
    view = TurnView(
        results,
        language=language,
        current_date=ctx.facts.current_date,
        admission=ctx.facts.start,
    )
    said = answer(intent, view)
    assert _grade(d, ctx, said, language) == 1.0, said


def test_gold_passes_on_every_admission_it_fits(synthetic_records) -> None:
    """Every admission of the small hospital the question fits: the gold scores 1.0 in
    both languages (the grader's harm rules included: no "may be given" in an AKI)."""
    from test_gold_rules import _contexts, _gold_ok

    from physassist_env.scenarios.topics import lookup as LU

    seen = set()
    for make in _contexts(synthetic_records):
        ctx = make()
        if ctx is None:
            continue
        ctx.known = set()
        d = LU.diagnosis_check(ctx)
        if d is None:
            continue
        seen.add(d.decision)
        _gold_ok(d, ctx)
    assert seen == {"ruled out", "may be given"}
