"""Adversary and clinician classes of the validity suite, and the grader rules they exposed.

Hand-written turns with invented values: the new variant generators (stale_value,
overclaim, kitchen_sink, extra_true_facts, approx, spelled_numbers) in EN and ZH, and the
grader's binding of a flag to the value said with it, its reading of claims the observed
record does not support (no allergies, a drug said to be running) and of spelled-out
lab values.
"""

from __future__ import annotations

import numpy as np
import pytest
from grading_fixtures import observed

from physassist_env.grading import make_grader
from physassist_env.grading.additions import record_contradictions
from physassist_env.grading.claims import read_claims
from physassist_env.grading.text import spelled_to_digits
from physassist_env.grading.validity import (
    GENERATORS,
    Pools,
    build_cases,
    grading_context,
)
from physassist_env.scenarios.model import (
    Evidence,
    FlagCheck,
    Implicitness,
    MentionCheck,
    Provenance,
    RecommendCheck,
    RubricItem,
    Session,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    Turn,
    ValueCheck,
)

K_SERIES = (
    "Observation: 3 result(s), showing 3, newest first\n"
    "- 2180-01-04 08:00 | Potassium = 4.6 mEq/L [ref 3.5-5.1]\n"
    "- 2180-01-03 08:00 | Potassium = 5.6 mEq/L (H) [ref 3.5-5.1]\n"
    "- 2180-01-02 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]"
)
NA_SERIES = (
    "Observation: 1 result(s), showing 1, newest first\n"
    "- 2180-01-04 08:00 | Sodium = 131 mEq/L (L) [ref 135-145]"
)
ALLERGY = (
    "AllergyIntolerance: 1 result(s), showing 1, newest first\n"
    "- 2179-12-01 00:00 | Personal history of allergy to penicillin | Active"
)
MEDS = (
    "MedicationRequest: 1 result(s), showing 1, newest first\n"
    "- 2180-01-01 21:00 | Lisinopril 20 mg PO DAILY | active (2180-01-01 to ongoing)"
)
K_ABOUT = ["potassium", "血钾", "K", "K+", "钾"]


def _item(en: str, zh: str, check: object, **kw: object) -> RubricItem:
    return RubricItem(id=en[:10], criterion=Text(en=en, zh=zh), check=check, **kw)  # type: ignore[arg-type]


def _k_turn(index: int, answer: Text, *, decision: bool) -> Turn:
    row = Evidence(resource="Observation/k1", value=4.6, decimals=1, unit="mEq/L")
    rubric = [
        _item(
            "States the latest potassium as 4.6 mEq/L",
            "给出最新血钾为 4.6 mEq/L",
            ValueCheck(
                value=4.6,
                unit="mEq/L",
                decimals=1,
                conversions={"mmol/L": 1.0},
                about=K_ABOUT,
            ),
        ),
        _item(
            "Identifies the potassium as normal",
            "指出血钾正常",
            FlagCheck(direction="normal", about=K_ABOUT),
            provenance=Provenance(basis="record", evidence=[row]),
        ),
        _item("Retrieves it", "查询", ToolUseCheck(tools=["Observation.search"])),
    ]
    if decision:
        rubric.append(
            _item(
                "Says lisinopril can be continued",
                "可以继续赖诺普利",
                RecommendCheck(
                    actions=["continue", "继续"], targets=["lisinopril", "赖诺普利"]
                ),
                critical=True,
            )
        )
    return Turn(
        index=index,
        task_type=TaskType.IL,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=Text(en="Potassium?", zh="血钾？"),
        request_explicit=Text(en="Potassium?", zh="血钾？"),
        topic="drug_lab_safety" if decision else "lab_latest",
        entities=["lab:potassium"] + (["drug:lisinopril"] if decision else []),
        gold_actions=[
            ToolCall(name="Observation.search", arguments={"code": "potassium"})
        ]
        + (
            [ToolCall(name="Observation.search", arguments={"code": "sodium"})]
            if decision
            else []
        ),
        gold_observations=[K_SERIES, NA_SERIES] if decision else [K_SERIES],
        gold_answer=answer,
        rubric=rubric,
    )


