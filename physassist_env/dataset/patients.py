"""A build's ``patients`` config read one patient at a time: the Parquet row groups are the index.

:func:`~physassist_env.dataset.writer.write_dataset` writes each split's patients in row
groups of :data:`~physassist_env.dataset.writer.ROW_GROUP_SIZE` rows. A
:class:`PatientTable` reads the ``patient_id`` column of each file when opened (a few
bytes per patient) and, when a patient is asked for, the one row group that holds it
(64 patients, about 45 MB of JSON text on the default build) and decodes that one row.
It keeps the last row group it read from each file (patients of a split are often asked
for in file order) and the ``keep`` records it decoded last, so what it holds does not
grow with the number of patients in the build. It is the :class:`~physassist_env.ehr.lazy.PatientSource`
of a :class:`~physassist_env.ehr.lazy.LazyFhirStore`.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from physassist_env.dataset.loader import read_manifest, record_from_row
from physassist_env.dataset.patient_index import PatientIndex
from physassist_env.fhir.record import PatientRecord

log = logging.getLogger(__name__)
_WARNED: set[Path] = set()

#: Records a table keeps decoded, by default.
KEEP_RECORDS = 64
_COLUMNS = ["patient_id", "source", "resources_json", "meta_json"]


class PatientTable:
    """The patients of one split (or of all splits) of a dataset folder, read on demand.

    Args:
        path: The dataset folder (or a name :func:`read_manifest` resolves).
        split: One split, or ``None`` for every split of the build.
        keep: Most decoded records held at once.

    Raises:
        FileNotFoundError: For a folder that is not a build.
        ValueError: For a split the build does not have.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        split: str | None = None,
        *,
        keep: int = KEEP_RECORDS,
    ):
        info = read_manifest(path)
        files = info.files["patients"]
        if split is not None and split not in files:
            raise ValueError(
                f"{info.path} has no {split!r} split; available: {', '.join(files)}"
            )
        root = Path(info.path or ".")
        self.path = root
        names = [split] if split is not None else list(files)
        self._files = [pq.ParquetFile(root / files[name]) for name in names]
        # each file's resource index (None: a build written before it, or not matching)
        self._indexes = [
            PatientIndex.open(root / files[name], info.sha256.get(files[name]))
            for name in names
        ]
        # patient id -> (file, row group, row in the group)
        self._where: dict[str, tuple[int, int, int]] = {}
        for f, pf in enumerate(self._files):
            ids = iter(
                pf.read(columns=["patient_id"], use_threads=False).column(0).to_pylist()
            )
            for g in range(pf.metadata.num_row_groups):
                for i in range(pf.metadata.row_group(g).num_rows):
                    self._where[next(ids)] = (f, g, i)
        self._keep = max(1, keep)
        self._records: OrderedDict[str, PatientRecord] = OrderedDict()
        self._groups: dict[int, tuple[int, pa.Table]] = {}  # file -> its last group
        self._lock = threading.RLock()

    def __contains__(self, patient_id: object) -> bool:
        return patient_id in self._where

    def __len__(self) -> int:
        return len(self._where)

    def patient_ids(self) -> list[str]:
        """Every patient id, sorted (reads nothing more)."""
        return sorted(self._where)

    def record(self, patient_id: str) -> PatientRecord:
        """One patient's record (read from its row group on first use).

        Raises:
            KeyError: For an id the table does not have.
        """
        with self._lock:
            rec = self._records.get(patient_id)
            if rec is not None:
                self._records.move_to_end(patient_id)
                return rec
            where = self._where.get(patient_id)
            if where is None:
                raise KeyError(f"no patient {patient_id!r} in {self.path}")
            f, g, i = where
            table = self._row_group(f, g)
            rec = record_from_row(table.slice(i, 1).to_pylist()[0])
            self._records[patient_id] = rec
            while len(self._records) > self._keep:
                self._records.popitem(last=False)
            return rec

    def resources(self, patient_id: str) -> list[dict[str, Any]]:
        """One patient's FHIR resources (see :meth:`record`)."""
        return self.record(patient_id).resources

    def holder(self, resource_type: str, resource_id: str) -> str | None:
        """The id of the patient holding ``resource_type/resource_id`` (``None`` if none).

        Asks each file's resource index (one row group of keys read). A file without
        one (a build written before it) is scanned: its ``resources_json`` text one row
        group at a time for the id (the writer's compact JSON), then only the rows that
        contain it are decoded to check the type; no more than one row group is held.
        """
        needle = '"id":' + json.dumps(resource_id, ensure_ascii=False)
        with self._lock:
            for f, pf in enumerate(self._files):
                index = self._indexes[f]
                if index is not None:
                    found = index.holder(resource_type, resource_id)
                    if found is not None:
                        return found
                    continue
                _log_no_index(self.path)
                for g in range(pf.metadata.num_row_groups):
                    table = self._row_group(f, g)
                    hits = pc.match_substring(table.column("resources_json"), needle)
                    for i, hit in enumerate(hits.to_pylist()):
                        if not hit:
                            continue
                        row = table.slice(i, 1).to_pylist()[0]
                        for res in json.loads(row["resources_json"]):
                            if (
                                res.get("resourceType") == resource_type
                                and res.get("id") == resource_id
                            ):
                                return str(row["patient_id"])
        return None

    def candidates(
        self,
        resource_type: str,
        code_values: list[str],
        ids: list[str] | None = None,
    ) -> set[str] | None:
        """Patients that may match a search (see
        :meth:`~physassist_env.dataset.patient_index.PatientIndex.candidates`), read from
        the resource indexes; ``None`` when a file has no index (every patient may)."""
        if any(i is None for i in self._indexes):
            _log_no_index(self.path)
            return None
        out: set[str] = set()
        for index in self._indexes:
            assert index is not None
            out |= index.candidates(resource_type, code_values, ids)
        return out

    def _row_group(self, f: int, g: int) -> pa.Table:
        held = self._groups.pop(f, None)  # released before the next one is read
        if held is not None and held[0] == g:
            self._groups[f] = held
            return held[1]
        del held
        # one thread: as fast here, and no thread pool to start (seconds on a busy machine)
        table = self._files[f].read_row_group(g, columns=_COLUMNS, use_threads=False)
        self._groups[f] = (g, table)
        return table


def _log_no_index(root: Path) -> None:
    """Say once per folder, when it is first needed, that a build has no resource index
    (and what that costs)."""
    if root in _WARNED:
        return
    _WARNED.add(root)
    log.warning(
        "%s has no resource index (built before it): a read by id scans the patients' "
        "row groups, and a search naming no patient is refused unless the store holds "
        "every patient; rebuild it (physassist build) to add the index",
        root,
    )
