"""The verifiers taskset: loaded by id as verifiers loads it, the oracle scores 1.0 offline."""

from __future__ import annotations

import contextlib
import json

import pytest

pytest.importorskip(
    "verifiers.v1",
    reason="the [verifiers] extra (pip install 'physassistbench[verifiers]') is not installed",
)
import anyio  # noqa: E402
import verifiers.v1 as vf  # noqa: E402
from verifiers.v1.judges.rubric import load_criteria  # noqa: E402
from verifiers.v1.utils.loaders import environment_class, taskset_class  # noqa: E402

from physassist_env.adapters.verifiers_taskset import (  # noqa: E402
    PhysAssistConfig,
    PhysAssistVfEnv,
    rubric_criteria,
    write_rubric,
)
from physassist_env.env.data import split_data  # noqa: E402


class _Segment:
    def __init__(self, reply: str | None):
        self.terminated = reply is None
        self.last_reply = reply or ""


class _Trace:
    def __init__(self):
        self.rewards: dict[str, float] = {}
        self.metrics: dict[str, float] = {}
        self.seen: list[str] = []

    def record_reward(self, name, value, weight=1.0):
        self.rewards[name] = value

    def record_metric(self, name, value):
        self.metrics[name] = value


class _Interaction:
    """A scripted player: replies in order, then ends the run."""

    def __init__(self, replies: list[str]):
        self.replies = list(replies)
        self.trace = _Trace()

    async def turn(self, message):
        self.trace.seen.append(message)
        return _Segment(self.replies.pop(0) if self.replies else None)


class _Player:
    def __init__(self, replies):
        self.replies = replies
        self.last: _Interaction | None = None

    @contextlib.asynccontextmanager
    async def interaction(self, task):
        self.last = _Interaction(self.replies)
        yield self.last


class _Agents:
    def __init__(self, replies):
        self.player = _Player(replies)


def _oracle_replies(session, language="en", *, skip_turn=None):
    out = []
    for turn in session.turns:
        if turn.index == skip_turn:
            out.append("I cannot determine this.")
            continue
        for call in turn.gold_actions:
            out.append(json.dumps({"name": call.name, "arguments": call.arguments}))
        out.append(turn.gold_answer.get(language))
    return out


@pytest.fixture(scope="module")
def taskset(built_dataset):
    cls = taskset_class("physassist")
    return cls(PhysAssistConfig(id="physassist", dataset=str(built_dataset)))


def test_loaded_by_id_with_its_env(taskset, built_dataset):
    assert environment_class("physassist") is PhysAssistVfEnv
    tasks = list(taskset)
    sessions = split_data(built_dataset, "test").sessions
    assert [t.data.session_id for t in tasks] == [s.session_id for s in sessions]
    assert tasks[0].data.prompt is None and tasks[0].key.endswith("/en")
    # grader-only data is not in what the taskset hands out
    dumped = tasks[0].data.model_dump_json()
    assert sessions[0].turns[0].gold_answer.en not in dumped


@pytest.mark.parametrize("skip_turn", [None, 2])
def test_oracle_trajectory_scores_one_offline(taskset, built_dataset, skip_turn):
    task = list(taskset.take(1))[0]
    session = split_data(built_dataset, "test").by_id[task.data.session_id]
    agents = _Agents(_oracle_replies(session, skip_turn=skip_turn))
    env = PhysAssistVfEnv.__new__(PhysAssistVfEnv)  # run() needs no env config
    anyio.run(env.run, task, agents)
    trace = agents.player.last.trace
    scores = [trace.metrics[f"turn_{i}_score"] for i in range(len(session.turns))]
    if skip_turn is None:
        assert trace.rewards["physassist_score"] == 1.0
        assert scores == [1.0] * len(session.turns)
    else:
        assert scores[skip_turn] < 1.0
        assert trace.rewards["physassist_score"] == pytest.approx(
            sum(scores) / len(scores)
        )
    # the physician opened with the instructions and first request
    assert session.turns[0].request.en in trace.seen[0]


def test_rubric_exported_as_verifiers_criteria(built_dataset, tmp_path):
    sessions = split_data(built_dataset, "test").sessions
    turn = next(
        t for s in sessions for t in s.turns if any(i.points < 0 for i in t.rubric)
    )
    crits = rubric_criteria(turn, "zh")
    assert all(isinstance(c, vf.Criterion) for c in crits)
    assert [c.name for c in crits] == [i.id for i in turn.rubric]
    for c, item in zip(crits, turn.rubric, strict=True):
        assert c.text == item.criterion.zh and c.weight == abs(item.points)
        assert c.choices[-1] == ("no" if item.points < 0 else "yes")
    loaded = load_criteria(write_rubric(tmp_path / "rubric.json", turn, "zh"))
    assert loaded == crits
