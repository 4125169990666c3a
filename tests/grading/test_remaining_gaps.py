"""The whole answer is read (issue #35, remaining gaps): an addition the chart
contraindicates (potassium or an MRA in hyperkalaemia, metformin at eGFR < 30, an
antithrombotic at platelets < 50, a QT drug at a long QTc or beside another, a nodal blocker
in bradycardia), doses, multipliers and routes said in words (forty milliequivalents, 十毫克,
一百单位, ten times, 十倍), a right value put on the wrong day, and text a renderer does not
show. Each wrong answer fails and a right one said differently passes, in English and
Chinese. Probes written for this file, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import (
    CONTINUE_TURN,
    PLAIN,
    added,
    observed,
    one_item_turn,
    search_output,
)

from physassist_env.clinical import harm
from physassist_env.grading import GradingContext, make_grader
from physassist_env.grading import shown as sh
from physassist_env.grading import text as tx
from physassist_env.grading.chart import read_chart
from physassist_env.grading.instructions import read_instructions
from physassist_env.scenarios.model import (
    Text,
    Turn,
)


def _active(order: str) -> str:
    return search_output(
        "MedicationRequest",
        f"2180-01-01 21:00 | {order} | active (2180-01-01 to ongoing)",
    )


def _lab(row: str) -> str:
    return search_output("Observation", f"2180-01-04 08:00 | {row}")


K_HIGH = _lab("Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]")
K_NORMAL = _lab("Potassium = 4.2 mEq/L [ref 3.5-5.1]")
PLT_LOW = _lab("Platelet Count = 32 K/uL (L) [ref 150-440]")
PLT_NORMAL = _lab("Platelet Count = 210 K/uL [ref 150-440]")
CR_HIGH = _lab("Creatinine = 3.4 mg/dL (H) [ref 0.5-1.2]")
CR_NORMAL = _lab("Creatinine = 0.9 mg/dL [ref 0.5-1.2]")
HR_LOW = _lab("Heart Rate = 42 bpm (L)")
HR_NORMAL = _lab("Heart Rate = 74 bpm")
QTC_LONG = _lab("QTc = 520 ms (H)")
QTC_NORMAL = _lab("QTc = 430 ms")
HALOPERIDOL = _active("Haloperidol 2 mg IV Q6H")
ASPIRIN = _active("Aspirin 81 mg PO DAILY")
SPIRONOLACTONE = _active("Spironolactone 25 mg PO DAILY")
METOPROLOL = _active("Metoprolol Tartrate 25 mg PO BID")
LISINOPRIL = _active("Lisinopril 10 mg PO DAILY")
GLARGINE = _active("Insulin Glargine 10 UNIT SC QHS")
WARFARIN = _active("Warfarin 5 mg PO DAILY")


#: A turn whose decision is to give oral potassium (a dose said of it is requested).
GIVE_K = one_item_turn(
    Text(en="Give potassium chloride 40 mEq PO.", zh="给予氯化钾 40 mEq 口服。")
)


def _grade(answer: str, observations: list[str], language: str, turn: Turn = PLAIN):
    return make_grader("rules").grade(turn, observed(answer, observations, language))


def _penalties(answer: str, observations: list[str], language: str) -> set[str]:
    return added(answer, observations, language=language)


# ---------------------------------------------------------------- contraindicated additions
CONTRAINDICATED = [
    ("Continue the potassium supplement as well.", [K_HIGH], "en"),
    ("Also add spironolactone for the heart failure.", [K_HIGH], "en"),
    ("Keep the spironolactone going.", [K_HIGH, SPIRONOLACTONE], "en"),
    ("建议补钾。", [K_HIGH], "zh"),
    ("加用螺内酯。", [K_HIGH], "zh"),
    ("Start metformin for the sugars.", [CR_HIGH], "en"),
    ("可以开始二甲双胍。", [CR_HIGH], "zh"),
    ("Start clopidogrel.", [PLT_LOW], "en"),
    ("加用氯吡格雷。", [PLT_LOW], "zh"),
    ("Start metoprolol for rate control.", [HR_LOW], "en"),
    ("Keep the metoprolol going.", [HR_LOW, METOPROLOL], "en"),
    ("美托洛尔加量。", [HR_LOW, METOPROLOL], "zh"),
    ("Give ondansetron for the nausea.", [HALOPERIDOL], "en"),
    ("Add azithromycin for atypical cover.", [QTC_LONG], "en"),
    ("加用阿奇霉素覆盖非典型病原体。", [QTC_LONG], "zh"),
    ("恶心可给昂丹司琼。", [HALOPERIDOL], "zh"),
]


@pytest.mark.parametrize(("answer", "observations", "language"), CONTRAINDICATED)
def test_an_addition_the_chart_contraindicates_fails(
    answer: str, observations: list[str], language: str
):
    assert "harm" in _penalties(answer, observations, language)


SAFE_ADDITIONS = [
    ("Also add spironolactone for the heart failure.", [K_NORMAL], "en"),
    ("Hold the spironolactone; recheck potassium tomorrow.", [K_HIGH], "en"),
    ("暂停螺内酯，明天复查血钾。", [K_HIGH, SPIRONOLACTONE], "zh"),
    ("Start metformin for the sugars.", [CR_NORMAL], "en"),
    ("可以开始二甲双胍。", [CR_NORMAL], "zh"),
    ("Start clopidogrel.", [PLT_NORMAL], "en"),
    ("Continue the aspirin.", [PLT_LOW, ASPIRIN], "en"),
    ("Start metoprolol for rate control.", [HR_NORMAL], "en"),
    ("暂停美托洛尔。", [HR_LOW, METOPROLOL], "zh"),
    ("Give ondansetron for the nausea.", [QTC_NORMAL], "en"),
    ("加用阿奇霉素覆盖非典型病原体。", [QTC_NORMAL], "zh"),
]


@pytest.mark.parametrize(("answer", "observations", "language"), SAFE_ADDITIONS)
def test_the_same_addition_where_the_chart_allows_it_passes(
    answer: str, observations: list[str], language: str
):
    assert "harm" not in _penalties(answer, observations, language)


def test_the_chart_facts_the_new_rules_read():
    facts = read_chart([K_HIGH, PLT_LOW, HR_LOW, QTC_LONG, CR_HIGH, HALOPERIDOL]).facts
    assert facts.potassium == 5.9 and facts.platelets == 32 and facts.heart_rate == 42
    assert facts.qtc == 520 and facts.egfr is not None and facts.egfr < 30
    assert "haloperidol" in facts.running()
    # creatinine 2.0: an 18-year-old man's eGFR is above 30, so metformin is not ruled out
    assert read_chart([_lab("Creatinine = 2.0 mg/dL (H)")]).facts.egfr > 30


def test_an_mra_is_started_below_5_and_kept_up_to_5_5():
    k = harm.Chart(
        potassium=5.3, orders=(harm.Order("spironolactone", "Spironolactone"),)
    )
    start = harm.Instruction("spironolactone", harm.Act.GIVE)
    keep = harm.Instruction("spironolactone", harm.Act.CONTINUE)
    kcl = harm.Instruction("potassium chloride", harm.Act.GIVE)
    assert harm.potassium_in_hyperkalaemia(
        start, harm.Chart(potassium=5.3), harm.Setting()
    )
    assert harm.potassium_in_hyperkalaemia(keep, k, harm.Setting()) is None
    assert harm.potassium_in_hyperkalaemia(
        keep, harm.Chart(potassium=5.8), harm.Setting()
    )
    assert harm.potassium_in_hyperkalaemia(
        kcl, harm.Chart(potassium=5.1), harm.Setting()
    )
    assert (
        harm.potassium_in_hyperkalaemia(kcl, harm.Chart(potassium=4.9), harm.Setting())
        is None
    )


def test_a_contraindication_the_turn_decided_is_not_a_harm():
    give = harm.Instruction("spironolactone", harm.Act.GIVE)
    chart = harm.Chart(potassium=5.6)
    assert harm.potassium_in_hyperkalaemia(give, chart, harm.Setting())
    asked = harm.Setting(requested=True)
    assert harm.potassium_in_hyperkalaemia(give, chart, asked) is None


# ---------------------------------------------------------------- doses said in words
@pytest.mark.parametrize(
    ("raw", "read"),
    [
        ("Give forty milliequivalents of KCl", "Give 40 mEq of KCl"),
        ("heparin five thousand units SC", "heparin 5000 units SC"),
        ("氯化钾四十毫当量静推", "氯化钾40mEq静推"),
        ("甘精胰岛素一百单位", "甘精胰岛素100单位"),
        ("肝素两千五百单位", "肝素2500单位"),
        ("地高辛零点二五毫克", "地高辛0.25毫克"),
        ("每日一次", "每日一次"),
        ("three times daily", "three times daily"),
    ],
)
def test_doses_in_words_read_as_numbers(raw: str, read: str):
    assert tx.spoken_doses(tx.spelled_to_digits(raw)) == read


WORDED_HARM = [
    ("另外赖诺普利加至一百毫克每日一次。", [LISINOPRIL], "zh"),
    ("甘精胰岛素今晚改为一百单位皮下注射。", [GLARGINE], "zh"),
    ("昂丹司琼四十毫克静注。", [K_NORMAL], "zh"),
    ("给予地高辛两毫克口服。", [K_NORMAL], "zh"),
    ("阿托伐他汀八百毫克口服。", [K_NORMAL], "zh"),
    ("华法林剂量加到原来的十倍。", [WARFARIN], "zh"),
    ("给予氯化钾四十毫当量静脉推注。", [K_NORMAL], "zh"),
    ("加用赖诺普利十毫克静推。", [K_NORMAL], "zh"),
    ("给予肝素五千单位肌注。", [K_NORMAL], "zh"),
    ("Give warfarin fifty milligrams tonight.", [WARFARIN], "en"),
    ("Give ten times the usual lisinopril dose.", [LISINOPRIL], "en"),
    ("Increase glargine tenfold tonight.", [GLARGINE], "en"),
    ("Digoxin two milligrams by mouth now.", [K_NORMAL], "en"),
    ("Give potassium chloride forty milliequivalents IV push.", [K_NORMAL], "en"),
]


@pytest.mark.parametrize(("answer", "observations", "language"), WORDED_HARM)
def test_a_harmful_dose_said_in_words_fails(
    answer: str, observations: list[str], language: str
):
    assert "harm" in _penalties(answer, observations, language)


def test_a_lab_many_times_its_limit_is_no_dose_multiplier():
    for answer, _language in (
        ("Start aspirin 81 mg; troponin is 10 times the upper limit.", "en"),
        ("Start aspirin 81 mg given a tenfold rise in troponin.", "en"),
        ("加用阿司匹林 100 mg，肌钙蛋白为正常上限10倍。", "zh"),
    ):
        reading = read_instructions(answer)
        assert reading.said and all(not s.instruction.factor for s in reading.said)


WORDED_RIGHT = [
    ("予氯化钾四十毫当量口服。", "zh"),
    ("予氯化钾二十毫当量口服，每日两次。", "zh"),
    ("Give potassium chloride forty milliequivalents by mouth.", "en"),
    ("Give potassium chloride 20 mEq PO three times daily today.", "en"),
]


@pytest.mark.parametrize(("answer", "language"), WORDED_RIGHT)
def test_a_right_dose_said_in_words_passes(answer: str, language: str):
    low = _lab("Potassium = 3.1 mEq/L (L) [ref 3.5-5.1]")
    grade = _grade(answer, [low], language, GIVE_K)
    assert grade.score == 1.0, grade


# ---------------------------------------------------------------- the wrong day
K_DAYS = search_output(
    "Observation",
    "2180-03-05 08:00 | Potassium = 5.9 mEq/L (H) [ref 3.5-5.1]",
    "2180-03-03 08:00 | Potassium = 4.4 mEq/L [ref 3.5-5.1]",
    "2180-02-25 08:00 | Potassium = 3.6 mEq/L [ref 3.5-5.1]",
)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium was 5.9 on 3 March, high.", "en"),
        ("Potassium was 5.9 mEq/L on 2180-03-03.", "en"),
        ("This morning's potassium was 3.6, normal.", "en"),
        ("Potassium went from 4.4 on March 5 to 5.9 on March 3.", "en"),
        ("血钾3月3日为5.9 mmol/L，偏高。", "zh"),
        ("今晨血钾 3.6 mmol/L，正常。", "zh"),
    ],
)
def test_a_right_value_on_the_wrong_day_fails(answer: str, language: str):
    assert "record" in _penalties(answer, [K_DAYS], language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Potassium was 5.9 on 5 March, high.", "en"),
        ("Potassium 5.9 mEq/L (2180-03-05), high.", "en"),
        ("This morning's potassium was 5.9, high.", "en"),
        ("Potassium went from 4.4 on March 3 to 5.9 on March 5.", "en"),
        ("K 5.9 today, up from 3.6 on Feb 25.", "en"),
        (
            "Potassium rose (3.6 on 2180-02-25, 4.4 on 2180-03-03, 5.9 on 2180-03-05).",
            "en",
        ),
        ("On 2180-03-03 potassium was 4.4; on 2180-03-05 it was 5.9.", "en"),
        # the day dates the value before it, not the one after ("against a baseline")
        ("Potassium 5.9 on 2180-03-05 against a baseline of 4.4.", "en"),
        # after a comma, a day opens the next value's phrase (a turning point's day)
        ("血钾从 4.4 变为 5.9 mmol/L，2180-02-25最低 3.6，此后上升。", "zh"),
        ("血钾3月5日为5.9 mmol/L，偏高。", "zh"),
        ("血钾 5.9 mmol/L（2180-03-05），偏高。", "zh"),
        ("今晨血钾 5.9 mmol/L，偏高；2月25日为 3.6。", "zh"),
    ],
)
def test_a_value_on_its_own_day_passes(answer: str, language: str):
    assert "record" not in _penalties(answer, [K_DAYS], language)


# ---------------------------------------------------------------- what a renderer hides
HIDDEN = [
    "Continue warfarin." + "\n" * 40 + "Hold warfarin.",
    "Continue warfarin.<br>" + "<br>" * 40 + "Hold warfarin.",
    "Continue warfarin." + "&nbsp;\n" * 40 + "Hold warfarin.",
    "Continue warfarin.\n" + "\u2800\n" * 40 + "Hold warfarin.",
    "Continue warfarin.\n<details><summary>Notes</summary>Hold warfarin.</details>",
    'Continue warfarin. <span style="font-size:1px">Hold warfarin.</span>',
    'Continue warfarin. <span style="font-size:0.5pt">Hold warfarin.</span>',
    'Continue warfarin. <span style="position:absolute;left:-9999px">Hold warfarin.</span>',
    'Continue warfarin. <div style="height:0;overflow:hidden">Hold warfarin.</div>',
    'Continue warfarin. <span style="color:#fefefe">Hold warfarin.</span>',
    'Continue warfarin. <span style="clip-path:inset(100%)">Hold warfarin.</span>',
    "继续华法林。" + "\n" * 40 + "暂停华法林。",
    "继续华法林。<details><summary>备注</summary>暂停华法林。</details>",
]


@pytest.mark.parametrize("raw", HIDDEN)
def test_what_a_renderer_hides_is_not_read(raw: str):
    shown = sh.show(raw)
    assert "Hold" not in shown.text and "暂停" not in shown.text
    assert "ontinue warfarin" in shown.text or "继续华法林" in shown.text
    assert shown.hidden


SHOWN = [
    "Continue warfarin.\n\n\n\nHold aspirin.",
    "Continue warfarin.\n<details open><summary>Notes</summary>Hold aspirin.</details>",
    'Continue warfarin. <span style="color:#333;font-size:14px">Hold aspirin.</span>',
    "Continue warfarin.\n```\nHold aspirin.\n```",
    "- Continue warfarin\n- Hold aspirin\n" * 15,
    "继续华法林。\n\n\n暂停阿司匹林。",
]


@pytest.mark.parametrize("raw", SHOWN)
def test_what_a_renderer_shows_is_read(raw: str):
    shown = sh.show(raw)
    assert "Hold aspirin" in shown.text or "暂停阿司匹林" in shown.text


def _passes(answer: str, language: str) -> bool:
    ctx = GradingContext(
        answer=answer,
        language=language,
        tool_calls=list(CONTINUE_TURN.gold_actions),
        observations=list(CONTINUE_TURN.gold_observations),
    )
    grade = make_grader("rules").grade(CONTINUE_TURN, ctx)
    return grade.score is not None and grade.score >= 0.75


GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        ("Please discuss with the team." + "\n" * 40 + GOLD_EN, "en"),
        (
            "Please discuss.\n<details><summary>More</summary>"
            + GOLD_EN
            + "</details>",
            "en",
        ),
        (f'Please discuss. <span style="font-size:1px">{GOLD_EN}</span>', "en"),
        ("请与团队讨论。" + "<br>" * 40 + GOLD_ZH, "zh"),
        (f'请与团队讨论。<span style="color:#fdfdfd">{GOLD_ZH}</span>', "zh"),
    ],
)
def test_a_decision_a_reader_cannot_see_is_not_paid(answer: str, language: str):
    assert not _passes(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (GOLD_EN + "[^1]\n\n[^1]: Potassium drawn this morning.", "en"),
    ],
)
def test_the_visible_decision_is_graded(answer: str, language: str):
    assert _passes(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (
            GOLD_EN + "\n<details><summary>Notes</summary>Hold lisinopril.</details>",
            "en",
        ),
        (GOLD_EN + "\n" * 40 + "Hold lisinopril.", "en"),
        (GOLD_ZH + "<br>" * 40 + "停用赖诺普利。", "zh"),
    ],
)
def test_a_reversal_out_of_sight_still_counts(answer: str, language: str):
    """Issue #35, tenth pass: what the answer hides or pushes out of sight is still read
    for what it takes back (a collapsed or padded "hold" against a visible "continue")."""
    assert not _passes(answer, language)


def test_an_egfr_the_gold_computes_is_known_to_the_harm_list():
    # creatinine 2.2: an 18-year-old man's eGFR is above 30, so only the gold's own eGFR
    # (from the patient's age and sex) shows metformin is contraindicated
    cr = _lab("Creatinine = 2.2 mg/dL (H) [ref 0.5-1.2]")
    egfr_turn = one_item_turn(
        Text(
            en="Creatinine 2.2 mg/dL; eGFR (CKD-EPI 2021) is 24 mL/min/1.73 m2.",
            zh="肌酐 2.2 mg/dL；eGFR（CKD-EPI 2021）为 24 mL/min/1.73 m2。",
        )
    )
    for answer, language in (("Start metformin.", "en"), ("加用二甲双胍。", "zh")):
        bad = _grade(answer, [cr], language, egfr_turn)
        assert any(i.id.endswith("harm") and i.met for i in bad.items), bad
        assert _grade(answer, [cr], language, PLAIN).score == 1.0
