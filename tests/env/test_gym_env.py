"""PhysAssist-v0: the Gymnasium contract, dynamics, determinism and no leakage."""

from __future__ import annotations

import json
import pickle
import re

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import physassist_env
from physassist_env.scenarios.model import ValueCheck


def _call(name, args):
    return {
        "role": "assistant",
        "content": "",
        "tool_calls": [
            {
                "id": "c",
                "type": "function",
                "function": {"name": name, "arguments": args},
            }
        ],
    }


def _oracle(env, language="en"):
    """Play every turn's gold actions and answer; returns rewards and all observations."""
    session = env.unwrapped.episode.session
    rewards, observations, info = [], [], {}
    for turn in session.turns:
        for c in turn.gold_actions:
            obs, r, term, trunc, info = env.step(_call(c.name, c.arguments))
            observations.append(obs)
        obs, r, term, trunc, info = env.step(turn.gold_answer.get(language))
        rewards.append(r)
        observations.append(obs)
    return rewards, observations, info, term


@pytest.fixture()
def env(built_dataset):
    e = gym.make("physassist_env:PhysAssist-v0", dataset=built_dataset)
    yield e
    e.close()


def test_registered_ids_and_make_without_prior_import(built_dataset):
    assert set(physassist_env.ENV_IDS) <= set(gym.registry)
    e = gym.make("PhysAssist-v0", dataset=built_dataset)
    assert isinstance(e.unwrapped, physassist_env.env.PhysAssistEnv)


def test_check_env_passes(built_dataset):
    check_env(
        gym.make("PhysAssist-v0", dataset=built_dataset).unwrapped,
        skip_render_check=False,
    )


@pytest.mark.parametrize("language", ["en", "zh"])
def test_oracle_scores_one_in_every_test_session(built_dataset, language):
    env = gym.make("PhysAssist-v0", dataset=built_dataset, language=language)
    for session in env.unwrapped.data.sessions:
        obs, info = env.reset(options={"session_id": session.session_id})
        rewards, _, info, terminated = _oracle(env, language)
        assert terminated and rewards == [1.0] * 4, (
            session.session_id,
            rewards,
            info.get("verdicts"),
        )
        assert info["session_pass"] == {0.6: True, 0.75: True}


def test_observation_info_and_tools(env):
    obs, info = env.reset(seed=3)
    assert (
        "Physician:" in obs
        and info["turn"] == 0
        and info["n_turns"] == 4
        and info["tool_budget_left"] == 16
    )
    assert {t["function"]["name"] for t in info["tools"]} >= {
        "Observation.search",
        "medication_adherence",
        "ask_physician",
    }
    assert [m["role"] for m in info["messages"]] == ["system", "user"]
    assert env.observation_space.contains(obs)


def test_errors_do_not_end_the_episode(env):
    env.reset(seed=1)
    for bad in (
        '<tool_call>{"name": oops</tool_call>',
        _call("Observation.serch", {}),
        _call("Observation.search", "{not json"),
        _call("Patient.read", {"subject_id": "999"}),
        {"tool_calls": 5},
    ):
        obs, r, term, trunc, info = env.step(bad)
        assert (
            "ERROR" in obs and r == 0.0 and not term and not trunc and info["turn"] == 0
        )
    obs, r, term, trunc, info = env.step(
        _call("ask_physician", {"question": "which lab?"})
    )
    assert obs.startswith("[ask_physician] ") and "ERROR" not in obs, obs
    assert info["tool_budget_left"] == 16 - 6


def test_ask_physician_restates_the_request_explicitly(env):
    """The physician's reply to a clarification question is the explicit request."""
    session, i = next(
        (s, i)
        for s in env.unwrapped.data.sessions
        for i, t in enumerate(s.turns)
        if t.request_explicit.en != t.request.en
    )
    env.reset(options={"session_id": session.session_id})
    for _ in range(i):
        obs, *_ = env.step("no idea")
    explicit = session.turns[i].request_explicit.en
    assert session.turns[i].request.en in obs and explicit not in obs
    obs, *_ = env.step(_call("ask_physician", {"question": "which lab?"}))
    assert explicit in obs, obs


def test_tool_budget_ends_the_turn(built_dataset):
    env = gym.make("PhysAssist-v0", dataset=built_dataset, max_tool_calls_per_turn=3)
    env.reset(seed=0)
    info = {}
    for _ in range(3):
        obs, r, term, trunc, info = env.step(_call("Patient.read", {}))
    assert (
        info["termination"] == "tool_budget" and info["turn"] == 1 and "budget" in obs
    )
    several = "".join(
        '<tool_call>{"name": "Patient.read", "arguments": {}}</tool_call>'
        for _ in range(5)
    )
    obs, r, term, trunc, info = env.step(several)
    assert (
        info["turn_index"] == 1
        and info["termination"] == "tool_budget"
        and "used up" in obs
    )


