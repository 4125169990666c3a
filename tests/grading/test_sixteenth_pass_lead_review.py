"""The lead's merge review of the sixteenth pass (issue #35): two right shapes the merged
readers newly failed, read by structure (lead's own wordings, EN and ZH)."""

from __future__ import annotations

import pytest

from physassist_env.grading.frames import attributed_preface
from physassist_env.grading.shown import _chosen_boxes


@pytest.mark.parametrize(
    ("line", "kept", "dropped"),
    [
        ("[ ] no AKI   [x] KDIGO stage 2 AKI", "KDIGO stage 2 AKI", "no AKI"),
        (
            "Choice: (x) hold warfarin ( ) continue warfarin",
            "hold warfarin",
            "continue",
        ),
        ("☐ 无需补钾 ☑ 需要补钾", "需要补钾", "无需补钾"),
        ("选择：[✔] 暂停华法林 [ ] 继续华法林", "暂停华法林", "继续华法林"),
    ],
)
def test_an_unticked_option_beside_a_ticked_one_is_not_chosen(
    line: str, kept: str, dropped: str
) -> None:
    hidden: list[str] = []
    read = _chosen_boxes(line, hidden)
    assert kept in read and dropped not in read
    assert any(dropped in h for h in hidden)


@pytest.mark.parametrize(
    "line",
    [
        "[ ] recheck potassium   [ ] call renal",  # a to-do list decides nothing
        "[x] potassium given [x] magnesium given",
        "● potassium 5.9 (H) ○ creatinine 1.1",  # bullets are no boxes
        "give KCl 20 mEq (x2) and recheck",
    ],
)
def test_lines_that_are_no_choice_stay_as_written(line: str) -> None:
    assert _chosen_boxes(line, []) == line


@pytest.mark.parametrize(
    "preface", ["Question answered", "Request answered", "Status", "Task completed"]
)
def test_a_form_field_is_no_speaker(preface: str) -> None:
    assert attributed_preface(preface) == ""


@pytest.mark.parametrize(
    "preface", ["The pharmacist said", "According to the locum", "Dr Google would say"]
)
def test_a_person_is_still_a_speaker(preface: str) -> None:
    assert attributed_preface(preface)
