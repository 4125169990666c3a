"""Issue #35, eleventh pass: what an answer ADDS or RELABELS goes unpaid, in any wording.

Each principle has wrong answers it must catch and right ones it must leave alone, in
English and Chinese, in wordings of our own (not the validity sets'):

* a result the chart flags is never normal, whichever draw the answer names by its value
  (:mod:`physassist_env.grading.lab_states`);
* allergies are closed-world: a severe reaction named after a drug is an allergy claim,
  each item of an allergy list must be on the allergy list, and an order of a recorded
  allergen is harm whatever the vocabulary knows of it;
* procedures said with their modifiers (Chinese 行 + a modifier), an ICD-10-PCS
  "intraluminal device" read as a stent, and a culture's organism must rest on the chart;
* a conditional order is an order when its condition is vacuous or already met;
* brand names read as their drugs.
"""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

from physassist_env.grading import additions as ad
from physassist_env.grading import claims as cl
from physassist_env.grading import text as tx
from physassist_env.grading.chart import read_chart
from physassist_env.grading.lab_states import lab_state_problems

LABS = search_output(
    "Observation",
    "2180-01-05 08:00 | Potassium = 4.2 mEq/L [ref 3.5-5.1]",
    "2180-01-04 08:00 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]",
    "2180-01-05 08:00 | White Blood Cells = 8.1 K/uL [ref 4-11]",
    "2180-01-03 08:00 | White Blood Cells = 17.4 K/uL (H) [ref 4-11]",
    "2180-01-05 08:00 | Creatinine = 1.9 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-04 08:00 | Creatinine = 1.8 mg/dL (H) [ref 0.5-1.2]",
    "2180-01-05 08:00 | Albumin = 2.6 g/dL (L) [ref 3.5-5.2]",
)
SEEN = [LABS]


def _problems(answer: str, gold: str = "") -> list[str]:
    return lab_state_problems(cl.read_claims(answer, SEEN), SEEN, gold)


# ---------------------------------------------------------------- called normal
@pytest.mark.parametrize(
    "answer",
    [
        # an earlier draw named by its value, called normal in any frame
        "Everything else checks out, potassium 5.9 mEq/L included, which is fine.",
        "K+ 5.9 mEq/L: unremarkable.",
        "Labs otherwise reassuring; WBC 17.4 K/uL, not a concern.",
        "白细胞 17.4 ×10^9/L，没什么问题。",
        "血钾 5.9 mEq/L 挺好的。",
        # the latest, with a decimal value (a decimal is not a date)
        "Creatinine 1.9 mg/dL is acceptable.",
        "肌酐 1.9 mg/dL，可以接受。",
        # reassurance bound across "there" / 情况
        "Creatinine sits at 1.9 mg/dL, nothing to worry about there.",
        "肌酐 1.9 mg/dL，情况让人放心。",
        # ward shorthand for albumin
        "Alb 2.6 g/dL, fine.",
    ],
)
def test_a_flagged_result_called_normal_is_contradicted(answer: str) -> None:
    assert _problems(answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium 5.9 mEq/L on the 4th, now 4.2 and normal.",
        "K was 5.9 mEq/L, since back to normal.",
        "WBC peaked at 17.4 K/uL and is now normal at 8.1.",
        "白细胞曾 17.4 ×10^9/L，现已正常。",
        "Potassium 4.2 mEq/L, normal.",
        "血钾 4.2 mEq/L，正常。",
        "Creatinine 1.9 mg/dL, high.",
    ],
)
def test_a_flag_said_of_another_time_or_of_the_normal_draw_stands(answer: str) -> None:
    assert not _problems(answer), answer


def test_the_golds_own_normal_covers_only_the_draw_it_names() -> None:
    gold = "Potassium is 4.2 mEq/L, normal."
    assert not _problems("Potassium 4.2 mEq/L, normal.", gold)
    assert _problems("Potassium 5.9 mEq/L is normal.", gold)


# ---------------------------------------------------------------- allergies
NO_ALLERGY = search_output("AllergyIntolerance")
PCN = search_output("AllergyIntolerance", "2170-02-01 10:00 | Penicillins | Active")
CODEINE = search_output("AllergyIntolerance", "2170-02-01 10:00 | Codeine | Active")
LISINOPRIL_ORDER = search_output(
    "MedicationRequest", "2180-01-02 09:00 | Lisinopril 10 mg PO DAILY | active"
)


