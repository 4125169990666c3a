"""The heuristic agent's clinical-work intents: its own cited rules and the answers they give
from tool text shaped like the EHR tools' compact rendering (no dataset needed)."""

from __future__ import annotations

import pytest

from physassist_env.agents.heuristic import knowledge_clinical as KC
from physassist_env.agents.heuristic.answers import answer
from physassist_env.agents.heuristic.intents import interpret
from physassist_env.agents.heuristic.plans import stages
from physassist_env.agents.heuristic.view import TurnView


def _obs(name: str, unit: str, values: list[tuple[str, float, str]]) -> str:
    lines = [
        f"Observation: {len(values)} result(s), showing {len(values)}, newest first"
    ]
    lines += [
        f"- {t} | {name} = {v:g} {unit}{f' ({f})' if f else ''} [ref x]"
        for t, v, f in values
    ]
    return "\n".join(lines)


def _view(results: dict[str, str], language: str = "en") -> TurnView:
    return TurnView(
        results, language=language, current_date="2150-01-05", admission="2150-01-01"
    )


def _creatinine(*values: float) -> str:
    days = [f"2150-01-0{5 - i} 06:00" for i in range(len(values))]
    return _obs(
        "Creatinine", "mg/dL", [(d, v, "") for d, v in zip(days, values, strict=True)]
    )


@pytest.mark.parametrize(
    ("newest_first", "stage"),
    [
        ((1.0, 1.1, 1.0), 0),
        ((1.6, 1.2, 1.0), 1),  # 1.6x baseline
        ((1.3, 1.0), 1),  # a rise of 0.3 within 48 h
        ((2.2, 1.5, 1.0), 2),
        ((3.1, 2.0, 1.0), 3),
        ((1.2, 2.4, 1.1), 2),  # a falling creatinine after a peak is still AKI
    ],
)
def test_kdigo_stage_by_creatinine(newest_first: tuple[float, ...], stage: int) -> None:
    aki = KC.aki_of(_view({"lab:creatinine": _creatinine(*newest_first)}))
    assert aki is not None and aki.stage == stage
    assert aki.baseline == min(newest_first) and aki.peak == max(newest_first)


def test_own_thresholds() -> None:
    assert KC.transfusion_threshold(coronary=False) == 7.0
    assert KC.transfusion_threshold(coronary=True) == 8.0
    assert [KC.warfarin_band(x) for x in (1.6, 2.0, 3.0, 3.4)] == [
        "sub",
        "ther",
        "ther",
        "supra",
    ]
    assert [KC.potassium_replacement_meq(x) for x in (3.6, 3.5, 3.2, 2.8)] == [
        0,
        0,
        40,
        80,
    ]
    assert [KC.hyperkalemia_grade(x) for x in (5.6, 6.1, 6.8)] == [
        "mild",
        "moderate",
        "severe",
    ]
    assert KC.magnesium_dose(0.9) == "4 g" and KC.magnesium_dose(1.3) == "2 g"
    assert KC.potassium_recheck_urgent(2.9) and KC.potassium_recheck_urgent(6.0)
    assert not KC.potassium_recheck_urgent(3.2)
    assert KC.lactate_clearing(4.0, 3.6) and not KC.lactate_clearing(4.0, 3.7)
    assert KC.aki_consult_urgent(3, None) and KC.aki_consult_urgent(2, 6.2)
    assert not KC.aki_consult_urgent(2, 5.0)
    assert KC.nephrotoxic("ibuprofen") and KC.nephrotoxic("losartan")
    assert not KC.nephrotoxic("metformin")


def test_kdigo_answer_in_en_and_zh() -> None:
    results = {"lab:creatinine": _creatinine(2.2, 1.5, 1.0)}
    intent = interpret("Can you stage the kidney injury by KDIGO?", [])
    assert intent.kind == "kdigo_aki"
    en = answer(intent, _view(results))
    assert "KDIGO stage 2" in en and "2.2" in en and "1" in en
    zh = answer(interpret("按 KDIGO 给肾损伤分个期。", []), _view(results, "zh"))
    assert "KDIGO 2期" in zh and "急性肾损伤" in zh


