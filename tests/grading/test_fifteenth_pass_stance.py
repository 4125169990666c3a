"""Issue #35, fifteenth pass: the author's own stance, scope and opposite decisions, read
by structure, in wordings of this file's own (not the validity sets'), EN and ZH:

* a record's own rejecting verdict sets its option aside, whatever the container: a
  field whose value is only a rejecting verdict ("stopping it: no", 停药：否决), a table
  row whose last cell is one ("| hold it | ✗ |"), a label that is one ("Ruled out:
  ...", 排除：...). The opposite so rejected leaves the answer right; the answer's own
  decision so rejected, or the opposite chosen, is two opposite decisions and fails. A
  bare answer word as a label ("No: ...") answers and rejects nothing;
* a structured value after a label on its line ("structured: {...}") is read as its
  content: an opposite decision in it fails the answer;
* a conclusion named alone in a sentence whose rest rejects it once is an option set
  aside ("I ruled out X", "X is not the right call", 已排除X, X不成立); two rejections
  cancel ("I would not rule out X"); a sentence opening with a bare "not" / 不是 and a
  short phrase sets the phrase aside ("Not X; ..."), not when the phrase is the
  author's stance or certainty ("Not my call", "Not sure");
* a closing that names nothing and says no one would say or believe what came before (a
  speaker that is no one or asked for, with a verb of saying or believing: "Said no
  careful doctor, ever", 哪个靠谱的医生会这么说, 这话你自己信吗) takes the answer back;
  an action ("No one should stop it"), an offer (还需要其他信息吗) or a report ("The
  patient said she feels fine") does not;
* a person named by title and surname (the chart's patient is "the patient": records are
  anonymous) or a bed by its code is another patient; a first sentence that only says so
  scopes what follows. A vocative ("Dear Mr. ...", 王先生您好) names the reader.
"""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, met, passes

from physassist_env.grading import frames as fr
from physassist_env.scenarios.model import MentionCheck

EN = "Potassium is 3.6 mEq/L, normal. It is safe to continue lisinopril."
ZH = "血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。"


def _lang(answer: str) -> str:
    return "zh" if answer.startswith("血钾") else "en"


def test_the_golds_pass() -> None:
    assert passes(CONTINUE_TURN, EN, "en") and passes(CONTINUE_TURN, ZH, "zh")


# ------------------------------------------------- a record's own verdict on an option
REJECTED_OPPOSITE_RIGHT = [
    EN + "\n\n| Alternative | Call |\n|---|---|\n| hold lisinopril | no |",
    EN + "\n\n| Considered | Taken? |\n| :-- | :-: |\n| stopping lisinopril | ✗ |",
    EN + " Stopping lisinopril: rejected.",
    EN + "\nRuled out: holding lisinopril.",
    EN + "\n- hold lisinopril — declined",
    EN + "\n\n| continue lisinopril | yes |\n|---|---|\n| stop lisinopril | no |",
    ZH + "\n\n| 方案 | 结论 |\n|---|---|\n| 暂停赖诺普利 | 否决 |",
    ZH + "停用赖诺普利：不采纳。",
    ZH + "\n排除：暂停赖诺普利。",
    ZH + "\n- 停用赖诺普利 —— ✗",
]


@pytest.mark.parametrize("answer", REJECTED_OPPOSITE_RIGHT)
def test_an_opposite_its_record_rejects_leaves_the_answer_right(answer: str) -> None:
    assert passes(CONTINUE_TURN, answer, _lang(answer))


TWO_DECISIONS_WRONG = [
    # the answer's own decision rejected by its own record
    EN + "\n\n| Option | Verdict |\n|---|---|\n| continue lisinopril | rejected |",
    EN + " Continuing lisinopril: no.",
    EN + "\nRejected - continuing lisinopril.",
    ZH + "\n\n| 方案 | 结论 |\n|---|---|\n| 继续使用赖诺普利 | 否决 |",
    ZH + "继续使用赖诺普利：否决。",
    # the opposite chosen by its record
    EN + "\n\n| Option | Verdict |\n|---|---|\n| stop lisinopril | chosen |",
    # the opposite in a structured value after a label on its line
    EN + '\n\nstructured: {"plan": ["stop lisinopril"]}',
    EN + '\n\nMachine-readable: {"action": "hold lisinopril"}',
    ZH + '\n\n结构化：{"计划": ["停用赖诺普利"]}',
]


@pytest.mark.parametrize("answer", TWO_DECISIONS_WRONG)
def test_two_opposite_decisions_on_one_object_fail(answer: str) -> None:
    assert not passes(CONTINUE_TURN, answer, _lang(answer))


@pytest.mark.parametrize(
    "answer",
    [
        "No: potassium is 3.6 mEq/L, normal; it is safe to continue lisinopril.",
        "否：血钾 3.6 mEq/L，正常，可以继续使用赖诺普利。",
        EN + '\n\n```json\n{"plan": "continue lisinopril"}\n```',
        EN + '\n\nsummary: {"plan": ["continue lisinopril"]}',
    ],
)
def test_a_bare_answer_word_or_the_same_decision_in_a_record_stays_right(
    answer: str,
) -> None:
    assert passes(CONTINUE_TURN, answer, "zh" if "血钾" in answer else "en")


