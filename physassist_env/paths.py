"""Writing only inside the folder a user chose: no escaping it, no following links out of it.

Every command that writes files (``build``, ``synth``, ``eval``, ``report``, ``view``,
``export``) resolves its output folder once, then creates each file through
:func:`safe_file`, which refuses a relative path that leaves the folder and any symbolic
link between the folder and the file (a link planted inside an output folder could
otherwise redirect a write anywhere). Files are opened with ``O_NOFOLLOW``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any


class UnsafePathError(ValueError):
    """A write would leave the chosen folder or go through a symbolic link."""


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


def open_safe(
    root: str | os.PathLike[str],
    relative: str | os.PathLike[str],
    mode: str = "w",
    **kwargs: Any,
) -> IO[Any]:
    """Open a file inside ``root`` for writing (``w``, ``a``, ``wb``, ``ab``) without following links."""
    path = safe_file(root, relative)
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    flags |= os.O_APPEND if mode.startswith("a") else os.O_TRUNC
    fd = os.open(path, flags, 0o644)
    return os.fdopen(fd, mode, **kwargs)


def write_text_safe(
    root: str | os.PathLike[str], relative: str | os.PathLike[str], text: str
) -> Path:
    """Write a UTF-8 text file inside ``root`` (see :func:`open_safe`); returns its path."""
    with open_safe(root, relative, "w", encoding="utf-8") as fh:
        fh.write(text)
    return Path(root) / relative
