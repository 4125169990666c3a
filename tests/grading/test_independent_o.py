"""Independent set O (issue #35): the set itself, never its grading.

Registry shape, determinism (a variant depends only on its turn), every class generating
on the synthetic sessions in both languages where it applies, wrong variants differing
from the gold, and imports restricted to the data model, the variants interface and the
set's own phrases.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_o, independent_o_phrases
from physassist_env.grading.validity.independent_o import SET_O
from physassist_env.grading.validity.variants import Pools, build_cases

LANGS = ("en", "zh")
#: Classes that need something a small synthetic chart may lack (a drug of a duplicated
#: class, a brand-named generic, a dose, a date, an SI conversion): each must still
#: generate in at least one language.
SPARSE = {
    "o_duplicate_class",
    "o_ok_brand_names",
    "o_dose_tenfold",
    "o_ok_si_units",
    "o_ok_true_allergy",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):  # noqa: ANN001, ANN201
    return build_cases(synthetic_generated.sessions, list(LANGS))


@pytest.fixture(scope="module")
def generated(cases):  # noqa: ANN001, ANN201
    pools = Pools.of(cases)
    out: dict[tuple[str, str], list] = {}
    for case in cases:
        for name, (_, _, gen) in SET_O.items():
            v = gen(case, pools, np.random.default_rng(123))
            if v is not None:
                out.setdefault((name, case.language), []).append((case, v))
    return out


def test_registry_shape() -> None:
    wrong = [n for n, (k, _, _) in SET_O.items() if k == "wrong"]
    right = [n for n, (k, _, _) in SET_O.items() if k == "correct"]
    assert len(wrong) >= 56 and len(right) >= 22
    for name, (kind, description, gen) in SET_O.items():
        assert name.startswith("o_")
        assert kind in ("wrong", "correct")
        assert description and callable(gen)


def test_templates_have_four_wordings_per_language() -> None:
    for name, by_lang in independent_o_phrases.T.items():
        assert name in SET_O
        for lang in LANGS:
            assert len(set(by_lang[lang])) >= 4, (name, lang)


def test_registers_with_the_suite_and_runner() -> None:
    from benchmarks.independent_validity import SETS, registry
    from physassist_env.grading.validity.suite import registry as suite_registry

    assert "o" in SETS
    assert set(registry("o")) == set(SET_O)
    assert set(SET_O) <= set(suite_registry(SET_O))


def test_every_class_generates(generated) -> None:  # noqa: ANN001
    for name in SET_O:
        langs = [lang for lang in LANGS if generated.get((name, lang))]
        if name in SPARSE:
            assert langs, name
        else:
            assert langs == list(LANGS), (name, langs)


def test_deterministic_per_turn(cases) -> None:  # noqa: ANN001
    pools = Pools.of(cases)
    other = Pools.of(list(reversed(cases)))
    for case in cases[:40]:
        for name, (_, _, gen) in SET_O.items():
            a = gen(case, pools, np.random.default_rng(1))
            b = gen(case, other, np.random.default_rng(2))
            assert (a and a.answer) == (b and b.answer), name


def test_variants_differ_from_gold(generated) -> None:  # noqa: ANN001
    for (name, _), pairs in generated.items():
        for case, v in pairs:
            assert v.cls == name
            assert v.answer.strip() != case.answer.strip(), name
            assert "{" + "gold" not in v.answer


def test_right_variants_keep_the_gold_or_its_sentences(generated) -> None:  # noqa: ANN001
    keep_whole = [
        n
        for n, (k, _, _) in SET_O.items()
        if k == "correct" and n in independent_o_phrases.T and n != "o_ok_casual"
    ]
    for name in keep_whole:
        for lang in LANGS:
            for case, v in generated.get((name, lang), []):
                forms = (
                    case.answer,
                    json.dumps(case.answer, ensure_ascii=False)[1:-1],
                    case.answer.replace("|", "/").replace("\n", " "),
                )
                assert any(f in v.answer for f in forms), name


def test_imports_restricted() -> None:
    allowed = {
        "__future__",
        "base64",
        "json",
        "re",
        "zlib",
        "collections.abc",
        "datetime",
        "string",
        "numpy",
        "physassist_env.scenarios.model",
        "physassist_env.grading.validity.variants",
        "physassist_env.grading.validity",
    }
    for module in (independent_o, independent_o_phrases):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
                if node.module == "physassist_env.grading.validity":
                    assert [a.name for a in node.names] == ["independent_o_phrases"]
            else:
                continue
            for n in names:
                assert n in allowed, (module.__name__, n)
