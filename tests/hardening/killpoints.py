"""Run ``physassist`` and SIGKILL it at its N-th file-system event: kills at exact points.

Usage (the tests in ``test_interrupted.py`` run it)::

    KILL_ROOT=/tmp/x KILL_AT=17 KILL_LOG=/tmp/x/events python killpoints.py build ...

An audit hook (:func:`sys.addaudithook`) counts the events that change files under
``KILL_ROOT``: opening a file for writing, renames (``os.rename``/``os.replace``), removals,
folder creation, mode changes, and the package's own ``physassist.replace`` (a file renamed
over its target) and ``physassist.exchange`` (an output folder swapped in). Paths relative
to a folder descriptor (inside ``shutil.rmtree``) count too. At event ``KILL_AT`` the
process kills itself with SIGKILL *before* the operation happens; ``KILL_AT=0`` never
kills. With ``KILL_LOG`` set, an uninterrupted run writes the names of its events there
(one per line), so a test knows how many there are and where the swaps are.
"""

from __future__ import annotations

import os
import signal
import sys

EVENTS = frozenset(
    {
        "open",
        "os.rename",
        "os.remove",
        "os.rmdir",
        "os.mkdir",
        "os.chmod",
        "os.truncate",
        "os.link",
        "os.symlink",
        "shutil.rmtree",
        "shutil.move",
        "physassist.replace",
        "physassist.exchange",
    }
)
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _install(root: str, kill_at: int, log: list[str]) -> None:
    def hook(event: str, args: tuple) -> None:
        if event not in EVENTS:
            return
        path = args[0] if args else None
        if event == "open":
            mode, flags = args[1], args[2]
            if isinstance(path, int):
                return
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & _WRITE_FLAGS
            )
            if not writing:
                return
        if isinstance(path, bytes | str | os.PathLike):
            text = os.fsdecode(path)
            if os.path.isabs(text) and not text.startswith(root):
                return
        log.append(event)
        if len(log) == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    sys.addaudithook(hook)


def main() -> int:
    root = os.path.realpath(os.environ["KILL_ROOT"])
    kill_at = int(os.environ.get("KILL_AT", "0"))
    log_file = os.environ.get("KILL_LOG")
    log: list[str] = []
    _install(root, kill_at, log)
    from physassist_env.cli.main import main as cli

    try:
        return cli(sys.argv[1:])
    finally:
        if log_file and not kill_at:
            events = list(log)
            with open(log_file, "w", encoding="utf-8") as fh:
                fh.write("\n".join(events) + "\n")


if __name__ == "__main__":
    sys.exit(main())
