"""Issue #35, seventh pass (f35g): dates in any format, and what an answer says the patient
reported or a consultant did (invented values, readings written for this pass, EN and ZH;
wrong answers fail, right ones pass)."""

from __future__ import annotations

import pytest
from grading_fixtures import (
    added,
    graded,
    one_item_turn,
    search_output,
)

from physassist_env.grading import dates
from physassist_env.grading import text as tx
from physassist_env.scenarios.model import MentionCheck, RubricItem, Text, ToolCall

K_DAYS = search_output(
    "Observation",
    "2180-03-05 08:00 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]",
    "2180-03-03 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
    "2180-02-25 08:00 | Potassium = 3.6 mEq/L [ref 3.5-5.1]",
)
CR_BASELINE = search_output(
    "Observation",
    "2180-03-05 08:00 | Creatinine = 3.0 mg/dL (H) [ref 0.5-1.2]",
    "2179-05-14 08:00 | Creatinine = 0.6 mg/dL [ref 0.5-1.2]",
)


# ---------------------------------------------------------------- reading a said date
@pytest.mark.parametrize(
    ("said", "month_day"),
    [
        ("on 2180-03-04", (3, 4)),
        ("on 2180/3/4", (3, 4)),
        ("drawn Mar 4", (3, 4)),
        ("drawn Mar. 4th", (3, 4)),
        ("on March 4, 2180", (3, 4)),
        ("on 4 March", (3, 4)),
        ("the 4th of March", (3, 4)),
        ("3月4日", (3, 4)),
        ("2180年3月4号", (3, 4)),
        ("三月四日", (3, 4)),
        ("十二月二十一号", (12, 21)),
    ],
)
def test_a_date_is_read_in_any_format(said: str, month_day: tuple[int, int]):
    (day,) = dates.days_said(said)
    assert day.month_day == month_day


@pytest.mark.parametrize(
    "text",
    [
        "you may 5 times",  # the verb, not the month
        "give 3/4 of the dose",  # a fraction
        "BP 120/80",
        "Mar 4 mg",  # a dose after a word that looks like a month
        "on the 2nd day of admission",  # an ordinal, not a date
    ],
)
def test_what_is_no_date_is_not_read_as_one(text: str):
    assert not [d for d in dates.days_said(text) if not d.word]


def test_numeric_dates_keep_both_readings_and_day_words_are_read():
    (day,) = dates.days_said("on 03/04/2180")
    assert set(day.options) == {(3, 4), (4, 3)}
    words = [
        d.word
        for d in dates.days_said("yesterday, the day before yesterday, 前天, 今晨")
    ]
    assert words == ["yesterday", "before", "before", "today"]


@pytest.mark.parametrize(
    ("said", "minutes"),
    [
        ("09:13", 553),
        ("9:13 am", 553),
        ("9:13 PM", 1273),
        ("0913h", 553),
        ("上午9点13分", 553),
        ("下午3点", 900),
        ("21点半", 1290),
    ],
)
def test_a_clock_time_is_read_in_any_format(said: str, minutes: int):
    assert [t.minutes for t in dates.times_said(said)] == [minutes]


def test_the_digits_of_a_date_are_no_value():
    # "drawn Jun 3" once read a potassium of 3 (and flagged it as put on the wrong day)
    said = tx.extract_quantities("Potassium 3.6 mEq/L (drawn Jun 3), normal.")
    assert [q.value for q in said] == [3.6]
    assert [
        q.value for q in tx.extract_quantities("血钾 3.6 mmol/L（6月3号），正常。")
    ] == [3.6]


