"""The heuristic agent's parts: its own safety thresholds, its tables, its train-split cue words."""

from __future__ import annotations

from pathlib import Path

import pytest

from physassist_env.agents.heuristic import knowledge as K
from physassist_env.agents.heuristic.answers import ANSWERS
from physassist_env.agents.heuristic.intents import INTENT_RULES, interpret
from physassist_env.agents.heuristic.plans import PLANS
from physassist_env.agents.heuristic.terms import find_entities, generic_of, lab_name

MAN, WOMAN = K.Demographics(female=False, age=60), K.Demographics(female=True, age=90)


def _unsafe(
    drug: str,
    analyte: str,
    latest: float,
    earliest: float | None = None,
    patient: K.Demographics = MAN,
) -> bool:
    rules = [r for r in K.rules_for(drug) if r.analyte == analyte]
    assert rules, f"no rule for {drug} with {analyte}"
    return any(
        r.unsafe(latest, latest if earliest is None else earliest, patient)
        for r in rules
    )


@pytest.mark.parametrize(
    ("drug", "analyte", "latest", "earliest", "unsafe"),
    [
        ("lisinopril", "potassium", 5.6, None, True),  # > 5.5 mmol/L
        ("lisinopril", "potassium", 5.5, None, False),
        ("spironolactone", "potassium", 6.0, None, True),
        ("losartan", "creatinine", 1.4, 1.0, True),  # a rise of 40% (> 30%)
        ("losartan", "creatinine", 1.2, 1.0, False),
        ("warfarin", "inr", 3.4, None, True),
        ("warfarin", "inr", 2.6, None, False),
        ("insulin", "glucose", 64, None, True),
        ("insulin", "glucose", 180, None, False),
        ("digoxin", "potassium", 3.2, None, True),
        ("heparin", "platelets", 90, 200, True),  # a fall of 55%
        ("heparin", "platelets", 160, 200, False),
        ("vancomycin", "creatinine", 1.5, 0.9, True),
        ("vancomycin", "creatinine", 1.0, 0.9, False),
    ],
)
def test_own_safety_thresholds(
    drug: str, analyte: str, latest: float, earliest: float | None, unsafe: bool
) -> None:
    assert _unsafe(drug, analyte, latest, earliest) is unsafe


def test_metformin_follows_egfr_when_age_is_known() -> None:
    # CKD-EPI 2021 by hand: a man of 60 with creatinine 0.9 mg/dL -> 142 * 0.9938^60 = 97.8
    assert K.egfr(creatinine=0.9, age=60, female=False) == pytest.approx(97.8, abs=0.2)
    assert K.egfr(creatinine=1.8, age=90, female=True) < 30
    assert _unsafe("metformin", "creatinine", 1.8, patient=WOMAN)  # eGFR about 26
    assert not _unsafe("metformin", "creatinine", 1.8, patient=MAN)  # eGFR about 42
    assert _unsafe(
        "metformin", "creatinine", 1.5, patient=K.Demographics(female=False)
    )  # no age: label creatinine


def test_every_rule_cites_a_source_and_every_drug_class_is_known() -> None:
    assert all(r.source for r in K.SAFETY_RULES)
    assert {r.drug_class for r in K.SAFETY_RULES} <= set(K.DRUG_CLASS.values())
    assert (
        K.monitoring_lab("lisinopril") == "potassium"
        and K.monitoring_lab("acetaminophen") is None
    )


def test_plans_and_answers_cover_every_intent() -> None:
    assert set(PLANS) == set(ANSWERS)
    requests = [
        "What's his latest potassium?",
        "How have the creatinine and potassium trended since admission?",
        "Where is it now, and what dose of lisinopril is he getting?",
        "What dose of warfarin is she on?",
        "What was he admitted with?",
        "Can she have ibuprofen for the pain? Check the diagnosis list first.",
        "What do the cultures show so far?",
        "Where are we with the infection? White count and cultures.",
        "Which antibiotics has she had?",
        "Before discharge, go over her active meds and allergies.",
        "Is it safe to keep giving lisinopril with her potassium where it is?",
        "What's her creatinine clearance, and does the metformin need adjusting?",
        "Is the ceftriaxone working?",
        "What's the CHA2DS2-VASc, and does this patient need anticoagulation?",
        "What's the Child-Pugh class?",
        "Put a safety flag on the chart about the INR and the warfarin.",
        "Get cardiology to see her today, urgent.",
        "Book a follow-up with primary care in a week.",
        "Order oral potassium replacement.",
        "Ask him whether he's been taking his lisinopril at home.",
        "Ask her what symptoms brought her in.",
        "Ask her how she sleeps.",
        "Hmm.",
        # the clinical-work intents
        "Any allergies on file?",
        "When was the last dose of metformin given?",
        "What was the highest creatinine this admission?",
        "How low did the hemoglobin get?",
        "Can you stage the kidney injury by KDIGO?",
        "Should we hold the lisinopril for the kidneys?",
        "Put in a nephrology consult for the AKI.",
        "Does the hemoglobin call for a transfusion?",
        "Please put in a red cell transfusion, one unit.",
        "Is the INR where we want it on the warfarin?",
        "Does the potassium need replacing, and how much?",
        "The potassium is up: what's the plan?",
        "Order IV magnesium for the low mag.",
        "Put in a potassium recheck with the right urgency.",
        "How have the sugars been on the insulin since admission?",
        "Is the lactate clearing?",
        "What's the lactate? If it's elevated, what have the cultures shown?",
        "Any QT-prolonging combination on the current meds?",
        "Flag the QT risk on the chart.",
        "What's the MELD-Na?",
        "What's the HAS-BLED score?",
        "What did the culture grow, and what's it sensitive to?",
        "Now that the sensitivities are back, can we narrow the antibiotics?",
        "Can you reconcile the last discharge list against what's ordered now?",
        "For the discharge, what's new and what's been stopped compared with the last discharge?",
    ]
    kinds = {interpret(r, []).kind for r in requests}
    assert kinds == set(PLANS), set(PLANS) ^ kinds
    assert len(INTENT_RULES) >= 10


