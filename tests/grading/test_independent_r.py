"""Independent set R checked as a set (issue #35): registry shape, determinism, coverage on
the synthetic build, restricted imports, wrong variants differing from the gold. Nothing
here grades an answer."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_r, independent_r_phrases
from physassist_env.grading.validity.independent_r import SET_R
from physassist_env.grading.validity.variants import Pools, build_cases

#: Classes that apply only where the record has what they need (an abnormal row, a
#: flag/trend/value item, an allergy list, a coded diagnosis, a medication row, a date, a
#: brand-named drug, an abbreviation), or only to one language.
_CONDITIONAL = {
    "r_abnormal_called_normal",
    "r_value_restated_wrong",
    "r_flag_flip_recap",
    "r_trend_flip_footer",
    "r_harm_tenfold",
    "r_harm_catchup_double",
    "r_harm_duplicate_class",
    "r_extractor",
    "r_ok_true_allergy",
    "r_ok_true_no_allergy",
    "r_ok_true_diagnosis",
    "r_ok_true_med",
    "r_ok_true_lab_row",
    "r_ok_brand_added",
    "r_ok_dates_reformatted",
    "r_ok_si_units",
    "r_ok_gloss",
    "r_unit_wrong_recap",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    sessions = list(synthetic_generated.sessions)[:40]
    return build_cases(sessions, ["en", "zh"])


@pytest.fixture(scope="module")
def pools(cases):
    return Pools.of(cases)


def test_registry_shape():
    wrong = [n for n, (k, _, _) in SET_R.items() if k == "wrong"]
    right = [n for n, (k, _, _) in SET_R.items() if k == "correct"]
    assert len(wrong) >= 56 and len(right) >= 24
    for name, (kind, desc, gen) in SET_R.items():
        assert name.startswith("r_") and kind in ("wrong", "correct")
        assert desc and callable(gen)


def test_every_frame_class_has_four_wordings_per_language():
    for name, langs in independent_r_phrases.F.items():
        assert name in SET_R
        for lang in ("en", "zh"):
            assert len(set(langs[lang])) >= 1
            if len(set(langs[lang])) > 1:
                assert len(set(langs[lang])) >= 4, (name, lang)


def test_invention_pools_are_broad():
    for pool in (
        independent_r_phrases.DIAGNOSES,
        independent_r_phrases.ALLERGIES,
        independent_r_phrases.PROCEDURES,
        independent_r_phrases.SYMPTOMS,
        independent_r_phrases.HOME_DRUGS,
        independent_r_phrases.IMAGING,
        independent_r_phrases.LABS,
        independent_r_phrases.HISTORY,
    ):
        assert len(pool) >= 20
        assert all(en and zh for en, zh, *_ in pool)


def test_deterministic_and_independent_of_the_shared_rng(cases, pools):
    for case in cases[:60]:
        for name, (_, _, gen) in SET_R.items():
            a = gen(case, pools, np.random.default_rng(1))
            b = gen(case, pools, np.random.default_rng(99))
            assert (a is None) == (b is None), name
            if a is not None:
                assert (a.answer, a.calls) == (b.answer, b.calls), name


def test_every_class_generates_in_both_languages(cases, pools):
    made: dict[tuple[str, str], int] = {}
    for case in cases:
        for name, (_, _, gen) in SET_R.items():
            v = gen(case, pools, np.random.default_rng(0))
            if v is not None:
                assert v.cls == name
                made[(name, case.language)] = made.get((name, case.language), 0) + 1
    for name in SET_R:
        if name in _CONDITIONAL:
            continue
        for lang in ("en", "zh"):
            assert made.get((name, lang), 0) > 0, (name, lang)


def test_wrong_variants_differ_from_the_gold(cases, pools):
    for case in cases:
        for name, (kind, _, gen) in SET_R.items():
            if kind != "wrong":
                continue
            v = gen(case, pools, np.random.default_rng(0))
            if v is not None:
                assert v.answer != case.answer or v.calls is not None, name


def test_right_variants_keep_the_gold_text(cases, pools):
    """Every right class keeps the gold verbatim (its first letter may be lowercased after
    a lead-in), except those that reshape it (rows, JSON, a brand, date or unit spelling)."""
    reshaped = {
        "r_ok_table_rows",
        "r_ok_fhir_snippet",
        "r_ok_brand_added",
        "r_ok_dates_reformatted",
        "r_ok_si_units",
    }
    for case in cases:
        for name, (kind, _, gen) in SET_R.items():
            if kind != "correct" or name in reshaped:
                continue
            v = gen(case, pools, np.random.default_rng(0))
            if v is not None:
                gold = case.answer
                assert (
                    gold in v.answer or independent_r._lower_first(gold) in v.answer
                ), name


def test_inventions_are_absent_from_the_record(cases, pools):
    for case in cases[:80]:
        record = independent_r._record_text(case)
        for name, pool in (
            ("r_inv_dx_premise", independent_r_phrases.DIAGNOSES),
            ("r_inv_symptom_reason", independent_r_phrases.SYMPTOMS),
        ):
            v = SET_R[name][2](case, pools, np.random.default_rng(0))
            if v is None:
                continue
            used = [
                it for it in pool if it[0 if case.language == "en" else 1] in v.answer
            ]
            assert used, name
            for en, zh in used:
                assert en.lower() not in record and zh not in record


def test_modules_import_only_the_data_model_variants_and_phrases():
    allowed = {
        "physassist_env.scenarios.model",
        "physassist_env.grading.validity.variants",
        "physassist_env.grading.validity",
        "physassist_env.grading.validity.independent_r_phrases",
    }
    for module in (independent_r, independent_r_phrases):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in allowed, node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name


def test_registered_in_the_runner():
    import importlib.util

    path = (
        Path(__file__).resolve().parents[2] / "benchmarks" / "independent_validity.py"
    )
    spec = importlib.util.spec_from_file_location("iv_runner", path)
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    assert "r" in runner.SETS
    assert set(runner.registry("r")) == set(SET_R)
