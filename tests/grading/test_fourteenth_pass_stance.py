"""Issue #35, fourteenth pass: the answer's OWN stance on what it says pays, read by shape.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings of this file's own (not the validity sets'):

* odds at even or worse: a unit that names nothing but a probability (a number with a
  word of chance: "20 percent", "3 out of 10", "50/50", 两成把握, 百分之二十) put on the
  answer, before it (a preface) or after it (a closing), leaves the answer unasserted;
  "90% sure", 八成把握 and a clinical probability ("the chance of hyperkalaemia") do not;
* a closing that negates the author's or the text's own standing (its subject the author
  or the text, a negation, nothing about the patient: "I don't stand behind the above",
  以上并非本人意见) takes the answer back; a negated fault ("no doubt about the above",
  以上无误), an offer ("don't hesitate to page me"), a statement about the patient ("It is
  not urgent", 这不是急事) and a rejected quotation do not;
* a line in the other language that states nothing of the patient is a line about the
  answer, not a second answer: a confirmation passes, a retraction still takes it back.
"""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, passes

from physassist_env.grading import frames as fr

EN = "Potassium is 3.6 mEq/L, normal. It is safe to continue lisinopril."
ZH = "血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。"


def _fill(template: str) -> tuple[str, str]:
    language = "zh" if "{zh}" in template else "en"
    return template.format(en=EN, zh=ZH), language


def test_the_gold_passes() -> None:
    assert passes(CONTINUE_TURN, EN, "en")
    assert passes(CONTINUE_TURN, ZH, "zh")


# ---------------------------------------------------------------- odds at even or worse
ODDS_WRONG = [
    "{en} (I'd put the odds of this at maybe 20 percent.)",
    "Roughly a one in five chance of being right: {en}",
    "{en} Probability that this is right: about 10%.",
    "{en} My confidence in the above: 3 out of 10.",
    "{en} Odds I'm right: 1 in 4.",
    "Less than a 30% chance, but here goes: {en}",
    "{en} Honestly, 50/50 odds on that.",
    "{zh}（这个结论我只有两成把握。）",
    "可能性大概百分之二十：{zh}",
    "{zh}这个判断成立的概率约10%。",
    "{zh}说实话，这个我只有三成把握。",
    "{zh}胜算不过一成。",
    "把握五五开：{zh}",
]
ODDS_RIGHT = [
    "I'm 90% sure: {en}",
    "{en} (Confidence: about 95%.)",
    "{en} Over 80% likely.",
    "{zh}把握九成以上。",
    "{zh}我有八成把握。",
    "有九成把握：{zh}",
]


@pytest.mark.parametrize("template", ODDS_WRONG)
def test_odds_at_even_or_worse_take_the_answer_back(template: str) -> None:
    answer, language = _fill(template)
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize("template", ODDS_RIGHT)
def test_odds_above_even_or_clinical_leave_it(template: str) -> None:
    answer, language = _fill(template)
    assert passes(CONTINUE_TURN, answer, language), answer


def test_odds_against_reads_the_number() -> None:
    assert fr.odds_against("a one in five chance") is not None
    assert fr.odds_against("可能性十中有一") is not None
    assert fr.odds_against("over 40% likely") is None  # a lower bound
    assert fr.odds_against("95% sure") is None
    assert fr.odds_against("a 10% bleeding risk") is None  # no word of chance
    assert fr.odds_against("10% chance of bleeding") is None  # a clinical name


# ---------------------------------------------------------------- the author's negated voice
NEGATED_WRONG = [
    "{en}\n\nI do not stand behind any of the above.",
    "{en} Please don't go by the above.",
    "{en} I won't put my name to this answer.",
    "{en} -- the above was not written by me.",
    "{en}\n\nNone of this note has my approval.",
    "{zh}\n\n以上内容我并不认可。",
    "{zh}（上面这些本人不负责。）",
    "{zh}以上并非本人意见。",
    "{zh}——上述回答我没有核实过，别当真。",
    "{zh}\n\n说明：前面写的我自己也不信。",
    # a bracketed aside after the answer: its pronoun can only be the answer
    "{en}\n\n(Typed from memory; this has not been checked against anything.)",
    "{en} (Rough notes only - it should not be relied on.)",
    "{zh}\n\n（凭印象写的，这并未核对。）",
    # the text named in one clause, the negation in the next
    "{en}\n\nSorry, the above went to the wrong thread, please don't go by it.",
    "{zh}\n\n另外，上面那几句发错了群，请不要照着来。",
]
NEGATED_RIGHT = [
    "{en} No doubt about the above.",
    "{en} I have nothing else to add.",
    "{en} I don't see any problem with this plan.",
    "{en} Don't hesitate to page me.",
    "{en} It is not urgent.",
    "{zh}\n\n以上结论无误。",
    "{zh}（以上我已复核，没有问题。）",
    "{zh}如有疑问请随时联系我。",
    "{zh}这不是急事。",
    "{zh}以上没有需要补充的。",
    "{en} (It was not repeated overnight.)",
    "{zh}（这次未复查。）",
]


