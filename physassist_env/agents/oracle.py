"""``oracle``: replays each turn's gold actions and answer (an upper bound; must score 1.0)."""

from __future__ import annotations

from typing import Any

from physassist_env.agents.base import BaseAgent, register_agent


class OracleAgent(BaseAgent):
    """Plays the gold tool calls of the current turn, then the gold answer.

    Privileged: the runner hands it ``context["gold_session"]``. It is a consistency
    check of the whole pipeline (tools, date gate, patient, grader), not a baseline.
    """

    privileged = True

    def __init__(self, language: str | None = None):
        super().__init__()
        self.language = language

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next gold call of the open turn, or its gold answer."""
        session = self.context.get("gold_session")
        if session is None:
            raise RuntimeError(
                "the oracle needs context['gold_session'] (only the evaluation runner provides it)"
            )
        language = self.language or self.context.get("language", "en")
        turn_index = (
            sum(
                1
                for m in messages
                if m["role"] == "user"
                and not str(m.get("content", "")).startswith("ERROR")
            )
            - 1
        )
        turn = session.turns[turn_index]
        start = max(
            i
            for i, m in enumerate(messages)
            if m["role"] == "user" and not str(m.get("content", "")).startswith("ERROR")
        )
        done = sum(
            len(m.get("tool_calls") or [])
            for m in messages[start:]
            if m["role"] == "assistant"
        )
        if done < len(turn.gold_actions):
            call = turn.gold_actions[done]
            return {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": f"oracle_{turn_index}_{done}",
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                ],
            }
        return turn.gold_answer.get(language)


@register_agent("oracle")
def oracle(language: str | None = None) -> OracleAgent:
    """The oracle agent (see :class:`OracleAgent`)."""
    return OracleAgent(language)
