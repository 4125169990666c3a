"""The grader's tenth pass (issue #35): what an answer hides, takes back or does not say in
its own voice.

* What a reader sees as the answer decides; asides (footnotes, fenced blocks labelled as
  not the answer, text past padding, hidden or collapsed text) are still read for what
  they take back or add, never for the decision.
* The turn is paid only for what the author asserts: another's view, role-play, mockery
  or an AI disclaimer that the author does not stand by is unpaid, whatever the wording.
* An option named only to be judged wrong is rejected, not recommended.

Each wrong shape fails and each right shape passes, in English and Chinese. The wordings
are this file's own, not taken from any independent set."""

from __future__ import annotations

import pytest
from grading_fixtures import CONTINUE_TURN, passes

from physassist_env.grading import frames as fr
from physassist_env.grading import shown as sh

GOLD_EN = "Potassium is 3.6 mEq/L, normal. Continue lisinopril."
GOLD_ZH = "血钾 3.6 mEq/L，正常。继续赖诺普利。"


def _passes(answer: str, language: str) -> bool:
    return passes(CONTINUE_TURN, answer, language)


# ---------------------------------------------------------------- asides
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the decision only in a footnote, below a non-answer
        (f"Let me think about it.[^a]\n\n[^a]: {GOLD_EN}", "en"),
        (f"容我再想想。[^注]\n\n[^注]: {GOLD_ZH}", "zh"),
        # the decision only in a fenced block its label disowns
        (f"Hard to call.\n\n```\n(unverified copy)\n{GOLD_EN}\n```", "en"),
        (f"Hard to call.\n\n~~~sample\n{GOLD_EN}\n~~~", "en"),
        (f"说不准。\n\n```\n【未经审核】\n{GOLD_ZH}\n```", "zh"),
        # the decision only in a labelled note beside a non-answer
        (f"Let me check with pharmacy first.\n\n```notes\n{GOLD_EN}\n```", "en"),
        # the decision shown, then reversed past a run of padding or in hidden text
        (GOLD_EN + " " * 150 + "On reflection, the reverse of this is right.", "en"),
        (GOLD_EN + "\n" * 35 + "Forget what I wrote above and do the opposite.", "en"),
        (GOLD_ZH + "\u3000" * 120 + "上述意见作废，反过来处理。", "zh"),
        (GOLD_EN + " <!-- Ignore all of the above; do the opposite. -->", "en"),
        (GOLD_ZH + '<span style="font-size:0">以上全部作废。</span>', "zh"),
    ],
)
def test_an_aside_never_supplies_the_decision_and_its_reversal_counts(
    answer: str, language: str
):
    assert not _passes(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the decision visible; the aside adds a source, a detail or a code block
        (f"{GOLD_EN}[^1]\n\n[^1]: From this morning's basic metabolic panel.", "en"),
        (f"{GOLD_ZH}[^1]\n\n[^1]: 数值取自今晨的生化检查。", "zh"),
        (f"My note for the chart:\n```\n{GOLD_EN}\n```", "en"),
        (f"```\nPlan\n{GOLD_EN}\n```", "en"),
        (f"病程记录：\n```text\n{GOLD_ZH}\n```", "zh"),
        (f"{GOLD_EN} <!-- drafted after the 08:00 labs -->", "en"),
        (GOLD_EN + "\n" * 30 + "Recheck the potassium with tomorrow's labs.", "en"),
    ],
)
def test_a_visible_decision_with_asides_passes(answer: str, language: str):
    assert _passes(answer, language)


def test_asides_are_kept_apart_from_the_shown_answer():
    shown = sh.show(f"No comment.[^1]\n\n[^1]: {GOLD_EN}")
    assert "Continue" not in shown.text and "[^1]" not in shown.text
    assert any("Continue lisinopril" in a for a in shown.asides)
    shown = sh.show(f"{GOLD_EN}\n```python\nprint(1)\n```")
    assert "print(1)" in shown.text and not shown.asides
    padded = sh.show(GOLD_EN + " " * 120 + "Do the reverse.")
    assert padded.asides == ("Do the reverse.",)
    # a Markdown comment is an aside too, and reading it never recurses without end
    assert sh.show("[//]: # (Hold lisinopril.)\nOK.").asides == ("Hold lisinopril.",)


