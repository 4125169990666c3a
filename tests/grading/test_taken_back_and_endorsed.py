"""What an answer takes back or endorses, seventh pass (issue #35): a retraction voids
what it retracts on every kind of turn (a report, a write confirmation, a decision), an
ordinary word bound to an abnormal analyte contradicts its flag (by name, abbreviation or
pronoun; "the rest is fine" binds nothing), and one reading of which side of a choice the
author endorses (a rejected alternative and a plan under a condition keep the decision; a
decision reversed or handed back for one subject, or called a toss-up, loses it). For each
reading a wrong answer fails and a right one passes, in English and Chinese. Probes
written for this file from the readings' principles; none is taken from an independent
set."""

from __future__ import annotations

import pytest
from grading_fixtures import graded, search_output
from test_whole_answer_voids import (
    HOLD,
    HOLD_EN,
    HOLD_ZH,
    NO_TRANSFUSION,
    NOTX_EN,
    NOTX_ZH,
)

from physassist_env.grading import frames
from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
    PatientFactCheck,
    RecommendCheck,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    Turn,
    ValueCheck,
    WriteCheck,
)


def _score(turn: Turn, answer: str, language: str, **ctx: object) -> float:
    grade = graded(turn, answer, language, **ctx)
    assert grade.score is not None
    return grade.score


def _turn(
    gold: Text,
    rubric: list[RubricItem],
    observations: list[str],
    actions: list[ToolCall],
    topic: str,
) -> Turn:
    request = Text(en="Please see to it.", zh="请处理一下。")
    return Turn(
        index=1,
        task_type=TaskType.CR,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=request,
        request_explicit=request,
        topic=topic,
        gold_actions=actions,
        gold_observations=observations,
        gold_answer=gold,
        rubric=rubric,
    )


FOLLOW_UP_CALL = ToolCall(
    name="ServiceRequest.create",
    arguments={"service_type": "primary care follow-up", "priority": "routine"},
)
#: A write turn: the rubric is the write itself, the answer confirms it.
FOLLOW_UP = _turn(
    Text(
        en="Done: a routine primary care follow-up was requested.",
        zh="已申请全科常规随访。",
    ),
    [
        RubricItem(
            id="t1-i0",
            criterion=Text(en="Requests the follow-up", zh="申请随访"),
            check=WriteCheck(
                tool="ServiceRequest.create",
                accepted={"service_type": ["follow-up", "follow up", "随访"]},
            ),
        ),
        RubricItem(
            id="t1-i1",
            criterion=Text(en="Routine", zh="常规"),
            check=WriteCheck(
                tool="ServiceRequest.create", accepted={"priority": ["routine"]}
            ),
        ),
    ],
    [],
    [FOLLOW_UP_CALL],
    "followup",
)
FOLLOW_EN = "Done: a routine primary care follow-up was requested."
FOLLOW_ZH = "已申请全科常规随访。"

INTERVIEW = ToolCall(name="symptom_history", arguments={})
#: A patient-report turn: what the patient said, revealed by the interview tool.
SYMPTOMS = _turn(
    Text(
        en='The patient reports: "I\'ve had a cough and a fever."',
        zh="患者自述：“我咳嗽，还发烧。”",
    ),
    [
        RubricItem(
            id="t1-i0",
            criterion=Text(en="Cough", zh="咳嗽"),
            check=PatientFactCheck(
                fact_ids=["sym:cough:presence"], terms=["cough", "咳嗽"]
            ),
        ),
        RubricItem(
            id="t1-i1",
            criterion=Text(en="Asks", zh="询问"),
            check=ToolUseCheck(tools=["symptom_history"]),
        ),
    ],
    ["symptom_history: I've had a cough. I've had a fever. (患者：我咳嗽，还发烧。)"],
    [INTERVIEW],
    "patient_symptoms",
)
SYMPTOMS_EN = 'The patient reports: "I\'ve had a cough and a fever."'
SYMPTOMS_ZH = "患者自述：“我咳嗽，还发烧。”"
REVEALED = {"patient_facts_revealed": {"sym:cough:presence"}}