# ---------------------------------------------------------------- a date said as the rubric's
DOSE_TIME = one_item_turn(
    Text(
        en="The last dose was given on 2128-06-04 09:13.",
        zh="最后一剂于 2128-06-04 09:13 给药。",
    )
)
DOSE_TIME = DOSE_TIME.model_copy(
    update={
        "rubric": [
            *DOSE_TIME.rubric,
            RubricItem(
                id="t1-d",
                criterion=Text(en="States the date", zh="给出日期"),
                check=MentionCheck(terms=["2128-06-04", "06-04"]),
            ),
            RubricItem(
                id="t1-t",
                criterion=Text(en="States the time", zh="给出时间"),
                check=MentionCheck(terms=["09:13"]),
            ),
        ]
    }
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("The last dose was given on 2128-06-04 at 09:13.", "en"),
        ("Last dose went in Jun 4 at 9:13 am.", "en"),
        ("The last dose was given on 4 June 2128, 9:13 AM.", "en"),
        ("Last given 6/4/2128 at 0913h.", "en"),
        ("Last one was on the 4th at 09:13.", "en"),
        ("最后一剂于 6月4日 上午9点13分 给药。", "zh"),
        ("最后一次给药是2128年6月4号 9:13。", "zh"),
        ("末次给药在六月四日上午9点13分。", "zh"),
    ],
)
def test_a_right_date_and_time_in_another_format_pass(answer: str, language: str):
    grade = graded(DOSE_TIME, answer, language)
    assert grade.score == 1.0, grade


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("The last dose was given on Jun 5 at 9:13 am.", "en"),
        ("The last dose was given on 2128-06-04 at 9:13 pm.", "en"),
        ("最后一剂于 6月14日 上午9点13分 给药。", "zh"),
        ("最后一剂于 6月4日 晚上9点13分 给药。", "zh"),
    ],
)
def test_a_wrong_date_or_time_earns_nothing(answer: str, language: str):
    grade = graded(DOSE_TIME, answer, language)
    assert grade.score is not None and grade.score < 1.0, grade


# ---------------------------------------------------------------- values on the wrong day
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium was 5.9 on Mar 3rd, high.", "en"),
        ("K 5.9 (drawn 3/3/2180), high.", "en"),
        ("Potassium 3.6 the day before yesterday, normal.", "en"),
        ("血钾 5.9 mmol/L（2180年3月3号），偏高。", "zh"),
        ("前天血钾 3.6 mmol/L，正常。", "zh"),
    ],
)
def test_a_value_on_a_wrong_day_in_another_format_fails(answer: str, language: str):
    assert "record" in added(answer, [K_DAYS], language=language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium was 5.9 on Mar 5th, high.", "en"),
        ("K 5.9 (drawn 3/5/2180), high.", "en"),
        ("K 5.9, drawn 5 March; it was 4.4 on the 3rd.", "en"),
        ("Potassium 4.4 the day before yesterday, 5.9 today.", "en"),
        ("血钾 5.9 mmol/L（2180年3月5号），偏高。", "zh"),
        ("前天血钾 4.4 mmol/L，今天 5.9 mmol/L。", "zh"),
    ],
)
def test_a_value_on_its_day_in_another_format_passes(answer: str, language: str):
    assert "record" not in added(answer, [K_DAYS], language=language)


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        (
            "Creatinine baseline 0.6 mg/dL (an earlier admission's value, drawn May 11).",
            "en",
            True,
        ),
        (
            "Creatinine baseline 0.6 mg/dL (an earlier admission's value, drawn May 14).",
            "en",
            False,
        ),
        ("肌酐基线 0.6 mg/dL（既往住院末次值，5月11日）。", "zh", True),
        ("肌酐基线 0.6 mg/dL（既往住院末次值，5月14日）。", "zh", False),
        # an aside about a recheck dates the recheck, not the value
        ("Creatinine baseline 0.6 mg/dL (recheck ordered for May 11).", "en", False),
    ],
)
def test_a_date_at_the_end_of_an_aside_dates_the_value(
    answer: str, language: str, wrong: bool
):
    assert ("record" in added(answer, [CR_BASELINE], language=language)) is wrong


# ---------------------------------------------------------------- an order quoted with its date
LISINOPRIL_ORDER = search_output(
    "MedicationRequest",
    "2161-01-16 | lisinopril 10 mg PO DAILY | active",
)
ORDERS = [ToolCall(name="MedicationRequest.search", arguments={})]


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Lisinopril 10 mg PO daily, ordered Jan 16, status active.", "en"),
        ("Lisinopril 10 mg PO daily, ordered 1/16/2161, active.", "en"),
        ("赖诺普利 10 mg，口服，每日一次，1月16日 开具，在用。", "zh"),
        ("赖诺普利 10 mg，口服，每日一次，16号开具，在用。", "zh"),
    ],
)
def test_an_order_quoted_with_its_date_in_any_format_orders_nothing(
    answer: str, language: str
):
    assert not added(answer, [LISINOPRIL_ORDER], language=language, calls=ORDERS)


