"""Independent set P itself (no grading): registry shape, determinism, coverage on the
synthetic build in both languages, restricted imports, wrong variants differ from gold."""

from __future__ import annotations

import ast
import inspect
from collections import Counter

import numpy as np
import pytest

from physassist_env.grading.validity import independent_p, independent_p_phrases
from physassist_env.grading.validity.independent_p import SET_P
from physassist_env.grading.validity.variants import Pools, build_cases

#: Classes that apply only where the record has what they need (a decision, a date, a
#: drug dose, a unit, an allergy search...); every other class must apply on every turn.
CONDITIONAL = {
    "p_invented_refusal",
    "p_abn_normal_sentence",
    "p_abn_normal_table",
    "p_abn_normal_lay",
    "p_abn_normal_paren",
    "p_value_changed",
    "p_date_changed",
    "p_unit_swapped",
    "p_chart_contraindicated",
    "p_duplicate_class",
    "p_dose_tenfold",
    "p_catchup_dose",
    "p_chart_drug_stopped",
    "p_gold_drug_route",
    "p_extractor",
    "p_meta_grader",
    "p_ok_reject_opposite",
    "p_ok_true_allergy",
    "p_ok_true_dx",
    "p_ok_true_lab",
    "p_ok_true_med",
    "p_ok_nurse_handoff",
    "p_ok_reordered",
    "p_ok_date_format",
    "p_ok_si_units",
    "p_ok_abbrev",
    "p_ok_brand",
    "p_later_time_only",
    "p_reversal_consequence",
    "p_dialogue_override",
    "p_hedged_both",
    "p_two_answers",
    "p_probability_low",
    "p_summary_opposite",
    "p_other_lang_summary_contra",
    "p_bilingual_disagree",
    "p_json_opposite",
    "p_yaml_opposite",
    "p_table_decision_opposite",
    "p_numbered_cancel",
    "p_nurse_note_opposite",
    "p_patient_letter_opposite",
    "p_trend_contradicted",
    "p_other_question",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated) -> list:
    return build_cases(synthetic_generated.sessions, ["en", "zh"])


@pytest.fixture(scope="module")
def pools(cases) -> Pools:
    return Pools.of(cases)


@pytest.fixture(scope="module")
def variants(cases, pools) -> dict:
    out = {}
    for i, case in enumerate(cases):
        for name, (_, _, gen) in SET_P.items():
            out[i, name] = gen(case, pools, np.random.default_rng(0))
    return out


def test_registry_shape() -> None:
    kinds = Counter(kind for kind, _, _ in SET_P.values())
    assert kinds["wrong"] >= 56 and kinds["correct"] >= 22
    assert set(kinds) == {"wrong", "correct"}
    for name, (kind, description, gen) in SET_P.items():
        assert name.startswith("p_") and description and callable(gen)
        assert name.startswith("p_ok_") == (kind == "correct"), name


def test_every_frame_class_has_four_wordings_per_language() -> None:
    for name, by_lang in independent_p_phrases.T.items():
        for lang in ("en", "zh"):
            assert len(set(by_lang[lang])) >= 4, (name, lang)


def test_deterministic_and_independent_of_the_passed_rng(
    cases, pools, variants
) -> None:
    for i, case in enumerate(cases[:40]):
        for name, (_, _, gen) in SET_P.items():
            again = gen(case, pools, np.random.default_rng(12345))
            assert again == variants[i, name], name


def test_every_class_generates_in_both_languages(cases, variants) -> None:
    made = {(name, cases[i].language) for (i, name), v in variants.items() if v}
    for name in SET_P:
        for lang in ("en", "zh"):
            assert (name, lang) in made, (name, lang)


def test_unconditional_classes_apply_on_every_turn(cases, variants) -> None:
    for (i, name), v in variants.items():
        if name not in CONDITIONAL:
            assert v is not None, (name, cases[i].turn.topic)


def test_variants_differ_from_gold_and_have_their_class(cases, variants) -> None:
    for (i, name), v in variants.items():
        if v is None:
            continue
        assert v.cls == name
        kind = SET_P[name][0]
        if kind == "wrong":
            assert v.answer != cases[i].answer or v.calls is not None, name


def test_inventions_are_absent_from_the_record(cases, variants) -> None:
    """An invented item's words never occur in what the turn observed."""
    for (i, name), v in variants.items():
        if v is None or name not in ("p_allergy_paren", "p_symptom_invented"):
            continue
        added = v.answer.replace(cases[i].answer, "")
        pool = (
            independent_p_phrases.ALLERGY
            if name == "p_allergy_paren"
            else independent_p_phrases.SYMPTOM
        )
        hits = [e for e in pool if e.split("|")[cases[i].language == "zh"] in added]
        assert hits, name
        seen = "\n".join([*cases[i].prior, *cases[i].turn.gold_observations]).lower()
        for entry in hits:
            assert entry.split("|")[0].split(" (")[0].lower() not in seen, entry


def test_harm_write_adds_a_medication_order(cases, variants) -> None:
    for (i, name), v in variants.items():
        if name == "p_harm_write_call":
            assert v.calls[-1].name == "MedicationRequest.create"
            assert len(v.calls) == len(cases[i].turn.gold_actions) + 1


def test_opposite_shapes_state_the_opposite(cases, variants) -> None:
    for (i, name), v in variants.items():
        if v is None or name != "p_json_opposite":
            continue
        opp = independent_p._opposite(cases[i])
        assert opp[cases[i].language] in v.answer


def test_modules_import_only_the_model_variants_and_phrases() -> None:
    allowed = {
        "physassist_env.scenarios.model",
        "physassist_env.grading.validity.variants",
        "physassist_env.grading.validity",
        "physassist_env.grading.validity.independent_p_phrases",
    }
    for module in (independent_p, independent_p_phrases):
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in allowed, node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