# ---------------------------------------------------------------- 1. taken back, any turn
TAKEN_BACK = [
    (FOLLOW_UP, f"{FOLLOW_EN} Honestly, I'd go the other way on that.", "en"),
    (FOLLOW_UP, f"{FOLLOW_EN} Please disregard all of this.", "en"),
    (FOLLOW_UP, f"{FOLLOW_EN} Everything I said above should be ignored.", "en"),
    (FOLLOW_UP, f"{FOLLOW_ZH}以上内容请勿参考。", "zh"),
    (FOLLOW_UP, f"{FOLLOW_ZH}不过仔细想想，上面的我会反过来做。", "zh"),
    (
        SYMPTOMS,
        f"{SYMPTOMS_EN} None of this is reliable; I made these numbers up.",
        "en",
    ),
    (SYMPTOMS, f"{SYMPTOMS_EN} Sorry, that was about a different patient.", "en"),
    (SYMPTOMS, f"{SYMPTOMS_EN} These details are invented.", "en"),
    (SYMPTOMS, f"{SYMPTOMS_ZH}以上信息不可靠，是我编的。", "zh"),
    (SYMPTOMS, f"{SYMPTOMS_ZH}抱歉，那是另一个病人的情况。", "zh"),
    (HOLD, f"{HOLD_EN} I made it all up.", "en"),
    # a discourse marker and an intensifier carry no content ("on reflection", "exact")
    (
        HOLD,
        f"{HOLD_EN} Honestly, on reflection I'd do the exact opposite of all that.",
        "en",
    ),
    (HOLD, f"{HOLD_ZH}请当我什么都没说。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), TAKEN_BACK)
def test_a_retraction_voids_the_answer_on_every_kind_of_turn(turn, answer, language):
    assert _score(turn, answer, language, **REVEALED) < 0.75


KEPT = [
    (FOLLOW_UP, f"{FOLLOW_EN} Confirm the date with the patient.", "en"),
    (FOLLOW_UP, f"{FOLLOW_EN} Recheck the creatinine tomorrow.", "en"),
    (FOLLOW_UP, f"{FOLLOW_ZH}请与患者确认日期，明天复查。", "zh"),
    (SYMPTOMS, f"{SYMPTOMS_EN} I may have the onset wrong; confirm with her.", "en"),
    (SYMPTOMS, f"{SYMPTOMS_ZH}如有出入请再向患者核实。", "zh"),
    (SYMPTOMS, f"{SYMPTOMS_EN} I made up my mind to ask about the fever first.", "en"),
    # the last word counts: a retraction, then the report restated
    (SYMPTOMS, f"Scratch that. {SYMPTOMS_EN}", "en"),
    (HOLD, f"INR 4.5, high. Continue warfarin. Scratch that: {HOLD_EN}", "en"),
    (HOLD, f"{HOLD_EN} Ignore the older INR of 2.6.", "en"),
    (HOLD, f"{HOLD_ZH}有问题叫我。", "zh"),
    (HOLD, f"{HOLD_ZH}其余的不用理会。", "zh"),
    (HOLD, f"{HOLD_ZH}以上不对的地方请指正。", "zh"),
    (HOLD, f"{HOLD_ZH}这样处理错不了。", "zh"),
    (HOLD, f"{HOLD_EN} Let me know what you think.", "en"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), KEPT)
def test_a_caveat_or_a_restated_answer_is_not_taken_back(turn, answer, language):
    assert _score(turn, answer, language, **REVEALED) == 1.0


def test_taken_back_names_the_retraction_only_when_nothing_is_restated():
    assert frames.taken_back("Potassium 5.1. Scratch all of that.")
    assert frames.taken_back("血钾 5.1。以上数据是我编的。")
    assert not frames.taken_back("Potassium 5.1. Scratch that: potassium 5.3.")
    assert not frames.taken_back("Potassium 5.1. Scratch that, hold lisinopril.")
    assert not frames.taken_back("Potassium 5.1. The earlier draw was unreliable.")


# ---------------------------------------------------------------- 2. ordinary, bound
K = ["potassium", "血钾", "K", "K+", "钾"]
K_ROWS = search_output(
    "Observation", "2180-01-04 08:00 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]"
)
LISINOPRIL_ROWS = search_output(
    "MedicationRequest",
    "2180-01-01 09:00 | Lisinopril 10 mg PO DAILY | active (2180-01-01 to ongoing)",
)
K_HIGH = _turn(
    Text(
        en="Potassium is 5.9 mEq/L, high. Hold lisinopril and recheck it.",
        zh="血钾 5.9 mmol/L，偏高。暂停赖诺普利并复查。",
    ),
    [
        RubricItem(
            id="t1-i0",
            criterion=Text(en="K", zh="血钾"),
            check=ValueCheck(value=5.9, unit="mEq/L", decimals=1, about=K),
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
                actions=["hold", "stop", "withhold", "暂停", "停用"],
                targets=["lisinopril", "赖诺普利"],
            ),
            critical=True,
        ),
    ],
    [K_ROWS, LISINOPRIL_ROWS],
    [ToolCall(name="Observation.search", arguments={})],
    "drug_lab_safety",
)
K_EN = "Potassium is 5.9 mEq/L, high. Hold lisinopril and recheck it."
K_ZH = "血钾 5.9 mmol/L，偏高。暂停赖诺普利并复查。"

CALLED_ORDINARY = [
    f"{K_EN} Honestly the potassium's not a concern.",
    f"{K_EN} K's fine, really.",
    f"{K_EN} As for the potassium: no action needed.",
    f"{K_EN} The potassium is to be expected and needs no intervention.",
    "Potassium is 5.9 mEq/L, high. It's nothing to worry about. Hold lisinopril.",
    f"{K_ZH}血钾这个数不用太担心。",
    f"{K_ZH}钾不要紧。",
    f"{K_ZH}血钾属意料之中，不必处理。",
]


@pytest.mark.parametrize("answer", CALLED_ORDINARY)
def test_an_abnormal_value_called_ordinary_fails(answer):
    language = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in answer) else "en"
    assert _score(K_HIGH, answer, language) < 0.75


