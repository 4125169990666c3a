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
from grading_fixtures import added, search_output

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
