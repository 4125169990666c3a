"""The allergy question joined to a drug (issue #36, session 13): "can she have <drug>?"
against the recorded allergy. The drug asked is drawn between one the allergy rules out and
one it does not (``topics.records.ALLERGY_QUESTIONS``), the gold agrees with
``clinical.allergy`` (the grader's own check), the opposite conclusion fails, and the bare
allergy list (what a policy told the topic copied) does not pass."""

from __future__ import annotations

import numpy as np


def _with_allergy(synthetic_records):
    from test_gold_rules import _first

    return _first(
        synthetic_records,
        lambda c: (
            not c.facts.encounter_based
            and any(
                "penicillin" in a.lower()
                or "sulfa" in a.lower()
                or "codeine" in a.lower()
                or "lisinopril" in a.lower()
                for a in c.facts.allergies
            )
        ),
    )


def _both_outcomes(ctx):
    from physassist_env.scenarios.topics import records as RE

    seen = {}
    for seed in range(40):
        ctx.known = set()
        ctx.rng = np.random.default_rng(seed)
        d = RE.allergy_check(ctx)
        assert d is not None
        seen.setdefault(d.decision, d)
        if len(seen) == 2:
            break
    assert set(seen) == {"ruled out", "may be given"}
    return seen


def test_gold_passes_and_follows_the_shared_allergy_rule(synthetic_records) -> None:
    from test_gold_rules import _gold_ok

    from physassist_env.clinical.allergy import ruling_allergy

    ctx = _with_allergy(synthetic_records)
    for decision, d in _both_outcomes(ctx).items():
        drug = next(e for e in d.entities if e.startswith("drug:"))[5:]
        assert bool(ruling_allergy(drug, ctx.facts.allergies)) == (
            decision == "ruled out"
        )
        _gold_ok(d, ctx)


def test_the_opposite_conclusion_and_the_bare_list_fail(synthetic_records) -> None:
    from test_gold_rules import _grade

    ctx = _with_allergy(synthetic_records)
    listed = "; ".join(ctx.facts.allergies)
    for decision, d in _both_outcomes(ctx).items():
        drug = next(e for e in d.entities if e.startswith("drug:"))[5:]
        bare = f"Recorded allergies: {listed}. Confirm the reaction with the patient."
        assert _grade(d, ctx, bare) < 0.75, decision
        wrong = (
            f"Yes, {drug} can be given; recorded allergies: {listed}. Confirm with the patient."
            if decision == "ruled out"
            else f"No: {drug} is contraindicated by the recorded allergy ({listed}). Confirm with the patient."
        )
        assert _grade(d, ctx, wrong) < 0.75, decision


def test_no_question_without_a_recorded_allergy(synthetic_records) -> None:
    from test_gold_rules import _first

    from physassist_env.scenarios.topics import records as RE

    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.known = set()
    ctx.facts.allergies = []
    assert RE.allergy_check(ctx) is None


def test_menu_asks_the_bare_list_as_a_copy_lookup(synthetic_records) -> None:
    """The drug question at full weight; the bare list at the copy-lookup weight where
    something is recorded, and as the last resort where nothing is."""
    import importlib

    from test_gold_rules import _first

    from physassist_env.scenarios.topics import records as RE

    M = importlib.import_module("physassist_env.scenarios.topics.menu")
    check, bare, last = M.allergy_lookups()
    assert check is RE.allergy_check and getattr(check, "weight", 1.0) == 1.0
    assert bare.weight == M.COPY_LOOKUP_WEIGHT
    assert last.weight == M.NAMED_LOOKUP_WEIGHT
    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.known = set()
    ctx.facts.allergies, ctx.facts.intolerances = [], []
    assert bare(ctx) is None
    ctx.known = set()
    assert last(ctx).decision == "none recorded"


def test_gold_passes_for_every_allergen_of_the_synthetic_hospital(
    synthetic_records,
) -> None:
    """Each allergen the synthetic hospital records (``synth.knowledge.ALLERGIES``), both
    ways, in both languages: the small hospital's penicillin row is rewritten to each (a
    reason naming a reaction after a drug, "ACE-inhibitor angioedema", read as an
    invented allergy to the grader)."""
    from dataclasses import replace

    from test_gold_rules import _gold_ok

    from physassist_env.scenarios.topics import records as RE
    from physassist_env.synth.knowledge import ALLERGIES

    ctx = _with_allergy(synthetic_records)
    recorded = ctx.facts.allergies[0]
    done: set[tuple[str, str]] = set()
    for name in ALLERGIES:
        ctx.facts.allergies = [name]
        for seed in range(12):
            ctx.known = set()
            ctx.rng = np.random.default_rng(seed)
            d = RE.allergy_check(ctx)
            if d is None:
                break
            drug = next(e for e in d.entities if e.startswith("drug:"))
            if (drug, d.decision) in done:
                continue
            done.add((drug, d.decision))
            obs = [o.replace(recorded, name) for o in d.gold_observations]
            assert obs != d.gold_observations
            _gold_ok(replace(d, gold_observations=obs), ctx)
    assert len(done) == 8, done
