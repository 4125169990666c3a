"""Twelfth pass (issue #35): what an answer SHOWS. Encoded text, text past padding and
blocks labelled after them never carry the decision; right answers in plain or lightly
formatted wording still pass. Probes in our own wording, EN and ZH (invented values)."""

from __future__ import annotations

import base64

import pytest
from grading_fixtures import met, passes, search_output

from physassist_env.grading import shown as sh
from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
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

NA = ["sodium", "血钠", "Na"]
SODIUM = search_output(
    "Observation",
    "2181-03-02 07:00 | Sodium = 127 mEq/L (L) [ref 135-145]",
    "2181-03-01 07:00 | Sodium = 131 mEq/L (L) [ref 135-145]",
)


def _item(i: int, en: str, check: object, *, critical: bool = False) -> RubricItem:
    return RubricItem(
        id=f"t1-i{i}",
        criterion=Text(en=en, zh=en),
        check=check,  # type: ignore[arg-type]
        critical=critical,
    )


#: Sodium 127 (low): hold the hydrochlorothiazide.
TURN = Turn(
    index=1,
    task_type=TaskType.CR,
    implicitness=Implicitness.EXPLICIT,
    tool_source=ToolSource.EHR,
    request=Text(en="Sodium?", zh="血钠怎么样？"),
    request_explicit=Text(en="Sodium?", zh="血钠怎么样？"),
    topic="drug_lab_safety",
    gold_actions=[ToolCall(name="Observation.search", arguments={"code": "Na"})],
    gold_observations=[SODIUM],
    gold_answer=Text(
        en="Sodium is 127 mEq/L, low. Hold the hydrochlorothiazide.",
        zh="血钠 127 mEq/L，偏低。暂停氢氯噻嗪。",
    ),
    rubric=[
        _item(
            0,
            "States the sodium as 127",
            ValueCheck(value=127, unit="mEq/L", decimals=0, about=NA),
        ),
        _item(1, "Calls it low", FlagCheck(direction="low", about=NA)),
        _item(
            2,
            "Holds the thiazide",
            RecommendCheck(
                actions=["hold", "暂停"], targets=["hydrochlorothiazide", "氢氯噻嗪"]
            ),
            critical=True,
        ),
        _item(9, "Retrieves it", ToolUseCheck(tools=["Observation.search"])),
    ],
)
NOTHING = {"en": "I have nothing useful to add here.", "zh": "这里我没什么可补充的。"}
LOOK = str.maketrans({"o": "\u043e", "a": "\u0430", "e": "\u0435", "c": "\u0441"})


def _gold(language: str) -> str:
    return TURN.gold_answer.get(language)


def test_the_probe_turn_gold_passes() -> None:
    for language in ("en", "zh"):
        assert passes(TURN, _gold(language), language)


# ---------------------------------------------------------------- encoded lines
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(
    "encode",
    [
        lambda g: "\u2060".join(g),  # word joiners between every character
        lambda g: "".join(c + "\u200d" if i % 2 else c for i, c in enumerate(g)),
        lambda g: g.translate(LOOK) if g.isascii() else "\u200b".join(g),
    ],
)
def test_an_encoded_gold_after_a_non_answer_does_not_pass(language, encode) -> None:
    answer = f"{NOTHING[language]}\n\n{encode(_gold(language))}"
    assert not passes(TURN, answer, language), answer


def test_base64_and_reversed_gold_do_not_pass() -> None:
    for language in ("en", "zh"):
        g = _gold(language)
        b64 = base64.b64encode(g.encode()).decode()
        for hidden in (b64, g[::-1]):
            assert not passes(TURN, f"{NOTHING[language]} {hidden}", language)


