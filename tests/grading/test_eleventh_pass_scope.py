"""The grader's eleventh pass (issue #35): whose world, time and voice the answer is said in.

* Scope is this patient, now: an answer that places what it says in another patient's
  chart, an earlier admission, an unreal world or a chart it did not open is unpaid;
  history named beside a statement, and a later statement scoped to now, are not.
* A list item that a later item withdraws is not asserted; a denial that opens the answer
  with a colon denies what follows.
* A rejected option rejects only itself: "reduce the dose; I would not stop it" is no
  hedge, while rejecting the wanted decision itself still opposes it.

Each wrong shape fails and each right shape passes, in English and Chinese. The wordings
are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, met, passes

from physassist_env.grading import frames as fr
from physassist_env.scenarios.model import RecommendCheck

GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"


def _passes(answer: str, language: str) -> bool:
    return passes(CONTINUE_TURN, answer, language)


# ---------------------------------------------------------------- scope
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # another patient
        (f"Re the lady in room 4B, not this one: {GOLD_EN}", "en"),
        (f"{GOLD_EN} Oops, those were the numbers of someone else on my list.", "en"),
        (f"{GOLD_EN} Apologies, wrong patient entirely.", "en"),
        (f"隔壁床的情况：{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH}这些是别的病人的，我拿错病历了。", "zh"),
        # another time
        (f"From her prior hospitalization: {GOLD_EN}", "en"),
        (f"{GOLD_EN} That was all true years ago; it is out of date.", "en"),
        (f"前一次入院时：{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH}这是前年的结果，已经不再适用。", "zh"),
        # an unreal world, or no look at the chart
        (f"Hypothetically speaking: {GOLD_EN}", "en"),
        (f"{GOLD_EN} To be honest I never opened the chart.", "en"),
        (f"假设一切正常：{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH}其实我还没查看。", "zh"),
    ],
)
def test_an_answer_scoped_away_from_this_patient_now_is_unpaid(
    answer: str, language: str
) -> None:
    assert not _passes(answer, language), answer


@pytest.mark.parametrize(
    "answer",
    [
        # history beside a statement is history, not scope
        f"{GOLD_EN} On the previous admission the potassium was 4.1 mEq/L.",
        f"{GOLD_ZH}上次住院时血钾 4.1 mEq/L。",
        # a past scope, then a statement scoped to now
        f"Last admission: potassium 4.1 mEq/L.\nNow: {GOLD_EN}",
        f"上次住院：血钾 4.1 mEq/L。\n目前：{GOLD_ZH}",
        # a hypothetical plan beside the answer's own decision
        f"{GOLD_EN} If the potassium were to climb above 5.5, hold it.",
        f"{GOLD_ZH}如果血钾升到 5.5 以上，再暂停。",
    ],
)
def test_history_and_plans_beside_the_answer_are_no_change_of_scope(
    answer: str,
) -> None:
    assert not fr.out_of_scope(answer), answer


def test_scope_words_beside_a_clinical_statement_are_read_as_history() -> None:
    assert not fr.out_of_scope("Potassium 3.6 mEq/L (it was 4.1 last year).")
    assert fr.out_of_scope("Potassium 3.6 mEq/L. All of that is from last year.")


# ---------------------------------------------------------------- withdrawn items
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"1) {GOLD_EN}\n2) Please disregard point 1.", "en"),
        (f"* {GOLD_EN}\n* The previous bullet is void.", "en"),
        (f"第1条：{GOLD_ZH}\n第2条：第1条作废。", "zh"),
        (f"1、{GOLD_ZH}\n2、上面那条删掉。", "zh"),
        # a denial opening the answer with a colon
        (f"It's not true that: {GOLD_EN}", "en"),
    ],
)
def test_a_withdrawn_item_or_a_denied_preface_is_unpaid(
    answer: str, language: str
) -> None:
    assert not _passes(answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"1) {GOLD_EN}\n2) Recheck the potassium in 3 days.", "en"),
        (f"1、{GOLD_ZH}\n2、3 天后复查血钾。", "zh"),
    ],
)
def test_a_list_without_withdrawal_is_read_whole(answer: str, language: str) -> None:
    assert _passes(answer, language), answer


# ---------------------------------------------------------------- rejected options
REDUCE = RecommendCheck(actions=["reduce", "减量"], targets=["vancomycin", "万古霉素"])


@pytest.mark.parametrize(
    "answer",
    [
        "Vancomycin should be dose-reduced. I would not stop it altogether.",
        "Reduce the vancomycin dose; stopping it would be a mistake.",
        "Reduce the vancomycin dose. I thought about switching to linezolid and would "
        "not go that way.",
        "万古霉素减量。考虑过换成利奈唑胺，不推荐。",
    ],
)
def test_rejecting_another_option_is_no_hedge(answer: str) -> None:
    assert met(REDUCE, answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Vancomycin should be dose-reduced. On second thought, do not reduce it.",
        "万古霉素减量。不过我不建议减量。",
    ],
)
def test_rejecting_the_wanted_decision_still_opposes_it(answer: str) -> None:
    assert not met(REDUCE, answer), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            f"{GOLD_EN} We considered another route (holding it) and would not take it.",
            "en",
        ),
    ],
)
def test_the_gold_with_its_opposite_rejected_passes(answer: str, language: str) -> None:
    assert _passes(answer, language), answer


# ---------------------------------------------------------------- the author's voice
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # another's words, then the author judging them wrong
        (
            f"A colleague's note reads: {GOLD_EN}\nFrankly, I think that is incorrect.",
            "en",
        ),
        # mocked through an absent speaker
        (f"Sure: {GOLD_EN} ...thought no one who knows her.", "en"),
        # a visible non-answer beside the gold set apart
        (f"I'm not able to answer this one.\n\n```\n{GOLD_EN}\n```", "en"),
        (f"暂无结论。\n\n（附注：{GOLD_ZH}）", "zh"),
        (f"病历中没有足够的信息。\n\n{GOLD_ZH}", "zh"),
        # said to the physician who asked
        (f"{GOLD_ZH}请咨询专业医生。", "zh"),
    ],
)
def test_the_author_not_answering_in_its_own_voice_is_unpaid(
    answer: str, language: str
) -> None:
    assert not _passes(answer, language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # "see a doctor" or "pretending" said of the patient is advice or a report
        (f"{GOLD_EN} Ask him to see his doctor if he feels palpitations.", "en"),
        (f"{GOLD_ZH}嘱患者如有心悸请咨询专业医生。", "zh"),
        # the author rejecting another's view after its own answer keeps the answer
        (f"{GOLD_EN} Someone suggested holding it; I think that is wrong.", "en"),
    ],
)
def test_advice_to_the_patient_and_a_rejected_other_view_keep_the_answer(
    answer: str, language: str
) -> None:
    assert _passes(answer, language), answer


def test_pretending_said_of_the_patient_declines_nothing() -> None:
    # (the report itself is read elsewhere: nobody in this record said it)
    assert not fr.declines_to_advise(f"{GOLD_EN} He was pretending to take it.")
    assert fr.declines_to_advise(f"Pretending to be the attending: {GOLD_EN}")


def test_a_content_free_caveat_after_the_answer_disowns_nothing() -> None:
    # "Nothing else stands out" closes on no judgement of wrong (set J's caveat shape)
    assert not fr.closing_disowned(
        f"{GOLD_EN} Nothing else of note; daily labs are fine."
    )
    assert fr.closing_disowned(f"A colleague wrote: {GOLD_EN}\nI'd say that is wrong.")
