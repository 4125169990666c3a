"""Tenth pass (issue #35): readers at the wrong depth, and what an answer adds. Probes in
our own wording, EN and ZH (invented values)."""

from __future__ import annotations

import pytest
from grading_fixtures import added, search_output

from physassist_env.grading import claims as cl
from physassist_env.grading import text as tx

CREAT = search_output(
    "Observation",
    "2180-01-04 08:00 | Creatinine = 1.6 mg/dL [ref 0.5-1.1] (H)",
    "2180-01-02 08:00 | Creatinine = 1.0 mg/dL [ref 0.5-1.1]",
    "2179-06-10 08:00 | Creatinine = 1.4 mg/dL [ref 0.5-1.1] (H)",
)
ORDERS = search_output(
    "MedicationRequest",
    "2180-01-02 09:00 | Losartan 50 mg PO DAILY | active (2180-01-02 to ongoing)",
)


def _values(answer: str) -> list[tuple[str, float, str]]:
    return [
        (c.subject, c.quantity.value, c.qualifier)
        for c in cl.read_claims(answer, [CREAT]).claims
        if c.kind == "value" and c.quantity is not None
    ]


# ---------------------------------------------------------------- 1a: a ratio is no value
@pytest.mark.parametrize(
    "answer",
    [
        "Creatinine rose to 1.6 mg/dL, 1.6 times the lowest value of the week.",
        "Creatinine 1.6 mg/dL: a 1.6-fold rise over the nadir, so KDIGO stage 1.",
        "Creatinine 1.6 mg/dL, about 1.6x its lowest value this week.",
        "肌酐升至 1.6 mg/dL，为最低值的 1.6 倍，符合 KDIGO 1期。",
        "肌酐 1.6 mg/dL，七天内达到最低值的1.5倍以上。",
    ],
)
def test_a_number_before_times_is_a_ratio_not_the_labs_value(answer: str) -> None:
    said = _values(answer)
    assert ("creatinine", 1.6, "") in said or ("creatinine", 1.6, "latest") in said
    assert not [v for v in said if v[2] == "lowest"], said
    assert "record" not in added(
        answer, [CREAT], language="zh" if tx.has_cjk(answer) else "en"
    )


def test_a_count_unit_after_x_is_still_a_value() -> None:
    qs = tx.extract_quantities("WBC 12.1 x10^9/L")
    assert qs and not qs[0].reference


# ------------------------------------------- 1b: a date in brackets dates the value before it
@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("可以继续氯沙坦：肌酐 1.6 mg/dL，基线 1.4 mg/dL（上次住院末次值，2179-06-10）。", "zh", False),
        ("Losartan can go on: baseline creatinine 1.4 mg/dL (last value of the earlier stay, 2179-06-10), losartan started on admission.", "en", False),
        ("氯沙坦 50 mg 口服 每日一次，2179-06-10 开具，在用。", "zh", True),
        ("Losartan 50 mg PO daily, ordered 2179-06-10, active.", "en", True),
    ],
)  # fmt: skip
def test_a_bracketed_date_after_a_value_is_the_values_not_the_drugs(
    answer: str, language: str, wrong: bool
) -> None:
    got = added(answer, [CREAT, ORDERS], language=language)
    assert ("record" in got) is wrong, (answer, got)


# ------------------------------------ 1c: "not rechecked since" states a fact, no hedge
def _not_done(answer: str, terms: list[str]) -> tuple[list[str], list[str]]:
    yes, no = cl.asserted_mentions(answer, terms, conclusion=True)
    return [m.term for m in yes], [m.term for m in no]


@pytest.mark.parametrize(
    ("answer", "terms"),
    [
        ("Potassium 3.9 (drawn yesterday, not rechecked since). Recheck it today.", ["recheck"]),
        ("The INR has not been repeated; repeat the INR this morning.", ["repeat"]),
        ("血钾 3.9（昨天的结果，此后未复查）。今天复查血钾。", ["复查"]),
        ("血红蛋白还没有再复查过，先复查血红蛋白。", ["复查"]),
    ],
)  # fmt: skip
def test_what_was_not_done_is_no_decision_against_it(
    answer: str, terms: list[str]
) -> None:
    yes, no = _not_done(answer, terms)
    assert yes and not no, (yes, no)


