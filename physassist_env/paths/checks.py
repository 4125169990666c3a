"""The checks every writer and reader makes: inside the chosen folder, no link, a plain file.

:func:`safe_file` refuses a relative path that leaves the folder and any symbolic link
between the folder and the file (a link planted inside an output folder could otherwise
redirect a write anywhere). :func:`check_plain` refuses a target that is not a plain
file with a single link (a planted *hard* link would make a write land in another
file). Files are opened with ``O_NOFOLLOW`` and ``O_NONBLOCK`` (a FIFO never hangs a
writer) and checked with ``fstat`` before anything is done to them.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: Permission bits of owner-only folders and files (credentialed data, scratch space).
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600


class UnsafePathError(ValueError):
    """A write would leave the chosen folder, go through a link or hit a non-plain file."""


NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)


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
                f"refusing to write through the symbolic link {current} (inside the output "
                f"folder {base}); remove the link or choose another output folder"
            )
    current.parent.mkdir(parents=True, exist_ok=True)
    return current


def check_plain(fd: int, path: Path) -> os.stat_result:
    """Raise :class:`UnsafePathError` unless ``fd`` is a plain file with exactly one link."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(
            f"refusing to use {path}: it is not a plain file (a FIFO, device or socket)"
        )
    if st.st_nlink > 1:
        raise UnsafePathError(
            f"refusing to write to {path}: it has {st.st_nlink} hard links, so the write "
            "would change another file too; remove it or choose another output folder"
        )
    return st


def check_replaceable(path: Path) -> None:
    """Raise :class:`UnsafePathError` when an existing ``path`` is a link or not a plain file.

    What a writer checks before it renames a new file over ``path``: the rename itself
    never writes through a link, but a planted link means someone expects it to, so the
    write is refused as :func:`open_safe` refuses it.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePathError(
            f"refusing to write through the symbolic link {path}; remove the link or "
            "choose another output folder"
        )
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(
            f"refusing to use {path}: it is not a plain file (a FIFO, device, socket or folder)"
        )
    if st.st_nlink > 1:
        raise UnsafePathError(
            f"refusing to write to {path}: it has {st.st_nlink} hard links, so the write "
            "would change another file too; remove it or choose another output folder"
        )


def open_fd(path: Path, flags: int, perm: int) -> int:
    """``os.open`` without following a final symbolic link and without blocking on a FIFO.

    Raises:
        UnsafePathError: For a symbolic link or a FIFO without a reader.
    """
    try:
        return os.open(path, flags | NOFOLLOW | NONBLOCK, perm)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafePathError(
                f"refusing to use the symbolic link {path}; remove the link or choose "
                "another output folder"
            ) from None
        if exc.errno == errno.ENXIO:  # a FIFO with no reader
            raise UnsafePathError(
                f"refusing to use {path}: it is not a plain file (a FIFO)"
            ) from None
        raise


def set_blocking(fd: int) -> None:
    """Clear ``O_NONBLOCK`` on ``fd`` (set by :func:`open_fd`) once it is known to be a file."""
    if NONBLOCK:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~NONBLOCK)


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
    fd = open_fd(path, os.O_RDONLY, 0)
    try:
        if to_rewrite:
            check_plain(fd, path)
        elif not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnsafePathError(
                f"refusing to read {path}: it is not a plain file (a FIFO, device or socket)"
            )
        set_blocking(fd)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read()
    finally:
        if fd >= 0:
            os.close(fd)


def make_private_dir(path: str | os.PathLike[str]) -> Path:
    """Create ``path`` (and missing parents) and make it readable by its owner only (0700).

    For folders holding credentialed data (MIMIC caches and builds) and scratch space.
    """
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    os.chmod(path, PRIVATE_DIR)
    return path


def make_private_tree(path: str | os.PathLike[str]) -> None:
    """Make a folder and everything in it owner-only: folders 0700, files 0600 (no link followed)."""
    set_tree_modes(path, PRIVATE_DIR, PRIVATE_FILE)


def set_tree_modes(path: str | os.PathLike[str], dir_mode: int, file_mode: int) -> None:
    """Give a folder, its sub-folders and its plain files these permission bits.

    Links are never followed (a link inside is left as it is).
    """
    path = Path(path)
    for dirpath, _dirs, filenames in os.walk(path):
        os.chmod(dirpath, dir_mode)
        for name in filenames:
            file = Path(dirpath) / name
            if not file.is_symlink():
                os.chmod(file, file_mode)
