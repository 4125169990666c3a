"""Independent test set A (``grading/validity/independent_a``) and the suite's extra registry.

These tests check the set itself (every class applies, determinism, wrong variants differ
from gold, right variants state the rubric's numbers, no import of the grader's reading
code) and that the gold control passes; they never assert how the grader scores set A's
classes (the grader is about to change; ``benchmarks/independent_validity.py`` measures).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_a as A
from physassist_env.grading.validity.independent_a import SET_A
from physassist_env.grading.validity.suite import make_variants, registry, run_validity
from physassist_env.grading.validity.variants import Pools, build_cases
from physassist_env.scenarios.model import ValueCheck

MODULES = [
    Path(A.__file__),
    Path(A.__file__).with_name("independent_a_phrases.py"),
]
ALLOWED = {
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_a_phrases",
    "physassist_env.grading.validity",
    "physassist_env.scenarios.model",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


@pytest.fixture(scope="module")
def variants(cases):
    """Every class of set A on every case: {class: [(case, variant)]}."""
    pools = Pools.of(cases)
    rng = np.random.default_rng(0)
    out: dict[str, list] = {name: [] for name in SET_A}
    for case in cases:
        for name, (_, _, gen) in SET_A.items():
            v = gen(case, pools, rng)
            if v is not None:
                out[name].append((case, v))
    return out


def test_registry_shape() -> None:
    assert SET_A, "set A is empty"
    for name, (kind, description, gen) in SET_A.items():
        assert name.startswith("a_"), name
        assert kind in ("wrong", "correct"), name
        assert description and callable(gen), name
    kinds = {k for k, _, _ in SET_A.values()}
    assert kinds == {"wrong", "correct"}


def test_every_class_applies_in_both_languages(variants) -> None:
    for name, pairs in variants.items():
        langs = {c.language for c, _ in pairs}
        assert langs == {"en", "zh"}, f"{name} applies in {sorted(langs)} only"
        assert all(v.cls == name for _, v in pairs), name


def test_variants_are_deterministic(cases) -> None:
    pools = Pools.of(cases)
    sample = cases[:: max(1, len(cases) // 60)]
    for name, (_, _, gen) in SET_A.items():
        for case in sample:
            a = gen(case, pools, np.random.default_rng(0))
            b = gen(case, pools, np.random.default_rng(12345))
            c = gen(case, pools, np.random.default_rng(0))
            assert (a is None) == (b is None) == (c is None), name
            if a is not None:
                assert a.answer == b.answer == c.answer, name
                assert a.calls == b.calls, name


def test_wrong_variants_differ_from_gold(variants) -> None:
    for name, pairs in variants.items():
        if SET_A[name][0] != "wrong":
            continue
        for case, v in pairs:
            assert v.answer.strip(), name
            assert v.answer.strip() != case.answer.strip(), (name, case.answer)


def _numbers(text: str) -> set[float]:
    return {float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}


def test_right_variants_state_the_rubric_values(variants) -> None:
    """A rewording keeps every value the rubric asks for (same number; 1:1 units)."""
    for name in ("a_casual", "a_paraphrase", "a_better_than_gold"):
        assert variants[name], name
        for case, v in variants[name]:
            assert v.calls is None, name  # write calls unchanged
            found = _numbers(v.answer)
            said = _numbers(
                case.answer
            )  # a range's check ("9 to 10": 9.5) is no number said
            for check in case.checks:
                if (
                    isinstance(check, ValueCheck)
                    and check.value
                    and any(abs(check.value - x) < 1e-6 for x in said)
                ):
                    assert any(abs(check.value - x) < 1e-6 for x in found), (
                        name,
                        check.value,
                        v.answer,
                    )


def test_better_than_gold_keeps_the_gold(variants) -> None:
    for case, v in variants["a_better_than_gold"]:
        assert v.answer.startswith(case.answer.rstrip()), v.answer
        assert len(v.answer) > len(case.answer)


def test_fabricated_facts_are_absent_from_the_record(variants) -> None:
    for case, v in variants["a_fabricated_addition"]:
        added = v.answer[len(case.answer.rstrip()) :].lower()
        seen = "\n".join([*case.prior, *case.turn.gold_observations]).lower()
        for key in ("lipase", "ammonia", "ferritin", "procalcitonin", "haptoglobin"):
            if key in added:
                assert key not in seen, (key, case.session.session_id)


def test_modules_import_no_grader_reading_code() -> None:
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            else:
                continue
            for mod in mods:
                if mod.startswith("physassist_env"):
                    assert mod in ALLOWED, f"{path.name} imports {mod}"
                    assert ".vocab" not in mod and "clinical" not in mod


def test_gold_control_passes_and_rows_carry_set_kinds(synthetic_generated) -> None:
    sessions = [s for s in synthetic_generated.sessions if s.split == "test"][:8]
    result = run_validity(
        sessions, classes=["gold", *SET_A], generators=SET_A, examples=1
    )
    assert result["classes"]["gold"]["pass_rate"] == 1.0
    for name, (kind, description, _) in SET_A.items():
        row = result["classes"][name]
        assert row["kind"] == kind and row["description"] == description


def test_registry_rejects_shadowing_and_bad_kinds() -> None:
    gen = SET_A["a_casual"][2]
    with pytest.raises(ValueError):
        registry({"gold": ("correct", "x", gen)})
    with pytest.raises(ValueError):
        registry({"a_new": ("maybe", "x", gen)})
    assert set(SET_A) <= set(registry(SET_A))


def test_extra_registry_leaves_suite_classes_unchanged(cases) -> None:
    sample = cases[:40]
    own = ["gold", "trend_flipped", "numbers_scaled", "casual", "other_patient"]
    pools = Pools.of(cases)
    before = make_variants(sample, pools=pools, seed=3, classes=own)
    after = make_variants(sample, pools=pools, seed=3, classes=own, generators=SET_A)
    assert [(c.turn.index, v) for c, v in before] == [
        (c.turn.index, v) for c, v in after
    ]
    with pytest.raises(KeyError):
        make_variants(sample, pools=pools, classes=["a_casual"])
    mixed = make_variants(sample, pools=pools, classes=["a_casual"], generators=SET_A)
    assert mixed and all(v.cls == "a_casual" for _, v in mixed)
