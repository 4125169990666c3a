"""Each check kind: pass and fail cases, EN and ZH, negation, units, dates, fabrication."""

from __future__ import annotations

import pytest
from grading_fixtures import met

from physassist_env.grading import GradingContext, evaluate
from physassist_env.grading.text import extract_quantities
from physassist_env.scenarios.model import (
    FlagCheck,
    MentionCheck,
    NegativeCheck,
    NoFabricationCheck,
    PatientFactCheck,
    RecommendCheck,
    ToolCall,
    ToolUseCheck,
    TrendCheck,
    ValueCheck,
    WriteCheck,
)

HOLD = RecommendCheck(
    actions=["hold", "stop", "discontinue", "暂停", "停用"],
    targets=["lisinopril", "赖诺普利"],
)
K = ValueCheck(value=5.8, unit="mEq/L")
ZH = "血钾 5.8 mmol/L，偏高，建议暂停赖诺普利"


# ---------------------------------------------------------------- value
@pytest.mark.parametrize(
    "answer",
    [
        "Potassium is 5.8 mEq/L.",
        "K 5.8",
        "The latest K was 5.80 mmol/L",
        "K 5.8mmol/L",
        ZH,
        "钾离子浓度为5.8",
    ],
)
def test_value_met(answer: str) -> None:
    assert met(K, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Potassium is 5.2 mEq/L.",
        "K 5.9 mEq/L",
        "Potassium is 5.8 mg/dL",  # wrong, unconvertible unit
        "Reference range 3.5-5.8 mEq/L; potassium was fine.",
        "血钾 6.1 mmol/L",
    ],
)
def test_value_not_met(answer: str) -> None:
    assert not met(K, answer)


def test_value_tolerance_and_rounding() -> None:
    assert met(
        ValueCheck(value=5.83, unit="mEq/L"), "K 5.8"
    )  # rounded one decimal fewer
    assert not met(ValueCheck(value=5.8, unit="mEq/L"), "K 6")  # rounded to an integer
    assert met(ValueCheck(value=138, unit="mEq/L", tolerance=1), "Na 139")
    assert not met(ValueCheck(value=138, unit="mEq/L"), "Na 139")


def test_value_unit_conversions() -> None:
    cr = ValueCheck(value=1.2, unit="mg/dL")
    assert met(cr, "Creatinine 106 umol/L")
    assert met(cr, "血肌酐 106 µmol/L")
    assert not met(cr, "Creatinine 150 umol/L")
    glucose = ValueCheck(value=180, unit="mg/dL")
    assert met(glucose, "Glucose 10 mmol/L")
    explicit = ValueCheck(value=2.0, unit="mg/dL", conversions={"mmol/L": 0.823})
    assert met(explicit, "Mg 1.65 mmol/L")


def test_dates_and_times_are_not_values() -> None:
    answer = "Drawn on 2180-01-04 at 08:00, 2180年1月4日; potassium high."
    for value in (2180, 1, 4, 8, 0):
        assert not met(ValueCheck(value=value, unit=""), answer)
    assert [q.value for q in extract_quantities("K 5.8 on 2180-01-04T08:00:00")] == [
        5.8
    ]


def test_extraction_ranges_and_negatives() -> None:
    qs = extract_quantities("Base excess -4 mEq/L, BP 120/80 mmHg, ref 3.5-5.1 mEq/L")
    assert [(q.value, q.unit) for q in qs] == [
        (-4.0, "mEq/L"),
        (120.0, "mmHg"),
        (80.0, "mmHg"),
        (3.5, "mEq/L"),
        (5.1, "mEq/L"),
    ]
    assert [q.reference for q in qs] == [False, False, False, True, True]
    assert met(ValueCheck(value=-4, unit="mEq/L"), "base excess -4")


# ---------------------------------------------------------------- flag and trend
@pytest.mark.parametrize(
    ("direction", "answer", "expected"),
    [
        ("high", "Potassium is elevated.", True),
        ("high", "Consistent with hyperkalemia.", True),
        ("high", ZH, True),
        ("high", "血钾高于正常范围", True),
        ("high", "Potassium is not elevated.", False),
        ("high", "血钾未见升高", False),
        ("high", "Potassium is low.", False),
        ("low", "Sodium below normal", True),
        ("low", "血钠偏低", True),
        ("normal", "Sodium is within normal limits.", True),
        ("normal", "血钠正常", True),
        ("normal", "Potassium is above normal.", False),
        ("normal", "血钾高于正常", False),
        ("normal", "Potassium is abnormal.", False),
        ("normal", "Give normal saline.", False),
        ("abnormal", "Potassium is high.", True),
        ("abnormal", "Potassium is normal.", False),
    ],
)
def test_flag(direction: str, answer: str, expected: bool) -> None:
    assert met(FlagCheck(direction=direction), answer) is expected


