"""The grader's twelfth pass (issue #35): what an answer takes back — frames, summaries,
scope.

* A quotation named only to reject it is not asserted, and the words rejecting it judge
  the quotation, not the answer: a right answer plus a rejected quoted alternative passes;
  the answer's own claim quoted and rejected still fails.
* A summary is the answer's own decision: a bottom line / TL;DR / summary in either
  language that says nothing is to be done, or that all is normal, against a body that
  acts or calls a result abnormal, is two decisions; the same line beside a body that
  does nothing, or limited to the rest ("otherwise no change"), is no contradiction.
* Scope is this patient now: the answer placed in the future, in the past ("until this
  morning"), or given as an example or template, is unpaid; history and plans beside a
  statement are not scope.

Each wrong shape fails and each right shape passes, in English and Chinese. The wordings
are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, K_SERIES, passes, search_output

from physassist_env.grading import claims as cl
from physassist_env.grading import frames as fr
from physassist_env.scenarios.model import (
    FlagCheck,
    RecommendCheck,
    RubricItem,
    Text,
    ValueCheck,
)

GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"

K = ["potassium", "血钾", "K", "K+", "钾"]
K_HIGH = search_output(
    "Observation", "2180-01-04 08:00 | Potassium = 6.1 mEq/L [ref 3.5-5.1]"
)
#: A turn whose decision acts: potassium 6.1 (high), hold lisinopril (critical).
HOLD_TURN = CONTINUE_TURN.model_copy(
    update={
        "gold_observations": [K_HIGH],
        "gold_answer": Text(
            en="Potassium is 6.1 mEq/L, high. Hold lisinopril.",
            zh="血钾 6.1 mEq/L，偏高。暂停赖诺普利。",
        ),
        "rubric": [
            RubricItem(
                id="t1-i0",
                criterion=Text(en="States the potassium", zh="血钾"),
                check=ValueCheck(value=6.1, unit="mEq/L", decimals=1, about=K),
            ),
            RubricItem(
                id="t1-i1",
                criterion=Text(en="High", zh="偏高"),
                check=FlagCheck(direction="high", about=K),
            ),
            RubricItem(
                id="t1-i2",
                criterion=Text(en="Holds lisinopril", zh="暂停赖诺普利"),
                check=RecommendCheck(
                    actions=["hold", "暂停"], targets=["lisinopril", "赖诺普利"]
                ),
                critical=True,
            ),
            *CONTINUE_TURN.rubric[3:],
        ],
    }
)
HOLD_EN = "Potassium is 6.1 mEq/L, high. Hold lisinopril."
HOLD_ZH = "血钾 6.1 mEq/L，偏高。暂停赖诺普利。"


def test_the_fixtures_pass() -> None:
    assert K_SERIES
    for turn, en, zh in (
        (CONTINUE_TURN, GOLD_EN, GOLD_ZH),
        (HOLD_TURN, HOLD_EN, HOLD_ZH),
    ):
        assert passes(turn, en, "en") and passes(turn, zh, "zh")


# ---------------------------------------------------------------- rejected quotations
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f'{GOLD_EN} One cannot conclude "lisinopril has to be stopped".', "en"),
        (f'{GOLD_EN} Rather than "stop the ACE inhibitor".', "en"),
        (
            f'{GOLD_EN} A colleague suggested "hold lisinopril" - that is mistaken.',
            "en",
        ),
        (f'{GOLD_EN} We weighed "stop lisinopril" and rejected it.', "en"),
        (f"{GOLD_ZH}不能据此认为“需要停用赖诺普利”。", "zh"),
        (f"{GOLD_ZH}并不是“应暂停赖诺普利”。", "zh"),
        (f"{GOLD_ZH}有同事提出“暂停赖诺普利”，这是错误的。", "zh"),
    ],
)
def test_a_rejected_quotation_beside_the_answer_passes(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the answer itself quoted and rejected
        (f'"{GOLD_EN}" That is mistaken.', "en"),
        (f"“{GOLD_ZH}”这种说法不成立。", "zh"),
        # the right decision quoted and rejected, the wrong one asserted
        ('Potassium is 3.6 mEq/L, normal. Not "continue lisinopril": stop it.', "en"),
    ],
)
def test_the_answer_quoted_and_rejected_still_fails(answer: str, language: str) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


def test_an_endorsed_or_reported_quotation_is_not_rejected() -> None:
    assert not fr._quotes_rejected('A colleague wrote "continue lisinopril" - correct.')
    # a quotation inside a statement of the author's is what it reports
    assert not fr._quotes_rejected(
        'Lisinopril, at home: "I stopped taking it." I doubt that.'
    )


# ---------------------------------------------------------------- summaries
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"In a nutshell: nothing needs to be done.\n\n{HOLD_EN}", "en"),
        (f"{HOLD_EN}\n\nSummary for the family: everything looks fine.", "en"),
        (f"{HOLD_EN} (TL;DR: no changes, carry on as before.)", "en"),
        (f"总之：无需任何处理。{HOLD_ZH}", "zh"),
        (
            f"{HOLD_ZH}\n\n(Quick version: all results normal, leave everything as is.)",
            "zh",
        ),
        (f"{HOLD_EN}\n\n（简单说：一切正常，维持原方案。）", "en"),
    ],
)
def test_a_summary_against_a_body_that_acts_fails(answer: str, language: str) -> None:
    assert not passes(HOLD_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # nothing to do beside a body that does nothing
        (f"Bottom line: no action needed. {GOLD_EN}", "en"),
        (f"一句话：无需处理。{GOLD_ZH}", "zh"),
        # limited to the rest
        (f"{HOLD_EN} Otherwise no changes.", "en"),
        (f"{HOLD_ZH}其他用药无需调整。", "zh"),
        # politeness is no verdict
        (f"No problem! {HOLD_EN}", "en"),
        (f"没问题！{HOLD_ZH}", "zh"),
    ],
)
def test_a_summary_that_agrees_or_is_limited_passes(answer: str, language: str) -> None:
    turn = CONTINUE_TURN if answer.startswith(("Bottom", "一句话")) else HOLD_TURN
    assert passes(turn, answer, language), answer


def test_the_summary_reader_names_the_verdict() -> None:
    said = cl.summary_contradicts(f"Short version: no changes needed. {HOLD_EN}")
    assert "no changes" in said
    assert not cl.summary_contradicts(f"Short version: no changes needed. {GOLD_EN}")


# ---------------------------------------------------------------- scope: now, this patient
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the future
        (
            f"Three weeks from now this is what I'd expect: {GOLD_EN} Right now: nothing.",
            "en",
        ),
        (f"{GOLD_EN} That is the anticipated picture after discharge, not now.", "en"),
        (f"下个月的预期：{GOLD_ZH}目前不适用。", "zh"),
        (f"{GOLD_ZH}这是预计出院后的情况，不是现在。", "zh"),
        # the past
        (
            f"Until yesterday, {GOLD_EN[0].lower()}{GOLD_EN[1:]} Since then things have changed.",
            "en",
        ),
        (f"{GOLD_ZH}这是之前的情况，现在已不适用。", "zh"),
        # an example, a template
        (f"For instance, a reply might read: {GOLD_EN} (Illustrative only.)", "en"),
        (
            f"Here's the usual format: {GOLD_EN} Replace it with the actual results.",
            "en",
        ),
        (f"举个例子：{GOLD_ZH}（只是个例子）", "zh"),
        (f"一般来说：{GOLD_ZH}请替换为实际结果。", "zh"),
    ],
)
def test_an_answer_placed_elsewhere_in_time_or_as_an_example_is_unpaid(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} Recheck the potassium in two weeks.", "en"),
        (f"{GOLD_EN} Previously the potassium was also normal.", "en"),
        (f"{GOLD_EN} After discharge, follow up with primary care.", "en"),
        (f"{GOLD_ZH}两周后复查血钾。", "zh"),
        (f"{GOLD_ZH}之前血钾也正常。", "zh"),
        (f"{GOLD_ZH}出院后门诊随访。", "zh"),
    ],
)
def test_plans_and_history_beside_the_answer_are_no_change_of_scope(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- the author's closing voice
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} Surely not.", "en"),
        (f"{GOLD_EN} Sure, when pigs fly.", "en"),
        (f"{GOLD_EN} (Sarcasm, obviously.)", "en"),
        (f"Per the overnight note: {GOLD_EN} I'd set that aside.", "en"),
        (f"{GOLD_EN} I don't believe that's right.", "en"),
        (f"[Draft, not verified] {GOLD_EN}", "en"),
        (f"{GOLD_ZH}显然不是。", "zh"),
        (f"{GOLD_ZH}这怎么可能。", "zh"),
        (f"夜班记录：{GOLD_ZH}我建议不予采纳。", "zh"),
        (f"{GOLD_ZH}我不觉得这是对的。", "zh"),
        (f"【草稿，勿用】{GOLD_ZH}", "zh"),
    ],
)
def test_an_answer_its_author_walks_away_from_is_unpaid(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} Of course, recheck if symptoms develop.", "en"),
        (f"[Reviewed with pharmacy] {GOLD_EN}", "en"),
        (f"{GOLD_EN} I don't think that's a concern for lisinopril right now.", "en"),
        (f"{GOLD_ZH}当然，如有症状再复查。", "zh"),
        (f"【已与药师核对】{GOLD_ZH}", "zh"),
    ],
)
def test_a_closing_that_stands_by_the_answer_passes(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- doubt, and options called equal
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "I seriously doubt that the potassium is normal and lisinopril can continue.",
            "en",
        ),
        (f"{GOLD_EN} Equally, stopping it. Either one works.", "en"),
        (f"{GOLD_EN} Or stop it instead. Pick whichever.", "en"),
        (f"{GOLD_ZH}或者停用赖诺普利。两个都行。", "zh"),
        (f"{GOLD_ZH}反过来的结论同样成立。", "zh"),
    ],
)
def test_a_doubted_answer_or_options_called_equal_are_unpaid(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} I doubt stopping it would help.", "en"),
        (f"{GOLD_EN} Morning or evening dosing: both are fine.", "en"),
        (f"{GOLD_ZH}早上或晚上服用都可以。", "zh"),
    ],
)
def test_a_doubt_about_another_option_or_an_equal_how_passes(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


def test_an_example_word_inside_a_statement_gives_a_detail():
    """ "e.g." or 例如 after a comma inside a statement gives an instance of a detail
    ("recheck tomorrow, e.g. 6 a.m."); it does not place the answer in an example (lead,
    at the merge: f35r's loose-English right answers failed on f35q's example scope)."""
    from physassist_env.grading.frames import out_of_scope

    for right in (
        "Plan: hold the hydrochlorothiazide. Recheck: tomorrow, e.g. 6 a.m.",
        "Reduce the apixaban (e.g. to 2.5 mg twice daily).",
        "华法林减量，例如每日 2.5 mg。",
    ):
        assert not out_of_scope(right), right
    for wrong in (
        "For example, one would hold warfarin at an INR of 5.",
        "INR 5.2: hold warfarin. For example, one would hold it.",
        "Hold warfarin, for example.",
        "比如说，一般会停用华法林。",
    ):
        assert out_of_scope(wrong), wrong
