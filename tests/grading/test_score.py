"""The pure rubric score against hand-computed examples."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from physassist_env.grading import rubric_score, tag_scores


def _item(id_: str, points: float, *tags: str) -> SimpleNamespace:
    return SimpleNamespace(id=id_, points=points, tags=list(tags))


ITEMS = [
    _item("a", 2, "value"),
    _item("b", 1, "value", "safety"),
    _item("c", 1, "reasoning"),
    _item("neg", -2, "safety"),
]


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        ([True, True, True, False], 1.0),  # 4/4
        ([True, False, True, False], 0.75),  # 3/4
        ([True, True, True, True], 0.5),  # (4 - 2)/4
        ([False, True, False, True], 0.0),  # (1 - 2)/4 clipped
        ([False, False, False, False], 0.0),
    ],
)
def test_rubric_score_hand_computed(verdicts: list[bool], expected: float) -> None:
    assert rubric_score(ITEMS, verdicts) == pytest.approx(expected)


def test_mapping_verdicts_and_missing_ids() -> None:
    assert rubric_score(ITEMS, {"a": True, "c": True}) == pytest.approx(0.75)


def test_none_when_nothing_positive() -> None:
    assert rubric_score([_item("neg", -1)], [True]) is None
    assert rubric_score([], []) is None


def test_length_mismatch_raises() -> None:
    with pytest.raises(ValueError):
        rubric_score(ITEMS, [True])


def test_tag_scores_reuse_the_score() -> None:
    scores = tag_scores(ITEMS, [True, False, True, True])
    assert scores["value"] == pytest.approx(2 / 3)
    assert scores["reasoning"] == 1.0
    assert scores["safety"] == 0.0  # (0 - 2)/1 clipped
    only_negative = tag_scores([_item("n", -1, "safety")], [False])
    assert only_negative == {"safety": None}