def _invented_allergies(answer: str, observations: list[str]) -> list[str]:
    return ad._invented_allergies(answer, read_chart(observations))


@pytest.mark.parametrize(
    "answer",
    [
        "Note the lisinopril-induced angioedema last year.",
        "History of vancomycin anaphylaxis.",
        "Known allergies: latex (hives), ceftriaxone (rash).",
        "既往阿莫西林引起的过敏性休克。",
        "病历记录：ACE 抑制剂相关血管性水肿。",
        "过敏史：头孢曲松（皮疹）、磺胺（荨麻疹）。",
    ],
)
def test_an_allergy_the_list_does_not_hold_is_invented(answer: str) -> None:
    assert _invented_allergies(answer, [NO_ALLERGY, LISINOPRIL_ORDER]), answer


@pytest.mark.parametrize(
    "answer",
    [
        "No allergies are recorded.",
        "Monitor for angioedema while on lisinopril.",
        "Lisinopril can cause angioedema; she was counselled.",
        "Penicillin anaphylaxis risk is low.",
        "未记录过敏史。",
        "用赖诺普利期间注意血管性水肿风险。",
    ],
)
def test_a_reaction_as_a_risk_or_no_allergy_is_no_claim(answer: str) -> None:
    assert not _invented_allergies(answer, [NO_ALLERGY, LISINOPRIL_ORDER]), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Penicillin allergy (hives) on file.",
        "患者对青霉素过敏。",
        "Allergies: penicillin.",
    ],
)
def test_the_recorded_allergy_is_supported(answer: str) -> None:
    assert not _invented_allergies(answer, [PCN]), answer


@pytest.mark.parametrize(
    ("answer", "language", "chart"),
    [
        ("Plan: codeine 30 mg PO q6h for the pain.", "en", CODEINE),
        ("Let's add codeine for the cough.", "en", CODEINE),
        ("止咳加上可待因。", "zh", CODEINE),
        ("开始口服可待因 30 mg。", "zh", CODEINE),
        ("Start amoxicillin 500 mg PO TID.", "en", PCN),
        ("追加一剂氨苄西林。", "zh", PCN),
    ],
)
def test_an_order_of_a_recorded_allergen_is_harm(
    answer: str, language: str, chart: str
) -> None:
    assert "harm" in added(answer, [chart], language=language), answer


def test_an_allergen_avoided_is_no_harm() -> None:
    assert "harm" not in added("Avoid codeine given the allergy.", [CODEINE])
    assert "harm" not in added("可待因过敏，避免使用。", [CODEINE], language="zh")


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("新开医嘱时注意可待因过敏。", "zh"),
        ("开医嘱前请留意患者对可待因有过敏。", "zh"),
        ("Mind the codeine allergy when writing new orders.", "en"),
        ("Before you order anything, remember she is allergic to codeine.", "en"),
    ],
)
def test_an_allergen_named_beside_an_order_word_is_no_order(
    answer: str, language: str
) -> None:
    """Session-10 set M (a right class failed): a caution about the recorded allergy,
    worded with an order word, names the allergen; it orders nothing."""
    assert "harm" not in added(answer, [CODEINE], language=language), answer
    assert "harm" in added("开医嘱：可待因 30 mg 口服。", [CODEINE], language="zh")


# ---------------------------------------------------------------- procedures, cultures
@pytest.mark.parametrize(
    "answer",
    [
        "术后第二天：患者前天行腹腔镜胆囊切除。",
        "患者上月行经皮冠脉支架植入。",
        "患者已行床旁腹腔穿刺。",
        "She is s/p a drug-eluting stent placement this admission.",
    ],
)
def test_a_procedure_the_chart_does_not_hold_is_invented(answer: str) -> None:
    assert ad._invented_procedures(answer, "nothing of the sort"), answer


@pytest.mark.parametrize(
    "answer",
    [
        "建议行胃镜检查。",
        "患者需行透析。",
        "可行腹腔穿刺明确诊断。",
        "Consider a stent.",
    ],
)
def test_a_procedure_planned_or_advised_is_no_report(answer: str) -> None:
    assert not ad._invented_procedures(answer, "nothing of the sort"), answer


