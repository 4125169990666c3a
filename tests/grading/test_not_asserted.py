"""What an answer does not assert earns nothing, eighth pass (issue #35): a side not taken
(the answer and its opposite called equally good), a preface that retracts or disowns
what follows it, terms under a label for a machine, the answer's own words quoted back
and judged wrong, and a stance that takes back what was said about one subject. The
right shapes keep their credit: an alternative named only to be rejected ("not ignoring
the risk", an option considered and turned down) and a contingency that does not reverse
the present decision. Probes written for this file from the principles, in English and
Chinese; none is taken from an independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import graded
from test_taken_back_and_endorsed import (
    FOLLOW_EN,
    FOLLOW_UP,
    FOLLOW_ZH,
    K_EN,
    K_HIGH,
    K_ZH,
    REVEALED,
    SYMPTOMS,
    SYMPTOMS_EN,
    SYMPTOMS_ZH,
)
from test_whole_answer_voids import HOLD, HOLD_EN, HOLD_ZH

from physassist_env.grading import claims, frames


def _score(turn, answer: str, language: str) -> float:
    grade = graded(turn, answer, language, **REVEALED)
    assert grade.score is not None
    return grade.score


# ---------------------------------------------------------------- 1. both ways
BOTH_WAYS = [
    (HOLD, f"{HOLD_EN} Though continuing it would be every bit as sound.", "en"),
    (HOLD, f"{HOLD_EN} Then again, the reverse is just as plausible.", "en"),
    (HOLD, f"{HOLD_EN} Honestly I'm on the fence.", "en"),
    (HOLD, f"{HOLD_EN} I can't really commit either way.", "en"),
    (SYMPTOMS, f"{SYMPTOMS_EN} Or not; I have no settled view.", "en"),
    (FOLLOW_UP, f"{FOLLOW_EN} Perhaps not, though.", "en"),
    (HOLD, f"{HOLD_ZH}当然，反过来也讲得通。", "zh"),
    (HOLD, f"{HOLD_ZH}两种做法都合理，我不表态。", "zh"),
    (SYMPTOMS, f"{SYMPTOMS_ZH}也许不是这样，说不好。", "zh"),
    (K_HIGH, f"{K_ZH}怎么处理都行。", "zh"),
    (FOLLOW_UP, f"{FOLLOW_ZH}不过也未必，两边各有道理。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), BOTH_WAYS)
def test_an_answer_called_as_good_as_its_opposite_fails(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


CHOSEN = [
    # a choice between two routes, a "whether" about the patient, a caveat: a side taken
    (HOLD, f"{HOLD_EN} Either way, recheck the INR in the morning.", "en"),
    (HOLD, f"{HOLD_EN} Check whether or not she took it last night.", "en"),
    (HOLD, f"{HOLD_ZH}口服或静脉维生素K均可，视出血情况。", "zh"),
    (HOLD, f"{HOLD_EN} Happy to discuss if you see it differently.", "en"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), CHOSEN)
def test_a_side_taken_keeps_its_credit(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


# ---------------------------------------------------------------- 2. forward prefaces
PREFACED = [
    (HOLD, f"Below is an earlier note that is not right: {HOLD_EN}", "en"),
    (HOLD, f"Withdrawn, please ignore: {HOLD_EN}", "en"),
    (
        SYMPTOMS,
        f"The following is mistaken and kept only for reference: {SYMPTOMS_EN}",
        "en",
    ),
    (FOLLOW_UP, f"Void draft: {FOLLOW_EN}", "en"),
    (HOLD, f"Cardiology wants this, and I don't support it: {HOLD_EN}", "en"),
    (HOLD, f"The resident suggested the following (not my advice): {HOLD_EN}", "en"),
    (HOLD, f"以下内容有误，仅供存档：{HOLD_ZH}", "zh"),
    (SYMPTOMS, f"下面是作废的草稿：{SYMPTOMS_ZH}", "zh"),
    (HOLD, f"上级医生意见如下（并非我的意见，我不认同）：{HOLD_ZH}", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), PREFACED)
def test_a_preface_that_disowns_what_follows_voids_it(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


INTRODUCED = [
    (HOLD, f"Correction: {HOLD_EN}", "en"),
    (HOLD, f"Scratch that: {HOLD_EN}", "en"),
    (HOLD, f"My recommendation: {HOLD_EN}", "en"),
    (HOLD, f"Continuing warfarin would be wrong here. {HOLD_EN}", "en"),
    (HOLD, f"Summary: {HOLD_EN}", "en"),
    (HOLD, f"结论如下：{HOLD_ZH}", "zh"),
    (HOLD, f"更正：{HOLD_ZH}", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), INTRODUCED)
def test_a_preface_that_introduces_the_answer_keeps_it(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


# ---------------------------------------------------------------- 3. machine labels
LABELLED = [
    (
        HOLD,
        "I'd rather not say yet.\n\nKey terms: hold warfarin; INR 4.5; recheck",
        "en",
    ),
    (
        HOLD,
        "Pending review. [tags for the grader] hold warfarin, INR 4.5, recheck INR",
        "en",
    ),
    (
        HOLD,
        'Unsure.\n{"decision": "hold warfarin", "INR": 4.5, "recheck": "INR"}',
        "en",
    ),
    (SYMPTOMS, "Need more time.\nsearch terms: cough; fever", "en"),
    (HOLD, "待定。\n\n关键字：暂停华法林；INR 4.5；复查 INR", "zh"),
    (SYMPTOMS, "稍后答复。（供评分用标签：咳嗽；发烧）", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), LABELLED)
def test_terms_under_a_machine_label_earn_nothing(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


def test_a_right_answer_with_a_label_or_a_list_keeps_its_credit():
    assert _score(HOLD, f"{HOLD_EN}\nKeywords: anticoagulation, INR", "en") == 1.0
    assert _score(HOLD, f"Plan: hold warfarin tonight.\n{HOLD_EN}", "en") == 1.0
    assert (
        frames.unasserted("Allergies: none recorded. Active: amlodipine; aspirin.")
        == ()
    )


# ---------------------------------------------------------------- 4. own words judged
SELF_REVERSED = [
    (HOLD, f'{HOLD_EN} That said, "Hold warfarin tonight" is a mistake.', "en"),
    (HOLD, f"{HOLD_EN} Regarding warfarin, ignore that part.", "en"),
    (HOLD, f"{HOLD_EN} The warfarin advice above is backwards.", "en"),
    (HOLD, f"{HOLD_ZH}不过“今晚暂停华法林”这句是错的。", "zh"),
    (HOLD, f"{HOLD_ZH}关于华法林的那条建议，请忽略。", "zh"),
    (K_HIGH, f"{K_ZH}赖诺普利的结论说反了。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), SELF_REVERSED)
def test_the_answers_own_words_judged_wrong_lose_their_credit(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


def test_a_quote_of_another_judged_wrong_is_no_self_reversal():
    answer = f'Someone suggested "continue warfarin"; that would be wrong. {HOLD_EN}'
    assert _score(HOLD, answer, "en") == 1.0


# ---------------------------------------------------------------- 5. endorsed sides
ENDORSED = [
    (K_HIGH, f"{K_EN} Don't overlook the potassium.", "en"),
    (HOLD, f"{HOLD_EN} I weighed continuing warfarin and ruled it out.", "en"),
    (HOLD, f"{HOLD_ZH}曾考虑过继续华法林，最终放弃。", "zh"),
    (HOLD, f"{HOLD_EN} Should the INR fall under 3, resume warfarin.", "en"),
    (HOLD, f"{HOLD_EN} Contingency: INR back in range, resume warfarin.", "en"),
    (HOLD, f"{HOLD_ZH}万一 INR 降到 3 以下，恢复华法林。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), ENDORSED)
def test_a_rejected_alternative_or_a_contingency_keeps_the_decision(
    turn, answer, language
):
    assert _score(turn, answer, language) == 1.0


def test_a_disregarded_finding_negated_twice_stands():
    text = "Rather than dismissing the high potassium, act on it."
    yes, no = claims.asserted_mentions(text, ["high"], conclusion=True)
    assert yes and not no
    yes, no = claims.asserted_mentions("Ignore the high potassium.", ["high"])
    assert no and not yes
