"""``openai``: any OpenAI-compatible ``/chat/completions`` endpoint (vLLM, SGLang, llama.cpp, Ollama, LM Studio, hosted).

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
  system message (:func:`tools_prompt`: one signature line per tool by default, the
  form the ``hf`` agent uses, or the JSON schemas) and the model is asked for
  ``<tool_call>{...}</tool_call>`` text, which the environment parses; earlier calls
  and results are replayed as text.
* ``auto`` (default): decided once per run by :meth:`OpenAIAgent.preflight` (llama.cpp's
  ``GET /props`` ``chat_template_caps.supports_tools``, else the ``prompt_tokens`` of
  one request with and one without ``tools``: a server whose chat template cannot
  render tools accepts them with HTTP 200 and shows the model none). When the check
  cannot tell (no usage reported), native, and when the endpoint rejects ``tools`` with
  HTTP 400/422 the request is re-sent prompted and the endpoint (URL + model) is
  remembered as prompted-only for the rest of the process.

Prompt caches: everything session-specific comes after what every session shares
(``prefix_cache``). The environment's system message ends with one line of session
facts (patient, admission, date); prompted mode puts the tool block before that line,
native mode moves the line to the start of the first user message (the server renders
``tools`` right after the system message), so a server's prefix cache holds across
sessions instead of breaking at the patient id.

Retries (HTTP 429/5xx, connection errors) follow the shared client; a request that gets
no reply within ``timeout`` is not retried (unless ``retry_timeouts``) and its error
names the flags that fix it. After each action :attr:`OpenAIAgent.last_usage` holds the
requests' token counts, which the evaluation runner records per turn.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from physassist_env.agents.base import (
    BaseAgent,
    Preflight,
    PreflightError,
    register_agent,
)
from physassist_env.env.prompts import all_tool_schemas, system_prompt
from physassist_env.llm.openai_compat import (
    RETRYABLE_STATUS as RETRYABLE_STATUS,  # re-exported: the old import path
)
from physassist_env.llm.openai_compat import (
    ChatClient,
    ChatReply,
    EndpointError,
    run_sync,
)

log = logging.getLogger(__name__)

TOOL_MODES = ("native", "prompted", "auto")
TOOL_PROMPTS = ("compact", "full")
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

    The tool description joins the system message, before its session line (see
    :func:`split_session_line`: what every session shares comes first, so prompt caches
    hold across sessions); assistant ``tool_calls`` become
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
            static, facts = split_session_line(out[0]["content"])
            out[0]["content"] = "\n\n".join(p for p in (static, prompt, facts) if p)
        else:
            out.insert(0, {"role": "system", "content": prompt})
    return out


def split_session_line(system: str) -> tuple[str, str]:
    """``(static instructions, session line)`` of a system message.

    The environment's system message ends with one line of session facts (patient,
    admission, today's date; :func:`physassist_env.env.prompts.system_prompt`), after
    instructions every session shares. A message of one line is all static.
    """
    static, sep, last = system.rstrip("\n").rpartition("\n")
    return (static.rstrip(), last.strip()) if sep and static.strip() else (system, "")


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
#: What the pre-flight requests ask (their replies are not used, only their usage).
_PROBE_REQUEST = "Reply with the word OK."


class OpenAIAgent(BaseAgent):
    """An assistant behind an OpenAI-compatible chat-completions endpoint.

    Build it with ``make_agent("openai", model=..., ...)`` (the arguments are those of
    :func:`openai_agent`). :meth:`aact` is what the evaluation runner awaits; :meth:`act`
    is a synchronous wrapper for plain loops; :meth:`preflight` runs once per run.
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
        tool_prompt: str,
        prefix_cache: bool,
        retry_timeouts: bool,
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
            retry_timeouts=retry_timeouts,
        )
        self.url = self.client.url
        self.api_key_env = api_key_env
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.tool_mode = tool_mode
        self.tool_prompt = tool_prompt
        self.prefix_cache = prefix_cache
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
        return run_sync(self.aact(messages, tools))

    async def aact(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The next assistant message, as an OpenAI-format dict.

        Returns:
            ``{"role": "assistant", "content": ..., "tool_calls": [...]}`` in native
            mode (tool names as the environment spelled them), or
            ``{"role": "assistant", "content": text}`` where the text may hold
            ``<tool_call>`` blocks (prompted mode, or a model that wrote them).
            :attr:`last_usage` then holds the tokens of the request(s).

        Raises:
            EndpointError: The endpoint failed after retries, rejected the request, or
                sent a malformed reply; a timeout's message names the flags to change.
        """
        self.last_usage = {
            "requests": 0,
            "prompt_tokens": None,
            "completion_tokens": None,
            "cached_tokens": None,
        }
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
                    f"{exc}; the prompted fallback failed too: {exc2}",
                    exc2.status,
                    exc2.kind,
                ) from None
            _PROMPTED_ENDPOINTS.add((self.url, self.model))
            return reply

    def preflight(self) -> Preflight:
        """Check the endpoint once before a run, and decide the tool mode.

        1. ``GET {base_url}/models`` (one try, no retry): nothing answering, or a refused
           key, fails at once.
        2. One small request without tools (``max_tokens`` 1): the model must answer; an
           unknown model fails with the names the server lists.
        3. Unless ``tool_mode`` is ``prompted``: whether the endpoint shows the model the
           tools. llama.cpp says so in ``GET /props`` (``chat_template_caps.
           supports_tools``); otherwise the same request with ``tools`` must cost more
           ``prompt_tokens`` (the 22 schemas are about 3,000 tokens; a template that
           cannot render tools adds none). ``auto`` becomes ``native`` or ``prompted``
           (recorded with the reason); ``native`` on an endpoint that drops tools fails.

        Raises:
            PreflightError: One line saying what is wrong and what to do.
        """
        return run_sync(self._apreflight())

    # --------------------------------------------------------------- helpers
    def _native_body(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """The native request body and the map from API tool names back to the environment's."""
        to_api = {t["function"]["name"]: api_name(t["function"]["name"]) for t in tools}
        api_tools = [
            {
                "type": "function",
                "function": {**t["function"], "name": to_api[t["function"]["name"]]},
            }
            for t in tools
        ]
        chat = _native_messages(messages, to_api)
        if self.prefix_cache:
            chat = _facts_to_first_user(chat)
        body = self._body(chat)
        if api_tools:
            body["tools"] = api_tools
        return body, {v: k for k, v in to_api.items()}

    def _prompted_body(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], language: str
    ) -> dict[str, Any]:
        chat = prompted_messages(
            messages, tools, language, compact=self.tool_prompt == "compact"
        )
        return self._body(chat)

    async def _native(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        body, from_api = self._native_body(messages, tools)
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
        msg = await self._complete(self._prompted_body(messages, tools, language))
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
        """POST with retries (the shared client); the first choice's message.

        The reply's token counts are added to :attr:`last_usage`.
        """
        reply = await self._chat(body)
        usage = self.last_usage if self.last_usage is not None else {}
        usage["requests"] = int(usage.get("requests") or 0) + 1
        for key, value in reply.usage.items():
            if value is not None:
                usage[key] = int(usage.get(key) or 0) + value
        self.last_usage = usage
        return reply.message

    async def _chat(self, body: dict[str, Any]) -> ChatReply:
        """:meth:`ChatClient.achat`, with a timeout's error naming the flags to change."""
        try:
            return await self.client.achat(body)
        except EndpointError as exc:
            if exc.kind != "timeout":
                raise
            bound = "unbounded" if self.max_tokens is None else f"now {self.max_tokens}"
            raise EndpointError(
                f"{exc}; give each request more time with --timeout SECONDS (now "
                f"{self.timeout:g}; a resumed run may change it), send fewer requests "
                f"at once with --concurrency N, or bound each reply with --max-tokens N "
                f"({bound}; in a new run: it changes the answers)",
                exc.status,
                exc.kind,
            ) from None

    # ------------------------------------------------------------ pre-flight
    async def _apreflight(self) -> Preflight:
        found = Preflight()
        served = await self._served_models(found)
        chat = [
            {
                "role": "system",
                "content": system_prompt(
                    "en",
                    patient_id="preflight",
                    hadm_id=None,
                    current_date="2100-01-01",
                ),
            },
            {"role": "user", "content": _PROBE_REQUEST},
        ]
        try:
            plain = await self._probe(self._native_body(chat, [])[0])
        except EndpointError as exc:
            raise self._probe_failed(exc, served) from None
        if served is not None and self.model not in served:
            found.notes.append(
                f"{self.client.base_url} does not list model {self.model!r} (it lists "
                f"{_names(served)}) but answered for it; llama.cpp serves its one model "
                "under any name"
            )
        if self.tool_mode == "prompted":
            found.facts["tools"] = "prompted (tool_mode=prompted)"
            return found
        rendered, why = await self._renders_tools(chat, plain, served, found)
        found.facts["tools_reason"] = why
        if rendered is None:
            then = (
                "tool_mode=native sends them anyway"
                if self.tool_mode == "native"
                else "using native tools, prompted after an HTTP 400/422"
            )
            found.notes.append(
                f"could not tell whether {self.client.base_url} shows the model the "
                f"tools ({why}); {then}"
            )
        elif rendered:
            found.facts["tools"] = "native"
            if self.tool_mode == "auto":
                found.args["tool_mode"] = "native"
            found.notes.append(f"native tools: {why}")
        elif self.tool_mode == "native":
            raise PreflightError(
                f"tool_mode=native, but {self.client.base_url} does not show model "
                f"{self.model!r} the tools ({why}): the run would have no tools. Serve a "
                "chat template that renders tools (docs/evaluation.md, 'Serving a model') "
                "or use tool_mode=auto"
            )
        else:
            found.facts["tools"] = "prompted (the endpoint does not render tools)"
            found.args["tool_mode"] = "prompted"
            found.notes.append(
                f"{self.client.base_url} does not show model {self.model!r} the tools "
                f"({why}); switching to prompted tools (described in the system "
                "message). For native tool calls serve a chat template that renders "
                "tools (docs/evaluation.md, 'Serving a model')"
            )
        return found

    async def _served_models(self, found: Preflight) -> list[str] | None:
        """The model names ``GET /models`` lists (``None``: the server lists none)."""
        try:
            status, data = await self.client.aget(
                "models", timeout=min(self.timeout, 15)
            )
        except EndpointError as exc:
            raise PreflightError(
                f"agent endpoint {self.client.base_url}: {exc}; is the server running "
                "and --base-url right (e.g. http://127.0.0.1:8000/v1)?"
            ) from None
        if status in (401, 403):
            raise PreflightError(
                f"agent endpoint {self.client.base_url} refused GET /models with HTTP "
                f"{status}: is the key in ${self.api_key_env} (--api-key-env)?"
            )
        rows = data.get("data") if status == 200 and isinstance(data, dict) else None
        if not isinstance(rows, list):
            return None
        served = [str(r["id"]) for r in rows if isinstance(r, dict) and r.get("id")]
        found.facts["served_models"] = served[:50]
        return served

    async def _probe(self, body: dict[str, Any]) -> ChatReply:
        """One small request of the pre-flight (``max_tokens`` 1 when replies are bounded)."""
        if self.max_tokens is not None:
            body["max_tokens"] = 1
        return await self._chat(body)

    def _probe_failed(
        self, exc: EndpointError, served: list[str] | None
    ) -> PreflightError:
        """The one-line error of a failed pre-flight request."""
        if served is not None and self.model not in served:
            return PreflightError(
                f"model {self.model!r} is not served by {self.client.base_url}; it "
                f"serves {_names(served)} (give one with --model): {exc}"
            )
        return PreflightError(str(exc))

    async def _renders_tools(
        self,
        chat: list[dict[str, Any]],
        plain: ChatReply,
        served: list[str] | None,
        found: Preflight,
    ) -> tuple[bool | None, str]:
        """Whether the endpoint shows the model the tools, and how that was found out."""
        try:
            status, props = await self.client.aget("props", root=True, timeout=10)
        except EndpointError:
            status, props = 0, None
        caps = props.get("chat_template_caps") if isinstance(props, dict) else None
        if status == 200 and isinstance(caps, dict) and "supports_tools" in caps:
            found.facts["chat_template_caps"] = caps
            value = bool(caps["supports_tools"])
            return value, f"GET /props says chat_template_caps.supports_tools = {value}"
        tools = all_tool_schemas("en")
        body, _ = self._native_body(chat, tools)
        try:
            with_tools = await self._probe(body)
        except EndpointError as exc:
            if exc.status in (400, 422):
                return False, f"it rejects requests with tools: {exc}"
            raise self._probe_failed(exc, served) from None
        before = plain.usage.get("prompt_tokens")
        after = with_tools.usage.get("prompt_tokens")
        if before is None or after is None:
            return None, "it reports no usage.prompt_tokens"
        schema_tokens = len(json.dumps(body["tools"], ensure_ascii=False)) // 4
        found.facts |= {
            "prompt_tokens_without_tools": before,
            "prompt_tokens_with_tools": after,
            "tool_schema_tokens_estimate": schema_tokens,
        }
        how = (
            f"usage.prompt_tokens is {before} without and {after} with the "
            f"{len(tools)} tools, whose schemas are about {schema_tokens} tokens"
        )
        return after - before >= max(32, schema_tokens // 10), how


def _names(served: list[str]) -> str:
    shown = ", ".join(repr(n) for n in served[:8])
    return (
        (shown + f" and {len(served) - 8} more") if len(served) > 8 else shown or "none"
    )


def _facts_to_first_user(chat: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The system message without its session line, which starts the first user message.

    The server renders ``tools`` right after the system message, so this puts every
    byte that differs between sessions after the tool block (see the module docstring).
    """
    if not chat or chat[0]["role"] != "system":
        return chat
    static, facts = split_session_line(str(chat[0]["content"]))
    first_user = next((i for i, m in enumerate(chat) if m["role"] == "user"), None)
    if not facts or first_user is None:
        return chat
    out = [dict(m) for m in chat]
    out[0]["content"] = static
    out[first_user]["content"] = f"{facts}\n\n{out[first_user]['content']}"
    return out


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


@register_agent(
    "openai",
    runtime_args=("timeout", "max_retries", "backoff", "retry_timeouts", "api_key_env"),
)
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
    tool_prompt: str = "compact",
    prefix_cache: bool = True,
    retry_timeouts: bool = False,
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
        timeout: Seconds per request; a request without a reply by then fails (and
            stops an evaluation run) instead of being sent again.
        max_retries: Retries after HTTP 429/5xx or a connection error; the wait doubles
            from ``backoff`` (at most 30 s).
        backoff: First wait in seconds.
        tool_mode: ``native``, ``prompted`` or ``auto`` (see the module docstring).
        tool_prompt: How prompted mode describes the tools: ``compact`` (one signature
            line per tool, about 950 tokens for the 22 tools, as the ``hf`` agent) or
            ``full`` (the JSON schemas, about 3,000 tokens).
        prefix_cache: Put the session line after the tools (see the module docstring).
        retry_timeouts: Also retry a request that timed out (``max_retries`` times).
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
    if tool_prompt not in TOOL_PROMPTS:
        raise ValueError(
            f"tool_prompt {tool_prompt!r} is not one of {', '.join(TOOL_PROMPTS)}"
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
    if extra_body is not None and not isinstance(extra_body, dict):
        raise ValueError(
            f'extra_body must be a mapping of request fields, e.g. {{"top_k": 20}}; '
            f"got {extra_body!r}"
        )
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
        tool_prompt,
        bool(prefix_cache),
        bool(retry_timeouts),
        seed,
        extra_body,
    )
