"""The ``heuristic`` baseline: runs every test session, never sees gold, resolves follow-ups.

It is a template-matching floor: nothing here asserts that it scores near the oracle.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from physassist_env.agents import make_agent
from physassist_env.agents.heuristic import HeuristicAgent
from physassist_env.agents.heuristic.answers import ANSWERS
from physassist_env.env.data import split_data
from physassist_env.evaluation import EvalConfig, run_eval, turn_results

CJK = re.compile(r"[\u4e00-\u9fff]")


def _mean(
    run: Path, dataset: Path, agent: str, languages: list[str]
) -> tuple[float, list[Any]]:
    recs = run_eval(
        EvalConfig(
            run_id=agent,
            dataset=str(dataset),
            agent={"name": agent, "args": {}},
            languages=languages,
        ),
        run,
        progress=False,
    )
    results = turn_results(recs)
    return sum(r.score or 0 for r in results) / len(results), recs


@pytest.fixture(scope="module")
def heuristic_run(
    built_dataset: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, float, list[Any]]:
    run = tmp_path_factory.mktemp("heuristic_run")
    mean, recs = _mean(run, built_dataset, "heuristic", ["en", "zh"])
    return run, mean, recs


def test_runs_every_test_session_in_en_and_zh(
    built_dataset: Path, heuristic_run: tuple[Path, float, list[Any]]
) -> None:
    run, _, recs = heuristic_run
    sessions = split_data(built_dataset, "test").sessions
    assert not (run / "errors.jsonl").exists()
    assert {(r.session_id, r.language) for r in recs} == {
        (s.session_id, lang) for s in sessions for lang in ("en", "zh")
    }
    for rec in recs:
        assert len(rec.turns) == 4
        assert all(t.termination == "answer_given" and t.answer for t in rec.turns)


def test_scores_between_no_tool_and_oracle(
    built_dataset: Path, heuristic_run: tuple[Path, float, list[Any]], tmp_path: Path
) -> None:
    _, heuristic, _ = heuristic_run
    no_tool, _ = _mean(tmp_path / "no_tool", built_dataset, "no-tool", ["en", "zh"])
    oracle, _ = _mean(tmp_path / "oracle", built_dataset, "oracle", ["en", "zh"])
    # a floor that uses the tools: clearly above the no-tool bound, and below the oracle
    # (the test split's phrasing families are unseen by its train-split cue words)
    assert oracle == 1.0
    assert no_tool + 0.3 < heuristic < oracle


def test_answers_in_chinese_for_zh_sessions(
    heuristic_run: tuple[Path, float, list[Any]],
) -> None:
    _, _, recs = heuristic_run
    zh = [t.answer for r in recs if r.language == "zh" for t in r.turns]
    assert zh and all(CJK.search(a) for a in zh)
    en = [t.answer for r in recs if r.language == "en" for t in r.turns]
    assert sum(bool(CJK.search(a)) for a in en) == 0


class _Poison:
    """A stand-in for gold data: any use fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the heuristic agent read gold data ({name})")

    def __iter__(self) -> Any:
        raise AssertionError("the heuristic agent read gold data")


#: Generator topic -> the agent's intent kind, where the names differ.
_HANDLED = {
    "flag_safety": "flag",
    "crcl_dosing": "crcl",
    "culture_result": "cultures",
    "infection_status": "infection",
}


