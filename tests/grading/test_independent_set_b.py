"""Set B's generators (not the grader's scores, which are measurements): deterministic,
every class applies somewhere, wrong answers differ from gold, languages are right."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading.validity.independent_b import (
    HIDDEN_STYLES,
    SET_B,
    clauses,
    hide,
    visible,
)
from physassist_env.grading.validity.suite import registry
from physassist_env.grading.validity.variants import Pools, build_cases

_CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def cases(built_dataset: Path):
    from physassist_env.env.data import split_data

    sessions = [
        s
        for split in ("train", "test")
        for s in split_data(built_dataset, split).sessions
    ]
    out = build_cases(sessions, ["en", "zh"])
    return out, Pools.of(out)


def _variants(cases, pools, seed: int):
    rng = np.random.default_rng(seed)
    return {
        (i, name): gen(case, pools, rng)
        for i, case in enumerate(cases)
        for name, (_, _, gen) in SET_B.items()
    }


def test_registry_shape_is_accepted_by_the_suite():
    known = registry(SET_B)
    for name, (kind, description, gen) in SET_B.items():
        assert name.startswith("b_") and kind in ("wrong", "correct") and description
        assert known[name][2] is gen
    kinds = [k for k, _, _ in SET_B.values()]
    assert 12 <= kinds.count("wrong") <= 20 and 5 <= kinds.count("correct") <= 7


def test_output_ignores_the_given_rng(cases):
    all_cases, pools = cases
    sample = all_cases[:: max(1, len(all_cases) // 60)]
    a, b = _variants(sample, pools, 0), _variants(sample, pools, 12345)
    assert a.keys() == b.keys()
    for key in a:
        assert (a[key] is None) == (b[key] is None)
        if a[key] is not None:
            assert (a[key].answer, a[key].calls) == (b[key].answer, b[key].calls)


def test_every_class_yields_in_its_languages(cases):
    all_cases, pools = cases
    made = _variants(all_cases, pools, 0)
    for name in SET_B:
        langs = {all_cases[i].language for (i, n), v in made.items() if n == name and v}
        expected = {"b_en_formal": {"en"}, "b_zh_colloquial": {"zh"}}.get(
            name, {"en", "zh"}
        )
        assert langs == expected, name


def test_wrong_variants_differ_from_gold_and_correct_ones_stay_in_language(cases):
    all_cases, pools = cases
    for (i, name), v in _variants(all_cases, pools, 0).items():
        if v is None:
            continue
        case = all_cases[i]
        assert v.cls == name
        kind = SET_B[name][0]
        if kind == "wrong":
            assert v.answer != case.answer or v.calls is not None, name
        else:
            assert v.calls is None and v.answer.strip(), name
            has_cjk = bool(_CJK.search(v.answer))
            assert has_cjk == (case.language == "zh") or not _CJK.search(case.answer), (
                name
            )


def test_wrong_language_is_the_other_language(cases):
    all_cases, pools = cases
    gen = SET_B["b_wrong_language"][2]
    for case in all_cases[:200]:
        v = gen(case, pools, np.random.default_rng(0))
        other = "en" if case.language == "zh" else "zh"
        assert case.turn.gold_answer.get(other) in v.answer or any(
            c in v.answer for c in clauses(case.turn.gold_answer.get(other))[1:]
        )


def test_hidden_payload_visible_text_is_not_the_gold(cases):
    all_cases, pools = cases
    gen = SET_B["b_hidden_payload"][2]
    for case in all_cases[:300]:
        v = gen(case, pools, np.random.default_rng(0))
        assert visible(v.answer) != case.answer
        assert case.answer not in visible(v.answer)
    for style in HIDDEN_STYLES:
        assert visible(hide("Hold metformin.", style)) == ""


def test_claimed_order_drops_only_the_writes(cases):
    all_cases, pools = cases
    gen = SET_B["b_claimed_unplaced_order"][2]
    seen = 0
    for case in all_cases:
        v = gen(case, pools, np.random.default_rng(0))
        if v is None:
            assert not case.writes
            continue
        seen += 1
        assert v.answer == case.answer
        assert not any(c.name.endswith(".create") for c in v.calls)
    assert seen


def test_clauses_keep_quotes_times_and_brackets_whole():
    text = 'The patient reports: "I feel ill. Very ill." Last dose 2116-02-16 21:06 (Note: x.)'
    parts = clauses(text)
    assert parts[0].startswith("The patient reports:") and 'Very ill."' in parts[0]
    assert any("21:06" in p for p in parts)
    assert clauses("无需补钾：血钾 4 mEq/L，正常。继续监测。") == [
        "无需补钾：",
        "血钾 4 mEq/L，正常。",
        "继续监测。",
    ]
