"""Claims bound to what they are about beyond the subject: which value of a series a number
is (peak, baseline, latest...), and which drug a patient's words are about.

The wrong answers are the grader-validity ``other_patient`` cases that passed before (they
must fail, contradicted where the answer asserts another value); the right answers are the
same facts said other ways (they must pass), EN and ZH.
"""

from __future__ import annotations

import pytest
from grading_fixtures import verdict

from physassist_env.grading.claims import read_claims
from physassist_env.scenarios import rubric as R
from physassist_env.scenarios.model import PatientFactCheck, ValueCheck

CR = dict(
    unit="mg/dL",
    decimals=1,
    conversions={"umol/L": 88.4},
    about=["creatinine", "肌酐", "Cr", "SCr"],
)
#: A KDIGO peak of 0.7 mg/dL that is also the latest value, baseline (lowest) 0.6.
PEAK = ValueCheck(value=0.7, qualifiers=["peak", "latest"], **CR)  # type: ignore[arg-type]
BASELINE = ValueCheck(value=0.6, qualifiers=["baseline", "lowest"], **CR)  # type: ignore[arg-type]
#: A peak of 0.8 that is not the latest value (latest 0.7).
PEAK_ONLY = ValueCheck(value=0.8, qualifiers=["peak"], **CR)  # type: ignore[arg-type]

LISINOPRIL = [
    "lisinopril",
    "赖诺普利",
    "zestril",
    "lisinopril, my blood pressure pill",
    "the blood pressure pill",
    "赖诺普利（降压药）",
    "降压药",
    "blood pressure pill",
]
ADHERENCE = PatientFactCheck(
    fact_ids=["med:lisinopril:adherence"],
    terms=["regularly", "as prescribed", "every day", "consistently", "按时", "规律"],
    about=LISINOPRIL,
)
REGIMEN = PatientFactCheck(
    fact_ids=["med:lisinopril:regimen"],
    terms=["20 mg", "once a day", "20毫克", "每天一次"],
    about=LISINOPRIL,
)
ASKED = [{"name": "medication_adherence", "arguments": {"medication": "lisinopril"}}]


# ---------------------------------------------------------------- qualifiers
WRONG_PEAK = [
    "No AKI by KDIGO creatinine criteria: peak creatinine 0.8 mg/dL against a baseline of "
    "0.6 mg/dL (the lowest value this admission), latest 0.7 mg/dL, below the KDIGO thresholds.",
    "按 KDIGO 肌酐标准无急性肾损伤：肌酐峰值 0.8 mg/dL，基线 0.6 mg/dL（本次住院最低值），"
    "最近一次 0.7 mg/dL，未达到 KDIGO 标准。",
    "Creatinine peaked at 0.8 and is 0.7 now.",
    "肌酐最高 0.8 mg/dL，目前 0.7 mg/dL。",
]


@pytest.mark.parametrize("answer", WRONG_PEAK)
def test_a_latest_value_does_not_answer_a_different_peak(answer: str) -> None:
    v = verdict(PEAK, answer)
    assert not v.met and v.contradicted, v


@pytest.mark.parametrize(
    "answer",
    [
        "peak creatinine 0.7 mg/dL against a baseline of 0.6 mg/dL, latest 0.7 mg/dL",
        "Creatinine peaked at 0.7 mg/dL vs 0.6 at baseline.",
        "Creatinine rose from 0.6 to 0.7 mg/dL: no AKI.",  # no qualifier, unambiguous
        "Creatinine 0.7 mg/dL now, up from a baseline of 0.6.",  # the peak is the latest
        "The highest creatinine was 62 umol/L, baseline 53 umol/L.",
        "肌酐峰值 0.7 mg/dL，基线 0.6 mg/dL（本次住院最低值），最近一次 0.7 mg/dL。",
        "肌酐从 0.6 升到 0.7 mg/dL，未达 AKI 标准。",
        "肌酐最高 0.7，基线 0.6。",
    ],
)
def test_right_peak_and_baseline_said_other_ways_pass(answer: str) -> None:
    assert verdict(PEAK, answer).met
    assert verdict(BASELINE, answer).met


