"""The answer read as a whole, fifth pass (issue #35): a decision voided by a later
sentence that names nothing, a decision put in someone else's mouth and rejected, an
abnormal value called ordinary in other words, a right value on the wrong date, a history
item said in passing, and a decision handed back. For each class a wrong answer fails and
a right one said differently passes, in English and Chinese. Probes written for this file
from the classes' principles, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import added, graded, search_output

from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    Turn,
    ValueCheck,
)

INR = ["INR", "国际标准化比值"]
HB = ["hemoglobin", "血红蛋白", "Hgb", "Hb", "haemoglobin"]
INR_ROWS = search_output(
    "Observation",
    "2180-01-04 08:00 | INR(PT) = 4.5 (H) [ref 0.9-1.1]",
    "2180-01-02 08:00 | INR(PT) = 2.6 (H) [ref 0.9-1.1]",
)
WARFARIN_ROWS = search_output(
    "MedicationRequest",
    "2180-01-01 21:00 | Warfarin 5 mg PO DAILY | active (2180-01-01 to ongoing)",
)
HB_ROWS = search_output(
    "Observation",
    "2180-01-04 08:00 | Hemoglobin = 8.1 g/dL (L) [ref 12.0-16.0]",
    "2180-01-02 08:00 | Hemoglobin = 8.4 g/dL (L) [ref 12.0-16.0]",
)


def _turn(gold: Text, rubric: list[RubricItem], observations: list[str]) -> Turn:
    request = Text(en="What do you think?", zh="你怎么看？")
    return Turn(
        index=1,
        task_type=TaskType.CR,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=request,
        request_explicit=request,
        topic="drug_lab_safety",
        gold_actions=[ToolCall(name="Observation.search", arguments={})],
        gold_observations=observations,
        gold_answer=gold,
        rubric=rubric,
    )


HOLD = _turn(
    Text(
        en="INR is 4.5, high. Hold warfarin tonight and recheck the INR tomorrow.",
        zh="INR 4.5，偏高。今晚暂停华法林，明天复查 INR。",
    ),
    [
        RubricItem(
            id="t1-i0",
            criterion=Text(en="INR", zh="INR"),
            check=ValueCheck(value=4.5, decimals=1, about=INR),
        ),
        RubricItem(
            id="t1-i1",
            criterion=Text(en="High", zh="偏高"),
            check=FlagCheck(direction="high", about=INR),
        ),
        RubricItem(
            id="t1-i2",
            criterion=Text(en="Holds warfarin", zh="暂停华法林"),
            check=RecommendCheck(
                actions=["hold", "stop", "withhold", "暂停", "停用", "停药"],
                targets=["warfarin", "华法林", "Warfarin"],
            ),
            critical=True,
        ),
        RubricItem(
            id="t1-i3",
            criterion=Text(en="Not continued", zh="不继续"),
            check=NegativeCheck(
                actions=["continue", "keep", "继续"], targets=["warfarin", "华法林"]
            ),
            points=-2.0,
        ),
    ],
    [INR_ROWS, WARFARIN_ROWS],
)

NO_TRANSFUSION = _turn(
    Text(
        en="Hemoglobin is 8.1 g/dL; no transfusion is indicated. Monitor the hemoglobin.",
        zh="血红蛋白 8.1 g/dL，无需输血。监测血红蛋白。",
    ),
    [
        RubricItem(
            id="t1-i0",
            criterion=Text(en="Hb", zh="血红蛋白"),
            check=ValueCheck(value=8.1, unit="g/dL", decimals=1, about=HB),
            critical=True,
        ),
        RubricItem(
            id="t1-i1",
            criterion=Text(en="No transfusion", zh="无需输血"),
            check=MentionCheck(
                terms=[
                    "no transfusion",
                    "transfusion is not indicated",
                    "not indicated",
                    "does not need a transfusion",
                    "无需输血",
                    "不需要输血",
                    "暂不输血",
                    "无输血指征",
                ],
                contradicts=[
                    "transfuse",
                    "transfusion is indicated",
                    "needs a transfusion",
                    "需要输血",
                    "建议输血",
                    "有输血指征",
                    "输注",
                ],
            ),
            critical=True,
        ),
    ],
    [HB_ROWS],
)

HOLD_EN = "INR is 4.5, high. Hold warfarin tonight and recheck the INR tomorrow."
HOLD_ZH = "INR 4.5，偏高。今晚暂停华法林，明天复查 INR。"
NOTX_EN = "Hemoglobin is 8.1 g/dL; no transfusion is indicated."
NOTX_ZH = "血红蛋白 8.1 g/dL，无需输血。"


def _score(turn: Turn, answer: str, language: str) -> float:
    grade = graded(turn, answer, language)
    assert grade.score is not None
    return grade.score


# ---------------------------------------------------------------- 1. taken back as a whole
VOIDED = [
    (HOLD, f"{HOLD_EN} Having said that, the opposite call is probably right.", "en"),
    (HOLD, f"{HOLD_EN} Scratch all that.", "en"),
    (HOLD, f"{HOLD_EN} Actually, I'd go the other way.", "en"),
    (HOLD, f"{HOLD_EN} On reflection, disregard the above.", "en"),
    (HOLD, f"{HOLD_EN} Forget what I just said.", "en"),
    (HOLD, f"{HOLD_EN} I take that back; the reverse is the safer plan.", "en"),
    (NOTX_TURN := NO_TRANSFUSION, f"{NOTX_EN} Then again, I'd do the opposite.", "en"),
    (NO_TRANSFUSION, f"{NOTX_EN} Ignore my recommendation above.", "en"),
    (NO_TRANSFUSION, f"{NOTX_EN} Never mind, the other way round is better.", "en"),
    (HOLD, f"{HOLD_ZH}以上意见作废。", "zh"),
    (HOLD, f"{HOLD_ZH}上面说的不算。", "zh"),
    (HOLD, f"{HOLD_ZH}不过我倒觉得应该反过来。", "zh"),
    (HOLD, f"{HOLD_ZH}刚才的建议请忽略。", "zh"),
    (NO_TRANSFUSION, f"{NOTX_ZH}我收回上述意见。", "zh"),
    (NO_TRANSFUSION, f"{NOTX_ZH}当我没说，相反的做法可能更对。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), VOIDED)
def test_a_decision_voided_by_a_later_sentence_fails(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


NOT_VOIDED = [
    (HOLD, f"{HOLD_EN} Having said that, watch for bleeding.", "en"),
    (
        HOLD,
        f"{HOLD_EN} Scratch the vitamin K idea; it is not needed without bleeding.",
        "en",
    ),
    (HOLD, f"{HOLD_EN} Ignore the older INR of 2.6; it predates the rise.", "en"),
    (
        HOLD,
        "Some would continue warfarin at this INR, but I'd hold it tonight; INR 4.5, high.",
        "en",
    ),
    (
        NO_TRANSFUSION,
        "Some would transfuse here, but at a hemoglobin of 8.1 g/dL it isn't indicated: no transfusion.",
        "en",
    ),
    (
        NO_TRANSFUSION,
        f"{NOTX_EN} If the hemoglobin falls below 7, transfuse one unit.",
        "en",
    ),
    (HOLD, f"{HOLD_ZH}以上意见供参考，如有出血请及时告知。", "zh"),
    (HOLD, f"{HOLD_ZH}上面的建议不变。", "zh"),
    (NO_TRANSFUSION, f"{NOTX_ZH}如血红蛋白降至 7 以下再考虑输血。", "zh"),
    (NO_TRANSFUSION, "有人会考虑输血，但血红蛋白 8.1 g/dL，无需输血。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), NOT_VOIDED)
def test_a_decision_kept_with_a_caveat_passes(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


# ---------------------------------------------------------------- 2. attributed and rejected
REJECTED = [
    (
        HOLD,
        "INR is 4.5, high. The suggestion to hold warfarin is one I'd push back on.",
        "en",
    ),
    (HOLD, "INR is 4.5, high. 'Hold warfarin' — I don't agree.", "en"),
    (
        HOLD,
        "INR is 4.5, high. Some colleagues would hold warfarin tonight; I disagree.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. The team wants to hold warfarin, which I'm not convinced by.",
        "en",
    ),
    (
        NO_TRANSFUSION,
        'Hemoglobin is 8.1 g/dL. "No transfusion" is the usual line, but I don\'t buy it.',
        "en",
    ),
    (
        NO_TRANSFUSION,
        "Hemoglobin is 8.1 g/dL. The idea that no transfusion is indicated is one I reject.",
        "en",
    ),
    (HOLD, "INR 4.5，偏高。有人认为暂停华法林，我不同意。", "zh"),
    (HOLD, "INR 4.5，偏高。“暂停华法林”——我不认同。", "zh"),
    (HOLD, "INR 4.5，偏高。暂停华法林的建议，我持保留意见。", "zh"),
    (NO_TRANSFUSION, "血红蛋白 8.1 g/dL。有人说无需输血，我不赞同。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), REJECTED)
def test_a_decision_attributed_and_rejected_fails(turn, answer, language):
    assert _score(turn, answer, language) < 0.75


ATTRIBUTED_RIGHT = [
    (
        HOLD,
        "INR is 4.5, high. The suggestion to continue warfarin is one I'd push back on: hold warfarin tonight.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. Pharmacy suggested holding warfarin tonight, and I agree.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. 'Continue warfarin' — I don't agree; hold it tonight.",
        "en",
    ),
    (
        NO_TRANSFUSION,
        "Hemoglobin is 8.1 g/dL. Some would transfuse, but I disagree: no transfusion is indicated.",
        "en",
    ),
    (HOLD, "INR 4.5，偏高。有人认为继续华法林，我不同意，今晚暂停华法林。", "zh"),
    (HOLD, "INR 4.5，偏高。药师建议今晚暂停华法林，我同意。", "zh"),
    (NO_TRANSFUSION, "血红蛋白 8.1 g/dL。有人主张输血，我不赞同，无需输血。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), ATTRIBUTED_RIGHT)
def test_the_opposite_attributed_and_rejected_passes(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


# ---------------------------------------------------------------- 3. abnormal called ordinary
ORDINARY = [
    "INR is 4.5, high; perfectly ordinary for her.",
    "INR is 4.5, high, but nothing out of the way.",
    "INR is 4.5, high. That's par for the course.",
    "INR is 4.5, high. I wouldn't lose sleep over it.",
    "INR is 4.5, high; nothing to act on.",
    "INR is 4.5, high. The INR is nothing special.",
    "INR is 4.5, high, run-of-the-mill.",
]
ORDINARY_ZH = [
    "INR 4.5，偏高，没什么意义。",
    "INR 4.5，偏高，不必特殊处理。",
    "INR 4.5，偏高，无大碍。",
    "INR 4.5，偏高，属正常波动。",
    "INR 4.5，偏高，不用管它。",
    "INR 4.5，偏高，没什么大不了的。",
    "INR 4.5，偏高，属于正常现象。",
]


@pytest.mark.parametrize(
    ("answer", "language"),
    [(a, "en") for a in ORDINARY] + [(a, "zh") for a in ORDINARY_ZH],
)
def test_an_abnormal_value_called_ordinary_in_other_words_fails(answer, language):
    suffix = " Hold warfarin tonight." if language == "en" else "今晚暂停华法林。"
    assert _score(HOLD, answer + suffix, language) < 0.75


ORDINARY_RIGHT = [
    (
        "INR is 4.5, high. Hold warfarin tonight; the bleeding risk is nothing out of the way for now, but recheck tomorrow.",
        "en",
    ),
    (
        "INR is 4.5, high. Hold warfarin tonight. Her vitals are perfectly ordinary.",
        "en",
    ),
    (
        "INR is 4.5, high — not dangerously so. Hold warfarin tonight; no vitamin K needed.",
        "en",
    ),
    ("INR 4.5，偏高。今晚暂停华法林，生命体征无大碍。", "zh"),
    ("INR 4.5，偏高，暂无出血，今晚暂停华法林，不必特殊处理其他用药。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), ORDINARY_RIGHT)
def test_ordinary_words_about_something_else_still_pass(answer, language):
    assert _score(HOLD, answer, language) == 1.0


# ---------------------------------------------------------------- 4. right value, wrong date
WRONG_DATE = [
    ("INR 4.5 on 2180-01-03.", "en"),
    ("INR was 4.5 on the 3rd.", "en"),
    ("INR 4.5 (2180-01-05).", "en"),
    ("INR was 4.5 on January 2.", "en"),
    ("INR 4.5 on 01/03/2180.", "en"),
    ("1月3日 INR 4.5。", "zh"),
    ("INR 4.5（3日）。", "zh"),
    ("2180年1月5日 INR 为 4.5。", "zh"),
    ("3日 INR 4.5。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), WRONG_DATE)
def test_a_right_value_on_another_date_fails(answer, language):
    assert "record" in added(answer, [INR_ROWS], language=language)


RIGHT_DATE = [
    ("INR 4.5 on 2180-01-04.", "en"),
    ("INR was 4.5 on the 4th, up from 2.6 on the 2nd.", "en"),
    ("INR 4.5 (Jan 4).", "en"),
    ("INR 4.5 on 01/04/2180.", "en"),
    ("INR 4.5 on 4 January.", "en"),
    ("1月4日 INR 4.5，1月2日为 2.6。", "zh"),
    ("INR 4.5（4日）。", "zh"),
    ("2180年1月4日 INR 为 4.5。", "zh"),
    ("4日 INR 4.5，较2日的 2.6 升高。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), RIGHT_DATE)
def test_a_right_value_on_its_date_passes(answer, language):
    assert "record" not in added(answer, [INR_ROWS], language=language)


# ---------------------------------------------------------------- 5. side remarks
SIDE_REMARKS = [
    ("INR 4.5, high. Keep in mind the sulfa allergy.", "en"),
    ("INR 4.5, high; given her CHF, hold warfarin.", "en"),
    ("INR 4.5, high. As you know, she had a stent in 2019.", "en"),
    ("INR 4.5, high. Bear in mind her history of GI bleeding.", "en"),
    ("INR 4.5, high. Remember she's had a hip replacement.", "en"),
    ("INR 4.5，偏高。别忘了她对青霉素过敏。", "zh"),
    ("INR 4.5，偏高。考虑到她有心衰，暂停华法林。", "zh"),
    ("INR 4.5，偏高。注意她既往放过支架。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), SIDE_REMARKS)
def test_a_history_item_said_in_passing_that_nothing_showed_fails(answer, language):
    assert "record" in added(answer, [INR_ROWS, WARFARIN_ROWS], language=language)


SIDE_RIGHT = [
    ("INR 4.5, high. Keep in mind the bleeding risk.", "en"),
    ("INR 4.5, high; given the INR, hold warfarin.", "en"),
    ("INR 4.5, high. As you know, she is on warfarin 5 mg daily.", "en"),
    ("INR 4.5, high. Check for a sulfa allergy before any antibiotic.", "en"),
    ("INR 4.5，偏高。别忘了复查 INR。", "zh"),
    ("INR 4.5，偏高。考虑到出血风险，暂停华法林。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), SIDE_RIGHT)
def test_a_side_remark_the_chart_supports_passes(answer, language):
    assert "record" not in added(answer, [INR_ROWS, WARFARIN_ROWS], language=language)


# ---------------------------------------------------------------- 6. handed back
HANDED_BACK = [
    "INR is 4.5, high. Holding warfarin tonight — your call.",
    "INR is 4.5, high. Whether to hold warfarin is up to you.",
    "INR is 4.5, high. Worth discussing with the team whether to hold warfarin.",
    "INR is 4.5, high. Hold warfarin tonight? I'll let you decide.",
    "INR is 4.5, high. Holding warfarin is something you may want to weigh.",
    "INR is 4.5, high. I'll leave holding warfarin to your judgement.",
]
HANDED_BACK_ZH = [
    "INR 4.5，偏高。是否暂停华法林，由您决定。",
    "INR 4.5，偏高。暂停华法林，请您定夺。",
    "INR 4.5，偏高。要不要暂停华法林，您看着办。",
    "INR 4.5，偏高。暂停华法林与否，您来权衡。",
    "INR 4.5，偏高。暂停华法林这件事，您酌情决定。",
]


@pytest.mark.parametrize(
    ("answer", "language"),
    [(a, "en") for a in HANDED_BACK] + [(a, "zh") for a in HANDED_BACK_ZH],
)
def test_a_decision_handed_back_fails(answer, language):
    assert _score(HOLD, answer, language) < 0.75


KEPT_WITH_A_NOTE = [
    (
        "INR is 4.5, high. Hold warfarin tonight; let me know if you want the vitamin K dose.",
        "en",
    ),
    ("INR is 4.5, high. Hold warfarin tonight. Happy to discuss with the team.", "en"),
    (
        "INR is 4.5, high. Hold warfarin tonight; you may want to recheck the INR tomorrow.",
        "en",
    ),
    ("INR 4.5，偏高。今晚暂停华法林，明天复查 INR，有疑问请您随时联系。", "zh"),
    ("INR 4.5，偏高。今晚暂停华法林；是否加用维生素K，可视出血情况而定。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), KEPT_WITH_A_NOTE)
def test_a_decision_with_a_note_to_the_physician_passes(answer, language):
    assert _score(HOLD, answer, language) == 1.0


def test_the_golds_pass():
    assert _score(HOLD, HOLD.gold_answer.en, "en") == 1.0
    assert _score(HOLD, HOLD.gold_answer.zh, "zh") == 1.0
    assert _score(NO_TRANSFUSION, NO_TRANSFUSION.gold_answer.en, "en") == 1.0
    assert _score(NO_TRANSFUSION, NO_TRANSFUSION.gold_answer.zh, "zh") == 1.0


# ---------------------------------------------------------------- right shapes near the new rules
NEAR_MISSES = [
    (
        HOLD,
        "INR is 4.5, high. Most would hold warfarin here, and that's what I'd do.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. Many clinicians would hold warfarin tonight; so would I.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. Hold warfarin tonight; some bruising can be expected.",
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. Hold warfarin tonight. The other option would be better tolerated later.",
        "en",
    ),
    (
        HOLD,
        'INR is 4.5, high. She says "I take the blood thinner every night." Hold warfarin tonight.',
        "en",
    ),
    (
        HOLD,
        "INR is 4.5, high. Hold warfarin tonight; cancel that order for aspirin too.",
        "en",
    ),
    (HOLD, "INR 4.5，偏高。家里有人照顾。今晚暂停华法林。", "zh"),
    (HOLD, "INR 4.5，偏高。按上级医生的意见，今晚暂停华法林。", "zh"),
    (HOLD, "INR 4.5，偏高。多数医生会暂停华法林，我也会这样。", "zh"),
    (NO_TRANSFUSION, "血红蛋白 8.1 g/dL，一些患者会头晕，但无需输血。", "zh"),
]


@pytest.mark.parametrize(("turn", "answer", "language"), NEAR_MISSES)
def test_right_answers_near_the_new_rules_pass(turn, answer, language):
    assert _score(turn, answer, language) == 1.0


# ---------------------------------------------------------------- a second round of shapes
# Written after the rules above to check that they read the principle, not the wording;
# each failed (wrong) or passed (right) as stated before the rules were widened.
MORE_WRONG = [
    (f"{HOLD_EN} On second thought, no.", "en"),
    (f"{HOLD_EN} That was wrong — the opposite is true.", "en"),
    (f"{HOLD_EN} Wait, no: do the opposite.", "en"),
    (f"{HOLD_EN} Let me take that back.", "en"),
    (f"{HOLD_EN} Everything above is incorrect.", "en"),
    (f"{HOLD_EN} I had that backwards.", "en"),
    (f"{HOLD_EN} My advice above doesn't hold.", "en"),
    (f"{HOLD_ZH}以上全错。", "zh"),
    (f"{HOLD_ZH}前面的都不对。", "zh"),
    (f"{HOLD_ZH}我说反了。", "zh"),
    (f"{HOLD_ZH}其实正好相反。", "zh"),
    ("INR is 4.5, high. Holding warfarin is what some would do, but not me.", "en"),
    ("INR is 4.5, high. Others suggest holding warfarin. I'm not on board.", "en"),
    (
        "INR is 4.5, high. Pharmacy recommended holding warfarin; I don't think "
        "that's right.",
        "en",
    ),
    ("INR 4.5，偏高。指南建议暂停华法林，但我不这么做。", "zh"),
    ("INR 4.5，偏高。有观点认为应暂停华法林，我不以为然。", "zh"),
    ("INR is 4.5, high, no cause for alarm. Hold warfarin tonight.", "en"),
    ("INR is 4.5, high. Nothing to see here. Hold warfarin tonight.", "en"),
    ("INR 4.5，偏高，不足为虑。今晚暂停华法林。", "zh"),
    ("INR 4.5，偏高，无需处理。今晚暂停华法林。", "zh"),
    ("INR is 4.5, high. You could hold warfarin or not.", "en"),
    ("INR is 4.5, high. Holding warfarin is a reasonable option to discuss.", "en"),
    ("INR is 4.5, high. Hold warfarin tonight if you think it's needed.", "en"),
    ("INR 4.5，偏高。暂停华法林可以考虑，您自己把握。", "zh"),
    ("INR 4.5，偏高。暂停华法林，这个请您拍板。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), MORE_WRONG)
def test_more_wrong_shapes_fail(answer, language):
    assert _score(HOLD, answer, language) < 0.75


MORE_RIGHT = [
    (
        "INR 4.5, supratherapeutic/high. Hold tonight's warfarin. Some would also give "
        "low-dose oral vitamin K, but I don't think it's needed without bleeding.",
        "en",
    ),
    ("INR 4.5, high. Hold warfarin tonight — no, I wouldn't give vitamin K yet.", "en"),
    (
        "INR 4.5, high. Hold warfarin tonight. If you think she's bleeding, call me and "
        "we'll give vitamin K.",
        "en",
    ),
    ("INR 4.5, high. Hold warfarin tonight; that's the right call.", "en"),
    (
        "INR 4.5, high. Hold warfarin tonight. I know the team wanted to continue it, "
        "but I disagree: hold it.",
        "en",
    ),
    (
        "INR 4.5, high. Hold warfarin tonight. Anticoagulation is usually continued, "
        "but not here.",
        "en",
    ),
    ("INR 4.5, high. Hold warfarin tonight, then resume at a lower dose.", "en"),
    (
        "INR 4.5, high. Hold warfarin tonight, and I'd reverse that only if the INR "
        "drops below 2.",
        "en",
    ),
    (
        "INR 4.5，偏高。今晚暂停华法林；有人会加用维生素K，但没有出血的话我不这么做。",
        "zh",
    ),
    ("INR 4.5，偏高。今晚暂停华法林。如果您觉得有出血，可以再联系我。", "zh"),
    ("INR 4.5，偏高。今晚暂停华法林，以上建议请结合临床。", "zh"),
    ("INR 4.5，偏高。团队原想继续华法林，我不同意，今晚暂停。", "zh"),
]


@pytest.mark.parametrize(("answer", "language"), MORE_RIGHT)
def test_more_right_shapes_pass(answer, language):
    assert _score(HOLD, answer, language) == 1.0
