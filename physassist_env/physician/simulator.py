"""The physician simulator: delivers a session's scripted requests, one per turn.

Simulator shape (as the patient): explicit state in, ``(message, state)`` out, plus a
stop check. A session is a list of :class:`TurnRequest` (built by the scenario
generator). Each turn the physician says the request, implicit wording by default (the
benchmark's NA/PE/AE follow-ups) or the explicit paraphrase for the ablation. When the
assistant asks ``ask_physician(question)``, the physician repeats the request in its
explicit form, or says "please check the chart" when the answer is in the record; each
such question counts as a clarification of the current turn.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from physassist_env.scenarios.model import Implicitness, Turn


class TurnRequest(BaseModel):
    """One physician request of a session."""

    explicit_en: str = Field(
        description="physician-only until said: the request in explicit wording (English); agent-visible once said."
    )
    explicit_zh: str = Field(
        description="physician-only until said: the explicit wording in Chinese."
    )
    implicit_en: str | None = Field(
        None,
        description="physician-only until said: implicit wording (English); None for explicit turns.",
    )
    implicit_zh: str | None = Field(
        None, description="physician-only until said: implicit wording (Chinese)."
    )
    implicitness: Implicitness = Field(
        Implicitness.EXPLICIT,
        description="grader-only: NA, PE, AE or explicit, for breakdowns.",
    )
    answer_in_record: bool = Field(
        True,
        description="physician-only: the answer can be found in the chart (clarifications point there).",
    )

    @classmethod
    def from_turn(cls, turn: Turn, *, answer_in_record: bool = True) -> TurnRequest:
        """The physician's view of a generated session turn."""
        implicit = turn.implicitness != Implicitness.EXPLICIT
        return cls(
            explicit_en=turn.request_explicit.en,
            explicit_zh=turn.request_explicit.zh,
            implicit_en=turn.request.en if implicit else None,
            implicit_zh=turn.request.zh if implicit else None,
            implicitness=turn.implicitness,
            answer_in_record=answer_in_record,
        )

    def text(self, language: str, implicit: bool = True) -> str:
        """The request as said: implicit wording when there is one and ``implicit`` is set."""
        if implicit and self.implicit_en is not None:
            return (
                (self.implicit_zh or self.implicit_en)
                if language == "zh"
                else self.implicit_en
            )
        return self.explicit_zh if language == "zh" else self.explicit_en


class PhysicianState(BaseModel):
    """Where the session is (physician-only)."""

    turn: int = Field(
        -1,
        description="physician-only: index of the current request; -1 before the first.",
    )
    clarifications: list[int] = Field(
        default_factory=list,
        description="grader-only: ask_physician questions per turn.",
    )
    done: bool = Field(
        False, description="physician-only: the last turn has been answered."
    )


_CHART = {
    "en": "Please check the chart for that; what I need is: {}",
    "zh": "这个请查一下病历；我需要的是：{}",
}
_REPEAT = {"en": "To be clear: {}", "zh": "说清楚一点：{}"}
_NO_TURN = {"en": "There is no open request right now.", "zh": "现在没有待处理的请求。"}


class PhysicianSimulator:
    """Delivers scripted requests turn by turn and answers clarification questions.

    Args:
        turns: The session's requests, in order (at least one).
        language: ``"en"`` or ``"zh"``.
        implicit: Say implicit wordings (default) or always the explicit paraphrase.

    Raises:
        ValueError: For an empty session or an unsupported language.
    """

    def __init__(
        self, turns: list[TurnRequest], *, language: str = "en", implicit: bool = True
    ):
        if not turns:
            raise ValueError("a physician session needs at least one TurnRequest")
        if language not in ("en", "zh"):
            raise ValueError(
                f"language {language!r} is not supported; use 'en' or 'zh'"
            )
        self.turns = list(turns)
        self.language = language
        self.implicit = implicit

    def initial_state(self) -> PhysicianState:
        """State before the first request."""
        return PhysicianState()

    def next_request(self, state: PhysicianState) -> tuple[str | None, PhysicianState]:
        """Advance to the next request (call at the start and after each final answer).

        Returns:
            (the request text, new state), or (``None``, state with ``done``) after the last turn.
        """
        if state.done or state.turn + 1 >= len(self.turns):
            return None, state.model_copy(
                update={
                    "done": True,
                    "turn": len(self.turns) - 1 if state.turn >= 0 else state.turn,
                }
            )
        turn = state.turn + 1
        clar = state.clarifications + [0]
        return self.turns[turn].text(self.language, self.implicit), state.model_copy(
            update={"turn": turn, "clarifications": clar}
        )

    def ask_physician(
        self, question: str, state: PhysicianState
    ) -> tuple[str, PhysicianState]:
        """Answer the assistant's clarification question about the current request.

        Args:
            question: The assistant's question (its content does not change the answer:
                the physician restates the request, never the answer).
            state: Current state.

        Returns:
            (the physician's reply, new state with one more clarification counted).
        """
        if state.turn < 0 or state.done:
            return _NO_TURN[self.language], state
        req = self.turns[state.turn]
        explicit = req.text(self.language, implicit=False)
        template = _CHART if req.answer_in_record else _REPEAT
        clar = list(state.clarifications)
        clar[state.turn] += 1
        return template[self.language].format(explicit), state.model_copy(
            update={"clarifications": clar}
        )

    def is_done(self, state: PhysicianState) -> bool:
        """Stop check: True once the last turn has been answered (``next_request`` returned None)."""
        return state.done