@pytest.mark.parametrize(
    "answer",
    [
        "Latest creatinine 0.8 mg/dL, baseline 0.6.",
        "肌酐最近一次 0.8 mg/dL，基线 0.6。",
    ],
)
def test_a_number_said_under_another_qualifier_is_not_the_peak(answer: str) -> None:
    v = verdict(PEAK_ONLY, answer)
    assert not v.met and not v.contradicted, v  # the peak is left out, not contradicted


@pytest.mark.parametrize(
    "answer, qualifiers",
    [
        (
            "peak creatinine 0.8 mg/dL against a baseline of 0.6 mg/dL",
            ["peak", "baseline"],
        ),
        ("creatinine 0.8 mg/dL (peak), 0.6 at baseline", ["peak", "baseline"]),
        ("lactate peaked at 4.1 mmol/L and is now 2.0 mmol/L", ["peak", "latest"]),
        ("lactate peaked at 4.1 mmol/L and is 2.0 mmol/L now", ["peak", "latest"]),
        ("乳酸峰值 4.1 mmol/L，现为 2.0 mmol/L", ["peak", "latest"]),
        ("白细胞起始 9.1，峰值 15.2，现为 8.0", ["first", "peak", "latest"]),
        ("WBC went from 4.3 to 3.6 K/uL, nadir 2.0", ["", "", "lowest"]),
        ("creatinine rose from 0.6 to 0.8 over the last 3 days", ["", "", ""]),
    ],
)
def test_qualifier_binds_to_the_number_it_introduces(
    answer: str, qualifiers: list[str]
) -> None:
    values = [c for c in read_claims(answer).claims if c.kind == "value"]
    assert [c.qualifier for c in values] == qualifiers


def test_qualifiers_of_adds_the_series_values_it_equals() -> None:
    assert R.qualifiers_of(0.7, 1, ["peak"], latest=0.7, first=0.6) == [
        "peak",
        "latest",
    ]
    assert R.qualifiers_of(0.8, 1, ["peak"], latest=0.7, first=0.6) == ["peak"]


# ---------------------------------------------------------------- drug binding
@pytest.mark.parametrize(
    "answer",
    [
        'About spironolactone, the patient takes it regularly as prescribed: "I take the '
        'other water pill, once a day. I take my other water pill every day as prescribed."',
        "关于螺内酯，患者一直按时规律用药：“我吃另一种排水药，每天一次。另一种排水药我每天都按时吃。”",
        "She takes her metformin every day; lisinopril she often forgets.",
        "二甲双胍每天按时吃，赖诺普利经常忘。",
    ],
)
def test_adherence_said_about_another_drug_does_not_count(answer: str) -> None:
    assert not verdict(ADHERENCE, answer, tool_calls=ASKED).met


@pytest.mark.parametrize(
    "answer",
    [
        'About lisinopril, the patient takes it regularly as prescribed: "I take the blood '
        'pressure pill, once a day. I take my blood pressure pill every day as prescribed."',
        "She takes her lisinopril every day. She uses a pill organiser.",
        "Lisinopril: the patient says she never misses it and takes it as prescribed.",
        "She says she takes her blood pressure pill every day.",
        "Takes it every day as prescribed.",  # no drug named at all: unbound, counts
        "关于赖诺普利，患者一直按时规律用药：“我吃降压药，每天一次。”",
        "患者说降压药每天都按时吃。",
    ],
)
def test_adherence_said_about_the_drug_passes(answer: str) -> None:
    assert verdict(ADHERENCE, answer, tool_calls=ASKED).met


@pytest.mark.parametrize(
    "answer",
    [
        "Lisinopril is ordered at 10 mg DAILY. At home the patient takes it regularly as "
        'prescribed (lisinopril): "I take the blood pressure pill, once a day."',
        "赖诺普利医嘱为 10 mg，每日一次。患者在家一直按时规律用药（赖诺普利）：“我吃降压药，每天一次。”",
        "She takes lisinopril 40 mg once a day.",
    ],
)
def test_another_dose_for_the_drug_contradicts_the_regimen(answer: str) -> None:
    v = verdict(REGIMEN, answer, tool_calls=ASKED)
    assert not v.met and v.contradicted, v


