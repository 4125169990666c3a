"""A local, scripted OpenAI-compatible ``/v1/chat/completions`` server for tests and benchmarks.

Real HTTP on 127.0.0.1 (a free port), served by ``http.server`` threads in the
background, so the agent under test goes through its real client, retries and timeouts.

Replies come from a *script*: a callable ``(body, n) -> Reply`` where ``body`` is the
request JSON and ``n`` the 0-based request count. :func:`clinical_script` is a small
deterministic assistant: per physician request it makes ``calls`` tool calls (native
``tool_calls`` when the request carries ``tools``, ``<tool_call>`` text otherwise)
and then answers. :class:`Reply` can also be a non-JSON body, any status, any headers.

Server behaviours, each a constructor argument: ``usage`` adds llama.cpp-shaped token
counts (``usage`` and ``timings``: one token per 4 characters of what the template
shows the model), ``drop_tools`` accepts ``tools`` with HTTP 200 and shows the model
none (a llama.cpp chat template that cannot render tools), ``props`` is served at
``GET /props`` and ``models`` at ``GET /v1/models``, and ``hold`` keeps chosen requests
unanswered until the server stops (a server too slow for the client's timeout, without
any sleep racing the client).

Use::

    with MockOpenAI(latency=0.1) as mock:
        make_agent("openai", model="mock", base_url=mock.base_url)

or in a process of its own: ``python tests/agents/mock_openai.py --latency 0.1``
(prints the base URL; ``GET /stats`` returns the request count).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    """One scripted HTTP reply: a JSON object, or raw text (to be malformed)."""

    body: dict[str, Any] | str
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


def completion(message: dict[str, Any], model: str = "mock") -> Reply:
    """A well-formed chat-completions reply carrying ``message``."""
    return Reply(
        {
            "id": "chatcmpl-mock",
            "object": "chat.completion",
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", **message},
                    "finish_reason": "tool_calls"
                    if message.get("tool_calls")
                    else "stop",
                }
            ],
        }
    )


def text_reply(text: str) -> Reply:
    """A plain assistant message."""
    return completion({"content": text})


def tool_reply(name: str, arguments: dict[str, Any], call_id: str = "call_0") -> Reply:
    """A native tool call (arguments sent as a JSON string, as OpenAI does)."""
    return completion(
        {
            "content": None,
            "tool_calls": [
                {
                    "id": call_id,
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(arguments)},
                }
            ],
        }
    )


def _physician_index(messages: list[dict[str, Any]]) -> int:
    """Index of the last physician request (a user message that is not a tool result)."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        content = str(m.get("content") or "")
        if m.get("role") == "user" and not content.startswith("<tool_response"):
            return i
    return 0


# Preferred calls: (dotted name, arguments); the first ones offered are used.
_CALLS = [
    ("Patient.read", {}),
    ("Observation.search", {"category": "laboratory", "_count": 5}),
    ("Condition.search", {}),
    ("MedicationRequest.search", {}),
]


def clinical_script(
    calls: int = 2, answer: str = "Reviewed the chart; values as listed."
) -> Callable[[dict[str, Any], int], Reply]:
    """Per physician request: ``calls`` tool calls, then ``answer``.

    Native requests (with ``tools``) get ``tool_calls`` named as the request's tools
    name them (``Patient_read``); prompted requests get ``<tool_call>`` text with the
    dotted names.
    """

    def script(body: dict[str, Any], n: int) -> Reply:
        messages = body.get("messages") or []
        start = _physician_index(messages)
        done = sum(1 for m in messages[start + 1 :] if m.get("role") == "assistant")
        if done >= calls:
            return text_reply(answer)
        name, args = _CALLS[done % len(_CALLS)]
        if body.get("tools"):
            offered = {t["function"]["name"] for t in body["tools"]}
            api = name.replace(".", "_")
            return tool_reply(api if api in offered else name, args, f"call_{n}")
        block = json.dumps({"name": name, "arguments": args})
        return text_reply(f"<tool_call>{block}</tool_call>")

    return script


