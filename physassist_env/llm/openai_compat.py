"""The one client for OpenAI-compatible ``/chat/completions`` endpoints (vLLM, TGI, Ollama, hosted).

A plain JSON POST to ``{base_url}/chat/completions``. The API key is read from an
environment variable (its *name* is the argument) at each request and sent as
``Authorization: Bearer ...``; it is never stored, logged or put in an error.

Retries: HTTP 429 and 5xx answers and connection errors are retried ``max_retries``
times with exponential backoff (``Retry-After`` honoured, at most 30 s). A request that
got no reply within ``timeout`` is *not* retried unless ``retry_timeouts`` is set: a
server that is too slow cancels the generation, and sending the same request again
would only repeat the wait. Other 4xx answers and malformed bodies (not JSON, no
``choices``) are not retried either: they do not change on a second try. Failures raise
:class:`EndpointError`, which starts with the caller's ``purpose`` (``agent``,
``patient``, ``judge``) and says which kind of failure it was.

:meth:`ChatClient.achat` also returns the reply's token usage (``usage.prompt_tokens``,
``completion_tokens``, and the cached prompt tokens from
``usage.prompt_tokens_details.cached_tokens`` or llama.cpp's ``timings.cache_n``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import logging
import os
import random
import threading
import weakref
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)

#: HTTP statuses below 500 that are retried (5xx always are).
RETRYABLE_STATUS = frozenset({429})
#: Kinds of :class:`EndpointError`.
ERROR_KINDS = ("http", "timeout", "connection", "malformed")
MAX_BACKOFF = 30.0
# Pooled clients per event loop, shared by the clients on it. httpcore's pool does work
# proportional to (connections x waiting requests) on every request, so callers are
# spread over several small pools instead of one wide one (at 32 concurrent episodes a
# single pool spent ~5 ms of event-loop time per request).
POOL_SHARDS = 16
_CLIENTS: weakref.WeakKeyDictionary[Any, dict[int, tuple[Any, Any]]] = (
    weakref.WeakKeyDictionary()
)
_CLIENTS_LOCK = threading.Lock()
_NEXT_SHARD = itertools.count()


class EndpointError(RuntimeError):
    """The endpoint failed (after retries where the failure was transient).

    Attributes:
        status: The last HTTP status, or ``None`` for a transport or parsing failure.
        kind: ``http`` (an error status), ``timeout`` (no reply in time),
            ``connection`` (nothing answered) or ``malformed`` (a body that is not a
            chat completion).
    """

    def __init__(self, message: str, status: int | None = None, kind: str = "http"):
        super().__init__(message)
        self.status = status
        self.kind = kind

    @property
    def stops_run(self) -> bool:
        """Whether the failure concerns the endpoint rather than one request.

        A timeout, an endpoint that does not answer, a refused key (401/403) or an
        unknown model (404) would fail every following request the same way, so an
        evaluation run stops at the first one instead of failing each episode slowly.
        """
        return self.kind in ("timeout", "connection") or self.status in (401, 403, 404)


@dataclass
class ChatReply:
    """A chat completion: the first choice's message and the reply's token counts.

    ``usage`` has ``prompt_tokens``, ``completion_tokens`` and ``cached_tokens``, each
    ``None`` when the server did not report it.
    """

    message: dict[str, Any]
    usage: dict[str, int | None] = field(default_factory=dict)


_T = TypeVar("_T")


def run_sync(coro: Coroutine[Any, Any, _T]) -> _T:
    """Run ``coro`` to completion from synchronous code (in a thread if a loop is running)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def _close_at_shutdown(client: Any) -> AsyncIterator[None]:
    # An async generator left suspended: ``asyncio.run`` finalises it at loop
    # shutdown (``shutdown_asyncgens``), which closes the pooled client.
    try:
        yield
    finally:
        await client.aclose()


async def _shared_client(shard: int) -> Any:
    """The pooled ``httpx.AsyncClient`` of ``shard`` on the running event loop."""
    import httpx

    loop = asyncio.get_running_loop()
    with _CLIENTS_LOCK:
        entry = _CLIENTS.setdefault(loop, {}).get(shard)
    if entry is not None and not entry[0].is_closed:
        return entry[0]
    client = httpx.AsyncClient(
        limits=httpx.Limits(max_connections=None, max_keepalive_connections=16)
    )
    closer = _close_at_shutdown(client)
    await closer.__anext__()
    with _CLIENTS_LOCK:
        _CLIENTS[loop][shard] = (client, closer)
    return client


