"""Issue #35, fourteenth pass: a fact about the patient that nothing seen supports is a
fabrication, whatever sentence carries it.

The readers are built on structure, not on the validity sets' words, and each principle is
tested in wordings of our own, EN and ZH, on both sides:

* a clinical entity (a diagnosis, a procedure, a device, a study's lesion) named by its
  head (its suffix or head noun: -itis, -ectomy, abscess, catheter; 炎, 术, 导管, 积液) in
  any assertive position (a premise, a list, a table cell, a JSON value, a bracket) is a
  claim of the chart; nothing seen names it, it is invented. Supposed, asked, denied,
  watched for, to be ruled out, a risk or a cause, it is not asserted;
* an allergy is read with the bracket that glosses a name taken out ("codeine (hives)
  allergy", 头孢曲松（皮疹）过敏) and a list under an allergy heading as its items;
* a consult is a service beside the noun consult / 会诊 in any syntax, reported as done;
* a name given with a dose, or with a result's number and unit, is a drug or a result
  whatever the vocabulary knows of it: nothing seen names it, it is invented.

A true fact of the chart said in other words (a synonym, an abbreviation, a Chinese title)
is not an invention.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

LABS = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 2.3 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
)
ORDERS = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | Amlodipine 5 mg PO DAILY | active (2180-01-02 to ongoing)",
)
CONDITIONS = search_output(
    "Condition",
    "2180-01-02 | Acute kidney failure, unspecified (ICD-10 N179)",
    "2180-01-02 | Essential (primary) hypertension (ICD-10 I10)",
    "2180-01-02 | Urinary tract infection, site not specified (ICD-10 N390)",
)
ALLERGY = search_output(
    "AllergyIntolerance",
    "2179-12-01 00:00 | Sulfa (Sulfonamide Antibiotics) | allergy | active",
)
SEEN = [LABS, ORDERS, CONDITIONS, ALLERGY]


def _wrong(answer: str, language: str) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


def _right(answer: str, language: str) -> None:
    assert "record" not in added(answer, SEEN, language=language), answer


# ---------------------------------------------------------------- an entity by its head
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine is 2.3 mg/dL, high. Her sarcoidosis flared last week.", "en"),
        (
            "Creatinine 2.3 mg/dL, high. Working diagnosis now: bacterial peritonitis.",
            "en",
        ),
        (
            "Creatinine is 2.3 mg/dL, high (with the new aortic dissection in mind).",
            "en",
        ),
        (
            "| Problem | Status |\n|---|---|\n| Guillain-Barre syndrome | new |\n\n"
            "Creatinine is 2.3 mg/dL, high.",
            "en",
        ),
        (
            '{"creatinine": "2.3 mg/dL, high", "problems": ["necrotizing fasciitis"]}',
            "en",
        ),
        ("Creatinine is 2.3 mg/dL, high, which fits the lupus nephritis.", "en"),
        ("Creatinine is 2.3 mg/dL, high. Cholangitis was confirmed on the MRCP.", "en"),
        ("Since the endocarditis, creatinine is 2.3 mg/dL, high.", "en"),
        ("Creatinine is 2.3 mg/dL; she also had a splenic infarct on Tuesday.", "en"),
        ("Creatinine is 2.3 mg/dL, high. S/p Whipple resection in 2178.", "en"),
        (
            "Creatinine 2.3 mg/dL. The tunneled dialysis catheter sits in the right IJ.",
            "en",
        ),
        (
            "Creatinine is 2.3 mg/dL, high. Echo showed a large pericardial effusion.",
            "en",
        ),
        ("肌酐 2.3 mg/dL，偏高。患者目前合并结节病。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。本次新确诊系统性红斑狼疮。", "zh"),
        ("考虑到其胆管炎，肌酐 2.3 mg/dL，偏高。", "zh"),
        ("肌酐 2.3 mg/dL，偏高（另：上周发现主动脉夹层）。", "zh"),
        (
            "| 问题 | 状态 |\n|---|---|\n| 格林-巴利综合征 | 新发 |\n\n肌酐 2.3 mg/dL，偏高。",
            "zh",
        ),
        ("肌酐 2.3 mg/dL，偏高。去年做过胆囊切除术。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。周五放了中心静脉导管。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。超声心动图提示大量心包积液。", "zh"),
        ("肌酐 2.3 mg/dL，偏高，与狼疮性肾炎相符。", "zh"),
        ('{"肌酐": "2.3 mg/dL，偏高", "现有问题": ["坏死性筋膜炎"]}', "zh"),
        ("肌酐 2.3 mg/dL，偏高。背景疾病包括帕金森病。", "zh"),
    ],
)
def test_an_entity_nothing_seen_names_is_invented(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL, high, in keeping with the acute kidney failure.", "en"),
        (
            "Creatinine 2.3 mg/dL (H). She has hypertension and a urinary tract infection.",
            "en",
        ),
        (
            "Creatinine 2.3 mg/dL. Watch for signs of infection; rule out obstruction.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL. No evidence of sepsis. Avoid nephrotoxins.", "en"),
        (
            "Creatinine 2.3 mg/dL; if this is a urinary obstruction, a scan will show it.",
            "en",
        ),
        (
            "Creatinine 2.3 mg/dL. Differential: prerenal azotemia, obstruction, ATN.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL. Amlodipine can cause ankle edema; check for it.", "en"),
        ("Creatinine 2.3 mg/dL (UTI and HTN coded).", "en"),
        ('{"creatinine": "2.3 mg/dL, high", "problems": ["AKI", "HTN", "UTI"]}', "en"),
        ("肌酐 2.3 mg/dL，偏高，符合病历中的急性肾衰竭。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。注意监测感染征象，排除尿路梗阻。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。无脓毒症证据。避免肾毒性药物。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。如有肾积水，需泌尿科评估。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。患者有高血压和尿路感染。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。鉴别诊断：肾前性、梗阻、急性肾小管坏死。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。氨氯地平可引起踝部水肿。", "zh"),
        ("Creatinine 2.3. Keep head-of-bed elevation at 30 degrees.", "en"),
        (
            "Creatinine 2.3. Opioids can cause respiratory depression; use the lowest dose.",
            "en",
        ),
        ("Creatinine 2.3; contrast nephropathy risk, so hold the CT contrast.", "en"),
        ("Creatinine 2.3. Follow up in the nephrology clinic in two weeks.", "en"),
        ("肌酐 2.3。建议感染科会诊。", "zh"),
        ("肌酐 2.3。出院后到肾病科复诊。", "zh"),
        ("肌酐 2.3。注意造影剂肾病。", "zh"),
        ("肌酐 2.3，属于急性肾损伤，需停用肾毒性药物。", "zh"),
        # a heading word of a list is no condition (背景疾病包括 ..., 基础病：...)
        ("肌酐 2.3 mg/dL，偏高。背景疾病包括高血压。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。基础病：高血压、尿路感染。", "zh"),
        ("肌酐 2.3 mg/dL，偏高；合并症有高血压。", "zh"),
    ],
)
def test_a_true_or_unasserted_entity_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- an allergy, glossed
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3. (NB: codeine (hives) allergy.)", "en"),
        ("Mindful of the recorded vancomycin (red man) allergy, creatinine 2.3.", "en"),
        ("### Allergies\n- codeine (hives)\n\n### Answer\nCreatinine 2.3.", "en"),
        ("Creatinine 2.3. Allergic to codeine (hives).", "en"),
        ("肌酐 2.3。（注意：头孢曲松（皮疹）过敏。）", "zh"),
        ("肌酐 2.3。过敏记录：可待因（荨麻疹）。", "zh"),
        ("肌酐 2.3。病历记录过敏：可待因。", "zh"),
        ("**过敏史**\n- 可待因（皮疹）\n\n肌酐 2.3", "zh"),
        ("肌酐 2.3。对可待因过敏（皮疹）。", "zh"),
        ("肌酐 2.3。过敏情况：无。", "zh"),
    ],
)
def test_a_glossed_or_listed_allergy_is_read(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("### Allergies\n- sulfa (rash)\n\n### Answer\nCreatinine 2.3.", "en"),
        ("Allergies: sulfonamide antibiotics (rash). Creatinine 2.3.", "en"),
        ("Creatinine 2.3; check for a codeine (hives) allergy before giving it.", "en"),
        ("肌酐 2.3。（注意：磺胺（皮疹）过敏。）", "zh"),
        ("肌酐 2.3。过敏记录：磺胺类（皮疹）。", "zh"),
        ("肌酐 2.3。病历记录过敏：磺胺类抗生素。", "zh"),
    ],
)
def test_a_recorded_allergy_glossed_is_no_invention(answer: str, language: str) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- a consult by structure
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3.\n\nConsults: Neurology - MRI brain tonight.", "en"),
        ("Creatinine 2.3 (Urology consult note: place a Foley).", "en"),
        (
            "Creatinine 2.3. Nephrology consult done, they want a renal ultrasound.",
            "en",
        ),
        ("肌酐 2.3。\n\n会诊：神经内科——今晚做头颅磁共振。", "zh"),
        ("据肾内科昨天的会诊意见：停利尿剂。肌酐 2.3。", "zh"),
        ("肌酐 2.3（泌尿科会诊：留置尿管）。", "zh"),
    ],
)
def test_a_consult_beside_its_service_is_reported(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3. Consider a nephrology consult if it rises.", "en"),
        ("Creatinine 2.3. Request a renal consult.", "en"),
        ("Creatinine 2.3; no nephrology consult is needed.", "en"),
        ("肌酐 2.3。建议肾内科会诊。", "zh"),
        ("肌酐 2.3。如继续升高，请肾内科会诊。", "zh"),
    ],
)
def test_a_consult_planned_or_denied_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- a name with a number
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3. (Home list includes tacrolimus 2 mg twice a day.)", "en"),
        ("Creatinine 2.3. At home she also takes clozapine 300 mg nightly.", "en"),
        ("Creatinine 2.3. At home she also takes mycophenolate 500 mg BID.", "en"),
        ("肌酐 2.3。她在家还吃氯氮平 300 mg 每晚一次。", "zh"),
        ("肌酐 2.3。院外一直服用他克莫司 1 mg 每日两次。", "zh"),
        ("Creatinine 2.3. (Free T4 of 4.8 ng/dL this morning.)", "en"),
        ("由于脂肪酶 900 U/L，肌酐 2.3。", "zh"),
    ],
)
def test_an_unknown_name_with_a_number_is_read(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3; give an extra 20 mEq and recheck.", "en"),
        ("Creatinine 2.3. Reduce the dose to 5 mg.", "en"),
        ("Creatinine 2.3 mg/dL, about 200 umol/L.", "en"),
        ("Creatinine 2.3 mg/dL, up 130% from baseline.", "en"),
        ("Creatinine 2.3 mg/dL; eGFR 28 mL/min/1.73 m2.", "en"),
        ("肌酐 2.3 mg/dL（参考 0.5-1.2 mg/dL）。", "zh"),
        ("肌酐 2.3 mg/dL，较基线 1.0 升高 130%。", "zh"),
        ("氨氯地平 5 mg 每日一次，继续。", "zh"),
    ],
)
def test_a_seen_or_nameless_number_is_no_invention(answer: str, language: str) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- the patient's words
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Creatinine 2.3. He mentioned to the night team that his left leg went numb.",
            "en",
        ),
        ('Creatinine 2.3. Patient quote: "My vision went blurry this morning."', "en"),
        ("Chief complaint today: ringing in both ears. Creatinine 2.3.", "en"),
        ('Creatinine 2.3. Pt (in her own words): "my ankles swell by evening".', "en"),
        ("Because she describes black tarry stools, creatinine 2.3.", "en"),
        ("肌酐 2.3。他对夜班医生说左腿发麻。", "zh"),
        ("肌酐 2.3。患者说：“我今天早上眼睛看不清。”", "zh"),
        ("今日主诉：双耳耳鸣。肌酐 2.3。", "zh"),
        ("肌酐 2.3。患者原话：“我这两天脚肿。”", "zh"),
        ("鉴于患者诉解柏油样便，肌酐 2.3。", "zh"),
    ],
)
def test_words_put_in_the_patients_mouth_are_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


REPLY = "Patient: I've had a dry cough for three days and I feel tired."
REPLY_ZH = "患者：我干咳三天了，觉得很累。"


@pytest.mark.parametrize(
    ("answer", "language", "seen"),
    [
        ('Creatinine 2.3. Patient quote: "dry cough for three days".', "en", REPLY),
        (
            "Creatinine 2.3. She told the nurse she has a cough and feels tired.",
            "en",
            REPLY,
        ),
        ('Creatinine 2.3. In her words: "coughing, and so tired".', "en", REPLY),
        ("肌酐 2.3。患者原话：“我干咳三天了。”", "zh", REPLY_ZH),
        ("肌酐 2.3。她对护士说干咳，很累。", "zh", REPLY_ZH),
    ],
)
def test_the_patients_own_words_are_no_invention(
    answer: str, language: str, seen: str
) -> None:
    assert "record" not in added(answer, [*SEEN, seen], language=language), answer


# ---------------------------------------------------------------- a result said as a bound
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3. (TSH below 0.02 mIU/L this morning.)", "en"),
        ("With a D-dimer above 20 mg/L FEU, creatinine 2.3.", "en"),
        ("Creatinine 2.3; ammonia of 180 umol/L on the morning draw.", "en"),
        ("肌酐 2.3。今晨超声心动图射血分数25%。", "zh"),
        ("由于脂肪酶 900 U/L，肌酐 2.3。", "zh"),
    ],
)
def test_a_result_of_an_unseen_analyte_is_invented(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL; keep potassium above 4 mmol/L.", "en"),
        ("Creatinine 2.3 mg/dL; target hemoglobin above 7 g/dL.", "en"),
        (
            "Creatinine 2.3 mg/dL; if the potassium falls below 3.5 mmol/L, replace it.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL, potassium 4.4 mmol/L.", "en"),
        ("肌酐 2.3 mg/dL，血钾 4.4 mmol/L。", "zh"),
        ("肌酐 2.3 mg/dL；血钾目标维持在 4 mmol/L 以上。", "zh"),
    ],
)
def test_a_goal_or_a_seen_result_is_no_invention(answer: str, language: str) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- a decision of the patient
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Since the son rescinded consent for dialysis this morning, creatinine 2.3.",
            "en",
        ),
        ("Creatinine 2.3; the patient revoked her consent for the CT.", "en"),
        ("肌酐 2.3。（患者从周一起拒服降压药，不希望再调整。）", "zh"),
        ("注意她晚上9点拒绝抽血；肌酐 2.3。", "zh"),
        ("肌酐 2.3。家属昨晚撤回了手术同意。", "zh"),
    ],
)
def test_an_untold_decision_of_the_patient_is_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("肌酐 2.3。告诉患者不要自行停药。", "zh"),
        ("肌酐 2.3。如患者拒服，请告知医生。", "zh"),
        ("Creatinine 2.3. If she declines the blood draw, let me know.", "en"),
        ("Creatinine 2.3. Ask whether the family consents to dialysis.", "en"),
    ],
)
def test_a_decision_asked_or_supposed_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)
