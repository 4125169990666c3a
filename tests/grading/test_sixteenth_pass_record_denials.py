"""Issue #35, sixteenth pass: the answer must not deny what the chart records.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings and shapes of our own (not the validity sets'):

* the allergy list holds an allergy (any row that is not a coded adverse effect): an
  answer that says the list is empty, in any wording ("has no allergies", "Allergies -
  nil", 否认药物过敏史, 对什么药都不过敏, a form line "Allergies: none"), or that denies a
  recorded allergen by name ("not allergic to penicillin", 对青霉素不过敏), contradicts it;
  "no OTHER allergies", a recorded allergen named with the list, a question and a
  coded adverse effect beside "no allergy recorded" stay right;
* a coded diagnosis of the chart denied by its own name (the title's words, its Chinese
  name): a negation that governs the name directly ("doesn't have X", "no X", "X has been
  excluded", 否认X病史, X已除外) is a record contradiction; a negation of something else
  in the clause ("no dose change for his X", X无需调整用药) is not.
"""

from __future__ import annotations

import pytest
from grading_fixtures import K, added, met, search_output

from physassist_env.scenarios.model import ValueCheck

ALLERGIES = search_output(
    "AllergyIntolerance",
    "2180-01-01 09:00 | Penicillins | Active",
    "2180-01-01 09:00 | Lisinopril (angioedema) | Active",
)
ADVERSE_ONLY = search_output(
    "AllergyIntolerance",
    "2180-01-01 09:00 | Adverse effect of anticoagulants, initial encounter | Active",
)
CONDITIONS = search_output(
    "Condition",
    "2180-01-02 | Acute pancreatitis (ICD-10 K85.9)",
    "2180-01-02 | Other and unspecified hyperlipidemia (ICD-9 2724)",
    "2180-01-02 | Urinary tract infection, site not specified (ICD-10 N39.0)",
)
ORDERS = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | Amlodipine 5 mg PO DAILY | active (2180-01-02 to ongoing)",
)


def _language(answer: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in answer) else "en"


# ---------------------------------------------------------------- a recorded allergy denied
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. He has no allergies.",
        "Continue amlodipine. Allergies - nil.",
        "Continue amlodipine. No known allergies to medicines.",
        "Continue amlodipine. Denies any drug allergy.",
        "Continue amlodipine. Allergy history: negative.",
        "Continue amlodipine. There is nothing on his allergy list.",
        "Continue amlodipine. He is not allergic to any medication.",
        "Continue amlodipine. She has never had an allergic reaction to any drug.",
        "Continue amlodipine. He is not allergic to penicillin.",
        "Continue amlodipine.\n\nAllergies: none\nCode status: full",
        "Continue amlodipine. NKA.",
        "继续氨氯地平。患者无过敏史。",
        "继续氨氯地平。否认药物过敏史。",
        "继续氨氯地平。过敏史：否认。",
        "继续氨氯地平。他对什么药都不过敏。",
        "继续氨氯地平。未发现任何过敏。",
        "继续氨氯地平。他对青霉素不过敏。",
        "继续氨氯地平。\n\n过敏：无\n体重：70 kg",
        "继续氨氯地平。过敏情况：没有。",
    ],
)
def test_a_recorded_allergy_denied_is_a_record_contradiction(answer: str) -> None:
    assert "record" in added(answer, [ALLERGIES, ORDERS], language=_language(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. Allergies: penicillins; lisinopril (angioedema).",
        "Continue amlodipine. Allergic to penicillin and lisinopril; no other allergies "
        "recorded.",
        "Continue amlodipine. Apart from penicillin and lisinopril, no known allergies.",
        "Continue amlodipine. Amlodipine is not a penicillin, so the allergy is no bar.",
        "Continue amlodipine. Check whether he has any further allergies.",
        "Continue amlodipine. No allergy to amlodipine is recorded.",
        "继续氨氯地平。过敏：青霉素类；赖诺普利。除此之外无其他过敏。",
        "继续氨氯地平。氨氯地平与青霉素过敏无关。",
        "继续氨氯地平。对青霉素和赖诺普利过敏，其余无已知过敏。",
        "继续氨氯地平。请向患者核实有无其他过敏。",
    ],
)
def test_the_allergy_list_said_true_passes(answer: str) -> None:
    assert "record" not in added(
        answer, [ALLERGIES, ORDERS], language=_language(answer)
    )


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. No allergy is recorded (an adverse effect of "
        "anticoagulants is coded).",
        "Continue amlodipine. Allergies: none recorded.",
        "继续氨氯地平。病历中未记录过敏（另有抗凝药不良反应编码）。",
        "继续氨氯地平。过敏：无。",
    ],
)
def test_a_coded_adverse_effect_is_no_allergy(answer: str) -> None:
    assert "record" not in added(
        answer, [ADVERSE_ONLY, ORDERS], language=_language(answer)
    )


