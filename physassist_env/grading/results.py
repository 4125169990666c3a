"""The per-turn result record evaluation runs store (one row per graded turn)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from physassist_env.grading.grader import GraderSpec, TurnGrade
from physassist_env.scenarios.model import (
    Implicitness,
    Scenario,
    Session,
    TaskType,
    Tier,
    Turn,
)


class ItemVerdict(BaseModel):
    """One rubric item's verdict as stored: ``met`` is ``None`` when unjudged."""

    id: str
    met: bool | None
    points: float
    tags: list[str] = Field(default_factory=list)
    reason: str = ""


class TurnResult(BaseModel):
    """One graded turn of one trial of one session, in one language.

    Attributes:
        run_id: The evaluation run (one model, one configuration).
        session_id: The session.
        split: ``train``, ``validation`` or ``test``.
        trial: Independent trial number (0-based), for pass^k.
        language: ``en`` or ``zh``.
        scenario: The session's scenario.
        tier: The session's data-richness tier.
        arc_index: Index into :data:`physassist_env.scenarios.model.ARCS`.
        turn_index: The turn (0..3).
        task_type: IL, DG, CR or WU.
        implicitness: explicit, NA, PE or AE.
        literacy: The patient persona's health literacy, or ``None``.
        score: The turn's rubric score; ``None`` when no judged item has positive points.
        n_items: Rubric items.
        n_unjudged: Items without a verdict (skipped by the score).
        items: Every item's verdict.
        grader: The grader's name and arguments (judge model and prompt version included).
        tool_calls: Tool calls the agent made this turn.
        invalid_calls: Calls that were rejected (unknown tool, bad arguments).
        budget_exhausted: Whether the turn hit the tool-call budget.
        clarifications: Clarifying questions the agent asked the physician.
        termination: Why the turn ended (``answered``, ``budget``, ``error``...).
        metadata: Free extras (grader metadata such as injection flags).
    """

    run_id: str
    session_id: str
    split: str = "test"
    trial: int = 0
    language: str = "en"
    scenario: Scenario
    tier: Tier
    arc_index: int
    turn_index: int
    task_type: TaskType
    implicitness: Implicitness
    literacy: str | None = None
    score: float | None
    n_items: int
    n_unjudged: int = 0
    items: list[ItemVerdict] = Field(default_factory=list)
    grader: GraderSpec
    tool_calls: int = 0
    invalid_calls: int = 0
    budget_exhausted: bool = False
    clarifications: int = 0
    termination: str = "answered"
    metadata: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def from_grade(
        cls,
        grade: TurnGrade,
        session: Session,
        turn: Turn,
        *,
        run_id: str,
        language: str = "en",
        trial: int = 0,
        tool_calls: int = 0,
        invalid_calls: int = 0,
        budget_exhausted: bool = False,
        clarifications: int = 0,
        termination: str = "answered",
    ) -> TurnResult:
        """Build the record of a graded turn.

        Args:
            grade: The turn's grade.
            session: Its session (scenario, tier, arc, split, persona literacy).
            turn: The turn (task type, implicitness).
            run_id: The run.
            language: ``en`` or ``zh``.
            trial: The trial number.
            tool_calls: Tool calls made.
            invalid_calls: Rejected calls.
            budget_exhausted: Whether the budget ran out.
            clarifications: Clarifying questions asked.
            termination: Why the turn ended.

        Returns:
            The :class:`TurnResult`.
        """
        literacy = session.persona.get("literacy") if session.persona else None
        return cls(
            run_id=run_id,
            session_id=session.session_id,
            split=session.split,
            trial=trial,
            language=language,
            scenario=session.scenario,
            tier=session.tier,
            arc_index=session.arc_index,
            turn_index=turn.index,
            task_type=turn.task_type,
            implicitness=turn.implicitness,
            literacy=None if literacy is None else str(literacy),
            score=grade.score,
            n_items=len(grade.items),
            n_unjudged=grade.n_unjudged,
            items=[
                ItemVerdict(
                    id=i.id,
                    met=i.verdict,
                    points=i.points,
                    tags=list(i.tags),
                    reason=i.reason,
                )
                for i in grade.items
            ],
            grader=grade.grader,
            tool_calls=tool_calls,
            invalid_calls=invalid_calls,
            budget_exhausted=budget_exhausted,
            clarifications=clarifications,
            termination=termination,
            metadata=dict(grade.metadata),
        )