@pytest.mark.parametrize(
    "answer",
    [
        'About lisinopril, the patient says: "I take 20 mg of lisinopril, once a day."',
        "She takes lisinopril once a day.",  # no dose said: the frequency suffices
        "Lisinopril is ordered at 10 mg, but at home she takes 20 mg once a day.",
        "She takes 0.02 g of lisinopril once a day.",
        "患者在家赖诺普利 20毫克，每天一次。",
        "赖诺普利：每天一次，一次 20 mg。",
    ],
)
def test_the_regimen_said_other_ways_passes(answer: str) -> None:
    assert verdict(REGIMEN, answer, tool_calls=ASKED).met


def test_regimen_said_about_another_drug_does_not_count() -> None:
    v = verdict(
        REGIMEN,
        "Spironolactone 20 mg once a day; lisinopril not discussed.",
        tool_calls=ASKED,
    )
    assert not v.met


def test_without_about_the_old_rule_holds() -> None:
    check = PatientFactCheck(fact_ids=["f"], terms=["every day"])
    assert verdict(check, "Spironolactone every day.", tool_calls=ASKED).met


# ---------------------------------------------------------------- regimen frequency
@pytest.mark.parametrize(
    "answer",
    [
        "She takes lisinopril 20 mg twice a day.",
        "Lisinopril 20 mg BID at home.",
        'About lisinopril, the patient says: "I take 20 mg of lisinopril, three times a day."',
        "She takes her lisinopril 20 mg every 12 hours.",
        "赖诺普利 20 mg，每天两次。",
        "患者在家吃赖诺普利 20毫克，一日三次。",
        "赖诺普利 20 mg，每周一次。",
    ],
)
def test_another_frequency_for_the_drug_contradicts_the_regimen(answer: str) -> None:
    v = verdict(REGIMEN, answer, tool_calls=ASKED)
    assert not v.met and v.contradicted, v


@pytest.mark.parametrize(
    "answer",
    [
        "She takes lisinopril 20 mg once daily.",
        "Lisinopril 20 mg qd.",
        "Lisinopril 20 mg q24h at home.",
        "Lisinopril 20 mg daily; metformin 500 mg twice a day.",  # BID is metformin's
        "Lisinopril is ordered BID, but at home she takes 20 mg once a day.",
        "She takes lisinopril 20 mg, every day without fail.",  # adherence, no schedule
        "赖诺普利 20 mg，一天一次。",
        "赖诺普利 20毫克 每日1次；二甲双胍每日两次。",
    ],
)
def test_the_regimen_frequency_said_other_ways_passes(answer: str) -> None:
    v = verdict(REGIMEN, answer, tool_calls=ASKED)
    assert v.met, v


def test_a_drug_name_holding_a_schedule_word_states_no_schedule() -> None:
    check = PatientFactCheck(
        fact_ids=["med:tiotropium:regimen"],
        terms=["18 mcg", "twice a day"],
        about=["tiotropium", "spiriva", "spiriva, my daily inhaler"],
    )
    v = verdict(
        check, "Spiriva, my daily inhaler: 18 mcg twice a day.", tool_calls=ASKED
    )
    assert v.met, v


# ---------------------------------------------------------------- clause binding
@pytest.mark.parametrize(
    "answer",
    [
        "I take the water pill and lisinopril, the water pill every day.",
        "She takes lisinopril and the water pill; the water pill every day.",
        "She is on the diuretic and lisinopril. The diuretic she takes every day.",
        "我吃排水药和赖诺普利，排水药每天按时吃。",
        "利尿药和赖诺普利都在吃，利尿药一直按时吃。",
    ],
)
def test_adherence_said_of_the_other_drug_in_its_clause_does_not_count(
    answer: str,
) -> None:
    v = verdict(ADHERENCE, answer, tool_calls=ASKED)
    assert not v.met, v


