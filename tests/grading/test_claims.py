"""Claim-based grading: claims bound to their subject, negation, hedges, writes as a set.

Hand-written cases per claim kind and per language, including casual clinician wording
(correct answers said differently must pass) and the wrong answers of the grader-validity
table (they must fail).
"""

from __future__ import annotations

import pytest
from grading_fixtures import met

from physassist_env.grading import GradingContext, make_grader
from physassist_env.grading.claims import read_claims
from physassist_env.grading.score import CRITICAL_CAP, critical_cap, rubric_score
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NoFabricationCheck,
    RecommendCheck,
    RubricItem,
    Text,
    ToolCall,
    TrendCheck,
    Turn,
    ValueCheck,
    WriteCheck,
)

K_TERMS = ["potassium", "血钾", "K", "K+", "钾"]
K = ValueCheck(value=5.8, unit="mEq/L", decimals=1, about=K_TERMS)
K_HIGH = FlagCheck(direction="high", about=K_TERMS)
K_NORMAL = FlagCheck(direction="normal", about=K_TERMS)
CR_RISING = TrendCheck(direction="rising", about=["creatinine", "肌酐", "Cr"])
HOLD = RecommendCheck(
    actions=["hold", "stop", "discontinue", "暂停", "停用"],
    targets=["lisinopril", "赖诺普利"],
)
CONT = RecommendCheck(
    actions=["continue", "keep", "继续"], targets=["lisinopril", "赖诺普利"]
)


# ---------------------------------------------------------------- values
@pytest.mark.parametrize(
    "answer",
    [
        "Potassium is 5.8 mEq/L.",
        "K+ 5.8, a bit high.",
        "5.8 mmol/L for the potassium",
        "血钾 5.8 mmol/L，偏高。",
        "钾是5.8",
        "Sodium 138 and potassium 5.8.",
    ],
)
def test_value_about_its_analyte_met(answer: str) -> None:
    assert met(K, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Sodium is 5.8 mmol/L and potassium is 138 mmol/L.",  # names swapped
        "血钠 5.8 mmol/L，血钾 138 mmol/L。",
        "Potassium is 5.8 mEq/dL.",  # a unit the vocabulary does not know
        "Potassium is 7.9 mEq/L.",  # number changed
        "Creatinine 5.8 mg/dL; potassium 4.1.",
    ],
)
def test_value_about_another_analyte_or_wrong_fails(answer: str) -> None:
    assert not met(K, answer)


def test_unbound_value_counts_when_no_other_subject_is_named() -> None:
    assert met(K, "It's 5.8, high.")
    assert not met(K, "Sodium 5.8.")


# ---------------------------------------------------------------- flags and trends
@pytest.mark.parametrize(
    "answer",
    [
        "Potassium 5.8, high.",
        "K is on the high side.",
        "He has hyperkalemia.",
        "血钾有点高。",
        "血钾 5.8，偏高",
    ],
)
def test_flag_high_met(answer: str) -> None:
    assert met(K_HIGH, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium 5.8, low.",  # flipped
        "Potassium 5.8 (H), normal.",  # the EHR's marker is not a flag
        "Sodium is high; potassium is normal.",  # flag about another analyte
        "Potassium is high or maybe normal.",  # hedge
        "Potassium is not high.",
    ],
)
def test_flag_high_fails(answer: str) -> None:
    assert not met(K_HIGH, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium 4.1, fine.",
        "K is not elevated.",
        "血钾正常。",
        "K within normal limits",
    ],
)
def test_flag_normal_casual(answer: str) -> None:
    assert met(K_NORMAL, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Creatinine is creeping up, 1.2 to 1.9.",
        "Cr went from 1.2 to 1.9 (rising).",
        "肌酐在往上走。",
        "肌酐较前升高",
    ],
)
def test_trend_rising_met(answer: str) -> None:
    assert met(CR_RISING, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Creatinine is coming down.",
        "Creatinine is about the same.",
        "WBC is rising; creatinine is stable.",
        "肌酐在下降",
        "Creatinine is not rising.",
    ],
)
def test_trend_rising_fails(answer: str) -> None:
    assert not met(CR_RISING, answer)


