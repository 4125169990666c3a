"""Run the server with uvicorn on a background thread (tests, benchmarks, notebooks)."""

from __future__ import annotations

import threading
import time
from types import TracebackType
from typing import Any

import uvicorn

from physassist_env.server.listen import listening_socket
from physassist_env.server.protocol import TimedH11Protocol


class BackgroundServer:
    """An ASGI app served by uvicorn on a free loopback port, in a daemon thread.

    Use as a context manager::

        with BackgroundServer(create_app(store)) as server:
            httpx.get(server.url + "/metadata")

    Args:
        app: The ASGI app.
        host: Interface to bind (loopback by default).
        port: Port to bind; ``0`` picks a free one.
        startup_timeout: Seconds to wait for the server to accept connections.
    """

    def __init__(
        self,
        app: Any,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        startup_timeout: float = 60.0,
    ):
        self.host = host
        self._sock = listening_socket(host, port)
        self.port: int = self._sock.getsockname()[1]
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="off",
            http=TimedH11Protocol,
            timeout_keep_alive=5,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )
        self._startup_timeout = startup_timeout

    @property
    def url(self) -> str:
        """The server's base URL, e.g. ``http://127.0.0.1:43127``."""
        return f"http://{self.host}:{self.port}"

    def start(self) -> BackgroundServer:
        """Start serving and wait until the server is up.

        Raises:
            RuntimeError: If it does not start within ``startup_timeout`` seconds.
        """
        self._thread.start()
        deadline = time.monotonic() + self._startup_timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the FHIR server did not start on {self.url}")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Ask the server to exit and wait for its thread (at most 10 s)."""
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=10)
        self._sock.close()

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
