"""A scripted OpenAI-compatible ``/v1/chat/completions`` server for the hub tests.

The "model" plays a fixed script per session: it recognises the session by the opening
messages (the instructions and the first request) and answers the n-th request of the
conversation with the n-th scripted message (standard ``tool_calls`` or text). It lets
``vf-eval`` run full sessions offline, with no model weights.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

#: One scripted model message: ``("call", name, arguments)``, ``("hermes", name,
#: arguments)`` (a ``<tool_call>`` in the text), ``("text", answer)`` or
#: ``("echo_tool",)`` (answer with the last tool result it was given).
Step = tuple


def opening_key(messages: list[dict[str, Any]]) -> str:
    """The part of a conversation that names its session: the first two messages' text."""
    return "\n".join(str(m.get("content") or "") for m in messages[:2])


def _reply(step: Step, index: int, messages: list[dict[str, Any]]) -> dict[str, Any]:
    if step[0] == "echo_tool":
        tools = [m for m in messages if m.get("role") == "tool"]
        return {
            "role": "assistant",
            "content": str(tools[-1]["content"]) if tools else "",
        }
    if step[0] == "call":
        name = step[1].replace(
            ".", "_"
        )  # OpenAI-style names, as the harness offers them
        call = {
            "id": f"call_{index}",
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(step[2])},
        }
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    if step[0] == "hermes":
        body = json.dumps({"name": step[1], "arguments": step[2]})
        return {"role": "assistant", "content": f"<tool_call>{body}</tool_call>"}
    return {"role": "assistant", "content": step[1]}


def make_app(scripts: dict[str, list[Step]], seen: list[dict[str, Any]]) -> Starlette:
    """The stub: ``scripts`` maps :func:`opening_key` to the session's messages."""

    async def complete(request: Request) -> JSONResponse:
        body = await request.json()
        seen.append(body)
        messages = body.get("messages") or []
        script = scripts.get(opening_key(messages))
        n = sum(1 for m in messages if m.get("role") == "assistant")
        if script is None:
            step: Step = ("text", "I cannot determine this.")
        else:
            step = script[n] if n < len(script) else ("text", "")
        message = _reply(step, n, messages)
        return JSONResponse(
            {
                "id": f"stub-{n}",
                "object": "chat.completion",
                "created": 0,
                "model": body.get("model", "stub"),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "tool_calls"
                        if message.get("tool_calls")
                        else "stop",
                    }
                ],
                "usage": {
                    "prompt_tokens": 1,
                    "completion_tokens": 1,
                    "total_tokens": 2,
                },
            }
        )

    async def models(request: Request) -> JSONResponse:
        return JSONResponse(
            {"object": "list", "data": [{"id": "stub", "object": "model"}]}
        )

    return Starlette(
        routes=[
            Route("/v1/chat/completions", complete, methods=["POST"]),
            Route("/v1/models", models, methods=["GET"]),
        ]
    )


@contextmanager
def serve(app: Any) -> Iterator[str]:
    """Run ``app`` on a free loopback port; yields its base URL."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, daemon=True
    )
    thread.start()
    started = threading.Event()

    def wait(check: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 60
        while not check() and time.monotonic() < deadline:
            started.wait(0.05)

    wait(lambda: server.started)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
