"""Independent set M checked as a set of variants (registry, determinism, coverage,
imports); never graded here (the lead measures pass rates)."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_m_phrases as P
from physassist_env.grading.validity.independent_m import SET_M
from physassist_env.grading.validity.variants import Pools, build_cases

ROOT = Path(__file__).resolve().parents[2] / "physassist_env" / "grading" / "validity"
#: Classes that apply to one language only.
ONLY = {"m_ok_zh_clinician": {"zh"}}


@pytest.fixture(scope="module")
def cases(synthetic_generated: list) -> list:
    return build_cases(synthetic_generated.sessions, ["en", "zh"])


@pytest.fixture(scope="module")
def generated(cases: list) -> dict:
    pools = Pools.of(cases)
    out: dict = {}
    for case in cases:
        for name, (_kind, _desc, gen) in SET_M.items():
            out[(name, case.language, id(case))] = (
                case,
                gen(case, pools, np.random.default_rng(123)),
            )
    return out


def test_registry_shape() -> None:
    kinds = [k for k, _d, _g in SET_M.values()]
    assert all(n.startswith("m_") for n in SET_M)
    assert set(kinds) <= {"wrong", "correct"}
    assert kinds.count("wrong") >= 30 and kinds.count("correct") >= 14
    assert all(d and callable(g) for _k, d, g in SET_M.values())


def test_every_phrase_list_has_four_wordings_per_language() -> None:
    for name in dir(P):
        value = getattr(P, name)
        if (
            isinstance(value, dict)
            and set(value) == {"en", "zh"}
            and isinstance(value["en"], list)
        ):
            assert len(value["en"]) >= 4 and len(value["zh"]) >= 4, name


def test_deterministic_and_independent_of_the_passed_generator(cases: list) -> None:
    pools = Pools.of(cases)
    for case in cases[:40]:
        for name, (_k, _d, gen) in SET_M.items():
            a = gen(case, pools, np.random.default_rng(1))
            b = gen(case, pools, np.random.default_rng(999))
            assert (a is None) == (b is None), name
            if a is not None:
                assert a.answer == b.answer and a.calls == b.calls, name


def test_every_class_generates_in_both_languages(generated: dict) -> None:
    """Every class generates on the synthetic fixture in each language it applies to."""
    made = {(n, lang) for (n, lang, _), (_c, v) in generated.items() if v is not None}
    for name in SET_M:
        for lang in ONLY.get(name, {"en", "zh"}):
            assert (name, lang) in made, (name, lang)


def test_variants_differ_from_gold_and_carry_their_class(generated: dict) -> None:
    for (name, _lang, _), (case, v) in generated.items():
        if v is None:
            continue
        assert v.cls == name
        assert v.answer.strip() and v.answer != case.answer


def test_wrong_wrappers_keep_the_gold(generated: dict) -> None:
    """The adversarial frames keep the gold's words (that is their point)."""
    keep = {"m_other_bed", "m_negation_frame", "m_attributed", "m_harmful_order"}
    for (name, _lang, _), (case, v) in generated.items():
        if v is not None and name in keep:
            core = case.answer[1:].rstrip(".。")
            assert core in v.answer, name


def test_imports_restricted() -> None:
    allowed = {
        "__future__",
        "re",
        "zlib",
        "collections.abc",
        "base64",
        "datetime",
        "numpy",
        "physassist_env.scenarios.model",
        "physassist_env.grading.validity.variants",
        "physassist_env.grading.validity",
    }
    for file in ("independent_m.py", "independent_m_phrases.py"):
        tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
                if node.module == "physassist_env.grading.validity":
                    assert [a.name for a in node.names] == ["independent_m_phrases"]
            else:
                continue
            for mod in mods:
                assert mod in allowed, (file, mod)