LATEST = _k_turn(
    1,
    Text(
        en="The most recent potassium is 4.6 mEq/L (2180-01-04), which is normal.",
        zh="最近一次血钾为 4.6 mEq/L（2180-01-04），正常。",
    ),
    decision=False,
)
SAFETY = _k_turn(
    2,
    Text(
        en="Potassium is 4.6 mEq/L, which is normal. It is safe to continue lisinopril.",
        zh="血钾为 4.6 mEq/L，正常。可以继续使用赖诺普利。",
    ),
    decision=True,
)
ALLERGY_TURN = Turn(
    index=0,
    task_type=TaskType.IL,
    implicitness=Implicitness.EXPLICIT,
    tool_source=ToolSource.EHR,
    request=Text(en="Allergies?", zh="过敏？"),
    request_explicit=Text(en="Allergies?", zh="过敏？"),
    topic="allergies",
    gold_actions=[ToolCall(name="AllergyIntolerance.search", arguments={})],
    gold_observations=[ALLERGY, MEDS],
    gold_answer=Text(
        en="Recorded allergies: Personal history of allergy to penicillin.",
        zh="病历记录的过敏：青霉素过敏。",
    ),
    rubric=[
        _item(
            "Names the penicillin allergy",
            "指出青霉素过敏",
            MentionCheck(terms=["penicillin", "青霉素"]),
        )
    ],
)


def _session(sid: str, pid: str, turns: list[Turn]) -> Session:
    return Session(
        session_id=sid,
        patient_id=pid,
        current_date="2180-01-05",
        scenario="med_safety",  # type: ignore[arg-type]
        tier="L1",  # type: ignore[arg-type]
        arc_index=0,
        situation=Text(en="x", zh="x"),
        turns=turns,
    )


OTHER = _k_turn(
    1,
    Text(
        en="Potassium is 4.6 mEq/L, which is normal. It is safe to continue digoxin.",
        zh="血钾为 4.6 mEq/L，正常。可以继续使用地高辛。",
    ),
    decision=True,
).model_copy(update={"entities": ["lab:potassium", "drug:digoxin"]})
OTHER.rubric[3] = _item(
    "Says digoxin can be continued",
    "可以继续地高辛",
    RecommendCheck(actions=["continue", "继续"], targets=["digoxin", "地高辛"]),
    critical=True,
)
SESSIONS = [
    _session("s1", "p1", [ALLERGY_TURN, LATEST, SAFETY]),
    _session("s2", "p2", [LATEST, OTHER]),
]
CASES = build_cases(SESSIONS, ["en", "zh"])
POOLS = Pools.of(CASES)


def _case(topic: str, language: str, patient: str = "p1"):
    return next(
        c
        for c in CASES
        if c.turn.topic == topic
        and c.language == language
        and c.session.patient_id == patient
    )


def _grade(cls: str, topic: str, language: str, patient: str = "p1"):
    case = _case(topic, language, patient)
    variant = GENERATORS[cls](case, POOLS, np.random.default_rng(0))
    assert variant is not None, (cls, topic, language)
    grade = make_grader("rules").grade(case.turn, grading_context(case, variant))
    return variant, grade


# ---------------------------------------------------------------- generators
@pytest.mark.parametrize("language", ["en", "zh"])
def test_stale_value_reads_the_earlier_row_with_its_flag_and_date(language: str):
    variant, grade = _grade("stale_value", "lab_latest", language)
    assert "5.6" in variant.answer and "4.6" not in variant.answer
    assert "2180-01-03" in variant.answer
    assert ("high" if language == "en" else "偏高") in variant.answer
    assert not grade.passed(0.75)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_overclaim_says_no_allergies_against_a_recorded_allergy(language: str):
    variant, grade = _grade("overclaim", "lab_latest", language)
    assert "allerg" in variant.answer or "过敏" in variant.answer
    assert grade.items[-1].id.endswith("-record") and grade.items[-1].met
    assert not grade.passed(0.75)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_overclaim_names_a_drug_found_nowhere_in_the_record(language: str):
    variant, grade = _grade("overclaim", "lab_latest", language, "p2")
    assert ("lisinopril" if language == "en" else "赖诺普利") in variant.answer.lower()
    assert not grade.passed(0.75)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_kitchen_sink_offers_every_decision(language: str):
    variant, grade = _grade("kitchen_sink", "drug_lab_safety", language)
    assert all(
        w in variant.answer
        for w in (
            ("hold", "continue", "increase") if language == "en" else ("暂停", "加量")
        )
    )
    assert not grade.passed(0.75)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_extra_true_facts_pass(language: str):
    variant, grade = _grade("extra_true_facts", "drug_lab_safety", language)
    # the previous draw with its own (high) flag, another lab, the allergy list
    assert "5.6" in variant.answer and "131" in variant.answer
    assert "penicillin" in variant.answer
    assert grade.passed(0.75), [(i.id, i.reason) for i in grade.items]