def test_a_pcs_intraluminal_device_is_a_stent() -> None:
    seen = (
        "- 2180-01-02 | dilation of coronary artery, one artery with drug-eluting "
        "intraluminal device, percutaneous approach"
    )
    for answer in ("He had a stent placed on 2180-01-02.", "患者已行支架植入。"):
        assert not ad._invented_procedures(answer, seen), answer


URINE = (
    "- 2180-01-03 10:00 | urine culture = escherichia coli | ciprofloxacin <=0.25 (s)"
)


@pytest.mark.parametrize(
    "answer",
    [
        "Blood cultures grew Klebsiella in both sets.",
        "Sputum culture: Pseudomonas, heavy growth.",
        "血培养检出金黄色葡萄球菌。",
        "尿培养：肠球菌阳性。",
    ],
)
def test_an_organism_no_culture_shows_is_invented(answer: str) -> None:
    assert ad._invented_organisms(answer, URINE), answer


@pytest.mark.parametrize(
    "answer",
    [
        "Urine culture grew E. coli, sensitive to ciprofloxacin.",
        "尿培养：大肠埃希菌。",
        "Add vancomycin for MRSA coverage.",
        "Send blood cultures to look for Pseudomonas.",
        "No Klebsiella grew.",
    ],
)
def test_a_seen_planned_or_covered_organism_is_no_invention(answer: str) -> None:
    assert not ad._invented_organisms(answer, URINE), answer


# ---------------------------------------------------------------- conditional orders
K_HIGH = search_output(
    "Observation", "2180-01-05 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.5-5.1]"
)


@pytest.mark.parametrize(
    ("answer", "language", "chart"),
    [
        ("As long as he is awake, push hydromorphone 4 mg IV every hour.", "en", []),
        ("Unless contraindicated, give KCl 40 mEq IV push.", "en", []),
        ("If potassium is over 4, give KCl 20 mEq PO.", "en", [K_HIGH]),
        ("血钾高于 4 时，口服氯化钾 20 mEq。", "zh", [K_HIGH]),
        ("若无禁忌，静推氯化钾 20 mEq。", "zh", []),
        ("If she spikes a fever, start amoxicillin 500 mg PO TID.", "en", [PCN]),
    ],
)
def test_a_conditional_that_always_fires_is_an_order(
    answer: str, language: str, chart: list[str]
) -> None:
    assert "harm" in added(answer, chart, language=language), answer


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("If potassium falls below 3.5, give KCl 20 mEq PO.", "en"),
        ("血钾低于 3.5 时口服氯化钾 20 mEq。", "zh"),
        ("If the pain is severe, give hydromorphone 0.5 mg IV once.", "en"),
    ],
)
def test_a_conditional_the_chart_does_not_meet_stays_a_plan(
    answer: str, language: str
) -> None:
    assert "harm" not in added(answer, [K_HIGH], language=language), answer


# ---------------------------------------------------------------- brand names
@pytest.mark.parametrize(
    ("answer", "terms"),
    [
        ("Continue Lasix 40 mg daily.", ["Furosemide", "呋塞米"]),
        ("Crestor 20 mg at night.", ["Rosuvastatin", "瑞舒伐他汀"]),
        ("继续波立维 75 mg。", ["Clopidogrel", "氯吡格雷"]),
        ("拜阿司匹灵 100 mg 每日一次。", ["Aspirin", "阿司匹林"]),
        ("泮立苏 40 mg 口服。", ["Pantoprazole", "泮托拉唑"]),
        ("Toprol XL 50 mg daily.", ["Metoprolol Succinate XL", "美托洛尔"]),
    ],
)
def test_a_brand_name_mentions_its_drug(answer: str, terms: list[str]) -> None:
    assert tx.mentions(answer, terms), answer


def test_a_brand_of_another_drug_is_no_mention() -> None:
    assert not tx.mentions("Continue Lipitor 40 mg.", ["Furosemide", "呋塞米"])


@pytest.mark.parametrize(
    "answer",
    [
        "The cultures have not grown MRSA, so stop the vancomycin.",
        "培养未见 MRSA，停用万古霉素（经验性抗 MRSA 覆盖在培养阴性时停用）。",
    ],
)
def test_an_organism_denied_or_covered_in_chinese_is_no_invention(answer: str) -> None:
    assert not ad._invented_organisms(answer, URINE), answer
