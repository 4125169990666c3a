"""Independent grader-validity set E: registry shape, determinism, coverage, imports.

Checks the set itself, not the grader's pass rates (those are measured with
``benchmarks/independent_validity.py --set e``).
"""

from __future__ import annotations

import ast
import unicodedata
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_e as E
from physassist_env.grading.validity.independent_e import SET_E
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set E may import from the package: the data model, the variant types, its phrases.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_e_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}
#: Classes written for one language only.
ONLY = {"e_right_natural_zh": "zh"}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_E.items():
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
    known = registry(SET_E)
    for name, (kind, description, gen) in SET_E.items():
        assert name.startswith("e_") and kind in ("wrong", "correct")
        assert (kind == "correct") == name.startswith("e_right_")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_E.values())
    assert kinds["wrong"] >= 14 and kinds["correct"] >= 6


def test_every_class_applies_in_its_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_E:
        for lang in ("en", "zh"):
            if ONLY.get(name, lang) == lang:
                assert seen[name, lang] > 0, f"{name} never applies in {lang}"
            else:
                assert seen[name, lang] == 0, f"{name} applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 12345) == variants


def test_variants_differ_from_the_gold(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        assert answer != gold[sid, lang, idx], name


def test_additions_keep_the_gold_and_add_to_it(cases) -> None:
    pools = Pools.of(cases)
    added = ["e_tenfold", "e_bad_route", "e_duplicate", "e_contraindicated"]
    added += ["e_fabricated", "e_zh_shapes", "e_filler", "e_grader_directive"]
    for case in cases[:40]:
        for name in added:
            v = SET_E[name][2](case, pools, np.random.default_rng(0))
            if v is not None:
                assert case.answer in v.answer and len(v.answer) > len(case.answer)


def test_hidden_gold_is_not_in_the_visible_text(cases) -> None:
    """What a reader sees of ``e_hidden`` (markup stripped) holds none of the gold."""
    import re

    pools = Pools.of(cases)
    for case in cases[:40]:
        v = E.gen_hidden(case, pools, np.random.default_rng(0))
        visible = re.sub(
            r"<!--.*?-->|<(\w+)[^>]*>.*?</\1>|!\[[^\]]*\]\([^)]*\)",
            "",
            v.answer,
            flags=re.S,
        )
        visible = re.sub(r'\[ref\]\(#note "[^"]*"\)', "", visible, flags=re.S)
        assert case.answer not in visible


def test_obfuscated_correction_hides_letters(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        if name != "e_obfuscated_opposite":
            continue
        tail = answer[len(gold[sid, lang, idx]) :]
        odd = [
            ch
            for ch in tail
            if unicodedata.category(ch) == "Cf" or ord(ch) in range(0x400, 0x460)
        ]
        assert odd, tail


def test_units_are_converted_correctly() -> None:
    assert E._convert("creatinine 1.3 mg/dL")[0] == "creatinine 115 µmol/L"
    assert E._convert("glucose went from 90 to 180 mg/dL")[0] == (
        "glucose went from 5 to 10 mmol/L"
    )
    assert E._convert("hemoglobin 9.6 g/dL")[0] == "hemoglobin 96 g/L"
    assert E._convert("Potassium is 3.6 mEq/L")[0] == "Potassium is 3.6 mmol/L"
    assert E._convert("lactate 2.0 mmol/L")[1] == 0


def test_chinese_numerals() -> None:
    assert [E._zh_number(n) for n in (4, 10, 14, 40, 45)] == [
        "四",
        "十",
        "十四",
        "四十",
        "四十五",
    ]


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_e.py", "independent_e_phrases.py"):
        path = Path(E.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