class MockOpenAI:
    """The server. Start with ``with`` (or :meth:`start` / :meth:`stop`).

    Args:
        script: ``(body, n) -> Reply``; default :func:`clinical_script`.
        latency: Seconds to wait before each reply (a float, or ``n -> float``).
        reject_tools: Answer HTTP 400 to any request carrying ``tools`` (an endpoint
            without tool calling).
        drop_tools: Accept ``tools`` with HTTP 200 but show the model (the script and
            the token count) none, as llama.cpp does with a template that cannot
            render tools.
        usage: Add ``usage`` and llama.cpp's ``timings`` to JSON replies: prompt
            tokens = characters of the messages (and of the tools the model is shown)
            / 4; ``cache_n`` = the prompt tokens shared with the previous request.
        props: Served at ``GET /props`` (llama.cpp's server properties); else 404.
        models: Model ids served at ``GET /v1/models``; else 404.
        hold: ``n -> bool``: requests for which it is true get no reply until the
            server stops (the client times out first).
        port: The port to bind (0: a free one); a server restarted on the port of a
            stopped one is the "same" endpoint for a resumed run.

    Attributes:
        requests: Every POST received: ``{"body", "headers", "path"}`` (in order).
        gets: The paths of every GET received.
        base_url: ``http://127.0.0.1:<port>/v1`` once started.
    """

    def __init__(
        self,
        script: Callable[[dict[str, Any], int], Reply] | None = None,
        *,
        latency: float | Callable[[int], float] = 0.0,
        reject_tools: bool = False,
        drop_tools: bool = False,
        usage: bool = False,
        props: dict[str, Any] | None = None,
        models: list[str] | None = None,
        hold: Callable[[int], bool] | None = None,
        port: int = 0,
    ):
        self.script = script or clinical_script()
        self.latency = latency
        self.reject_tools = reject_tools
        self.drop_tools = drop_tools
        self.usage = usage
        self.props = props
        self.models = models
        self.hold = hold
        self.port = port
        self.released = threading.Event()
        self.gets: list[str] = []
        self._last_prompt = ""
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The API root to give the agent."""
        assert self._server is not None, "start the server first"
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def _handle(self, path: str, headers: dict[str, str], raw: bytes) -> Reply:
        with self._lock:
            n = len(self.requests)
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {"_raw": raw.decode("utf-8", "replace")}
            self.requests.append({"body": body, "headers": headers, "path": path})
        if self.hold is not None and self.hold(n):
            self.released.wait()  # set by stop(): the client has long given up
            return Reply({"error": {"message": "server stopped"}}, status=503)
        delay = self.latency(n) if callable(self.latency) else self.latency
        if delay:
            time.sleep(delay)
        if path.rstrip("/") != "/v1/chat/completions":
            return Reply({"error": {"message": f"no route {path}"}}, status=404)
        if self.reject_tools and body.get("tools"):
            return Reply(
                {
                    "error": {
                        "message": "this model does not support tools",
                        "type": "invalid_request_error",
                    }
                },
                status=400,
            )
        shown = (
            {k: v for k, v in body.items() if k != "tools"} if self.drop_tools else body
        )
        reply = self.script(shown, n)
        if self.usage and isinstance(reply.body, dict) and reply.status == 200:
            reply = Reply(dict(reply.body), reply.status, reply.headers)
            reply.body.update(self._usage(shown, reply.body))  # type: ignore[union-attr]
        return reply

    def _usage(self, body: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
        """llama.cpp-shaped ``usage`` and ``timings`` for a request as the model saw it."""
        prompt = json.dumps(body.get("messages") or [], ensure_ascii=False)
        if body.get("tools"):
            prompt = json.dumps(body["tools"], ensure_ascii=False) + prompt
        with self._lock:
            shared = 0
            for a, b in zip(prompt, self._last_prompt, strict=False):
                if a != b:
                    break
                shared += 1
            self._last_prompt = prompt
        message = (reply.get("choices") or [{}])[0].get("message") or {}
        completion = json.dumps(
            [message.get("content"), message.get("tool_calls")], ensure_ascii=False
        )
        prompt_tokens, completion_tokens = (
            len(prompt) // 4,
            max(1, len(completion) // 4),
        )
        return {
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
            "timings": {
                "cache_n": shared // 4,
                "prompt_n": prompt_tokens - shared // 4,
                "predicted_n": completion_tokens,
            },
        }

    def start(self) -> MockOpenAI:
        """Bind a free port and serve in a daemon thread."""
        mock = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real servers
            # headers and body go out in two writes: without TCP_NODELAY each reply
            # waits ~40 ms for the client's delayed ACK
            disable_nagle_algorithm = True

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                reply = mock._handle(self.path, dict(self.headers.items()), raw)
                data = (
                    reply.body.encode()
                    if isinstance(reply.body, str)
                    else json.dumps(reply.body).encode()
                )
                self.send_response(reply.status)
                ctype = (
                    "text/plain" if isinstance(reply.body, str) else "application/json"
                )
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(data)))
                for k, v in reply.headers.items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802
                mock.gets.append(self.path)
                path = self.path.rstrip("/")
                if path == "/stats":
                    status, body = 200, {"requests": len(mock.requests)}
                elif path == "/props" and mock.props is not None:
                    status, body = 200, mock.props
                elif path == "/v1/models" and mock.models is not None:
                    status, body = (
                        200,
                        {
                            "object": "list",
                            "data": [
                                {"id": m, "object": "model", "owned_by": "mock"}
                                for m in mock.models
                            ],
                        },
                    )
                else:
                    status, body = 404, {"error": {"message": f"no route {path}"}}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                return  # quiet

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 256

            def handle_error(self, request: Any, client_address: Any) -> None:
                return  # a client that timed out and hung up is expected in tests

        self._server = Server(("127.0.0.1", self.port), Handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and free the port (held requests are released first)."""
        self.released.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> MockOpenAI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


if __name__ == "__main__":
    # Serve in a process of its own (benchmarks: keeps the server off the client's GIL).
    # Prints the base URL on the first line; GET /stats returns the request count.
    import argparse

    parser = argparse.ArgumentParser(description="scripted OpenAI-compatible mock")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per reply")
    parser.add_argument("--calls", type=int, default=2, help="tool calls per request")
    ns = parser.parse_args()
    server = MockOpenAI(clinical_script(calls=ns.calls), latency=ns.latency).start()
    print(server.base_url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()
