"""The grader-validity suite: each generator makes the variant it promises, and a CI-sized run.

Hand-written turns (invented values) in the generator's answer formats check each
variant class in EN and ZH; the CI-sized run grades a small synthetic build's test turns.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import numpy as np
import pytest

from physassist_env.grading import evaluate, make_grader
from physassist_env.grading.validity import (
    CORRECT,
    GENERATORS,
    WRONG,
    Case,
    Pools,
    analyte_names,
    build_cases,
    format_table,
    grading_context,
    make_variants,
    run_validity,
)
from physassist_env.grading.validity.variants import _asks_frequency
from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
    MentionCheck,
    NegativeCheck,
    RecommendCheck,
    RubricItem,
    Session,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    TrendCheck,
    Turn,
    ValueCheck,
    WriteCheck,
)

K_OBS = "2180-01-04 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.3-5.1]"
#: The potassium series a trend reads (an answer states only what the agent saw).
K_SERIES_OBS = "2180-01-01 07:00 | Potassium = 4.1 mEq/L [ref 3.3-5.1]\n" + K_OBS
WBC_OBS = (
    "2180-01-01 07:00 | WBC = 15.2 K/uL (H) [ref 4-11]\n"
    "2180-01-04 08:00 | WBC = 9.1 K/uL [ref 4-11]"
)


def _k_obs(value: float) -> str:
    """The potassium the lab_latest turn reads: its own value, and the 5.8 the safety turn
    states as an earlier draw (an answer states only what the agent saw)."""
    if value == 5.8:
        return K_OBS
    flag = " (H)" if value > 5.1 else " (L)" if value < 3.3 else ""
    return (
        f"2180-01-04 09:00 | Potassium = {value:g} mEq/L{flag} [ref 3.3-5.1]\n"
        "2180-01-03 08:00 | Potassium = 5.8 mEq/L (H) [ref 3.3-5.1]"
    )


CR_OBS = (
    "2180-01-01 07:00 | Creatinine = 1.2 mg/dL [ref 0.5-1.1]\n"
    "2180-01-04 08:00 | Creatinine = 2.1 mg/dL (H) [ref 0.5-1.1]"
)
MED_OBS = "2180-01-01 | lisinopril 20 mg PO daily | active"


def _item(en: str, zh: str, check: object, points: float = 1.0) -> RubricItem:
    return RubricItem(
        id=en[:8], criterion=Text(en=en, zh=zh), points=points, check=check
    )  # type: ignore[arg-type]


def _turn(
    index: int,
    topic: str,
    answer: Text,
    rubric: list[RubricItem],
    actions: list[ToolCall],
    observations: list[str],
    task: TaskType = TaskType.CR,
    source: ToolSource = ToolSource.EHR,
) -> Turn:
    request = Text(en="And now?", zh="现在呢？")
    return Turn(
        index=index,
        task_type=task,
        implicitness=Implicitness.EXPLICIT,
        tool_source=source,
        request=request,
        request_explicit=request,
        topic=topic,
        gold_actions=actions,
        gold_observations=observations,
        gold_answer=answer,
        rubric=rubric,
    )


def lab_latest(value: float = 5.8, flag: tuple[str, str] = ("high", "偏高")) -> Turn:
    """IL: the latest potassium (lab_latest's formats)."""
    return _turn(
        0,
        "lab_latest",
        Text(
            en=f"The most recent potassium is {value:g} mEq/L (2180-01-04), which is {flag[0]}.",
            zh=f"最近一次血钾为 {value:g} mEq/L（2180-01-04），{flag[1]}。",
        ),
        [
            _item(
                f"States the latest potassium as {value:g} mEq/L",
                f"给出最新血钾为 {value:g} mEq/L",
                ValueCheck(
                    value=value, unit="mEq/L", decimals=1, conversions={"mmol/L": 1.0}
                ),
            ),
            _item(
                f"Identifies the potassium as {flag[0]}",
                f"指出血钾{flag[1]}",
                FlagCheck(direction=flag[0]),  # type: ignore[arg-type]
            ),
            _item("Retrieves it", "查询", ToolUseCheck(tools=["Observation.search"])),
        ],
        [ToolCall(name="Observation.search", arguments={"code": "potassium"})],
        [_k_obs(value)],
        TaskType.IL,
    )


SAFETY = _turn(
    1,
    "drug_lab_safety",
    Text(
        en="Potassium is 5.8 mEq/L, which is high. With this value, hold lisinopril for now and recheck the potassium.",
        zh="血钾为 5.8 mEq/L，偏高。在这个水平下应暂停赖诺普利，并复查血钾。",
    ),
    [
        _item(
            "States the latest potassium as 5.8 mEq/L",
            "给出最新血钾为 5.8 mEq/L",
            ValueCheck(value=5.8, unit="mEq/L", decimals=1),
        ),
        _item(
            "Identifies the potassium as high",
            "指出血钾偏高",
            FlagCheck(direction="high"),
        ),
        _item(
            "Recommends holding lisinopril",
            "建议暂停赖诺普利",
            RecommendCheck(
                actions=["hold", "stop", "暂停"], targets=["lisinopril", "赖诺普利"]
            ),
        ),
        _item(
            "Recommends continuing lisinopril unchanged",
            "建议继续原剂量使用赖诺普利",
            NegativeCheck(
                actions=["continue", "继续"], targets=["lisinopril", "赖诺普利"]
            ),
            -2.0,
        ),
    ],
    [ToolCall(name="MedicationRequest.search", arguments={"medication": "lisinopril"})],
    [MED_OBS],
)

TRENDS = _turn(
    2,
    "labs_trend",
    Text(
        en="Since admission, creatinine went from 1.2 to 2.1 mg/dL (rising); potassium went from 4.1 to 5.8 mEq/L (rising).",
        zh="入院以来，肌酐从 1.2 变为 2.1 mg/dL（上升）；血钾从 4.1 变为 5.8 mEq/L（上升）。",
    ),
    [
        _item(
            "States the latest creatinine as 2.1 mg/dL",
            "给出最新肌酐为 2.1 mg/dL",
            ValueCheck(
                value=2.1, unit="mg/dL", decimals=1, conversions={"umol/L": 88.4}
            ),
        ),
        _item(
            "Describes the creatinine as rising over the admission (from 1.2 to 2.1)",
            "说明肌酐在住院期间呈上升趋势（从 1.2 到 2.1）",
            TrendCheck(direction="rising"),
        ),
        _item(
            "States the latest potassium as 5.8 mEq/L",
            "给出最新血钾为 5.8 mEq/L",
            ValueCheck(value=5.8, unit="mEq/L", decimals=1),
        ),
        _item("Retrieves both", "查询", ToolUseCheck(tools=["Observation.search"])),
    ],
    [
        ToolCall(name="Observation.search", arguments={"code": "creatinine"}),
        ToolCall(name="Observation.search", arguments={"code": "potassium"}),
    ],
    [CR_OBS, K_SERIES_OBS],
    TaskType.DG,
)

RESPONSE = _turn(
    3,
    "treatment_response",
    Text(
        en="After 6 doses of vancomycin, WBC went from 15.2 to 9.1 K/uL: responding, with the white count falling. Continue vancomycin.",
        zh="已给予万古霉素 6 剂，白细胞从 15.2 变为 9.1 K/uL：有效：白细胞下降。建议继续万古霉素。",
    ),
    [
        _item(
            "States the latest WBC as 9.1 K/uL",
            "给出最新白细胞为 9.1 K/uL",
            ValueCheck(value=9.1, unit="K/uL", decimals=1),
        ),
        _item(
            "Describes the WBC as falling over the admission (from 15.2 to 9.1)",
            "说明白细胞在住院期间呈下降趋势（从 15.2 到 9.1）",
            TrendCheck(direction="falling"),
        ),
        _item(
            "Concludes the infection is responding",
            "判断治疗有效",
            MentionCheck(terms=["responding", "improving", "有效", "好转"]),
        ),
        _item(
            "Recommends continuing vancomycin",
            "建议继续万古霉素",
            RecommendCheck(
                actions=["continue", "继续"], targets=["vancomycin", "万古霉素"]
            ),
        ),
    ],
    [
        ToolCall(
            name="MedicationAdministration.search",
            arguments={"medication": "vancomycin"},
        ),
        ToolCall(name="Observation.search", arguments={"code": "wbc"}),
    ],
    ["2180-01-03 | vancomycin 1 g IV | completed", WBC_OBS],
)

CONSULT = _turn(
    3,
    "consult",
    Text(
        en="Done: an urgent nephrology consult was requested (Please evaluate: Acute kidney failure.)",
        zh="已申请肾内科加急会诊（Please evaluate: Acute kidney failure.）",
    ),
    [
        _item(
            "Requests a nephrology consult",
            "申请肾内科会诊",
            WriteCheck(
                tool="ServiceRequest.create",
                accepted={"service_type": ["nephrology", "renal", "kidney", "肾内科"]},
            ),
        ),
        _item(
            "Marks it urgent",
            "标记为加急",
            WriteCheck(
                tool="ServiceRequest.create",
                accepted={"priority": ["urgent", "asap", "stat"]},
            ),
        ),
        _item(
            "Confirms the consult",
            "确认已申请会诊",
            MentionCheck(terms=["consult", "requested", "会诊", "已申请"]),
        ),
    ],
    [
        ToolCall(
            name="ServiceRequest.create",
            arguments={
                "service_type": "nephrology consult",
                "priority": "urgent",
                "note": "Please evaluate: Acute kidney failure.",
            },
        )
    ],
    ["ServiceRequest/servicerequest-new-1 created"],
    TaskType.WU,
    ToolSource.WRITE,
)

POTASSIUM = _turn(
    3,
    "replace_potassium",
    Text(
        en="Ordered potassium chloride 40 mEq PO once for hypokalemia; recheck potassium after.",
        zh="已开氯化钾 40 mEq 口服一次，用于低钾血症；之后复查血钾。",
    ),
    [
        _item(
            "Orders potassium chloride",
            "开具氯化钾",
            WriteCheck(
                tool="MedicationRequest.create",
                accepted={"medication": ["potassium", "kcl", "氯化钾", "钾"]},
                dose_min=10,
                dose_max=80,
                dose_unit="mEq",
            ),
        ),
        _item(
            "By mouth",
            "口服",
            WriteCheck(
                tool="MedicationRequest.create",
                accepted={"route": ["po", "oral", "by mouth", "口服"]},
            ),
        ),
    ],
    [
        ToolCall(
            name="MedicationRequest.create",
            arguments={
                "medication": "potassium chloride",
                "dose": "40 mEq",
                "route": "PO",
                "frequency": "once",
                "indication": "hypokalemia",
            },
        )
    ],
    ["MedicationRequest/medicationrequest-new-1 created"],
    TaskType.WU,
    ToolSource.WRITE,
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


SESSIONS = [
    _session("s1", "p1", [lab_latest(), SAFETY, TRENDS, RESPONSE]),
    _session("s2", "p2", [lab_latest(3.1, ("low", "偏低")), SAFETY, TRENDS, CONSULT]),
    _session(
        "s3", "p3", [lab_latest(4.2, ("normal", "正常")), SAFETY, TRENDS, POTASSIUM]
    ),
]
CASES = build_cases(SESSIONS, ["en", "zh"])
POOLS = Pools.of(CASES)


def _case(topic: str, language: str, patient: str = "p1") -> Case:
    return next(
        c
        for c in CASES
        if c.turn.topic == topic
        and c.language == language
        and c.session.patient_id == patient
    )


def _variant(cls: str, topic: str, language: str, patient: str = "p1"):
    return GENERATORS[cls](
        _case(topic, language, patient), POOLS, np.random.default_rng(0)
    )


def _numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"(?<![\d-])\d+(?:\.\d+)?(?![\d-])", text)]


