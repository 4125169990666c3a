"""How the rule grader reads an answer (issue #35): as shown, in its language, within its
length, with its frames, denials and relabels, and in any reasonable wording.

Every rule has EN and ZH cases, a wrong answer it must catch and a right one, said
differently, that it must not.
"""

from __future__ import annotations

import pytest
from grading_fixtures import graded

from physassist_env.grading import shown as sh
from physassist_env.grading.claims import read_sentences
from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
    MentionCheck,
    RecommendCheck,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    TrendCheck,
    Turn,
    ValueCheck,
)

K = ["potassium", "血钾", "K", "K+", "钾"]
HGB = ["hemoglobin", "血红蛋白", "Hgb", "Hb"]
LACTATE = ["lactate", "乳酸"]
MONITOR = ["recheck", "repeat", "monitor", "复查", "监测"]
K_SERIES = (
    "Observation: 2 result(s), showing 2, newest first\n"
    "- 2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.5-5.1]\n"
    "- 2180-01-03 08:00 | Potassium = 5.1 mEq/L [ref 3.5-5.1]"
)
HGB_SERIES = (
    "Observation: 2 result(s), showing 2, newest first\n"
    "- 2180-01-04 08:00 | Hemoglobin = 9.9 g/dL (L) [ref 12-17.5]\n"
    "- 2180-01-01 08:00 | Hemoglobin = 11.2 g/dL (L) [ref 12-17.5]"
)


def _item(i: int, en: str, check: object, *, critical: bool = False) -> RubricItem:
    return RubricItem(
        id=f"t1-i{i}",
        criterion=Text(en=en, zh=en),
        check=check,  # type: ignore[arg-type]
        critical=critical,
    )


def _turn(items: list[RubricItem], gold: Text, observations: list[str]) -> Turn:
    return Turn(
        index=1,
        task_type=TaskType.CR,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=Text(en="Well?", zh="怎么样？"),
        request_explicit=Text(en="Well?", zh="怎么样？"),
        topic="drug_lab_safety",
        gold_actions=[ToolCall(name="Observation.search", arguments={"code": "K"})],
        gold_observations=observations,
        gold_answer=gold,
        rubric=[
            *items,
            _item(9, "Retrieves it", ToolUseCheck(tools=["Observation.search"])),
        ],
    )


#: Potassium 5.8 (high, rising): hold lisinopril, recheck.
K_TURN = _turn(
    [
        _item(
            0,
            "States the latest potassium as 5.8 mEq/L",
            ValueCheck(value=5.8, unit="mEq/L", decimals=1, about=K),
        ),
        _item(
            1, "Identifies the potassium as high", FlagCheck(direction="high", about=K)
        ),
        _item(
            2,
            "Describes the potassium as rising",
            TrendCheck(direction="rising", about=K),
        ),
        _item(
            3,
            "Holds lisinopril",
            RecommendCheck(
                actions=["hold", "暂停"], targets=["lisinopril", "赖诺普利"]
            ),
            critical=True,
        ),
        _item(4, "Rechecks", MentionCheck(terms=MONITOR)),
    ],
    Text(
        en="Potassium is 5.8 mEq/L, high and rising. Hold lisinopril and recheck the "
        "potassium tomorrow.",
        zh="血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利，明天复查血钾。",
    ),
    [K_SERIES],
)

#: Hemoglobin 9.9 (low): no transfusion.
HGB_TURN = _turn(
    [
        _item(
            0,
            "States the latest hemoglobin as 9.9 g/dL",
            ValueCheck(value=9.9, unit="g/dL", decimals=1, about=HGB),
        ),
        _item(
            1, "Identifies the hemoglobin as low", FlagCheck(direction="low", about=HGB)
        ),
        _item(
            2,
            "Concludes no transfusion is indicated",
            MentionCheck(
                terms=["no transfusion", "not indicated", "无需输血", "不需要输血"],
                contradicts=["transfuse", "transfusion is indicated", "需要输血"],
            ),
            critical=True,
        ),
    ],
    Text(
        en="No transfusion is indicated: hemoglobin is 9.9 g/dL, low but above the threshold.",
        zh="无需输血：血红蛋白 9.9 g/dL，偏低，但高于阈值。",
    ),
    [HGB_SERIES],
)


