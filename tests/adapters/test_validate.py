"""``physassist validate``: the checks pass on a sound build and catch broken ones."""

from __future__ import annotations

import json

import pytest

from physassist_env.cli.main import main
from physassist_env.env.data import split_data
from physassist_env.evaluation.records import EpisodeRecord
from physassist_env.validate import (
    EXTRACTOR_BOUND,
    KNOWLEDGE_FREE_BOUND,
    CannotDetermineAgent,
    fingerprint,
    knowledge_free_check,
    leakage,
    render_text,
    validate_dataset,
)

#: Train sessions the knowledge-free fit plays on the small build (bounds its cost here).
KF_SESSIONS = 6
#: The knowledge_free_bound options of the CLI runs below: a bound that cannot fail, so
#: the other checks decide the exit code; the bound itself is tested on its own.
KF_OPEN = [
    "--knowledge-free-sessions",
    str(KF_SESSIONS),
    "--knowledge-free-bound",
    "1",
    "--extractor-bound",
    "1",
]


@pytest.fixture(scope="module", autouse=True)
def _own_cache(tmp_path_factory):
    """The knowledge-free fits go to a folder of this module, never the user's cache."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PHYSASSIST_CACHE", str(tmp_path_factory.mktemp("validate-cache")))
        yield


@pytest.fixture(scope="module")
def report(built_dataset):
    return validate_dataset(
        built_dataset,
        languages=["en", "zh"],
        limit=3,
        knowledge_free_bound=1.0,
        extractor_bound=1.0,
        knowledge_free_sessions=KF_SESSIONS,
    )


def test_sound_build_passes_every_hard_check(report):
    assert report.passed, render_text(report)
    names = [c.name for c in report.checks]
    assert names == [
        "oracle_max",
        "floor_gap",
        "knowledge_free_bound",
        "gameability_gap",
        "episode_determinism",
        "no_solution_leakage",
        "agent_file_access",
    ]
    assert report.scores["oracle"].min == 1.0
    assert report.scores["oracle"].turns == 3 * 2 * 4
    for floor in ("no-tool", "cannot-determine"):
        assert report.scores[floor].mean <= 0.1
    assert report.grader_validity is None
    access = report.checks[-1]
    assert access.passed and "found the gold answer of 0 of 24 turns" in access.detail
    text = render_text(report)
    assert "grader_validity: not included" in text and "result: PASS" in text


def test_knowledge_free_bound_reports_both_policies_and_can_fail(report):
    check = next(c for c in report.checks if c.name == "knowledge_free_bound")
    assert check.hard and check.passed
    for name in ("knowledge-free", "extractor"):
        score = report.scores[name]
        assert score.turns == 3 * 2 * 4 and not score.errors
        assert 0.0 <= score.mrs <= 1.0
        assert name in check.detail
    assert "heuristic" in check.detail and "floors" in check.detail
    assert report.settings["knowledge_free_bound"] == 1.0
    assert report.settings["knowledge_free_sessions"] == KF_SESSIONS
    # the same scores against the production bounds, and against bounds they cannot meet
    assert (KNOWLEDGE_FREE_BOUND, EXTRACTOR_BOUND) == (0.55, 0.35)
    kf, ex = report.scores["knowledge-free"].mrs, report.scores["extractor"].mrs
    strict = knowledge_free_check(report.scores, kf - 0.01, ex - 0.01, applicable=True)
    assert not strict.passed and len(strict.failures) == 2
    loose = knowledge_free_check(report.scores, kf, ex, applicable=True)
    assert loose.passed and not loose.failures
    skipped = knowledge_free_check(report.scores, 0.0, 0.0, applicable=False)
    assert skipped.passed and not skipped.hard and "not applicable" in skipped.detail


def test_cannot_determine_agent_never_calls_a_tool():
    agent = CannotDetermineAgent()
    agent.start({"language": "zh"})
    assert agent.act([], []) == "我无法确定。"


def test_leakage_finds_gold_answer_and_rubric_text(built_dataset):
    session = split_data(built_dataset, "test").sessions[0]
    turn = session.turns[1]
    clean = EpisodeRecord(
        session_id=session.session_id,
        language="en",
        trial=0,
        messages=[{"role": "user", "content": turn.request.en}],
    )
    assert leakage(session, [clean], "en", "[]") == []
    leaky = clean.model_copy(
        update={
            "messages": clean.messages
            + [
                {
                    "role": "tool",
                    "name": "Observation.search",
                    "content": "x " + turn.gold_answer.en,
                },
                {"role": "user", "content": turn.rubric[0].criterion.en.upper()},
            ]
        }
    )
    found = leakage(session, [leaky], "en", "[]")
    assert any("gold answer" in f for f in found)
    assert any(turn.rubric[0].id in f for f in found)
    # the assistant's own words are not something it was shown
    own = clean.model_copy(
        update={
            "messages": clean.messages
            + [{"role": "assistant", "content": turn.gold_answer.en}]
        }
    )
    assert leakage(session, [own], "en", "[]") == []


def test_fingerprint_changes_with_the_transcript():
    a = EpisodeRecord(session_id="s", language="en", trial=0, messages=[])
    b = a.model_copy(update={"messages": [{"role": "user", "content": "x"}]})
    assert fingerprint(a) == fingerprint(a.model_copy())
    assert fingerprint(a) != fingerprint(b)


def test_cli_json_and_exit_codes(built_dataset, capsys):
    args = ["validate", "--dataset", str(built_dataset), "--limit", "1", *KF_OPEN]
    assert main([*args, "--languages", "en", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["passed"] is True and out["sessions"] == 1
    assert {c["name"] for c in out["checks"]} >= {
        "oracle_max",
        "knowledge_free_bound",
        "no_solution_leakage",
    }
    # an impossible floor margin makes a hard check fail: exit 1
    assert main([*args, "--languages", "en", "--floor-margin", "-1"]) == 1
    assert "[FAIL] floor_gap" in capsys.readouterr().out
    # so does a knowledge-free bound no policy can meet (the later flag wins)
    assert main([*args, "--languages", "en", "--knowledge-free-bound", "-1"]) == 1
    assert "[FAIL] knowledge_free_bound" in capsys.readouterr().out
    assert main([*args, "--languages", "fr"]) == 2


def test_agent_file_access_fails_for_an_agent_that_can_read_the_build(built_dataset):
    """Planted: the agent-side process can read the dataset folder (as a shell in the
    documented cache path could); the gold reader finds the gold and the check fails."""
    from physassist_env.validate import agent_file_access_check

    ids = [s.session_id for s in split_data(built_dataset, "test").sessions[:2]]
    clean = agent_file_access_check(built_dataset, "test", ids, ["en"])
    assert clean.passed and "found the gold answer of 0 of 8 turns" in clean.detail
    planted = agent_file_access_check(
        built_dataset, "test", ids, ["en"], paths=[built_dataset]
    )
    assert not planted.passed
    assert "found the gold answer of 8 of 8 turns" in planted.detail
    assert "mean 1.0000" in planted.detail


def test_agent_view_holds_no_gold(built_dataset, tmp_path):
    from physassist_env.adapters.agent_view import readable_text, write_agent_view

    view = write_agent_view(built_dataset, "test", tmp_path / "view")
    text = readable_text([view])
    sessions = split_data(built_dataset, "test").sessions
    assert sessions[0].session_id.lower() in text
    for s in sessions:
        for turn in s.turns:
            assert turn.gold_answer.en.lower() not in text
            assert all(i.criterion.en.lower() not in text for i in turn.rubric)