@pytest.mark.parametrize(
    "answer",
    [
        "I take the water pill and lisinopril, lisinopril every day.",
        "She takes lisinopril and the water pill every day.",  # said of both
        "排水药和赖诺普利都每天按时吃。",
        "我吃利尿药和赖诺普利，赖诺普利每天都按时吃。",
    ],
)
def test_adherence_said_of_the_drug_beside_another_passes(answer: str) -> None:
    v = verdict(ADHERENCE, answer, tool_calls=ASKED)
    assert v.met, v


# ---------------------------------------------------------------- shared lay names
def _warfarin_check(others: list[str]) -> PatientFactCheck:
    from physassist_env.vocab.lay import goes_by, lay_key, lay_names_for

    terms = [
        "warfarin",
        "coumadin",
        "the blood thinner",
        "抗凝药华法林",
        "稀释血液的药",
    ]
    about = [
        "warfarin",
        "华法林",
        *(t for t in terms if not (lay_key(t) and any(goes_by(o, t) for o in others))),
        *lay_names_for("warfarin", others),
    ]
    return PatientFactCheck(
        fact_ids=["med:warfarin:adherence"],
        terms=["every day", "as prescribed", "按时"],
        about=about,
    )


@pytest.mark.parametrize(
    "answer",
    [
        "She takes the blood thinner every day as prescribed.",
        "Her blood thinner: every day, as prescribed.",
        "患者说稀释血液的药每天按时吃。",
        "抗凝药每天都按时吃。",
    ],
)
def test_a_shared_lay_name_binds_only_when_the_patient_has_one_such_drug(
    answer: str,
) -> None:
    # on warfarin alone, "the blood thinner" can only be warfarin
    assert verdict(_warfarin_check(["lisinopril"]), answer, tool_calls=ASKED).met
    # on warfarin and apixaban, it may be either: the fact is not warfarin's
    v = verdict(_warfarin_check(["apixaban"]), answer, tool_calls=ASKED)
    assert not v.met, v
    # naming the drug settles it
    named = answer.replace("the blood thinner", "warfarin").replace(
        "Her blood thinner", "Warfarin"
    )
    named = named.replace("稀释血液的药", "华法林").replace("抗凝药", "华法林")
    assert verdict(_warfarin_check(["apixaban"]), named, tool_calls=ASKED).met


def test_lay_names_for_leaves_out_names_another_drug_goes_by() -> None:
    from physassist_env.vocab.lay import lay_key, lay_names_for

    alone = lay_names_for("furosemide", [])
    assert "water pill" in alone and "diuretic" in alone
    both = lay_names_for("furosemide", ["spironolactone"])
    assert "water pill" not in both and "diuretic" not in both
    assert "lasix" in both
    assert (
        lay_key("the blood thinner") == lay_key("blood thinner") == "lay:blood thinner"
    )


# ---------------------------------------------------------------- symptoms
COUGH = PatientFactCheck(
    fact_ids=["sym:cough:presence"], terms=["cough", "coughing", "咳嗽", "老咳"]
)
SYMPTOM_REPLY = (
    "I've had coughing. It's dry. I've had a temperature."  # the patient's words (#39)
)
ASKED_SYMPTOMS = [{"name": "symptom_history", "arguments": {}}]


@pytest.mark.parametrize(
    "answer",
    [
        # another patient's history: the cough and fever match, the rest was never said
        "The patient reports: \"I've had a cough. I've had a fever. I've had pain in my "
        "chest. I've had trouble breathing.\"",
        "Cough and fever for three days, with shortness of breath.",
        "患者自述：“我咳嗽。我发烧。我胸口疼。我喘不上气。”",
        "咳嗽、发热，伴呼吸困难。",
    ],
)
def test_symptoms_the_patient_never_reported_contradict(answer: str) -> None:
    v = verdict(COUGH, answer, tool_calls=ASKED_SYMPTOMS, observations=[SYMPTOM_REPLY])
    assert not v.met and v.contradicted, v


