"""Writing an output folder as a whole: old or new, never a mix, never through a link.

Builds and exports go through :func:`staged_output`. It

1. takes the folder's :class:`~physassist_env.paths.locks.OutputLock` (a second writer
   fails at once with a message naming the first, or waits when asked to);
2. finishes what a killed writer left: a staging folder (``.<name>.tmp-*``) is removed,
   and an earlier copy set aside by an interrupted replacement (``.<name>.old-*``) is put
   back when the folder is missing (removed otherwise);
3. checks the target: a symbolic link as the folder, or a link inside it, is refused;
   a non-empty folder needs ``overwrite``, and then may hold only files the writer
   writes (anything else, such as a user's notes, is named and the write refused);
4. lets the writer fill a fresh staging folder beside the target (0700, guarded by
   :mod:`~physassist_env.paths.scratch`, so a kill removes it);
5. gives its files their final modes (owner-only 0700/0600 for ``private`` outputs such
   as MIMIC-derived data, else 0755/0644), ``fsync``\\ s them, and puts the folder in
   place: an atomic exchange of the two folders (Linux ``renameat2(RENAME_EXCHANGE)``),
   else two renames that step 2 completes after a kill between them.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import logging
import os
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from physassist_env.paths.checks import (
    PRIVATE_DIR,
    PRIVATE_FILE,
    UnsafePathError,
    set_tree_modes,
)
from physassist_env.paths.files import fsync_dir
from physassist_env.paths.locks import OutputLock
from physassist_env.paths.scratch import guard, unguard

log = logging.getLogger(__name__)

STAGING = ".tmp-"
SET_ASIDE = ".old-"


def output_path(out: str | os.PathLike[str]) -> Path:
    """The absolute output folder: parents resolved, the folder itself not followed.

    Raises:
        UnsafePathError: When the folder is a symbolic link.
    """
    given = Path(out).expanduser()
    path = given.absolute().parent.resolve() / given.absolute().name
    if path.is_symlink():
        raise UnsafePathError(
            f"refusing to write to {path}: it is a symbolic link (to {os.readlink(path)}); "
            "give the folder it points to, or another --out"
        )
    return path


def _siblings(out: Path, marker: str) -> list[Path]:
    prefix = f".{out.name}{marker}"
    try:
        names = os.listdir(out.parent)
    except OSError:
        return []
    return sorted(out.parent / n for n in names if n.startswith(prefix))


def _remove_tree(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        with contextlib.suppress(OSError):
            path.unlink()
        return
    shutil.rmtree(path, ignore_errors=True)


def recover(out: Path) -> str | None:
    """Finish what a writer killed mid-way left beside ``out`` (hold its lock).

    Returns:
        A sentence when an earlier copy was put back, else ``None``.
    """
    note = None
    aside = _siblings(out, SET_ASIDE)
    if aside and not os.path.lexists(out):
        newest = max(aside, key=lambda p: p.stat().st_mtime)
        os.rename(newest, out)
        aside.remove(newest)
        note = (
            f"restored {out} from {newest.name}, set aside by a replacement that was "
            "interrupted"
        )
        log.warning("%s", note)
    for path in aside + _siblings(out, STAGING):
        _remove_tree(path)
    return note


def links_inside(folder: Path) -> list[str]:
    """Symbolic links and hard-linked files inside ``folder`` (relative paths, each
    with what it is)."""
    found = []
    for dirpath, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(dirpath) / name
            st = path.lstat()
            rel = path.relative_to(folder).as_posix()
            if stat.S_ISLNK(st.st_mode):
                found.append(f"{rel}, a symbolic link")
            elif stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
                found.append(f"{rel}, a file with {st.st_nlink} hard links")
    return sorted(found)


def files_inside(folder: Path) -> list[str]:
    """Every file inside ``folder`` (relative POSIX paths; empty folders as ``name/``)."""
    out = []
    for dirpath, dirs, files in os.walk(folder):
        base = Path(dirpath)
        out += [(base / f).relative_to(folder).as_posix() for f in files]
        if not dirs and not files and base != folder:
            out.append(base.relative_to(folder).as_posix() + "/")
    return sorted(out)


def check_target(
    out: Path,
    *,
    overwrite: bool,
    owned: Callable[[str], bool],
    writer: str,
    replaceable: Callable[[Path], str | None] | None = None,
) -> None:
    """Refuse to replace ``out`` unless it is absent, empty, or (with ``overwrite``) one of
    this writer's outputs holding nothing else.

    Args:
        out: The output folder.
        overwrite: The user asked to replace an earlier output.
        owned: Whether a relative path inside ``out`` is one the writer writes.
        writer: The command, for the messages (``physassist build``).
        replaceable: Extra check of an existing output: a reason it is not one of the
            writer's (e.g. no manifest), or ``None``.

    Raises:
        FileExistsError: ``out`` is a file, or is not empty and cannot be replaced.
        UnsafePathError: ``out`` holds a symbolic or hard link.
    """
    if not os.path.lexists(out):
        return
    if out.is_symlink():
        raise UnsafePathError(f"refusing to write to {out}: it is a symbolic link")
    if not out.is_dir():
        raise FileExistsError(f"{out} exists and is not a folder; choose another --out")
    links = links_inside(out)
    if links:
        shown = "; ".join(links[:5]) + (" ..." if len(links) > 5 else "")
        raise UnsafePathError(
            f"refusing to replace {out}: it holds links ({shown}) through which a "
            "write could change files elsewhere; remove them or choose another --out"
        )
    files = files_inside(out)
    if not files:
        return
    if not overwrite:
        raise FileExistsError(
            f"{out} is not empty; choose another --out or pass --overwrite (overwrite=True) "
            "to replace it"
        )
    reason = replaceable(out) if replaceable is not None else None
    if reason:
        raise FileExistsError(f"refusing to overwrite {out}: {reason}")
    foreign = [f for f in files if not owned(f)]
    if foreign:
        shown = ", ".join(foreign[:8]) + (" ..." if len(foreign) > 8 else "")
        raise FileExistsError(
            f"refusing to overwrite {out}: it holds {len(foreign)} file(s) {writer} did not "
            f"write ({shown}), which replacing it would delete; move them out or choose "
            "another --out"
        )


def _fsync_tree(folder: Path) -> None:
    for dirpath, _dirs, files in os.walk(folder):
        for name in files:
            fd = os.open(Path(dirpath) / name, os.O_RDONLY | os.O_NOFOLLOW)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        fsync_dir(Path(dirpath))


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically (Linux ``renameat2``); False where unsupported."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    sys.audit("physassist.exchange", str(a), str(b))
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EPERM):
        return False
    raise OSError(err, os.strerror(err), str(a), None, str(b))


def swap_in(staged: Path, out: Path) -> None:
    """Put the folder ``staged`` in place of ``out`` (see the module); the old one is removed."""
    if os.path.lexists(out):
        if _exchange(staged, out):
            fsync_dir(out.parent)
            _remove_tree(staged)  # now the old folder (a kill here: recover removes it)
            return
        aside = out.with_name(
            f".{out.name}{SET_ASIDE}{os.getpid()}-{secrets.token_hex(4)}"
        )
        os.rename(out, aside)
        os.rename(staged, out)  # a kill before this line: recover puts `aside` back
        fsync_dir(out.parent)
        _remove_tree(aside)
        return
    os.rename(staged, out)
    fsync_dir(out.parent)


@contextlib.contextmanager
def staged_output(
    out: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    private: bool = False,
    owned: Callable[[str], bool] = lambda _: True,
    writer: str = "this command",
    replaceable: Callable[[Path], str | None] | None = None,
) -> Iterator[Path]:
    """Write a whole output folder through a staging folder (see the module).

    Args:
        out: The output folder.
        overwrite: Replace an earlier output (see :func:`check_target`).
        private: Owner-only modes (0700/0600) for credentialed (MIMIC-derived) data.
        owned: Whether a relative path is one this writer writes (others block a replace).
        writer: The command, for the messages.
        replaceable: Extra check of an existing output (see :func:`check_target`).

    Yields:
        The staging folder to fill; it replaces ``out`` when the block ends without error.

    Raises:
        FolderLockedError: Another process writes ``out``.
        FileExistsError, UnsafePathError: See :func:`check_target`.
    """
    target = output_path(out)
    with OutputLock(target, what=f"the output of {writer}"):
        recover(target)
        check_target(
            target,
            overwrite=overwrite,
            owned=owned,
            writer=writer,
            replaceable=replaceable,
        )
        staged = Path(
            tempfile.mkdtemp(prefix=f".{target.name}{STAGING}", dir=target.parent)
        )
        guard(staged)
        try:
            yield staged
            if private:
                set_tree_modes(staged, PRIVATE_DIR, PRIVATE_FILE)
            else:
                set_tree_modes(staged, 0o755, 0o644)
            _fsync_tree(staged)
            # the same checks once more, just before the old output goes
            check_target(
                target,
                overwrite=overwrite,
                owned=owned,
                writer=writer,
                replaceable=replaceable,
            )
            swap_in(staged, target)
        finally:
            _remove_tree(staged)
            unguard(staged)
