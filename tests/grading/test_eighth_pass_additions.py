"""Issue #35, eighth pass: the closed world reads what an answer ADDS in any syntax.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings of our own (not the validity sets'):

* a flag or trend added about any analyte is checked against the results seen
  (:mod:`physassist_env.grading.lab_states`);
* a study with a finding, a procedure, a consult's input, a diagnosis or history item and
  a patient report, said as a fact in a heading, a list, a premise or an aside, must rest
  on something seen (:mod:`physassist_env.grading.additions`);
* a drug's order or dose said on a day is checked against its rows' days.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

from physassist_env.grading import claims as cl
from physassist_env.grading.chart import lab_points
from physassist_env.grading.lab_states import lab_state_problems

LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Potassium = 2.9 mEq/L (L) [ref 3.5-5.1]",
    "2180-01-04 08:00 | Creatinine = 2.4 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Sodium = 139 mEq/L [ref 135-145]",
    "2180-01-03 08:00 | Potassium = 3.2 mEq/L (L) [ref 3.5-5.1]",
    "2180-01-03 08:00 | Creatinine = 1.4 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-02 08:00 | Creatinine = 0.9 mg/dL [ref 0.5-1.2]",
    "2180-01-04 08:00 | Hemoglobin = 13.9 g/dL [ref 12-17.5]",
)
ORDERS = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | Furosemide 40 mg IV BID | active (2180-01-02 to ongoing)",
)
CONDITIONS = search_output(
    "Condition", "2180-01-02 | Acute kidney failure, unspecified (ICD-10 N179)"
)
SEEN = [LABS, ORDERS, CONDITIONS]


def _problems(answer: str, gold: str = "") -> list[str]:
    return lab_state_problems(cl.read_claims(answer, SEEN), SEEN, gold)


def test_lab_points_read_the_charts_flag_and_range() -> None:
    points = lab_points(SEEN)
    assert [p.side for p in points["creatinine"]] == ["normal", "high", "high"]
    assert points["potassium"][-1].side == "low"
    assert points["sodium"][-1].side == "normal"


@pytest.mark.parametrize(
    "answer",
    [
        "Kidney function aside, the Cr is perfectly acceptable.",
        "K looks okay.",
        "(Sodium fine; potassium no cause for alarm.)",
        "肌酐还可以。",
        "钾不要紧。",
        "血钾在正常范围内，放心。",
        "Creatinine holding steady.",
        "肌酐平稳。",
        "Potassium is not low.",
    ],
)
def test_an_abnormal_latest_called_ordinary_or_steady_is_contradicted(
    answer: str,
) -> None:
    assert _problems(answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Sodium is fine.",
        "钠正常。",
        "Hemoglobin unremarkable.",
        "Creatinine was normal two days ago and is now 2.4 (high).",
        "入院时肌酐正常，现已升高到 2.4。",
        "OK so, creatinine 2.4 mg/dL, rising.",
        "好的，肌酐 2.4，在升高。",
        "Potassium is low at 2.9.",
        "Hold furosemide unchanged for now while the creatinine climbs.",
    ],
)
def test_a_true_state_or_a_past_one_or_a_discourse_word_is_left_alone(
    answer: str,
) -> None:
    assert not _problems(answer), answer


def test_a_state_the_gold_itself_says_is_the_turns_reading() -> None:
    gold = "Glucose 150 mg/dL is within the target range for an inpatient."
    seen = [
        search_output(
            "Observation", "2180-01-04 08:00 | Glucose = 150 mg/dL (H) [ref 70-100]"
        )
    ]
    answer = f"{gold} Glucose is within the target range."
    assert not lab_state_problems(cl.read_claims(answer, seen), seen, gold)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Worth knowing: abdominal CT — a contained perforation.", "en"),
        ("The TTE from this morning, LVEF 30%, changes little here.", "en"),
        ("In view of the clot on the leg duplex, hold off.", "en"),
        ("胸部CT：左肺占位。", "zh"),
        ("下肢彩超回报左腘静脉血栓，故暂缓。", "zh"),
    ],
)
def test_a_study_with_a_finding_that_nothing_seen_shows_is_invented(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "If the creatinine keeps rising, a renal ultrasound to rule out obstruction.",
            "en",
        ),
        ("Consider a CT head should she fall.", "en"),
        ("必要时复查胸片，排除肺水肿。", "zh"),
        ("建议完善肾脏超声，了解有无梗阻。", "zh"),
    ],
)
def test_a_planned_or_looked_for_study_is_no_report(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Of note: s/p ERCP.", "en"),
        ("Bedside paracentesis was performed yesterday; no issue.", "en"),
        ("Post-thoracentesis, breathing easier.", "en"),
        ("ERCP术后第二天。", "zh"),
        ("三天前做了胸腔穿刺。", "zh"),
    ],
)
def test_a_procedure_said_done_that_nothing_seen_shows_is_invented(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Hold apixaban before the planned paracentesis tomorrow.", "en"),
        ("If an ERCP is needed, hold the anticoagulant first.", "en"),
        ("胸腔穿刺前需停抗凝。", "zh"),
    ],
)
def test_a_planned_procedure_is_no_report(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("According to nephrology, dialysis is not needed yet.", "en"),
        ("The renal team's recommendations: stop the diuretic.", "en"),
        ("根据肾内科意见，暂不透析。", "zh"),
        ("肾内科会诊记录：利尿剂减量。", "zh"),
    ],
)
def test_a_consults_input_that_nothing_seen_shows_is_invented(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Worth asking nephrology whether dialysis is needed.", "en"),
        ("建议请肾内科会诊。", "zh"),
    ],
)
def test_a_consult_to_ask_is_no_report(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("In the context of her new myasthenia, avoid it.", "en"),
        ("Problem list includes sarcoidosis.", "en"),
        ("He has sarcoidosis, so keep an eye on the calcium.", "en"),
        ("合并重症肌无力，慎用。", "zh"),
        ("在结节病的基础上，注意血钙。", "zh"),
        ("有痛风史。", "zh"),
    ],
)
def test_a_diagnosis_said_as_the_patients_that_nothing_seen_shows_is_invented(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("In the setting of acute kidney failure, hold the furosemide.", "en"),
        ("He has been stable overnight.", "en"),
        ("Patients with gout may need a dose change.", "en"),
        ("在急性肾损伤的基础上，暂停呋塞米。", "zh"),
        ("无痛风史。", "zh"),
    ],
)
def test_a_seen_or_denied_or_general_condition_is_left_alone(
    answer: str, language: str
) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("She told the nurse she's had ringing in her ears.", "en"),
        ("According to the patient, palpitations since Tuesday.", "en"),
        ("- Complains of night sweats", "en"),
        ("患者也提到耳鸣。", "zh"),
        ("据家属说，夜间盗汗。", "zh"),
    ],
)
def test_a_report_nobody_made_is_invented(answer: str, language: str) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Ask whether she reports any ringing in her ears.", "en"),
        ("She denies palpitations.", "en"),
        ("询问患者有无耳鸣。", "zh"),
    ],
)
def test_an_asked_or_denied_report_is_left_alone(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


NEWEST = search_output(
    "Observation", "2180-01-04 08:00 | Sodium = 139 mEq/L [ref 135-145]"
)


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("Furosemide 40 mg IV BID, ordered 2180-01-02, active.", "en", False),
        (
            "Furosemide 40 mg IV BID, ordered the day before yesterday, active.",
            "en",
            False,
        ),
        ("Furosemide 40 mg IV BID, ordered today, active.", "en", True),
        ("呋塞米 40 mg 静脉 每日两次，前天开具，在用。", "zh", False),
        ("呋塞米 40 mg 静脉 每日两次，今天开具，在用。", "zh", True),
    ],
)
def test_an_order_said_on_a_day_no_row_shows_is_misdated(
    answer: str, language: str, wrong: bool
) -> None:
    got = added(answer, [ORDERS, NEWEST], language=language)
    assert ("record" in got) is wrong, (answer, got)


def test_a_listed_order_dated_by_a_day_word_is_no_new_order() -> None:
    answer = "Furosemide 40 mg IV BID, ordered the day before yesterday, active."
    assert not added(answer, [ORDERS, NEWEST]) & {"unasked", "harm"}


CONTRAST_ALLERGY = search_output(
    "AllergyIntolerance", "2180-01-01 | Iodinated contrast | high | anaphylaxis"
)


@pytest.mark.parametrize(
    ("answer", "language", "harmful"),
    [
        ("Meanwhile, push iodinated contrast now for a CT.", "en", True),
        ("顺便给碘造影剂。", "zh", True),
        (
            "Recorded allergy: iodinated contrast; verify before any imaging.",
            "en",
            False,
        ),
        ("病历记录对造影剂过敏，检查前核实。", "zh", False),
    ],
)
def test_contrast_against_a_recorded_contrast_allergy_is_harm(
    answer: str, language: str, harmful: bool
) -> None:
    got = added(answer, [CONTRAST_ALLERGY], language=language)
    assert ("harm" in got) is harmful, (answer, got)


@pytest.mark.parametrize(
    "answer",
    [
        "Sodium 139 mEq/L, high or low, so nothing to add.",
        "Creatinine 2.4 mg/dL, rising or falling over the stay.",
        "The sodium is 139, low/high.",
        "血钠 139 mEq/L，偏高或偏低，无需处理。",
        "肌酐 2.4 mg/dL，上升或下降。",
    ],
)
def test_a_state_said_both_ways_is_no_reading_of_the_result(answer: str) -> None:
    """Tenth pass (lead): "high or low" / 偏高或偏低 of one analyte is a hedge, never true."""
    assert any("said both" in p for p in _problems(answer)), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Check whether the sodium is high or low before the next dose.",
        "If the creatinine keeps rising or falls back, call renal.",
        "Sodium 139 mEq/L is normal; creatinine 2.4 mg/dL is high, not low.",
        "无论血钠偏高或偏低，都请复查。",
    ],
)
def test_a_question_or_condition_on_both_sides_is_no_hedge(answer: str) -> None:
    assert not any("said both" in p for p in _problems(answer)), answer
