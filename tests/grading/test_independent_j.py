"""Independent set J checked as a set (registry, determinism, coverage, independence);
never graded here (the lead measures pass rates with benchmarks/independent_validity.py)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_j_phrases as P
from physassist_env.grading.validity.independent_j import SET_J
from physassist_env.grading.validity.variants import GENERATORS, Pools, build_cases

HERE = Path(__file__).resolve().parents[2] / "physassist_env/grading/validity"
#: Classes that apply to one language only.
ONLY = {"j_zh_clinician": "zh"}
#: Right classes that keep every number of the gold (the others convert or reformat).
KEEP_NUMBERS = (
    "j_polite",
    "j_plus_caveat",
    "j_soap_bullets",
    "j_reordered",
    "j_contingency",
    "j_opposite_rejected",
    "j_casual",
    "j_plus_true_facts",
    "j_abbreviated",
    "j_zh_clinician",
    "j_terse",
)
_NUM = re.compile(r"\d+(?:\.\d+)?")


@pytest.fixture(scope="module")
def made(synthetic_generated):
    """Every case of the synthetic sessions in both languages, with every class's
    variant (seed 0)."""
    cases = build_cases(synthetic_generated.sessions, ["en", "zh"])
    pools = Pools.of(cases)
    out = {
        name: [(c, gen(c, pools, np.random.default_rng(0))) for c in cases]
        for name, (_, _, gen) in SET_J.items()
    }
    return cases, pools, out


def test_registry_shape():
    kinds = Counter(kind for kind, _, _ in SET_J.values())
    assert set(kinds) == {"wrong", "correct"}
    assert kinds["wrong"] >= 24 and kinds["correct"] >= 10
    for name, (_kind, desc, gen) in SET_J.items():
        assert name.startswith("j_") and name not in GENERATORS
        assert isinstance(desc, str) and desc and callable(gen)


def test_every_class_generates_in_each_language(made):
    _, _, out = made
    for name, pairs in out.items():
        for lang in ("en", "zh"):
            got = [v for c, v in pairs if v is not None and c.language == lang]
            if ONLY.get(name, lang) != lang:
                assert not got, (name, lang)
            else:
                assert got, (name, lang)
            assert all(v.cls == name for v in got)


def test_variants_depend_only_on_the_turn(made):
    cases, pools, out = made
    for name, (_, _, gen) in SET_J.items():
        for c, v in out[name][::7]:
            again = gen(c, pools, np.random.default_rng(12345))
            assert (v is None) == (again is None), name
            if v is not None:
                assert (v.answer, v.calls) == (again.answer, again.calls), name


def test_wrong_variants_differ_from_gold(made):
    _, _, out = made
    for name, (kind, _, _) in SET_J.items():
        if kind != "wrong":
            continue
        for c, v in out[name]:
            if v is not None:
                assert v.answer.strip() != c.answer.strip() or (
                    v.calls is not None and list(v.calls) != c.turn.gold_actions
                ), name


def test_right_variants_keep_the_gold_numbers(made):
    _, _, out = made
    for name in KEEP_NUMBERS:
        for c, v in out[name]:
            if v is not None:
                assert not Counter(_NUM.findall(c.answer)) - Counter(
                    _NUM.findall(v.answer)
                ), (name, c.answer, v.answer)
                assert v.calls is None


def test_tables_have_three_wordings_per_language():
    for name in dir(P):
        table = getattr(P, name)
        if isinstance(table, dict) and set(table) == {"en", "zh"}:
            for lang in ("en", "zh"):
                if isinstance(table[lang], list):
                    assert len(table[lang]) >= 3, (name, lang)


ALLOWED = {
    "__future__",
    "base64",
    "datetime",
    "re",
    "zlib",
    "collections.abc",
    "dataclasses",
    "numpy",
    "physassist_env.scenarios.model",
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_j_phrases",
}


@pytest.mark.parametrize("module", ["independent_j.py", "independent_j_phrases.py"])
def test_imports_are_restricted(module):
    tree = ast.parse((HERE / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            names = [
                f"{base}.{a.name}"
                if base == "physassist_env.grading.validity"
                else base
                for a in node.names
            ]
        else:
            continue
        for n in names:
            assert n in ALLOWED, (module, n)