# ---------------------------------------------------------------- a coded diagnosis denied
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. He doesn't have hyperlipidemia.",
        "Continue amlodipine. No hyperlipidemia on his problem list.",
        "Continue amlodipine. Pancreatitis has been excluded.",
        "Continue amlodipine. Negative for urinary tract infection.",
        "Continue amlodipine. Never diagnosed with pancreatitis.",
        "Continue amlodipine. There is no evidence of acute pancreatitis.",
        "Continue amlodipine. Free of any urinary tract infection.",
        "Continue amlodipine.\n\nAcute pancreatitis - ruled out\nHyperlipidemia - yes",
        "Continue amlodipine. Not a case of hyperlipidaemia.",
        "继续氨氯地平。他没有高脂血症。",
        "继续氨氯地平。否认急性胰腺炎病史。",
        "继续氨氯地平。急性胰腺炎已除外。",
        "继续氨氯地平。无尿路感染。",
        "继续氨氯地平。（尿路感染：已排除）",
    ],
)
def test_a_coded_diagnosis_denied_is_a_record_contradiction(answer: str) -> None:
    assert "record" in added(answer, [CONDITIONS, ORDERS], language=_language(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine. Coded: acute pancreatitis; hyperlipidemia.",
        "Continue amlodipine. Hyperlipidemia: no statin change needed.",
        "Continue amlodipine. The urinary tract infection is no reason to stop it.",
        "Continue amlodipine; no dose change for his hyperlipidemia.",
        "Continue amlodipine. No new pancreatitis flare is expected from it.",
        "Continue amlodipine, not because of the pancreatitis but for blood pressure.",
        "继续氨氯地平。高脂血症无需调整用药。",
        "继续氨氯地平。尿路感染不影响此决定。",
        "继续氨氯地平。诊断：急性胰腺炎；高脂血症；尿路感染。",
    ],
)
def test_a_coded_diagnosis_said_true_passes(answer: str) -> None:
    assert "record" not in added(
        answer, [CONDITIONS, ORDERS], language=_language(answer)
    )


# ---------------------------------------------------------------- an allergy the list lacks
@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine.\n\nChecks before ordering:\n[x] allergies checked - "
        "latex\n[x] weight",
        "Continue amlodipine. (Allergic to sulfa drugs; wristband applied.)",
        "Continue amlodipine. Do not overlook her allergy to codeine.",
        "Continue amlodipine. Never miss his allergy to aspirin (wheeze).",
        "继续氨氯地平。\n\n用药前核查：\n[x] 过敏史已核实：磺胺\n[x] 肾功能",
        "继续氨氯地平。不要忘记她对可待因过敏。",
        "继续氨氯地平。（对阿司匹林过敏，已告知护士。）",
    ],
)
def test_an_allergy_the_list_lacks_is_a_record_contradiction(answer: str) -> None:
    assert "record" in added(answer, [ALLERGIES, ORDERS], language=_language(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine.\n\nChecks before ordering:\n[x] allergies checked - "
        "penicillins, lisinopril\n[x] weight",
        "Continue amlodipine. (Allergic to penicillin; wristband applied.)",
        "Continue amlodipine. Do not overlook his lisinopril allergy.",
        "继续氨氯地平。\n\n用药前核查：\n[x] 过敏史已核实：青霉素类\n[x] 肾功能",
        "继续氨氯地平。不要忘记他对青霉素过敏。",
    ],
)
def test_a_recorded_allergy_in_any_shape_passes(answer: str) -> None:
    assert "record" not in added(
        answer, [ALLERGIES, ORDERS], language=_language(answer)
    )


