"""Independent grader-validity set F: registry shape, determinism, coverage, imports.

Checks the set itself, not the grader's pass rates (those are measured with
``benchmarks/independent_validity.py --set f``).
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_f as F
from physassist_env.grading.validity.independent_f import SET_F
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set F may import from the package: the data model, the variant types, its phrases.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_f_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}
#: Classes that keep the whole gold and add to it.
ADDED = [
    "f_relabel_latest",
    "f_called_ordinary",
    "f_fabricated_allergy",
    "f_fabricated_finding",
    "f_harmful_order",
    "f_tenfold_dose",
    "f_impossible_route",
    "f_duplicate_class",
    "f_chart_contraindicated",
    "f_takes_it_back",
    "f_row_dump",
    "f_right_caveat",
    "f_right_monitoring",
]


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_F.items():
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
    known = registry(SET_F)
    for name, (kind, description, gen) in SET_F.items():
        assert name.startswith("f_") and kind in ("wrong", "correct")
        assert (kind == "correct") == name.startswith("f_right_")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_F.values())
    assert kinds["wrong"] >= 16 and kinds["correct"] >= 6


def test_every_class_applies_in_both_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_F:
        for lang in ("en", "zh"):
            assert seen[name, lang] > 0, f"{name} never applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 12345) == variants


def test_variants_differ_from_the_gold(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        assert answer.strip() != gold[sid, lang, idx].strip(), name


def test_additions_keep_the_gold(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        if name in ADDED:
            assert answer.startswith(gold[sid, lang, idx]), name
            assert len(answer) > len(gold[sid, lang, idx])


def test_hidden_gold_is_not_visible(cases, variants) -> None:
    gold = {(c.session.session_id, c.language, c.turn.index): c.answer for c in cases}
    for (sid, lang, idx, name), answer in variants.items():
        if name != "f_hidden_gold":
            continue
        visible = re.sub(
            r"<!--.*?-->|<(\w+)[^>]*>.*?</\1>|^\[//\]: # \(.*\)$",
            "",
            answer,
            flags=re.S | re.M,
        )
        assert gold[sid, lang, idx] not in visible and visible.strip()


def test_other_language_is_the_other_gold(cases, variants) -> None:
    for case in cases:
        key = (
            case.session.session_id,
            case.language,
            case.turn.index,
            "f_other_language",
        )
        other = "en" if case.language == "zh" else "zh"
        assert variants[key] == case.turn.gold_answer.get(other)


def test_unit_conversions() -> None:
    assert (
        F._convert_clause("peak creatinine 2.8 mg/dL")[0]
        == "peak creatinine 248 µmol/L"
    )
    assert F._convert_clause("glucose went from 120 to 115 mg/dL")[0] == (
        "glucose went from 6.7 to 6.4 mmol/L"
    )
    assert F._convert_clause("hemoglobin 10.8 g/dL")[0] == "hemoglobin 108 g/L"
    assert F._convert_clause("Potassium is 3.6 mEq/L")[0] == "Potassium is 3.6 mmol/L"
    assert F._convert_clause("WBC is 6.9 K/uL")[0] == "WBC is 6.9 x10^9/L"
    # a bare number that would change meaning keeps the clause as it was
    bare = "Creatinine is 0.7 mg/dL (baseline 0.6, peak 0.8)"
    assert F._convert_clause(bare) == (bare, 0)


def test_chinese_numerals() -> None:
    got = [F.zh_number(n) for n in (4, 10, 15, 40, 100, 160, 1000, 2400000, 12.5)]
    assert got == [
        "四",
        "十",
        "十五",
        "四十",
        "一百",
        "一百六十",
        "一千",
        "二百四十万",
        "十二点五",
    ]


def test_chinese_orders_use_chinese_shapes() -> None:
    from physassist_env.grading.validity import independent_f_phrases as P

    zh = [z for _, _, z in P.HARMFUL] + [b[3] for b in P.BAD_ROUTE]
    assert all(re.search(r"[一二三四五六七八九十百千万]", z) for z in zh)
    assert any("静推" in z for z in zh) and any("鞘内" in z for z in zh)
    assert any("肌注" in z for z in zh) and any("毫当量" in z for z in zh)


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_f.py", "independent_f_phrases.py"):
        path = Path(F.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
