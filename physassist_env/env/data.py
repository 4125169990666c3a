"""Sessions and records of a built dataset, loaded once per process and shared.

A split's session ids and JSON text are read when it is opened and each session is
decoded when first played (:class:`~physassist_env.dataset.loader.SessionList`); each
patient's record is read from the build's ``patients`` config when an episode first
needs it (:class:`~physassist_env.dataset.patients.PatientTable`), and only the most recently used
records and stores are kept, so memory does not grow with the number of patients.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from physassist_env.dataset import read_manifest, resolve_dataset_path
from physassist_env.dataset.default import default_dataset_path
from physassist_env.dataset.loader import SessionList
from physassist_env.dataset.patients import PatientTable
from physassist_env.ehr import FhirStore
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.model import Session

SPLITS = ("train", "validation", "test")
#: Patients whose records and indexed stores a split keeps at once.
KEEP_PATIENTS = 64


def resolve(dataset: str | Path | None, *, progress: bool = True) -> Path:
    """A dataset folder: the given one, or the embedded synthetic default (built on first use)."""
    if dataset is None:
        return default_dataset_path(progress=progress)
    return resolve_dataset_path(dataset)


class SplitData:
    """One split of a dataset: its sessions, and records/stores loaded on demand."""

    def __init__(self, path: Path, split: str):
        if split not in SPLITS:
            raise ValueError(f"split {split!r} is not one of {', '.join(SPLITS)}")
        self.path = path
        self.split = split
        # ids and JSON text read now, each session decoded when first played
        self.sessions: SessionList = SessionList(path, split)
        if not self.sessions:
            raise ValueError(f"the {split} split of {path} has no sessions")
        self.by_id: Mapping[str, Session] = self.sessions.by_id
        self.seed = int(read_manifest(path).build.get("seed", 0))
        self._table: PatientTable | None = None
        self._lock = threading.Lock()

    def __reduce__(self) -> tuple[object, tuple[Path, str]]:
        """Unpickle to the process-wide instance (locks and caches are not copied)."""
        return split_data, (self.path, self.split)

    def record(self, patient_id: str) -> PatientRecord:
        """The patient's canonical record (read on first use, the last
        :data:`KEEP_PATIENTS` kept).

        Raises:
            KeyError: For a patient the split does not have.
        """
        with self._lock:
            if self._table is None:
                self._table = PatientTable(
                    self.path, split=self.split, keep=KEEP_PATIENTS
                )
        return self._table.record(patient_id)

    @lru_cache(maxsize=KEEP_PATIENTS)  # noqa: B019 - one SplitData per (path, split) lives for the process
    def store(self, patient_id: str) -> FhirStore:
        """An indexed store of the patient (shared: episodes only read it and write to views)."""
        return FhirStore.from_records([self.record(patient_id)])


_CACHE: dict[tuple[str, str], SplitData] = {}
_CACHE_LOCK = threading.Lock()


def split_data(path: Path, split: str) -> SplitData:
    """The process-wide :class:`SplitData` of a dataset split."""
    key = (str(path), split)
    with _CACHE_LOCK:
        if key not in _CACHE:
            _CACHE[key] = SplitData(path, split)
        return _CACHE[key]