@pytest.mark.parametrize(
    ("direction", "answer", "expected"),
    [
        ("rising", "Creatinine is rising: 1.2 -> 2.1 mg/dL.", True),
        ("rising", "肌酐呈上升趋势", True),
        ("rising", "Creatinine is falling.", False),
        ("rising", "Creatinine is not rising.", False),
        ("falling", "Creatinine is improving, down-trending.", True),
        ("falling", "肌酐较前下降", True),
        ("falling", "肌酐没有下降", False),
        ("stable", "Hemoglobin is stable.", True),
        ("stable", "血红蛋白平稳", True),
        ("stable", "病情不稳定", False),
    ],
)
def test_trend(direction: str, answer: str, expected: bool) -> None:
    assert met(TrendCheck(direction=direction), answer) is expected


# ---------------------------------------------------------------- mention
def test_mention_word_boundaries_and_zh() -> None:
    check = MentionCheck(terms=["AKI", "acute kidney injury", "急性肾损伤"])
    assert met(check, "Likely acute kidney injury.")
    assert met(check, "考虑急性肾损伤")
    assert met(check, "aki on CKD")
    assert not met(check, "Takin' it easy")  # no 'aki' inside a word
    assert not met(check, "Renal function is fine.")


# ---------------------------------------------------------------- recommend / negative
@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Hold lisinopril.", True),
        ("I recommend holding lisinopril today.", True),
        ("Lisinopril should be discontinued.", True),
        (ZH, True),
        ("赖诺普利应停用", True),
        ("Do not stop lisinopril.", False),
        ("I would not recommend stopping lisinopril.", False),
        ("Stopping lisinopril is not recommended.", False),
        ("Stop furosemide, not lisinopril.", False),
        ("不建议停用赖诺普利", False),
        ("赖诺普利无需停用", False),
        ("Continue lisinopril.", False),
        ("Hold off on stopping lisinopril.", False),
        ("Hold furosemide. Continue lisinopril.", False),  # different sentences
    ],
)
def test_recommend(answer: str, expected: bool) -> None:
    assert met(HOLD, answer) is expected


def test_negative_check() -> None:
    forbidden = NegativeCheck(
        actions=["continue", "继续"], targets=["lisinopril", "赖诺普利"]
    )
    assert met(forbidden, "Continue lisinopril.")
    assert met(forbidden, "继续服用赖诺普利")
    assert not met(forbidden, "Do not continue lisinopril.")
    assert not met(
        forbidden, "Continue to hold lisinopril."
    )  # another action in between
    assert not met(forbidden, "Discontinue lisinopril.")  # word boundary
    assert not met(forbidden, "不要继续使用赖诺普利")


# ---------------------------------------------------------------- tools and writes
def test_tool_use_name_normalisation() -> None:
    check = ToolUseCheck(tools=["Observation.search"])
    assert met(check, "", tool_calls=[ToolCall(name="observation_search")])
    assert met(
        check,
        "",
        tool_calls=[{"name": "Observation_search", "arguments": '{"code": "K"}'}],
    )
    assert not met(check, "", tool_calls=[ToolCall(name="Condition.search")])
    assert not met(check, "")


FUROSEMIDE = WriteCheck(
    tool="MedicationRequest.create",
    accepted={
        "medication": ["furosemide", "lasix", "呋塞米"],
        "route": ["iv", "intravenous", "静脉"],
    },
    dose_min=20,
    dose_max=40,
    dose_unit="mg",
)


def test_write_call_arguments() -> None:
    good = ToolCall(
        name="medication_request_create",
        arguments={
            "medication": "Furosemide",
            "dose": "40 mg",
            "route": "IV",
            "frequency": "once",
        },
    )
    assert met(FUROSEMIDE, "", tool_calls=[good])
    grams = good.model_copy(update={"arguments": {**good.arguments, "dose": "0.04 g"}})
    assert met(FUROSEMIDE, "", tool_calls=[grams])
    too_much = good.model_copy(
        update={"arguments": {**good.arguments, "dose": "80 mg"}}
    )
    assert not met(FUROSEMIDE, "", tool_calls=[too_much])
    wrong_route = good.model_copy(
        update={"arguments": {**good.arguments, "route": "PO"}}
    )
    assert not met(FUROSEMIDE, "", tool_calls=[wrong_route])
    wrong_tool = ToolCall(name="ServiceRequest.create", arguments=good.arguments)
    assert not met(FUROSEMIDE, "", tool_calls=[wrong_tool])


