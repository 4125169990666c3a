"""Scripted patient: labelled evaluation set (precision/recall, withheld leaks), consistency, voice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from patient_fixtures import RECORDS, fixture_memory

from physassist_env.patient import PatientState, ScriptedPatient

EVAL = Path(__file__).with_name("data") / "interview_eval.json"
HELDOUT = Path(__file__).with_name("data") / "interview_heldout.json"


def evaluate(path: Path = EVAL) -> dict[str, float]:
    """Micro precision/recall of fact selection and the untargeted withheld-reveal rate."""
    items = json.loads(path.read_text(encoding="utf-8"))["items"]
    patients = {pid: ScriptedPatient(fixture_memory(pid)) for pid in RECORDS}
    tp = fp = fn = leaks = untargeted = 0
    for it in items:
        p = patients[it["patient"]]
        reply, _ = p.answer(it["tool"], it["arguments"], p.initial_state())
        got, exp = set(reply.fact_ids), set(it["expected"])
        tp, fp, fn = tp + len(got & exp), fp + len(got - exp), fn + len(exp - got)
        if not it["targets_withheld"]:
            untargeted += 1
            withheld = {f.id for f in p.memory.facts if f.withheld}
            leaks += bool((got - exp) & withheld)
        assert reply.knows == bool(got)
    return {
        "n": len(items),
        "precision": tp / max(1, tp + fp),
        "recall": tp / max(1, tp + fn),
        "withheld_reveal_rate": leaks / max(1, untargeted),
    }


def test_eval_set_shape() -> None:
    items = json.loads(EVAL.read_text(encoding="utf-8"))["items"]
    assert len(items) >= 200
    kinds = {it["kind"] for it in items}
    assert {
        "vague",
        "paraphrase",
        "zh",
        "no_answer",
        "targeted",
        "untargeted",
        "tool",
    } <= kinds
    assert (
        sum(
            any(
                "\u4e00" <= ch <= "\u9fff"
                for ch in json.dumps(it["arguments"], ensure_ascii=False)
            )
            for it in items
        )
        >= 50
    )
    for it in items:
        memory = fixture_memory(it["patient"])
        for fid in it["expected"]:
            memory.fact(fid)  # every label names a real fact


def test_fact_selection_goals() -> None:
    m = evaluate()
    assert m["precision"] >= 0.9, m
    assert m["recall"] >= 0.9, m
    assert m["withheld_reveal_rate"] == 0, m


def test_heldout_questions() -> None:
    """Questions never used for tuning: measured 0.78 precision / 0.79 recall; no withheld leak allowed."""
    m = evaluate(HELDOUT)
    assert m["withheld_reveal_rate"] == 0, m
    assert m["precision"] >= 0.7 and m["recall"] >= 0.7, m


def test_withheld_needs_a_targeted_question() -> None:
    p = ScriptedPatient(fixture_memory("hf1"))
    s = p.initial_state()
    for q in (
        "What medications do you take?",
        "Tell me about your lisinopril.",
        "Do you miss any doses of your pills?",
        "Tell me about your habits.",
    ):
        r, s = p.answer("ask_patient", {"question": q}, s)
        assert (
            "med:lisinopril:adherence" not in r.fact_ids
            and "soc:alcohol" not in r.fact_ids
        ), q
    r, s = p.answer(
        "ask_patient", {"question": "Have you stopped taking your lisinopril?"}, s
    )
    assert r.fact_ids == ["med:lisinopril:adherence"] and "cough" in r.text


def test_consistent_within_session_and_deterministic() -> None:
    p = ScriptedPatient(fixture_memory("hf1"))
    s = PatientState()
    first, s = p.answer("ask_patient", {"question": "Do you smoke?"}, s)
    again, s = p.answer("ask_patient", {"question": "Do you smoke?"}, s)
    assert again.fact_ids == first.fact_ids and again.text.startswith("Like I said")
    assert s.said == ["soc:smoking"] and s.turns == 2
    other = ScriptedPatient(fixture_memory("hf1"))
    assert (
        other.answer("ask_patient", {"question": "Do you smoke?"}, PatientState())[0]
        == first
    )


def test_tool_targeting_does_not_leak_into_later_questions() -> None:
    p = ScriptedPatient(fixture_memory("hf1"))
    r, s = p.answer(
        "medication_adherence", {"medication": "lisinopril"}, p.initial_state()
    )
    assert "med:lisinopril:adherence" in r.fact_ids
    r, _ = p.answer("ask_patient", {"question": "lisinopril"}, p.initial_state())
    assert r.fact_ids == ["med:lisinopril:regimen"]


def test_state_is_not_mutated() -> None:
    p = ScriptedPatient(fixture_memory("hf1"))
    s = PatientState()
    _, s2 = p.answer("social_history", {}, s)
    assert s.said == [] and s.turns == 0 and s2.turns == 1


@pytest.mark.parametrize(
    ("question", "language", "needle"),
    [
        ("Any allergies?", "en", "penicillin"),
        ("你对什么药过敏吗？", "zh", "青霉素"),
        ("Do you have any pets?", "en", "know"),
        ("你养宠物吗？", "zh", "不"),
    ],
)
def test_language_and_dont_know(question: str, language: str, needle: str) -> None:
    p = ScriptedPatient(fixture_memory("hf1"))
    r, _ = p.answer("ask_patient", {"question": question}, p.initial_state())
    assert r.language == language and needle in r.text


def test_voice_follows_persona() -> None:
    low = ScriptedPatient(fixture_memory("pna1"))  # low literacy, high anxiety
    r, _ = low.answer(
        "ask_patient",
        {"question": "What brought you to the hospital?"},
        low.initial_state(),
    )
    assert (
        r.text.startswith("Honestly, it scares me")
        and "a cough" not in r.text
        and "coughing" in r.text
    )
    for fid in r.fact_ids:
        assert low.memory.fact(fid).en[2] in r.text
