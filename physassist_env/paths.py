"""Writing only inside the folder a user chose: no escaping it, no following links out of it.

Every command that writes files (``build``, ``synth``, ``eval``, ``report``, ``view``,
``export``) resolves its output folder once, then creates each file through
:func:`open_safe`, which refuses a relative path that leaves the folder, any symbolic
link between the folder and the file (a link planted inside an output folder could
otherwise redirect a write anywhere), and a target that is not a plain file with a single
link (a planted *hard* link would make the write land in another file). Files are
opened with ``O_NOFOLLOW`` and ``O_NONBLOCK`` (a FIFO never hangs a writer) and checked
with ``fstat`` *before* anything is truncated.

:func:`read_bytes_safe` reads a file the same way (no link, no FIFO or device), and
:class:`RunLock` holds an exclusive lock on a folder so that two writers never share it.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import json
import os
import socket
import stat
from pathlib import Path
from types import TracebackType
from typing import IO, Any


class UnsafePathError(ValueError):
    """A write would leave the chosen folder, go through a link or hit a non-plain file."""


class FolderLockedError(RuntimeError):
    """Another process holds the lock of a folder (the message names it)."""


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def safe_file(root: str | os.PathLike[str], relative: str | os.PathLike[str]) -> Path:
    """``root / relative``, checked: inside ``root`` and with no symbolic link on the way.

    Missing folders between ``root`` and the file are created.

    Raises:
        UnsafePathError: For an absolute or escaping ``relative``, or a link on the way.
    """
    base = Path(root)
    rel = Path(relative)
    if rel.is_absolute() or ".." in rel.parts:
        raise UnsafePathError(f"{relative} is not a path inside {base}")
    current = base
    for part in rel.parts:
        current = current / part
        if current.is_symlink():
            raise UnsafePathError(
                f"refusing to write through the symbolic link {current} (inside the output folder {base})"
            )
    current.parent.mkdir(parents=True, exist_ok=True)
    return current


def _check_plain(fd: int, path: Path) -> os.stat_result:
    """Raise :class:`UnsafePathError` unless ``fd`` is a plain file with exactly one link."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(
            f"refusing to use {path}: it is not a plain file (a FIFO, device or socket)"
        )
    if st.st_nlink > 1:
        raise UnsafePathError(
            f"refusing to write to {path}: it has {st.st_nlink} hard links, so the write would change another file too"
        )
    return st


def _open_fd(path: Path, flags: int, perm: int) -> int:
    try:
        return os.open(path, flags | _NOFOLLOW | _NONBLOCK, perm)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafePathError(f"refusing to use the symbolic link {path}") from None
        if exc.errno == errno.ENXIO:  # a FIFO with no reader
            raise UnsafePathError(
                f"refusing to use {path}: it is not a plain file (a FIFO)"
            ) from None
        raise


def _blocking(fd: int) -> None:
    if _NONBLOCK:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~_NONBLOCK)


def open_safe(
    root: str | os.PathLike[str],
    relative: str | os.PathLike[str],
    mode: str = "w",
    *,
    perm: int = 0o644,
    **kwargs: Any,
) -> IO[Any]:
    """Open a file inside ``root`` for writing (``w``, ``a``, ``wb``, ``ab``) without following links.

    The file is opened without truncation, checked (plain file, one link), and only then
    truncated for ``w`` modes.

    Args:
        root: The folder the user chose.
        relative: The file's path inside ``root``.
        mode: ``w``/``wb`` (replace the content) or ``a``/``ab`` (append).
        perm: Permission bits of a newly created file (before the umask).
        **kwargs: Passed to :func:`os.fdopen` (``encoding`` ...).

    Raises:
        UnsafePathError: For an escaping path, a link (symbolic or hard) or a non-plain file.
    """
    path = safe_file(root, relative)
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode.startswith("a") else 0)
    fd = _open_fd(path, flags, perm)
    try:
        _check_plain(fd, path)
        _blocking(fd)
        if not mode.startswith("a"):
            os.ftruncate(fd, 0)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, mode, **kwargs)


def write_text_safe(
    root: str | os.PathLike[str], relative: str | os.PathLike[str], text: str
) -> Path:
    """Write a UTF-8 text file inside ``root`` (see :func:`open_safe`); returns its path."""
    with open_safe(root, relative, "w", encoding="utf-8") as fh:
        fh.write(text)
    return Path(root) / relative


def read_bytes_safe(path: str | os.PathLike[str], *, to_rewrite: bool = False) -> bytes:
    """The bytes of a plain file, refusing a symbolic link, a FIFO or a device (never hangs).

    Args:
        path: The file.
        to_rewrite: The caller will write to this file afterwards: refuse a hard link too.

    Raises:
        UnsafePathError: For a link or a non-plain file.
        FileNotFoundError: When it does not exist.
    """
    path = Path(path)
    fd = _open_fd(path, os.O_RDONLY, 0)
    try:
        if to_rewrite:
            _check_plain(fd, path)
        elif not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafePathError(
                f"refusing to read {path}: it is not a plain file (a FIFO, device or socket)"
            )
        _blocking(fd)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read()
    finally:
        if fd >= 0:
            os.close(fd)


def make_private_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and missing parents) and make it readable by its owner only (0700).

    For folders holding credentialed data (MIMIC caches and builds).
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path, 0o700)
    return path


def make_private_tree(path: str | os.PathLike[str]) -> None:
    """Make a folder and everything in it owner-only: folders 0700, files 0600 (no link followed)."""
    path = Path(path)
    for dirpath, _dirs, filenames in os.walk(path):
        os.chmod(dirpath, 0o700)
        for name in filenames:
            file = Path(dirpath) / name
            if not file.is_symlink():
                os.chmod(file, 0o600)


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
        fd = _open_fd(path, os.O_RDWR | os.O_CREAT, 0o644)
        fh = os.fdopen(fd, "r+", encoding="utf-8")
        try:
            _check_plain(fd, path)
            _blocking(fd)
            if not _try_lock(fd):
                holder = fh.read().strip() or "an unknown process"
                raise FolderLockedError(
                    f"{self.folder} is in use by another writer ({holder}); wait for it to finish or use another --out"
                )
            fh.seek(0)
            fh.truncate()
            fh.write(
                json.dumps(
                    {
                        "host": socket.gethostname(),
                        "pid": os.getpid(),
                        "since": _dt.datetime.now(_dt.UTC).isoformat(
                            timespec="seconds"
                        ),
                    }
                )
            )
            fh.flush()
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


def _try_lock(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