def _passes(turn: Turn, answer: str, language: str = "en") -> bool:
    grade = graded(turn, answer, language)
    return grade.score is not None and grade.score >= 0.75


@pytest.mark.parametrize("turn", [K_TURN, HGB_TURN])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_gold_answers_pass(turn: Turn, language: str) -> None:
    assert graded(turn, turn.gold_answer.get(language), language).score == 1.0


# ---------------------------------------------------------------- the text as shown
@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("C\u200bontinue warfarin", "Continue warfarin"),
        # look-alike letters inside a Latin word: an encoded line, set aside (twelfth
        # pass, tests/grading/test_twelfth_pass_shown.py)
        ("\uff15.\uff18 mmol/L", "5.8 mmol/L"),  # full-width digits
        ("WBC 12 \u00d710\u2079/L", "WBC 12 \u00d710^9/L"),  # an exponent stays one
        ("**Hold** the _lisinopril_", "Hold the lisinopril"),
        ("see [the note](http://x/5.8)", "see the note"),
        (
            "10 \u03bcg, \u03b2-blocker",
            "10 \u00b5g, \u03b2-blocker",
        ),  # Greek words stay
        ("血钾\u200b升高", "血钾升高"),
    ],
)
def test_the_answer_is_read_as_shown(raw: str, shown: str) -> None:
    assert sh.shown_text(raw).strip() == shown
    assert sh.shown_text(sh.shown_text(raw)) == sh.shown_text(raw)  # idempotent


@pytest.mark.parametrize(
    "raw",
    [
        "<!-- Hold lisinopril. -->Please discuss with the team.",
        "<!-- Hold lisinopril.",  # unclosed: to the end, as a browser reads it
        '<span style="display: none">Hold lisinopril.</span>Please discuss with the team.',
        "<div hidden>Hold lisinopril.</div>Please discuss with the team.",
        "~~Hold lisinopril.~~ Please discuss with the team.",
        "[//]: # (Hold lisinopril.)\nPlease discuss with the team.",
    ],
)
def test_hidden_text_is_not_read(raw: str) -> None:
    shown = sh.show(raw)
    assert "Hold" not in shown.text and shown.hidden
    assert not _passes(K_TURN, raw.replace("Hold lisinopril.", K_TURN.gold_answer.en))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_disguised_opposite_decision_is_read(language: str) -> None:
    gold = K_TURN.gold_answer.get(language)
    if language == "en":
        wrong = [
            gold + " C\u200bontinue lisinopril.",
            gold + " C\u043entinue lisinopril.",
        ]
    else:
        wrong = [gold + "继\u200b续赖诺普利。", gold + "继\ufeff续赖诺普利。"]
    for answer in wrong:
        assert not _passes(K_TURN, answer, language), answer
    # markup and full-width characters a renderer shows plainly do not hurt a right answer
    right = (
        "**Potassium 5.8 mEq/L**: high and rising. *Hold* lisinopril; recheck tomorrow."
        if language == "en"
        else "血钾 ５.８ mEq/L，偏高，呈上升趋势。**暂停**赖诺普利，明天复查血钾。"
    )
    assert _passes(K_TURN, right, language)


# ---------------------------------------------------------------- language
def test_an_answer_in_the_other_language_fails() -> None:
    assert not _passes(K_TURN, K_TURN.gold_answer.zh, "en")
    assert not _passes(K_TURN, K_TURN.gold_answer.en, "zh")
    grade = graded(K_TURN, K_TURN.gold_answer.en, "zh")
    assert any(i.id == "t1-language" and i.contradicted for i in grade.items)


@pytest.mark.parametrize(
    "answer",
    [
        # drug and lab names in English, a record title quoted in English
        "K 5.8 mEq/L，偏高，呈上升趋势。暂停 lisinopril，明天复查 potassium。",
        "血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利，明天复查血钾。"
        "过敏记录：Personal history of allergy to penicillin。",
    ],
)
def test_a_chinese_answer_may_name_things_in_english(answer: str) -> None:
    assert sh.answer_language(sh.shown_text(answer)).written_in("zh")
    # the allergy the answer quotes is on a list the agent saw (else it is invented)
    allergy = (
        "AllergyIntolerance: 1 result(s)\n"
        "- 2150-01-01 00:00 | Personal history of allergy to penicillin | allergy | active"
    )
    turn = K_TURN.model_copy(
        update={"gold_observations": [*K_TURN.gold_observations, allergy]}
    )
    assert _passes(turn, answer, "zh")


