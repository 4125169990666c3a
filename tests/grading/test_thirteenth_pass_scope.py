"""The grader's thirteenth pass (issue #35): scope — only the author's plain assertion about
THIS patient NOW pays.

* A scope opening the answer's first statement, after words that state nothing ("Nothing
  for now. In three weeks, ...", 今天先不动。下个月复诊时，...), is closed by its first break,
  as one opening the answer; a time pointed back at ("At that point:", "By then:", 到那时：)
  is the other time named before.
* Scope by grammatical category: the counterfactual mood ("If this were ..., I'd say:",
  "Were ..., my advice would be:", 我会说：, 结论会是：), a past state ("used to be the case",
  "until the previous result", "last time", "the 2021 admission", 到上周为止, 2021 年那次住院),
  and no longer so ("Not any more", "That has since changed", 现在已经不是这样了, 不是这次);
  an answer given as what an uninformed hypothetical speaker would say ("what someone
  who has not read the labs would conclude", 没看过病历的人才会这样写).
* Not scope: a plan that points at a later time ("at that point, if ..., stop it"), a
  history beside a statement ("Last time it was checked it was also normal"), a future
  condition ("If this were to change, I would reassess").

The wordings are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, passes

GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Should she be discharged first? Then at that point: " + GOLD_EN, "en"),
        ("Wait for the morning team. By then: " + GOLD_EN, "en"),
        (
            "Nothing for now. In three weeks, at the renal clinic, potassium is 3.6 mEq/L, normal; continue lisinopril.",
            "en",
        ),
        ("等复查结果出来再说。到那时：" + GOLD_ZH, "zh"),
        ("今天先不动。下个月复诊时，" + GOLD_ZH, "zh"),
        ("Were her kidneys normal, my advice would be: " + GOLD_EN, "en"),
        ("If this were an outpatient, I'd say: " + GOLD_EN, "en"),
        ("如果她是门诊病人，我会说：" + GOLD_ZH, "zh"),
        ("要是资料齐全，结论会是：" + GOLD_ZH, "zh"),
        (GOLD_EN + " That used to be the case. Not any more.", "en"),
        (
            "Until the previous result, potassium was 3.6 mEq/L, normal; continue lisinopril. That has since changed.",
            "en",
        ),
        ("Last time she was admitted: " + GOLD_EN, "en"),
        (
            GOLD_EN + " (All of this is from the 2021 admission, not the current one.)",
            "en",
        ),
        (GOLD_ZH + "这是到上周为止的情况，现在已经不是这样了。", "zh"),
        (GOLD_ZH + "——这些都是 2021 年那次住院的，不是这次。", "zh"),
    ],
)
def test_an_answer_scoped_to_another_time_or_world_is_unpaid(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            GOLD_EN
            + " Recheck the potassium in a week; at that point, if it is above 5.5, stop lisinopril.",
            "en",
        ),
        (GOLD_EN + " Last time it was checked it was also normal.", "en"),
        (GOLD_EN + " If this were to change, I would reassess.", "en"),
        (GOLD_ZH + "一周后复查血钾，到时候如超过 5.5 再停药。", "zh"),
        (GOLD_ZH + "上次住院时血钾也正常。", "zh"),
        (GOLD_ZH + "如果血钾升高，我会再评估。", "zh"),
        (GOLD_EN + " Her 2021 admission also showed a normal potassium.", "en"),
    ],
)
def test_plans_history_and_future_conditions_are_no_scope(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            GOLD_EN
            + " ...which is what someone who has not read the labs would conclude.",
            "en",
        ),
        (GOLD_EN + " That is what a person who never saw this chart would say.", "en"),
        (GOLD_ZH + "——只有不看化验的人才会这么说。", "zh"),
        (GOLD_ZH + "没看过病历的人才会这样写。", "zh"),
    ],
)
def test_an_answer_given_to_an_uninformed_hypothetical_speaker_is_unpaid(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (GOLD_EN + " This is what most nephrologists would suggest too.", "en"),
        (GOLD_ZH + "大多数医生也会这么做。", "zh"),
    ],
)
def test_an_answer_others_would_share_stands(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer
