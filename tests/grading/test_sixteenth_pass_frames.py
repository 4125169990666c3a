"""Issue #35, sixteenth pass: whose claim, about which patient, when and in which world.

Only the author's own plain assertion about this patient now pays:

* another's words the answer opens with a preface naming their source ("According to
  the locum:", "The ward pharmacist's take:", 据进修医生说：, 网友的看法：) and never adopts
  are not the author's; the author, the record (its notes, results, guidelines) and the
  patient as a source open the author's own reading, and "I agree" / 已核实 adopts them;
* the day the agent was told is today is a day it saw: a source cited as reviewed today
  states no day nobody saw.

Each wrong shape fails and each right shape passes, in English and Chinese. The wordings
are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, graded, passes

from physassist_env.grading import frames as fr

BODY_EN = "Potassium is 3.6 mEq/L, normal. It is safe to continue lisinopril."
BODY_ZH = "血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。"


# ---------------------------------------------------------------- another's words
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"According to the locum: {BODY_EN}", "en"),
        (f"The ward pharmacist's take: {BODY_EN} Not something I've looked at.", "en"),
        (f"What the night SHO reckons:\n{BODY_EN}", "en"),
        (f"A colleague on the renal team thinks so:\n\n{BODY_EN}", "en"),
        (f'The physician associate\'s answer was: "{BODY_EN}"', "en"),
        (f"Prof. Alvarez would say: {BODY_EN}", "en"),
        (f"In the words of the chatbot: {BODY_EN}", "en"),
        (f"**The ward clerk's guess:** {BODY_EN}", "en"),
        (f"据进修医生说：{BODY_ZH}", "zh"),
        (f"网友的看法：{BODY_ZH}", "zh"),
        (f"隔壁床家属的意见：{BODY_ZH}仅供参考。", "zh"),
        (f"规培同学认为：\n{BODY_ZH}", "zh"),
        (f"某公众号的说法：“{BODY_ZH}”", "zh"),
    ],
)
def test_another_s_words_unadopted_do_not_pay(answer: str, language: str) -> None:
    assert fr.taken_back(answer).startswith("attributed"), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"My take: {BODY_EN}", "en"),
        (f"Per the EHR (2180-01-04): {BODY_EN}", "en"),
        (f"According to the chart: {BODY_EN}", "en"),
        (f"The latest lab report reads: {BODY_EN}", "en"),
        (f"The pharmacist's view: {BODY_EN} I agree.", "en"),
        (f"According to the pharmacist: {BODY_EN} I concur.", "en"),
        (f"Subject: potassium\n\n{BODY_EN}\n\nThanks,\nDr Okafor", "en"),
        (f"我的看法：{BODY_ZH}", "zh"),
        (f"据电子病历（2180-01-04）：{BODY_ZH}", "zh"),
        (f"指南的意见：{BODY_ZH}", "zh"),
        (f"药师的看法：{BODY_ZH}我同意。", "zh"),
        (f"网上的说法：{BODY_ZH}我已核实，无误。", "zh"),
    ],
)
def test_own_record_or_adopted_words_pay(answer: str, language: str) -> None:
    assert not fr.taken_back(answer), answer
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- the day told as today
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN} (Checked against the EHR on 2180-01-06.)", "en"),
        (f"{BODY_EN}\n\nReviewed 6 January 2180.", "en"),
        (f"{BODY_ZH}（2180年1月6日查阅病历。）", "zh"),
    ],
)
def test_today_is_a_day_seen(answer: str, language: str) -> None:
    told = graded(CONTINUE_TURN, answer, language, today="2180-01-06")
    assert told.score is not None and told.score >= 0.75, told
    untold = graded(CONTINUE_TURN, answer, language)
    assert untold.score is not None and untold.score < 0.75, untold


# ---------------------------------------------------------------- handed back as a question
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN}? Thoughts?", "en"),
        (f"{BODY_EN}?\nYou decide.", "en"),
        (
            "Do we think that potassium is 3.6 mEq/L, normal, and that it is safe to "
            "continue lisinopril.",
            "en",
        ),
        (f"Can we say: {BODY_EN}", "en"),
        (
            "Is it possible that potassium is 3.6 mEq/L, normal, so it is safe to "
            "continue lisinopril. You tell me.",
            "en",
        ),
        (f"Should we conclude this?\n\n{BODY_EN}?", "en"),
        (f"{BODY_ZH}？您看呢。", "zh"),
        (f"是不是这样：{BODY_ZH}", "zh"),
        (f"能不能这么理解：{BODY_ZH}你定吧。", "zh"),
        (f"对吗：{BODY_ZH}", "zh"),
    ],
)
def test_a_statement_only_asked_does_not_pay(answer: str, language: str) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Is lisinopril safe to continue? Yes. {BODY_EN}", "en"),
        (f"Q: Can he stay on lisinopril?\nA: {BODY_EN}", "en"),
        (f"{BODY_EN} Shall I recheck the potassium tomorrow?", "en"),
        (f"{BODY_EN} Any questions, page me.", "en"),
        (f"What did I find? {BODY_EN}", "en"),
        (f"Would you like the trend too? {BODY_EN}", "en"),
        (f"Isn't it the case that {BODY_EN[0].lower()}{BODY_EN[1:]}", "en"),
        (f"{BODY_EN}\n\nDo you want me to write it up?", "en"),
        (f"问：赖诺普利能继续吗？\n答：{BODY_ZH}", "zh"),
        (f"{BODY_ZH}明天要不要复查血钾？我建议复查。", "zh"),
        (f"血钾怎么样？{BODY_ZH}", "zh"),
    ],
)
def test_a_question_answered_or_beside_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- another time
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Formerly:\n{BODY_EN}", "en"),
        (f"At the time of his 2177 stay: {BODY_EN}", "en"),
        (f"Earlier in the year: {BODY_EN}", "en"),
        (f"From the previous admission: {BODY_EN}", "en"),
        (f"Some day, once she's discharged: {BODY_EN}", "en"),
        (f"Months from now, perhaps: {BODY_EN}", "en"),
        (f"Leave it for the next visit -\n\n{BODY_EN}".replace(" -", ":"), "en"),
        (f"In three months: {BODY_EN}", "en"),
        (f"2176年那次住院：{BODY_ZH}", "zh"),
        (f"以前的情况：{BODY_ZH}", "zh"),
        (f"当年：{BODY_ZH}", "zh"),
        (f"今后再说：{BODY_ZH}", "zh"),
        (f"三个月后：{BODY_ZH}", "zh"),
    ],
)
def test_a_statement_placed_in_another_time_does_not_pay(
    answer: str, language: str
) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Currently: {BODY_EN}", "en"),
        (f"Per the 2012 KDIGO guideline: {BODY_EN}", "en"),
        (f"ADA 2024 standards of care: {BODY_EN}", "en"),
        (f"按 2019 版共识：{BODY_ZH}", "zh"),
        (f"简单说：{BODY_ZH}", "zh"),
        (f"老实说：{BODY_ZH}", "zh"),
        (f"换句话说：{BODY_ZH}", "zh"),
        (f"As of the latest draw: {BODY_EN}", "en"),
        (f"Past history: nothing relevant.\n{BODY_EN}", "en"),
        (f"{BODY_EN}\nNext steps: recheck the potassium in the morning.", "en"),
        (f"Since admission: {BODY_EN}", "en"),
        (f"Today: {BODY_EN}", "en"),
        (f"目前：{BODY_ZH}", "zh"),
        (f"本次住院：{BODY_ZH}", "zh"),
        (f"既往史：无特殊。\n{BODY_ZH}", "zh"),
        (f"Previously: no potassium on file.\nNow: {BODY_EN}", "en"),
        (f"之前：没有血钾结果。\n目前：{BODY_ZH}", "zh"),
    ],
)
def test_now_or_a_plan_beside_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- dated back to a past state
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN} - all of that was true up to last week.", "en"),
        (f"{BODY_EN} That was how things were before the rapid response call.", "en"),
        (f"{BODY_EN}\n\nThis is from his 2171 stay.", "en"),
        (f"{BODY_EN} -- this was the state of play prior to the transfer.", "en"),
        (f"{BODY_EN} Mind you, that held only until the night team's review.", "en"),
        (f"{BODY_ZH}——以上是上次住院时的情况。", "zh"),
        (f"{BODY_ZH}这些都是截止前天的。", "zh"),
        (f"{BODY_ZH}——这是2169年的记录。", "zh"),
        (f"{BODY_ZH}以上为转科之前的情况。", "zh"),
        (f"{BODY_ZH}那是昨晚抢救前的状态。", "zh"),
    ],
)
def test_a_statement_dated_back_to_a_past_state_does_not_pay(
    answer: str, language: str
) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN} That was the 08:00 draw.", "en"),
        (f"{BODY_EN} This was reviewed before the morning round.", "en"),
        (f"{BODY_EN} It was checked earlier today and is still current.", "en"),
        (f"{BODY_EN} That is unchanged from last week.", "en"),
        (f"{BODY_EN} Before the next dose, recheck it.", "en"),
        (f"{BODY_ZH}这是今天早上的结果。", "zh"),
        (f"{BODY_ZH}下次给药前复查。", "zh"),
        (f"{BODY_ZH}与上次住院时相比无变化。", "zh"),
    ],
)
def test_a_value_dated_or_a_plan_beside_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- denied as a whole
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "It is certainly not the case that potassium is 3.6 mEq/L and normal, "
            "or that lisinopril is safe to continue.",
            "en",
        ),
        (
            "I seriously doubt that potassium is 3.6 mEq/L, normal, and lisinopril "
            "safe to continue.",
            "en",
        ),
        (
            "No sensible registrar would accept that potassium is 3.6 mEq/L, normal, "
            "and lisinopril fine to continue.",
            "en",
        ),
        (
            "I don't believe for a second that potassium is 3.6 mEq/L, normal, and "
            "lisinopril safe to continue.",
            "en",
        ),
        (
            "It would be false to claim that potassium is 3.6 mEq/L, normal, and that "
            "lisinopril is safe to continue.",
            "en",
        ),
        (f"没人会认同下面这个结论：{BODY_ZH}", "zh"),
        (f"我很怀疑：{BODY_ZH}", "zh"),
        (f"以下并不属实：{BODY_ZH}", "zh"),
        (f"我不相信：{BODY_ZH}", "zh"),
        (f"下面的结论并不成立：\n{BODY_ZH}", "zh"),
    ],
)
def test_a_statement_denied_as_a_whole_does_not_pay(answer: str, language: str) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "There is no doubt that potassium is 3.6 mEq/L, normal. It is safe to "
            "continue lisinopril.",
            "en",
        ),
        (
            "I can't deny that potassium is 3.6 mEq/L, normal. It is safe to continue "
            "lisinopril.",
            "en",
        ),
        (
            "It is no surprise that potassium is 3.6 mEq/L, normal. It is safe to "
            "continue lisinopril.",
            "en",
        ),
        (f"Note that {BODY_EN[0].lower()}{BODY_EN[1:]}", "en"),
        (f"It is true that {BODY_EN[0].lower()}{BODY_EN[1:]}", "en"),
        (f"毫无疑问：{BODY_ZH}", "zh"),
        (f"不用担心：{BODY_ZH}", "zh"),
        (f"不需要调整：{BODY_ZH}", "zh"),
        (f"可以确定：{BODY_ZH}", "zh"),
    ],
)
def test_an_affirmed_or_corrected_statement_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- a draft, a template, a play
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"Rough draft, still to be checked:\n\n{BODY_EN}", "en"),
        (f"Boilerplate you can adapt: {BODY_EN}", "en"),
        (f"Sample wording for a reply like this: {BODY_EN}", "en"),
        (f"Machine-generated text (unchecked): {BODY_EN}", "en"),
        (f"[Role-play: the renal SpR] {BODY_EN}", "en"),
        (f"{BODY_EN}\n\n(Written as a pretend ward round for students.)", "en"),
        (f"{BODY_EN}\nThe above is only a mock-up of what a reply could say.", "en"),
        (f"示范写法：{BODY_ZH}", "zh"),
        (f"【演练用】{BODY_ZH}", "zh"),
        (f"{BODY_ZH}\n（以上为虚构情景，仅供练习。）", "zh"),
        (f"这是一份未签字的草稿：\n{BODY_ZH}", "zh"),
    ],
)
def test_a_draft_template_or_play_does_not_pay(answer: str, language: str) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN}\n\nExample: if it rises above 5.5, hold it.", "en"),
        (f"Summary:\n{BODY_EN}", "en"),
        (f"{BODY_EN}\n\nDr Lee, FY2", "en"),
        (f"{BODY_EN} Avoid NSAIDs (e.g. ibuprofen).", "en"),
        (f"**Answer** {BODY_EN}", "en"),
        (f"{BODY_EN}\n(Reviewed against the chart.)", "en"),
        (f"结论：{BODY_ZH}", "zh"),
        (f"{BODY_ZH}\n避免使用肾毒性药物，例如布洛芬。", "zh"),
        (f"【结论】{BODY_ZH}", "zh"),
    ],
)
def test_an_answer_with_a_label_or_example_inside_pays(
    answer: str, language: str
) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f'A reply could go along the lines of "{BODY_EN}" - a sample only.', "en"),
        (f"比如可以写成「{BODY_ZH}」之类，只是示范。", "zh"),
        (f"“{BODY_ZH}”——这只是个模板。", "zh"),
    ],
)
def test_a_quotation_offered_as_a_specimen_does_not_pay(
    answer: str, language: str
) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f'The patient said "I feel fine". {BODY_EN}', "en"),
        (f'{BODY_EN} Her words: "no pain, e.g. none at rest".', "en"),
        (f"患者说“没有不舒服”。{BODY_ZH}", "zh"),
    ],
)
def test_a_quotation_beside_the_answer_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- struck or withdrawn
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"[void] {BODY_EN}", "en"),
        (f"[Cancelled entry] {BODY_EN}\nNew note pending.", "en"),
        (f"1) {BODY_EN} <-- scratch this\n2) To be rewritten.", "en"),
        (f"- {BODY_EN} ⟵ retracted by author", "en"),
        (f"【作废】{BODY_ZH}", "zh"),
        (f"1、{BODY_ZH} ← 作废\n2、待补。", "zh"),
        (f"（已撤销）{BODY_ZH}", "zh"),
    ],
)
def test_a_struck_item_does_not_pay(answer: str, language: str) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"1. {BODY_EN} <- the key point\n2. Recheck in the morning.", "en"),
        (f"[Updated] {BODY_EN}", "en"),
        (f"[Final] {BODY_EN}", "en"),
        (f"1. {BODY_ZH} ← 重点\n2. 明早复查。", "zh"),
        (f"【更新】{BODY_ZH}", "zh"),
    ],
)
def test_a_marked_item_that_stands_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ---------------------------------------------------------------- nobody would say it
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN} Said no sane nephrologist, ever.", "en"),
        (f"{BODY_EN}\n\nNobody competent would put their name to that.", "en"),
        (f"{BODY_EN} No pharmacist would accept that.", "en"),
        (f"{BODY_ZH}这种话谁敢签？", "zh"),
        (f"{BODY_ZH}没有哪个药师会这样写。", "zh"),
    ],
)
def test_a_statement_nobody_would_say_does_not_pay(answer: str, language: str) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{BODY_EN} No need to hold it.", "en"),
        (f"{BODY_EN} Nobody needs to wake the registrar.", "en"),
        (f"{BODY_EN} No one needs to be called overnight.", "en"),
        (f"{BODY_ZH}没有必要停药。", "zh"),
        (f"{BODY_ZH}谁有疑问可以找我。", "zh"),
    ],
)
def test_a_closing_no_that_denies_nothing_pays(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer
