"""The agents ``extractor`` and ``knowledge-free`` (see the package docstring).

Both play a session with a :class:`~physassist_env.agents.knowledge_free.plan.Planner` over
a table fitted on the train split (:func:`~physassist_env.agents.knowledge_free.fit.fitted_table`):
per request they guess the topic, send the topic's learned calls in one message (after an
``Encounter.search`` when a call needs the admission date), then answer. The extractor
restates the results; the knowledge-free policy puts in front the decision text chosen for
the turn's (topic, decision key: chart marker, trend, entities) and lists the orders the way
chosen with it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from physassist_env.agents.base import BaseAgent
from physassist_env.agents.knowledge_free.chart import (
    encounter_start,
    results_of_turn,
)
from physassist_env.agents.knowledge_free.plan import PROFILES, Planner

log = logging.getLogger(__name__)


@dataclass
class AnswerContext:
    """What an answer is built from (kept for the reward search)."""

    topic: str
    entities: list[str]
    facts: list[str]  # per facts profile (plan.PROFILES)
    keys: list[str]
    language: str


class KnowledgeFreeAgent(BaseAgent):
    """Plays a fitted table; with ``decide=False`` it is the extractor.

    Args:
        table: The fitted table.
        decide: Add the chosen decision text (``knowledge-free``) or not (``extractor``).
        topic_oracle: Take each turn's topic from the session (privileged: the runner
            then hands over ``gold_session``; only the topic is read). A benchmark upper
            variant, never used by ``physassist validate``.
        reads_only: Skip write calls (the extractor).
    """

    def __init__(
        self,
        table: dict[str, Any],
        *,
        decide: bool,
        topic_oracle: bool = False,
        reads_only: bool = False,
    ):
        super().__init__()
        self.table = table
        self.decide = decide
        self.topic_oracle = topic_oracle
        self.privileged = topic_oracle
        self.reads_only = reads_only
        self.planner = Planner(table)
        self.last: AnswerContext | None = None
        self._turn = -1
        self._stage = ""
        self._topic = ""
        self._entities: list[str] = []
        self._admission: str | None = None

    def start(self, context: dict[str, Any]) -> None:
        """Begin an episode (a fresh entity memory)."""
        super().start(context)
        self.planner = Planner(self.table)
        self.last = None
        self._turn, self._stage, self._admission = -1, "", None

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next message: the turn's calls, or the answer once their results are in."""
        language = self.context.get("language", "en")
        try:
            return self._act(messages, language)
        except Exception as exc:  # an odd observation must not end the episode
            log.warning("knowledge-free agent fell back to a plain answer: %r", exc)
            self._stage = "answered"
            return (
                "病历中未找到相关结果。"
                if language == "zh"
                else "Nothing relevant was found in the chart."
            )

    def _act(
        self, messages: list[dict[str, Any]], language: str
    ) -> str | dict[str, Any]:
        requests = [
            (i, str(m.get("content") or ""))
            for i, m in enumerate(messages)
            if m.get("role") == "user"
            and not str(m.get("content", "")).startswith("ERROR")
        ]
        if not requests:
            return ""
        index = len(requests) - 1
        request = requests[-1][1]
        today = str(self.context.get("current_date", ""))
        if index != self._turn:
            self._turn = index
            self._topic = self._topic_of(request, index, language)
            self._entities = self.planner.entities(request, self._topic)
            self._stage = "start"
        if self._stage == "start":
            if self.planner.needs_admission(self._topic) and self._admission is None:
                self._stage = "admission"
                return self._message([{"name": "Encounter.search", "arguments": {}}])
            self._stage = "calls"
        if self._stage == "admission":
            self._admission = encounter_start(
                results_of_turn(messages), self.context.get("hadm_id")
            )
            self._stage = "calls"
        if self._stage == "calls":
            self._stage = "answer"
            calls = self.planner.calls(
                self._topic,
                request,
                language,
                self._entities,
                admission=self._admission,
                today=today,
                reads_only=self.reads_only,
            )
            if calls:
                return self._message(calls)
        results = results_of_turn(messages)
        keys = self.planner.keys(self._topic, results, self._entities)
        profile, decision = (
            self.planner.decision(self._topic, keys, language)
            if self.decide
            else (0, "")
        )
        facts = [
            self.planner.facts(results, language, today, p)
            for p in range(len(PROFILES))
        ]
        self.last = AnswerContext(
            self._topic, list(self._entities), facts, keys, language
        )
        self._stage = "answered"
        return self.planner.compose(facts[profile], decision, self._entities, language)

    def _topic_of(self, request: str, index: int, language: str) -> str:
        if self.topic_oracle:
            session = self.context.get("gold_session")
            if session is None:
                raise RuntimeError(
                    "topic_oracle=True needs context['gold_session'] (the evaluation runner provides it)"
                )
            return session.turns[index].topic
        return self.planner.topic(request, index, language)

    def _message(self, calls: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "role": "assistant",
            "content": "",
            "tool_calls": [
                {
                    "id": f"kf_{self._turn}_{k}_{c['name']}",
                    "type": "function",
                    "function": {"name": c["name"], "arguments": c["arguments"]},
                }
                for k, c in enumerate(calls)
            ],
        }
