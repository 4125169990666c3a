"""Private scratch space that never outlives the process that made it.

Builds and exports keep intermediate files (a synthetic hospital, a Parquet cache of MIMIC
tables, records pickled for worker processes) in :func:`scratch_dir`: a folder under
``<cache>/tmp`` (``$PHYSASSIST_CACHE/tmp``, else ``~/.cache/physassist/tmp``) that only
its owner can read (0700). It is removed on every exit path:

* normal exit and exceptions: the context manager removes it;
* a kill (``SIGKILL`` included): a small guard process, started once per process and
  sharing nothing with it but a pipe, sees the pipe close and removes every folder it
  was told about (:func:`guard`), also staging folders of outputs being written;
* a kill of the guard too (a whole process group killed): the next :func:`scratch_dir`
  removes every scratch folder whose owner is gone (each holds an ``flock`` on its
  ``.owner`` file while it lives).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from physassist_env.paths.checks import make_private_dir
from physassist_env.paths.files import try_flock

#: The file each live scratch folder holds an ``flock`` on.
OWNER = ".owner"
#: A scratch folder without an owner file is left alone for this long (it is being made).
_YOUNG_S = 60.0

# The guard: reads NUL-terminated "+path" / "-path" records until every writer of the
# pipe is gone (the process exited or was killed), then removes what is still listed.
_GUARD = r"""
import os, shutil, sys
data = sys.stdin.buffer.read()
paths = []
for rec in data.split(b"\0"):
    if not rec:
        continue
    p = os.fsdecode(rec[1:])
    if rec[:1] == b"+":
        paths.append(p)
    elif p in paths:
        paths.remove(p)
for p in paths:
    if os.path.isdir(p) and not os.path.islink(p):
        shutil.rmtree(p, ignore_errors=True)
"""


def cache_root() -> Path:
    """``$PHYSASSIST_CACHE`` or ``~/.cache/physassist``."""
    env = os.environ.get("PHYSASSIST_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "physassist"


def scratch_root() -> Path:
    """Where scratch folders live: ``<cache>/tmp`` (made owner-only)."""
    return cache_root() / "tmp"


class _Guard:
    """The guard process of this process (started on first use)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pipe: IO[bytes] | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._pid = -1

    def _send(self, record: bytes) -> None:
        with self._lock:
            if self._pipe is None or self._pid != os.getpid():
                self._start()
            if self._pipe is None:
                return
            try:
                self._pipe.write(record + b"\0")
                self._pipe.flush()
            except OSError:
                self._pipe = None

    def _start(self) -> None:
        self._pid = os.getpid()
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-S", "-c", _GUARD],
                stdin=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                close_fds=True,
                start_new_session=True,  # a Ctrl-C to the terminal's group spares it
            )
            self._pipe = self._proc.stdin
        except OSError:  # no guard: the next scratch_dir sweeps what a kill leaves
            self._proc, self._pipe = None, None

    def watch(self, path: Path) -> None:
        self._send(b"+" + os.fsencode(str(path)))

    def forget(self, path: Path) -> None:
        self._send(b"-" + os.fsencode(str(path)))


_guard = _Guard()


def guard(path: str | os.PathLike[str]) -> None:
    """Have ``path`` (a folder) removed if this process dies before :func:`unguard`."""
    _guard.watch(Path(path).absolute())


def unguard(path: str | os.PathLike[str]) -> None:
    """Stop guarding ``path`` (it was removed, or renamed into place)."""
    _guard.forget(Path(path).absolute())


def sweep_scratch(root: Path | None = None) -> list[Path]:
    """Remove the scratch folders of processes that are gone; returns them."""
    root = scratch_root() if root is None else root
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    for entry in entries:
        if not entry.is_dir(follow_symlinks=False):
            continue
        folder = Path(entry.path)
        try:
            fd = os.open(folder / OWNER, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except FileNotFoundError:
            with contextlib.suppress(OSError):
                if time.time() - entry.stat(follow_symlinks=False).st_mtime > _YOUNG_S:
                    shutil.rmtree(folder, ignore_errors=True)
                    removed.append(folder)
            continue
        except OSError:
            continue
        try:
            if try_flock(fd):  # its owner is gone
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
        finally:
            os.close(fd)
    return removed


@contextlib.contextmanager
def scratch_dir(prefix: str = "physassist-") -> Iterator[Path]:
    """A private (0700) scratch folder, removed on every exit path (see the module).

    Scratch folders that killed processes left behind are removed first.

    Yields:
        The folder.
    """
    root = make_private_dir(scratch_root())
    sweep_scratch(root)
    folder = root / f"{prefix}{os.getpid()}-{secrets.token_hex(4)}"
    folder.mkdir(mode=0o700)
    owner: Any = None
    try:
        guard(folder)
        owner = open(folder / OWNER, "w")  # noqa: SIM115 - held until the folder goes
        try_flock(owner.fileno())
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if owner is not None:
            owner.close()
        unguard(folder)
