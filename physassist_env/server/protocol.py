"""uvicorn's HTTP/1.1 protocol with a header timeout (no connection is held forever).

uvicorn closes idle keep-alive connections, but a client that opens a connection and
never finishes its request line and headers (a half-open or "slowloris" connection)
would be held forever. :class:`TimedH11Protocol` closes a connection that has not
sent complete headers within ``header_timeout`` seconds of connecting or of its last
response. Pass it as ``uvicorn.Config(app, http=TimedH11Protocol)``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds a client has to send a complete request line and headers.
HEADER_TIMEOUT = 10.0


class TimedH11Protocol(H11Protocol):
    """H11Protocol that closes connections whose headers do not arrive in time."""

    header_timeout: float = HEADER_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:
            self._arm()  # still waiting for (the rest of) the headers
        else:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(
                self.header_timeout, self._headers_too_slow
            )

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