@pytest.mark.parametrize(
    ("answer", "terms"),
    [
        ("Do not recheck the potassium.", ["recheck"]),
        ("无需复查血钾。", ["复查"]),
        ("没必要复查血钾。", ["复查"]),
    ],
)
def test_a_decision_against_an_action_is_still_denied(
    answer: str, terms: list[str]
) -> None:
    _, no = _not_done(answer, terms)
    assert no


K_SEEN = search_output(
    "Observation",
    "2180-01-04 06:00 | Potassium = 3.9 mEq/L [ref 3.5-5.1]",
    "2180-01-03 06:00 | Potassium = 4.2 mEq/L [ref 3.5-5.1]",
)


@pytest.mark.parametrize(
    ("answer", "language", "wrong"),
    [
        ("Potassium is 3.9 mEq/L (drawn yesterday, not rechecked since) (previous 4.2).", "en", False),
        ("Potassium 3.9 mEq/L, never rechecked since; the earlier value was 4.2.", "en", False),
        ("Correction: the potassium is actually 4.2 mEq/L now.", "en", True),
        ("血钾 3.9 mmol/L（此后未复查），前一次 4.2。", "zh", False),
        ("更正：目前血钾实为 4.2 mmol/L。", "zh", True),
    ],
)  # fmt: skip
def test_a_denied_recheck_is_no_correction_of_the_value_now(
    answer: str, language: str, wrong: bool
) -> None:
    got = added(answer, [K_SEEN], language=language)
    assert ("record" in got) is wrong, (answer, got)


# ------------------------------- 1d: the last value of an earlier period is not the latest
@pytest.mark.parametrize(
    "answer",
    [
        "The latest creatinine is 1.6; the last value before this admission was 1.4 mg/dL.",
        "Latest creatinine 1.6 mg/dL; last creatinine prior to admission 1.4 mg/dL.",
        "Creatinine now 1.6 mg/dL; the previous stay's last creatinine was 1.4 mg/dL.",
        "目前肌酐 1.6 mg/dL；本次入院前最近一次为 1.4 mg/dL。",
        "最新肌酐 1.6 mg/dL，上次住院最后一次为 1.4 mg/dL。",
    ],
)
def test_the_last_value_of_an_earlier_period_is_not_the_latest(answer: str) -> None:
    latest = [v for s, v, q in _values(answer) if s == "creatinine" and q == "latest"]
    assert latest == [1.6], _values(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "The last creatinine was 1.4 mg/dL.",
        "最近一次肌酐为 1.4 mg/dL。",
        "The latest creatinine is 1.4 mg/dL, drawn this morning before breakfast.",
    ],
)
def test_a_latest_word_of_now_still_names_the_latest(answer: str) -> None:
    assert [v for s, v, q in _values(answer) if q == "latest"] == [1.4], _values(answer)


# ------------------------------------------------ 2: what an answer adds, in any syntax
SEEN = [
    search_output(
        "Observation",
        "2180-01-04 08:00 | Potassium = 5.9 mEq/L [ref 3.5-5.1] (H)",
        "2180-01-03 08:00 | Potassium = 4.6 mEq/L [ref 3.5-5.1]",
    ),
    ORDERS,
    search_output("Condition", "2180-01-02 | Essential hypertension (ICD-10 I10)"),
]
_BASE = {
    "en": "Potassium 5.9 mEq/L is high; hold losartan and recheck it tonight. ",
    "zh": "血钾 5.9 mmol/L，偏高；暂停氯沙坦，今晚复查血钾。",
}