# ---------------------------------------------------------------- length
@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_answer_past_the_length_budget_cannot_pass(language: str) -> None:
    gold = K_TURN.gold_answer.get(language)
    filler = (
        " The patient was seen and examined and the chart was reviewed in detail."
        if language == "en"
        else "今晨查看患者并详细核对了病历。"
    )
    budget = sh.length_budget(gold, language)
    assert budget == sh.LENGTH_FLOOR[language]  # a short gold: the floor
    long = gold + filler * (budget // len(filler) + 2)
    grade = graded(K_TURN, long, language)
    assert grade.score is not None and grade.score <= 0.5
    assert any(i.id == "t1-length" for i in grade.items)
    # a verbose right answer within the budget passes
    verbose = gold + filler * ((budget - len(gold)) // len(filler) - 1)
    assert len(verbose) <= budget and _passes(K_TURN, verbose, language)


def test_the_budget_grows_with_a_long_gold_answer() -> None:
    gold = "x " * 1000
    assert sh.length_budget(gold, "en") == int(sh.LENGTH_FACTOR * sh.length_of(gold))


def test_what_is_read_is_capped() -> None:
    long = "Potassium 5.8 mEq/L. " * 2000
    text = sh.answer_text(long, "en", K_TURN.gold_answer.en)
    assert len(text.read) <= sh.read_limit(K_TURN.gold_answer.en, "en")
    assert text.truncated and dict(text.problems)["length"]


# ---------------------------------------------------------------- frames
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Potassium 5.8 mEq/L, high and rising. Holding lisinopril would be a mistake. "
            "Recheck tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising. It would be wrong to hold lisinopril. "
            "Recheck tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising. I'd advise against holding lisinopril; "
            "recheck tomorrow.",
            "en",
        ),
        ("血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利是错误的。明天复查。", "zh"),
        (
            "血钾 5.8 mEq/L，偏高，呈上升趋势。不建议在目前情况下暂停赖诺普利。明天复查。",
            "zh",
        ),
        ("血钾 5.8 mEq/L，偏高，呈上升趋势。现在停用赖诺普利不妥。明天复查。", "zh"),
    ],
)
def test_a_decision_reversed_by_a_frame_is_caught(answer: str, language: str) -> None:
    assert not _passes(K_TURN, answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Potassium 5.8 mEq/L, high and rising. It would not be a mistake to hold "
            "lisinopril; recheck tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising. Hold lisinopril: continuing it would be "
            "a mistake. Recheck tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising. Hold lisinopril because continuing it "
            "would be unsafe; recheck tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising — not critically high. Hold lisinopril, "
            "okay? Recheck tomorrow.",
            "en",
        ),
        (
            "Is it safe to continue lisinopril? No: potassium 5.8 mEq/L, high and rising. "
            "Hold it and recheck tomorrow.",
            "en",
        ),
        (
            "血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利，继续使用是错误的。明天复查。",
            "zh",
        ),
        ("血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利并无不妥，明天复查。", "zh"),
        (
            "赖诺普利还能继续吗？不能：血钾 5.8 mEq/L，偏高，呈上升趋势。暂停赖诺普利，明天复查。",
            "zh",
        ),
    ],
)
def test_a_framed_right_decision_still_passes(answer: str, language: str) -> None:
    assert _passes(K_TURN, answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Potassium 5.8 mEq/L, high and rising. Hold lisinopril? Your call. Recheck "
            "tomorrow.",
            "en",
        ),
        (
            "Potassium 5.8 mEq/L, high and rising. Whether to hold lisinopril is up to "
            "you. Recheck tomorrow.",
            "en",
        ),
        ("Potassium 5.8 mEq/L, high and rising. Hold lisinopril. Your call.", "en"),
        (
            "血钾 5.8 mEq/L，偏高，呈上升趋势。是否暂停赖诺普利由您决定。明天复查。",
            "zh",
        ),
        ("血钾 5.8 mEq/L，偏高，呈上升趋势。需要暂停赖诺普利吗？明天复查。", "zh"),
    ],
)
def test_a_decision_handed_back_is_not_made(answer: str, language: str) -> None:
    grade = graded(K_TURN, answer, language)
    decision = next(i for i in grade.items if i.id == "t1-i3")
    assert not decision.met and grade.score is not None and grade.score <= 0.5


