"""Builders shared by the grading tests (invented values): search output as the EHR tools
render it, a hand-written one-item turn, and the contexts an answer is graded in."""

from __future__ import annotations

from collections.abc import Sequence

from physassist_env.grading import GradingContext, TurnGrade, evaluate, make_grader
from physassist_env.scenarios.model import (
    FlagCheck,
    Implicitness,
    RecommendCheck,
    RubricItem,
    TaskType,
    Text,
    ToolCall,
    ToolSource,
    ToolUseCheck,
    Turn,
    ValueCheck,
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


#: Potassium as the rubric names it, EN and ZH.
K = ["potassium", "血钾", "K", "K+", "钾"]


def passes(turn: Turn, answer: str, language: str = "en") -> bool:
    """Whether :func:`graded` scores ``answer`` at the pass threshold (0.75) or above."""
    grade = graded(turn, answer, language)
    return grade.score is not None and grade.score >= 0.75


K_SERIES = search_output(
    "Observation",
    "2180-01-04 08:00 | Potassium = 3.6 mEq/L [ref 3.5-5.1]",
)
#: A potassium-safety turn: the value, its flag and "continue lisinopril" (critical).
CONTINUE_TURN = Turn(
    index=1,
    task_type=TaskType.CR,
    implicitness=Implicitness.EXPLICIT,
    tool_source=ToolSource.EHR,
    request=Text(en="Well?", zh="怎么样？"),
    request_explicit=Text(en="Well?", zh="怎么样？"),
    topic="drug_lab_safety",
    gold_actions=[ToolCall(name="Observation.search", arguments={"code": "K"})],
    gold_observations=[K_SERIES],
    gold_answer=Text(
        en="Potassium is 3.6 mEq/L, normal. It is safe to continue lisinopril.",
        zh="血钾 3.6 mEq/L，正常。可以继续使用赖诺普利。",
    ),
    rubric=[
        RubricItem(
            id="t1-i0",
            criterion=Text(en="States the potassium", zh="血钾"),
            check=ValueCheck(value=3.6, unit="mEq/L", decimals=1, about=K),
        ),
        RubricItem(
            id="t1-i1",
            criterion=Text(en="Normal", zh="正常"),
            check=FlagCheck(direction="normal", about=K),
        ),
        RubricItem(
            id="t1-i2",
            criterion=Text(en="Continues lisinopril", zh="继续赖诺普利"),
            check=RecommendCheck(
                actions=["continue", "继续"], targets=["lisinopril", "赖诺普利"]
            ),
            critical=True,
        ),
        RubricItem(
            id="t1-i9",
            criterion=Text(en="Retrieves it", zh="查询"),
            check=ToolUseCheck(tools=["Observation.search"]),
        ),
    ],
)