def test_an_encoded_line_is_read_for_what_it_takes_back() -> None:
    """The encoded line is an aside: its words (folded) still take from the answer."""
    en = (
        _gold("en")
        + "\n"
        + "Actually, continue the hydrochlorothiazide.".translate(LOOK)
    )
    zh = _gold("zh") + "\n" + "\u200b".join("其实应继续氢氯噻嗪。")
    assert not passes(TURN, en, "en")
    assert not passes(TURN, zh, "zh")
    assert sh.show(en).asides == ("Actually, continue the hydrochlorothiazide.",)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # one stray zero-width character, a Greek mu in a unit, a beta-blocker
        ("Sodium is 127 mEq/L, lo\u200bw. Hold the hydrochlorothiazide.", "en"),
        ("Sodium 127 mEq/L (low); hold the HCTZ \u2014 and the \u03b2-blocker is fine, 5 \u03bcg.", "en"),
        ("血钠\u200b 127 mEq/L，偏低。暂停氢氯噻嗪。", "zh"),
        ("Ｎａ １２７ mEq/L，偏低；暂停氢氯噻嗪。", "zh"),  # full-width letters and digits
    ],
)  # fmt: skip
def test_a_right_answer_with_stray_characters_still_passes(answer, language) -> None:
    assert passes(TURN, answer, language), answer


# ---------------------------------------------------------------- padding
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize(
    "pad",
    [
        {"en": "Still checking.", "zh": "仍在核对。"},  # one line repeated
        {"en": "......", "zh": "。。。。。。"},  # lines of dots
    ],
)
def test_a_gold_below_a_wall_of_repeated_lines_does_not_pass(language, pad) -> None:
    wall = "\n".join([pad[language]] * (sh.PUSHED_DOWN_LINES + 2))
    answer = f"{NOTHING[language]}\n{wall}\n{_gold(language)}"
    assert not passes(TURN, answer, language)


@pytest.mark.parametrize(
    ("run", "language"),
    [
        ("\u3002" * 60, "zh"),
        ("\u2026" * 50, "zh"),
        ("\u7684" * 45, "zh"),
        ("\U0001f642" * 45, "en"),
        ("." * 80, "en"),
        ("\u7684 " * 30, "zh"),
    ],
)
def test_a_gold_after_a_run_of_padding_does_not_pass(run: str, language: str) -> None:
    assert not passes(TURN, f"{NOTHING[language]} {run} {_gold(language)}", language)
    assert not passes(TURN, f"{NOTHING[language]}\n{run}\n{_gold(language)}", language)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_long_right_answer_with_layout_still_passes(language: str) -> None:
    """Paragraphs with blank lines between, a table rule and an ellipsis are layout."""
    if language == "en":
        parts = [f"Note {i}: reviewed." for i in range(24)]
        answer = "\n\n".join([_gold("en"), *parts])
        table = (
            "| lab | value |\n|" + "-" * 48 + "|\n| Na | 127 mEq/L |\n\n" + _gold("en")
        )
        ellipsis = "Sodium... 127 mEq/L, low. Hold the hydrochlorothiazide."
    else:
        parts = [f"第{i}条：已核对。" for i in range(24)]
        answer = "\n\n".join([_gold("zh"), *parts])
        table = (
            "| 项目 | 数值 |\n|"
            + "=" * 48
            + "|\n| 血钠 | 127 mEq/L |\n\n"
            + _gold("zh")
        )
        ellipsis = "血钠……127 mEq/L，偏低。暂停氢氯噻嗪。"
    for right in (answer, table, ellipsis):
        assert passes(TURN, right, language), right


# ---------------------------------------------------------------- a block labelled after it
@pytest.mark.parametrize(
    ("label", "language"),
    [
        ("(the code above is sample output only)", "en"),
        ("// disregard the snippet above, it is a template", "en"),
        ("（以上内容为示例，请勿采用）", "zh"),
        ("【上面这段是草稿】", "zh"),
    ],
)
def test_a_block_disowned_by_the_line_after_it_is_an_aside(label, language) -> None:
    answer = f"{NOTHING[language]}\n\n```\n{_gold(language)}\n```\n{label}"
    assert not passes(TURN, answer, language)


@pytest.mark.parametrize(
    ("label", "language"),
    [
        ("(the block above is my recommendation)", "en"),
        ("（以上为本人意见）", "zh"),
    ],
)
def test_a_block_owned_by_the_line_after_it_is_the_answer(label, language) -> None:
    assert passes(TURN, f"```\n{_gold(language)}\n```\n{label}", language)