NOT_ABOUT_IT = [
    (f"{K_EN} Otherwise unremarkable.", "en"),
    (f"{K_EN} The rest of the panel is fine.", "en"),
    (f"{K_EN} Everything else is where it should be.", "en"),
    ("Potassium is 5.9 mEq/L, high, as expected with the lisinopril: hold it.", "en"),
    (f"{K_EN} High, but no action needed beyond a recheck.", "en"),
    (f"{K_ZH}其余指标没问题。", "zh"),
    (f"{K_ZH}其他无大碍。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), NOT_ABOUT_IT)
def test_an_ordinary_word_about_the_rest_is_no_claim_about_the_value(answer, language):
    assert _score(K_HIGH, answer, language) == 1.0


# ---------------------------------------------------------------- 3. the endorsed side
ENDORSED = [
    (K_HIGH, f"{K_EN} Rather than continuing lisinopril, hold it.", "en"),
    (K_HIGH, f"{K_EN} Instead of keeping lisinopril going, I'd hold it.", "en"),
    (K_HIGH, f"{K_EN} Continuing lisinopril isn't the right move here.", "en"),
    (K_HIGH, f"{K_EN} Keeping the lisinopril would not be wise.", "en"),
    (K_HIGH, f"{K_EN} Once the potassium is back to normal, restart lisinopril.", "en"),
    (K_HIGH, f"{K_EN} If things settle, continue it again later.", "en"),
    (K_HIGH, f"{K_ZH}与其继续赖诺普利，不如暂停。", "zh"),
    (K_HIGH, f"{K_ZH}暂停赖诺普利，而不是继续使用。", "zh"),
    (K_HIGH, f"{K_ZH}继续赖诺普利不是正确的做法。", "zh"),
    (K_HIGH, f"{K_ZH}若血钾恢复正常，再继续赖诺普利。", "zh"),
    (K_HIGH, f"{K_ZH}一旦指标恢复就继续赖诺普利。", "zh"),
    (K_HIGH, f"{K_ZH}复查正常时再继续赖诺普利。", "zh"),
    (K_HIGH, f"{K_ZH}可以考虑继续赖诺普利，但目前更稳妥的是暂停。", "zh"),
    (K_HIGH, f"{K_EN} Continue it only if the recheck is reassuring.", "en"),
    (K_HIGH, f"{K_EN} Better to hold lisinopril than to continue it.", "en"),
    (K_HIGH, f"{K_ZH}暂停赖诺普利比继续更稳妥。", "zh"),
    (HOLD, f"{HOLD_EN} If the INR drops below 3, resume warfarin.", "en"),
    (NO_TRANSFUSION, f"{NOTX_EN} If it falls under 7, transfuse.", "en"),
    (NO_TRANSFUSION, f"{NOTX_ZH}若降至 7 以下，再输血。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), ENDORSED)
def test_a_rejected_alternative_or_a_plan_keeps_the_decision(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


NOT_ENDORSED = [
    (K_HIGH, f"{K_EN} On reflection, I'd do the reverse for lisinopril.", "en"),
    (K_HIGH, f"{K_EN} Thinking again, flip that for the lisinopril.", "en"),
    (K_HIGH, f"{K_EN} I'd leave lisinopril to your judgement.", "en"),
    (K_HIGH, f"{K_EN} Whether to hold it is a toss-up.", "en"),
    (K_HIGH, f"{K_EN} Honestly it's a coin flip.", "en"),
    (K_HIGH, f"{K_ZH}不过赖诺普利这一条我会反过来。", "zh"),
    (K_HIGH, f"{K_ZH}赖诺普利您定。", "zh"),
    (K_HIGH, f"{K_ZH}赖诺普利停与不停两可。", "zh"),
    (K_HIGH, f"{K_ZH}赖诺普利可停可不停。", "zh"),
    (HOLD, f"{HOLD_EN} For warfarin, though, I'd go the opposite way.", "en"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), NOT_ENDORSED)
def test_a_decision_reversed_or_handed_back_for_its_subject_fails(
    turn, answer, language
):
    assert _score(turn, answer, language) < 0.75
