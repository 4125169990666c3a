"""Exclusive locks on folders: one writer at a time, released by the kernel on any exit.

:class:`RunLock` locks an evaluation run folder from inside (``<run>/.lock``).
:class:`OutputLock` locks an output that is replaced as a whole (a build, an export) from
beside it (``.<name>.lock`` next to the folder), because the folder itself is swapped.
Both are ``flock`` locks, so a killed holder never leaves a stale lock, and both write
the holder (host, pid, start time) into the lock file so that the error of a second
writer names who has the folder.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import socket
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from physassist_env.paths.checks import check_plain, open_fd, safe_file, set_blocking
from physassist_env.paths.files import try_flock


class FolderLockedError(RuntimeError):
    """Another process holds the lock of a folder (the message names it)."""


def _holder_text() -> str:
    return json.dumps(
        {
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "since": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        }
    )


def _write_holder(fh: IO[str]) -> None:
    fh.seek(0)
    fh.truncate()
    fh.write(_holder_text())
    fh.flush()


class RunLock:
    """An exclusive lock on a folder, held while a process writes into it.

    The lock is an ``fcntl`` lock on ``<folder>/.lock`` (released by the kernel when the
    holder exits, even when killed); the file names the holder (host, pid, start time)
    so that a second writer's error says who has the folder.

    Use as a context manager::

        with RunLock(run):
            ...  # write into run

    Raises:
        FolderLockedError: On entry, when another process holds the lock.
    """

    NAME = ".lock"

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        self._fh: IO[Any] | None = None

    def __enter__(self) -> RunLock:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = safe_file(self.folder, self.NAME)
        fd = open_fd(path, os.O_RDWR | os.O_CREAT, 0o644)
        fh = os.fdopen(fd, "r+", encoding="utf-8")
        try:
            check_plain(fd, path)
            set_blocking(fd)
            if not try_flock(fd):
                holder = fh.read().strip() or "an unknown process"
                raise FolderLockedError(
                    f"{self.folder} is in use by another writer ({holder}); wait for it to finish or use another --out"
                )
            _write_holder(fh)
        except BaseException:
            fh.close()
            raise
        self._fh = fh
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                self._fh.seek(0)
                self._fh.truncate()
            self._fh.close()  # closing releases the lock
            self._fh = None


#: Output locks this process holds: lock path -> [thread id, depth, file].
_HELD: dict[str, list[Any]] = {}
_HELD_GUARD = threading.Lock()


def lock_path(out: Path) -> Path:
    """The lock file of an output folder: ``.<name>.lock`` beside it."""
    return out.with_name(f".{out.name}.lock")


class OutputLock:
    """An exclusive lock on an output folder that is replaced as a whole.

    The lock file ``.<name>.lock`` sits beside the folder and is removed by the holder
    when it lets go (a waiting process then checks it locked the file that is still
    there, and tries again otherwise). The lock is re-entrant within one thread: a build
    holds it from its start, and the writer it calls takes it again without waiting.

    Args:
        out: The output folder (need not exist; its parent is created).
        wait: Wait for another holder to finish instead of failing at once.
        what: What is being written, for the messages (``the dataset``, ``the export``).

    Raises:
        FolderLockedError: On entry, when another process (or thread) holds the lock and
            ``wait`` is false.
    """

    def __init__(
        self, out: str | os.PathLike[str], *, wait: bool = False, what: str = "it"
    ) -> None:
        self.out = Path(out)
        self.path = lock_path(self.out)
        self.wait = wait
        self.what = what
        self.waited = False

    def __enter__(self) -> OutputLock:
        key = str(self.path)
        me = threading.get_ident()
        with _HELD_GUARD:
            held = _HELD.get(key)
            if held is not None and held[0] == me:
                held[1] += 1
                return self
            if held is not None and not self.wait:
                raise FolderLockedError(
                    f"{self.out} is being written by another thread of this process; "
                    "wait for it to finish or choose another output folder"
                )
        self.out.parent.mkdir(parents=True, exist_ok=True)
        fh = self._acquire()
        with _HELD_GUARD:
            _HELD[key] = [me, 1, fh]
        return self

    def _acquire(self) -> IO[str]:
        while True:
            fd = open_fd(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            fh = os.fdopen(fd, "r+", encoding="utf-8")
            try:
                check_plain(fd, self.path)
                set_blocking(fd)
                if not try_flock(fd):
                    holder = fh.read().strip() or "an unknown process"
                    if not self.wait:
                        raise FolderLockedError(
                            f"{self.out} is being written by another process ({holder}); "
                            "wait for it to finish or choose another output folder"
                        )
                    print(
                        f"waiting for another process ({holder}) that is writing {self.what} "
                        f"at {self.out} ...",
                        file=sys.stderr,
                        flush=True,
                    )
                    self.waited = True
                    try_flock(fd, wait=True)
                # the holder before us removes the file when it lets go: lock the one there
                try:
                    same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
                except FileNotFoundError:
                    same = False
                if not same:
                    fh.close()
                    continue
                _write_holder(fh)
                return fh
            except BaseException:
                fh.close()
                raise

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        key = str(self.path)
        with _HELD_GUARD:
            held = _HELD.get(key)
            if held is None:
                return
            held[1] -= 1
            if held[1] > 0:
                return
            del _HELD[key]
        fh = held[2]
        with contextlib.suppress(OSError):
            os.unlink(self.path)  # while still holding it (see _acquire)
        fh.close()


def holds_output_lock(out: str | os.PathLike[str]) -> bool:
    """Whether this thread holds the :class:`OutputLock` of ``out``."""
    held = _HELD.get(str(lock_path(Path(out))))
    return held is not None and held[0] == threading.get_ident()