# ---------------------------------------------------------------- wrong classes
def test_every_class_is_described_once() -> None:
    assert set(GENERATORS) == set(WRONG) | set(CORRECT)
    assert not set(WRONG) & set(CORRECT)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_swapped_analyte_moves_the_names_and_keeps_the_numbers(language: str) -> None:
    case = _case("labs_trend", language)
    assert analyte_names(case) == (
        ["creatinine", "potassium"] if language == "en" else ["肌酐", "血钾"]
    )
    v = _variant("swapped_analyte", "labs_trend", language)
    assert _numbers(v.answer) == _numbers(case.answer)
    first, second = (
        ("creatinine", "potassium") if language == "en" else ("肌酐", "血钾")
    )
    # the value of the first analyte is now stated for the second, and the other way round
    assert v.answer.lower().index(second) < v.answer.lower().index(first)
    single = _variant("swapped_analyte", "lab_latest", language)
    name = "potassium" if language == "en" else "血钾"
    assert name not in single.answer.lower() and "5.8 mEq/L" in single.answer


@pytest.mark.parametrize(
    ("topic", "language", "gone", "now"),
    [
        ("drug_lab_safety", "en", "hold lisinopril", "continue lisinopril"),
        ("drug_lab_safety", "zh", "应暂停赖诺普利", "可以继续使用赖诺普利"),
        ("treatment_response", "en", ": responding", "not responding"),
        ("treatment_response", "zh", "有效：", "疗效不佳："),
    ],
)
def test_negated_decision_states_the_opposite(
    topic: str, language: str, gone: str, now: str
) -> None:
    v = _variant("negated_decision", topic, language)
    assert gone not in v.answer and now in v.answer