@pytest.mark.parametrize("template", NEGATED_WRONG)
def test_a_closing_negating_the_authors_standing_takes_it_back(template: str) -> None:
    answer, language = _fill(template)
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize("template", NEGATED_RIGHT)
def test_a_negated_fault_an_offer_or_a_patient_statement_leave_it(
    template: str,
) -> None:
    answer, language = _fill(template)
    assert passes(CONTINUE_TURN, answer, language), answer


def test_a_quoted_option_rejected_is_the_closings_object() -> None:
    answer = (
        "血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。明确一下，不能说我的判断是“停药”。"
    )
    assert fr.closing_disowned(answer) == ""


def test_a_patients_quoted_words_are_not_the_authors_closing() -> None:
    answer = "二甲双胍 500 mg 每日两次。患者说：“药我自己停了，因为我觉得不吃也没事。”"
    assert fr.closing_disowned(answer) == ""


# ---------------------------------------------------------------- the other language's line
OTHER_LANGUAGE_RIGHT = [
    "{en}\n\n（已核对，以上无误。）",
    "{en}\n\n中文说明：我同意上述处理。",
    "{en}\n\n——本人确认以上内容。",
    "{zh}\n\nVerified, I agree with the above.",
    "{zh}\n\nAgreed, as written above.",
    "{zh}\n\n-- reviewed and confirmed by me.",
]
OTHER_LANGUAGE_WRONG = [
    "{en}\n\n（以上内容全部作废。）",
    "{en}\n\n更正：上面这段是错的。",
    "{zh}\n\nPlease disregard everything above.",
    "{zh}\n\nCorrection: all of the above is wrong.",
]


@pytest.mark.parametrize("template", OTHER_LANGUAGE_RIGHT)
def test_an_other_language_confirmation_is_no_second_answer(template: str) -> None:
    answer, language = _fill(template)
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize("template", OTHER_LANGUAGE_WRONG)
def test_an_other_language_retraction_still_takes_it_back(template: str) -> None:
    answer, language = _fill(template)
    assert not passes(CONTINUE_TURN, answer, language), answer


def test_an_other_language_half_that_states_something_is_still_read() -> None:
    # the other half states the opposite decision: still a second answer, still wrong
    answer = EN + "\n\n血钾 3.6 mEq/L，正常。停用赖诺普利。"
    assert not passes(CONTINUE_TURN, answer, "en")


# ---------------------------------------------------------------- a later item cancels
NUMBERED_WRONG = [
    "Plan:\n i. {en}\n ii. On second thought, void everything in item i.",
    "a) {en}\nb) Point a) is off - none of it holds.",
    "1) {en}\n2) Recheck tomorrow.\n3) Throw out step 1 entirely.",
    "1）{zh}\n2）明天复查。\n3）第1条全部撤回。",
    "一、{zh}\n二、第一点作废，不算数。",
    "（一）{zh}\n（二）上面第一条删掉。",
]
NUMBERED_RIGHT = [
    "Plan:\n i. {en}\n ii. Recheck the potassium tomorrow.",
    "1) {en}\n2) Item 1 stands as written.",
    "1）{zh}\n2）明天复查血钾。",
    "一、{zh}\n二、第一点维持不变。",
]


@pytest.mark.parametrize("template", NUMBERED_WRONG)
def test_a_later_item_voiding_an_earlier_one_takes_it_back(template: str) -> None:
    answer, language = _fill(template)
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize("template", NUMBERED_RIGHT)
def test_a_later_item_that_keeps_or_adds_leaves_it(template: str) -> None:
    answer, language = _fill(template)
    assert passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    ("closing", "disowns"),
    [
        ("The text above: not urgent, but do it today.", False),
        ("以上内容不急，但今天要做。", False),
        ("I wouldn't bet on it, but that's only my guess.", True),
        ("I do not stand by this answer, though.", True),
    ],
)
def test_a_concession_that_acts_is_no_disowning(closing: str, disowns: bool) -> None:
    """A negated clause conceded by "but / 但" and followed by an act stands; followed by
    the author or nothing, it still disowns (lead review, fourteenth pass)."""
    from physassist_env.grading.frames import author_negates

    assert bool(author_negates(closing)) is disowns
