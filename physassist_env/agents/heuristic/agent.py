"""``heuristic``: a rule-based, non-LLM baseline that really uses the tools.

Per physician request (EN or ZH) it decides the intent with keyword rules
(:mod:`.intents`, written from train-split phrasing only), runs the tools of that intent's
plan (:mod:`.plans`), and answers from what the tools returned (:mod:`.answers`), with its
own cited clinical thresholds (:mod:`.knowledge`).

It is a template-matching floor, reported beside ``no-tool`` and ``oracle``. It sees only
what any agent sees: the chat (observation text and tool results), the tool schemas and the
session facts of ``start``. It imports nothing from the scenario generator, the grader, the
synthetic hospital or the official loader (``tests/agents/test_heuristic.py`` checks the
imports). It is stateless between steps (everything is re-derived from the chat) and
deterministic.
"""

from __future__ import annotations

import json
from typing import Any

from physassist_env.agents.base import BaseAgent, register_agent
from physassist_env.agents.heuristic import parse as P
from physassist_env.agents.heuristic.answers import answer
from physassist_env.agents.heuristic.intents import Intent, interpret
from physassist_env.agents.heuristic.plans import Call, stages
from physassist_env.agents.heuristic.view import TurnView


def _is_request(msg: dict[str, Any]) -> bool:
    content = str(msg.get("content") or "")
    return msg.get("role") == "user" and not content.startswith(("ERROR", "NOTE"))


def _tool_name(schema: dict[str, Any]) -> str:
    fn = schema.get("function") if isinstance(schema.get("function"), dict) else schema
    return str(fn.get("name", ""))


def _results(turn: list[dict[str, Any]]) -> dict[str, str]:
    """Tool results of this request by call key (the key rides in the call id after ``__``)."""
    out: dict[str, str] = {}
    for m in turn:
        if m.get("role") == "tool":
            cid = str(m.get("tool_call_id") or "")
            key = cid.split("__", 1)[1] if "__" in cid else str(m.get("name") or "")
            out[key] = str(m.get("content") or "")
    return out


class HeuristicAgent(BaseAgent):
    """Keyword intents, planned tool calls, answers composed from parsed tool output."""

    privileged = False

    @property
    def language(self) -> str:
        """The session's language (``en`` or ``zh``)."""
        return "zh" if self.context.get("language") == "zh" else "en"

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """The next tool calls of the open request, or the answer once they have all run."""
        starts = [i for i, m in enumerate(messages) if _is_request(m)]
        if not starts:
            return (
                "请问需要我做什么？"
                if self.language == "zh"
                else "How can I help with this patient?"
            )
        start = starts[-1]
        memory: list[Intent] = []
        for i in starts[:-1]:
            memory.append(interpret(str(messages[i]["content"]), memory))
        intent = interpret(str(messages[start]["content"]), memory)
        turn = messages[start + 1 :]
        view = TurnView(
            _results(turn),
            language=self.language,
            current_date=str(self.context.get("current_date") or ""),
            admission=self._admission(messages),
        )
        done = sum(
            1 for m in turn if m.get("role") == "assistant" and m.get("tool_calls")
        )
        plan = stages(
            intent, admission_known=self._admission(messages[:start]) is not None
        )
        for step, stage in enumerate(plan):
            calls = stage(intent, view)
            if (
                not calls
            ):  # nothing to do at this stage (e.g. no reads before a consult)
                continue
            if done == 0:
                return self._calls(
                    calls, f"{len(starts) - 1}_{step}", _underscored(tools)
                )
            done -= 1
        return answer(intent, view)

    def _calls(self, calls: list[Call], step: str, underscored: bool) -> dict[str, Any]:
        """An assistant message with the calls (tool names as the schemas spell them); each
        call id ends in ``__<call key>`` so the answer can find the result."""
        out = [
            {
                "id": f"hx{step}_{k}__{key}",
                "type": "function",
                "function": {
                    "name": name.replace(".", "_") if underscored else name,
                    "arguments": json.dumps(args, ensure_ascii=False),
                },
            }
            for k, (key, name, args) in enumerate(calls)
        ]
        return {"role": "assistant", "content": "", "tool_calls": out}

    def _admission(self, messages: list[dict[str, Any]]) -> str | None:
        """The admission's start date from the latest successful ``Encounter.search``."""
        for m in reversed(messages):
            if (
                m.get("role") == "tool"
                and str(m.get("name", "")).replace("_", ".") == "Encounter.search"
                and not str(m.get("content", "")).startswith("ERROR")
            ):
                found = P.parse_admission(
                    str(m["content"]), str(self.context.get("hadm_id") or "")
                )
                if found:
                    return found
        return None


def _underscored(tools: list[dict[str, Any]]) -> bool:
    """Whether the tool schemas spell names with underscores (``Observation_search``)."""
    return any(_tool_name(t) == "Observation_search" for t in tools or [])


@register_agent("heuristic")
def heuristic() -> HeuristicAgent:
    """The rule-based baseline (see :class:`HeuristicAgent`)."""
    return HeuristicAgent()