def test_writes_stay_in_the_episode(env):
    env.reset(seed=0)
    env.step(_call("Flag.create", {"category": "safety", "code": "x", "detail": "y"}))
    obs, *_ = env.step(
        _call("Flag.create", {"category": "weather", "code": "x", "detail": "y"})
    )
    assert "use one of" in obs
    first = env.unwrapped.episode
    assert len(first.view.created) == 1
    env.reset(seed=0)
    assert env.unwrapped.episode.view.created == []


def test_same_seed_same_rollout(built_dataset):
    def rollout(seed):
        e = gym.make("PhysAssist-v0", dataset=built_dataset)
        e.reset(seed=seed)
        e.action_space.seed(seed)
        rng = np.random.default_rng(seed)
        for _ in range(12):
            action = (
                e.action_space.sample()
                if rng.random() < 0.5
                else _call("Observation.search", {"code": "potassium"})
            )
            *_, term, trunc, _ = e.step(action)
            if term or trunc:
                break
        return e.unwrapped.state_fingerprint()

    assert rollout(5) == rollout(5)
    assert rollout(5) != rollout(6)


def test_vector_envs(built_dataset):
    for mode in ("sync", "async"):
        # text spaces cannot live in shared memory: async needs shared_memory=False
        kwargs = {"vector_kwargs": {"shared_memory": False}} if mode == "async" else {}
        venv = gym.make_vec(
            "PhysAssist-v0",
            num_envs=2,
            vectorization_mode=mode,
            dataset=built_dataset,
            **kwargs,
        )
        obs, info = venv.reset(seed=0)
        assert len(obs) == 2 and all("Physician" in o for o in obs)
        obs, rewards, term, trunc, info = venv.step(
            (
                "I do not know.",
                '<tool_call>{"name": "Patient.read", "arguments": {}}</tool_call>',
            )
        )
        assert len(rewards) == 2
        venv.close()


def test_pickles(env):
    env.reset(seed=0)
    clone = pickle.loads(pickle.dumps(env.unwrapped))
    assert clone.state_fingerprint() == env.unwrapped.state_fingerprint()


def test_history_gold_and_explicit_ablation(built_dataset):
    env = gym.make("PhysAssist-v0", dataset=built_dataset, history="gold")
    env.reset(seed=2)
    session = env.unwrapped.episode.session
    env.step("no idea")
    msgs = env.unwrapped.episode.messages
    assert session.turns[0].gold_answer.en in [m["content"] for m in msgs]
    explicit = gym.make("PhysAssistExplicit-v0", dataset=built_dataset)
    for s in explicit.unwrapped.data.sessions:
        explicit.reset(options={"session_id": s.session_id})
        *_, info = explicit.step("no idea")
        assert info["messages"][-1]["content"] in {
            t.request_explicit.en for t in s.turns
        }


def test_no_leakage_in_observations(built_dataset):
    """Scan every observation of oracle and random rollouts over the whole test split."""
    env = gym.make("PhysAssist-v0", dataset=built_dataset)
    rng = np.random.default_rng(0)
    for session in env.unwrapped.data.sessions:
        secrets = []
        for t in session.turns:
            secrets.append(t.gold_answer.en)
            secrets += [i.criterion.en for i in t.rubric]
        obs, info = env.reset(options={"session_id": session.session_id})
        seen = [obs]
        _, observations, info, _ = _oracle(env)
        seen += observations
        env.reset(options={"session_id": session.session_id})
        for _ in range(8):
            obs, *_, term, trunc, info = env.step(
                env.action_space.sample() if rng.random() < 0.5 else "I am not sure."
            )
            seen.append(obs)
            if term:
                break
        text = "\n".join(seen)
        for secret in secrets:
            assert secret not in text, (session.session_id, secret)
        # no rubric value is announced before it was looked up: requests never state them
        for t in session.turns:
            for item in t.rubric:
                if isinstance(item.check, ValueCheck) and item.check.value >= 10:
                    assert not re.search(rf"\b{item.check.value:g}\b", t.request.en)


def test_render_ansi(built_dataset):
    env = gym.make("PhysAssist-v0", dataset=built_dataset, render_mode="ansi")
    env.reset(seed=0)
    env.step(_call("Patient.read", {}))
    text = env.render()
    assert "[system]" in text and "[tool/Patient.read]" in text