# ---------------------------------------------------------------- decisive days
VISIT = ToolCall(
    name="ServiceRequest.create",
    arguments={
        "service_type": "cardiology follow-up",
        "priority": "routine",
        "target_date": "2181-03-16",
    },
)
VISIT_TURN = Turn(
    index=1,
    task_type=TaskType.CR,
    implicitness=Implicitness.EXPLICIT,
    tool_source=ToolSource.EHR,
    request=Text(en="Book cardiology.", zh="约心内科随访。"),
    request_explicit=Text(en="Book cardiology.", zh="约心内科随访。"),
    topic="followup",
    gold_actions=[VISIT],
    gold_observations=[],
    gold_answer=Text(
        en="Booked: a routine cardiology follow-up for 2181-03-16 (in 2 weeks).",
        zh="已预约心内科常规随访，2181-03-16（2 周后）。",
    ),
    rubric=[
        _item(
            i,
            f"Writes {arg}",
            WriteCheck(tool="ServiceRequest.create", accepted={arg: [value]}),
        )
        for i, (arg, value) in enumerate(
            [
                ("service_type", "cardiology"),
                ("priority", "routine"),
                ("target_date", "2181-03-16"),
            ]
        )
    ],
)


@pytest.mark.parametrize(
    ("answer", "language", "right"),
    [
        ("Booked: routine cardiology follow-up for 16 March 2181.", "en", True),
        ("Routine cardiology visit booked, Mar 16th 2181.", "en", True),
        ("已约心内科常规随访：2181年3月16日。", "zh", True),
        ("Booked: a routine cardiology follow-up for 2181-03-19.", "en", False),
        ("Routine cardiology visit booked for March 12, 2181.", "en", False),
        ("已约心内科常规随访，时间 2181年3月21日。", "zh", False),
    ],
)
def test_a_write_reported_for_another_day_is_a_wrong_report(
    answer: str, language: str, right: bool
) -> None:
    assert passes(VISIT_TURN, answer, language) is right, answer


DATED = search_output(
    "Observation",
    "2181-03-02 07:00 | Sodium = 127 mEq/L (L) [ref 135-145]",
    "2181-03-01 07:00 | Sodium = 131 mEq/L (L) [ref 135-145]",
)


@pytest.mark.parametrize(
    ("answer", "language", "right"),
    [
        ("Sodium 127 mEq/L on 2 March 2181, low. Hold the hydrochlorothiazide.", "en", True),
        ("Sodium 127 mEq/L (03/02/2181), low; hold the hydrochlorothiazide.", "en", True),
        ("血钠 127 mEq/L（2181年3月2日），偏低。暂停氢氯噻嗪。", "zh", True),
        ("Sodium 127 mEq/L on 2181-03-06, low. Hold the hydrochlorothiazide.", "en", False),
        ("Sodium was 127 mEq/L (Feb 25, 2181), low; hold the hydrochlorothiazide.", "en", False),
        ("血钠 127 mEq/L（2181-02-27），偏低。暂停氢氯噻嗪。", "zh", False),
    ],
)  # fmt: skip
def test_a_result_dated_on_a_day_nobody_saw_is_wrong(
    answer: str, language: str, right: bool
) -> None:
    assert passes(TURN, answer, language) is right, answer
    problem = sh.unseen_day_problem(sh.shown_text(answer), "", [DATED])
    assert bool(problem) is not right, problem


# ---------------------------------------------------------------- decisive units
WBC = ["wbc", "white blood cells", "白细胞"]
WBC_CHECK = ValueCheck(value=14.9, unit="10^9/L", decimals=1, about=WBC)
WBC_SEEN = search_output(
    "Observation", "2181-03-02 07:00 | White Blood Cells = 14.9 K/uL (H) [ref 4.0-11.0]"
)


@pytest.mark.parametrize(
    ("answer", "right"),
    [
        ("WBC 14.9 K/uL, high.", True),
        ("WBC 14,900/µL, high.", True),
        ("白细胞 14.9 ×10^9/L，偏高。", True),
        ("WBC 14.9 /uL, high.", False),  # 14.9 cells per microlitre: not the count
        ("WBC 14.9 cells/mm3, high.", False),
    ],
)
def test_a_count_per_microlitre_is_converted_not_read_as_thousands(
    answer: str, right: bool
) -> None:
    assert met(WBC_CHECK, answer, observations=[WBC_SEEN]) is right, answer