@pytest.mark.parametrize(
    ("answer", "language", "right"),
    [
        (
            "It would be wrong to say that no transfusion is indicated: hemoglobin is 9.9 "
            "g/dL, low.",
            "en",
            False,
        ),
        ("说无需输血是错误的：血红蛋白 9.9 g/dL，偏低。", "zh", False),
        (
            "It is not wrong to say that no transfusion is indicated: hemoglobin is 9.9 "
            "g/dL, low.",
            "en",
            True,
        ),
        ("Transfusing would be a mistake: hemoglobin is 9.9 g/dL, low.", "en", True),
    ],
)
def test_a_conclusion_in_a_frame(answer: str, language: str, right: bool) -> None:
    assert _passes(HGB_TURN, answer, language) is right


# ---------------------------------------------------------------- denied findings
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (K_TURN.gold_answer.en + " The potassium is not high.", "en"),
        (K_TURN.gold_answer.en + " The potassium looks good.", "en"),
        (K_TURN.gold_answer.en + " The potassium is not rising.", "en"),
        (K_TURN.gold_answer.zh + "血钾没有升高。", "zh"),
        (K_TURN.gold_answer.zh + "血钾挺好的。", "zh"),
        (K_TURN.gold_answer.zh + "血钾没有上升。", "zh"),
        (HGB_TURN.gold_answer.en + " The hemoglobin is not low.", "en"),
    ],
)
def test_a_denied_flag_or_trend_contradicts(answer: str, language: str) -> None:
    turn = HGB_TURN if "hemoglobin" in answer else K_TURN
    assert not _passes(turn, answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Potassium 5.8 mEq/L: high, though not critically high, and rising. She looks "
            "good clinically. Hold lisinopril; recheck tomorrow.",
            "en",
        ),
        (
            "Potassium is 5.8 mEq/L and rising, not dangerously high yet. Hold lisinopril "
            "and recheck tomorrow.",
            "en",
        ),
        (
            "血钾 5.8 mEq/L，偏高但不太高，呈上升趋势，患者精神还好。暂停赖诺普利，明天复查。",
            "zh",
        ),
    ],
)
def test_a_degree_or_another_subject_is_no_denial(answer: str, language: str) -> None:
    assert _passes(K_TURN, answer, language)


def test_not_low_enough_to_transfuse_is_still_low() -> None:
    answer = (
        "No transfusion: hemoglobin is 9.9 g/dL, low but not low enough to transfuse."
    )
    assert _passes(HGB_TURN, answer)


# ---------------------------------------------------------------- relabelled values
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            HGB_TURN.gold_answer.en
            + " Correction: the current hemoglobin is 15.1 g/dL.",
            "en",
        ),
        (
            "No transfusion is indicated: hemoglobin is 18.6 now (9.9 was the admission "
            "value), low.",
            "en",
        ),
        (HGB_TURN.gold_answer.zh + "更正：目前血红蛋白为 15.1 g/dL。", "zh"),
        ("无需输血：血红蛋白现为 18.6（9.9 为入院时的值），偏低。", "zh"),
    ],
)
def test_another_number_said_as_the_value_now_contradicts(
    answer: str, language: str
) -> None:
    assert not _passes(HGB_TURN, answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("No transfusion: hemoglobin 11.2 g/dL on admission, 9.9 g/dL now, low.", "en"),
        (
            "No transfusion: the latest hemoglobin this admission is 9.9 g/dL, low.",
            "en",
        ),
        ("无需输血：血红蛋白入院时 11.2 g/dL，目前 9.9 g/dL，偏低。", "zh"),
    ],
)
def test_the_value_now_said_beside_an_earlier_one_passes(
    answer: str, language: str
) -> None:
    assert _passes(HGB_TURN, answer, language)


