"""The agent-visible session id does not carry the grader-only scenario name."""

from __future__ import annotations

from pathlib import Path

from physassist_env.scenarios.generate import session_id_for
from physassist_env.scenarios.model import Scenario


def test_session_ids_are_unique_deterministic_and_scenario_free() -> None:
    ids = {s: session_id_for(0, s, "10001", "20002") for s in Scenario}
    assert len(set(ids.values())) == len(Scenario)
    assert ids == {s: session_id_for(0, s, "10001", "20002") for s in Scenario}
    for sid in ids.values():
        assert sid.startswith("10001-20002-")
        assert not any(s.value in sid or s.value.split("_")[0] in sid for s in Scenario)


def test_no_session_the_agent_sees_names_its_scenario(built_dataset: Path) -> None:
    from physassist_env.dataset import load_sessions
    from physassist_env.env.gym_env import PhysAssistEnv

    sessions = load_sessions(built_dataset, split="test")
    assert len({s.session_id for s in sessions}) == len(sessions)
    words = {w for s in Scenario for w in s.value.split("_")}
    for s in sessions:
        assert not any(w in s.session_id for w in words), s.session_id
    env = PhysAssistEnv(dataset=built_dataset, split="test")
    _, info = env.reset(seed=0, options={"session_id": sessions[0].session_id})
    assert info["session_id"] == sessions[0].session_id
