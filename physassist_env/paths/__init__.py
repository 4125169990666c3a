"""The one way this package writes files: inside the chosen folder, never through a link,
atomically, privately when the data are credentialed, and locked against a second writer.

Every command that writes (``build``, ``synth``, ``export`` in every format, ``eval``,
``report``, ``view``, ``cache``) goes through this package:

* :mod:`~physassist_env.paths.checks`: no escaping the chosen folder, no symbolic or hard
  link, no FIFO or device (:func:`safe_file`, :func:`read_bytes_safe`), owner-only folders
  (:func:`make_private_dir`);
* :mod:`~physassist_env.paths.files`: one file written beside its target and renamed over
  it (:func:`open_safe`, :func:`write_text_safe`), appends checked the same way;
* :mod:`~physassist_env.paths.outputs`: a whole output folder (a build, an export) written
  in a staging folder and swapped in (:func:`staged_output`);
* :mod:`~physassist_env.paths.locks`: :class:`RunLock` (an evaluation run folder) and
  :class:`OutputLock` (a build or export; waits when asked, as the first use of the
  default dataset does);
* :mod:`~physassist_env.paths.scratch`: private scratch folders removed on every exit
  path, a kill included (:func:`scratch_dir`).
"""

from __future__ import annotations

from physassist_env.paths.checks import (
    UnsafePathError,
    make_private_dir,
    make_private_tree,
    read_bytes_safe,
    safe_file,
)
from physassist_env.paths.files import (
    AtomicFile,
    append_line,
    open_safe,
    sweep_partial_files,
    write_text_safe,
)
from physassist_env.paths.locks import (
    FolderLockedError,
    OutputLock,
    RunLock,
    holds_output_lock,
)
from physassist_env.paths.outputs import output_path, staged_output
from physassist_env.paths.scratch import cache_root, scratch_dir

__all__ = [
    "AtomicFile",
    "append_line",
    "FolderLockedError",
    "OutputLock",
    "RunLock",
    "UnsafePathError",
    "cache_root",
    "holds_output_lock",
    "make_private_dir",
    "make_private_tree",
    "open_safe",
    "output_path",
    "read_bytes_safe",
    "safe_file",
    "scratch_dir",
    "staged_output",
    "sweep_partial_files",
    "write_text_safe",
]