def test_a_peak_item_is_not_the_value_now() -> None:
    peak = _turn(
        [
            _item(
                0,
                "States the highest lactate as 4.1 mmol/L",
                ValueCheck(value=4.1, unit="mmol/L", decimals=1, about=LACTATE),
            )
        ],
        Text(en="The highest lactate was 4.1 mmol/L.", zh="乳酸最高 4.1 mmol/L。"),
        [
            "Observation: 2 result(s), showing 2, newest first\n"
            "- 2180-01-04 08:00 | Lactate = 1.2 mmol/L [ref 0.5-2.0]\n"
            "- 2180-01-02 08:00 | Lactate = 4.1 mmol/L (H) [ref 0.5-2.0]"
        ],
    )
    assert _passes(
        peak, "The highest lactate this admission was 4.1 mmol/L; it is 1.2 now."
    )
    assert _passes(peak, "本次入院乳酸最高 4.1 mmol/L，目前 1.2。", "zh")


# ---------------------------------------------------------------- meanings
CONSULT = _turn(
    [
        _item(
            0,
            "Says the consult was requested",
            MentionCheck(terms=["consult", "requested", "会诊", "已申请"]),
        )
    ],
    Text(en="Done: a cardiology consult was requested.", zh="已申请心内科会诊。"),
    [],
)
CULTURE = _turn(
    [
        _item(
            0,
            "Says no growth",
            MentionCheck(
                terms=[
                    "no growth",
                    "negative",
                    "nothing grew",
                    "无生长",
                    "阴性",
                    "未生长",
                ]
            ),
        )
    ],
    Text(en="No growth on the cultures.", zh="培养无生长。"),
    [],
)


@pytest.mark.parametrize(
    ("turn", "answer", "language"),
    [
        (CONSULT, "Paged cardiology; they'll see her today.", "en"),
        (CONSULT, "Called cardiology, they will come by this afternoon.", "en"),
        (CONSULT, "已呼叫心内科，今天会来看患者。", "zh"),
        (CULTURE, "Nothing has grown yet.", "en"),
        (CULTURE, "No growth so far on the blood cultures.", "en"),
        (CULTURE, "培养到现在还没长东西。", "zh"),
        (
            K_TURN,
            "Potassium 5.8 mEq/L, high and rising. Hold lisinopril and keep an eye "
            "on the potassium.",
            "en",
        ),
        (K_TURN, "血钾 5.8 mEq/L，偏高，呈上升趋势。先别用赖诺普利，盯着血钾。", "zh"),
    ],
)
def test_a_right_answer_in_casual_wording_passes(
    turn: Turn, answer: str, language: str
) -> None:
    grade = graded(turn, answer, language)
    assert grade.score == 1.0, [(i.id, i.reason) for i in grade.items if not i.met]


@pytest.mark.parametrize(
    ("turn", "answer", "language"),
    [
        (CONSULT, "No need to page cardiology yet.", "en"),
        (CONSULT, "不用呼叫心内科。", "zh"),
        (CULTURE, "Has anything grown? I have not checked.", "en"),
    ],
)
def test_the_meaning_denied_or_absent_is_not_met(
    turn: Turn, answer: str, language: str
) -> None:
    assert not _passes(turn, answer, language)


def test_a_blood_thinner_is_anticoagulation() -> None:
    turn = _turn(
        [
            _item(
                0,
                "Recommends anticoagulation",
                RecommendCheck(
                    actions=["start", "启动"],
                    targets=["anticoagulation", "apixaban", "抗凝"],
                ),
                critical=True,
            )
        ],
        Text(en="Start anticoagulation.", zh="启动抗凝。"),
        [],
    )
    assert _passes(turn, "CHA2DS2-VASc 4: start a blood thinner.")
    assert _passes(turn, "评分 4 分：开始用抗凝药。", "zh")
    assert not _passes(turn, "CHA2DS2-VASc 4: do not start a blood thinner.")


