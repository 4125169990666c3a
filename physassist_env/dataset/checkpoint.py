"""Finished shards of a build kept on disk, so a killed build goes on where it stopped.

A build's session pass runs over fixed shards of patients
(:data:`~physassist_env.dataset.shards.SHARD_PATIENTS` each, in the source's order). Each
shard's candidate sessions depend only on its patients' records and the seed, so a shard
finished by an earlier run of the *same* build can be reused as it is: the output is the
same bytes as a build that never stopped.

The shards live in a hidden folder next to the output (``.<name>.partial``) with a key
(``key.json``: source, path, seed, limit, shard size, the generator's code fingerprint and
the patient list's hash). A key that differs (another source, seed or code) discards the
folder; a finished build removes it.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import pickle
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

KEY_FILE = "key.json"

Candidates = list[tuple[str, list[Any]]]


class CorruptShardError(ValueError):
    """A kept shard file that does not read back (its message names the file)."""


def partial_folder(out_path: Path) -> Path:
    """Where the finished shards of a build into ``out_path`` are kept."""
    return out_path.parent / f".{out_path.name}.partial"


def ids_digest(ids: Iterable[str]) -> str:
    """A hash of the ordered patient list (another order or subset is another build)."""
    h = hashlib.sha256()
    for pid in ids:
        h.update(pid.encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


class ShardCheckpoint:
    """The finished shards of one build (see the module docstring).

    Args:
        folder: The partial folder (:func:`partial_folder`).
        key: What makes two builds the same (JSON-serialisable).
        resume: Reuse the shards of an earlier run with the same key; ``False``
            discards them.
    """

    def __init__(self, folder: Path, key: dict[str, Any], *, resume: bool = True):
        self.folder = folder
        self.key = key
        earlier = self._earlier_key()
        if earlier is not None and (not resume or earlier != key):
            why = "--no-resume" if not resume else "another source, seed or code"
            log.info("discarding the partial build in %s (%s)", folder, why)
            shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)
        for cut in folder.glob("*.tmp"):  # a shard a kill interrupted while saving
            cut.unlink(missing_ok=True)
        (folder / KEY_FILE).write_text(json.dumps(key, sort_keys=True, indent=1))

    def _earlier_key(self) -> dict[str, Any] | None:
        try:
            return json.loads((self.folder / KEY_FILE).read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError):  # unreadable: treat as another build
            return {}

    def _path(self, index: int) -> Path:
        return self.folder / f"shard-{index:06d}.pkl"

    def finished(self, n_shards: int) -> set[int]:
        """Indices (below ``n_shards``) of the shards an earlier run finished and kept
        readable (a file cut short by a kill is not one: it is written under another name
        and renamed when complete). A shard file that does not read back (damaged on
        disk, truncated by hand) is named in a warning and removed, so its patients are
        built again rather than the build failing later."""
        done = set()
        for k in range(n_shards):
            path = self._path(k)
            if not path.is_file():
                continue
            try:
                self.load(k)
            except CorruptShardError as e:
                log.warning("%s; its patients will be built again", e)
                path.unlink(missing_ok=True)
                continue
            done.add(k)
        return done

    def load(self, index: int) -> Candidates:
        """The candidates of finished shard ``index``, as they were saved.

        Raises:
            CorruptShardError: the file does not read back as a shard (names the file).
        """
        path = self._path(index)
        try:
            got = pickle.loads(path.read_bytes())
        except (
            OSError,
            EOFError,
            pickle.UnpicklingError,
            ValueError,
            TypeError,
            AttributeError,
            ImportError,
            IndexError,
            KeyError,
        ) as e:
            raise CorruptShardError(
                f"unreadable partial-build shard {path}: {e}"
            ) from e
        if not isinstance(got, list):
            raise CorruptShardError(
                f"unreadable partial-build shard {path}: holds {type(got).__name__}, "
                "not a list of candidate sessions"
            )
        return got

    def save(self, index: int, got: Candidates) -> None:
        """Keep shard ``index``'s candidates (atomically: a kill leaves no half file)."""
        path = self._path(index)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(got, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)

    def replay(
        self,
        stream: Iterable[tuple[str, list[Any]]],
        chunks: list[list[str]],
        finished: set[int],
    ) -> Iterator[tuple[str, list[Any]]]:
        """Per-patient candidates of every shard in order: a finished shard's from its
        file, the others' from ``stream`` (the unfinished shards' patients in order; a
        patient the source could not read may be missing), each unfinished shard saved
        once the stream has moved past it. Items are yielded as they arrive."""
        chunk_of = {pid: k for k, chunk in enumerate(chunks) for pid in chunk}
        current, got = 0, []

        def close_before(k: int) -> list[tuple[str, list[Any]]]:
            nonlocal current, got
            out: list[tuple[str, list[Any]]] = []
            while current < k:
                if current in finished:
                    out.extend(self.load(current))
                else:
                    self.save(current, got)
                    got = []
                current += 1
            return out

        for item in stream:
            yield from close_before(max(current, chunk_of.get(item[0], current)))
            got.append(item)
            yield item
        yield from close_before(len(chunks))


__all__ = ["CorruptShardError", "ShardCheckpoint", "ids_digest", "partial_folder"]
