"""Issue #35, fifteenth pass: what the reader sees carries the answer.

Each principle has wrong answers that must fail and right ones that must pass, in English
and Chinese, in wordings and shapes of our own (none of the validity sets'):

* a footnote may support the answer, never carry it: a paragraph at the foot that opens
  with a superscript (``¹``, ``†``, ``<sup>b</sup>``, cited above or not), or below a
  thematic break (``---``), or a lone numbered note under a statement, is an aside;
* the body's own stance wins: prose that states nothing of the patient and neither leads
  into nor points at a plain fenced block under it (a non-answer of any wording) leaves
  the block as material beside the answer, never its decision; prose that introduces
  the block, or states something itself, keeps it shown;
* an answer whose every statement is a row pasted from the tool output, its own words
  stating nothing, is a dump of the record: it answers nothing.
"""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, passes, search_output

from physassist_env.grading.shown import dump_problem, show

EN = "Potassium is 3.6 mEq/L, normal. It is safe to continue lisinopril."
ZH = "血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。"


# ------------------------------------------------------------------ footnotes
@pytest.mark.parametrize(
    "answer,language",
    [
        (f"Nothing firm from me tonight.\n\n<sup>b</sup> {EN}", "en"),
        (f"Honestly, I'd rather not commit.<sup>1</sup>\n\n<sup>1</sup> {EN}", "en"),
        (f"Waiting on the team.\n\n---\n\n¹ {EN}", "en"),
        (f"I'll hold off for now.³\n\n___\n³ {EN}", "en"),
        (f"Still thinking it over.\n\n‡ {EN}", "en"),
        (f"Nothing to add from my side.\n\n[2] {EN}", "en"),
        (f"Ask me again after rounds.\n\n(1) copied from the handover: {EN}", "en"),
        (f"晚点再说吧。\n\n<sup>乙</sup> {ZH}", "zh"),
        (f"我先不表态。\n\n---\n² {ZH}", "zh"),
        (f"等查房后再定。\n\n[3] {ZH}", "zh"),
        (f"这个我还要想想。\n\n† {ZH}", "zh"),
    ],
)
def test_the_answer_only_in_a_foot_note_fails(answer: str, language: str) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    "answer,language",
    [
        (f"{EN}<sup>1</sup>\n\n<sup>1</sup> Reference range 3.5-5.1 mEq/L.", "en"),
        (f"{EN}\n\n---\n¹ Source: this morning's chemistry panel.", "en"),
        (f"{EN}\n\n[1] KDIGO 2012 clinical practice guideline.", "en"),
        (f"{EN}\n\n† Lab reference range per the hospital laboratory.", "en"),
        (f"Plan:\n\n(1) {EN}", "en"),
        (f"Plan:\n\n[1] {EN}\n\n[2] Recheck potassium next week.", "en"),
        (f"{ZH}\n\n<sup>注</sup> 参考范围 3.5-5.1。", "zh"),
        (f"{ZH}\n\n---\n¹ 依据：今晨生化结果。", "zh"),
        (f"{ZH}\n\n[1] KDIGO 2012 指南。", "zh"),
    ],
)
def test_a_note_beside_a_shown_answer_passes(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


def test_a_list_is_no_footnote() -> None:
    for text in (
        "Plan:\n\n(1) Hold it.\n\n(2) Recheck tomorrow.",
        "Two things.\n\n[1] Hold it.\n\n[2] Recheck tomorrow.",
        "Hold it.\n\n* Recheck tomorrow.",
    ):
        assert not show(text).asides, text


# ------------------------------------------------------------------ a block beside prose
@pytest.mark.parametrize(
    "answer,language",
    [
        (f"I'd rather not weigh in before rounds.\n\n```\n{EN}\n```", "en"),
        (f"Nothing from me on this yet, sorry.\n```text\n{EN}\n```", "en"),
        (f"Haven't had a chance to review the chart.\n\n~~~\n{EN}\n~~~", "en"),
        (f"```\n{EN}\n```\n\nI'm not going to decide this one today.", "en"),
        (f"Pass - ask the day team please.\n\n```plain\n{EN}\n```", "en"),
        (f"我今天不方便下结论。\n\n```\n{ZH}\n```", "zh"),
        (f"这个问题请问白班团队吧。\n```text\n{ZH}\n```", "zh"),
        (f"```\n{ZH}\n```\n\n我暂时不打算拍板。", "zh"),
    ],
)
def test_a_block_under_a_standalone_stance_fails(answer: str, language: str) -> None:
    assert not passes(CONTINUE_TURN, answer, language), answer


@pytest.mark.parametrize(
    "answer,language",
    [
        (f"```\n{EN}\n```", "en"),
        (f"Sure.\n```\n{EN}\n```", "en"),
        (f"Here's my read of it.\n\n```\n{EN}\n```", "en"),
        (f"Summary below.\n```text\n{EN}\n```", "en"),
        (f"My recommendation\n\n```\n{EN}\n```\n\nSee above.", "en"),
        (f"Recommendation:\n\n```\n{EN}\n```", "en"),
        (f"Labs reviewed, potassium fine.\n\n```\n{EN}\n```", "en"),
        (f"```\n{EN}\n```\n(double-checked on the ward round)", "en"),
        (f"```\n{ZH}\n```\n（查房时已复核）", "zh"),
        (f'Happy to help with this one.\n```json\n{{"plan": "{EN}"}}\n```', "en"),
        (f"好的。\n```\n{ZH}\n```", "zh"),
        (f"结论见下。\n\n```\n{ZH}\n```", "zh"),
        (f"```\n{ZH}\n```\n\n以上是我的意见。", "zh"),
        (f"处理意见：\n```text\n{ZH}\n```", "zh"),
    ],
)
def test_a_block_the_prose_presents_passes(answer: str, language: str) -> None:
    assert passes(CONTINUE_TURN, answer, language), answer


# ------------------------------------------------------------------ pasted rows alone
_OBS = [
    search_output(
        "Flag",
        "2190-03-02 | potassium 3.6 mEq/L on lisinopril: continue with monitoring | active",
    ),
    "Created: 2190-03-02 | cardiology clinic follow-up | active | routine",
]
_ROW = (
    "2190-03-02 | potassium 3.6 mEq/L on lisinopril: continue with monitoring | active"
)
_MADE = "Created: 2190-03-02 | cardiology clinic follow-up | active | routine"


@pytest.mark.parametrize(
    "answer",
    [
        f"{_MADE}",
        f"Tool said:\n{_MADE}\n\nYour call.",
        f"- {_ROW}\n\nThat's what came back.",
        f"{_ROW}\n{_MADE}\n\n以上供参考。",
        f"查询结果如下：\n{_MADE}",
        f"{_MADE}\n\n你自己看吧。",
    ],
)
def test_pasted_rows_alone_are_a_dump(answer: str) -> None:
    assert dump_problem(show(answer).text, "Booked.", _OBS), answer


@pytest.mark.parametrize(
    "answer",
    [
        f"Booked the cardiology follow-up.\n{_MADE}",
        f"{_MADE}\n\nCardiology clinic follow-up booked, routine.",
        f"Potassium 3.6 is normal; continue lisinopril.\n- {_ROW}",
        f"已预约心内科门诊随访（常规）。\n{_MADE}",
        "Cardiology clinic follow-up booked (2190-03-02), routine.",
    ],
)
def test_a_row_beside_the_authors_own_statement_is_no_dump(answer: str) -> None:
    assert not dump_problem(show(answer).text, "Booked.", _OBS), answer