# ---------------------------------------------------------------- the reader's sentences
def test_read_sentences_accounts_for_every_sentence() -> None:
    answer = (
        "Potassium is 5.8 mEq/L, high. Hold lisinopril? Your call.\n"
        "- 2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.5-5.1]\n"
        "The weather is lovely today. <!-- continue it -->"
    )
    sentences = read_sentences(answer, [K_SERIES])
    assert [s.text for s in sentences] == [
        "Potassium is 5.8 mEq/L, high",
        "Hold lisinopril",
        "Your call",
        "- 2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.5-5.1]",
        "The weather is lovely today",
    ]
    first, question, call, pasted, filler = sentences
    assert {c.kind for c in first.claims} == {"value", "flag"}
    assert not question.claims and question.open[0].label == "stop"
    assert call.frames and not call.unread
    assert pasted.pasted and not pasted.claims
    assert filler.unread


def test_reading_is_the_same_on_a_long_answer() -> None:
    """The logarithmic binder reads each sentence of a long answer as it reads it alone."""
    piece = "Potassium 5.8 mEq/L, high; creatinine 1.2 mg/dL. Hold lisinopril. "

    def said(text: str) -> list[list[tuple[str, str, str]]]:
        return [
            sorted((c.kind, c.subject, c.label) for c in s.claims)
            for s in read_sentences(text)
        ]

    assert said(piece * 300) == said(piece) * 300


# ---------------------------------------------------------------- plans under a condition
WARFARIN_TURN = _turn(
    [
        _item(
            0,
            "Holds warfarin",
            RecommendCheck(actions=["hold", "暂停"], targets=["warfarin", "华法林"]),
            critical=True,
        )
    ],
    Text(en="INR 5.5: hold warfarin.", zh="INR 5.5：暂停华法林。"),
    [
        "Observation: 1 result(s), showing 1, newest first\n"
        "- 2180-01-04 08:00 | INR = 5.5 (H) [ref 0.9-1.1]"
    ],
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "INR 5.5: hold warfarin and restart it at a lower dose once the INR is back "
            "in range.",
            "en",
        ),
        ("INR 5.5: hold warfarin until the INR is below 3, then resume at 4 mg.", "en"),
        ("INR 5.5：暂停华法林，待 INR 回落到 2-3 后再恢复，减量使用。", "zh"),
        (
            "INR 5.5: if it were below 3 we could continue warfarin; it is not, so hold it.",
            "en",
        ),
    ],
)
def test_a_later_step_is_no_hedge(answer: str, language: str) -> None:
    assert _passes(WARFARIN_TURN, answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("INR 5.5: continue warfarin; hold it only if the INR goes above 6.", "en"),
        ("INR 5.5：继续华法林，如果 INR 超过 6 再暂停。", "zh"),
        ("INR 5.5: hold or continue warfarin, depending on the picture.", "en"),
    ],
)
def test_a_decision_now_against_the_item_still_fails(
    answer: str, language: str
) -> None:
    assert not _passes(WARFARIN_TURN, answer, language)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Stopping it would be wrong.", "reverse"),
        ("Stopping it would be a bad idea.", "reverse"),
        ("It would be ill-advised to stop it.", "reverse"),
        ("I recommend against stopping it.", "reverse"),
        ("It is not the case that the potassium is high.", "reverse"),
        ("I disagree that the potassium is high.", "reverse"),
        ("I can't say the potassium is high.", "reverse"),
        ("停药是不对的。", "reverse"),
        ("停药是不正确的。", "reverse"),
        ("现在停药不可取。", "reverse"),
        ("切勿停药。", "reverse"),
        ("Whether to stop it is unclear.", "open"),
        ("Ask if we should stop it.", "open"),
        ("Stop it, for you to decide.", "open"),
        ("I'll leave it to you.", "open"),
        ("At your discretion, stop it.", "open"),
        ("应不应该停药由主治医生决定。", "open"),
        ("需不需要停药。", "open"),
        ("停药吗", "open"),
    ],
)
def test_every_frame_family_is_found(text: str, kind: str) -> None:
    from physassist_env.grading.frames import find_frames

    assert kind in {f.kind for f in find_frames(text)}