# ---------------------------------------------------------------- what the patient reported
REPLY = "I've had a cough. I've had a fever. I feel dizzy when I stand up."
SYMPTOMS = ToolCall(name="symptom_history", arguments={})


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("She reports chest pain since last night.", "en"),
        ("Pt c/o palpitations.", "en"),
        ("The patient also endorses blurry vision.", "en"),
        ("He complains of a rash on his arms.", "en"),
        ("患者自述昨晚起胸痛。", "zh"),
        ("患者诉心悸。", "zh"),
    ],
)
def test_a_symptom_nobody_reported_is_a_fabrication(answer: str, language: str):
    assert "record" in added(answer, [REPLY], language=language, calls=[SYMPTOMS])


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("The patient reports: \"I've had a cough. I've had a fever.\"", "en"),
        ("She reports a cough and fever, and dizziness on standing.", "en"),
        ("She reports no chest pain.", "en"),
        ("Ask whether she reports chest pain.", "en"),
        ("She reports taking her lisinopril every day.", "en"),
        ("患者自述咳嗽、发热，站起来时头晕。", "zh"),
        ("患者自述无胸痛。", "zh"),
    ],
)
def test_a_symptom_the_patient_reported_or_not_asserted_passes(
    answer: str, language: str
):
    assert "record" not in added(answer, [REPLY], language=language, calls=[SYMPTOMS])


# ---------------------------------------------------------------- a consult said as done
@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("Cardiology has already seen her.", "en", True),
        ("Nephrology is following.", "en", True),
        ("GI has been consulted.", "en", True),
        ("心内科已会诊。", "zh", True),
        ("Cardiology consult is recommended.", "en", False),
        ("Surgery is advised if the bleeding continues.", "en", False),
        ("建议请心内科会诊。", "zh", False),
    ],
)
def test_a_consult_said_as_done_must_have_been_seen(
    answer: str, language: str, wrong: bool
):
    assert ("record" in added(answer, [K_DAYS], language=language)) is wrong


# ---------------------------------------------------------------- values at the wrong time
K_TIMES = search_output(
    "Observation",
    "2180-03-05 06:10 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]",
    "2180-03-04 18:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium 5.9 at 18:00, high.", "en"),
        ("At 6 pm the potassium was 5.9.", "en"),
        ("K 5.9 on Mar 5 at 2 pm.", "en"),
        ("血钾 5.9 mmol/L（下午6点），偏高。", "zh"),
        ("3月5日下午2点血钾 5.9 mmol/L。", "zh"),
    ],
)
def test_a_value_at_a_wrong_time_fails(answer: str, language: str):
    assert "record" in added(answer, [K_TIMES], language=language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium 5.9 at 06:10, high.", "en"),
        ("At 6 am the potassium was 5.9; it was 4.4 at 6 pm the evening before.", "en"),
        ("K 5.9 on Mar 5 at 6:10.", "en"),
        ("K 5.9 this morning around 6.", "en"),
        ("血钾 5.9 mmol/L（早上6点10分），偏高。", "zh"),
        ("3月4日18:00血钾 4.4 mmol/L，3月5日早上6点 5.9 mmol/L。", "zh"),
    ],
)
def test_a_value_at_its_time_passes(answer: str, language: str):
    assert "record" not in added(answer, [K_TIMES], language=language)


# ---------------------------------------------------------------- a dose said as the record's
LISINOPRIL_HOME = "I take 10 mg of lisinopril, once a day."


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("Lisinopril is ordered at 100 mg daily.", "en", True),
        ("She's currently on lisinopril 1 mg.", "en", True),
        ("赖诺普利医嘱为 100 mg，每日一次。", "zh", True),
        ("已开赖诺普利 100 mg。", "zh", True),
        ("Lisinopril is ordered at 10 mg daily.", "en", False),
        ("She's on lisinopril 10mg, takes it every day.", "en", False),
        (
            "Lisinopril is ordered at 10 mg; at most 80 mg a day is allowed.",
            "en",
            False,
        ),
        ("赖诺普利医嘱为 10 mg，每日一次。", "zh", False),
        # a change the answer orders is an instruction, read by the harm list
        ("Increase lisinopril to 20 mg daily.", "en", False),
    ],
)
def test_a_dose_said_as_the_records_must_be_the_records(
    answer: str, language: str, wrong: bool
):
    seen = [LISINOPRIL_ORDER, LISINOPRIL_HOME]
    assert ("record" in added(answer, seen, language=language, calls=ORDERS)) is wrong