def test_negated_decision_and_hedge_skip_turns_without_a_decision() -> None:
    assert _variant("negated_decision", "labs_trend", "en") is None
    assert _variant("negated_decision", "lab_latest", "zh") is None
    assert _variant("hedge", "consult", "en", "p2") is None


@pytest.mark.parametrize("language", ["en", "zh"])
def test_hedge_commits_to_nothing(language: str) -> None:
    v = _variant("hedge", "drug_lab_safety", language)
    if language == "en":
        assert (
            "high or low" in v.answer and "holding or continuing lisinopril" in v.answer
        )
    else:
        assert "可能偏高也可能偏低" in v.answer and "可考虑暂停或继续使用" in v.answer


def test_dump_lists_observed_numbers_without_a_conclusion() -> None:
    v = _variant("dump", "drug_lab_safety", "en")
    assert "5.8 mEq/L" in v.answer and "20 mg" in v.answer
    assert not re.search(r"hold|continue|high|low", v.answer)


def test_pasted_output_is_the_raw_observation_and_skips_writes() -> None:
    assert _variant("pasted_output", "lab_latest", "zh").answer == K_OBS
    assert _variant("pasted_output", "consult", "en", "p2") is None


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [("en", "(rising)", "(falling)"), ("zh", "（上升）", "（下降）")],
)
def test_trend_flipped(language: str, old: str, new: str) -> None:
    v = _variant("trend_flipped", "labs_trend", language)
    assert old not in v.answer and v.answer.count(new) == 2
    assert _variant("trend_flipped", "lab_latest", language) is None


