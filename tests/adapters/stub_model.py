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
        deadline = time.monotonic() + 300  # a guard far above a loaded start
        while not check() and time.monotonic() < deadline:
            started.wait(0.05)
        assert check(), "the stub model server did not start within 300 s"

    wait(lambda: server.started)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def session_scripts(
    dataset: Any, split: str, *, refuse_share: float, seed: int
) -> list[dict[str, list[Step]]]:
    """Per session, several scripts: gold calls and answers, each turn refused with
    probability ``refuse_share`` (seeded), so rollouts of one task differ."""
    import random

    from physassist_env.env.data import split_data
    from physassist_env.env.gym_env import PhysAssistEnv

    rng = random.Random(seed)
    variants: list[dict[str, list[Step]]] = [{} for _ in range(8)]
    for s in split_data(dataset, split).sessions:
        env = PhysAssistEnv(dataset=dataset, split=split)
        env.reset(options={"session_id": s.session_id})
        key = opening_key(env.episode.messages)
        for variant in variants:
            steps: list[Step] = []
            for turn in s.turns:
                if rng.random() < refuse_share:
                    steps.append(("text", "I cannot determine this."))
                    continue
                steps += [("call", c.name, c.arguments) for c in turn.gold_actions]
                steps.append(("text", turn.gold_answer.en))
            variant[key] = steps
    return variants


def mixed_app(
    dataset: Any, split: str, *, refuse_share: float = 0.5, seed: int = 0
) -> Starlette:
    """A stand-in policy for worked examples: each new conversation draws one of eight
    seeded scripts (gold, with some turns refused), so a GRPO group has reward spread."""
    import itertools

    variants = session_scripts(dataset, split, refuse_share=refuse_share, seed=seed)
    draw = itertools.cycle(range(len(variants)))
    chosen: dict[str, int] = {}
    scripts: dict[str, list[Step]] = {}

    class Scripts(dict):
        def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
            return scripts.get(key, default)

    seen: list[dict[str, Any]] = []
    app = make_app(Scripts(), seen)

    async def pick(scope: Any, receive: Any, send: Any) -> None:
        # a conversation with no assistant message yet starts a new rollout: draw its script
        if scope.get("type") == "http" and scope.get("path") == "/v1/chat/completions":
            body = b""
            while True:
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
            payload = json.loads(body or b"{}")
            messages = payload.get("messages") or []
            key = opening_key(messages)
            if not any(m.get("role") == "assistant" for m in messages):
                chosen[key] = next(draw)
            variant = variants[chosen.get(key, 0)]
            if key in variant:
                scripts[key] = variant[key]
            sent = False

            async def replay() -> dict:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await app(scope, replay, send)
            return
        await app(scope, receive, send)

    return pick  # type: ignore[return-value]


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(
        description="serve a scripted stand-in model on loopback"
    )
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--split", default="test")
    parser.add_argument("--port", type=int, default=8010)
    parser.add_argument("--refuse-share", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    a = parser.parse_args()
    uvicorn.run(
        mixed_app(a.dataset, a.split, refuse_share=a.refuse_share, seed=a.seed),
        host="127.0.0.1",
        port=a.port,
        log_level="warning",
    )