@pytest.mark.parametrize(
    "answer",
    [
        f'The patient reports: "{SYMPTOM_REPLY}"',
        "Dry cough and fevers with chills.",
        "She has been coughing (dry) and has had fevers.",
        "患者自述：“我老咳。干咳。我身上发烫。”",
        "咳嗽（干咳），伴发热寒战。",
    ],
)
def test_the_reported_symptoms_said_other_ways_pass(answer: str) -> None:
    v = verdict(COUGH, answer, tool_calls=ASKED_SYMPTOMS, observations=[SYMPTOM_REPLY])
    assert v.met, v


# ---------------------------------------------------------------- increase, bound to the drug
INTENSIFY = R.recommend_item(
    "Recommends intensifying the insulin",
    "建议胰岛素加量",
    ["increase", "intensify", "up-titrate", "uptitrate", "加量", "增加", "titrate up"],
    ["insulin", "胰岛素"],
).check


@pytest.mark.parametrize(
    "answer",
    [
        "Glucose is 232 mg/dL, above the target. The insulin needs intensifying: review the "
        "day's readings and increase the scheduled doses, and recheck the glucose.",
        "Glucose 232: up-titrate the insulin.",
        "血糖 232 mg/dL，高于目标。胰岛素需要加量，并复查血糖。",
        "血糖偏高，增加基础和餐时胰岛素剂量。",
    ],
)
def test_an_increase_said_of_the_drug_passes(answer: str) -> None:
    assert verdict(INTENSIFY, answer).met


@pytest.mark.parametrize(
    "answer",
    [
        "Glucose is 232 mg/dL, above the target for an inpatient on metformin. The metformin "
        "needs intensifying: increase the scheduled doses, and recheck the glucose.",
        "血糖 232 mg/dL。二甲双胍需要加量，并复查血糖。",
    ],
)
def test_an_increase_said_of_another_drug_does_not_count(answer: str) -> None:
    assert not verdict(INTENSIFY, answer).met


def test_a_drug_named_as_a_circumstance_is_not_what_a_value_measures() -> None:
    """ "Glucose 112 now but was 58 yesterday on insulin": the 58 is a glucose, not an insulin
    dose (it was read as insulin = 58, so the right answer missed its low-glucose item)."""
    from physassist_env.grading.claims import read_claims

    def said(text: str) -> list[str]:
        return [c.describe() for c in read_claims(text, "en").claims]

    assert "glucose = 58" in said("Glucose is 112 now but was 58 yesterday on insulin.")
    assert "potassium = 5.9" in said("K 5.9 yesterday while on lisinopril.")
    # a dose still names its drug after "on", and "of" is no circumstance
    assert "drug:glargine = 40 units" in said("Increase to 40 units on the glargine.")
    assert "drug:insulin = 4 units" in said("Gave 4 units of insulin.")


def test_a_reference_limit_said_alone_is_not_a_result() -> None:
    """ "WBC 11.2 (upper limit 11)": the 11 is the laboratory's bound; read as a WBC value it
    matched a wrong answer's trend item to 11.2 (test_sessions' wrong answers scored 1.0)."""
    from physassist_env.grading.claims import read_claims

    def values(text: str, language: str = "en") -> list[str]:
        return [
            c.describe()
            for c in read_claims(text, language).claims
            if "=" in c.describe()
        ]

    assert values("WBC 11.2 (upper limit 11), rising.") == ["wbc = 11.2"]
    assert values("Potassium 5.2, above the lab's upper limit 5.1") == [
        "potassium = 5.2"
    ]
    assert values("K 5.2 (ULN 5.1)") == ["potassium = 5.2"]
    assert values("肌酐 1.4，参考上限 1.2", "zh") == ["creatinine = 1.4"]
    # two results stay two results
    assert values("Potassium 3.1 today, 4.1 on admission.") == [
        "potassium (latest) = 3.1",
        "potassium (first) = 4.1",
    ]
