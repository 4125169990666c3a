"""Issue #35, sixteenth pass: opposite statements on one object anywhere in the answer,
in wordings of this file's own (not the validity sets'), EN and ZH, wrong and right:

* a record fact the answer states and also denies outright — a negation right before the
  fact and nothing after it to the sentence's end, whatever led up to it (a label, a
  consequence, a later plan item, a closing, another speaker's line, a JSON field, the
  other language) — is two statements on one object: the mention item is contradicted.
  Another fact denied, a quantifying "no" inside a clause ("he takes no warfarin"), a
  denial with more after it or a denial asked is none;
* an order the answer reports placing and also undoes, the order named by its service
  ("cancel the cardiology consult request"), is two decisions on one order; a speaker's
  "No —" before the undoing is an answer word, not the verb's negation;
* a con is not a rejection: a line headed "Against:" lists the case against, and a
  phrase set against what was said before ("I'd rate that even against X") is weighed,
  not rejected; 不过 ("but") and 差不多 ("about the same") negate nothing. A verdict
  ("Ruled out: X", "I'd steer clear of X", 已排除X) still rejects.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, verdict

from physassist_env.grading import claims as cl
from physassist_env.grading import frames as fr
from physassist_env.scenarios.model import MentionCheck

PE = MentionCheck(terms=["pulmonary embolism", "肺栓塞", "I269"])
WARFARIN = MentionCheck(terms=["warfarin", "华法林"])

# ----------------------------------------------------- a fact stated and denied outright
STATED_AND_DENIED = [
    "The principal diagnosis is pulmonary embolism (I269). So, final answer: not "
    "pulmonary embolism.",
    "Principal diagnosis: pulmonary embolism.\n\nTL;DR - not pulmonary embolism",
    "Coded: pulmonary embolism. On second thoughts it is not pulmonary embolism.",
    "Diagnosis: pulmonary embolism. Bottom line: no pulmonary embolism.",
    "Diagnosis: pulmonary embolism (I269).\n\nRegistrar: nope - not pulmonary embolism.",
    '{"coded": "pulmonary embolism", "revised": "not pulmonary embolism"}',
    "The coded diagnosis is pulmonary embolism. 总之 not pulmonary embolism.",
    "主要诊断为肺栓塞（I269）。复核后：并非肺栓塞。",
    "主要诊断：肺栓塞。\n一句话总结：不是肺栓塞",
    "诊断为肺栓塞。结论：无肺栓塞。",
    "1. 诊断肺栓塞。\n2. 改为：并非肺栓塞",
    "**不是肺栓塞**\n\n正文：编码诊断为肺栓塞（I269）。",
    "Not pulmonary embolism.\n\nFull note: the coded diagnosis is pulmonary embolism.",
    "甲：诊断肺栓塞。\n乙：并非肺栓塞\n你看着办。",
    "Coded as pulmonary embolism.\n- for: pulmonary embolism\n- or: not pulmonary "
    "embolism\nYour call.",
]


@pytest.mark.parametrize("answer", STATED_AND_DENIED)
def test_a_fact_stated_and_denied_outright_is_contradicted(answer: str) -> None:
    v = verdict(PE, answer)
    assert not v.met and v.contradicted, v.reason


STATED_NOT_DENIED = [
    "The principal diagnosis is pulmonary embolism; not pneumonia.",
    "The principal diagnosis is pulmonary embolism. Is it not pulmonary embolism? The "
    "CT angiogram says it is.",
    "Pulmonary embolism (I269) is coded, not pulmonary embolism alone but a DVT too.",
    "Principal diagnosis: pulmonary embolism. No other diagnosis is coded.",
    "主要诊断为肺栓塞，并非肺炎。",
    "主要诊断：肺栓塞（I269）。并非只有肺栓塞，还有深静脉血栓。",
]


@pytest.mark.parametrize("answer", STATED_NOT_DENIED)
def test_another_fact_denied_or_a_denial_with_more_leaves_it_met(answer: str) -> None:
    assert verdict(PE, answer).met


@pytest.mark.parametrize(
    "answer",
    [
        "Warfarin was stopped on 2134-03-31; no warfarin order is active now.",
        "Warfarin 2 mg daily is ordered. At home he takes no warfarin.",
        "华法林已于 2134-03-31 停用；目前没有华法林医嘱。",
    ],
)
def test_a_quantifying_no_inside_a_clause_denies_no_fact(answer: str) -> None:
    assert verdict(WARFARIN, answer).met


# ------------------------------------------------ an order placed and undone, named by service
UNDONE = [
    "Done: a cardiology consult was requested.\nFinal word: cancel the cardiology "
    "consult request.",
    "Done: a transthoracic echo was booked.\nPS: withdraw the transthoracic echo booking",
    "Done: a potassium level was ordered. The repeat potassium level order is not needed.",
    "已申请心内科会诊。\n主任：不——撤销该会诊。",
    "已预约超声心动图。\nSenior: no - scrap the echo (transthoracic) booking.",
]


@pytest.mark.parametrize("answer", UNDONE)
def test_an_order_placed_and_undone_is_two_decisions(answer: str) -> None:
    assert cl.summary_contradicts(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Done: a cardiology consult was requested. If the troponin is negative, cancel "
        "the cardiology consult request.",
        "Done: a cardiology consult was requested. Do not cancel the cardiology consult "
        "request.",
        "已申请心内科会诊。不要撤销该会诊。",
    ],
)
def test_an_undoing_planned_or_denied_is_none(answer: str) -> None:
    assert not cl.summary_contradicts(answer)


# ------------------------------------------------------- a con is not a rejection
RISK = MentionCheck(
    terms=["high bleeding risk", "出血风险高"],
    contradicts=["low bleeding risk", "出血风险低"],
)

WEIGHED_NOT_DECIDED = [
    "Case for: high bleeding risk.\nAgainst: low bleeding risk.\nUndecided.",
    "Arguments - for: high bleeding risk; against: low bleeding risk.",
    "High bleeding risk, though I'd rate that about even against low bleeding risk.",
    "High bleeding risk. 不过说实话，low bleeding risk.",
    "出血风险高。不过我觉得出血风险低。",
    "出血风险高。不过这和出血风险低的可能性差不多。",
    # an option offered beside the answer's own, then handed back
    "High bleeding risk on the score as computed from the chart today.\nOr low bleeding "
    "risk. Your pick.",
    "出血风险高，依据如上所述的评分结果。\n或者出血风险低。你们定。",
    # another speaker's "no" cut off by a dash, then the opposite said and accepted
    "Me: high bleeding risk.\nConsultant: no - low bleeding risk.\nMe: fine, agreed.",
    "我：出血风险高。\n上级：不——出血风险低。\n我：好的，照办。",
]


@pytest.mark.parametrize("answer", WEIGHED_NOT_DECIDED)
def test_a_con_or_a_comparison_is_no_rejection(answer: str) -> None:
    v = verdict(RISK, answer)
    assert not v.met, v.reason


REJECTED_RIGHT = [
    "High bleeding risk. I have ruled out low bleeding risk.",
    "High bleeding risk. Ruled out: low bleeding risk.",
    "High bleeding risk; I'd steer clear of low bleeding risk.",
    "出血风险高。已排除出血风险低。",
]


@pytest.mark.parametrize("answer", REJECTED_RIGHT)
def test_a_verdict_still_rejects_the_opposite(answer: str) -> None:
    assert verdict(RISK, answer).met


def test_a_side_heading_and_a_verdict_heading() -> None:
    assert not cl.rejected_alone("Against: low risk.", 9, 17)
    assert cl.rejected_alone("Excluded: low risk.", 10, 18)


# ---------------------------------------------- the turn's own write undone in any half
CREATED = ["Created: 2150-01-02 | cardiology consult | active | routine"]


@pytest.mark.parametrize(
    "answer",
    [
        "已申请心内科会诊。\n\nIn English: cancel the cardiology consult request.",
        "Consult placed.\nAttending: no - withdraw the cardiology referral.",
        "已申请心内科会诊。\n\n(Net: call off the cardiology consult.)",
    ],
)
def test_an_undoing_of_the_turns_own_write_is_two_decisions(answer: str) -> None:
    assert cl.summary_contradicts(answer, CREATED)


@pytest.mark.parametrize(
    "answer",
    [
        "已申请心内科会诊。\n\nIn English: cancel the old dietetics referral.",
        "Consult placed. If the echo is normal, cancel the cardiology consult.",
        "Consult placed. No need to cancel the cardiology consult.",
    ],
)
def test_another_order_or_a_planned_undoing_is_none(answer: str) -> None:
    assert not cl.summary_contradicts(answer, CREATED)


# --------------------------------------- a quotation rejected once, in the author's words
@pytest.mark.parametrize(
    "text",
    [
        'WBC 9.7, falling. "The white count keeps climbing" is not borne out by the chart.',
        "血钾 4.2，正常。“血钾明显异常”这种讲法站不住。",
        'Potassium 4.2, normal. "Potassium clearly abnormal" - not what the record shows.',
    ],
)
def test_a_quotation_its_sentence_rejects_once_is_set_aside(text: str) -> None:
    assert fr._quotes_rejected(text)


@pytest.mark.parametrize(
    "text",
    [
        'The patient says: "I stopped the pills at home."',
        "患者自述：“我没吃药。”",
        'Is "potassium clearly abnormal" not the answer here?',
    ],
)
def test_a_reported_quote_or_a_question_is_not_rejected(text: str) -> None:
    assert not fr._quotes_rejected(text)


# ------------------------------------------------ the record itself is no history item
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Situation: handover.\nBackground: chart reviewed.\nAssessment: values as shown.",
            "en",
        ),
        ("S: query.\nB: records and notes reviewed.\nA: values as shown.", "en"),
        ("现状：交班。\n背景：已查阅病历。\n评估：数值如上。", "zh"),
        ("背景：已核对记录。\n评估：数值如上。", "zh"),
    ],
)
def test_a_background_that_names_the_record_adds_no_history(
    answer: str, language: str
) -> None:
    assert "record" not in added(answer, [], language=language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Background: chart reviewed; history of gout.\nAssessment: values as shown.",
            "en",
        ),
        ("背景：痛风。\n评估：数值如上。", "zh"),
    ],
)
def test_a_background_that_names_a_condition_still_adds_it(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, [], language=language)
