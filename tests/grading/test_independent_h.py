"""Independent grader-validity set H: registry shape, determinism, coverage, imports.

Checks the set itself, not the grader's pass rates (those are measured with
``benchmarks/independent_validity.py --set h``).
"""

from __future__ import annotations

import ast
import datetime as dt
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity import independent_h as H
from physassist_env.grading.validity.independent_h import SET_H
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

#: What set H may import from the package: the data model, the variant types, its phrases.
ALLOWED = {
    "physassist_env.grading.validity",
    "physassist_env.grading.validity.independent_h_phrases",
    "physassist_env.grading.validity.variants",
    "physassist_env.scenarios.model",
}
#: Classes that keep the whole gold first and add to it.
ADDED = [
    "h_reversed_part",
    "h_called_ordinary",
    "h_relabel_latest",
    "h_fabricated_allergy",
    "h_fabricated_history",
    "h_fabricated_finding",
    "h_fabricated_lab",
    "h_harmful_order",
    "h_tenfold_dose",
    "h_bad_route",
    "h_duplicate_class",
    "h_chart_contraindicated",
    "h_filler",
    "h_row_dump",
    "h_right_caveat",
    "h_right_rejected_alternative",
    "h_right_conditional",
]


@pytest.fixture(scope="module")
def cases(synthetic_generated):
    return build_cases(list(synthetic_generated.sessions), ["en", "zh"])


def _run(cases, seed: int) -> dict[tuple[str, str, int, str], str]:
    pools = Pools.of(cases)
    rng = np.random.default_rng(seed)
    out = {}
    for case in cases:
        for name, (_, _, gen) in SET_H.items():
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
    known = registry(SET_H)
    for name, (kind, description, gen) in SET_H.items():
        assert name.startswith("h_") and kind in ("wrong", "correct")
        assert (kind == "correct") == name.startswith("h_right_")
        assert description and callable(gen)
        assert known[name][0] == kind
    kinds = Counter(kind for kind, _, _ in SET_H.values())
    assert kinds["wrong"] >= 18 and kinds["correct"] >= 9


def test_every_class_applies_in_both_languages(variants) -> None:
    seen = Counter((name, lang) for (_, lang, _, name) in variants)
    for name in SET_H:
        for lang in ("en", "zh"):
            assert seen[name, lang] > 0, f"{name} never applies in {lang}"


def test_deterministic_and_independent_of_the_shared_rng(cases, variants) -> None:
    assert _run(cases, 4242) == variants


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
        if name != "h_hidden":
            continue
        visible = re.sub(
            r"<!--.*?-->|<(span|details)[^>]*>.*?</\1>", "", answer, flags=re.S
        )
        assert gold[sid, lang, idx] not in visible and visible.strip()


def test_other_language_is_the_other_gold(cases, variants) -> None:
    for case in cases:
        key = (
            case.session.session_id,
            case.language,
            case.turn.index,
            "h_other_language",
        )
        other = "en" if case.language == "zh" else "zh"
        assert variants[key] == case.turn.gold_answer.get(other)


def test_decision_is_removed_where_it_is_handed_back_or_attributed(
    cases, variants
) -> None:
    for case in cases:
        d = H.decision(case)
        if d is None:
            continue
        said = H.sentences(case.answer, case.language)[d[0]]
        for name in ("h_reversed_attributed", "h_handed_back"):
            key = (case.session.session_id, case.language, case.turn.index, name)
            assert said not in H.sentences(variants[key], case.language), name


def test_unit_conversions() -> None:
    assert H.convert_units("Creatinine is 1.9 mg/dL.", "en") == (
        "Creatinine is 168 µmol/L.",
        1,
    )
    assert (
        H.convert_units("Potassium is 3.6 mEq/L.", "en")[0]
        == "Potassium is 3.6 mmol/L."
    )
    assert (
        H.convert_units("Glucose is 180 mg/dL.", "en")[0] == "Glucose is 10.0 mmol/L."
    )
    assert (
        H.convert_units("Hemoglobin is 10.8 g/dL.", "en")[0] == "Hemoglobin is 108 g/L."
    )
    bare = "Hemoglobin went from 9.7 to 10.8 g/dL."
    assert H.convert_units(bare, "en") == (bare, 0)


def test_wrong_date_moves_the_date(cases, variants) -> None:
    for (sid, lang, idx, name), answer in variants.items():
        if name == "h_wrong_date":
            gold = _gold(cases)[sid, lang, idx]
            first = H._DATE.search(gold)
            if first:
                assert first[0] not in answer[: first.start() + 10]


def test_helpers() -> None:
    assert H.format_date(dt.date(2186, 5, 2), "the {ord}") == "the 2nd"
    assert H.format_date(dt.date(2186, 5, 27), "{m}月{d}日") == "5月27日"
    assert [H.zh_number(n) for n in (4, 10, 15, 40, 100, 250, 1005, 12.5)] == [
        "四", "十", "十五", "四十", "一百", "二百五十", "一千零五", "十二点五",
    ]  # fmt: skip
    assert H.flip_trend("WBC rising.", "en") == "WBC falling."
    assert H.flip_flag("血钾偏低。", "zh") == "血钾偏高。"


def test_modules_import_no_grader_code() -> None:
    for module in ("independent_h.py", "independent_h_phrases.py"):
        path = Path(H.__file__).with_name(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("physassist_env"):
                    assert node.module in ALLOWED, f"{module} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("physassist_env"), alias.name