def _adds_record(extra: str, language: str) -> bool:
    return "record" in added(_BASE[language] + extra, SEEN, language=language)


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        # a consult said by what the service did, with a relative clause or a time between
        ("Hematology, who reviewed the smear this afternoon, would rather we wait.", "en"),
        ("The urology team scoped him yesterday and would like the catheter kept.", "en"),
        ("Pulm stopped by and thinks it is fine.", "en"),
        ("血液科今天上午评估后建议暂缓。", "zh"),
        ("昨晚泌尿外科会诊，要求保留尿管。", "zh"),
        # a measurement in a concentration unit bound to a drug is a lab value
        ("Losartan 50 mg daily; amylase 900 U/L.", "en"),
        ("氯沙坦 50 mg 每日一次；淀粉酶 900 U/L。", "zh"),
        # a study of any group with a finding
        ("EKG: new left bundle branch block.", "en"),
        ("A colon biopsy showed adenocarcinoma.", "en"),
        ("胃镜：十二指肠溃疡。", "zh"),
        ("（心电图：房颤）", "zh"),
        # history taken as given by a premise, a heading or a qualified owner
        ("Considering her lupus nephritis, go slowly.", "en"),
        ("Because of his longstanding ulcerative colitis, avoid NSAIDs.", "en"),
        ("病史：系统性红斑狼疮、高血压。", "zh"),
        ("因其既往主动脉瓣置换术后，需注意抗凝。", "zh"),
        ("鉴于其溃疡性结肠炎，避免非甾体抗炎药。", "zh"),
        ("As a patient with an implanted defibrillator, he needs telemetry.", "en"),
        ("She has a pacemaker, so no MRI.", "en"),
        ("患者既往三年前胃大部切除术，需注意。", "zh"),
        # a symptom reported in another shape
        ("He's been complaining of a pounding headache since lunch.", "en"),
        ("She noticed swelling in both ankles yesterday.", "en"),
    ],
)  # fmt: skip
def test_an_unseen_fact_said_in_a_new_shape_is_a_fabrication(
    extra: str, language: str
) -> None:
    assert _adds_record(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language"),
    [
        ("If hematology suggests waiting, we can revisit.", "en"),
        ("I'd want nephrology to weigh in if the creatinine climbs.", "en"),
        ("如血钾继续升高，请肾内科会诊。", "zh"),
        ("必要时请心内科会诊。", "zh"),
        ("Get an EKG to look for peaked T waves.", "en"),
        ("建议查心电图看有无T波高尖。", "zh"),
        ("Given the hyperkalemia, hold losartan.", "en"),
        ("As someone with a high potassium, she needs a recheck.", "en"),
        ("She has a good appetite today.", "en"),
        ("Given her hypertension, the losartan matters.", "en"),
        ("鉴于高钾血症，暂停氯沙坦。", "zh"),
        ("背景：高血压。", "zh"),
        ("考虑到出血风险，暂缓。", "zh"),
        ("Target potassium 4.0 mmol/L or more in heart disease.", "en"),
        ("心脏病患者血钾目标为 4.0 mmol/L 以上。", "zh"),
    ],
)  # fmt: skip
def test_a_plan_a_question_or_a_seen_fact_is_no_fabrication(
    extra: str, language: str
) -> None:
    assert not _adds_record(extra, language), extra


@pytest.mark.parametrize(
    ("extra", "language", "wrong"),
    [
        ("Earlier potassium 4.6 mEq/L (drawn 2180-01-03), normal.", "en", False),
        ("Earlier potassium 4.6 mEq/L (drawn 2180-01-02), normal.", "en", True),
        ("此前血钾 4.6 mmol/L（入院后第二天，2180-01-03），正常。", "zh", False),
        ("此前血钾 4.6 mmol/L（入院后第二天，2180-01-01），正常。", "zh", True),
        ("Potassium 4.6 mEq/L (normal) on 2180-01-02.", "en", True),
    ],
)  # fmt: skip
def test_a_bracketed_date_after_a_value_is_checked_and_its_flag_is_that_values(
    extra: str, language: str, wrong: bool
) -> None:
    assert _adds_record(extra, language) is wrong, extra


# ------------------------------------------------ 3: right answers in other forms
def test_a_chinese_term_matches_with_or_without_a_space_before_latin() -> None:
    assert tx.find_terms("结论：无AKI。", ["无 AKI"])
    assert tx.find_terms("结论：无 AKI。", ["无AKI"])
    assert tx.find_terms("KDIGO1期", ["KDIGO 1期"])


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Losartan 50 mg PO daily, ordered 2180-01-02 (Thursday), active.", "en"),
        ("氯沙坦 50 mg，口服，每日一次，2180年1月2日（周四） 开具，在用。", "zh"),
        ("氯沙坦 50 mg，口服，每日一次，前天（1月2日） 开具，在用。", "zh"),
    ],
)
def test_a_listed_order_with_a_glossed_day_is_no_new_order(
    answer: str, language: str
) -> None:
    got = added(answer, [ORDERS, SEEN[0]], language=language)
    assert not got & {"unasked", "harm", "record"}, got
