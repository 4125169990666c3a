"""Independent grader-validity set G: registry shape, determinism, coverage, imports.

Checks the set itself, not the grader's pass rates (those are measured with
``benchmarks/independent_validity.py --set g``).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_g as G
from physassist_env.grading.validity.independent_g import SET_G
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set G may import from the package: the data model, the variant types, its phrases.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_g_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}
#: Classes that keep the whole gold and add to it.
ADDED = [
    "g_voided_whole",
    "g_reversed_later",
    "g_called_ordinary",
    "g_relabel_latest",
    "g_fabricated_allergy",
    "g_fabricated_history",
    "g_fabricated_lab",
    "g_harmful_order",
    "g_tenfold_dose",
    "g_bad_route",
    "g_duplicate_class",
    "g_chart_contraindicated",
    "g_right_caveat",
    "g_right_rejected_alternative",
    "g_right_conditional",
]


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_G.items():
            v = gen(case, pools, rng)
            if v is not None:
                assert v.cls == name
                key = (case.session.session_id, case.language, case.turn.index, name)
                out[key] = v.answer
    return out


@pytest.fixture(scope="module")
def variants(cases):
    return _run(cases, 0)


def _gold(cases) -> dict[tuple[str, str, int], str]:
    return {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}


def test_registry_shape() -> None:
    known = registry(SET_G)
    for name, (kind, description, gen) in SET_G.items():
        assert name.startswith("g_") and kind in ("wrong", "correct")
        assert (kind == "correct") == name.startswith("g_right_")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_G.values())
    assert kinds["wrong"] >= 18 and kinds["correct"] >= 8


def test_every_class_applies_in_both_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_G:
        for lang in ("en", "zh"):
            assert seen[name, lang] > 0, f"{name} never applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 98765) == variants


def test_variants_differ_from_the_gold(cases, variants) -> None:
    gold = _gold(cases)
    for (sid, lang, idx, name), answer in variants.items():
        assert answer.strip() != gold[sid, lang, idx].strip(), name


def test_additions_keep_the_gold(cases, variants) -> None:
    gold = _gold(cases)
    for (sid, lang, idx, name), answer in variants.items():
        if name in ADDED:
            assert answer.startswith(gold[sid, lang, idx]), name
            assert len(answer) > len(gold[sid, lang, idx])


def test_hidden_gold_is_not_visible(cases, variants) -> None:
    gold = _gold(cases)
    for (sid, lang, idx, name), answer in variants.items():
        if name != "g_hidden":
            continue
        visible = re.sub(r"<!--.*?-->|<(\w+)[^>]*>.*?</\1>", "", answer, flags=re.S)
        assert gold[sid, lang, idx] not in visible and visible.strip()


def test_other_language_is_the_other_gold(cases, variants) -> None:
    for case in cases:
        key = (
            case.session.session_id,
            case.language,
            case.turn.index,
            "g_other_language",
        )
        other = "en" if case.language == "zh" else "zh"
        assert variants[key] == case.turn.gold_answer.get(other)


def test_decision_classes_remove_or_reverse_the_decision(cases, variants) -> None:
    """Attributed and handed-back variants no longer state the decision clause as said."""
    for case in cases:
        d = G.decision(case)
        if d is None:
            continue
        said = G.clauses(case.answer, case.language)[d.clause]
        for name in ("g_reversed_attributed", "g_handed_back"):
            key = (case.session.session_id, case.language, case.turn.index, name)
            parts = G.clauses(variants[key], case.language)
            assert said not in parts, name


def test_unit_conversions() -> None:
    assert G.convert_units("Creatinine 1.9 mg/dL.", "en") == (
        "Creatinine 168 µmol/L.",
        1,
    )
    assert (
        G.convert_units("Potassium is 3.6 mEq/L.", "en")[0]
        == "Potassium is 3.6 mmol/L."
    )
    assert G.convert_units("WBC is 6.9 K/uL.", "en")[0] == "WBC is 6.9 x10^9/L."
    assert G.convert_units("glucose 180 mg/dL.", "en")[0] == "glucose 10.0 mmol/L."
    assert G.convert_units("hemoglobin 10.8 g/dL.", "en")[0] == "hemoglobin 108 g/L."
    # a clause with another bare number keeps its unit (it would change that number's meaning)
    bare = "Hemoglobin went from 9.7 to 10.8 g/dL."
    assert G.convert_units(bare, "en") == (bare, 0)


def test_clauses_keep_brackets_and_quotes_whole() -> None:
    text = "No allergy is recorded (not the same as none; confirm). Hold warfarin; recheck."
    assert G.clauses(text, "en") == [
        "No allergy is recorded (not the same as none; confirm).",
        "Hold warfarin;",
        "recheck.",
    ]
    assert G.clauses("患者说：“我每天吃。药按时吃。”继续用药。", "zh") == [
        "患者说：“我每天吃。药按时吃。”继续用药。"
    ]


def test_chinese_numerals() -> None:
    got = [G.zh_number(n) for n in (4, 10, 15, 40, 100, 160, 250, 1005, 12.5)]
    assert got == [
        "四",
        "十",
        "十五",
        "四十",
        "一百",
        "一百六十",
        "二百五十",
        "一千零五",
        "十二点五",
    ]


def test_date_shift_stays_a_date() -> None:
    import datetime as dt

    assert G.format_date(dt.date(2186, 5, 27), "{m}月{d}日") == "5月27日"
    assert G.format_date(dt.date(2186, 5, 1), "the {ord}") == "the 1st"


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_g.py", "independent_g_phrases.py"):
        path = Path(G.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