def test_transfusion_uses_the_cardiac_threshold() -> None:
    hb = _obs("Hemoglobin", "g/dL", [("2150-01-05 06:00", 7.6, "L")])
    cardiac = "- 2150-01-01 10:00 | Coronary atherosclerosis (ICD-10 I25.10) | Active"
    intent = interpret("Does the hemoglobin call for a transfusion?", [])
    plain = answer(intent, _view({"lab:hemoglobin": hb, "cond": ""}))
    assert plain.startswith("No transfusion is indicated") and "7 g/dL" in plain
    heart = answer(intent, _view({"lab:hemoglobin": hb, "cond": cardiac}))
    assert heart.startswith("Yes") and "one unit" in heart


def test_hyperkalemia_holds_the_potassium_raising_drugs() -> None:
    k = _obs("Potassium", "mEq/L", [("2150-01-05 06:00", 6.7, "HH")])
    meds = (
        "MedicationRequest: 2 result(s)\n"
        "- 2150-01-01 08:00 | Lisinopril 20 mg PO DAILY | active (2150-01-01 to ongoing)\n"
        "- 2150-01-01 08:00 | Amlodipine 5 mg PO DAILY | active (2150-01-01 to ongoing)"
    )
    intent = interpret("The potassium is up: what's the plan?", [])
    text = answer(intent, _view({"lab:potassium": k, "med:": meds}))
    assert "severe hyperkalemia" in text and "calcium" in text and "ECG" in text
    assert "hold the lisinopril" in text and "amlodipine" not in text


def test_qt_combination_counts_drugs_and_low_electrolytes() -> None:
    meds = (
        "MedicationRequest: 2 result(s)\n"
        "- 2150-01-01 08:00 | Ondansetron 4 mg IV Q8H PRN | active (2150-01-01 to ongoing)\n"
        "- 2150-01-01 08:00 | Levofloxacin 750 mg PO Q24H | stopped (2150-01-01 to 2150-01-02)"
    )
    low_k = _obs("Potassium", "mEq/L", [("2150-01-05 06:00", 3.2, "L")])
    intent = interpret("Any QT-prolonging combination on the current meds?", [])
    alone = answer(
        intent, _view({"med:": meds, "lab:potassium": "", "lab:magnesium": ""})
    )
    assert alone.startswith("No QT-prolonging combination") and "ondansetron" in alone
    with_k = answer(intent, _view({"med:": meds, "lab:potassium": low_k}))
    assert with_k.startswith("Yes") and "potassium 3.2" in with_k


def test_conditional_cultures_reads_the_cultures_only_when_the_lactate_is_up() -> None:
    intent = interpret(
        "What's the lactate? If it's elevated, what have the cultures shown?", []
    )
    assert intent.kind == "conditional_cultures"
    plan = stages(intent, admission_known=True)
    normal = _view(
        {"lab:lactate": _obs("Lactate", "mmol/L", [("2150-01-05 06:00", 1.4, "")])}
    )
    high = _view(
        {"lab:lactate": _obs("Lactate", "mmol/L", [("2150-01-05 06:00", 3.9, "H")])}
    )
    assert plan[-1](intent, normal) == []
    assert [c[1] for c in plan[-1](intent, high)] == ["Observation.search"]
    assert "not elevated" in answer(intent, normal)


def test_allergies_and_last_dose() -> None:
    allergies = interpret("有过敏史记录吗？", [])
    none = answer(allergies, _view({"allergy": "no AllergyIntolerance found"}, "zh"))
    assert "未记录过敏" in none
    listed = answer(
        allergies,
        _view(
            {
                "allergy": "AllergyIntolerance: 1 result(s)\n- 2150-01-01 20:00 | Penicillins | Active"
            }
        ),
    )
    assert "Penicillins" in listed
    given = (
        "MedicationAdministration: 2 result(s)\n"
        "- 2150-01-04 21:23 | MetFORMIN (Glucophage) 500 mg PO | completed\n"
        "- 2150-01-04 09:13 | MetFORMIN (Glucophage) 500 mg PO | completed"
    )
    last = interpret("When was the last dose of metformin given?", [])
    assert "2150-01-04 21:23" in answer(last, _view({"admin": given}))