# ---------------------------------------------------------------- decisions
@pytest.mark.parametrize(
    "answer",
    [
        "I'd hold off on the lisinopril.",
        "Hold lisinopril.",
        "Don't continue the lisinopril.",
        "Lisinopril should be held for now.",
        "暂停赖诺普利。",
        "赖诺普利先停一下。",
        "Continue to hold lisinopril.",
        "Hold the Zestril.",
    ],
)
def test_hold_decision_met(answer: str) -> None:
    assert met(HOLD, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Continue lisinopril.",
        "No need to stop the lisinopril.",
        "Hold or continue lisinopril, either is reasonable.",  # hedge
        "Stop furosemide, not lisinopril.",
        "Hold off on stopping lisinopril.",
        "不建议停用赖诺普利",
    ],
)
def test_hold_decision_fails(answer: str) -> None:
    assert not met(HOLD, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "No need to stop the lisinopril.",
        "Keep the lisinopril going.",
        "Fine to continue lisinopril.",
        "赖诺普利可以继续用。",
        "赖诺普利不用停。",
    ],
)
def test_continue_casual(answer: str) -> None:
    assert met(CONT, answer)


REDUCE_METFORMIN = RecommendCheck(
    actions=["reduce", "adjust", "lower", "decrease", "减量", "调整", "减少"],
    targets=["metformin", "二甲双胍"],
)


@pytest.mark.parametrize(
    "answer, ok",
    [
        ("Metformin needs a dose adjustment at this clearance.", True),
        ("Metformin: dose reduction advised.", True),
        ("Metformin needs no dose adjustment.", False),
        ("No dose adjustment is needed for metformin.", False),
        # a negated decision beside the right one is a contradiction, not a pass
        (
            "Metformin needs no dose adjustment; if already on it, use a reduced dose.",
            False,
        ),
        ("二甲双胍无需调整剂量。", False),
    ],
)
def test_dose_adjustment_as_a_noun_is_a_decision(answer: str, ok: bool) -> None:
    assert met(REDUCE_METFORMIN, answer) is ok


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium is 4.9 mEq/L, which is normal. Creatinine is 2.5 mg/dL: a "
        "Cockcroft-Gault clearance < 30 mL/min, too low for a potassium-sparing diuretic.",
        "血钾为 4.9 mEq/L，正常。清除率 < 30 mL/min，不宜使用保钾利尿剂。",
    ],
)
def test_potassium_sparing_names_a_drug_class_not_the_analyte(answer: str) -> None:
    """'too low for a potassium-sparing diuretic' says nothing about the potassium."""
    assert met(K_NORMAL, answer)
    assert not [
        c
        for c in read_claims(answer).claims
        if c.kind == "flag" and c.label == "low" and c.subject == "potassium"
    ]


def test_conclusion_with_contradiction() -> None:
    resp = MentionCheck(
        terms=["responding", "improving", "有效"],
        contradicts=["not responding", "worsening", "无效"],
    )
    assert met(resp, "The infection is responding.")
    assert not met(resp, "It is not responding; broaden coverage.")
    assert not met(resp, "Could be responding or not responding.")
    failing = MentionCheck(
        terms=["not responding", "worsening"], contradicts=["responding", "improving"]
    )
    assert met(failing, "It isn't improving.")
    assert not met(failing, "It is responding.")


# ---------------------------------------------------------------- pasted output, fabrication
def test_pasted_tool_output_is_not_a_claim() -> None:
    obs = "Observation potassium 5.8 mmol/L (H) 2180-07-01T06:00 Observation/k-1"
    assert not met(K, obs, observations=[obs])
    assert read_claims(obs, [obs]).claims == []
    assert met(K, "Potassium is 5.8.", observations=[obs])


def test_no_fabrication_binds_numbers_to_their_analyte() -> None:
    obs = ["sodium 5.8 mmol/L 2180-07-01", "potassium 4.1 mmol/L 2180-07-01"]
    check = NoFabricationCheck()
    assert met(check, "Potassium 4.1 mmol/L.", observations=obs)
    assert not met(check, "Potassium 5.8 mmol/L.", observations=obs)
    assert not met(check, "血钾 5.8 mmol/L", observations=obs)


# ---------------------------------------------------------------- writes as a set
def _turn(rubric: list[RubricItem], gold: list[ToolCall]) -> Turn:
    t = Text(en="x", zh="x")
    return Turn(
        index=3,
        task_type="WU",
        implicitness="explicit",
        tool_source="write",
        request=t,
        request_explicit=t,
        topic="consult",
        gold_actions=gold,
        gold_answer=t,
        rubric=rubric,
    )