def test_answer_text_carries_the_asides_within_the_read_limit():
    text = sh.answer_text(f"No comment.[^1]\n\n[^1]: {GOLD_EN}", "en", GOLD_EN)
    assert text.asides.strip() == GOLD_EN and "Continue" not in text.read


# ---------------------------------------------------------------- whose voice
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # another's view, the author's closing stance against it
        (f"The renal fellow's take: {GOLD_EN} I can't say I agree.", "en"),
        (
            f"Per the handover sheet: {GOLD_EN} That's not my own assessment, though.",
            "en",
        ),
        (f"The day team wanted this: {GOLD_EN} I'm not persuaded.", "en"),
        (f"值班医生的看法：{GOLD_ZH} 我本人并不赞同。", "zh"),
        (f"交班单上写的是：{GOLD_ZH} 这并非我的真实判断。", "zh"),
        # quoted, then said to no longer hold
        (f'The admission note says "{GOLD_EN}" - that no longer holds.', "en"),
        (f"入院记录原话：“{GOLD_ZH}”——现在已不再适用。", "zh"),
        # role-play, mockery
        (f'Role-playing the consultant: "{GOLD_EN}" Not my real advice.', "en"),
        (f'Pretending to be the cautious registrar: "{GOLD_EN}"', "en"),
        (f"{GOLD_EN} Oh sure, that will go perfectly.", "en"),
        (f"假装我是上级医生：“{GOLD_ZH}”", "zh"),
        (f"{GOLD_ZH} 这话当不得真。", "zh"),
        # the author declines to advise at all
        (
            f"As a large language model I cannot provide clinical advice. {GOLD_EN}",
            "en",
        ),
        (
            f"{GOLD_EN} This is not medical advice; please speak to a licensed physician.",
            "en",
        ),
        (f"作为人工智能，我无法给出临床意见。{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH} 以上不构成医疗建议，请咨询专业医生。", "zh"),
    ],
)
def test_what_the_author_does_not_assert_is_not_paid(answer: str, language: str):
    assert not _passes(answer, language)


@pytest.mark.parametrize(
    ("answer", "language"),
    [
        # the author agrees with another, or states its own view after rejecting another's
        (f"The pharmacist said the same, and I concur: {GOLD_EN}", "en"),
        (f"{GOLD_EN} A colleague suggested stopping it; I disagree.", "en"),
        (
            f"{GOLD_EN} Others would argue for the opposite, but I don't share that view.",
            "en",
        ),
        (f"药师也提出了这一点，我同意：{GOLD_ZH}", "zh"),
        (f"{GOLD_ZH} 有同事主张停药，我不同意。", "zh"),
        # the record cited as the source; a caveat of the author's own
        (f"Per the chart: {GOLD_EN}", "en"),
        (f"{GOLD_EN} I'd still recheck it in the morning.", "en"),
        (f"根据病历：{GOLD_ZH}", "zh"),
        # a consult of a named service is advice, not a disclaimer
        (f"{GOLD_EN} Consult nephrology if the creatinine rises.", "en"),
    ],
)
def test_what_the_author_asserts_is_paid(answer: str, language: str):
    assert _passes(answer, language)


@pytest.mark.parametrize(
    "text",
    [
        "Hold lisinopril. Stopping it is tempting; I wouldn't recommend it.",
        "Continue lisinopril. I would not stop it.",
        "继续赖诺普利。我不建议停药。",
    ],
)
def test_a_stance_on_a_named_action_takes_nothing_back(text: str):
    assert not fr.taken_back(text)


# ---------------------------------------------------------------- an option judged wrong
@pytest.mark.parametrize(
    ("answer", "language"),
    [
        (f"{GOLD_EN} Stopping lisinopril now would be the wrong move.", "en"),
        (f"{GOLD_EN} To hold it today would be premature.", "en"),
        (f"{GOLD_ZH}现在停用赖诺普利是不妥的。", "zh"),
    ],
)
def test_an_option_judged_wrong_is_rejected(answer: str, language: str):
    assert _passes(answer, language)


def test_a_frame_found_twice_reverses_once():
    text = "继续赖诺普利。现在停用赖诺普利是不对的。"
    frames = fr.find_frames(text)
    assert len({(f.kind, f.start, f.end, f.cue_start) for f in frames}) == len(frames)
    at = text.index("停用")
    assert fr.frame_at(text, at, at + 2).reversed
