"""Independent test set L (``grading/validity/independent_l``): the set itself.

Checks the registry's shape, that every class generates on the synthetic sessions in each
language it applies to, that a variant depends only on its turn, that the modules import
nothing of the grader, that wrong variants differ from the gold and that right variants
keep the gold's numbers. Never grades: ``benchmarks/independent_validity.py --set l``
measures the grader.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_l as L
from physassist_env.grading.validity import independent_l_phrases as LP
from physassist_env.grading.validity.independent_l import SET_L
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

MODULES = [Path(L.__file__), Path(LP.__file__)]
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_l_phrases",
    "physassist_env.scenarios.model",
}
#: Classes written for one language only.
ONLY = {"l_zh_clinician": "zh"}
#: Right classes that rewrite numbers (unit conversion).
REWRITE_NUMBERS = {"l_si_units"}
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_NUM = re.compile(r"\d+(?:\.\d+)?")


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


@pytest.fixture(scope="module")
def variants(cases):
    """class -> list of (case, variant) over the synthetic cases (suite seed 0)."""
    pools = Pools.of(cases)
    out: dict[str, list] = {name: [] for name in SET_L}
    for case in cases:
        for name, (_, _, gen) in SET_L.items():
            v = gen(case, pools, np.random.default_rng(0))
            if v is not None:
                out[name].append((case, v))
    return out


def test_registry_shape():
    kinds = [kind for kind, _, _ in SET_L.values()]
    assert kinds.count("wrong") >= 26 and kinds.count("correct") >= 12
    for name, (kind, description, gen) in SET_L.items():
        assert name.startswith("l_") and kind in ("wrong", "correct")
        assert description and callable(gen) and gen.__doc__
    known = registry(SET_L)  # raises if a class shadows a suite class
    assert set(SET_L) <= set(known)


def test_phrase_tables_have_three_wordings_per_language():
    for name in dir(LP):
        table = getattr(LP, name)
        if isinstance(table, dict) and set(table) == {"en", "zh"}:
            for lang in ("en", "zh"):
                if isinstance(table[lang], list):
                    assert len(table[lang]) >= 3, (name, lang)
    for kind, table in LP.INVENTED.items():
        assert all(len(table[lang]) >= 3 for lang in ("en", "zh")), kind


def test_every_class_generates_in_each_language(variants):
    for name, pairs in variants.items():
        langs = {c.language for c, _ in pairs}
        want = {ONLY[name]} if name in ONLY else {"en", "zh"}
        assert langs == want, (name, langs)


def test_variants_depend_only_on_the_turn(cases):
    pools = Pools.of(cases)
    for case in cases[::7]:
        for name, (_, _, gen) in SET_L.items():
            a = gen(case, pools, np.random.default_rng(0))
            b = gen(case, pools, np.random.default_rng(12345))
            assert (a is None) == (b is None), name
            if a is not None:
                assert (a.answer, a.calls) == (b.answer, b.calls), name


def test_wrong_variants_differ_from_gold(variants):
    for name, pairs in variants.items():
        if SET_L[name][0] != "wrong":
            continue
        for case, v in pairs:
            assert v.cls == name
            assert v.answer.strip() != case.answer.strip() or v.calls is not None


def test_right_variants_keep_the_gold_numbers(variants):
    for name, pairs in variants.items():
        if SET_L[name][0] != "correct" or name in REWRITE_NUMBERS:
            continue
        for case, v in pairs:
            gold = {float(x) for x in _NUM.findall(_DATE.sub("", case.answer))}
            mine = {float(x) for x in _NUM.findall(_DATE.sub("", v.answer))}
            assert gold <= mine, (name, case.answer, v.answer)
            assert v.calls is None, name


def test_si_units_convert_with_the_rubric_factor(variants):
    """A converted value is the rubric's value times the rubric's own factor."""
    from physassist_env.scenarios.model import ValueCheck

    for case, v in variants["l_si_units"]:
        assert v.answer != case.answer
        said = {
            (f"{c.value * f:.1f}".rstrip("0").rstrip("."), u)
            for c in case.checks
            if isinstance(c, ValueCheck)
            for u, f in c.conversions.items()
        }
        assert any(f"{n} {u}" in v.answer for n, u in said), v.answer


def test_modules_import_no_grader_code():
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, (path.name, node.module)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), path.name


def test_the_runner_knows_set_l():
    import importlib.util

    path = Path(__file__).parents[2] / "benchmarks" / "independent_validity.py"
    spec = importlib.util.spec_from_file_location("independent_validity", path)
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    assert "l" in runner.SETS
    assert runner.registry("l") == dict(SET_L)
