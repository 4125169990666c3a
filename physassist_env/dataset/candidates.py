"""Candidate sessions as a build keeps them: serialised, with their selection key.

A build's session pass gives every candidate session of every patient; the split
(:func:`~physassist_env.scenarios.generate.assign_splits`) reads only each one's
:class:`~physassist_env.scenarios.generate.SessionKey` (ids, scenario x tier cell,
decision topics and outcomes). So a candidate travels from the worker that built it, and
waits until the dataset is written, as a :class:`Candidate`: its key plus the session
pickled once, in the worker. The reading process keeps the keys in memory and the
pickles in one unnamed temporary file (:class:`CandidateFile`), and the writer loads each
kept session by reference, one at a time (:meth:`CandidateFile.load`): the driver's
memory grows with the keys (about 0.8 KB per candidate with its file offset, measured on
the default's sessions), not with the sessions (about 1 GB of objects for the default's
candidates before; ``docs/environment.md``, "Memory of the first-use build").
"""

from __future__ import annotations

import os
import pickle
import tempfile
from typing import NamedTuple

from physassist_env.scenarios.generate import SessionKey, for_split
from physassist_env.scenarios.model import Session


class Candidate(NamedTuple):
    """One candidate session: its selection key and the session, pickled."""

    key: SessionKey
    data: bytes

    @classmethod
    def of(cls, session: Session) -> Candidate:
        """``session`` serialised (its key read from it)."""
        return cls(
            SessionKey.of(session), pickle.dumps(session, pickle.HIGHEST_PROTOCOL)
        )

    def session(self) -> Session:
        """The session, as it was built."""
        session: Session = pickle.loads(self.data)
        return session


class CandidateFile:
    """The serialised candidates of a build in an unnamed temporary file, by session id.

    :meth:`add` keeps a candidate's bytes and returns its key (what the caller holds);
    :meth:`load` reads one session back for the writer. Close it (or use it as a context
    manager) to free the disk space."""

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile(prefix="physassist-candidates-")
        self._where: dict[str, tuple[int, int]] = {}  # session id -> (offset, size)

    def __enter__(self) -> CandidateFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, candidate: Candidate) -> SessionKey:
        """Keep ``candidate``'s bytes; its key.

        Raises:
            ValueError: A candidate with the same session id was added before.
        """
        sid = candidate.key.session_id
        if sid in self._where:
            raise ValueError(f"session id {sid!r} appears twice")
        offset = self._file.seek(0, os.SEEK_END)
        self._file.write(candidate.data)
        self._where[sid] = (offset, len(candidate.data))
        return candidate.key

    def load(self, session_id: str) -> Session:
        """The session kept under ``session_id``, as it was built.

        Raises:
            KeyError: No candidate has that id.
        """
        offset, size = self._where[session_id]
        self._file.seek(offset)
        session: Session = pickle.loads(self._file.read(size))
        return session

    def load_for_split(self, session_id: str, split: str) -> Session:
        """The session kept under ``session_id`` as written in ``split``
        (:func:`~physassist_env.scenarios.generate.for_split`)."""
        return for_split(self.load(session_id), split)

    def close(self) -> None:
        self._file.close()


__all__ = ["Candidate", "CandidateFile"]
