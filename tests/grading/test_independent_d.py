"""Independent grader-validity set D: registry shape, determinism, coverage, imports.

Checks the set itself, not the grader's pass rates (those are measured with
``benchmarks/independent_validity.py --set d``).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_d as D
from physassist_env.grading.validity.independent_d import SET_D
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set D may import from the package: the data model and the variant types only.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_d_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_D.items():
            v = gen(case, pools, rng)
            if v is not None:
                assert v.cls == name
                key = (case.session.session_id, case.language, case.turn.index, name)
                out[key] = v.answer
    return out


@pytest.fixture(scope="module")
def variants(cases):
    return _run(cases, 0)


def test_registry_shape() -> None:
    known = registry(SET_D)
    for name, (kind, description, gen) in SET_D.items():
        assert name.startswith("d_") and kind in ("wrong", "correct")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_D.values())
    assert kinds["wrong"] == 15 and kinds["correct"] == 6


def test_every_class_applies_in_both_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_D:
        for lang in ("en", "zh"):
            assert seen[name, lang] > 0, f"{name} never applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 12345) == variants


def test_variants_differ_from_the_gold(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        assert answer != gold[sid, lang, idx], name


def test_padding_is_long_and_keeps_the_gold(cases) -> None:
    pools = Pools.of(cases)
    for case in cases[:8]:
        v = D.gen_padding(case, pools, np.random.default_rng(0))
        assert v is not None and case.answer in v.answer
        size = len(v.answer.split()) if case.language == "en" else len(v.answer)
        assert size > (1500 if case.language == "en" else 3000)


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_d.py", "independent_d_phrases.py"):
        path = Path(D.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
