"""The one listening socket of the package's servers (``server.listen``)."""

from __future__ import annotations

import socket

import pytest

from physassist_env.server.listen import listening_socket


def test_port_zero_picks_a_free_port_with_nodelay() -> None:
    with listening_socket("127.0.0.1", 0) as sock:
        assert sock.family == socket.AF_INET
        assert sock.getsockname()[1] > 0
        assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_a_taken_port_is_a_clear_error() -> None:
    with listening_socket("127.0.0.1", 0) as taken:
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=rf"cannot listen on 127\.0\.0\.1:{port}: "):
            listening_socket("127.0.0.1", port)


def test_a_colon_in_the_host_is_ipv6() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        sock = listening_socket("::1", 0)
    except OSError as exc:  # IPv6 compiled in, loopback not configured
        pytest.skip(f"no IPv6 loopback: {exc}")
    with sock:
        assert sock.family == socket.AF_INET6


def test_the_serve_commands_report_a_taken_port(
    built_dataset, capsys: pytest.CaptureFixture[str]
) -> None:
    from physassist_env.cli.main import main

    with listening_socket("127.0.0.1", 0) as taken:
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["review", "--dataset", str(built_dataset), "--port", str(port)])
    assert code == 2
    err = capsys.readouterr().err
    assert f"physassist review: cannot listen on 127.0.0.1:{port}: " in err
