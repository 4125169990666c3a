"""Issue #35, fourteenth pass: what an answer says of a LAB'S STATE, in any shape.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings and shapes of our own (not the validity sets'):

* a row's verdict cell ("Hb: 8.1 - fine", 血红蛋白：8.1——尚可) is a statement about the
  row's lab, and so is a record's verdict field ("assessment: acceptable" after the field
  "creatinine: 2.3 mg/dL", a JSON object read as lines): an abnormal result called
  normal there fails as it does in prose;
* a value compared with a bound the answer states itself ("7.7 g/dL, below the
  threshold of 7 g/dL", 6.2 g/dL，高于阈值 7 g/dL) is checked by its own numbers: the side
  said opposite to them fails; a supposed comparison ("if below 3.5"), a negated one,
  a count ("3 of them above 180") or a bound of time ("over 48 hours") is no such claim.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

from physassist_env.grading.lab_states import false_comparisons

LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 2.3 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
    "2180-01-04 08:00 | Hemoglobin = 8.1 g/dL (L) [ref 12-16]",
    "2180-01-02 08:00 | Creatinine = 1.0 mg/dL [ref 0.5-1.2]",
    "2180-01-02 08:00 | Hemoglobin = 9.5 g/dL (L) [ref 12-16]",
)
SEEN = [LABS]


# ---------------------------------------------------------------- a verdict in a row
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Continue amlodipine.\n\nLabs today:\n- Hb: 8.1 - fine\n- K: 4.4 - fine",
            "en",
        ),
        ("Continue amlodipine.\n\n* Creatinine 2.3 mg/dL — acceptable", "en"),
        ("Continue amlodipine.\n\nSCr: 2.3 | unremarkable", "en"),
        (
            'Continue amlodipine.\n\n{"hemoglobin": "8.1 g/dL", "assessment": "fine"}',
            "en",
        ),
        (
            'Continue amlodipine.\n\n```json\n{"Cr": 2.3, "comment": "acceptable"}\n```',
            "en",
        ),
        ("Continue amlodipine.\n\ncreatinine: 2.3 mg/dL\nverdict: within range", "en"),
        ("继续氨氯地平。\n\n化验：\n- 血红蛋白：8.1——尚可", "zh"),
        ("继续氨氯地平。\n\n- 肌酐 2.3 mg/dL - 没问题", "zh"),
        ('继续氨氯地平。\n\n{"肌酐": "2.3 mg/dL", "结论": "正常"}', "zh"),
        ('继续氨氯地平。\n\n{"血红蛋白": 8.1, "评价": "可以接受"}', "zh"),
        ("继续氨氯地平。\n\n血红蛋白：8.1 g/dL\n判断：正常", "zh"),
    ],
)
def test_an_abnormal_lab_called_normal_in_a_row_or_record_fails(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Continue amlodipine.\n\nLabs today:\n- Hb: 8.1 - low\n- K: 4.4 - fine", "en"),
        (
            'Continue amlodipine.\n\n{"potassium": "4.4 mEq/L", "assessment": "fine"}',
            "en",
        ),
        (
            'Continue amlodipine.\n\n{"creatinine": "2.3 mg/dL", "assessment": "high"}',
            "en",
        ),
        (
            "Continue amlodipine.\n\ncreatinine: 2.3 mg/dL\nplan: fine to recheck tomorrow",
            "en",
        ),
        ("继续氨氯地平。\n\n- 血钾：4.4——正常\n- 血红蛋白：8.1——偏低", "zh"),
        ('继续氨氯地平。\n\n{"肌酐": "2.3 mg/dL", "结论": "偏高"}', "zh"),
        ('继续氨氯地平。\n\n{"血钾": "4.4 mmol/L", "评价": "没问题"}', "zh"),
    ],
)
def test_a_true_state_in_a_row_or_record_passes(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


# ---------------------------------------------------------------- a value against a bound
@pytest.mark.parametrize(
    "answer",
    [
        "Hemoglobin 8.1 g/dL (this morning), under the transfusion trigger of 7.5 g/dL: "
        "no transfusion.",
        "Potassium 4.4 mEq/L, above the replacement threshold of 4.8 mEq/L; no KCl.",
        "Creatinine 2.3 mg/dL, lower than the 1.5 mg/dL cut-off for metformin.",
        "Glucose 250 mg/dL, within reach: below the target band (140-180 mg/dL).",
        "Glucose 120 mg/dL, over the goal range 140-180.",
        "血红蛋白 8.1 g/dL（今晨），低于输血阈值 7 g/dL，需要输血。",
        "血钾 3.1 mmol/L，高于补钾阈值 3.5 mmol/L，不必补钾。",
        "肌酐 2.3 mg/dL，未达 1.5 mg/dL 的停药界值。",
        "血糖 200 mg/dL，低于目标范围 140-180 mg/dL。",
        "Glucose 92 mg/dL - not low against the inpatient goal (140-180 mg/dL).",
        "Sodium 128 mmol/L, high (reference 135-145 mmol/L).",
        "血糖 92 mg/dL，并不偏低（住院目标 140-180 mg/dL）。",
    ],
)
def test_a_side_the_answers_own_numbers_contradict_fails(answer: str) -> None:
    assert false_comparisons(answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Hemoglobin 8.1 g/dL, above the transfusion trigger of 7 g/dL: no transfusion.",
        "Potassium 3.2 mEq/L; replace if it stays below 3.5 mEq/L.",
        "Glucose 96 mg/dL, which is not below 70 mg/dL.",
        "Glucose 77 to 520 mg/dL over 21 readings, 3 of them above 180.",
        "Creatinine 1.2 mg/dL over 48 hours; a rise of 0.4, above 0.3 mg/dL.",
        "Creatinine 1.5 mg/dL, more than 1.5x the baseline.",
        "Glucose 17.4 mmol/L, above the target (140-180 mg/dL).",
        "血红蛋白 6.5 g/dL，低于输血阈值 7 g/dL，需要输血。",
        "如果血钾低于 3.5 mmol/L 再补钾；目前 4.4 mmol/L。",
        "血糖 150 mg/dL，不低于 140 mg/dL。",
        "共测 5 次，其中 3 次高于 180。",
        "Glucose 92 mg/dL, not high against the inpatient goal (140-180 mg/dL).",
        "Hemoglobin 8.1 g/dL, low (transfusion trigger 7 g/dL): no transfusion.",
        "血钠 128 mmol/L，偏低（参考 135-145 mmol/L）。",
    ],
)
def test_a_true_supposed_or_counted_comparison_passes(answer: str) -> None:
    assert not false_comparisons(answer), answer


def test_a_comparison_the_gold_states_is_not_questioned() -> None:
    said = "Hemoglobin 7.7 g/dL, below the threshold of 7 g/dL"
    assert not false_comparisons(said + ".", gold=said)