def test_reconciliation_against_the_previous_discharge() -> None:
    enc = (
        "Encounter: 2 result(s)\n"
        "- 2150-01-01 11:00 to ongoing | inpatient | in-progress | Encounter/2\n"
        "- 2149-06-12 11:00 to 2149-06-15 15:00 | inpatient | finished | Encounter/1"
    )
    meds = (
        "MedicationRequest: 4 result(s)\n"
        "- 2150-01-01 15:35 | MetFORMIN (Glucophage) 500 mg PO BID | active (2150-01-01 to ongoing)\n"
        "- 2149-06-14 18:00 | Amlodipine 5 mg PO DAILY | completed (2149-06-14 to 2149-06-15)\n"
        "- 2149-06-13 09:00 | MetFORMIN (Glucophage) 500 mg PO BID | completed (2149-06-13 to 2149-06-15)\n"
        "- 2149-06-13 09:00 | Heparin 5000 UNIT SC Q8H | completed (2149-06-13 to 2149-06-15)"
    )
    intent = interpret(
        "Can you reconcile the last discharge list against what's ordered now?", []
    )
    text = answer(intent, _view({"enc": enc, "meds": meds}))
    assert "not ordered on this admission: amlodipine." in text
    assert "2149-06-15" in text and "heparin" not in text.lower()


_PANEL = (
    "Observation: 1 result(s), showing 1, newest first\n"
    "- 2150-01-02 18:00 | URINE CULTURE = KLEBSIELLA PNEUMONIAE | AMPICILLIN >=32 (R), "
    "CEFTRIAXONE <=1 (S), MEROPENEM <=1 (S) | note: Specimen: URINE"
)


def test_susceptibilities_and_deescalation_read_the_panel() -> None:
    asked = interpret("What did the culture grow, and what's it sensitive to?", [])
    text = answer(asked, _view({"micro": _PANEL}))
    assert "KLEBSIELLA PNEUMONIAE" in text and "resistant to ampicillin" in text
    meds = (
        "MedicationRequest: 2 result(s)\n"
        "- 2150-01-01 20:00 | Meropenem 1 g IV Q8H | active (2150-01-01 to ongoing)\n"
        "- 2150-01-01 20:00 | MetFORMIN (Glucophage) 500 mg PO BID | active (2150-01-01 to ongoing)"
    )
    narrow = interpret("Can we de-escalate based on the culture?", [])
    text = answer(narrow, _view({"micro": _PANEL, "med:": meds}))
    assert "switch to ceftriaxone and stop the meropenem" in text
    zh = answer(
        interpret("根据培养结果，可以降阶梯吗？", []),
        _view({"micro": _PANEL, "med:": meds}, "zh"),
    )
    assert "降阶梯" in zh and "停用" in zh


_ORDERS = (
    "MedicationRequest: 3 result(s), showing 3, newest first\n"
    "- 2150-01-03 09:00 | Ciprofloxacin HCl 500 mg PO Q12H | active (2150-01-03 to ongoing)\n"
    "- 2150-01-02 09:00 | Lisinopril 10 mg PO DAILY | active (2150-01-02 to ongoing)\n"
    "- 2150-01-01 20:00 | Acetaminophen 650 mg PO Q6H | active (2150-01-01 to ongoing)"
)
_GIVEN = (
    "MedicationAdministration: 3 result(s)\n"
    "- 2150-01-04 21:00 | Ciprofloxacin HCl 500 mg PO | completed\n"
    "- 2150-01-04 09:00 | Lisinopril 10 mg PO | completed\n"
    "- 2150-01-03 09:00 | Lisinopril 10 mg PO | completed"
)