def _item(i: str, check: object) -> RubricItem:
    return RubricItem(id=i, criterion=Text(en=i, zh=i), check=check)  # type: ignore[arg-type]


CONSULT = _turn(
    [
        _item(
            "a",
            WriteCheck(
                tool="ServiceRequest.create", accepted={"service_type": ["nephrology"]}
            ),
        ),
        _item(
            "b",
            WriteCheck(tool="ServiceRequest.create", accepted={"priority": ["urgent"]}),
        ),
    ],
    [
        ToolCall(
            name="ServiceRequest.create",
            arguments={"service_type": "nephrology", "priority": "urgent"},
        )
    ],
)


def _grade(calls: list[dict]) -> float | None:
    ctx = GradingContext(
        answer="Done.",
        tool_calls=[ToolCall(name="ServiceRequest.create", arguments=c) for c in calls],
    )
    return make_grader("rules").grade(CONSULT, ctx).score


def test_writes_are_graded_as_a_set() -> None:
    assert _grade([{"service_type": "nephrology", "priority": "urgent"}]) == 1.0
    # the right arguments split over two wrong orders
    split = _grade(
        [
            {"service_type": "nephrology", "priority": "routine"},
            {"service_type": "cardiology", "priority": "urgent"},
        ]
    )
    assert split is not None and split < 0.6
    # seven consults at once
    many = [
        {"service_type": s, "priority": "urgent"}
        for s in ["nephrology", "cardiology", "gi", "id", "pulm", "neuro", "heme"]
    ]
    assert (_grade(many) or 0) <= CRITICAL_CAP


def test_paper_scoring_keeps_the_plain_fraction() -> None:
    ctx = GradingContext(
        answer="Done.",
        tool_calls=[
            ToolCall(
                name="ServiceRequest.create",
                arguments={"service_type": "nephrology", "priority": "urgent"},
            ),
            ToolCall(
                name="Flag.create",
                arguments={"category": "safety", "code": "x", "detail": "y"},
            ),
        ],
    )
    assert make_grader("rules").grade(CONSULT, ctx).score == 0.5
    assert make_grader("rules", scoring="paper").grade(CONSULT, ctx).score == 0.5
    with pytest.raises(ValueError, match="scoring"):
        make_grader("rules", scoring="nope")


def test_critical_cap() -> None:
    items = [
        _item("v", K),
        RubricItem(id="d", criterion=Text(en="d", zh="d"), check=HOLD, critical=True),
    ]
    assert critical_cap(items, [True, False], rubric_score(items, [True, False])) == 0.5
    assert critical_cap(items, [True, True], 1.0) == 1.0
    assert critical_cap(items, [True, None], 1.0) == 1.0


def test_a_range_the_value_returns_to_is_a_target_not_a_claim():
    """'once it is back to 2-3' names the warfarin target range (a right answer said that
    way was failed for 'numbers not in the record'); a single value after 'back to' is a
    claim."""
    for text in (
        "INR is 3.6. Hold tonight's warfarin dose and lower it once it is back to 2-3.",
        "INR 3.6，每日复查 INR，回到 2-3 后减量。",
    ):
        values = [
            c.quantity.value for c in read_claims(text).claims if c.kind == "value"
        ]
        assert values == [3.6], text
    came = read_claims("The INR came back to 2.4.").claims
    assert [c.quantity.value for c in came if c.kind == "value"] == [2.4]


# ---------------------------------------------------------------- score components
CHA = ValueCheck(
    value=2, unit="", tolerance=0, about=["CHA2DS2-VASc", "CHA2DS2VASc", "CHADS-VASc"]
)


@pytest.mark.parametrize(
    "answer",
    [
        "CHA2DS2-VASc：高血压 1 分，女性 1 分，共 2 分。",
        "CHA2DS2-VASc评分：高血压1分、女性1分，合计2分。",
        "CHA2DS2-VASc: hypertension 1, female 1, total 2.",
        "CHA2DS2-VASc: age 60 scores nothing; hypertension 1 and diabetes 1 give 2.",
    ],
)
def test_score_total_after_its_breakdown_met(answer: str) -> None:
    """The number after 高血压 is that component's points, not a blood pressure, and the
    total after the breakdown is the score's (it bound to "bp" before)."""
    assert met(CHA, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "CHA2DS2-VASc：高血压 2 分，女性 1 分，共 3 分。",
        "CHA2DS2-VASc 3: hypertension 1, age 67 1, female 1.",
        "高血压 2 分。",  # a component's points are not the score
        "CHA2DS2-VASc is 3 for this 2-year-old... no, age 2.",
    ],
)
def test_score_component_numbers_do_not_stand_for_the_score(answer: str) -> None:
    assert not met(CHA, answer)


