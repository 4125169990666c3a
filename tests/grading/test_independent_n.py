"""Independent test set N (``grading/validity/independent_n``): the set itself.

Checks the registry's shape, that every class generates on the synthetic fixture in both
languages, determinism (a variant depends only on the turn), that wrong variants differ from
the gold, that right variants keep the gold's numbers, that the wording has 4+ frames per
language, and that the modules import nothing but the data model, ``variants`` and the
phrases. Never grades (``benchmarks/independent_validity.py --set n`` measures).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_n as N
from physassist_env.grading.validity import independent_n_phrases as P
from physassist_env.grading.validity.independent_n import SET_N
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

MODULES = [Path(N.__file__), Path(P.__file__)]
ALLOWED = {
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_n_phrases",
    "physassist_env.grading.validity",
    "physassist_env.scenarios.model",
}
STDLIB = {
    "__future__",
    "base64",
    "re",
    "zlib",
    "collections.abc",
    "dataclasses",
    "numpy",
}
#: Classes that need a chart feature the small synthetic hospital may lack.
CHART_DEPENDENT = {"n_allergy_conflict", "n_widened_to_all", "n_other_units", "n_brand"}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


@pytest.fixture(scope="module")
def variants(cases):
    """Every class of set N on every case: {class: [(case, variant)]}."""
    pools = Pools.of(cases)
    rng = np.random.default_rng(0)
    out: dict[str, list] = {name: [] for name in SET_N}
    for case in cases:
        for name, (_, _, gen) in SET_N.items():
            v = gen(case, pools, rng)
            if v is not None:
                out[name].append((case, v))
    return out


def test_registry_shape() -> None:
    kinds = [k for k, _, _ in SET_N.values()]
    assert kinds.count("wrong") >= 30 and kinds.count("correct") >= 14
    for name, (kind, description, gen) in SET_N.items():
        assert name.startswith("n_"), name
        assert kind in ("wrong", "correct"), name
        assert description and callable(gen), name
    # the suite accepts it as an extra registry (no shadowed class, kinds valid)
    assert set(SET_N) <= set(registry(SET_N))


def test_every_class_generates_in_both_languages(variants) -> None:
    for name, pairs in variants.items():
        langs = {c.language for c, _ in pairs}
        if name in CHART_DEPENDENT and not pairs:
            continue
        assert langs == {"en", "zh"}, f"{name} generates in {sorted(langs)} only"
        assert all(v.cls == name for _, v in pairs), name


def test_variants_depend_only_on_the_turn(cases) -> None:
    pools = Pools.of(cases)
    sample = cases[:: max(1, len(cases) // 50)]
    for name, (_, _, gen) in SET_N.items():
        for case in sample:
            a = gen(case, pools, np.random.default_rng(0))
            b = gen(case, pools, np.random.default_rng(999))
            assert (a is None) == (b is None), name
            if a is not None:
                assert a.answer == b.answer and a.calls == b.calls, name


def test_wrong_variants_differ_from_gold(variants) -> None:
    for name, pairs in variants.items():
        if SET_N[name][0] != "wrong":
            continue
        for case, v in pairs:
            assert v.answer != case.answer or v.calls is not None, name


_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)?")


def test_right_variants_keep_the_golds_numbers(variants) -> None:
    """Every number of the gold survives in a right variant (units, dates and a reworded
    date excepted: those classes restate the number in another form)."""
    restated = {"n_other_units", "n_date_format", "n_abbrev"}
    for name, pairs in variants.items():
        if SET_N[name][0] != "correct" or name in restated:
            continue
        for case, v in pairs:
            for n in _NUMBER.findall(case.answer):
                assert n in v.answer, (name, n, v.answer)


def test_wording_has_four_frames_per_language() -> None:
    for attr in dir(P):
        value = getattr(P, attr)
        if (
            isinstance(value, dict)
            and set(value) == {"en", "zh"}
            and all(isinstance(x, list) for x in value.values())
            and attr not in ("EXTRACTOR", "INVENTED_ALLERGENS")
        ):
            for lang, frames in value.items():
                assert len(frames) >= 4, (attr, lang)


def test_modules_import_only_the_data_model_variants_and_phrases() -> None:
    for path in MODULES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                assert mod in ALLOWED or mod in STDLIB, (path.name, mod)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in STDLIB, (path.name, alias.name)