class ChatClient:
    """POSTs chat-completions bodies to one endpoint, with retries and backoff.

    Args:
        base_url: The API root (``http(s)://...``); ``/chat/completions`` is appended.
        model: The model name (used only in error messages; the body carries its own).
        purpose: Who is asking (``agent``, ``patient``, ``judge``); starts every error.
        api_key_env: Name of the environment variable holding the key (unset: no
            ``Authorization`` header, fine for local servers).
        timeout: Seconds per request.
        max_retries: Retries after HTTP 429/5xx or a connection error.
        backoff: First wait in seconds; it doubles per retry (jittered, at most 30 s).
        retry_timeouts: Also retry a request that got no reply within ``timeout``.

    Raises:
        ValueError: For a ``base_url`` that is not http(s) or negative retry settings.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        *,
        purpose: str,
        api_key_env: str = "OPENAI_API_KEY",
        timeout: float = 60.0,
        max_retries: int = 2,
        backoff: float = 1.0,
        retry_timeouts: bool = False,
    ):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(
                f"base_url {base_url!r} must start with http:// or https:// "
                "(e.g. http://127.0.0.1:8000/v1)"
            )
        if max_retries < 0 or backoff < 0 or timeout <= 0:
            raise ValueError(
                f"need max_retries >= 0, backoff >= 0, timeout > 0; got "
                f"max_retries={max_retries}, backoff={backoff}, timeout={timeout}"
            )
        self.base_url = base_url.rstrip("/")
        self.url = self.base_url + "/chat/completions"
        self.model = model
        self.purpose = purpose
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.retry_timeouts = retry_timeouts
        self._rng = random.Random()
        self._shard = next(_NEXT_SHARD) % POOL_SHARDS
        #: Requests sent (all attempts), for tests and reports.
        self.requests = 0

    def headers(self) -> dict[str, str]:
        """Request headers, with the key read from ``api_key_env`` now."""
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(self.api_key_env)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        return headers

    def delay(self, attempt: int, retry_after: str | None) -> float:
        """Seconds to wait before retry ``attempt`` (1-based); ``Retry-After`` wins."""
        if retry_after:
            try:
                return min(MAX_BACKOFF, max(0.0, float(retry_after)))
            except ValueError:
                pass
        base = min(MAX_BACKOFF, self.backoff * 2 ** (attempt - 1))
        return base * (0.75 + 0.5 * self._rng.random())

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        """Synchronous :meth:`acomplete` (own event loop; in a thread if one is running)."""
        return run_sync(self.acomplete(body))

    async def acomplete(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body`` (see :meth:`achat`); the first choice's message."""
        return (await self.achat(body)).message

    async def achat(self, body: dict[str, Any]) -> ChatReply:
        """POST ``body`` with retries; the first choice's message and the token usage.

        Raises:
            EndpointError: A non-retryable failure, or retries exhausted; the message
                starts with the purpose and never contains the key.
        """
        import httpx

        client = await _shared_client(self._shard)
        who = f"{self.purpose} model request to {self.url}"
        last = "no attempt"
        status: int | None = None
        kind = "http"
        retry_after: str | None = None
        attempts = self.max_retries + 1
        sent = 0
        for attempt in range(attempts):
            if attempt:
                wait = self.delay(attempt, retry_after)
                log.warning(
                    "%s: attempt %d/%d failed (%s); retrying in %.2fs",
                    who,
                    attempt,
                    attempts,
                    last,
                    wait,
                )
                await asyncio.sleep(wait)
            retry_after = None
            self.requests += 1
            sent += 1
            try:
                resp = await client.post(
                    self.url, json=body, headers=self.headers(), timeout=self.timeout
                )
            except httpx.ConnectTimeout as exc:
                last, status, kind = f"ConnectTimeout: {exc}", None, "connection"
                continue
            except httpx.TimeoutException:
                last, status, kind = (
                    f"no reply within {self.timeout:g} s",
                    None,
                    "timeout",
                )
                if self.retry_timeouts:
                    continue
                raise EndpointError(
                    f"{who} (model {self.model!r}) got no reply within {self.timeout:g} s "
                    "(not retried: a server that is too slow cancels the generation, and "
                    "the same request would only wait again)",
                    None,
                    "timeout",
                ) from None
            except httpx.TransportError as exc:
                last, status, kind = f"{type(exc).__name__}: {exc}", None, "connection"
                continue
            status, kind = resp.status_code, "http"
            if status in RETRYABLE_STATUS or status >= 500:
                last = f"HTTP {status}: {snippet(resp.text)}"
                retry_after = resp.headers.get("retry-after")
                continue
            if status >= 400:
                hint = (
                    f" (is the key in ${self.api_key_env}?)"
                    if status in (401, 403)
                    else ""
                )
                raise EndpointError(
                    f"{who} answered HTTP {status}{hint}: {snippet(resp.text)}", status
                )
            try:
                data = resp.json()
                return ChatReply(first_message(data), usage_of(data))
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                raise EndpointError(
                    f"{who} (model {self.model!r}) sent a malformed reply ({exc}): "
                    f"{snippet(resp.text)}",
                    None,
                    "malformed",
                ) from None
        raise EndpointError(
            f"{who} (model {self.model!r}) failed after {sent} attempt(s): {last}",
            status,
            kind,
        )

    async def aget(
        self, path: str, *, root: bool = False, timeout: float | None = None
    ) -> tuple[int, Any]:
        """One GET of ``{base_url}/{path}`` (``root``: of the server root, ``base_url``
        without a trailing ``/v1``), not retried; ``(status, JSON body or None)``.

        Raises:
            EndpointError: ``connection`` or ``timeout`` when nothing answered.
        """
        import httpx

        base = self.base_url
        if root and base.endswith("/v1"):
            base = base[: -len("/v1")]
        url = f"{base}/{path.lstrip('/')}"
        client = await _shared_client(self._shard)
        wait = self.timeout if timeout is None else timeout
        try:
            resp = await client.get(url, headers=self.headers(), timeout=wait)
        except httpx.ConnectTimeout as exc:
            raise EndpointError(
                f"nothing answers at {url} (ConnectTimeout: {exc})", None, "connection"
            ) from None
        except httpx.TimeoutException:
            raise EndpointError(
                f"{url} sent no reply within {wait:g} s", None, "timeout"
            ) from None
        except httpx.TransportError as exc:
            raise EndpointError(
                f"nothing answers at {url} ({type(exc).__name__}: {exc})",
                None,
                "connection",
            ) from None
        try:
            return resp.status_code, resp.json()
        except ValueError:
            return resp.status_code, None


