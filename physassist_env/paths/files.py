"""Writing one file inside a chosen folder: never through a link, replaced atomically.

:func:`open_safe` in a ``w`` mode writes into a new file beside the target
(``.NAME.tmp-XXXXXXXX``, created with ``O_EXCL | O_NOFOLLOW``) and, when the file is
closed without an error, flushes it, ``fsync``\\ s it, checks the target once more and
renames it over the target (then ``fsync``\\ s the folder). A process killed at any moment
leaves the target either as it was or wholly new; an exception inside the ``with`` block
leaves it as it was. The writer holds an ``flock`` on its temporary file, so
:func:`sweep_partial_files` can tell the leftovers of a killed writer (removed) from a
file being written now (kept). ``a`` modes append in place (an evaluation's episode log,
whose readers skip a cut-off last line).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import sys
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from physassist_env.paths.checks import (
    check_plain,
    check_replaceable,
    open_fd,
    safe_file,
    set_blocking,
)

#: Marks a file being written beside its target (``.NAME.tmp-<8 hex digits>``).
PARTIAL = ".tmp-"


def fsync_dir(folder: Path) -> None:
    """``fsync`` a folder so that a rename inside it survives a power loss (best effort)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def try_flock(fd: int, *, wait: bool = False) -> bool:
    """Take an exclusive ``flock`` on ``fd``; False when another holder has it (``wait``: block)."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


class AtomicFile:
    """A file written beside its target and renamed over it when closed without error.

    Used as a context manager it yields the underlying file object (so ``gzip``,
    ``pyarrow`` and ``matplotlib`` write to a real file); an exception inside the block
    discards the new content. Without ``with``, :meth:`close` commits. Attribute access
    is passed on to the file object.
    """

    def __init__(self, fh: IO[Any], tmp: Path, target: Path) -> None:
        self._fh = fh
        self.tmp = tmp
        self.target = target
        self._done = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)

    def __enter__(self) -> IO[Any]:
        return self._fh

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.commit()
        else:
            self.discard()

    def commit(self) -> None:
        """Flush, ``fsync`` and rename the new file over the target (once)."""
        if self._done:
            return
        self._done = True
        try:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            check_replaceable(self.target)
            sys.audit("physassist.replace", str(self.tmp), str(self.target))
            # rename while the flock is held: a sweeper never removes a file being renamed
            os.replace(self.tmp, self.target)
        except BaseException:
            self._fh.close()
            with contextlib.suppress(OSError):
                os.unlink(self.tmp)
            raise
        self._fh.close()
        fsync_dir(self.target.parent)

    def close(self) -> None:
        """Commit (the file was written without an error the writer saw)."""
        self.commit()

    def discard(self) -> None:
        """Drop the new content; the target stays as it was."""
        if self._done:
            return
        self._done = True
        with contextlib.suppress(OSError):
            self._fh.close()
        with contextlib.suppress(OSError):
            os.unlink(self.tmp)

    @property
    def closed(self) -> bool:
        return self._done


def partial_name(target: Path) -> Path:
    """A fresh name beside ``target`` for its new content (``.NAME.tmp-XXXXXXXX``)."""
    return target.with_name(f".{target.name}{PARTIAL}{secrets.token_hex(4)}")


def open_safe(
    root: str | os.PathLike[str],
    relative: str | os.PathLike[str],
    mode: str = "w",
    *,
    perm: int = 0o644,
    **kwargs: Any,
) -> Any:
    """Open a file inside ``root`` for writing (``w``, ``wb``: atomic; ``a``, ``ab``: append).

    ``w`` modes return an :class:`AtomicFile` (write beside, ``fsync``, rename over the
    target on a clean close). ``a`` modes open the file itself without truncation, after
    checking it is a plain file with one link.

    Args:
        root: The folder the user chose.
        relative: The file's path inside ``root``.
        mode: ``w``/``wb`` (replace the content) or ``a``/``ab`` (append).
        perm: Permission bits of a new file (before the umask); a replaced file keeps
            the bits it had.
        **kwargs: Passed to :func:`os.fdopen` (``encoding``, ``buffering`` ...).

    Raises:
        UnsafePathError: For an escaping path, a link (symbolic or hard) or a non-plain file.
    """
    path = safe_file(root, relative)
    if mode.startswith("a"):
        fd = open_fd(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, perm)
        try:
            check_plain(fd, path)
            set_blocking(fd)
        except BaseException:
            os.close(fd)
            raise
        return os.fdopen(fd, mode, **kwargs)
    if not mode.startswith("w"):
        raise ValueError(f"open_safe writes only (mode w, wb, a or ab), not {mode!r}")
    check_replaceable(path)
    with contextlib.suppress(FileNotFoundError):
        perm = stat.S_IMODE(os.lstat(path).st_mode)
    while True:
        tmp = partial_name(path)
        try:
            fd = open_fd(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, perm)
            break
        except FileExistsError:
            continue
    try:
        set_blocking(fd)
        try_flock(fd)  # new file: nobody else holds it
        os.fchmod(fd, perm)
        fh = os.fdopen(fd, mode, **kwargs)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    return AtomicFile(fh, tmp, path)


def append_line(
    root: str | os.PathLike[str], relative: str | os.PathLike[str], line: bytes
) -> None:
    """Append one line to a file inside ``root``, flushed and synced to disk before returning.

    A line a killed writer cut off (no final newline) is closed first, so the new line
    starts clean and readers skip only the cut-off one. When the write fails (a full
    disk ...), the file is cut back to its previous length, so no partial line is left
    behind, and the ``OSError`` is raised.

    Raises:
        UnsafePathError: For an escaping path, a link or a non-plain file.
        ValueError: When ``line`` holds a newline before its end.
    """
    if b"\n" in line.rstrip(b"\n"):
        raise ValueError("one line only: the text holds a newline")
    line = line.rstrip(b"\n") + b"\n"
    new = not os.path.lexists(Path(root) / relative)
    with open_safe(root, relative, "ab", buffering=0) as fh:
        fd = fh.fileno()
        size = os.fstat(fd).st_size
        if size and _last_byte(Path(root) / relative, size) != b"\n":
            line = b"\n" + line
        try:
            view = memoryview(line)
            while view:
                view = view[fh.write(view) :]
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise
    if new:
        fsync_dir((Path(root) / relative).parent)


def _last_byte(path: Path, size: int) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        return os.pread(fd, 1, size - 1)
    finally:
        os.close(fd)


def write_text_safe(
    root: str | os.PathLike[str], relative: str | os.PathLike[str], text: str
) -> Path:
    """Write a UTF-8 text file inside ``root`` atomically (see :func:`open_safe`); its path."""
    with open_safe(root, relative, "w", encoding="utf-8") as fh:
        fh.write(text)
    return Path(root) / relative


def sweep_partial_files(
    folder: str | os.PathLike[str], *, recursive: bool = False
) -> int:
    """Remove the ``.NAME.tmp-*`` files that killed writers left in ``folder``.

    A file some live writer still holds (its ``flock``) is kept. Links and folders are
    never touched. Returns how many files were removed.
    """
    removed = 0
    folder = Path(folder)
    walk = os.walk(folder) if recursive else [(str(folder), [], _names(folder))]
    for dirpath, _dirs, names in walk:
        for name in names:
            if not (name.startswith(".") and PARTIAL in name):
                continue
            file = Path(dirpath) / name
            try:
                fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
            except OSError:
                continue
            try:
                if stat.S_ISREG(os.fstat(fd).st_mode) and try_flock(fd):
                    os.unlink(file)
                    removed += 1
            except OSError:
                pass
            finally:
                os.close(fd)
    return removed


def _names(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
