"""Read a dataset folder back: with ``datasets`` (:func:`load_physassist`) or straight from
the Parquet files into :class:`Session` and :class:`PatientRecord` objects."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

import pyarrow.parquet as pq

from physassist_env.dataset.writer import CONFIGS, MANIFEST, DatasetInfo
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.model import Session

if TYPE_CHECKING:
    from datasets import Dataset, DatasetDict

DEFAULT_NAME = "physassistbench"
BUILD_HINT = "physassist build --source synthetic --out {name}"


def resolve_dataset_path(path_or_name: str | os.PathLike[str] = DEFAULT_NAME) -> Path:
    """The dataset folder for a path, or for a bare name in the current directory.

    Raises:
        FileNotFoundError: Naming the folder looked for and the command that builds it.
    """
    path = Path(path_or_name).expanduser()
    resolved = path.resolve()
    if (resolved / "README.md").is_file():
        return resolved
    name = path.name or DEFAULT_NAME
    what = "has no README.md" if resolved.is_dir() else "does not exist"
    raise FileNotFoundError(
        f"PhysAssistBench dataset folder {resolved} {what}. Build it with "
        f"`{BUILD_HINT.format(name=resolved if path.is_absolute() else name)}` "
        f"(in {resolved.parent}), or pass the path of an existing build."
    )


def read_manifest(path_or_name: str | os.PathLike[str] = DEFAULT_NAME) -> DatasetInfo:
    """The build's ``physassist.json``.

    Raises:
        FileNotFoundError: When the folder or its manifest is missing.
    """
    root = resolve_dataset_path(path_or_name)
    file = root / MANIFEST
    if not file.is_file():
        raise FileNotFoundError(
            f"{file} not found: {root} was not written by write_dataset"
        )
    info = DatasetInfo.model_validate_json(file.read_text(encoding="utf-8"))
    info.path = str(root)
    return info


def _check_config(config: str) -> None:
    if config not in CONFIGS:
        raise ValueError(
            f"unknown config {config!r}; valid configs: {', '.join(CONFIGS)}"
        )


def load_physassist(
    path_or_name: str | os.PathLike[str] = DEFAULT_NAME,
    config: str = "sessions",
    split: str | None = None,
    *,
    cache_dir: str | os.PathLike[str] | None = None,
) -> Dataset | DatasetDict:
    """Load a build with ``datasets.load_dataset`` from its local folder (offline).

    Args:
        path_or_name: The folder, or a bare name resolved against the current directory
            (default ``physassistbench``, as ``physassist build --out physassistbench``
            writes it).
        config: ``sessions`` (one row per session) or ``patients`` (one row per patient).
        split: ``train``, ``validation`` or ``test`` for one :class:`datasets.Dataset`;
            ``None`` for a :class:`datasets.DatasetDict` of all splits.
        cache_dir: ``datasets`` cache folder (default: the library's).

    Raises:
        FileNotFoundError: The folder is missing (the message gives the build command).
        ValueError: Unknown config or a split the build does not have.
    """
    _check_config(config)
    root = resolve_dataset_path(path_or_name)
    available = _splits_of(root, config)
    if split is not None and available is not None and split not in available:
        raise ValueError(
            f"{root} has no {split!r} split in config {config!r}; available: "
            f"{', '.join(available)}"
        )
    import datasets

    kwargs: dict[str, Any] = {}
    if cache_dir is not None:
        kwargs["cache_dir"] = str(cache_dir)
    return datasets.load_dataset(str(root), config, split=split, **kwargs)


def _splits_of(root: Path, config: str) -> list[str] | None:
    file = root / MANIFEST
    if not file.is_file():
        return None
    return list(json.loads(file.read_text(encoding="utf-8"))["files"][config])


def iter_sessions(rows: Iterable[Mapping[str, Any]]) -> Iterator[Session]:
    """Yield the :class:`Session` of each row (a ``datasets`` split or any row dicts)."""
    for row in rows:
        yield Session.model_validate_json(row["session_json"])


class WrittenSessions:
    """The sessions of a dataset folder, read from its Parquet files (split by split, in
    file order) each time they are iterated, never held: what a build returns as its
    sessions (:func:`~physassist_env.dataset.build.build_dataset`)."""

    def __init__(self, path_or_name: str | os.PathLike[str]) -> None:
        self.path = path_or_name

    def __iter__(self) -> Iterator[Session]:
        return iter_sessions(
            _parquet_rows(self.path, "sessions", None, ["session_json"])
        )

    def __len__(self) -> int:
        return read_manifest(self.path).counts["sessions"]["total"]


class SessionList(Sequence[Session]):
    """The sessions of one split in file order, each decoded (validated into a
    :class:`Session`) when first asked for and kept: opening a split reads the ids and
    JSON text only (decoding every session up front was most of ``gym.make``'s cost).
    Index, slice and iterate as a list; :attr:`by_id` maps ids to sessions.

    Raises:
        ValueError: For a split the build does not have.
    """

    def __init__(self, path_or_name: str | os.PathLike[str], split: str):
        self._ids: list[str] = []
        self._json: list[str] = []
        for row in _parquet_rows(
            path_or_name, "sessions", split, ["session_id", "session_json"]
        ):
            self._ids.append(row["session_id"])
            self._json.append(row["session_json"])
        self._at = {sid: i for i, sid in enumerate(self._ids)}
        self._decoded: dict[int, Session] = {}
        self._lock = threading.Lock()
        self.by_id: Mapping[str, Session] = _SessionsById(self)

    def __len__(self) -> int:
        return len(self._ids)

    @overload
    def __getitem__(self, index: int) -> Session: ...

    @overload
    def __getitem__(self, index: slice) -> list[Session]: ...

    def __getitem__(self, index: int | slice) -> Session | list[Session]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        i = range(len(self))[index]  # IndexError as a list raises it
        with self._lock:
            session = self._decoded.get(i)
            if session is None:
                session = Session.model_validate_json(self._json[i])
                self._decoded[i] = session
            return session

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without its lock (and without the sessions decoded so far)."""
        return {"_ids": self._ids, "_json": self._json}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._ids, self._json = state["_ids"], state["_json"]
        self._at = {sid: i for i, sid in enumerate(self._ids)}
        self._decoded = {}
        self._lock = threading.Lock()
        self.by_id = _SessionsById(self)

    def ids(self) -> list[str]:
        """The session ids in file order (decodes nothing)."""
        return list(self._ids)

    def position(self, session_id: str) -> int:
        """Where ``session_id`` is (``KeyError`` when the split does not have it)."""
        return self._at[session_id]


class _SessionsById(Mapping[str, Session]):
    """``session_id -> Session`` of a :class:`SessionList`, decoding on access."""

    def __init__(self, sessions: SessionList):
        self._sessions = sessions

    def __getitem__(self, session_id: str) -> Session:
        return self._sessions[self._sessions.position(session_id)]

    def __contains__(self, session_id: object) -> bool:
        return session_id in self._sessions._at

    def __iter__(self) -> Iterator[str]:
        return iter(self._sessions.ids())

    def __len__(self) -> int:
        return len(self._sessions)


def record_from_row(row: Mapping[str, Any]) -> PatientRecord:
    """The :class:`PatientRecord` of one ``patients`` row."""
    return PatientRecord(
        patient_id=row["patient_id"],
        resources=json.loads(row["resources_json"]),
        source=row["source"],
        meta=json.loads(row["meta_json"]),
    )


def _parquet_rows(
    path_or_name: str | os.PathLike[str],
    config: str,
    split: str | None,
    columns: list[str],
) -> Iterator[dict[str, Any]]:
    info = read_manifest(path_or_name)
    files = info.files[config]
    if split is not None and split not in files:
        raise ValueError(
            f"{info.path} has no {split!r} split; available: {', '.join(files)}"
        )
    for name in [split] if split is not None else list(files):
        table = pq.read_table(Path(info.path or ".") / files[name], columns=columns)
        yield from table.to_pylist()


def load_sessions(
    path_or_name: str | os.PathLike[str] = DEFAULT_NAME, split: str | None = "test"
) -> list[Session]:
    """The validated sessions of one split (``None``: all splits), in file order.

    Reads the Parquet files directly (no ``datasets`` cache), for the environment.
    """
    return list(
        iter_sessions(_parquet_rows(path_or_name, "sessions", split, ["session_json"]))
    )


def load_records(
    path_or_name: str | os.PathLike[str] = DEFAULT_NAME, split: str | None = None
) -> dict[str, PatientRecord]:
    """``patient_id -> PatientRecord`` for one split (``None``: all splits)."""
    columns = ["patient_id", "source", "resources_json", "meta_json"]
    return {
        row["patient_id"]: record_from_row(row)
        for row in _parquet_rows(path_or_name, "patients", split, columns)
    }


def load_record(
    path_or_name: str | os.PathLike[str], patient_id: str, split: str | None = None
) -> PatientRecord:
    """One patient's record, read with a row filter (the other patients are not parsed).

    Raises:
        KeyError: When no split (or not ``split``) holds the patient.
    """
    info = read_manifest(path_or_name)
    files = info.files["patients"]
    columns = ["patient_id", "source", "resources_json", "meta_json"]
    for name in [split] if split is not None else list(files):
        if name not in files:
            continue
        table = pq.read_table(
            Path(info.path or ".") / files[name],
            columns=columns,
            filters=[("patient_id", "=", patient_id)],
        )
        rows = table.to_pylist()
        if rows:
            return record_from_row(rows[0])
    raise KeyError(f"patient {patient_id!r} is not in {info.path}")