def test_component_and_age_numbers_bind_to_themselves() -> None:
    said = {
        c.describe()
        for c in read_claims(
            "CHA2DS2-VASc 3 for this 60-year-old: 高血压 1 分，age 67."
        ).claims
        if c.kind == "value"
    }
    assert said == {
        "score:cha2ds2vasc = 3",
        "component:age = 60",
        "component:hypertension = 1",
        "component:age = 67",
    }


def test_hypertension_word_does_not_take_a_blood_pressure_reading() -> None:
    """高血压 is a diagnosis; a reading in mmHg after it is still a measurement."""
    claims = read_claims("高血压，160/95 mmHg").claims
    assert all(not c.subject.startswith("component:") for c in claims)


def test_total_after_listed_points_is_the_scores() -> None:
    """ "9 in total" after "INR 1.5 (1)" is the Child-Pugh total, not an INR of 9 (before,
    the right answer failed as "the value is stated for another subject: inr = 9")."""
    check = ValueCheck(
        value=9, unit="", tolerance=0, about=["Child-Pugh", "Child Pugh"]
    )
    right = (
        "Child-Pugh: bilirubin 2.5 (2 points), albumin 3.0 (2), INR 1.5 (1), ascites 3, "
        "encephalopathy 1; 9 in total, class B."
    )
    assert met(check, right)
    assert not met(check, right.replace("9 in total", "8 in total"))


def test_a_threshold_or_a_formula_bound_is_not_a_result() -> None:
    """ "the reassessment threshold of 100 mg/dL" and "creatinine counted as 4.0 mg/dL (the
    cap)" name bounds, not measured values: no value claim is read from them."""
    for text in (
        "Glucose 81 mg/dL: under the reassessment threshold of 100 mg/dL on insulin.",
        "低于方案重新评估阈值 100 mg/dL。",
        "Creatinine 10.3 mg/dL; creatinine counted as 4.0 mg/dL (the cap).",
        "肌酐 10.3 mg/dL；肌酐按上限 4.0 mg/dL 计。",
    ):
        said = {
            c.quantity.value
            for c in read_claims(text).claims
            if c.kind == "value" and c.quantity is not None
        }
        assert 100.0 not in said and 4.0 not in said, text
    assert met(
        ValueCheck(value=81, unit="mg/dL", about=["glucose"]), "Glucose 81 mg/dL."
    )


def test_a_flag_in_a_relative_clause_is_no_decision() -> None:
    """'K+ is 3.4 mEq/L, which is decreased. It is safe to continue lisinopril' reads the
    potassium as low; 'decreased' was read as a decision to reduce, and the continue then
    looked hedged (a right answer in clinical synonyms failed). 'Lisinopril should be
    decreased' stays a decision."""
    from physassist_env.grading.claims import read_claims

    def decisions(answer: str) -> list[str]:
        claims = read_claims(answer, [], ("lisinopril",))
        return [c.describe() for c in claims.claims if c.kind == "decision"]

    assert decisions(
        "K+ is 3.4 mEq/L, which is decreased. It is safe to continue lisinopril."
    ) == ["drug:lisinopril: continue ('safe to continue')"]
    assert decisions("Lisinopril should be decreased.") == [
        "drug:lisinopril: reduce ('decreased')"
    ]


def test_casual_reduce_and_recheck_words() -> None:
    """'Cut the dose' reduces, 把量减下来 reduces, 再查一次 rechecks (casual clinician wording the
    grader-validity suite writes; each failed a right answer)."""
    from physassist_env.grading.claims import read_claims

    def labels(answer: str) -> list[str]:
        claims = read_claims(answer, [], ("vancomycin",))
        return [c.label for c in claims.claims if c.kind == "decision"]

    assert labels("Vancomycin - cut the dose for the kidneys.") == ["reduce"]
    assert labels("万古霉素按肾功能把量减下来。") == ["reduce"]
    assert labels("之后再查一次血钾。") == ["monitor"]
