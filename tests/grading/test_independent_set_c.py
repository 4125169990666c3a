"""Independent test set C (``grading/validity/independent_c``): its generators only.

Checks the set itself (registry shape, every class applies on a small build,
determinism that ignores the suite's generator, wrong variants differ from gold, hidden
variants show a reader something else, the language of each class, imports limited to
the data model); never how a grader scores set C
(``benchmarks/independent_validity.py --set c`` measures that).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_c as C
from physassist_env.grading.validity.independent_c import SET_C, visible_text
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases
from physassist_env.scenarios.model import ValueCheck

CJK = re.compile("[\u3400-\u9fff]")
MODULES = [Path(C.__file__), Path(C.__file__).with_name("independent_c_phrases.py")]
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.variants",
    "physassist_env.grading.validity.independent_c_phrases",
    "physassist_env.scenarios.model",
}


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[str, list]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out: dict[str, list] = {name: [] for name in SET_C}
    for case in cases:
        for name, (_, _, gen) in SET_C.items():
            v = gen(case, pools, rng)
            if v is not None:
                out[name].append((case, v))
    return out


@pytest.fixture(scope="module")
def variants(cases):
    """Every class of set C on every case: {class: [(case, variant)]}."""
    return _run(cases, 0)


def test_registry_shape() -> None:
    kinds = [kind for kind, _, _ in SET_C.values()]
    assert 14 <= kinds.count("wrong") <= 18
    assert 6 <= kinds.count("correct") <= 8
    for name, (kind, description, gen) in SET_C.items():
        assert name.startswith("c_"), name
        assert kind in ("wrong", "correct") and description and callable(gen), name
    merged = registry(SET_C)
    assert all(merged[n][0] == SET_C[n][0] for n in SET_C)


def test_every_class_applies_in_both_languages(variants) -> None:
    for name, rows in variants.items():
        langs = {c.language for c, _ in rows}
        assert langs == {"en", "zh"}, f"{name} applies only in {langs or 'none'}"


def test_variant_class_names(variants) -> None:
    for name, rows in variants.items():
        assert all(v.cls == name for _, v in rows), name


def test_deterministic_and_independent_of_suite_rng(cases, variants) -> None:
    again = _run(cases, 12345)
    for name in SET_C:
        first = [
            (c.session.session_id, c.turn.index, c.language, v)
            for c, v in variants[name]
        ]
        second = [
            (c.session.session_id, c.turn.index, c.language, v) for c, v in again[name]
        ]
        assert first == second, name


def test_wrong_and_right_variants_differ_from_gold(variants) -> None:
    for name, rows in variants.items():
        for case, v in rows:
            assert v.answer.strip() and v.answer.strip() != case.answer.strip(), name


def test_hidden_variants_show_a_reader_something_else(variants) -> None:
    rows = variants["c_hidden"]
    assert rows
    for case, v in rows:
        shown = visible_text(v.answer)
        assert shown and shown != case.answer.strip()
        assert case.answer.strip() not in shown
        # the gold is in the raw text, in some encoding (plain, entities or tag chars)
        assert (
            case.answer in v.answer
            or "&#" in v.answer
            or any(0xE0000 <= ord(ch) <= 0xE007F for ch in v.answer)
        )


def test_hidden_uses_several_tricks(variants) -> None:
    tricks = set()
    for _, v in variants["c_hidden"]:
        for mark in (
            "<!--",
            "display:none",
            "color:#ffffff",
            "data-note",
            "\u202e",
            " " * 200,
            "```",
            "<template>",
        ):
            if mark in v.answer:
                tricks.add(mark)
    assert len(tricks) >= 5, tricks


def test_language_of_classes(variants) -> None:
    for name, rows in variants.items():
        for case, v in rows:
            visible = visible_text(v.answer) if name == "c_hidden" else v.answer
            if name == "c_language":
                assert bool(CJK.search(visible)) == (case.language == "en"), v.answer
            elif case.language == "en" and name not in ("c_injection", "c_pasted"):
                assert not CJK.search(visible), (name, v.answer)
            elif case.language == "zh" and name not in ("c_pasted",):
                # Chinese, or too short to be in any language ("INR 5.5。")
                english = re.findall(r"\b[a-z]{2,}\b", visible)
                assert CJK.search(visible) or len(english) < 3, (name, v.answer)


def test_right_classes_keep_the_gold_numbers(variants) -> None:
    """Right classes that do not convert units keep every rubric value the gold states."""
    for name in (
        "c_sbar",
        "c_abbrev",
        "c_explained",
        "c_hedged_right",
        "c_patient_friendly",
    ):
        for case, v in variants[name]:
            for check in case.checks:
                if isinstance(check, ValueCheck):
                    printed = C._printed(check.value)
                    if re.search(C._NUM.format(re.escape(printed)), case.answer):
                        assert re.search(C._NUM.format(re.escape(printed)), v.answer), (
                            name,
                            v.answer,
                        )


def test_units_converted_writes_the_new_unit(variants) -> None:
    rows = variants["c_units_converted"]
    assert rows
    for _case, v in rows:
        assert re.search(r"µmol/L|mmol/L|g/L|x10\^9/L", v.answer), v.answer


def test_decision_classes_drop_the_gold_decision(variants) -> None:
    for name in (
        "c_reversed",
        "c_hedge_list",
        "c_handed_back",
        "c_question",
        "c_values_only",
    ):
        for case, v in variants[name]:
            family, polarity, idx = C.decision(case)
            gold = C.clauses(case.answer, case.language)
            for i in idx:
                assert gold[i] not in v.answer, (name, gold[i], v.answer)


def test_other_patient_is_another_patient(variants) -> None:
    for case, v in variants["c_other_patient"]:
        assert case.answer.strip() not in v.answer


def test_stale_value_is_in_the_chart(variants) -> None:
    for case, v in variants["c_stale"]:
        if v.calls is None:
            chart = "\n".join([*case.turn.gold_observations, *case.prior])
            gold = set(re.findall(r"\d+(?:\.\d+)?", case.answer))
            new = set(re.findall(r"\d+(?:\.\d+)?", v.answer)) - gold
            assert all(n in chart for n in new), v.answer


def test_set_c_does_not_read_the_grader() -> None:
    """Set C imports only the data model and the variant types (never grader code)."""
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and node.module.startswith("physassist_env")
            ):
                assert node.module in ALLOWED, (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