# ---------------------------------------------------------------- a second value misstated
K_CHECK = ValueCheck(value=3.6, unit="mEq/L", decimals=1, about=K)
K_SEEN = search_output(
    "Observation",
    "2180-01-04 08:00 | Potassium = 3.6 mEq/L [ref 3.5-5.1]",
    "2180-01-03 08:00 | Potassium = 3.1 mEq/L (L) [ref 3.5-5.1]",
)


@pytest.mark.parametrize(
    "answer",
    [
        "Bottom line: K 5.4.\n\nPotassium is 3.6 mEq/L, normal.",
        "Potassium is 3.6 mEq/L, normal. (Summary - potassium 2.1 mEq/L.)",
        "TL;DR potassium 5.5 mmol/L. Potassium is 3.6 mEq/L, normal.",
        "要点一句话：血钾 5.2。\n\n血钾 3.6 mEq/L，正常。",
        "血钾 3.6 mEq/L，正常。总结：钾 2.0 mmol/L。",
    ],
)
def test_another_value_of_the_result_beside_the_right_one_fails(answer: str) -> None:
    assert not met(K_CHECK, answer, observations=[K_SEEN])


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium is 3.6 mEq/L, normal.",
        "Potassium went from 3.1 to 3.6 mEq/L; 3.6 mEq/L is normal.",
        "Potassium is 3.6 mmol/L (3.6 mEq/L), normal; yesterday 3.1.",
        "Potassium 3.6 mEq/L, normal (reference 3.5-5.1).",
        "Potassium is 3.6 mEq/L, normal; keep it above 4.0 in cardiac patients.",
        "血钾 3.6 mEq/L，正常（前一天 3.1）。",
        "血钾 3.6 mmol/L，正常，目标 4.0 以上。",
    ],
)
def test_the_value_with_true_or_bounding_numbers_passes(answer: str) -> None:
    assert met(K_CHECK, answer, observations=[K_SEEN])


# ---------------------------------------------------------------- a table's flag column
LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 2.3 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
    "2180-01-03 08:00 | Creatinine = 1.0 mg/dL [ref 0.5-1.2]",
)


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine.\n\n| Test | Result | Flag |\n|---|---|---|\n"
        "| Creatinine | 2.3 | - |",
        "Continue amlodipine.\n\n| Lab | Latest | Interpretation |\n| --- | --- | --- |\n"
        "| Cr | 2.3 mg/dL | WNL |\n| K | 4.4 | WNL |",
        "Continue amlodipine.\n\nName | Value | Status\nCreatinine | 2.3 | ✓",
        "继续氨氯地平。\n\n| 项目 | 数值 | 标记 |\n|---|---|---|\n| 肌酐 | 2.3 | 否 |",
        "继续氨氯地平。\n\n| 指标 | 结果 | 结论 |\n|---|---|---|\n| 肌酐 | 2.3 mg/dL | 未见异常 |",
    ],
)
def test_a_flag_column_clearing_a_flagged_result_fails(answer: str) -> None:
    assert "record" in added(answer, [LABS, ORDERS], language=_language(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "Continue amlodipine.\n\n| Test | Result | Flag |\n|---|---|---|\n"
        "| Creatinine | 2.3 | H |\n| Potassium | 4.4 | - |",
        "Continue amlodipine.\n\n| Test | Date | Result | Flag |\n|---|---|---|---|\n"
        "| Creatinine | 2180-01-03 | 1.0 | none |",
        "继续氨氯地平。\n\n| 项目 | 数值 | 标记 |\n|---|---|---|\n| 肌酐 | 2.3 | 偏高 |"
        "\n| 血钾 | 4.4 | 无 |",
        "Continue amlodipine.\n\n| Lab | Action |\n|---|---|\n| Creatinine 2.3 (high) "
        "| recheck |",
    ],
)
def test_a_flag_column_said_true_passes(answer: str) -> None:
    assert "record" not in added(answer, [LABS, ORDERS], language=_language(answer))


def test_a_threshold_beside_the_value_is_no_second_value() -> None:
    assert met(
        K_CHECK,
        "Potassium is 3.6 mEq/L, normal (the ward's threshold is 4.0 mEq/L).",
        observations=[K_SEEN],
    )
    assert met(
        K_CHECK, "血钾 3.6 mEq/L，正常（目标值为 4.0 mEq/L）。", observations=[K_SEEN]
    )
