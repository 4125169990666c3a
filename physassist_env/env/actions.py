"""Parsing what a model emits into tool calls or a final answer; never raises.

Accepted encodings of tool calls (several calls in one action run in order):

* an OpenAI assistant message dict with ``tool_calls`` (``function.arguments`` as a
  JSON string or an object);
* Hermes/Qwen text: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>``;
* a bare JSON call: ``{"name": ..., "arguments": {...}}`` (or ``"parameters"``), or a
  JSON list of such calls.

Anything else is the final answer to the physician (``<think>...</think>`` removed).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from physassist_env.jsonsafe import JsonValueError, json_problem, loads

MAX_ACTION_CHARS = 32_000
_TOOL_CALL_RE = re.compile(r"<tool_call>(.*?)(?:</tool_call>|$)", re.DOTALL)
_THINK_RE = re.compile(r"<think>.*?(?:</think>|$)", re.DOTALL)


@dataclass
class ParsedCall:
    """One tool call as emitted: name, arguments (dict or raw string) and the call id."""

    name: str
    arguments: Any
    id: str = ""


@dataclass
class ParsedAction:
    """What an action means.

    Attributes:
        calls: Tool calls to run, in order (empty for a final answer).
        answer: The final answer text when there are no calls.
        content: The free text that came with the calls (kept in the history).
        error: Why the action could not be understood (then nothing runs).
    """

    calls: list[ParsedCall] = field(default_factory=list)
    answer: str | None = None
    content: str = ""
    error: str | None = None


EXPECTED = (
    'send either a final answer as plain text, or tool calls as OpenAI "tool_calls", '
    '<tool_call>{"name": "...", "arguments": {...}}</tool_call>, or a bare JSON object '
    '{"name": "...", "arguments": {...}}'
)


def _call_from_obj(obj: Any) -> ParsedCall | None:
    if not isinstance(obj, dict):
        return None
    fn = obj.get("function") if isinstance(obj.get("function"), dict) else obj
    name = fn.get("name")
    if not isinstance(name, str) or not name:
        return None
    args = fn.get("arguments", fn.get("parameters", {}))
    return ParsedCall(
        name=name,
        arguments=args if args is not None else {},
        id=str(obj.get("id") or ""),
    )


def _strip_think(text: str) -> str:
    return _THINK_RE.sub("", text).strip()


def parse_action(action: Any) -> ParsedAction:
    """Interpret one action (string or OpenAI-format dict). Never raises.

    A dict action must be plain, bounded JSON (see :func:`physassist_env.jsonsafe.json_problem`):
    sets, bytes, integers of more than 4,000 digits or nesting deeper than 64 levels give
    an error, as does JSON text holding such numbers or nesting.
    """
    try:
        return _parse(action)
    except Exception as exc:  # a last guard: a model's output must never crash the env
        return ParsedAction(
            error=f"the action could not be read ({type(exc).__name__}); {EXPECTED}"
        )


def _parse(action: Any) -> ParsedAction:
    if isinstance(action, dict):
        problem = json_problem(action)
        if problem:
            return ParsedAction(
                error=f"the action cannot be used: {problem}; {EXPECTED}"
            )
        content = action.get("content")
        content = (
            content
            if isinstance(content, str)
            else ""
            if content is None
            else json.dumps(content, ensure_ascii=False)[:MAX_ACTION_CHARS]
        )
        raw_calls = action.get("tool_calls")
        if raw_calls:
            if not isinstance(raw_calls, list):
                return ParsedAction(error=f"tool_calls must be a list; {EXPECTED}")
            calls = [_call_from_obj(c) for c in raw_calls]
            if any(c is None for c in calls):
                return ParsedAction(
                    error=f"a tool call has no function name; {EXPECTED}"
                )
            return ParsedAction(
                calls=[c for c in calls if c], content=_strip_think(content)
            )
        action = content
    if not isinstance(action, str):
        return ParsedAction(
            error=f"an action must be a string or an assistant message dict, got {type(action).__name__}; {EXPECTED}"
        )
    if len(action) > MAX_ACTION_CHARS:
        return ParsedAction(
            error=f"the message is {len(action)} characters long; at most {MAX_ACTION_CHARS} are accepted"
        )
    text = action.replace("\x00", "")
    if "<tool_call>" in text:
        calls: list[ParsedCall] = []
        for block in _TOOL_CALL_RE.findall(text):
            try:
                obj = loads(block.strip())
            except JsonValueError as exc:
                return ParsedAction(
                    error=f"could not parse the tool call {block.strip()[:200]!r}: {exc}; {EXPECTED}"
                )
            call = _call_from_obj(obj)
            if call is None:
                return ParsedAction(
                    error=f'the tool call {block.strip()[:200]!r} has no "name"; {EXPECTED}'
                )
            calls.append(call)
        content = _strip_think(_TOOL_CALL_RE.sub("", text))
        return ParsedAction(calls=calls, content=content)
    stripped = _strip_think(text)
    if stripped[:1] in "{[":
        try:
            obj = loads(stripped)
        except JsonValueError as exc:
            if not str(exc).startswith("it is not valid JSON"):
                return ParsedAction(
                    error=f"could not read the JSON message {stripped[:200]!r}: {exc}; {EXPECTED}"
                )
            obj = None
        objs = obj if isinstance(obj, list) else [obj]
        calls_or_none = [_call_from_obj(o) for o in objs] if obj is not None else []
        if calls_or_none and all(c is not None for c in calls_or_none):
            return ParsedAction(calls=[c for c in calls_or_none if c])
    if not stripped:
        return ParsedAction(error=f"the message is empty; {EXPECTED}")
    return ParsedAction(answer=stripped)