def test_bad_arguments_are_clear_errors(built_dataset):
    with pytest.raises(ValueError, match="language"):
        gym.make("PhysAssist-v0", dataset=built_dataset, language="fr")
    with pytest.raises(ValueError, match="split"):
        gym.make("PhysAssist-v0", dataset=built_dataset, split="dev")
    with pytest.raises(FileNotFoundError, match="physassist build"):
        gym.make("PhysAssist-v0", dataset="/nonexistent/physassistbench")
    env = gym.make("PhysAssist-v0", dataset=built_dataset)
    with pytest.raises(KeyError, match="not in the test split"):
        env.reset(options={"session_id": "nope"})


def _is_json_tool_result(text: str) -> bool:
    name, _, body = text.partition("] ")
    resource = json.loads(body)
    return name.startswith("[") and resource["resourceType"] in {
        "Bundle",
        "OperationOutcome",
        "Flag",
        "MedicationRequest",
        "ServiceRequest",
        "Patient",
    }


@pytest.mark.parametrize("language", ["en", "zh"])
def test_tool_output_fhir(built_dataset, language):
    """FHIR JSON results: same scores as text, gated at the session date, no gold in them."""
    fhir = gym.make(
        "PhysAssist-v0", dataset=built_dataset, language=language, tool_output="fhir"
    )
    text = gym.make("PhysAssist-v0", dataset=built_dataset, language=language)
    dated = 0
    for session in fhir.unwrapped.data.sessions:
        fhir.reset(options={"session_id": session.session_id})
        text.reset(options={"session_id": session.session_id})
        rewards, observations, info, terminated = _oracle(fhir, language)
        assert terminated and rewards == [1.0] * 4, (session.session_id, rewards)
        assert _oracle(text, language)[0] == rewards
        ehr_results = [
            obs
            for obs, call in zip(
                observations,
                [c for t in session.turns for c in [*t.gold_actions, None]],
                strict=True,
            )
            if call is not None and "." in call.name
        ]
        assert ehr_results and all(_is_json_tool_result(o) for o in ehr_results)
        seen = "\n".join(observations)
        for t in session.turns:
            assert t.gold_answer.get(language) not in seen
            for item in t.rubric:
                assert item.criterion.get(language) not in seen
        # the date gate: only the assistant's own orders may name a later date
        tool_messages = [
            json.loads(m["content"])
            for m in info["messages"]
            if m["role"] == "tool" and m["content"].startswith("{")
        ]
        read_results = [
            r
            for r in tool_messages
            if r["resourceType"] in ("Bundle", "OperationOutcome", "Patient")
        ]
        dates = re.findall(r"\d{4}-\d{2}-\d{2}", json.dumps(read_results))
        assert max(dates, default="") <= session.current_date[:10], session.session_id
        dated += len(dates)
    assert dated > 0  # the gate was checked on dated results, not on empty ones
    with pytest.raises(ValueError, match="tool_output"):
        gym.make("PhysAssist-v0", dataset=built_dataset, tool_output="xml")


def test_a_split_decodes_a_session_only_when_played(built_dataset):
    """Opening a split reads the sessions' ids and JSON text; a session is decoded
    when an episode plays it, and the list, ids and sampling are those of every
    session decoded up front (``load_sessions``)."""
    from physassist_env.dataset import load_sessions
    from physassist_env.dataset.loader import SessionList

    every = load_sessions(built_dataset, split="test")
    lazy = SessionList(built_dataset, "test")
    assert len(lazy) == len(every) and lazy.ids() == [s.session_id for s in every]
    assert lazy._decoded == {}
    assert lazy[-1] == every[-1] and lazy[1:3] == every[1:3] and list(lazy) == every
    assert lazy[0] is lazy[0]  # decoded once, kept
    assert list(lazy.by_id) == lazy.ids() and every[2].session_id in lazy.by_id
    assert lazy.by_id[every[2].session_id] == every[2] and "nope" not in lazy.by_id
    with pytest.raises(IndexError):
        lazy[len(every)]
    with pytest.raises(KeyError):
        lazy.by_id["nope"]
    copy = pickle.loads(pickle.dumps(lazy))
    assert copy.ids() == lazy.ids() and copy[3] == every[3]

    env = gym.make("PhysAssist-v0", split="test", dataset=str(built_dataset))
    env.unwrapped.data.sessions._decoded.clear()  # the process-wide split
    _, info = env.reset(seed=3)
    played = env.unwrapped.data.sessions
    assert list(played._decoded.values()) == [played.by_id[info["session_id"]]]