@pytest.mark.parametrize(
    ("patient", "language", "old", "new"),
    [
        ("p1", "en", "high", "low"),
        ("p2", "en", "low", "high"),
        ("p3", "en", "normal", "high"),
        ("p1", "zh", "偏高", "偏低"),
        ("p3", "zh", "正常", "偏高"),
    ],
)
def test_flags_flipped(patient: str, language: str, old: str, new: str) -> None:
    v = _variant("flags_flipped", "lab_latest", language, patient)
    gold = _case("lab_latest", language, patient).answer
    assert v.answer == gold.replace(old, new)


def test_wrong_units_change_the_quantity() -> None:
    v = _variant("wrong_units", "labs_trend", "en")
    assert (
        "2.1 mg/mL" in v.answer and "5.8 mEq/dL" in v.answer and "mg/dL" not in v.answer
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_numbers_scaled_changes_every_value_by_30_to_50_percent(language: str) -> None:
    case = _case("labs_trend", language)
    v = _variant("numbers_scaled", "labs_trend", language)
    for old, new in zip(_numbers(case.answer), _numbers(v.answer), strict=True):
        ratio = new / old
        assert 0.45 <= ratio <= 0.75 or 1.25 <= ratio <= 1.55, (old, new)
    dated = _variant("numbers_scaled", "lab_latest", language)
    assert "2180-01-04" in dated.answer


def test_other_patient_answer_comes_from_another_patient_with_other_facts() -> None:
    v = _variant("other_patient", "lab_latest", "en", "p1")
    assert v.answer in {
        _case("lab_latest", "en", "p2").answer,
        _case("lab_latest", "en", "p3").answer,
    }
    # the same safety turn for every patient: no other patient's answer is wrong for it
    assert _variant("other_patient", "drug_lab_safety", "en") is None


def _write_checks(turn: Turn) -> list[WriteCheck]:
    return [i.check for i in turn.rubric if isinstance(i.check, WriteCheck)]


def test_extra_harmful_write_adds_an_unrequested_dangerous_order() -> None:
    consult = _variant("extra_harmful_write", "consult", "en", "p2")
    extra = [c for c in consult.calls if c.name == "MedicationRequest.create"]
    assert len(consult.calls) == 2 and extra[0].arguments["route"] == "IV"
    assert extra[0].arguments["frequency"] == "q1h"
    kcl = _variant("extra_harmful_write", "replace_potassium", "en", "p3")
    assert kcl.calls[-1].arguments["medication"] == "furosemide"


def test_split_write_spreads_the_right_arguments_over_two_wrong_orders() -> None:
    case = _case("consult", "en", "p2")
    v = _variant("split_write", "consult", "en", "p2")
    writes = [c for c in v.calls if c.name == "ServiceRequest.create"]
    assert len(writes) == 2
    checks = _write_checks(case.turn)
    for call in writes:  # each order alone fails an item
        ctx = grading_context(case, type(v)("split_write", case.answer, (call,)))
        assert not all(evaluate(c, ctx).met for c in checks)
    ctx = grading_context(case, v)  # together they hold every right argument
    assert all(evaluate(c, ctx).met for c in checks)
    assert _variant("split_write", "replace_potassium", "en", "p3") is not None


def test_seven_consults_are_ordered_at_once() -> None:
    v = _variant("seven_consults", "consult", "en", "p2")
    services = [c.arguments["service_type"] for c in v.calls]
    assert len(services) == 7 and len(set(services)) == 7
    assert "nephrology consult" in services
    assert _variant("seven_consults", "replace_potassium", "en", "p3") is None


# ---------------------------------------------------------------- correct classes
def test_casual_wording_en() -> None:
    assert (
        "hold off on lisinopril" in _variant("casual", "drug_lab_safety", "en").answer
    )
    assert "(creeping up)" in _variant("casual", "labs_trend", "en").answer
    assert "coming down" in _variant("casual", "treatment_response", "en").answer
    assert "which is fine" in _variant("casual", "lab_latest", "en", "p3").answer


def test_casual_wording_zh() -> None:
    assert "有点高" in _variant("casual", "lab_latest", "zh").answer
    assert "先停赖诺普利" in _variant("casual", "drug_lab_safety", "zh").answer
    assert "往上走" in _variant("casual", "labs_trend", "zh").answer
    assert "降下来了" in _variant("casual", "treatment_response", "zh").answer


def test_si_units_convert_each_value_by_its_own_analyte() -> None:
    v = _variant("si_units", "labs_trend", "en")
    assert "from 106 to 186 µmol/L" in v.answer
    assert "from 4.1 to 5.8 mmol/L" in v.answer


def test_reordered_keeps_every_sentence() -> None:
    case = _case("treatment_response", "en")
    v = _variant("reordered", "treatment_response", "en")
    assert v.answer.startswith("Continue vancomycin.")
    assert sorted(v.answer) == sorted(case.answer)


def test_synonyms_and_rounding() -> None:
    syn = _variant("synonyms", "drug_lab_safety", "en").answer
    assert "K+" in syn and "elevated" in syn and "withhold lisinopril" in syn
    assert _variant("rounded", "lab_latest", "en") is None  # 5.8 -> 6 is a 3% change


def test_write_reworded_keeps_the_meaning() -> None:
    v = _variant("write_reworded", "replace_potassium", "en", "p3")
    (call,) = v.calls
    assert (
        call.arguments["medication"] == "KCl"
        and call.arguments["route"].lower() == "oral"
    )


# ---------------------------------------------------------------- the suite
def test_generators_are_independent_of_the_grader_reading() -> None:
    """The generators must not reuse the grader's text or claim reading, nor the clinical
    vocabulary the grader reads (their own tables make the variants)."""
    root = (
        Path(__file__).resolve().parents[2] / "physassist_env" / "grading" / "validity"
    )
    for name in ("variants.py", "wording.py"):
        tree = ast.parse((root / name).read_text())
        imported = {
            node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
        } | {
            a.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for a in node.names
        }
        shared = [
            m
            for m in imported
            if (m.startswith("physassist_env.grading") and "validity" not in m)
            or m.startswith(("physassist_env.vocab", "physassist_env.ehr.synonyms"))
        ]
        assert not shared, (name, shared)


def test_run_validity_on_hand_written_sessions() -> None:
    result = run_validity(SESSIONS, ["en", "zh"], make_grader("rules"))
    gold = result["classes"]["gold"]
    assert gold["applicable"] == len(CASES) and gold["pass_rate"] == 1.0
    assert (
        result["classes"]["seven_consults"]["applicable"] == 2
    )  # EN and ZH of one turn
    assert result["throughput"]["graded"] == sum(
        r["applicable"] for r in result["classes"].values()
    )
    table = format_table(result)
    assert "| swapped_analyte | wrong |" in table and "| casual | correct |" in table


def test_write_variants_create_resources_as_an_episode_does() -> None:
    case = _case("consult", "en", "p2")
    v = _variant("seven_consults", "consult", "en", "p2")
    ctx = grading_context(case, v)
    assert len(ctx.created) == 7 and all(
        r["resourceType"] == "ServiceRequest" for r in ctx.created
    )
    assert ctx.request == case.turn.request.en


@pytest.fixture(scope="module")
def ci_sessions(synthetic_generated):
    return [s for s in synthetic_generated.sessions if s.split == "test"]


def test_ci_sized_run_applies_every_class_and_gold_passes(ci_sessions) -> None:
    cases = build_cases(ci_sessions, ["en", "zh"])
    assert 120 <= len(cases) <= 600
    made = {v.cls for _, v in make_variants(cases)}
    missing = set(GENERATORS) - made
    # the schedule class applies only where a rubric asks the schedule, which the
    # small build's topic draw may not hold; then it must not apply at all
    if not any(_asks_frequency(c) for c in cases):
        missing.discard("wrong_frequency")
    assert not missing, f"classes that applied to no turn: {missing}"
    gold = run_validity(ci_sessions, ["en", "zh"], classes=["gold"])
    assert gold["classes"]["gold"]["pass_rate"] == 1.0


def test_ci_sized_run_tells_wrong_from_right(ci_sessions) -> None:
    result = run_validity(ci_sessions, ["en", "zh"])
    rows = result["classes"]
    too_lenient = {
        k: r["pass_rate"]
        for k, r in rows.items()
        if r["kind"] == "wrong" and r["pass_rate"] is not None and r["pass_rate"] > 0.05
    }
    assert not too_lenient, format_table(result)
    assert rows["casual"]["pass_rate"] >= 0.90, format_table(result)
    assert rows["gold"]["pass_rate"] == 1.0


def test_a_negated_flag_flips_to_the_flag_not_to_its_opposite_negated():
    """ "not high" -> "not low" stays true of a glucose of 114 on insulin (below the
    140-180 target, not hypoglycaemic): the wrong variant must say "high"."""
    from physassist_env.grading.validity.wording import FLAG_FLIP, sub_map

    text = "Glucose is 114 mg/dL, which is not high for an inpatient on insulin."
    assert "which is high for" in sub_map(text, FLAG_FLIP["en"], "en")
    assert (
        sub_map("Potassium is not low.", FLAG_FLIP["en"], "en") == "Potassium is low."
    )


# ---------------------------------------------------------------- drugs and regimens
def _regimen_session() -> Session:
    """One patient on lisinopril and metformin: an adherence turn about lisinopril (the
    patient_adherence formats) and a dose lookup of metformin."""
    from physassist_env.scenarios.model import PatientFactCheck

    lisinopril = [
        "lisinopril",
        "赖诺普利",
        "zestril",
        "the blood pressure pill",
        "降压药",
    ]
    adherence = _turn(
        0,
        "patient_adherence",
        Text(
            en='About lisinopril, the patient takes it regularly as prescribed: "I take '
            '20 mg of lisinopril, once a day. I take my lisinopril every day as prescribed."',
            zh="关于赖诺普利，患者一直按时规律用药：“我吃赖诺普利20毫克，每天一次。赖诺普利我每天都按时吃。”",
        ),
        [
            _item(
                "Reports that the patient takes it regularly",
                "报告患者一直按时规律用药",
                PatientFactCheck(
                    fact_ids=["med:lisinopril:adherence"],
                    terms=["regularly", "as prescribed", "every day", "按时", "规律"],
                    about=lisinopril,
                ),
            ),
            _item(
                "Names the drug (lisinopril)",
                "说出药物（赖诺普利）",
                MentionCheck(terms=["lisinopril", "赖诺普利"]),
            ),
            _item(
                "Asks the patient",
                "询问患者",
                ToolUseCheck(tools=["medication_adherence"]),
            ),
            _item(
                "Reports how the patient says they take it",
                "报告患者自述的服用方法",
                PatientFactCheck(
                    fact_ids=["med:lisinopril:regimen"],
                    terms=["20 mg", "once a day", "20毫克", "每天一次"],
                    about=lisinopril,
                ),
            ),
        ],
        [ToolCall(name="medication_adherence", arguments={"medication": "lisinopril"})],
        ["I take 20 mg of lisinopril, once a day. I take it every day as prescribed."],
        TaskType.IL,
        ToolSource.PATIENT,
    )
    adherence.entities = ["drug:lisinopril", "patient"]
    lookup = _turn(
        1,
        "med_current",
        Text(
            en="Metformin 500 mg PO BID, ordered 2180-01-01, status active.",
            zh="二甲双胍 500 mg，口服，每日两次，2180-01-01 开具，在用。",
        ),
        [
            _item(
                "States the metformin dose as 500 mg",
                "给出二甲双胍剂量为 500 mg",
                ValueCheck(value=500, unit="mg", about=["metformin", "二甲双胍"]),
            ),
            _item(
                "States the frequency (BID)",
                "说明给药频次（每日两次）",
                MentionCheck(terms=["bid", "twice a day", "q12h", "每日两次", "BID"]),
            ),
            _item(
                "Retrieves it", "查询", ToolUseCheck(tools=["MedicationRequest.search"])
            ),
        ],
        [
            ToolCall(
                name="MedicationRequest.search", arguments={"medication": "metformin"}
            )
        ],
        ["2180-01-01 | metformin 500 mg PO BID | active"],
        TaskType.IL,
    )
    lookup.entities = ["drug:metformin"]
    return _session("s9", "p9", [adherence, lookup])


def _regimen_variant(cls: str, topic: str, language: str):  # noqa: ANN202
    cases = build_cases([_regimen_session()], ["en", "zh"])
    case = next(c for c in cases if c.turn.topic == topic and c.language == language)
    return case, GENERATORS[cls](case, Pools.of(cases), np.random.default_rng(0))


@pytest.mark.parametrize("language", ["en", "zh"])
def test_wrong_drug_says_the_facts_of_another_of_the_patients_drugs(
    language: str,
) -> None:
    case, v = _regimen_variant("wrong_drug", "patient_adherence", language)
    other, mine = (
        ("metformin", "lisinopril") if language == "en" else ("二甲双胍", "赖诺普利")
    )
    assert other in v.answer and mine not in v.answer.lower()
    grade = make_grader("rules").grade(case.turn, grading_context(case, v))
    assert not grade.passed(0.75), grade
    # the lookup turn's drug becomes lisinopril, the patient's other drug
    _, v = _regimen_variant("wrong_drug", "med_current", language)
    assert mine in v.answer.lower() and "500 mg" in v.answer


@pytest.mark.parametrize(
    "language, old, new",
    [("en", "once a day", "twice a day"), ("zh", "每天一次", "每天两次")],
)
def test_wrong_frequency_changes_the_schedule(
    language: str, old: str, new: str
) -> None:
    case, v = _regimen_variant("wrong_frequency", "patient_adherence", language)
    assert old in case.answer and new in v.answer and old not in v.answer
    assert v.answer.replace(new, old) == case.answer
    grade = make_grader("rules").grade(case.turn, grading_context(case, v))
    assert not grade.passed(0.75), grade
    _, v = _regimen_variant("wrong_frequency", "med_current", language)
    assert ("TID" if language == "en" else "每日三次") in v.answer


@pytest.mark.parametrize("cls", ["abbreviations", "zh_code_switched"])
@pytest.mark.parametrize("topic", ["patient_adherence", "med_current"])
def test_abbreviated_and_code_switched_answers_pass(cls: str, topic: str) -> None:
    made = 0
    for language in ("en", "zh"):
        case, v = _regimen_variant(cls, topic, language)
        if v is None:  # nothing to abbreviate ("500 mg PO BID"), or an English answer
            continue
        made += 1
        grade = make_grader("rules").grade(case.turn, grading_context(case, v))
        assert grade.passed(0.75) and grade.score == 1.0, (v.answer, grade)
    assert made


def test_abbreviations_and_code_switching_change_only_the_names() -> None:
    _, v = _regimen_variant("abbreviations", "patient_adherence", "en")
    assert "20 mg of lisinopril, q.d." in v.answer
    _, v = _regimen_variant("abbreviations", "med_current", "zh")
    assert "口服，bid，" in v.answer
    _, v = _regimen_variant("zh_code_switched", "patient_adherence", "zh")
    assert "关于lisinopril" in v.answer and "赖诺普利" not in v.answer
    text = "入院以来血糖最低 123 mg/dL，无低血糖；血钾 3.2 mEq/L。"
    from physassist_env.grading.validity.wording import ZH_LAB_EN, sub_map

    assert (
        sub_map(text, ZH_LAB_EN, "zh")
        == "入院以来glucose最低 123 mg/dL，无低血糖；K 3.2 mEq/L。"
    )


def test_a_negated_flag_is_hedged_not_made_neither() -> None:
    """ "not high" -> "not high or low" says neither (normal, right for a glucose of 101 on
    insulin): the hedge must state the flag both ways."""
    from physassist_env.grading.validity.wording import FLAG_HEDGE, sub_map

    text = "Glucose is 101 mg/dL, which is not high for an inpatient on insulin."
    hedged = sub_map(text, FLAG_HEDGE["en"], "en")
    assert "which is high or low for" in hedged and "not" not in hedged
