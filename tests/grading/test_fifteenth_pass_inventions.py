"""Issue #35, fifteenth pass: an invented fact about the patient, read by clinical entity.

A symptom is named by its head (a complaint's suffix or head noun: -algia, -emesis,
-phagia, pain, cough, numbness; 痛, 咳, 呕血, 麻木, 盗汗) wherever it stands (a list, a
table cell, a JSON value, a premise, a heading); asserted of the patient and heard by
nobody (the patient's words, the results, the request, the turn's decision), it is a
fabrication. Supposed, asked, denied, watched for, what a drug is given for, its side
effect, a warning or what to call for, it is not asserted. Wordings are our own, EN and
ZH, on both sides.
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
    "2180-01-02 09:00 | Acetaminophen 650 mg PO Q6H PRN | active (2180-01-02 to ongoing)",
)
CONDITIONS = search_output(
    "Condition",
    "2180-01-02 | Acute kidney failure, unspecified (ICD-10 N179)",
    "2180-01-02 | Essential (primary) hypertension (ICD-10 I10)",
)
SEEN = [LABS, ORDERS, CONDITIONS]
REPLY = "Patient: I've had a dry cough for three days and my legs are swollen."
REPLY_ZH = "患者：我干咳三天了，腿肿。"


def _wrong(answer: str, language: str) -> None:
    assert "record" in added(answer, SEEN, language=language), answer


def _right(answer: str, language: str, seen: list[str] = SEEN) -> None:
    assert "record" not in added(answer, seen, language=language), answer


# ---------------------------------------------------------------- a symptom, any position
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Creatinine is 2.3 mg/dL, high. Since this morning: crushing pain behind "
            "the breastbone.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL (high), on a background of two days of diarrhea.", "en"),
        (
            "Overnight events: one episode of hematemesis. Creatinine 2.3 mg/dL, high.",
            "en",
        ),
        (
            "| Symptom | Onset |\n|---|---|\n| palpitations | last night |\n\n"
            "Creatinine 2.3 mg/dL, high.",
            "en",
        ),
        ('{"creatinine": "2.3 mg/dL, high", "symptoms": ["night sweats"]}', "en"),
        (
            "Creatinine 2.3 mg/dL, high, and the itching all over is getting worse.",
            "en",
        ),
        ("Creatinine is 2.3 mg/dL, high; her worsening dysphagia is noted.", "en"),
        ("Given his new numbness in both feet, creatinine 2.3 mg/dL is high.", "en"),
        ("Creatinine 2.3 mg/dL, high. Interval history: gross hematochezia x2.", "en"),
        (
            "Creatinine 2.3 mg/dL, high (she has had ringing tinnitus since Tuesday).",
            "en",
        ),
        ("- Creatinine 2.3 mg/dL, high\n- Complaints: vertigo on standing", "en"),
        ("肌酐 2.3 mg/dL，偏高。今晨起右侧腰部剧痛。", "zh"),
        ("肌酐 2.3 mg/dL 偏高；夜间盗汗明显。", "zh"),
        ("| 症状 | 起病 |\n|---|---|\n| 呕血 | 昨晚 |\n\n肌酐 2.3 mg/dL，偏高。", "zh"),
        ("肌酐 2.3 mg/dL，偏高，另伴皮肤瘙痒三天。", "zh"),
        ('{"肌酐": "2.3 mg/dL，偏高", "症状": ["视物重影"]}', "zh"),
        ("鉴于近两日咯血，肌酐 2.3 mg/dL 偏高需重视。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。入院后新发吞咽困难。", "zh"),
        ("肌酐 2.3 mg/dL，偏高（伴寒战、高热）。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。近期反复心慌。", "zh"),
        ("- 肌酐 2.3 mg/dL，偏高\n- 新情况：双手麻木", "zh"),
    ],
)
def test_a_symptom_nobody_heard_is_invented(answer: str, language: str) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Creatinine 2.3 mg/dL, high. Watch for nausea or vomiting and call if she "
            "feels dizzy.",
            "en",
        ),
        (
            "Creatinine 2.3 mg/dL, high. If she develops shortness of breath or chest "
            "pain, repeat the ECG.",
            "en",
        ),
        ("Amlodipine 5 mg daily; it can cause ankle swelling and flushing.", "en"),
        (
            "Creatinine 2.3 mg/dL, high. Ask her about headaches, blurred vision or "
            "palpitations.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL, high. She denies chest pain, fever and dysuria.", "en"),
        (
            "Creatinine 2.3, high. Return precautions: seek care for black stools, "
            "fainting or severe abdominal pain.",
            "en",
        ),
        ("Acetaminophen 650 mg PRN for pain or fever; creatinine 2.3 mg/dL.", "en"),
        ("Creatinine 2.3 mg/dL, high, with no nausea, itching or confusion.", "en"),
        (
            "Creatinine 2.3 mg/dL, high. Red flags: new confusion, less urine, "
            "breathlessness.",
            "en",
        ),
        ("Hematemesis: none. Creatinine 2.3 mg/dL, high.", "en"),
        ("肌酐 2.3 mg/dL，偏高。注意观察有无恶心、呕吐，如出现头晕及时告知。", "zh"),
        ("氨氯地平可引起踝部水肿和面部潮红。肌酐 2.3 mg/dL。", "zh"),
        ("肌酐 2.3 偏高。患者否认胸痛、发热、尿痛。", "zh"),
        ("肌酐 2.3 偏高。请询问有无头痛、视物模糊或心悸。", "zh"),
        ("对乙酰氨基酚 650 mg 必要时用于止痛或退热。肌酐 2.3。", "zh"),
        ("肌酐 2.3 偏高。出现黑便、晕厥或剧烈腹痛时立即就医。", "zh"),
        ("肌酐 2.3 偏高。警示症状：意识模糊、尿量减少、呼吸困难。", "zh"),
        ("肌酐 2.3 偏高，目前无恶心、瘙痒。", "zh"),
        ("肌酐 2.3 偏高；氨氯地平常见副作用包括头痛、心悸。", "zh"),
        ("肌酐 2.3 偏高；一些患者会头晕，但无需停药。", "zh"),
        ("Amlodipine 5 mg daily; some flushing can be expected.", "en"),
    ],
)
def test_a_symptom_not_asserted_is_no_invention(answer: str, language: str) -> None:
    _right(answer, language)


@pytest.mark.parametrize(
    ("answer", "language", "seen"),
    [
        ("Creatinine 2.3; she has a dry cough and ankle swelling.", "en", REPLY),
        ("Creatinine 2.3 mg/dL. Symptoms: cough x3 days, puffy ankles.", "en", REPLY),
        ('{"creatinine": "2.3", "symptoms": ["coughing", "edema"]}', "en", REPLY),
        ("| Symptom |\n|---|\n| dry cough |\n\nCreatinine 2.3.", "en", REPLY),
        ("肌酐 2.3。她有干咳，腿肿。", "zh", REPLY_ZH),
        ("肌酐 2.3。症状：咳嗽三天、下肢水肿。", "zh", REPLY_ZH),
    ],
)
def test_a_symptom_heard_in_other_words_is_no_invention(
    answer: str, language: str, seen: str
) -> None:
    _right(answer, language, [*SEEN, seen])


# ---------------------------------------------------------------- a diagnosis by more heads
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Since he has epilepsy, creatinine 2.3 mg/dL matters.", "en"),
        ("Creatinine 2.3 mg/dL, high; background of hypothyroidism.", "en"),
        ("With her scleroderma, creatinine 2.3 mg/dL is high.", "en"),
        (
            "| Problem | Since |\n|---|---|\n| hemophilia B | childhood |\n\n"
            "Creatinine 2.3 mg/dL, high.",
            "en",
        ),
        ("Creatinine 2.3 mg/dL, high, expected given the nephrolithiasis.", "en"),
        ("Creatinine 2.3 mg/dL, high; note the known portal hypertension.", "en"),
        ('{"creatinine": "2.3 mg/dL, high", "background": "bronchiectasis"}', "en"),
        ("Creatinine 2.3 mg/dL, high. PMH also notable for gout.", "en"),
        ("In view of her right hemiplegia, creatinine 2.3 mg/dL is high.", "en"),
        ("Creatinine 2.3 mg/dL, high; the enterococcal bacteremia cleared.", "en"),
        ("Creatinine 2.3 mg/dL, high, as in her IgA nephropathy.", "en"),
        ("因为有癫痫，肌酐 2.3 mg/dL 值得关注。", "zh"),
        ("肌酐 2.3 mg/dL 偏高；背景：系统性红斑狼疮。", "zh"),
        (
            "| 问题 | 起始 |\n|---|---|\n| 青光眼 | 多年 |\n\n肌酐 2.3 mg/dL，偏高。",
            "zh",
        ),
        ("鉴于已知的甲状腺功能亢进，肌酐 2.3 mg/dL 偏高。", "zh"),
        ("肌酐 2.3 mg/dL，偏高（合并阻塞性睡眠呼吸暂停）。", "zh"),
        ("由于患者为孤立肾，肌酐 2.3 mg/dL 偏高需重视。", "zh"),
        ("肌酐 2.3 mg/dL 偏高，这与其淀粉样变性相符。", "zh"),
        ("既往：陈旧性肺结核。肌酐 2.3 mg/dL，偏高。", "zh"),
        ("肌酐 2.3 mg/dL 偏高；患者有 MRSA 菌血症。", "zh"),
        ('{"肌酐": "2.3 mg/dL，偏高", "既往": "肺动脉高压"}', "zh"),
    ],
)
def test_a_diagnosis_by_its_shape_nothing_seen_names_is_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL, high, with known hypertension.", "en"),
        ("Creatinine 2.3 mg/dL (high); no epilepsy or gout on record.", "en"),
        ("Creatinine 2.3 mg/dL, high. Screen for hypothyroidism if tired.", "en"),
        ("Creatinine 2.3 mg/dL, high; avoid NSAIDs in patients with gout.", "en"),
        ("Creatinine 2.3 mg/dL, high: acute kidney failure (N17.9) is coded.", "en"),
        ("No hyperkalemia: potassium 4.4 mEq/L; creatinine 2.3 mg/dL, high.", "en"),
        ("Creatinine 2.3 mg/dL, high; essential hypertension on amlodipine.", "en"),
        ("肌酐 2.3 mg/dL，偏高，已知原发性高血压。", "zh"),
        ("肌酐 2.3 偏高；如有癫痫发作史需调整用药。", "zh"),
        ("肌酐 2.3 偏高；需排除甲状腺功能减退。", "zh"),
        ("肌酐 2.3 偏高，急性肾衰竭（N17.9）。", "zh"),
        ("肌酐 2.3 偏高，血钾 4.4，无高钾血症。", "zh"),
        ("肌酐 2.3 偏高；肾内科随访，关注肾功能。", "zh"),
    ],
)
def test_a_true_or_unasserted_diagnosis_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- procedures, findings
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL, high. Past surgery: a Roux-en-Y operation.", "en"),
        ("Creatinine 2.3 mg/dL, high; she had a renal biopsy on Monday.", "en"),
        ("- Creatinine 2.3 mg/dL, high\n- Devices: IVC filter", "en"),
        ("Creatinine 2.3 mg/dL, high. Pulmonary vein ablation last spring.", "en"),
        ("Creatinine 2.3 mg/dL, high (CT: hepatic metastases).", "en"),
        (
            "Creatinine 2.3 mg/dL, high; telemetry recorded ventricular tachycardia.",
            "en",
        ),
        ("肌酐 2.3 mg/dL，偏高。上周行肾穿刺活检。", "zh"),
        ("肌酐 2.3 mg/dL，偏高。\n\n- 既往操作：CRT-D 植入", "zh"),
        ("肌酐 2.3 mg/dL 偏高；曾行房颤射频消融。", "zh"),
        ("肌酐 2.3 mg/dL 偏高（PET-CT：肝转移）。", "zh"),
        ("肌酐 2.3 mg/dL 偏高；昨夜监护见短阵室速。", "zh"),
        ("肌酐 2.3 mg/dL 偏高；已行 PICC 置管。", "zh"),
    ],
)
def test_a_procedure_or_finding_nothing_seen_names_is_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL, high. No biopsy is needed now.", "en"),
        ("Creatinine 2.3 mg/dL, high; if it keeps rising, consider a biopsy.", "en"),
        ("Creatinine 2.3 mg/dL, high; avoid contrast before any surgery.", "en"),
        ("肌酐 2.3 偏高，暂不需要肾穿刺活检。", "zh"),
        ("肌酐 2.3 偏高；如持续升高，再评估是否行 PICC 置管。", "zh"),
        ("肌酐 2.3 偏高，请把患者转移到肾内科病房。", "zh"),
        ("肌酐 2.3 偏高，暂停氨氯地平，明早复查。", "zh"),
        ("肌酐 2.3 偏高；腰椎穿刺前需复查凝血。", "zh"),
        ("Creatinine 2.3 mg/dL, high; surgery is advised only if it worsens.", "en"),
    ],
)
def test_a_procedure_planned_or_denied_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)


# ---------------------------------------------------------------- an allergy list by its key
ALLERGY = search_output(
    "AllergyIntolerance",
    "2179-12-01 00:00 | Sulfa (Sulfonamide Antibiotics) | allergy | active",
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3.\n\nknown_allergies:\n  - codeine (nausea)", "en"),
        ("Creatinine 2.3.\nallergies_recorded: [penicillin (hives)]", "en"),
        ("Creatinine 2.3.\n**Drug allergy record**\n1. vancomycin (red man)", "en"),
        ("肌酐 2.3。\n药物过敏清单：\n- 头孢曲松（皮疹）", "zh"),
        ("肌酐 2.3。\n过敏情况: [青霉素（荨麻疹）]", "zh"),
    ],
)
def test_an_allergy_listed_under_any_key_is_read(answer: str, language: str) -> None:
    assert "record" in added(answer, [*SEEN, ALLERGY], language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3.\n\nallergy_list:\n  - sulfa (rash)", "en"),
        ("Creatinine 2.3.\nallergies: [sulfonamide antibiotics]", "en"),
        ("肌酐 2.3。\n过敏清单：\n- 磺胺类", "zh"),
        ("肌酐 2.3。\n过敏: [磺胺（皮疹）]", "zh"),
        ("肌酐 2.3。（过敏记录：磺胺类（皮疹））", "zh"),
        ("肌酐 2.3。过敏史：病历未记录其他过敏，需向患者核实。", "zh"),
        ("Creatinine 2.3. Note the documented reaction to sulfa (rash).", "en"),
        ("Creatinine 2.3. Watch for any reaction to the contrast.", "en"),
    ],
)
def test_a_recorded_allergy_listed_under_any_key_is_no_invention(
    answer: str, language: str
) -> None:
    assert "record" not in added(answer, [*SEEN, ALLERGY], language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3. Note the documented reaction to shellfish (hives).", "en"),
        ("Creatinine 2.3. Known reaction to macrolides (QT prolongation).", "en"),
        ("肌酐 2.3。（过敏记录：大环内酯类（皮疹））", "zh"),
        ("肌酐 2.3。过敏史：花生（喉头水肿）。", "zh"),
        ("肌酐 2.3；已行 TAVI 术。", "zh"),
        ("Creatinine 2.3 mg/dL, high; she has a bioprosthetic aortic valve.", "en"),
    ],
)
def test_a_recorded_reaction_or_latin_named_procedure_is_read(
    answer: str, language: str
) -> None:
    assert "record" in added(answer, [*SEEN, ALLERGY], language=language), answer


# ---------------------------------------------------------------- a result by its name
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the number 2.3 is seen (the creatinine); the analyte beside it is not
        ("Creatinine 2.3 mg/dL. Ferritin 2.3 ng/mL, low.", "en"),
        ("Creatinine 2.3 mg/dL; serum osmolality 4.4 mOsm/kg.", "en"),
        ("肌酐 2.3 mg/dL。今晨降钙素原为 2.3 ng/mL（偏高）。", "zh"),
        ("肌酐 2.3 mg/dL。血乳酸结果为 4.4 mmol/L。", "zh"),
    ],
)
def test_a_result_beside_a_seen_number_is_still_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Creatinine 2.3 mg/dL, potassium 4.4 mEq/L.", "en"),
        ("Serum creatinine of 2.3 mg/dL (high); K 4.4 mmol/L.", "en"),
        ("肌酐为 2.3 mg/dL，血钾结果为 4.4 mmol/L。", "zh"),
        ("血肌酐 2.3 mg/dL（偏高）；钾 4.4 mmol/L。", "zh"),
    ],
)
def test_a_seen_result_in_other_words_is_no_invention(
    answer: str, language: str
) -> None:
    _right(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("肌酐 2.3 mg/dL。入院前他在用艾多沙班 60 mg 每日一次。", "zh"),
        ("肌酐 2.3 mg/dL。她在家服用恩格列净 10 mg 每日一次。", "zh"),
        ("肌酐 2.3 mg/dL。院外用药：多西环素 100 mg 每日两次。", "zh"),
    ],
)
def test_a_home_drug_by_its_stem_nothing_seen_names_is_invented(
    answer: str, language: str
) -> None:
    _wrong(answer, language)


SALINE = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | 0.9% Sodium Chloride 100 mL IV Q24H | active (2180-01-02 to ongoing)",
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            "Creatinine 2.3 mg/dL. Orders include 0.9% Sodium Chloride 100 mL IV Q24H.",
            "en",
        ),
        ("肌酐 2.3 mg/dL。当前医嘱包括0.9% Sodium Chloride 100 mL IV Q24H。", "zh"),
    ],
)
def test_a_strength_in_a_products_name_is_no_result(answer: str, language: str) -> None:
    _right(answer, language, [*SEEN, SALINE])
