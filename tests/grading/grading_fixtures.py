"""Builders shared by the grading tests (invented values): search output as the EHR tools
render it, a hand-written one-item turn, and the contexts an answer is graded in."""

from __future__ import annotations

from collections.abc import Sequence

from physassist_env.grading import GradingContext, TurnGrade, evaluate, make_grader
from physassist_env.scenarios.model import (
    Implicitness,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    Turn,
)

#: The one call the hand-written contexts made unless a test says otherwise.
OBSERVATION_SEARCH = ToolCall(name="Observation.search", arguments={})


def search_output(rtype: str, *rows: str) -> str:
    """``rows`` as a search tool shows them: the count line, then one ``- row`` each."""
    head = f"{rtype}: {len(rows)} result(s), showing {len(rows)}, newest first"
    return "\n".join([head, *(f"- {r}" for r in rows)])


def verdict(check: object, answer: str, **ctx: object):  # noqa: ANN201
    """The verdict of one rubric ``check`` on ``answer`` (context fields in ``ctx``);
    every verdict must give its reason."""
    v = evaluate(check, GradingContext(answer=answer, **ctx))  # type: ignore[arg-type]
    assert v.reason
    return v


def met(check: object, answer: str, **ctx: object) -> bool:
    """Whether ``check`` is met by ``answer`` (see :func:`verdict`)."""
    return verdict(check, answer, **ctx).met


def one_item_turn(
    gold: Text, topic: str = "lab_latest", task: TaskType = TaskType.IL
) -> Turn:
    """A turn whose rubric is one item, "Retrieves it" (an ``Observation.search``)."""
    request = Text(en="Any thoughts?", zh="有什么看法？")
    return Turn(
        index=1,
        task_type=task,
        implicitness=Implicitness.EXPLICIT,
        tool_source=ToolSource.EHR,
        request=request,
        request_explicit=request,
        topic=topic,
        gold_actions=[OBSERVATION_SEARCH],
        gold_answer=gold,
        rubric=[
            RubricItem(
                id="t1-i0",
                criterion=Text(en="Retrieves it", zh="查询"),
                check=ToolUseCheck(tools=["Observation.search"]),
            )
        ],
    )


#: A turn that asks nothing but the search: what an answer earns on it is what it adds.
PLAIN = one_item_turn(Text(en="The values are as shown.", zh="数值如上。"))


def observed(
    answer: str,
    observations: list[str],
    language: str = "en",
    calls: Sequence[ToolCall] | None = None,
    **ctx: object,
) -> GradingContext:
    """The context of an answer given after ``calls`` (one ``Observation.search`` by
    default) showed ``observations``."""
    return GradingContext(
        answer=answer,
        language=language,
        tool_calls=list(calls or [OBSERVATION_SEARCH]),
        observations=observations,
        **ctx,  # type: ignore[arg-type]
    )


def graded(turn: Turn, answer: str, language: str = "en", **ctx: object) -> TurnGrade:
    """The rule grade of ``answer`` to ``turn`` after the turn's own gold calls showed its
    gold observations (``ctx`` adds or replaces context fields)."""
    fields: dict[str, object] = {
        "tool_calls": list(turn.gold_actions),
        "observations": list(turn.gold_observations),
        **ctx,
    }
    return make_grader("rules").grade(
        turn,
        GradingContext(answer=answer, language=language, **fields),  # type: ignore[arg-type]
    )


def added(
    answer: str,
    observations: list[str],
    *,
    turn: Turn = PLAIN,
    language: str = "en",
    calls: list[ToolCall] | None = None,
    request: str = "",
) -> set[str]:
    """The negative items (``harm``, ``record``, ...) the answer earns beyond its rubric;
    each must cap the turn at 0.5."""
    ctx = observed(answer, observations, language, calls, request=request)
    grade = make_grader("rules").grade(turn, ctx)
    kinds = {i.id.split("-")[-1] for i in grade.items if i.points < 0 and i.met}
    if kinds:
        assert grade.score is not None and grade.score <= 0.5, grade
    return kinds
