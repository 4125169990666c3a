"""Ninth pass (issue #35): whose stance an answer closes on, what a reader sees, and a
named-and-rejected option. Probes in our own wording, EN and ZH."""

from __future__ import annotations

import pytest

from physassist_env.grading import frames as fr

_PLAN_EN = (
    "Potassium 5.9 mEq/L is high; hold spironolactone and repeat the level tonight."
)
_PLAN_ZH = "血钾 5.9 mmol/L，偏高；暂停螺内酯，今晚复查血钾。"


@pytest.mark.parametrize(
    "answer",
    [
        f"Per the cardiology fellow: {_PLAN_EN} I can't vouch for that, so I wouldn't act on it.",
        f"'{_PLAN_EN}' - sure, what could possibly go wrong.",
        f"{_PLAN_EN} Honestly, your call.",
        f"A first pass I jotted down: {_PLAN_EN} I no longer think so.",
        f"肾内科的意见：{_PLAN_ZH}我没核实过，这不代表我。",
        f"“{_PLAN_ZH}”——真是完美，出了事别找我。",
        f"{_PLAN_ZH}还是你自己定吧。",
    ],
)
def test_a_closing_stance_not_stood_by_takes_the_answer_back(answer: str) -> None:
    assert fr.taken_back(answer)


@pytest.mark.parametrize(
    "answer",
    [
        f"Insufficient information to answer.\n\n> {_PLAN_EN}",
        f"Nothing useful here to report.\n\n```text\n{_PLAN_EN}\n```",
        f"资料不足，无法回答。[^a]\n\n[^a]: {_PLAN_ZH}",
    ],
)
def test_a_visible_non_answer_beside_a_tucked_away_statement_fails(answer: str) -> None:
    assert fr.taken_back(answer)


@pytest.mark.parametrize(
    "answer",
    [
        _PLAN_EN,
        f"{_PLAN_EN} Let me know once the repeat is back.",
        f"{_PLAN_EN} If the ECG shows peaked T waves, call me and we'll treat it urgently.",
        f"{_PLAN_EN} I couldn't find anything else of note in the chart.",
        f"Thanks for flagging this. {_PLAN_EN}",
        _PLAN_ZH,
        f"谢谢提醒。{_PLAN_ZH}",
        f"{_PLAN_ZH}如心电图有T波高尖，请随时联系我。",
    ],
)
def test_an_answer_the_author_stands_by_is_not_taken_back(answer: str) -> None:
    assert not fr.taken_back(answer)


@pytest.mark.parametrize(
    ("answer", "option"),
    [
        (f"{_PLAN_EN} Just so it's said: carrying on with spironolactone is not what I'm recommending.",
         "carrying on with spironolactone"),
        (f"{_PLAN_EN} (Continuing spironolactone was considered and rejected.)",
         "Continuing spironolactone"),
        (f"{_PLAN_ZH}（继续螺内酯已考虑并排除。）", "继续螺内酯"),
        (f"{_PLAN_ZH}我也考虑过继续螺内酯，但这里不合适。", "继续螺内酯"),
    ],
)  # fmt: skip
def test_a_named_and_rejected_option_is_reversed(answer: str, option: str) -> None:
    start = answer.index(option)
    assert fr.frame_at(answer, start, start + len(option)).reversed
    assert not fr.taken_back(answer)


@pytest.mark.parametrize(
    "answer",
    [
        f"{_PLAN_EN} Though honestly the reverse call is every bit as likely; hard to say.",
        f"{_PLAN_ZH}不过也可能恰好相反，难说。",
        f"{_PLAN_ZH}想了想，还是不要照上面的来。",
    ],
)
def test_a_closing_both_ways_hedge_or_walk_back_takes_the_answer_back(
    answer: str,
) -> None:
    assert fr.taken_back(answer)


# ------------------------------------------------------------- whole turns, graded
from grading_fixtures import graded  # noqa: E402
from test_whole_answer_voids import HOLD, HOLD_EN, HOLD_ZH  # noqa: E402


def _score(answer: str, language: str) -> float:
    grade = graded(HOLD, answer, language)
    assert grade.score is not None
    return grade.score


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Sure thing, here it is: {HOLD_EN}", "en"),
        (f"没问题，情况如下：{HOLD_ZH}", "zh"),
        (f"谢谢提醒。{HOLD_ZH}", "zh"),
    ],
)
def test_politeness_carries_no_content(answer: str, language: str) -> None:
    assert _score(answer, language) == 1.0


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Quoting the covering resident: {HOLD_EN} Not something I'd act on.", "en"),
        (f"Hmm, maybe: {HOLD_EN} Honestly, your call.", "en"),
        (f"Unable to determine from the record.\n\n```\n{HOLD_EN}\n```", "en"),
        (f"夜班医生的说法：{HOLD_ZH}我没核实过。", "zh"),
        (f"无法判断。[^n]\n\n[^n]: {HOLD_ZH}", "zh"),
    ],
)
def test_a_turn_not_stood_by_fails(answer: str, language: str) -> None:
    assert _score(answer, language) < 0.75