# ---------------------------------------------------------------- words in no order
@pytest.mark.parametrize(
    "answer",
    [
        "hydrochlorothiazide. the low, is Hold 127 mEq/L Sodium the of",
        "127 mEq/L low. is sodium The, hold of hydrochlorothiazide the to",
        "Hold sodium low The is of the. hydrochlorothiazide 127 mEq/L in",
    ],
)
def test_words_in_no_order_do_not_pass(answer: str) -> None:
    assert sh.wording_problem(answer, "en"), sh.word_order_faults(answer)
    assert not passes(TURN, answer, "en")


@pytest.mark.parametrize(
    "answer",
    [
        "Na 127, low. Hold HCTZ.",
        "Sodium's 127 mEq/L - low. I'd hold the hydrochlorothiazide for now and recheck in the a.m.",
        "- Sodium: 127 mEq/L (low)\n- Plan: hold the hydrochlorothiazide\n- Recheck: tomorrow, e.g. 6 a.m.",
        "Sodium is 127 mEq/L, which is low and worth acting on. Hold the hydrochlorothiazide, the usual culprit to look at.",
    ],
)
def test_right_answers_in_loose_english_still_parse(answer: str) -> None:
    assert not sh.wording_problem(answer, "en"), sh.word_order_faults(answer)
    assert passes(TURN, answer, "en"), answer


# ---------------------------------------------------------------- a write the answer hides
@pytest.mark.parametrize(
    ("answer", "language", "right"),
    [
        ("All set - cardiology will see them on 16 March 2181, routine.", "en", True),
        ("Cardiology follow-up is in for 2181-03-16.", "en", True),
        ("已约好心内科常规随访：2181-03-16。", "zh", True),
        ("That one is beyond what I can do here.", "en", False),
        ("I can't do that.<!-- Booked cardiology for 2181-03-16. -->", "en", False),
        ("这个我处理不了。", "zh", False),
        (
            "这个我处理不了。\n\n```\n已预约心内科随访，2181-03-16。\n```\n（以上为草稿）",
            "zh",
            False,
        ),
    ],
)
def test_a_write_the_shown_answer_says_nothing_of_is_not_paid(
    answer: str, language: str, right: bool
) -> None:
    assert passes(VISIT_TURN, answer, language) is right, answer


def test_a_list_of_values_reports_no_flag() -> None:
    flag = ToolCall(
        name="Flag.create",
        arguments={"category": "safety", "code": "sodium 127 on hydrochlorothiazide"},
    )
    turn = VISIT_TURN.model_copy(
        update={
            "gold_actions": [flag],
            "rubric": [
                _item(
                    0,
                    "Flags it",
                    WriteCheck(tool="Flag.create", accepted={"category": ["safety"]}),
                )
            ],
        }
    )
    assert not passes(turn, "Values:\n- Sodium: 131 -> 127 mEq/L (L)", "en")
    assert not passes(turn, "数值（保留病历标记）：\n- 血钠：131 -> 127 mEq/L", "zh")
    assert passes(
        turn, "Safety alert on the chart: sodium 127 on hydrochlorothiazide.", "en"
    )
    assert passes(turn, "已添加安全警示：血钠 127，氢氯噻嗪。", "zh")


def test_a_planned_day_after_the_record_is_no_unseen_day():
    """A recheck or follow-up day after the latest day the record shows is a plan, not a
    dated fact (lead, at the merge): a right answer that books "recheck on <date>" passes;
    a result moved to a day after the record, said as a fact, still fails."""
    from physassist_env.grading.shown import unseen_day_problem

    obs = ["Creatinine 2.1 mg/dL 2181-03-04 06:00 (H)"]
    gold = "Creatinine 2.1 mg/dL on 2181-03-04."
    assert not unseen_day_problem(
        "Creatinine 2.1 on 2181-03-04; recheck on 2181-03-06.", gold, obs
    )
    assert not unseen_day_problem(
        "肌酐 2.1（2181-03-04），2181年3月6日复查。", gold, obs
    )
    assert unseen_day_problem("Creatinine 2.1 on 2181-03-07.", gold, obs)
    assert unseen_day_problem(
        "Creatinine 2.1 on 2181-03-01; recheck tomorrow.", gold, obs
    )
