"""An answer that says nothing earns nothing for what it leaves unsaid.

The principle: an item met by an *absence* ("states no number that is not in the record")
is true of a refusal, an error message pasted back or an empty answer; a reward that pays
it teaches a policy to stay silent. Checked over every turn of the generated sessions, in
both languages, with and without the turn's gold tool calls."""

from __future__ import annotations

import pytest
from grading_fixtures import graded

from physassist_env.grading.grader import ABSTENTION_TAGS

#: Answers that answer nothing, as models emit them.
SILENT = {
    "en": [
        "",
        "I cannot determine this.",
        "ERROR: unknown tool 'bash'; available tools: Patient.read, Observation.search",
        "Let me know if you need anything else.",
    ],
    "zh": ["", "我无法判断。", "如需其他帮助请告诉我。"],
}


@pytest.fixture(scope="module")
def turns(synthetic_generated):
    return [t for s in synthetic_generated.sessions for t in s.turns]


def test_the_fixture_has_abstention_items(turns):
    with_abstention = [
        t for t in turns if any(set(i.tags) & ABSTENTION_TAGS for i in t.rubric)
    ]
    assert with_abstention, "no turn of the fixture carries an abstention item"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_silence_without_tools_scores_zero(turns, language):
    for turn in turns:
        for answer in SILENT[language]:
            grade = graded(turn, answer, language, tool_calls=[], observations=[])
            assert not grade.score, (turn.topic, answer, grade.items)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_silence_after_the_gold_calls_earns_only_the_tool_items(turns, language):
    for turn in turns:
        for answer in SILENT[language]:
            grade = graded(turn, answer, language)
            paid = [i for i in grade.items if i.met and i.points > 0]
            assert all(set(i.tags) & {"tool", "write"} for i in paid), (
                turn.topic,
                answer,
                paid,
            )


def test_an_answer_that_answers_keeps_its_abstention_credit(synthetic_generated):
    for session in synthetic_generated.sessions:
        seen: list[str] = []  # the session so far, as the environment grades a turn
        for turn in session.turns:
            seen += turn.gold_observations
            if any(set(i.tags) & ABSTENTION_TAGS for i in turn.rubric):
                _keeps_abstention_credit(turn, list(seen))


def _keeps_abstention_credit(turn, seen: list[str]) -> None:
    """The gold, graded after everything the session showed so far (a value it cites may
    come from an earlier turn's search), keeps every abstention item."""
    grade = graded(turn, turn.gold_answer.en, "en", observations=seen)
    abstentions = [i for i in grade.items if set(i.tags) & ABSTENTION_TAGS]
    assert all(i.met for i in abstentions), (turn.topic, grade.items)
