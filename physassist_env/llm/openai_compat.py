"""The one client for OpenAI-compatible ``/chat/completions`` endpoints (vLLM, TGI, Ollama, hosted).

A plain JSON POST to ``{base_url}/chat/completions``. The API key is read from an
environment variable (its *name* is the argument) at each request and sent as
``Authorization: Bearer ...``; it is never stored, logged or put in an error.

Transient failures (HTTP 408/425/429/5xx, timeouts, connection errors, a body that is
not JSON or has no ``choices``) are retried ``max_retries`` times with exponential
backoff (``Retry-After`` honoured, at most 30 s); then :class:`EndpointError` is raised.
Other 4xx answers are not retried. Every error names the caller's ``purpose``
(``agent``, ``patient``, ``judge``) so a judge failure reads as a judge failure.
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
from collections.abc import AsyncIterator
from typing import Any

log = logging.getLogger(__name__)

RETRYABLE_STATUS = frozenset({408, 425, 429})
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
    """

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


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
        max_retries: Retries after a transient failure.
        backoff: First wait in seconds; it doubles per retry (jittered, at most 30 s).

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
        self.url = base_url.rstrip("/") + "/chat/completions"
        self.model = model
        self.purpose = purpose
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
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
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.acomplete(body))
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, self.acomplete(body)).result()

    async def acomplete(self, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body`` with retries; the first choice's message.

        Raises:
            EndpointError: A non-retryable HTTP error, or retries exhausted; the
                message starts with the purpose and never contains the key.
        """
        import httpx

        client = await _shared_client(self._shard)
        who = f"{self.purpose} model request to {self.url}"
        last = "no attempt"
        status: int | None = None
        retry_after: str | None = None
        attempts = self.max_retries + 1
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
            try:
                resp = await client.post(
                    self.url, json=body, headers=self.headers(), timeout=self.timeout
                )
            except httpx.TimeoutException:
                last, status = f"no reply within {self.timeout} s", None
                continue
            except httpx.TransportError as exc:
                last, status = f"{type(exc).__name__}: {exc}", None
                continue
            status = resp.status_code
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
                return first_message(resp.json())
            except (ValueError, KeyError, IndexError, TypeError) as exc:
                last = f"malformed reply ({exc}): {snippet(resp.text)}"
                status = None
                continue
        raise EndpointError(
            f"{who} (model {self.model!r}) failed after {attempts} attempt(s): {last}",
            status,
        )


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
