"""The listening socket every server of the package binds (serve-fhir, serve-env, review, tests)."""

from __future__ import annotations

import socket


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` for ``uvicorn.Server.run(sockets=[...])``.

    ``port`` 0 picks a free one (read it back with ``getsockname()``); a host with a colon
    is IPv6. ``SO_REUSEADDR`` lets a restarted server take its port back at once, and
    ``TCP_NODELAY`` keeps keep-alive requests from waiting ~40 ms for delayed ACKs.

    Raises:
        OSError: ``cannot listen on HOST:PORT: <reason>`` (the socket is closed).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {exc}") from exc
    return sock
