"""Seeded fuzz of the hub servers' inputs, shared by the tests and ``benchmarks/hub_fuzz.py``.

* :func:`openenv_requests` / :func:`fuzz_openenv`: HTTP requests to ``physassist
  serve-env`` (reset/step/state/mcp/task API and unknown paths; bad types, sizes,
  nesting, unknown, made-up and finished episode ids, bad Host headers, garbage
  bodies). Every request must be answered, never with HTTP 500.
* :func:`mcp_lines` / :func:`fuzz_mcp_stdio`: lines to ``physassist serve-mcp`` over
  stdio (garbage, deep nesting, batches, wrong types, unknown methods, tools and ids,
  over-long lines). Every line that is not a notification must get exactly one JSON-RPC
  reply; a malformed one gets ``-32700``/``-32600``; the server must keep serving.
* :func:`fuzz_mcp_http`: the same bodies to ``serve-mcp --transport http``.

The generators are plain :class:`random.Random` streams, so a seed reproduces a run.
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

OPENENV_PATHS = [
    "/reset",
    "/step",
    "/state",
    "/schema",
    "/metadata",
    "/health",
    "/mcp",
    "/PhysAssist-v0/splits",
    "/PhysAssist-v0/tasks",
    "/PhysAssist-v0/num_tasks",
    "/PhysAssist-v0/task",
    "/PhysAssist-v0/task_range",
    "/nope",
    "/reset/../step",
    "/%00",
]
RESET_FIELDS = ["seed", "episode_id", "split", "index", "session_id", "language", "x"]
ACTION_FIELDS = ["content", "tool_calls", "episode_id", "metadata", "type", "zzz"]
TOOL_NAMES = [
    "Patient.read",
    "Observation.search",
    "Observation_search",
    "ask_patient",
    "MedicationRequest.create",
    "bash",
    "",
    "x" * 300,
]


@dataclass
class Tally:
    """What a fuzz run saw."""

    sent: int = 0
    silent: int = 0  # lines that expect no reply (blank lines)
    answered: int = 0
    unanswered: int = 0
    status: Counter = field(default_factory=Counter)
    codes: Counter = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def bad(self, note: str) -> None:
        """Keep a few examples of failures."""
        if len(self.examples) < 10:
            self.examples.append(note[:300])


def _value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of a random awkward kind."""
    kind = rng.randrange(14 if depth < 3 else 9)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 2**31, -(2**63), 10**30, 99999])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-300, 3.0])
    if kind == 4:
        return rng.choice(
            ["", "en", "zh", "fr", "test", "bogus", "\x00\u202e", "é" * 50]
        )
    if kind == 5:
        return "x" * rng.choice([1, 100, 10_000, 200_000])
    if kind == 6:
        return rng.choice(["potassium", "<tool_call>{}</tool_call>", '{"name": 5}'])
    if kind == 7:
        return rng.randrange(-5, 50)
    if kind == 8:
        return "9" * rng.choice([10, 5000])  # a long number as text
    if kind == 9:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 10:
        return {
            str(_value(rng, 3)): _value(rng, depth + 1) for _ in range(rng.randrange(4))
        }
    if kind == 11:
        return _nested(rng.choice([10, 63, 66, 200]))
    if kind == 12:
        return {"name": rng.choice(TOOL_NAMES), "arguments": _value(rng, depth + 1)}
    return [
        {
            "type": "function",
            "function": {
                "name": rng.choice(TOOL_NAMES),
                "arguments": _value(rng, depth + 1),
            },
        }
    ]


def _nested(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"a": value}
    return value


def _raw_body(rng: random.Random) -> bytes:
    """A body that is not usable JSON (or is far too big or deep)."""
    kind = rng.randrange(7)
    if kind == 0:
        return b"[" * rng.choice([100, 1000, 100_000])
    if kind == 1:
        return b'{"action": {"content": "x"'  # truncated
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 3:
        return b'{"seed": ' + b"9" * 6000 + b"}"
    if kind == 4:
        return b" " * 1_100_000  # over the body limit
    if kind == 5:
        return b"NaN"
    return b'{"a": ' * 70 + b"1" + b"}" * 70


