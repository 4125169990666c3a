"""Allergy answers bound to this chart: "nothing recorded" is contradicted by a reaction the
chart does not hold, a recorded intolerance weighs enough that a bare "nothing recorded"
(another patient's answer) fails, and the patient names the allergen of an ICD
allergy-status title ("Allergy status to penicillin" -> "I'm allergic to penicillin")."""

from __future__ import annotations

from physassist_env.patient.notes import allergy_wording


def test_patient_names_the_allergen_of_an_allergy_status_title() -> None:
    en, zh = allergy_wording("Allergy status to penicillin")
    assert en[0] == "I'm allergic to penicillin" and zh[0] == "我对青霉素过敏"
    en, zh = allergy_wording("Allergy status to sulfonamides status")
    assert en[0] == "I'm allergic to sulfonamides" and "磺胺" in zh[0]
    assert allergy_wording("Latex")[0][0] == "I'm allergic to latex"


def test_no_allergy_answer_naming_a_reaction_this_chart_lacks_fails(
    synthetic_records,
):
    from test_gold_rules import _first, _grade

    from physassist_env.scenarios.topics import records as RE

    ctx = _first(synthetic_records, lambda c: not c.facts.encounter_based)
    ctx.known = set()
    ctx.facts.allergies, ctx.facts.intolerances = [], []
    d = RE.allergies(ctx)
    assert d is not None
    assert _grade(d, ctx, d.gold_answer.en) == 1.0
    other = (
        "No allergy is recorded in the chart; confirm with the patient. Also recorded: "
        "adverse drug reaction (anticoagulants), an intolerance, not an allergy."
    )
    assert _grade(d, ctx, other) < 0.75
    plural = (
        "No allergy is recorded; confirm with the patient. Also recorded: adverse drug "
        "reactions (loop diuretics; steroids), intolerances, not allergies."
    )
    assert _grade(d, ctx, plural) < 0.75
    both = "No allergies or intolerances are recorded; please confirm with the patient."
    assert _grade(d, ctx, both) >= 0.75
    # with an intolerance on this chart, a bare "nothing recorded" misses it
    ctx.facts.intolerances = [
        "Anticoagulants causing adverse effects in therapeutic use"
    ]
    d = RE.allergies(ctx)
    assert d is not None and "adverse effect" in d.gold_answer.en
    assert _grade(d, ctx, "No allergy is recorded; confirm with the patient.") < 0.75


def test_a_nonreactive_serology_is_no_infection_and_reads_in_chinese() -> None:
    """An RPR "NONREACTIVE. Reference Range: Non-Reactive." from the demo's microbiology table
    was an infection finding (a bacterial indication) and left English in the ZH gold."""
    from physassist_env.clinical.infection import bacterial_indication, not_an_infection
    from physassist_env.scenarios.features import organism_terms
    from physassist_env.vocab.drugs import name_zh
    from physassist_env.vocab.microbiology import organism_text_zh

    rpr = "NONREACTIVE.  Reference Range: Non-Reactive."
    assert not_an_infection(rpr) and not bacterial_indication([], [rpr])
    assert organism_text_zh(rpr) == "无反应性（阴性）"
    assert "无反应性（阴性）" in organism_terms(
        rpr
    ) and "nonreactive" in organism_terms(rpr)
    assert not not_an_infection("ESCHERICHIA COLI")
    # the demo's discharge drugs that had no Chinese name
    for name in ("Raltegravir", "Ezetimibe", "Febuxostat", "Ferric Gluconate"):
        assert name_zh(name), name
