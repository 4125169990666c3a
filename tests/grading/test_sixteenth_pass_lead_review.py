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


def test_a_diagnosis_as_the_modifier_of_a_dose_is_not_denied() -> None:
    """Lead merge fix: "the rivaroxaban already ordered is 10 mg, not an AF dose" (the
    demo's CHA2DS2-VASc gold) denies the dose, not the coded atrial fibrillation."""
    from physassist_env.grading.additions import _DX_AS_MODIFIER_RE

    text = "the rivaroxaban already ordered is 10 mg, not an AF dose: 20 mg daily"
    assert _DX_AS_MODIFIER_RE.match(text, text.index("AF") + 2)
    assert _DX_AS_MODIFIER_RE.match("不是房颤剂量", 4)
    assert not _DX_AS_MODIFIER_RE.match("no AF on the ECG", 5)
    assert not _DX_AS_MODIFIER_RE.match("否认房颤病史", 4)


@pytest.mark.parametrize(
    ("text", "hedged"),
    [
        (
            "Magnesium 1.8: replete magnesium to the upper normal or abnormal range.",
            True,
        ),
        ("Magnesium 1.8: replete magnesium to the upper normal range.", False),
        ("Potassium 3.1, high or low.", True),
    ],
)
def test_a_goal_or_state_said_both_ways_is_a_hedge(text: str, hedged: bool) -> None:
    """Lead's merge review: the base suite's hedge of the QT gold's repletion goal."""
    from physassist_env.grading import claims as cl
    from physassist_env.grading.lab_states import _both_ways

    read = cl.read_claims(text, ())
    flags = [c for c in read.claims if c.kind == "flag" and c.subject]
    assert bool(_both_ways(read, flags, frozenset())) is hedged