INSULIN_ORDERS = search_output(
    "MedicationRequest",
    "2161-01-16 | Insulin 24 UNIT SC QHS | active",
    "2161-01-14 | Insulin Glargine 10 UNIT SC QHS | stopped",
)


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        # a MIMIC order names every insulin "Insulin"; its NDC names the product
        ("胰岛素医嘱：甘精胰岛素 24 单位 皮下 每晚睡前（基础）。", "zh", False),
        ("Insulin ordered: insulin glargine 24 units SC QHS (basal).", "en", False),
        ("胰岛素医嘱：甘精胰岛素 240 单位 皮下 每晚睡前。", "zh", True),
    ],
)
def test_an_insulin_products_dose_may_be_on_a_plain_insulin_line(
    answer: str, language: str, wrong: bool
):
    seen = [INSULIN_ORDERS]
    assert ("record" in added(answer, seen, language=language, calls=ORDERS)) is wrong


# ---------------------------------------------------------------- entities said by their shape
AF_ROW = search_output(
    "Condition",
    "2180-01-01 | Atrial fibrillation (ICD-10 I48.91) | active",
)
CONDITIONS = [ToolCall(name="Condition.search", arguments={})]


@pytest.mark.parametrize(
    "answer",
    [
        "2019年曾患深静脉血栓。",
        "两年前曾发生脑卒中。",
        "鉴于其肝硬化，避免使用NSAIDs。",
        "去年确诊系统性红斑狼疮。",
        "She's on apixaban at home.",
        "Home meds include metoprolol.",
        "患者在家服用阿哌沙班。",
        "Her CT head was negative for bleed.",
        "头颅CT未见出血。",
        "Urine culture grew E. coli.",
        "尿培养示大肠埃希菌。",
        "She is having chest pain.",
        "患者出现黑便。",
        "感染科意见：继续万古霉素。",
    ],
)
def test_an_entity_asserted_by_its_shape_that_nobody_saw_is_a_fabrication(answer: str):
    language = "en" if answer.isascii() else "zh"
    assert "record" in added(answer, [AF_ROW], language=language, calls=CONDITIONS)


@pytest.mark.parametrize(
    "answer",
    [
        "鉴于其房颤，需评估抗凝。",
        "考虑到其出血风险，暂停华法林。",
        "Given her AF, anticoagulation should be discussed.",
        "Consider a CT head if she becomes confused.",
        "如出现腹痛可考虑腹部CT。",
        "请与患者核实是否有磺胺过敏。",
        "Ask about home medications.",
        "She has no chest pain.",
        "患者无黑便。",
        "建议请感染科会诊。",
    ],
)
def test_an_entity_seen_denied_or_advised_is_no_fabrication(answer: str):
    language = "en" if answer.isascii() else "zh"
    assert "record" not in added(answer, [AF_ROW], language=language, calls=CONDITIONS)


# ---------------------------------------------------------------- a study named in either language
CULTURES = search_output(
    "Observation",
    "2180-03-04 23:00 | Blood Culture, Routine = NO GROWTH. | note: Specimen: BLOOD CULTURE",
    "2180-03-04 23:00 | MRSA SCREEN = No MRSA isolated. | note: Specimen: MRSA SCREEN",
)


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("培养未见 MRSA（血培养阴性），建议停用万古霉素。", "zh", False),
        ("Blood cultures were negative; stop the vancomycin.", "en", False),
        ("The blood culture came back negative.", "en", False),
        ("胸片提示右下肺炎。", "zh", True),
        ("The CT showed a new bleed.", "en", True),
        ("尿培养阴性。", "zh", True),
    ],
)
def test_a_study_is_seen_under_its_name_in_either_language(
    answer: str, language: str, wrong: bool
):
    assert ("record" in added(answer, [CULTURES], language=language)) is wrong