def test_names_come_from_the_public_vocabulary() -> None:
    found = find_entities("以他现在的INR，华法林还能继续用吗？")
    assert found.labs == ["inr"] and found.drugs == ["warfarin"]
    found = find_entities("Is the Zosyn working, and where is the vanc level?")
    assert found.drugs == ["piperacillin"] and found.labs == ["vancomycin_level"]
    assert find_entities(
        "Is it safe to keep giving digoxin with his K where it is?"
    ).drugs == ["digoxin"]
    assert generic_of("MetFORMIN (Glucophage) 500 mg PO BID") == "metformin"
    assert (lab_name("inr", "zh"), lab_name("urea"), lab_name("wbc", "zh")) == (
        "INR",
        "urea",
        "白细胞",
    )


#: Topic names of the generator whose intent kind the agent spells differently.
_KIND = {
    "flag_safety": "flag",
    "crcl_dosing": "crcl",
    "culture_result": "cultures",
    "infection_status": "infection",
}


def test_cue_words_cover_the_train_split(built_dataset: Path) -> None:
    """The keyword rules were written from train phrasing: they must read the train split.

    When the request phrasings change, this fails until the cue words are re-derived from
    the new train split (never from test). Only turns of topics the agent handles (an intent
    kind with an answer handler) are counted: for a topic it has no intent for (e.g.
    ``susceptibilities``) no reading is right, so those turns are left out of the ratio, not
    counted as misses; they still go through ``interpret`` as memory for later turns."""
    from physassist_env.env.data import split_data

    sessions = split_data(built_dataset, "train").sessions
    right = total = 0
    for session in sessions:
        for language in ("en", "zh"):
            memory = []
            for turn in session.turns:
                intent = interpret(getattr(turn.request, language), memory)
                memory.append(intent)
                kind = _KIND.get(turn.topic, turn.topic)
                if kind in ANSWERS:
                    right += intent.kind == kind
                    total += 1
    assert total >= 50, f"only {total} train requests of topics the agent handles"
    assert right / total >= 0.95, f"{right}/{total} train requests read as their topic"


@pytest.mark.parametrize(
    "text, name, with_record",
    [
        # train cores of the adherence interview (patient_turns.patient_adherence)
        ("他在家真的在吃格华止吗？问一下。", "patient_adherence", False),
        # 按医嘱 (as prescribed) asks the patient only; 开的多少 asks the order's dose
        ("他在家二甲双胍有没有按医嘱吃？问问。", "patient_adherence", False),
        ("格华止开的多少？问问他在家吃不吃。", "patient_adherence", True),
    ],
)
def test_zh_interview_and_dose_cues(text: str, name: str, with_record: bool) -> None:
    intent = interpret(text, [])
    assert intent.kind == name, intent
    if name == "patient_adherence":
        assert intent.with_record == with_record


def test_adherence_answer_states_what_it_does_to_the_order() -> None:
    """Taken as prescribed: continue as ordered; not: reconcile first (The Joint Commission
    NPSG.03.06.01; 2018 ESC/ESH hypertension guideline 8.2)."""
    from types import SimpleNamespace

    intent = interpret("Ask him whether he's been taking his metformin at home.", [])
    for reply, want in [
        ("I take my metformin every day as prescribed.", "continue as ordered"),
        ("I stopped the metformin, it upset my stomach.", "reconcile"),
    ]:
        view = SimpleNamespace(
            text=lambda key, r=reply: r, say=lambda en, zh: en, language="en"
        )
        assert want in ANSWERS["patient_adherence"](intent, view)
