"""Issue #35, fifteenth pass: a lab's state and course in ANY words.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings and shapes of our own (not the validity sets'):

* an analyte the chart holds out of its range, named by any name (a lay name of its
  value: "kidney numbers", 肾指标, "clotting test"; the record's own label, INR(PT); a
  panel it belongs to: "kidney function", 血常规, "the electrolytes"),
  called in range or reassuring in any register, in a sentence, a row (a table with or
  without a header), a parenthesis or a remainder that includes it by name
  (其他化验包括 Cr 均无异常), is a record contradiction;
* a course said as a motion and its direction ("drifting down", "edged higher", 一路走低,
  又开始升了) is a trend: said opposite to the chart's series, or said of a series that
  does not move at all, it fails; a course said to go both ways ("fluctuating", 大起大落)
  over a series no step of which moves fails too;
* a true state (a normal lab normal, an abnormal one high, a true trend, a past state
  said of the past, a conditional) passes in the same shapes.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

from physassist_env.grading import claims as cl

LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 2.3 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
    "2180-01-04 08:00 | Hemoglobin = 8.1 g/dL (L) [ref 12-16]",
    "2180-01-04 08:00 | Glucose = 262 mg/dL (H) [ref 70-100]",
    "2180-01-04 08:00 | INR(PT) = 2.9 (H) [ref 0.9-1.1]",
    "2180-01-04 08:00 | White Blood Cells = 14.1 K/uL (H) [ref 4-11]",
    "2180-01-03 08:00 | White Blood Cells = 14.0 K/uL (H) [ref 4-11]",
    "2180-01-03 08:00 | Creatinine = 1.6 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-03 08:00 | Hemoglobin = 9.0 g/dL (L) [ref 12-16]",
    "2180-01-03 08:00 | Potassium = 4.3 mEq/L [ref 3.5-5.1]",
    "2180-01-02 08:00 | Creatinine = 1.0 mg/dL [ref 0.5-1.2]",
    "2180-01-02 08:00 | Hemoglobin = 9.5 g/dL (L) [ref 12-16]",
    "2180-01-02 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
)
SEEN = [LABS]


def _language(answer: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in answer) else "en"


# ---------------------------------------------------------------- an abnormal lab called fine
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. Her kidney numbers are where they should be.",
        "Continue amlodipine. The sugar reading is nothing to fret about.",
        "Continue amlodipine. Blood count? Perfectly fine.",
        "Continue amlodipine. You can reassure him the clotting test is normal.",
        "Continue amlodipine. Kidney markers: all good.",
        "Continue amlodipine. Good news on the liver front and the blood count is "
        "spot on.",
        "Continue amlodipine. All fine with the creatinine.",
        "Fine as far as the creatinine goes. Continue amlodipine.",
        "Continue amlodipine.\n\n| test | state |\n|---|---|\n| INR(PT) | in range |",
        "Continue amlodipine.\n\n| Creatinine | 2.3 mg/dL | inside the normal range |\n"
        "| --- | --- | --- |",
        "Continue amlodipine. (glucose 262 mg/dL, acceptable)",
        "Continue amlodipine. Creatinine 2.3 mg/dL — nothing abnormal.",
        "Continue amlodipine. (Other bloods, including the Hb, unremarkable.)",
        "Continue amlodipine. The white cell count: it's bang where it should be.",
        "继续氨氯地平。肾指标没啥问题。",
        "继续氨氯地平。血糖值挺正常的。",
        "继续氨氯地平。凝血指标在参考范围内。",
        "继续氨氯地平。至于血色素？没事。",
        "继续氨氯地平。\n\n| 指标 | 判读 |\n|---|---|\n| 肌酐 2.3 mg/dL | 参考值范围内 |",
        "继续氨氯地平。（肌酐 2.3 mg/dL，正常水平）",
        "继续氨氯地平。肌酐方面不用担心。",
        "继续氨氯地平。（其余检查，包括血红蛋白，均未见异常）",
        "继续氨氯地平。\n\n| 白细胞 | 14.1 | 参考区间内 |\n| --- | --- | --- |",
        # a panel called normal over a flagged member
        "Continue amlodipine. Kidney function is fine.",
        "Continue amlodipine. Renal function unremarkable.",
        "Continue amlodipine. CBC is normal.",
        "继续氨氯地平。肾功能正常。",
        "继续氨氯地平。血常规无异常。",
        "继续氨氯地平。凝血功能没问题。",
        "继续氨氯地平。凝血也都正常。",
        "Continue amlodipine. Nothing to flag on the Hb.",
        "Continue amlodipine. Sugars behaving themselves.",
        "Continue amlodipine. The creatinine is where we'd like it.",
        "Continue amlodipine. Renal function preserved.",
        "继续氨氯地平。肌酐数值理想。",
        # a goal beside a state is no excuse for the state
        "Replete potassium to the upper normal range. The hemoglobin level is fine.",
        "继续氨氯地平。血钾补至正常高值。血红蛋白正常。",
        "Continue amlodipine.\n\n| Analyte | Read |\n| --- | --- |\n"
        "| Creatinine, serum 2.3 | WNL |",
    ],
)
def test_an_abnormal_lab_called_fine_in_any_words_fails(answer: str) -> None:
    assert "record" in added(answer, SEEN, language=_language(answer)), answer


# ---------------------------------------------------------------- a course contradicted
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. Her creatinine has been heading down since Monday.",
        "Continue amlodipine. The hemoglobin is edging up nicely.",
        "Continue amlodipine. Hb on an upward trajectory.",
        "Continue amlodipine. The kidney number keeps dropping.",
        "Continue amlodipine. The creatinine is settling lower each day.",
        "Continue amlodipine. The WBC has been fluctuating a lot.",
        "Continue amlodipine. White count all over the place this admission.",
        "Continue amlodipine. The potassium keeps sliding down.",
        "Continue amlodipine.\n\n| lab | course |\n|---|---|\n| Hb | drifting up |",
        "继续氨氯地平。肌酐一路走低。",
        "继续氨氯地平。血红蛋白逐步回升。",
        "继续氨氯地平。血红蛋白在往上走。",
        "继续氨氯地平。肌酐这两天大幅下滑。",
        "继续氨氯地平。白细胞忽高忽低。",
        "继续氨氯地平。血钾一直在往下掉。",
        "继续氨氯地平。\n\n| 指标 | 趋势 |\n|---|---|\n| 肌酐 | 持续走低 |",
    ],
)
def test_a_course_said_against_the_series_fails(answer: str) -> None:
    assert "record" in added(answer, SEEN, language=_language(answer)), answer


# ---------------------------------------------------------------- true states pass
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. Her kidney numbers are up (creatinine 2.3 mg/dL, from 1.0).",
        "Continue amlodipine. Potassium is fine at 4.4.",
        "Continue amlodipine. The potassium level is normal and has held steady.",
        "Continue amlodipine. The creatinine keeps climbing: 1.0, 1.6, then 2.3 mg/dL.",
        "Continue amlodipine. Hemoglobin is drifting down (9.5 -> 8.1 g/dL), still low.",
        "Continue amlodipine. The sugar is high at 262 mg/dL.",
        "Continue amlodipine. OK the creatinine is high.",
        "Continue amlodipine. Fine, the creatinine is 2.3 mg/dL, high.",
        "Continue amlodipine. The blood count is low (Hb 8.1 g/dL).",
        "Continue amlodipine. Clotting number above range (INR 2.9).",
        "Continue amlodipine. Creatinine was normal on admission (1.0 mg/dL) and is "
        "now high.",
        "Continue amlodipine. WBC stable at 14.1 but still above range.",
        "Continue amlodipine. The WBC is not fluctuating: 14.0 then 14.1, still high.",
        "Continue amlodipine. The kidney function is worse; creatinine 2.3 mg/dL.",
        "Continue amlodipine. Is the potassium OK? Yes, 4.4 mmol/L, normal.",
        "Continue amlodipine. Otherwise unremarkable apart from the creatinine of 2.3.",
        "Continue amlodipine.\n\n| test | state |\n|---|---|\n| INR(PT) 2.9 | high |\n"
        "| K 4.4 | in range |",
        "Continue amlodipine.\n\n| Potassium | 4.4 mEq/L | inside the normal range |\n"
        "| --- | --- | --- |",
        "继续氨氯地平。肾指标偏高（肌酐 2.3 mg/dL）。",
        "继续氨氯地平。血钾 4.4，正常，较前持平。",
        "继续氨氯地平。肌酐持续走高：1.0、1.6、2.3 mg/dL。",
        "继续氨氯地平。血红蛋白一路走低，目前 8.1 g/dL。",
        "继续氨氯地平。至于血钾？没事，4.4。",
        "继续氨氯地平。血糖值偏高（262 mg/dL）。",
        "继续氨氯地平。凝血指标高于参考范围（INR 2.9）。",
        "继续氨氯地平。白细胞稳定在 14.1，仍偏高。",
        "继续氨氯地平。白细胞在正常范围以上，基本持平。",
        "继续氨氯地平。入院时肌酐正常（1.0 mg/dL），现在升高。",
        "继续氨氯地平。如果血钾降至 3.5 以下再补钾。",
        "继续氨氯地平。（其他化验包括血钾均无异常）",
        # a panel's direction is its markers' opposite: not read
        "Continue amlodipine. Kidney function is declining (creatinine 2.3 mg/dL).",
        "Continue amlodipine. Renal function has worsened: creatinine from 1.0 to "
        "2.3 mg/dL.",
        "Continue amlodipine. The electrolytes are fine (K 4.4).",
        "继续氨氯地平。肾功能下降，肌酐 2.3 mg/dL。",
        "继续氨氯地平。电解质正常（血钾 4.4）。",
        # the goal of an order is no state
        "Replete potassium and hemoglobin to the upper normal range.",
        "继续氨氯地平。血红蛋白纠正至正常范围后再评估。",
        "Keep the INR in range; recheck tomorrow.",
    ],
)
def test_a_true_state_or_course_in_the_same_shapes_passes(answer: str) -> None:
    assert "record" not in added(answer, SEEN, language=_language(answer)), answer


# ---------------------------------------------------------------- the reading underneath
@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("the kidney numbers", "creatinine"),
        ("肾功能指标", "creatinine"),
        ("the clotting test", "inr"),
        ("INR(PT) 1.2", "inr"),
        ("血糖值", "glucose"),
        ("liver enzymes", "liver_panel"),
        ("her kidney function", "kidney_panel"),
        ("血常规", "blood_count_panel"),
    ],
)
def test_a_lay_name_of_a_value_names_its_analyte(text: str, key: str) -> None:
    assert [s.key for s in cl.find_subjects(text)] == [key]


@pytest.mark.parametrize("text", ["抗凝血药", "vancomycin blood level"])
def test_a_drug_or_its_level_is_no_lab_value_name(text: str) -> None:
    keys = {s.key for s in cl.find_subjects(text)}
    assert not keys & {"creatinine", "inr", "hemoglobin", "coagulation_panel"}, keys


@pytest.mark.parametrize(
    ("text", "label", "negated"),
    [
        ("the creatinine is drifting down", "falling", False),
        ("the Hb edged higher", "rising", False),
        ("血钾又开始升了", "rising", False),
        ("肌酐持续走低", "falling", False),
        ("the INR is fluctuating", "stable", True),
        ("the INR is not fluctuating", "stable", False),
        ("血小板大起大落", "stable", True),
    ],
)
def test_a_motion_and_its_direction_is_a_trend(
    text: str, label: str, negated: bool
) -> None:
    trends = [c for c in cl.read_claims(text).claims if c.kind == "trend"]
    assert [(c.label, c.negated) for c in trends] == [(label, negated)], trends
