"""``no-tool``: answers without looking anything up (a lower bound)."""

from __future__ import annotations

from typing import Any

from physassist_env.agents.base import BaseAgent, register_agent

_ANSWERS = {
    "en": "I have not checked the chart or spoken with the patient, so I cannot give you specific values. Please review the record.",
    "zh": "我没有查看病历，也没有询问患者，所以无法给出具体数值。请查阅病历。",
}


class NoToolAgent(BaseAgent):
    """Never calls a tool; gives the same non-committal answer to every request."""

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """A fixed answer in the session's language."""
        return _ANSWERS.get(self.context.get("language", "en"), _ANSWERS["en"])


@register_agent("no-tool")
def no_tool() -> NoToolAgent:
    """The no-tool lower bound."""
    return NoToolAgent()