def test_never_reads_gold(
    built_dataset: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from physassist_env.env.gym_env import PhysAssistEnv

    agent = make_agent("heuristic")
    assert agent.privileged is False
    # the runner never hands it gold
    seen: list[dict[str, Any]] = []
    original = HeuristicAgent.start
    monkeypatch.setattr(
        HeuristicAgent,
        "start",
        lambda self, ctx: (seen.append(dict(ctx)), original(self, ctx))[1],
    )
    run_eval(
        EvalConfig(
            run_id="g",
            dataset=str(built_dataset),
            agent={"name": "heuristic", "args": {}},
            languages=["en"],
            limit=2,
        ),
        tmp_path / "g",
        progress=False,
    )
    assert seen and all("gold_session" not in ctx for ctx in seen)
    monkeypatch.setattr(HeuristicAgent, "start", original)
    # and even when given poisoned gold, it plays a whole session without touching it. The
    # session is a train one of topics it has intents for: the 0.3 floor was set when every
    # topic was handled and test shared train phrasing; a test session of new topics
    # (``last_dose``, ``qt_flag``...) in unseen phrasing says nothing about gold.
    env = PhysAssistEnv(dataset=str(built_dataset), split="train", language="en")
    session = next(
        s
        for s in split_data(built_dataset, "train").sessions
        if all(_HANDLED.get(t.topic, t.topic) in ANSWERS for t in s.turns)
    )
    _, info = env.reset(seed=0, options={"session_id": session.session_id})
    agent.start(
        {
            k: info[k]
            for k in ("session_id", "patient_id", "current_date", "language", "tools")
        }
        | {"hadm_id": session.hadm_id, "gold_session": _Poison()}
    )
    done = False
    while not done:
        _, _, terminated, truncated, info = env.step(
            agent.act(info["messages"], info["tools"])
        )
        done = terminated or truncated
    assert info["mean_score"] > 0.3


# ---------------------------------------------------------------- hand-made histories
def _agent(language: str = "en") -> HeuristicAgent:
    agent = make_agent("heuristic")
    agent.start(
        {
            "session_id": "s",
            "patient_id": "p",
            "hadm_id": "h1",
            "current_date": "2180-01-05",
            "language": language,
            "tools": [],
        }
    )
    return agent  # type: ignore[return-value]


def _calls(action: Any) -> list[tuple[str, dict[str, Any]]]:
    assert isinstance(action, dict) and action.get("tool_calls"), action
    return [
        (c["function"]["name"], json.loads(c["function"]["arguments"]))
        for c in action["tool_calls"]
    ]


def _play(
    agent: HeuristicAgent,
    messages: list[dict[str, Any]],
    request: str,
    replies: dict[tuple[str, str], str],
) -> tuple[list[tuple[str, dict[str, Any]]], str]:
    """One turn: answer each tool call from ``replies`` (keyed by (tool, main argument)); returns (calls, answer)."""
    messages.append({"role": "user", "content": request})
    made: list[tuple[str, dict[str, Any]]] = []
    for _ in range(5):
        action = agent.act(messages, [])
        if isinstance(action, str):
            messages.append({"role": "assistant", "content": action})
            return made, action
        messages.append(action)
        for call in action["tool_calls"]:
            name, args = (
                call["function"]["name"],
                json.loads(call["function"]["arguments"]),
            )
            made.append((name, args))
            main = str(
                args.get("code") or args.get("medication") or args.get("category") or ""
            )
            content = replies.get(
                (name, main), replies.get((name, ""), "no results found")
            )
            messages.append(
                {
                    "role": "tool",
                    "tool_call_id": call["id"],
                    "name": name,
                    "content": content,
                }
            )
    raise AssertionError("the agent never answered")


K = "Observation: 2 result(s), showing 2, newest first\n- 2180-01-04 06:00 | Potassium = 5.8 mEq/L (H) [ref 3.3-5.1]\n- 2180-01-02 06:00 | Potassium = 4.6 mEq/L [ref 3.3-5.1]"
NA = "Observation: 1 result(s), showing 1, newest first\n- 2180-01-04 06:00 | Sodium = 129 mEq/L (L) [ref 133-145]"
LISINOPRIL = "MedicationRequest: 1 result(s), showing 1, newest first\n- 2180-01-01 09:00 | Lisinopril 10 mg PO DAILY | active (2180-01-01 to ongoing)"
ENC = "Encounter: 1 result(s), showing 1, newest first\n- 2180-01-01 08:00 to ongoing | emergency | in-progress | Encounter/h1"
REPLIES = {
    ("Observation.search", "potassium"): K,
    ("Observation.search", "sodium"): NA,
    ("MedicationRequest.search", "lisinopril"): LISINOPRIL,
    ("Encounter.search", ""): ENC,
    ("Patient.read", ""): "Patient/p | male | born 2110-01-01",
}


def test_resolves_implicit_follow_ups() -> None:
    agent, messages = _agent(), [{"role": "system", "content": "..."}]
    calls, answer = _play(agent, messages, "What's his latest potassium?", REPLIES)
    assert ("Observation.search", {"code": "potassium", "_count": 5}) in calls
    assert "5.8 mEq/L" in answer and "high" in answer
    calls, answer = _play(
        agent, messages, "And the sodium?", REPLIES
    )  # predicate ellipsis
    assert [c[1]["code"] for c in calls] == ["sodium"]
    assert "129 mEq/L" in answer and "low" in answer
    calls, answer = _play(agent, messages, "What dose of lisinopril is he on?", REPLIES)
    assert "10 mg" in answer and "DAILY" in answer
    calls, answer = _play(
        agent, messages, "Which way is the potassium heading?", REPLIES
    )
    assert any(
        c[0] == "Encounter.search" for c in calls
    )  # fetches the admission date for the range
    assert "4.6" in answer and "5.8" in answer and "rising" in answer
    calls, answer = _play(
        agent, messages, "Given all that, should it continue?", REPLIES
    )  # abstract anaphora: the drug of an earlier turn, judged by the agent's own K > 5.5 rule
    names = {c[0] for c in calls}
    assert {"Observation.search", "MedicationRequest.search"} <= names
    assert "hold lisinopril" in answer and "continue" not in answer


def test_answers_in_chinese_and_resolves_zh_follow_ups() -> None:
    agent, messages = _agent("zh"), [{"role": "system", "content": "..."}]
    _, answer = _play(agent, messages, "他最新的血钾是多少？", REPLIES)
    assert "5.8 mEq/L" in answer and "偏高" in answer
    calls, answer = _play(agent, messages, "那血钠呢？", REPLIES)
    assert [c[1]["code"] for c in calls] == ["sodium"]
    assert "129" in answer and "偏低" in answer and CJK.search(answer)
    _, answer = _play(
        agent, messages, "以他现在的血钾，赖诺普利还能继续用吗？", REPLIES
    )
    assert "暂停赖诺普利" in answer


def test_asks_the_patient_with_the_right_tool() -> None:
    agent, messages = _agent(), [{"role": "system", "content": "..."}]
    replies = {
        ("medication_adherence", ""): "I ran out of my lisinopril and didn't get more.",
        ("symptom_history", ""): "I've had chest pain since Monday.",
    }
    calls, answer = _play(
        agent,
        messages,
        "Ask him whether he's been taking his lisinopril at home.",
        replies,
    )
    assert calls == [("medication_adherence", {"medication": "lisinopril"})]
    assert "ran out" in answer and '"I ran out' in answer
    calls, answer = _play(
        agent, messages, "Ask him what symptoms brought him in.", replies
    )
    assert calls == [("symptom_history", {})] and "chest pain" in answer


def test_handles_tool_errors_gracefully() -> None:
    agent, messages = _agent(), [{"role": "system", "content": "..."}]
    error = {("Observation.search", "potassium"): "ERROR: the server is unavailable"}
    _, answer = _play(agent, messages, "What's his latest potassium?", error)
    assert isinstance(answer, str) and "5.8" not in answer and "fail" in answer
    # a write that fails is reported as not done
    _, answer = _play(
        agent,
        messages,
        "Get cardiology to see him today, urgent.",
        {("ServiceRequest.create", ""): "ERROR: priority is invalid"},
    )
    assert "could not" in answer
    # an unknown request still gets an answer, never an exception
    _, answer = _play(agent, messages, "Hmm.", {})
    assert isinstance(answer, str) and answer


def test_writes_carry_the_requested_arguments() -> None:
    """A service the request names is kept; the priority comes from the chart (issue #36:
    read the diagnoses and the results, nothing acute found here: routine)."""
    agent, messages = _agent(), [{"role": "system", "content": "..."}]
    calls, _ = _play(
        agent,
        messages,
        "Get nephrology to see him today, urgent.",
        {("ServiceRequest.create", ""): "ServiceRequest/1 created"},
    )
    assert ("Condition.search", {}) in calls
    assert calls[-1] == (
        "ServiceRequest.create",
        {
            "service_type": "nephrology consult",
            "priority": "routine",
            "note": "Please evaluate the admitting problem.",
        },
    )
    calls, _ = _play(
        agent,
        messages,
        "Book a follow-up with primary care in a week.",
        {("ServiceRequest.create", ""): "ServiceRequest/2 created"},
    )
    assert (
        calls[-1][1]["target_date"] == "2180-01-12"
        and calls[-1][1]["priority"] == "routine"
    )
    calls, _ = _play(
        agent,
        messages,
        "Put a safety flag on the chart about the potassium and the lisinopril.",
        REPLIES | {("Flag.create", ""): "Flag/1 created"},
    )
    flag = next(a for n, a in calls if n == "Flag.create")
    assert (
        flag["category"] == "safety"
        and "lisinopril" in flag["code"]
        and "potassium" in flag["code"]
    )
