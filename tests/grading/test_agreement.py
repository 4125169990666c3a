"""Item-level agreement against a hand-computed example."""

from __future__ import annotations

import pytest

from physassist_env.grading import GraderSpec, ItemGrade, TurnGrade, agreement


def _turn(verdicts: list[bool | None]) -> TurnGrade:
    items = [
        ItemGrade(id=f"i{k}", met=bool(v), points=1, reason="", judged=v is not None)
        for k, v in enumerate(verdicts)
    ]
    return TurnGrade(score=None, items=items, grader=GraderSpec(name="x"))


def test_hand_computed_kappa() -> None:
    # rules: M M M M N N N N N N ; judge: M M M N M N N N N N  (+1 unjudged item)
    rules = [_turn([True, True, True, True, False]), _turn([False] * 5 + [True])]
    judge = [_turn([True, True, True, False, True]), _turn([False] * 5 + [None])]
    r = agreement(rules, judge)
    # 10 judged pairs: both met 3, only rules 1, only judge 1, neither 5.
    # p_o = 8/10; p_rules = 4/10, p_judge = 4/10; p_e = .16 + .36 = .52
    # kappa = (.8 - .52) / (1 - .52) = .28 / .48 = 0.58333
    assert r["items"] == 10
    assert r["unjudged"] == 1
    assert r["accuracy"] == pytest.approx(0.8)
    assert r["cohen_kappa"] == pytest.approx(0.28 / 0.48)
    assert (
        r["both_met"],
        r["only_rules_met"],
        r["only_judge_met"],
        r["neither_met"],
    ) == (
        3,
        1,
        1,
        5,
    )


def test_degenerate_cases() -> None:
    same = [_turn([True, True])]
    r = agreement(same, same)
    assert r["accuracy"] == 1.0 and r["cohen_kappa"] is None  # p_e = 1: undefined
    empty = agreement([_turn([None])], [_turn([True])])
    assert empty["items"] == 0 and empty["accuracy"] is None and empty["unjudged"] == 1
    # chance-level disagreement: kappa = -1 for perfectly crossed verdicts
    assert agreement([_turn([True, False])], [_turn([False, True])])[
        "cohen_kappa"
    ] == pytest.approx(-1.0)


def test_mismatched_items_raise() -> None:
    with pytest.raises(ValueError):
        agreement([_turn([True])], [_turn([True, False])])