def usage_of(data: dict[str, Any]) -> dict[str, int | None]:
    """Token counts of a chat-completions body (``None`` for what it does not report).

    Cached prompt tokens come from ``usage.prompt_tokens_details.cached_tokens``
    (OpenAI, vLLM with ``--enable-prompt-tokens-details``) or llama.cpp's
    ``timings.cache_n``.
    """
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    details = usage.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    timings = data.get("timings")
    if cached is None and isinstance(timings, dict):
        cached = timings.get("cache_n")
    return {
        "prompt_tokens": _count(usage.get("prompt_tokens")),
        "completion_tokens": _count(usage.get("completion_tokens")),
        "cached_tokens": _count(cached),
    }


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        return None
    return int(value)


def snippet(text: str, n: int = 300) -> str:
    """``text`` on one line, cut to ``n`` characters."""
    text = " ".join(text.split())
    return text[:n] + ("..." if len(text) > n else "")


def first_message(data: Any) -> dict[str, Any]:
    """The first choice's message of a chat-completions body (raises on any other shape)."""
    if not isinstance(data, dict):
        raise TypeError(f"the body is a JSON {type(data).__name__}, not an object")
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices:
        raise KeyError("no 'choices'")
    msg = choices[0].get("message") if isinstance(choices[0], dict) else None
    if not isinstance(msg, dict):
        raise KeyError("no 'choices[0].message'")
    return msg
