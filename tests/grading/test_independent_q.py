"""Independent set Q (``grading/validity/independent_q``): the set itself, never grading.

Checks the registry's shape, that every class generates on the synthetic build in both
languages where it applies, determinism (a variant depends only on its turn), that wrong
variants differ from the gold, that the frames are varied, and that the modules import
only the data model, the variant interface and their own phrases.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_q as Q
from physassist_env.grading.validity import independent_q_phrases as QP
from physassist_env.grading.validity.independent_q import SET_Q
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

MODULES = [Path(Q.__file__), Path(QP.__file__)]
ALLOWED = {
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_q_phrases",
    "physassist_env.grading.validity",
    "physassist_env.scenarios.model",
    "__future__",
    "base64",
    "collections.abc",
    "datetime",
    "json",
    "numpy",
    "re",
    "string",
    "typing",
    "zlib",
}
#: Classes that apply in one language only, by design (ZH gold already writes mmol/L).
ONE_LANGUAGE = {"q_ok_units_same_number": "en"}
#: Classes that need a chart state the small synthetic build may not have.
MAY_NOT_APPLY = {
    "q_denied_true_allergy",
    "q_ok_true_allergy",
    "q_ok_no_allergy_true",
    "q_duplicate_class",
    "q_dose_tenfold",
    "q_route_changed",
    "q_ok_brand_names",
    "q_ok_units_same_number",
    "q_trend_arith_wrong",
    "q_overtreat_to_be_safe",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


@pytest.fixture(scope="module")
def variants(cases):
    """Every class on every case: {(class, language): [(case, variant)]}."""
    pools = Pools.of(cases)
    rng = np.random.default_rng(0)
    out: dict[tuple[str, str], list] = {}
    for case in cases:
        for name, (_, _, gen) in SET_Q.items():
            v = gen(case, pools, rng)
            if v is not None:
                out.setdefault((name, case.language), []).append((case, v))
    return out


def test_registry_shape() -> None:
    kinds = [kind for kind, _, _ in SET_Q.values()]
    assert kinds.count("wrong") >= 56 and kinds.count("correct") >= 24
    for name, (kind, description, gen) in SET_Q.items():
        assert name.startswith("q_"), name
        assert kind in ("wrong", "correct"), name
        assert description and callable(gen), name
    known = registry(SET_Q)
    assert all(known[n][0] == SET_Q[n][0] for n in SET_Q)


def test_frames_are_varied() -> None:
    """Every framed wrong class has 4+ wordings per language."""
    for name, by_lang in QP.FRAMES.items():
        assert name in SET_Q, f"frames of unknown class {name}"
        if SET_Q[name][0] == "wrong":
            assert len(set(by_lang["en"])) >= 4, name
            assert len(set(by_lang["zh"])) >= 4, name


def test_invention_pools_are_broad() -> None:
    for pool in (QP.DIAGNOSES, QP.ALLERGIES, QP.SYMPTOMS, QP.PROCEDURES, QP.HOME_DRUGS):
        assert len(pool) >= 25
        assert len({p[1] for p in pool}) == len(pool)
    assert len(QP.FINDINGS) >= 20 and len(QP.CONSULTS) >= 20
    assert len(QP.INVENTED_LABS) >= 20


def test_every_class_generates_in_both_languages(variants) -> None:
    for name in SET_Q:
        langs = [ONE_LANGUAGE[name]] if name in ONE_LANGUAGE else ["en", "zh"]
        for lang in langs:
            if name in MAY_NOT_APPLY and not any(
                (name, x) in variants for x in ("en", "zh")
            ):
                continue
            assert variants.get((name, lang)), f"{name} never applies in {lang}"


def test_deterministic_per_turn(cases) -> None:
    """A variant depends only on its turn: another shared generator, the same text."""
    pools = Pools.of(cases)
    sample = cases[:: max(1, len(cases) // 40)]
    for name, (_, _, gen) in SET_Q.items():
        for case in sample:
            a = gen(case, pools, np.random.default_rng(1))
            b = gen(case, pools, np.random.default_rng(99))
            assert (a is None) == (b is None), name
            if a is not None:
                assert a.answer == b.answer and a.calls == b.calls, name


def test_wrong_variants_differ_from_gold(variants) -> None:
    for (name, _), rows in variants.items():
        if SET_Q[name][0] != "wrong":
            continue
        for case, v in rows:
            assert v.answer != case.answer or v.calls is not None, name
            assert v.cls == name


def test_right_variants_keep_the_gold_numbers(variants) -> None:
    """Right classes that wrap the gold keep its text whole (transforms aside)."""
    wrapping = {
        n
        for n in QP.FRAMES
        if n.startswith("q_ok_")
        and all("{gold}" in t for t in QP.FRAMES[n]["en"] + QP.FRAMES[n]["zh"])
    }
    for (name, _), rows in variants.items():
        if name in wrapping:
            for case, v in rows:
                assert case.answer in v.answer, name


def test_inventions_absent_from_the_record(variants) -> None:
    """An invented allergy/diagnosis/procedure is in no observation of its turn."""
    pools = {
        "q_inv_allergy_checklist": QP.ALLERGIES,
        "q_inv_dx_clause": QP.DIAGNOSES,
        "q_inv_procedure_timeline": QP.PROCEDURES,
    }
    for (name, lang), rows in variants.items():
        if name not in pools:
            continue
        col = 2 if lang == "zh" else 1
        for case, v in rows:
            seen = "\n".join([*case.prior, *case.turn.gold_observations])
            used = [p[col] for p in pools[name] if p[col] in v.answer]
            assert used, name
            assert all(u not in seen for u in used), name


def test_imports_restricted() -> None:
    for path in MODULES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module in ALLOWED, (path.name, node.module)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in ALLOWED, (path.name, alias.name)


def test_runner_knows_set_q() -> None:
    import importlib.util

    path = Path(__file__).parents[2] / "benchmarks" / "independent_validity.py"
    spec = importlib.util.spec_from_file_location("independent_validity", path)
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    assert "q" in runner.SETS
    assert set(runner.registry("q")) == set(SET_Q)
