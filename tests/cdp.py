"""A minimal Chrome DevTools Protocol client over ``--remote-debugging-pipe`` (no websocket
library needed): start headless Chromium, open a page, evaluate JavaScript, press keys,
take screenshots. For the browser tests of ``physassist review``.

Chromium reads commands on fd 3 and writes replies and events on fd 4, each message JSON
terminated by a NUL byte. Waiting is on conditions the page reports (``wait_for``), with
a deadline only as a guard against a hung browser.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class CdpError(RuntimeError):
    """A DevTools command failed, or the browser went away."""


class Browser:
    """Headless Chromium driven over the DevTools pipe, with one page attached."""

    def __init__(self, profile: Path, *, width: int = 1280, height: int = 1000):
        if CHROMIUM is None:
            raise CdpError("chromium is not installed")
        ours_r, chrome_w = os.pipe()  # chromium writes fd 4 -> we read
        chrome_r, ours_w = os.pipe()  # we write -> chromium reads fd 3

        def child() -> None:
            a, b = os.dup(chrome_r), os.dup(chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                f"--user-data-dir={profile}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            preexec_fn=child,
            close_fds=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(chrome_r)
        os.close(chrome_w)
        self._r, self._w = ours_r, ours_w
        self._buf = b""
        self._next = 0
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}
        )["sessionId"]
        self.page("Page.enable")
        self.page("Runtime.enable")

    def send(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str | None = None,
    ) -> dict[str, Any]:
        """Send one command and return its result (events in between are dropped)."""
        self._next += 1
        msg: dict[str, Any] = {
            "id": self._next,
            "method": method,
            "params": params or {},
        }
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self._buf:
                chunk = os.read(self._r, 1 << 16)
                if not chunk:
                    raise CdpError("the browser closed the pipe")
                self._buf += chunk
            raw, _, self._buf = self._buf.partition(b"\0")
            reply = json.loads(raw)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def page(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """A command to the attached page."""
        return self.send(method, params, self.session)

    def eval(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        res = self.page(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
        )
        if "exceptionDetails" in res:
            raise CdpError(f"{expression[:80]}: {res['exceptionDetails']}")
        return res["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 60.0) -> Any:
        """Evaluate ``expression`` until it is truthy (the page's own state), or fail.

        An expression that throws (the page is still loading: no ``document.body`` yet)
        counts as not yet true."""
        deadline = time.monotonic() + timeout
        last = ""
        while True:
            try:
                value = self.eval(expression)
            except CdpError as exc:
                value, last = None, str(exc)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CdpError(f"timed out waiting for {expression} {last[:300]}")
            time.sleep(0.05)

    def goto(self, url: str) -> None:
        """Navigate the page."""
        self.page("Page.navigate", {"url": url})

    def key(self, text: str) -> None:
        """Press one printable key, as a keyboard does (keydown, char, keyup)."""
        self.page(
            "Input.dispatchKeyEvent", {"type": "keyDown", "key": text, "text": text}
        )
        self.page("Input.dispatchKeyEvent", {"type": "keyUp", "key": text})

    def type(self, text: str) -> None:
        """Type text into the focused field."""
        self.page("Input.insertText", {"text": text})

    def screenshot(self, path: Path) -> Path:
        """A PNG of the page's viewport."""
        data = self.page("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        """Stop the browser."""
        try:
            self.send("Browser.close")
        except (CdpError, OSError):
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._r)
        os.close(self._w)