def test_write_created_resource() -> None:
    resource = {
        "resourceType": "MedicationRequest",
        "id": "medicationrequest-new-1",
        "medicationCodeableConcept": {"text": "furosemide"},
        "dosageInstruction": [
            {
                "text": "40 mg IV once",
                "route": {"text": "IV"},
                "timing": {"code": {"text": "once"}},
                "doseAndRate": [{"doseQuantity": {"value": 40, "unit": "mg"}}],
            }
        ],
    }
    assert met(FUROSEMIDE, "", created=[resource])
    assert not met(
        FUROSEMIDE, "", created=[{**resource, "resourceType": "ServiceRequest"}]
    )


# ---------------------------------------------------------------- patient facts
def test_patient_fact_needs_interview() -> None:
    check = PatientFactCheck(fact_ids=["f1"], terms=["ibuprofen", "布洛芬"])
    answer = "He has been taking ibuprofen for knee pain."
    assert met(check, answer, patient_facts_revealed={"f1"})
    assert met(
        check,
        answer,
        tool_calls=[
            ToolCall(name="medication_adherence", arguments={"medication": "x"})
        ],
    )
    assert met(check, "患者自行服用布洛芬", tool_calls=[ToolCall(name="ask_patient")])
    assert not met(check, answer)  # guessed: never asked
    assert not met(
        check, answer, tool_calls=[ToolCall(name="Patient.read")]
    )  # EHR tool, not interview
    assert not met(check, "No NSAIDs.", patient_facts_revealed={"f1"})


# ---------------------------------------------------------------- fabrication
OBS = [
    "2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.3-5.1]",
    "2180-01-04 08:00 | Creatinine = 1.2 mg/dL [ref 0.5-1.1]",
]


def test_no_fabrication() -> None:
    check = NoFabricationCheck()
    assert met(
        check, "K 5.8 mEq/L and creatinine 1.2 mg/dL on 2180-01-04.", observations=OBS
    )
    assert met(
        check, "血钾5.8 mmol/L，肌酐106 µmol/L", observations=OBS
    )  # equivalent / converted
    assert met(
        check, "Give furosemide 40 mg for 3 days; K 5.8.", observations=OBS
    )  # doses are not values
    verdict = evaluate(
        check,
        GradingContext(answer="K 5.8, sodium 141 mEq/L, Hb 9.1", observations=OBS),
    )
    assert not verdict.met
    assert "141" in verdict.reason and "9.1" in verdict.reason
    assert met(
        check,
        "Goal K below 5.0 as you asked.",
        observations=OBS,
        request="Is K below 5.0?",
    )


CREATININE_NOW = ValueCheck(value=1.4, unit="mg/dL", about=["creatinine"])


@pytest.mark.parametrize(
    "answer",
    [
        "Since admission, creatinine went from 0.8 to 0.9 mg/dL, peak 1.4 on 2125-07-10.",
        "入院以来，肌酐从 0.8 变为 0.9 mg/dL，2125-07-10峰值 1.4。",
    ],
)
def test_a_matching_peak_does_not_right_a_change_said_to_end_elsewhere(
    answer: str,
) -> None:
    """The latest value is 1.4: a series said to go from 0.8 to 0.9 is said to be at 0.9
    now, whatever the peak the answer also names."""
    assert not met(CREATININE_NOW, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Since admission, creatinine went from 0.8 to 1.4 mg/dL, peak 1.4 on 2125-07-11.",
        "入院以来，肌酐从 0.8 变为 1.4 mg/dL，2125-07-11峰值 1.4，此后平稳。",
        "Creatinine peaked at 1.4 mg/dL and has stayed there.",
    ],
)
def test_a_change_that_ends_at_the_latest_value_still_passes(answer: str) -> None:
    assert met(CREATININE_NOW, answer)


def test_an_egfr_computed_from_an_observed_creatinine_is_no_fabrication() -> None:
    """CKD-EPI 2021 from creatinine 1.2 mg/dL gives about 45-94 for adults of either
    sex; an eGFR in that span is derived, one outside it (or without a creatinine) is
    invented, in EN and ZH."""
    check = NoFabricationCheck()
    for answer in (
        "Bleeding risk to weigh: eGFR about 60.",
        "Bleeding risk to weigh: eGFR about 60 mL/min/1.73 m2.",
        "需权衡的出血风险：估算肾小球滤过率约 60。",
    ):
        assert met(check, answer, observations=OBS), answer
    for answer in (
        "Bleeding risk to weigh: eGFR about 12.",
        "需权衡的出血风险：估算肾小球滤过率约 12。",
    ):
        assert not met(check, answer, observations=OBS), answer
    assert not met(check, "eGFR about 60.", observations=[OBS[0]])