@pytest.mark.parametrize("cls", ["approx", "spelled_numbers"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_approximate_and_spelled_values_pass(cls: str, language: str):
    variant, grade = _grade(cls, "lab_latest", language)
    assert "4.6" not in variant.answer or cls == "approx"
    assert grade.passed(0.75), [(i.id, i.reason) for i in grade.items]


# ---------------------------------------------------------------- grader rules
@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        # the previous draw's high flag is said of 5.6, not of the latest 4.6
        (
            "Potassium is 4.6 mEq/L, normal. The previous potassium was 5.6 mEq/L, which was high.",
            True,
        ),
        ("血钾为 4.6 mEq/L，正常。上一次血钾为 5.6 mEq/L（偏高）。", True),
        # a normal flag said of another draw's number is not the latest's flag
        ("Potassium is 4.4 mEq/L, which is normal.", False),
        ("Potassium is 4.6 mEq/L. Potassium 4.4 mEq/L is normal.", False),
        # no number with the flag: the flag is the subject's
        ("Potassium 4.6 mEq/L. The potassium is normal.", True),
        # a flag said of a number nobody saw stays the subject's: a hedge
        ("Potassium 4.6 mEq/L, normal; potassium 9.9 mEq/L, high.", False),
    ],
)
def test_a_flag_is_bound_to_the_value_said_with_it(answer: str, passes: bool):
    grade = make_grader("rules").grade(LATEST, observed(answer, [K_SERIES]))
    flag = grade.items[1]
    assert flag.met is passes, flag.reason


@pytest.mark.parametrize(
    ("answer", "observations", "flagged"),
    [
        ("No known drug allergies.", [ALLERGY], True),
        ("患者无已知药物过敏。", [ALLERGY], True),
        ("NKDA.", [], True),  # never looked
        ("Allergies: none.", [ALLERGY], True),
        ("过敏史：无。", [ALLERGY], True),
        ("Allergies: none recorded.", ["no AllergyIntolerance found"], False),
        (
            "No allergy is recorded in the chart.",
            ["no AllergyIntolerance found"],
            False,
        ),
        (
            "No allergy is recorded (that is not the same as no known allergies).",
            ["no AllergyIntolerance found"],
            False,
        ),
        ("Digoxin is also running.", [MEDS], True),
        ("目前还在使用地高辛。", [MEDS], True),
        ("The patient is currently on lisinopril.", [MEDS], False),
        ("赖诺普利仍在用。", [MEDS], False),
        ("Consider starting digoxin.", [MEDS], False),  # a decision, not a status
        ("She has been taking digoxin every day.", [MEDS], True),
        ("患者在服用地高辛。", [MEDS], True),
    ],
)
def test_claims_the_observed_record_does_not_support(
    answer: str, observations: list[str], flagged: bool
):
    verdict = record_contradictions(observed(answer, observations))
    assert (verdict is not None) is flagged, verdict


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("glucose one hundred twenty mg/dL", "glucose 120 mg/dL"),
        ("INR two point one", "INR 2.1"),
        ("sixty-five mg/dL", "65 mg/dL"),
        ("血钾 四点七 mEq/L", "血钾 4.7 mEq/L"),
        ("血糖 一百二十 mg/dL", "血糖 120 mg/dL"),
        ("白细胞 十一点二 K/uL", "白细胞 11.2 K/uL"),
        # whole numbers without a lab unit stay words
        ("give one unit of blood", "give one unit of blood"),
        ("每日一次，有一点高", "每日一次，有一点高"),
        ("age under sixty-five", "age under sixty-five"),
    ],
)
def test_spelled_lab_values_are_read_as_digits(text: str, read: str):
    assert spelled_to_digits(text) == read


def test_an_upper_limit_said_alone_in_chinese_is_not_a_result():
    claims = read_claims("白细胞仍偏高（11.8 K/uL，上限 11）")
    values = [c.quantity.value for c in claims.claims if c.kind == "value"]
    assert values == [11.8]


@pytest.mark.parametrize(
    ("answer", "met"),
    [
        ("Potassium went from 4.4 to 4.6 mEq/L.", True),
        ("Potassium went from 4.6 to 4.6 mEq/L (stable).", True),
        # the right number only as where the change starts: the latest said is another
        ("Potassium went from 4.6 to 5.6 mEq/L.", False),
        ("Potassium went from 4.6 mEq/L to 5.6 mEq/L.", False),
        ("血钾从 4.6 变为 5.6 mEq/L。", False),
        ("血钾从 4.4 变为 4.6 mEq/L。", True),
    ],
)
def test_the_start_of_a_change_is_not_the_latest_value(answer: str, met: bool):
    grade = make_grader("rules").grade(LATEST, observed(answer, [K_SERIES]))
    assert grade.items[0].met is met, grade.items[0].reason