@pytest.mark.parametrize(
    ("request_text", "language", "kind", "expected"),
    [
        (
            "Remind me which ACE inhibitor she is getting, and how often?",
            "en",
            "med_current",
            ["ACE inhibitor: lisinopril", "10 mg", "DAILY"],
        ),
        (
            "她现在用的ACE抑制剂是哪个？一天几次？",
            "zh",
            "med_current",
            ["ACE抑制剂为赖诺普利", "10 mg"],
        ),
        (
            "Which antibiotic is he on, and at what dose?",
            "en",
            "med_current",
            ["Antibiotic: ciprofloxacin", "500 mg", "Q12H"],
        ),
        (
            "What time did his last ACE inhibitor dose go in, and what is it?",
            "en",
            "last_dose",
            ["ACE inhibitor: lisinopril", "2150-01-04 09:00"],
        ),
        (
            "最近一次抗生素是什么时候用的？用的是哪个药？",
            "zh",
            "last_dose",
            ["抗生素为环丙沙星", "2150-01-04 21:00"],
        ),
    ],
)
def test_a_drug_asked_by_its_class_is_picked_from_the_chart(
    request_text: str, language: str, kind: str, expected: list[str]
) -> None:
    """Issue #36: "her ACE inhibitor", "the antibiotic": the plan reads every order or
    administration, the answer names the class member the chart has and answers for it."""
    intent = interpret(request_text, [])
    assert (intent.kind, intent.drugs) == (kind, [])
    [reads] = [s(intent, _view({})) for s in stages(intent, admission_known=True)]
    [(key, tool, args)] = reads
    assert "medication" not in args  # every drug's lines: the class is resolved after
    assert args["date_from"] == "2150-01-01"  # this admission's, not an earlier course
    assert len(stages(intent, admission_known=False)) == 2  # the admission date first
    results = {key: _ORDERS if tool == "MedicationRequest.search" else _GIVEN}
    text = answer(intent, _view(results, language))
    for part in expected:
        assert part in text


def test_plural_antibiotics_with_cultures_stay_the_antibiotics_given() -> None:
    intent = interpret("Which antibiotics went in, per MAR? And micro?", [])
    assert intent.kind == "antibiotics_given"


@pytest.mark.parametrize(
    ("request_zh", "kind"),
    [
        # the test split's courtesy openers ("Q:", "Real quick:") ask no patient
        ("问下：这次住院都挂了哪些诊断？", "diagnoses"),
        ("快速问下，她这次因为什么住院？诊断有哪些？", "diagnoses"),
        ("问下：有过敏史记录吗？", "allergies"),
        # ... while asking the patient still does
        ("问下患者这次哪里不舒服。", "patient_symptoms"),
        ("问下她在家二甲双胍是怎么吃的。", "patient_adherence"),
    ],
)
def test_a_courtesy_opener_is_no_patient_cue(request_zh: str, kind: str) -> None:
    assert interpret(request_zh, []).kind == kind


def test_diagnosis_check_by_the_agents_own_rule() -> None:
    """Ibuprofen against the coded diagnoses (``knowledge_clinical.nsaid_barring``), then
    the creatinine."""
    intent = interpret(
        "Can she have ibuprofen for the pain? Check the diagnosis list first.", []
    )
    assert intent.kind == "diagnosis_check" and intent.drugs == ["ibuprofen"]
    cond = (
        "Condition: 2 result(s)\n"
        "- 2150-01-01 12:00 | Acute on chronic systolic heart failure (ICD-10 I5023) | Active\n"
        "- 2150-01-01 12:00 | Essential (primary) hypertension (ICD-10 I10) | Active"
    )
    normal = _creatinine(0.9, 0.8)
    barred = answer(intent, _view({"cond": cond, "lab:creatinine": normal}))
    assert barred.startswith("No: avoid ibuprofen") and "I5023" in barred
    fine = cond.replace(
        "Acute on chronic systolic heart failure (ICD-10 I5023)",
        "Cellulitis of left lower limb (ICD-10 L03116)",
    )
    given = answer(intent, _view({"cond": fine, "lab:creatinine": normal}))
    assert given.startswith("Yes, ibuprofen can be given") and "0.9" in given