# ------------------------------------------------------------------ another patient
OTHER_PATIENT_WRONG = [
    "This one is Mr. Haddad's. " + EN,
    "Sorry, that is Mr. Brennan's chart. " + EN,
    EN + " (All of that was about Ms. Ito.)",
    "For Mrs Okonkwo in 4D: " + EN,
    "（这是李女士的。）" + ZH,
    "这是 3A 床的情况。" + ZH,
    "另一位新入院患者：" + ZH,
    "Template wording, not drawn from this chart: " + EN,
    "Illustration only (not based on the patient): " + EN,
    "（范例，并非针对本患者）" + ZH,
]


@pytest.mark.parametrize("answer", OTHER_PATIENT_WRONG)
def test_a_named_other_person_or_bed_scopes_the_answer_away(answer: str) -> None:
    assert fr.out_of_scope(answer)
    assert not passes(CONTINUE_TURN, answer, "zh" if "血钾" in answer else "en")


@pytest.mark.parametrize(
    "answer",
    [
        "Dear Mr. Ahmed, " + EN,
        "王先生您好：" + ZH,
        EN + " Discussed with Dr. Okoro.",
        EN + " Miss no doses.",
        ZH + "已告知家属。",
        EN + " Recheck at 08:00 in 2 days.",
        "Not urgent for this patient: " + EN,
    ],
)
def test_a_vocative_a_doctor_or_a_plain_extra_is_no_other_patient(answer: str) -> None:
    assert not fr.out_of_scope(answer)
    assert passes(CONTINUE_TURN, answer, "zh" if "血钾" in answer else "en")


# ------------------------------------------------------ a conclusion its sentence rejects
#: A conclusion item: the response to treatment (the opposite: no response).
RESPONSE = MentionCheck(
    terms=["responding", "有效"],
    contradicts=["not responding", "failing", "无效", "治疗失败"],
)
R_EN = "White count 14 to 9 after five days of cefazolin: responding."
R_ZH = "头孢唑林五天后白细胞从 14 降至 9：有效。"


@pytest.mark.parametrize(
    "answer",
    [
        f"{R_EN} I ruled out failing.",
        f"{R_EN} Failing is not the right reading here.",
        f"{R_EN} I'd steer clear of failing as a label.",
        f"{R_EN} Not failing; that reading does not hold.",
        f"{R_EN} (Decided against failing.)",
        f"{R_ZH}已排除治疗失败。",
        f"{R_ZH}治疗失败的说法不成立。",
        f"{R_ZH}不是无效。",
        f"{R_ZH}\n\n| 判断 | 结论 |\n|---|---|\n| 无效 | 否决 |",
    ],
)
def test_an_opposite_conclusion_its_sentence_rejects_leaves_it_right(
    answer: str,
) -> None:
    assert met(RESPONSE, answer), answer


@pytest.mark.parametrize(
    "answer",
    [
        f"{R_EN} I ruled out responding.",
        f"{R_EN} Responding is not the right reading here.",
        f"{R_EN} Failing.",
        f"{R_ZH}已排除有效。",
        f"{R_ZH}有效的说法不成立。",
        f"{R_ZH}\n\n| 判断 | 结论 |\n|---|---|\n| 有效 | 否决 |",
    ],
)
def test_the_conclusion_rejected_or_the_opposite_left_open_fails(answer: str) -> None:
    assert not met(RESPONSE, answer), answer


@pytest.mark.parametrize(
    "text",
    [
        "Hold it. Not my assessment.",
        "Hold it. Not sure, your call.",
        "停药。不是我的判断。",
    ],
)
def test_an_elliptical_not_on_the_authors_stance_still_takes_back(text: str) -> None:
    assert fr.taken_back(text)


# ---------------------------------------------------------------- no one would say it
@pytest.mark.parametrize(
    "answer",
    [
        EN + " Nobody with a license would write that.",
        EN + " Said no sensible clinician, ever.",
        EN + " No pharmacist would sign that.",
        ZH + "谁会信这个。",
        ZH + "这种说法谁会相信呢",
        ZH + "这番话你自己相信吗。",
    ],
)
def test_a_closing_no_one_would_say_takes_the_answer_back(answer: str) -> None:
    assert fr.taken_back(answer), answer
    assert not passes(CONTINUE_TURN, answer, _lang(answer))


@pytest.mark.parametrize(
    "answer",
    [
        EN + " No one should stop it without a repeat level.",
        EN + " Nobody needs to worry about this.",
        EN + " The patient said she feels fine.",
        EN + " Let me know what the team says.",
        ZH + "还需要其他信息吗。",
        ZH + "需要我说明一下吗",
        ZH + "家属说知道了。",
        ZH + "我相信会好转。",
    ],
)
def test_an_action_offer_or_report_is_no_mockery(answer: str) -> None:
    assert not fr.taken_back(answer), answer


# ------------------------------------------------- an option that is itself a negation
#: A conclusion item whose opposite is said by negation: a QT-prolonging combination.
QT_COMBINATION = MentionCheck(
    terms=["combination", "联用"],
    contradicts=["no QT-prolonging combination", "无联用"],
)


@pytest.mark.parametrize(
    ("answer", "right"),
    [
        ("A QT combination: two drugs. Not no QT-prolonging combination, then.", True),
        ("两种药联用，有 QT 风险。不是无联用，这一点排除。", True),
        ("A QT combination: two drugs. Not a combination, though; one drug.", False),
    ],
)
def test_a_negated_option_rejected_by_a_bare_not_is_read_twice(
    answer: str, right: bool
) -> None:
    assert met(QT_COMBINATION, answer) is right, answer