def openenv_requests(
    rng: random.Random, episode_ids: list[str]
) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Endless ``(method, path, httpx keyword arguments)`` requests for serve-env."""
    while True:
        path = rng.choice(OPENENV_PATHS)
        method = rng.choice(["POST"] * 6 + ["GET", "PUT", "DELETE"])
        kwargs: dict[str, Any] = {}
        headers: dict[str, str] = {}
        r = rng.random()
        if r < 0.03:
            headers["host"] = rng.choice(["evil.example", "", "127.0.0.1.evil"])
        elif r < 0.06:
            headers["origin"] = rng.choice(["http://evil.example", "null", "x"])
        body_kind = rng.random()
        if method in ("GET", "DELETE") or body_kind < 0.05:
            pass
        elif body_kind < 0.25:
            kwargs["content"] = _raw_body(rng)
            headers["content-type"] = rng.choice(["application/json", "text/plain"])
        elif path == "/reset" or body_kind < 0.4:
            kwargs["json"] = {
                rng.choice(RESET_FIELDS): _value(rng) for _ in range(rng.randrange(4))
            }
        elif path == "/step" or body_kind < 0.7:
            action = {
                rng.choice(ACTION_FIELDS): _value(rng) for _ in range(rng.randrange(4))
            }
            if rng.random() < 0.6:
                action["content"] = rng.choice(["", "I cannot determine this.", "x"])
            if rng.random() < 0.5:
                pool = episode_ids or ["none"]
                action["episode_id"] = rng.choice(
                    [rng.choice(pool), "made-up", "", "x" * 300, rng.choice(pool)[::-1]]
                )
            kwargs["json"] = rng.choice(
                [{"action": action}, action, {"action": _value(rng)}]
            )
        elif path == "/mcp":
            kwargs["json"] = {
                "jsonrpc": rng.choice(["2.0", "1.0", 2]),
                "id": _value(rng),
                "method": rng.choice(
                    ["tools/list", "tools/call", "openenv/session/create", "nope", 5]
                ),
                "params": rng.choice(
                    [
                        {"name": rng.choice(TOOL_NAMES), "arguments": _value(rng)},
                        _value(rng),
                    ]
                ),
            }
        else:
            kwargs["json"] = {
                "split": _value(rng),
                "index": _value(rng),
                "start": _value(rng),
                "stop": _value(rng),
            }
        if headers:
            kwargs["headers"] = headers
        yield method, path, kwargs


def fuzz_openenv(
    base_url: str, n: int, *, seed: int = 0, timeout: float = 120
) -> Tally:
    """Send ``n`` fuzzed requests to a serve-env at ``base_url`` on one keep-alive client."""
    rng = random.Random(seed)
    tally = Tally()
    ids: list[str] = []
    with httpx.Client(base_url=base_url, timeout=timeout) as http:
        gen = openenv_requests(rng, ids)
        while tally.sent < n:
            if rng.random() < 0.05:  # a real episode to step with garbage
                method, path, kwargs = (
                    "POST",
                    "/reset",
                    {"json": {"index": rng.randrange(3)}},
                )
            else:
                method, path, kwargs = next(gen)
            tally.sent += 1
            try:
                r = http.request(method, path, **kwargs)
            except httpx.HTTPError as exc:
                tally.unanswered += 1
                tally.bad(f"{method} {path}: no answer ({type(exc).__name__}: {exc})")
                continue
            tally.answered += 1
            tally.status[r.status_code] += 1
            if r.status_code >= 500:
                tally.bad(
                    f"{method} {path} {str(kwargs)[:150]} -> {r.status_code} {r.text[:200]}"
                )
            if path == "/reset" and r.status_code == 200:
                eid = r.json().get("observation", {}).get("episode_id")
                if eid:
                    ids.append(eid)
    return tally


# ------------------------------------------------------------------------- MCP
def mcp_lines(rng: random.Random) -> Iterator[tuple[bytes, bool]]:
    """Endless ``(line, expects_reply)`` for an initialised MCP stdio server."""
    next_id = 1000
    while True:
        kind = rng.randrange(10)
        if kind == 0:
            line = _raw_body(rng).replace(b"\n", b" ")
            if rng.random() < 0.01:
                line = b"x" * 4_100_000  # longer than serve-mcp reads
            yield line, bool(line.strip())  # a blank line is skipped, not answered
            continue
        if kind == 1:
            yield json.dumps(_value(rng)).encode(), True  # JSON, not a message
            continue
        next_id += 1
        rid = rng.choice([next_id, str(next_id), f"id-{next_id}"])
        method = rng.choice(
            ["tools/call"] * 5
            + [
                "tools/list",
                "resources/list",
                "prompts/get",
                "nope",
                "initialize",
                "ping",
            ]
        )
        params: Any
        if method == "tools/call":
            args = rng.choice(
                [
                    {"code": rng.choice([5, "potassium", None, [1, 2], {"a": 1}])},
                    {"question": _value(rng)},
                    _value(rng),
                    {},
                ]
            )
            params = {"name": rng.choice(TOOL_NAMES + [5, None]), "arguments": args}
        else:
            params = rng.choice([{}, _value(rng)])
        message: dict[str, Any] = {
            "jsonrpc": "2.0",
            "id": rid,
            "method": method,
            "params": params,
        }
        if kind == 2:
            message["jsonrpc"] = rng.choice(["1.0", 2, None])
        if kind == 3:
            message["id"] = rng.choice([None, True, [1], {"a": 1}, 1.5])
        yield json.dumps(message).encode(), True


def _reader(stream: Any, out: queue.Queue) -> None:
    for line in iter(stream.readline, b""):
        out.put(line)
    out.put(None)


def initialise(proc: subprocess.Popen, replies: queue.Queue, timeout: float) -> None:
    """The MCP handshake over stdio."""
    init = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "fuzz", "version": "1"},
        },
    }
    _send(proc, json.dumps(init).encode())
    assert replies.get(timeout=timeout) is not None
    _send(proc, b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')


def _send(proc: subprocess.Popen, line: bytes) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line + b"\n")
    proc.stdin.flush()


def fuzz_mcp_stdio(
    command: list[str],
    n: int,
    *,
    seed: int = 0,
    timeout: float = 60,
    env: dict | None = None,
) -> Tally:
    """Start ``command`` (``physassist serve-mcp ...``) and send it ``n`` fuzzed lines."""
    rng = random.Random(seed)
    tally = Tally()
    proc = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    replies: queue.Queue = queue.Queue()
    threading.Thread(target=_reader, args=(proc.stdout, replies), daemon=True).start()
    try:
        initialise(proc, replies, timeout)
        for line, expects in mcp_lines(rng):
            if tally.sent >= n:
                break
            tally.sent += 1
            _send(proc, line)
            if not expects:
                tally.silent += 1
                continue
            try:
                reply = replies.get(timeout=timeout)
            except queue.Empty:
                reply = None
            if reply is None:
                tally.unanswered += 1
                tally.bad(f"no reply to {line[:150]!r}")
                if proc.poll() is not None:
                    break
                continue
            tally.answered += 1
            try:
                message = json.loads(reply)
            except ValueError:
                tally.bad(f"reply is not JSON: {reply[:150]!r}")
                continue
            error = message.get("error")
            tally.codes[error["code"] if error else "result"] += 1
        tally.status["alive"] = int(proc.poll() is None)
    finally:
        if proc.stdin:
            proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return tally


def fuzz_mcp_http(
    base_url: str, n: int, *, seed: int = 0, timeout: float = 60
) -> Tally:
    """Send ``n`` fuzzed bodies to ``serve-mcp --transport http`` at ``base_url/mcp``."""
    rng = random.Random(seed)
    tally = Tally()
    headers = {
        "accept": "application/json, text/event-stream",
        "content-type": "application/json",
    }
    with httpx.Client(base_url=base_url, timeout=timeout) as http:
        init = {
            "jsonrpc": "2.0",
            "id": 0,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "fuzz", "version": "1"},
            },
        }
        r = http.post("/mcp", json=init, headers=headers)
        session = r.headers.get("mcp-session-id")
        if session:
            headers["mcp-session-id"] = session
        http.post(
            "/mcp",
            json={"jsonrpc": "2.0", "method": "notifications/initialized"},
            headers=headers,
        )
        for line, _ in mcp_lines(rng):
            if tally.sent >= n:
                break
            tally.sent += 1
            extra = dict(headers)
            if rng.random() < 0.05:
                extra["host"] = "evil.example"
            if rng.random() < 0.05:
                extra.pop("mcp-session-id", None)
            try:
                r = http.post("/mcp", content=line, headers=extra)
            except httpx.HTTPError as exc:
                tally.unanswered += 1
                tally.bad(f"no answer to {line[:100]!r}: {type(exc).__name__}")
                continue
            tally.answered += 1
            tally.status[r.status_code] += 1
            if r.status_code >= 500:
                tally.bad(f"{line[:150]!r} -> {r.status_code} {r.text[:200]}")
    return tally


def wait_until(check: Any, limit: float = 300.0) -> bool:
    """Poll ``check()`` until it is true or ``limit`` seconds pass (a guard against a
    hung server, far above a start on a loaded machine)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return True
        threading.Event().wait(0.1)
    return False
