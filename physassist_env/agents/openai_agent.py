"""``openai``: any OpenAI-compatible ``/chat/completions`` endpoint (vLLM, TGI, Ollama, hosted).

Requests go through the shared :class:`~physassist_env.llm.openai_compat.ChatClient`
(also used by the LLM patient and the judge): a plain JSON POST to
``{base_url}/chat/completions``, the key read from an environment variable at call time
and sent as ``Authorization: Bearer ...``, never stored, logged or recorded (the agent's
``spec`` holds only the variable's *name*).

Tool modes:

* ``native``: the tool schemas go in the request's ``tools``; the reply's
  ``tool_calls`` come back. OpenAI-style APIs reject dots in function names, so
  ``Observation.search`` is sent as ``Observation_search`` (in ``tools`` and in the
  history) and mapped back in the reply.
* ``prompted``: for endpoints without tool calling. The tools are described in the
  system message and the model is asked for ``<tool_call>{...}</tool_call>`` text,
  which the environment parses; earlier calls and results are replayed as text.
* ``auto`` (default): native; when the endpoint rejects ``tools`` with HTTP 400/422 the
  same request is sent prompted, and if that works the endpoint (URL + model) is
  remembered as prompted-only for the rest of the process.

Transient failures (HTTP 408/425/429/5xx, timeouts, connection errors, a body that is
not JSON or has no ``choices``) are retried ``max_retries`` times with exponential
backoff (``Retry-After`` honoured); then :class:`EndpointError` is raised, which the
evaluation runner records as an error episode (retried on resume). Other 4xx answers
are not retried.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import re
from typing import Any

from physassist_env.agents.base import BaseAgent, register_agent
from physassist_env.llm.openai_compat import (
    RETRYABLE_STATUS as RETRYABLE_STATUS,  # re-exported: the old import path
)
from physassist_env.llm.openai_compat import (
    ChatClient,
    EndpointError,
)

log = logging.getLogger(__name__)

TOOL_MODES = ("native", "prompted", "auto")
_API_NAME = re.compile(r"[^A-Za-z0-9_-]")
# (chat URL, model) pairs that rejected native ``tools`` in auto mode.
_PROMPTED_ENDPOINTS: set[tuple[str, str]] = set()


# ---------------------------------------------------------------- prompted tools
_TOOLS_INTRO = {
    "en": (
        "# Tools\nYou can call the tools below:\n<tools>\n{tools}\n</tools>\n"
        "To call a tool, reply with one block per call and nothing else:\n"
        '<tool_call>{{"name": "<tool name>", "arguments": {{<arguments as JSON>}}}}</tool_call>\n'
        "Each result comes back in a <tool_response> block. When you have what you need, "
        "answer the physician in plain text without any <tool_call>."
    ),
    "zh": (
        "# 工具\n你可以调用以下工具：\n<tools>\n{tools}\n</tools>\n"
        "调用工具时，每次调用写一个块，不要写其他内容：\n"
        '<tool_call>{{"name": "<工具名>", "arguments": {{<JSON 参数>}}}}</tool_call>\n'
        "每个结果会以 <tool_response> 块返回。信息足够后，直接用文字回答医生，不要包含 <tool_call>。"
    ),
}


_OPTIONAL = {"en": "(? marks an optional parameter)", "zh": "（带 ? 的参数可省略）"}


def tools_prompt(
    tools: list[dict[str, Any]], language: str = "en", *, compact: bool = False
) -> str:
    """The tool description appended to the system message in prompted mode.

    Args:
        tools: OpenAI-format tool schemas.
        language: ``en`` or ``zh`` (the instructions' language).
        compact: One line per tool, ``name(param: type, ...): description`` (about a
            fifth of the tokens of the JSON schemas; for small local models).
    """
    if compact:
        lines = [_signature(t.get("function", t)) for t in tools]
        lines.append(_OPTIONAL.get(language, _OPTIONAL["en"]))
    else:
        lines = [
            json.dumps(t.get("function", t), ensure_ascii=False, separators=(",", ":"))
            for t in tools
        ]
    intro = _TOOLS_INTRO.get(language, _TOOLS_INTRO["en"])
    return intro.format(tools="\n".join(lines))


def _signature(fn: dict[str, Any]) -> str:
    params = fn.get("parameters") or {}
    required = set(params.get("required") or [])
    args = ", ".join(
        f"{name}{'' if name in required else '?'}: {spec.get('type', 'any')}"
        for name, spec in (params.get("properties") or {}).items()
    )
    description = str(fn.get("description", "")).split("\n")[0]
    return f"{fn.get('name', '')}({args}): {description}"


def _arguments_obj(arguments: Any) -> Any:
    if isinstance(arguments, str):
        try:
            return json.loads(arguments)
        except json.JSONDecodeError:
            return arguments
    return arguments if arguments is not None else {}


def prompted_messages(
    messages: list[dict[str, Any]],
    tools: list[dict[str, Any]],
    language: str = "en",
    *,
    compact: bool = False,
) -> list[dict[str, Any]]:
    """The chat rewritten for a model without native tool calling.

    The tool description joins the system message; assistant ``tool_calls`` become
    ``<tool_call>`` text; tool results become user ``<tool_response>`` blocks;
    consecutive messages of one role are merged (strict templates require
    alternation). Every message keeps a string ``content``. ``compact`` is passed
    to :func:`tools_prompt`.
    """
    out: list[dict[str, str]] = []

    def add(role: str, text: str) -> None:
        if out and out[-1]["role"] == role and role != "system":
            out[-1]["content"] = f"{out[-1]['content']}\n\n{text}".strip()
        else:
            out.append({"role": role, "content": text})

    for m in messages:
        role = m.get("role", "user")
        content = m.get("content")
        text = content if isinstance(content, str) else _text_of(content)
        if role == "assistant" and m.get("tool_calls"):
            blocks = []
            for c in m["tool_calls"]:
                fn = c.get("function", c)
                call = {
                    "name": fn.get("name", ""),
                    "arguments": _arguments_obj(fn.get("arguments")),
                }
                blocks.append(
                    f"<tool_call>{json.dumps(call, ensure_ascii=False)}</tool_call>"
                )
            add("assistant", "\n".join([text, *blocks]).strip())
        elif role == "tool":
            name = m.get("name") or ""
            head = f'<tool_response name="{name}">' if name else "<tool_response>"
            add("user", f"{head}\n{text}\n</tool_response>")
        else:
            add(role, text)
    if tools:
        prompt = tools_prompt(tools, language, compact=compact)
        if out and out[0]["role"] == "system":
            out[0]["content"] = f"{out[0]['content']}\n\n{prompt}"
        else:
            out.insert(0, {"role": "system", "content": prompt})
    return out


def _text_of(content: Any) -> str:
    """Text of a content that is ``None`` or a list of OpenAI content parts."""
    if content is None:
        return ""
    if isinstance(content, list):
        return "".join(
            str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content
        )
    return str(content)


def api_name(name: str) -> str:
    """A tool name as OpenAI-style APIs accept it (``Observation.search`` -> ``Observation_search``)."""
    return _API_NAME.sub("_", name)[:64]


# ------------------------------------------------------------------------ agent
class OpenAIAgent(BaseAgent):
    """An assistant behind an OpenAI-compatible chat-completions endpoint.

    Build it with ``make_agent("openai", model=..., ...)`` (the arguments are those of
    :func:`openai_agent`). :meth:`aact` is what the evaluation runner awaits; :meth:`act`
    is a synchronous wrapper for plain loops.
    """

    def __init__(
        self,
        model: str,
        base_url: str,
        api_key_env: str,
        temperature: float,
        max_tokens: int | None,
        timeout: float,
        max_retries: int,
        backoff: float,
        tool_mode: str,
        seed: int | None,
        extra_body: dict[str, Any] | None,
    ):
        super().__init__()
        self.model = model
        self.client = ChatClient(
            base_url,
            model,
            purpose="agent",
            api_key_env=api_key_env,
            timeout=timeout,
            max_retries=max_retries,
            backoff=backoff,
        )
        self.url = self.client.url
        self.api_key_env = api_key_env
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.tool_mode = tool_mode
        self.seed = seed
        self.extra_body = dict(extra_body or {})

    @property
    def requests(self) -> int:
        """Requests sent (all attempts), for tests and reports."""
        return self.client.requests

    # ---------------------------------------------------------------- public
    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> str | dict[str, Any]:
        """Synchronous :meth:`aact` (runs its own event loop, in a thread if one is running)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.aact(messages, tools))
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, self.aact(messages, tools)).result()

    async def aact(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The next assistant message, as an OpenAI-format dict.

        Returns:
            ``{"role": "assistant", "content": ..., "tool_calls": [...]}`` in native
            mode (tool names as the environment spelled them), or
            ``{"role": "assistant", "content": text}`` where the text may hold
            ``<tool_call>`` blocks (prompted mode, or a model that wrote them).

        Raises:
            EndpointError: The endpoint failed after retries, rejected the request, or
                kept sending malformed replies.
        """
        language = str(self.context.get("language", "en"))
        prompted = self.tool_mode == "prompted" or (
            self.tool_mode == "auto" and (self.url, self.model) in _PROMPTED_ENDPOINTS
        )
        if prompted:
            return await self._prompted(messages, tools, language)
        try:
            return await self._native(messages, tools)
        except EndpointError as exc:
            if self.tool_mode != "auto" or exc.status not in (400, 422) or not tools:
                raise
            log.warning(
                "%s rejected native tools (HTTP %s); retrying with prompted tools",
                self.url,
                exc.status,
            )
            try:
                reply = await self._prompted(messages, tools, language)
            except EndpointError as exc2:
                raise EndpointError(
                    f"{exc}; the prompted fallback failed too: {exc2}", exc2.status
                ) from None
            _PROMPTED_ENDPOINTS.add((self.url, self.model))
            return reply

    # --------------------------------------------------------------- helpers
    async def _native(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        to_api = {t["function"]["name"]: api_name(t["function"]["name"]) for t in tools}
        from_api = {v: k for k, v in to_api.items()}
        api_tools = [
            {
                "type": "function",
                "function": {
                    **t["function"],
                    "name": to_api[t["function"]["name"]],
                },
            }
            for t in tools
        ]
        body = self._body(_native_messages(messages, to_api))
        if api_tools:
            body["tools"] = api_tools
        msg = await self._complete(body)
        reply: dict[str, Any] = {
            "role": "assistant",
            "content": _text_of(msg.get("content")),
        }
        calls = msg.get("tool_calls") or []
        if not calls and isinstance(msg.get("function_call"), dict):
            calls = [{"type": "function", "function": msg["function_call"]}]
        if calls:
            reply["tool_calls"] = [
                _from_api_call(c, from_api, i) for i, c in enumerate(calls)
            ]
        return reply

    async def _prompted(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], language: str
    ) -> dict[str, Any]:
        body = self._body(prompted_messages(messages, tools, language))
        msg = await self._complete(body)
        return {"role": "assistant", "content": _text_of(msg.get("content"))}

    def _body(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "temperature": self.temperature,
        }
        if self.max_tokens is not None:
            body["max_tokens"] = self.max_tokens
        if self.seed is not None:
            body["seed"] = self.seed
        return body | self.extra_body

    async def _complete(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST with retries (the shared client); the first choice's message."""
        return await self.client.acomplete(body)


def _native_messages(
    messages: list[dict[str, Any]], to_api: dict[str, str]
) -> list[dict[str, Any]]:
    """The history as strict OpenAI APIs accept it (API tool names, no extra keys)."""
    out: list[dict[str, Any]] = []
    for m in messages:
        role = m.get("role", "user")
        if role == "tool":
            out.append(
                {
                    "role": "tool",
                    "tool_call_id": str(m.get("tool_call_id") or ""),
                    "content": _text_of(m.get("content")),
                }
            )
        elif role == "assistant" and m.get("tool_calls"):
            calls = []
            for c in m["tool_calls"]:
                fn = c.get("function", c)
                name = str(fn.get("name", ""))
                args = fn.get("arguments")
                calls.append(
                    {
                        "id": str(c.get("id") or ""),
                        "type": "function",
                        "function": {
                            "name": to_api.get(name, api_name(name)),
                            "arguments": args
                            if isinstance(args, str)
                            else json.dumps(args or {}, ensure_ascii=False),
                        },
                    }
                )
            out.append(
                {
                    "role": "assistant",
                    "content": _text_of(m.get("content")),
                    "tool_calls": calls,
                }
            )
        else:
            out.append({"role": role, "content": _text_of(m.get("content"))})
    return out


def _from_api_call(call: Any, from_api: dict[str, str], index: int) -> dict[str, Any]:
    """A returned tool call with the environment's tool name."""
    call = call if isinstance(call, dict) else {}
    fn = call.get("function") if isinstance(call.get("function"), dict) else {}
    name = str(fn.get("name") or "")
    out_fn = {**fn, "name": from_api.get(name, name)}
    out_fn.setdefault("arguments", "{}")
    return {
        "id": str(call.get("id") or f"call_{index}"),
        "type": "function",
        "function": out_fn,
    }


@register_agent("openai")
def openai_agent(
    model: str,
    base_url: str = "https://api.openai.com/v1",
    api_key_env: str = "OPENAI_API_KEY",
    temperature: float = 0.2,
    max_tokens: int | None = 1024,
    timeout: float = 120.0,
    max_retries: int = 4,
    backoff: float = 1.0,
    tool_mode: str = "auto",
    seed: int | None = None,
    extra_body: dict[str, Any] | None = None,
) -> OpenAIAgent:
    """An agent behind any OpenAI-compatible chat-completions endpoint.

    Args:
        model: Model name sent with each request (e.g. ``gpt-4o-mini``, the name a
            vLLM/Ollama server serves).
        base_url: The API root; ``/chat/completions`` is appended.
        api_key_env: Name of the environment variable holding the API key, read at
            each request (unset: no ``Authorization`` header, fine for local servers).
            The key itself is never an argument, never recorded and never logged.
        temperature: Sampling temperature.
        max_tokens: Reply length bound (``None``: not sent, the server decides).
        timeout: Seconds per request.
        max_retries: Retries after a transient failure (429, 5xx, timeout, connection
            error, malformed body); the wait doubles from ``backoff`` (at most 30 s).
        backoff: First wait in seconds.
        tool_mode: ``native``, ``prompted`` or ``auto`` (see the module docstring).
        seed: Sent as the request's ``seed`` when set (honoured by some servers).
        extra_body: Extra request fields (e.g. vLLM's ``{"top_k": 20}``).

    Raises:
        ValueError: For an invalid argument (the message names the valid values).
    """
    if not isinstance(model, str) or not model:
        raise ValueError("agent 'openai' needs model=<name served by the endpoint>")
    if tool_mode not in TOOL_MODES:
        raise ValueError(
            f"tool_mode {tool_mode!r} is not one of {', '.join(TOOL_MODES)}"
        )
    if not base_url.startswith(("http://", "https://")):
        raise ValueError(
            f"base_url {base_url!r} must start with http:// or https:// "
            "(e.g. http://127.0.0.1:8000/v1)"
        )
    if max_retries < 0 or timeout <= 0 or backoff < 0 or temperature < 0:
        raise ValueError(
            "need max_retries >= 0, timeout > 0, backoff >= 0 and temperature >= 0; got "
            f"max_retries={max_retries}, timeout={timeout}, backoff={backoff}, temperature={temperature}"
        )
    if max_tokens is not None and max_tokens < 1:
        raise ValueError(f"max_tokens must be >= 1 or None, got {max_tokens}")
    return OpenAIAgent(
        model,
        base_url,
        api_key_env,
        temperature,
        max_tokens,
        timeout,
        max_retries,
        backoff,
        tool_mode,
        seed,
        extra_body,
    )
