"""The grader's thirteenth pass (issue #35): two decisions, and an option set aside.

* An option the author names only to reject it states nothing: a decision there is read
  the other way round (as before), and now a finding there (a flag, a trend) is no
  finding either — "I weighed a high potassium and ruled it out" beside "normal" is no
  hedge. Read by structure: a rejected alternative ("rather than", "considered ... and
  ruled out"), a contrast whose first side is negated (不是X，而是Y; "not X but rather
  Y"), an option named in apposition and rejected ("(The other view, X, is not
  supported)", 相反的结论，即X，与检验结果不符). Said the other way (the apposition
  endorsed, X plain), the answer holds two readings and fails.
* Two decisions on one object fail wherever the second is said:
  - an order the answer reports placing and also undoes ("cancel it", "that referral is
    unnecessary", 取消该会诊, 这个会诊没必要), in a summary, a note, a table cell;
  - a conclusion stated by its negation ("no QT-prolonging combination") and its
    positive form asserted elsewhere ("there is a QT-prolonging drug combination");
  - a condition the answer itself says holds ("If ... (it will be), then X", "Unless
    ... - and it is - in which case X", （肯定是）, ——现在正是——) decides X now;
  - an option offered as a disjunct ("Or X; either seems fine") is said, not left open;
  - "no" said alone before a break ("On second thought, no - stop it") is no negation
    of what follows.
  Not a second decision: one denied, asked, set aside, or a real contingency.

Each wrong shape fails and each right shape passes, in English and Chinese. The wordings
are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, met, passes

from physassist_env.grading import claims as cl
from physassist_env.grading import frames as fr
from physassist_env.grading import text as tx
from physassist_env.scenarios.model import MentionCheck

GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"


def test_the_fixture_passes() -> None:
    assert passes(CONTINUE_TURN, GOLD_EN, "en")
    assert passes(CONTINUE_TURN, GOLD_ZH, "zh")


# ---------------------------------------------------------------- options set aside
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} I weighed a high potassium as the cause and ruled it out.", "en"),
        (f"{GOLD_EN} I thought about a raised potassium and rejected that.", "en"),
        (f"{GOLD_EN} The alternative - potassium is high - does not hold up.", "en"),
        (f"{GOLD_EN} (The other view, a high potassium, is not supported.)", "en"),
        (f"{GOLD_EN} Not a high potassium but rather a normal one.", "en"),
        (
            f"Rather than a high potassium, the chart shows a normal one: {GOLD_EN}",
            "en",
        ),
        (
            f"{GOLD_EN} It is not that the potassium is high, but rather that it is "
            "normal.",
            "en",
        ),
        (f"{GOLD_EN} Rather than stopping lisinopril, keep it going.", "en"),
        (f"{GOLD_EN} The opposite move - stopping lisinopril - would be wrong.", "en"),
        (f"{GOLD_ZH}我考虑过血钾偏高这种可能，已排除。", "zh"),
        (f"{GOLD_ZH}（另一种看法——血钾偏高——站不住脚。）", "zh"),
        (f"不是血钾偏高，而是：{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH}并不是血钾偏高，而是在正常范围。", "zh"),
        (f"{GOLD_ZH}相反的结论，即血钾偏高，与检验结果不符。", "zh"),
        (f"{GOLD_ZH}相反的做法——停用赖诺普利——不可取。", "zh"),
        (f"不是停用赖诺普利，而是继续。{GOLD_ZH}", "zh"),
    ],
)
def test_an_option_named_to_reject_it_states_nothing(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} The potassium is high.", "en"),
        (f"{GOLD_EN} (The other view, a high potassium, is the right one.)", "en"),
        (f"{GOLD_ZH}血钾偏高。", "zh"),
        (f"{GOLD_ZH}（另一种看法——血钾偏高——才是对的。）", "zh"),
    ],
)
def test_the_other_reading_endorsed_or_plain_is_a_second_reading(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


def test_a_take_back_inside_a_rejected_option_is_the_options() -> None:
    text = (
        "Hold it. I considered another course (not needed, cancel it) and ruled it out."
    )
    assert not fr.taken_back(text)
    zh = "已申请会诊。我考虑过另一种做法（该医嘱不需要，撤销），已排除。"
    assert not fr.taken_back(zh)


# ---------------------------------------------------------------- an order undone
DONE_EN = "Done: a routine cardiology consult was requested."
DONE_ZH = "已申请心内科常规会诊。"


@pytest.mark.parametrize(
    "answer",
    [
        f"{DONE_EN} Actually the consult is unnecessary, withdraw it.",
        f"{DONE_EN}\n\nNote for the family: cancel the referral.",
        f"{DONE_EN} | cancel that request |",
        f"{DONE_ZH}取消该会诊。",
        f"{DONE_ZH}给家属：这个会诊没必要。",
    ],
)
def test_an_order_placed_and_undone_is_two_decisions(answer: str) -> None:
    assert cl.summary_contradicts(answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        f"{DONE_EN} No need to cancel it.",
        f"{DONE_EN} If the troponin is normal tomorrow, cancel the consult.",
        f"{DONE_EN} I would not withdraw the referral.",
        f"{DONE_EN} Rather than cancelling it, keep it.",
        f"{DONE_EN} The duplicate request from yesterday was cancelled.",
        f"{DONE_ZH}不要取消会诊。",
        f"{DONE_ZH}如果明天肌钙蛋白正常，再取消会诊。",
    ],
)
def test_an_undoing_denied_planned_or_set_aside_is_none(answer: str) -> None:
    assert not cl.summary_contradicts(answer), answer


# ---------------------------------------------------------------- a conclusion's positive form
NO_QT = MentionCheck(
    terms=["no QT-prolonging combination", "无 QT 延长药物联用"],
    contradicts=["two QT", "两种"],
)
QT_EN = (
    "No QT-prolonging combination: ondansetron is the only QT-prolonging drug ordered."
)
QT_ZH = "无 QT 延长药物联用：昂丹司琼是唯一的 QT 延长药物。"


@pytest.mark.parametrize(
    "answer",
    [
        f"{QT_EN} Final answer: there is a QT-prolonging drug combination.",
        f"{QT_EN}\n\nFor the nurse: there is a QT-prolonging combination.",
        f"{QT_EN} | there is a QT-prolonging drug combination |",
        f"{QT_EN} Or there is a QT-prolonging medication combination; hard to call.",
        f"{QT_ZH}给护士的话：存在 QT 延长药物联用。",
        f"{QT_ZH}或者存在 QT延长药物联用，很难说。",
    ],
)
def test_a_conclusions_positive_form_said_is_its_opposite(answer: str) -> None:
    assert not met(NO_QT, answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        f"{QT_EN} Is there a QT-prolonging drug combination? No.",
        f"{QT_EN} Rather than a QT-prolonging drug combination, one drug alone.",
        f"{QT_EN} If azithromycin is added, there will be a QT-prolonging combination.",
        f"{QT_EN} A QT-prolonging drug combination is not present.",
        f"{QT_ZH}是否存在 QT 延长药物联用？不存在。",
        f"{QT_ZH}不是存在 QT 延长药物联用，而是只有一种。",
        f"{QT_ZH}如果加用阿奇霉素，就会存在 QT 延长药物联用。",
    ],
)
def test_a_positive_form_asked_denied_or_planned_is_no_opposite(answer: str) -> None:
    assert met(NO_QT, answer), answer


# ---------------------------------------------------------------- held conditions, disjuncts
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            f"{GOLD_EN} If the potassium is still 3.6 tomorrow (it will be), then stop "
            "lisinopril.",
            "en",
        ),
        (
            f"{GOLD_EN} Unless the potassium is 3.6 - and it is - in which case stop "
            "lisinopril.",
            "en",
        ),
        (f"{GOLD_ZH}如果明天血钾仍是 3.6（肯定是），那就停用赖诺普利。", "zh"),
        (f"{GOLD_ZH}除非血钾是 3.6——现在正是——那就停用赖诺普利。", "zh"),
        (f"{GOLD_EN} Or stop lisinopril; either seems fine.", "en"),
        (f"{GOLD_EN} Or stop lisinopril - hard to say which.", "en"),
        (f"{GOLD_ZH}或者停用赖诺普利，说不好。", "zh"),
        (f"{GOLD_EN} On second thought, no - stop lisinopril.", "en"),
        (f"{GOLD_EN} Hmm, no: stop lisinopril.", "en"),
    ],
)
def test_a_second_decision_held_offered_or_after_no_fails(
    answer: str, language: str
) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            f"{GOLD_EN} If the potassium is still above 5.5 tomorrow, then stop "
            "lisinopril.",
            "en",
        ),
        (f"{GOLD_EN} If the potassium rises (it may), stop lisinopril.", "en"),
        (f"{GOLD_ZH}如果明天血钾超过 5.5（可能性不大），那就停用赖诺普利。", "zh"),
        (f"{GOLD_ZH}如果血钾升高，再停用赖诺普利。", "zh"),
        (f"{GOLD_EN} Or is stopping it better? No.", "en"),
        (f"{GOLD_EN} Or, if the potassium rises above 5.5, stop it.", "en"),
        (f"{GOLD_ZH}或者，如果血钾超过 5.5，再停用。", "zh"),
        (
            "Should we stop it? No, continue lisinopril. Potassium is 3.6 mEq/L, normal.",
            "en",
        ),
        (f"{GOLD_EN} No - do not stop it.", "en"),
    ],
)
def test_a_real_contingency_a_question_or_a_no_before_the_answer_passes(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


def test_no_before_a_break_is_an_interjection() -> None:
    assert tx.negation_cue("On reflection, no - stage 1 AKI", 28)[0] == ""
    assert tx.negation_cue("No, continue it", 12)[0] == ""
    assert tx.negation_cue("no AKI", 3)[0] == "no"
    assert tx.negation_cue("no need to stop", 12)[0] == "no need to"


def test_a_label_and_a_long_closing_are_no_rejected_apposition() -> None:
    # a colon after the head is a label; a closing that states a value is no verdict
    text = (
        "A new AKI now: KDIGO stage 1 by creatinine, a rise from 1.3 to 1.6 mg/dL, "
        "after a stage 2 AKI that had recovered to 1.3 mg/dL (urine output not assessed)."
    )
    assert not [f for f in fr.find_frames(text) if f.option]
    assert fr.find_frames("(The other view, a high potassium, is not supported.)")
