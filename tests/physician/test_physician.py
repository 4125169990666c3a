"""Physician simulator: turn delivery, clarifications, stop check."""

from __future__ import annotations

import pytest

from physassist_env.physician import Implicitness, PhysicianSimulator, TurnRequest

TURNS = [
    TurnRequest(
        explicit_en="What is the latest potassium?", explicit_zh="最近一次血钾是多少？"
    ),
    TurnRequest(
        explicit_en="Is the creatinine also rising?",
        explicit_zh="肌酐也在升高吗？",
        implicit_en="And the creatinine?",
        implicit_zh="那肌酐呢？",
        implicitness=Implicitness.PE,
    ),
    TurnRequest(
        explicit_en="Should lisinopril be held given the potassium and creatinine?",
        explicit_zh="鉴于血钾和肌酐，应该停用赖诺普利吗？",
        implicit_en="Given all that, hold it?",
        implicit_zh="综合来看，要停吗？",
        implicitness=Implicitness.AE,
        answer_in_record=False,
    ),
]


@pytest.mark.parametrize("language", ["en", "zh"])
def test_turns_in_order_then_stop(language: str) -> None:
    sim = PhysicianSimulator(TURNS, language=language)
    state = sim.initial_state()
    said = []
    while True:
        msg, state = sim.next_request(state)
        if msg is None:
            break
        said.append(msg)
    assert said == [t.text(language) for t in TURNS]
    assert said[1] == (
        TURNS[1].implicit_zh if language == "zh" else TURNS[1].implicit_en
    )
    assert sim.is_done(state)
    assert sim.next_request(state)[0] is None


def test_explicit_ablation_and_clarifications() -> None:
    sim = PhysicianSimulator(TURNS, implicit=False)
    state = sim.initial_state()
    reply, state = sim.ask_physician("which one?", state)
    assert "no open request" in reply and state.clarifications == []
    msg, state = sim.next_request(state)
    msg, state = sim.next_request(state)
    assert msg == "Is the creatinine also rising?"
    reply, state = sim.ask_physician("Do you mean the creatinine trend?", state)
    assert "check the chart" in reply and "Is the creatinine also rising?" in reply
    msg, state = sim.next_request(state)
    reply, state = sim.ask_physician("hold what?", state)
    reply, state = sim.ask_physician("sorry?", state)
    assert reply.startswith("To be clear") and "lisinopril" in reply
    assert state.clarifications == [0, 1, 2]
    assert not sim.is_done(state)


def test_implicit_clarification_gives_explicit_paraphrase_zh() -> None:
    sim = PhysicianSimulator(TURNS, language="zh")
    state = sim.next_request(sim.initial_state())[1]
    msg, state = sim.next_request(state)
    assert msg == "那肌酐呢？"
    reply, _ = sim.ask_physician("您指的是什么？", state)
    assert "肌酐也在升高吗？" in reply and "病历" in reply


def test_bad_configuration() -> None:
    with pytest.raises(ValueError, match="at least one"):
        PhysicianSimulator([])
    with pytest.raises(ValueError, match="'fr'"):
        PhysicianSimulator(TURNS, language="fr")
