"""``write_dataset``: sessions and patient records -> a Hugging Face dataset folder.

Layout of the folder::

    README.md              dataset card (YAML ``configs`` for ``datasets.load_dataset``)
    croissant.json         Croissant 1.0 metadata
    physassist.json        manifest: version, source kind, licence, counts, hashes, build
    sessions/{split}.parquet
    patients/{split}.parquet
    patients/{split}.index.parquet   which patient holds a resource / may match a search
                                     (``dataset.patient_index``; not a config)

The same inputs give byte-identical files: rows are sorted, row groups have a fixed size and
nothing time- or machine-dependent is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import logging
import os
import pickle
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq
from pydantic import BaseModel, Field

from physassist_env.dataset.card import pretty_name, render_card
from physassist_env.dataset.croissant import build_croissant
from physassist_env.dataset.licensing import Licence, SourceInfo, licence_for
from physassist_env.dataset.patient_index import IndexWriter, index_path
from physassist_env.dataset.stats import SPLITS, TOTAL, SessionCounts, Stats
from physassist_env.fhir.record import PatientRecord
from physassist_env.paths import output_path, staged_output
from physassist_env.scenarios.model import Session
from physassist_env.version import __version__

log = logging.getLogger(__name__)

MANIFEST = "physassist.json"
CARD = "README.md"
CROISSANT = "croissant.json"
FORMAT_VERSION = 1
CONFIGS = ("sessions", "patients")
#: Rows per Parquet row group, per config (fixed, for byte-identical output).
ROW_GROUP_SIZE = {"sessions": 1000, "patients": 64}

SESSIONS_SCHEMA = pa.schema(
    [
        ("session_id", pa.string()),
        ("patient_id", pa.string()),
        ("hadm_id", pa.string()),
        ("current_date", pa.string()),
        ("scenario", pa.string()),
        ("tier", pa.string()),
        ("arc_index", pa.int64()),
        ("split", pa.string()),
        ("source", pa.string()),
        ("n_turns", pa.int64()),
        ("requests_en", pa.list_(pa.string())),
        ("requests_zh", pa.list_(pa.string())),
        ("session_json", pa.string()),
    ]
)
PATIENTS_SCHEMA = pa.schema(
    [
        ("patient_id", pa.string()),
        ("split", pa.string()),
        ("source", pa.string()),
        ("n_resources", pa.int64()),
        ("resources_json", pa.string()),
        ("meta_json", pa.string()),
    ]
)
SCHEMAS = {"sessions": SESSIONS_SCHEMA, "patients": PATIENTS_SCHEMA}


class DatasetInfo(BaseModel):
    """What a build contains; stored as ``physassist.json`` (without ``path``).

    Attributes:
        path: The dataset folder (absolute); not stored in the manifest.
        format_version: Layout version of the folder.
        package: Distribution that wrote it.
        package_version: Its version.
        source: The source description given to :func:`write_dataset`.
        license: The Hub licence id (``cc-by-4.0``, ``odbl``, ``other``, ``unknown`` ...).
        license_name: Human-readable licence name.
        license_url: Licence text URL, when known.
        mimic_derived: True for builds from MIMIC-IV, its demo or the authors' release;
            such builds are never pushed to the Hub by this package.
        counts: ``{"sessions"|"turns"|"patients": {split|"total": n}}``.
        files: ``config -> split -> relative Parquet path``.
        sha256: ``relative path -> sha256`` of every Parquet file.
        build: Build parameters (seed, generator options) given as ``stats_extra``.
    """

    path: str | None = Field(default=None, exclude=True)
    format_version: int = FORMAT_VERSION
    package: str = "physassistbench"
    package_version: str
    source: SourceInfo
    license: str
    license_name: str
    license_url: str | None
    mimic_derived: bool
    counts: dict[str, dict[str, int]]
    files: dict[str, dict[str, str]]
    sha256: dict[str, str]
    build: dict[str, Any] = Field(default_factory=dict)


def _json(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def record_columns(rec: PatientRecord) -> dict[str, Any]:
    """A record's columns of the ``patients`` table (all but ``split``).

    A build's workers may compute them in parallel and hand them to :func:`write_dataset`
    in place of the record; the bytes written are the same.
    """
    return {
        "patient_id": rec.patient_id,
        "source": rec.source,
        "n_resources": len(rec.resources),
        "resources_json": _json(rec.resources),
        "meta_json": _json(rec.meta),
    }


def _patient_row(
    patient_id: str, split: str, rec: PatientRecord | dict[str, Any]
) -> dict[str, Any]:
    """The ``patients`` row of a record (or of its :func:`record_columns`)."""
    cols = rec if isinstance(rec, dict) else record_columns(rec)
    if cols["patient_id"] != patient_id:
        raise ValueError(
            f"the stored record of patient {patient_id!r} is {cols['patient_id']!r}'s"
        )
    return {
        "patient_id": patient_id,
        "split": split,
        "source": cols["source"],
        "n_resources": cols["n_resources"],
        "resources_json": cols["resources_json"],
        "meta_json": cols["meta_json"],
    }


def _session_row(s: Session) -> dict[str, Any]:
    return {
        "session_id": s.session_id,
        "patient_id": s.patient_id,
        "hadm_id": s.hadm_id,
        "current_date": s.current_date,
        "scenario": s.scenario.value,
        "tier": s.tier.value,
        "arc_index": s.arc_index,
        "split": s.split,
        "source": s.source,
        "n_turns": len(s.turns),
        "requests_en": [t.request.en for t in s.turns],
        "requests_zh": [t.request.zh for t in s.turns],
        "session_json": s.model_dump_json(),
    }


def _write_parquet(path: Path, rows: Iterable[dict[str, Any]], config: str) -> None:
    """Write rows in fixed-size row groups with settings that give reproducible bytes
    (``rows`` is read once; one row group is held at a time)."""
    schema = SCHEMAS[config]
    size = ROW_GROUP_SIZE[config]
    path.parent.mkdir(parents=True, exist_ok=True)
    with pq.ParquetWriter(
        path,
        schema,
        compression="zstd",
        compression_level=3,
        version="2.6",
        data_page_version="1.0",
        write_statistics=True,
        use_dictionary=True,
    ) as writer:
        it = iter(rows)
        while chunk := list(itertools.islice(it, size)):
            writer.write_table(
                pa.Table.from_pylist(chunk, schema=schema), row_group_size=size
            )


class StoredRecord(NamedTuple):
    """A patient's record (or its :func:`record_columns`) kept elsewhere, e.g. in a
    build's spool, and read only when its ``patients`` row is written."""

    patient_id: str
    read: Callable[[], PatientRecord | dict[str, Any]]


class SessionRef(NamedTuple):
    """A session to write, by reference: what the writer checks before reading it."""

    session_id: str
    patient_id: str
    split: str


class StoredSessions(NamedTuple):
    """Sessions given to :func:`write_dataset` by reference: the writer reads each one
    (``load(ref)``, whose ``session_id`` and ``split`` must be the ref's) only when it
    writes its row, so they need not all be in memory (a build's candidates,
    :class:`~physassist_env.dataset.candidates.CandidateFile`)."""

    refs: list[SessionRef]
    load: Callable[[SessionRef], Session]

    @classmethod
    def of(cls, sessions: Iterable[Session]) -> StoredSessions:
        """Sessions at hand, as references to them (a repeated id is kept as given,
        for the writer's check to name it)."""
        listed = list(sessions)
        by_id = {s.session_id: s for s in listed}
        refs = [SessionRef(s.session_id, s.patient_id, s.split) for s in listed]
        return cls(refs, lambda ref: by_id[ref.session_id])


class _PatientRows:
    """The ``patients`` rows of a dataset until they are written, sorted by patient id
    per split: a record at hand is pickled once into an unnamed temporary file, a
    :class:`StoredRecord` is kept as its reference (read once, when written). The
    writer holds one row group of records at a time, not every patient's resources
    (the default's 939 patients: a writer peak of about 1.1 GB above the sessions
    before)."""

    def __init__(self) -> None:
        self._file = tempfile.TemporaryFile(prefix="physassist-rows-")
        # id -> (split, offset, size) in the file, or (split, the stored record)
        self._where: dict[str, tuple[str, int, int] | tuple[str, StoredRecord]] = {}

    def __contains__(self, patient_id: str) -> bool:
        return patient_id in self._where

    def ids(self) -> set[str]:
        """The ids of the rows added."""
        return set(self._where)

    def add(self, row: dict[str, Any]) -> None:
        """Keep one row (its ``patient_id`` and ``split`` set)."""
        data = pickle.dumps(row, pickle.HIGHEST_PROTOCOL)
        offset = self._file.seek(0, os.SEEK_END)
        self._file.write(data)
        self._where[row["patient_id"]] = (row["split"], offset, len(data))

    def refer(self, split: str, stored: StoredRecord) -> None:
        """Keep a reference to one patient's record, its row to be in ``split``."""
        self._where[stored.patient_id] = (split, stored)

    def rows(self, split: str) -> Iterator[dict[str, Any]]:
        """The rows of ``split``, by patient id."""
        for pid in sorted(p for p, where in self._where.items() if where[0] == split):
            where = self._where[pid]
            if len(where) == 2:  # a StoredRecord
                yield _patient_row(pid, split, where[1].read())  # type: ignore[union-attr]
                continue
            _, offset, size = where  # type: ignore[misc]
            self._file.seek(offset)
            yield pickle.loads(self._file.read(size))

    def close(self) -> None:
        self._file.close()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _check_splits(sessions: list[SessionRef]) -> dict[str, str]:
    """``patient_id -> split``; raises when ids repeat, splits are unknown or mixed."""
    seen: set[str] = set()
    patient_split: dict[str, str] = {}
    for s in sessions:
        if s.session_id in seen:
            raise ValueError(f"session id {s.session_id!r} appears twice")
        seen.add(s.session_id)
        if s.split not in SPLITS:
            raise ValueError(
                f"session {s.session_id!r} has split {s.split!r}; valid splits: {', '.join(SPLITS)}"
            )
        other = patient_split.setdefault(s.patient_id, s.split)
        if other != s.split:
            raise ValueError(
                f"patient {s.patient_id!r} appears in two splits ({other!r} and {s.split!r}); "
                "splits must be by patient"
            )
    return patient_split


def is_dataset_file(relative: str) -> bool:
    """Whether a relative path inside a dataset folder is one :func:`write_dataset` writes."""
    if relative in (CARD, CROISSANT, MANIFEST):
        return True
    config, _, name = relative.partition("/")
    return config in CONFIGS and "/" not in name and name.endswith(".parquet")


def not_a_dataset(out: Path) -> str | None:
    """Why a non-empty folder is not a dataset :func:`write_dataset` may replace, or ``None``."""
    if not (out / MANIFEST).is_file():
        return (
            f"it is not empty and has no {MANIFEST}, so it was not written by "
            "write_dataset (physassist build); choose another --out"
        )
    return None


def dataset_output(
    out: Path, *, overwrite: bool = False, private: bool = False
) -> contextlib.AbstractContextManager[Path]:
    """The staging folder of a dataset written to ``out`` (see
    :func:`~physassist_env.paths.staged_output`): locked, replaced as a whole, refused
    over a non-dataset folder or over files a build did not write."""
    return staged_output(
        out,
        overwrite=overwrite,
        private=private,
        owned=is_dataset_file,
        writer="physassist build",
        replaceable=not_a_dataset,
    )


def write_dataset(
    out_dir: str | os.PathLike[str],
    sessions: Iterable[Session] | StoredSessions,
    records: Iterable[PatientRecord | dict[str, Any] | StoredRecord],
    *,
    source: SourceInfo,
    stats_extra: dict[str, Any] | None = None,
    overwrite: bool = False,
) -> DatasetInfo:
    """Write sessions and their patients' records as a Hugging Face dataset folder.

    Args:
        out_dir: The dataset folder to create (e.g. ``physassistbench``).
        sessions: All sessions, or :class:`StoredSessions` (references read one at a
            time while writing); each session's ``split`` (train, validation, test)
            decides its Parquet file.
        records: Patient records, their :func:`record_columns`, or
            :class:`StoredRecord` references to either (read once, when written);
            each session's patient must be among them. Records of
            patients with no session are skipped (logged and counted in ``build``).
        source: What the records come from; decides licence, citations and whether the
            folder may be pushed to the Hub.
        stats_extra: Build parameters (seed, generator options) for the manifest and card;
            must be JSON-serialisable. A ``date_published`` (ISO date) key also becomes
            Croissant's ``datePublished``; nothing else time-dependent is written.
        overwrite: Replace an existing non-empty folder previously written by this
            function (one without ``physassist.json`` is never replaced).

    Returns:
        The manifest, with ``path`` set to the resolved folder.

    Raises:
        FileExistsError: ``out_dir`` is not empty and ``overwrite`` is false (or it is not
            a dataset folder).
        ValueError: Duplicate session or patient ids, an unknown split, a patient in two
            splits, no sessions, a session whose patient has no record, or a stored
            session or record that is not the one referred to.
    """
    out = output_path(out_dir)
    licence = licence_for(source)
    stored = (
        sessions
        if isinstance(sessions, StoredSessions)
        else StoredSessions.of(sessions)
    )
    with dataset_output(out, overwrite=overwrite, private=licence.mimic_derived) as tmp:
        info = _write_into(tmp, stored, records, source, licence, stats_extra)
    info.path = str(out)
    return info


def _write_into(
    tmp: Path,
    sessions: StoredSessions,
    records: Iterable[PatientRecord | dict[str, Any] | StoredRecord],
    source: SourceInfo,
    licence: Licence,
    stats_extra: dict[str, Any] | None,
) -> DatasetInfo:
    """Write the dataset's files into the (empty) staging folder ``tmp``."""
    refs = sorted(sessions.refs, key=lambda r: r.session_id)
    if not refs:
        raise ValueError("no sessions to write")
    patient_split = _check_splits(refs)

    patient_rows = _PatientRows()
    try:
        return _write_rows_into(
            tmp,
            StoredSessions(refs, sessions.load),
            patient_split,
            records,
            patient_rows,
            source,
            licence,
            stats_extra,
        )
    finally:
        patient_rows.close()


def _loaded(sessions: StoredSessions, split: str) -> Iterator[Session]:
    """The sessions of ``split``, in the refs' order, each read when reached."""
    for ref in sessions.refs:
        if ref.split != split:
            continue
        s = sessions.load(ref)
        if (s.session_id, s.patient_id, s.split) != ref:
            raise ValueError(
                f"stored session {ref.session_id!r} read back as {s.session_id!r} "
                f"(patient {s.patient_id!r}, split {s.split!r})"
            )
        yield s


def _write_rows_into(
    tmp: Path,
    sessions: StoredSessions,
    patient_split: dict[str, str],
    records: Iterable[PatientRecord | dict[str, Any] | StoredRecord],
    patient_rows: _PatientRows,
    source: SourceInfo,
    licence: Licence,
    stats_extra: dict[str, Any] | None,
) -> DatasetInfo:
    """:func:`_write_into` once the sessions are checked: the rows, files, manifest."""
    skipped = 0
    for rec in records:
        if isinstance(rec, dict):
            pid = rec["patient_id"]
        else:
            pid = rec.patient_id
        if pid in patient_rows:
            raise ValueError(f"patient {pid!r} has two records")
        split = patient_split.get(pid)
        if split is None:
            skipped += 1
            continue
        if isinstance(rec, StoredRecord):
            patient_rows.refer(split, rec)
        else:
            patient_rows.add(_patient_row(pid, split, rec))
    missing = sorted(set(patient_split) - patient_rows.ids())
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise ValueError(f"{len(missing)} session patient(s) have no record: {shown}")
    if skipped:
        log.info("skipped %d record(s) of patients without sessions", skipped)

    build = dict(stats_extra or {})
    if skipped:
        build["records_without_sessions_skipped"] = skipped
    json.dumps(build)  # fail early (TypeError) on values that cannot be stored

    counts = SessionCounts()  # the stats, counted while the sessions are written
    files: dict[str, dict[str, str]] = {c: {} for c in CONFIGS}
    sha: dict[str, str] = {}
    for split in SPLITS:
        if not any(r.split == split for r in sessions.refs):
            continue
        by_config: dict[str, Iterable[dict[str, Any]]] = {
            "sessions": (_session_row(counts.add(s)) for s in _loaded(sessions, split)),
            "patients": patient_rows.rows(split),
        }
        for config, rows in by_config.items():
            rel = f"{config}/{split}.parquet"
            index = IndexWriter() if config == "patients" else None
            _write_parquet(tmp / rel, index.rows(rows) if index else rows, config)
            files[config][split] = rel
            sha[rel] = _sha256(tmp / rel)
            if index is not None:  # beside the file, tied to its hash (not a config)
                index.write(index_path(tmp / rel), sha[rel])
    stats: Stats = counts.stats(patient_split)

    info = DatasetInfo(
        package_version=__version__,
        source=source,
        license=licence.hf_id,
        license_name=licence.name,
        license_url=licence.url,
        mimic_derived=licence.mimic_derived,
        counts={k: stats["splits"][k] for k in ("sessions", "turns", "patients")},
        files=files,
        sha256=sha,
        build=build,
    )
    card = render_card(
        source=source,
        licence=licence,
        files=files,
        stats=stats,
        package_version=__version__,
        build=build,
    )
    (tmp / CARD).write_text(card, encoding="utf-8")
    n = stats["splits"]
    croissant = build_croissant(
        name=pretty_name(source),
        description=(
            f"PhysAssistBench sessions built from the {source.display_name} source: "
            f"{n['sessions'][TOTAL]} four-turn doctor-patient-EHR sessions about "
            f"{n['patients'][TOTAL]} patients, in English and Chinese, with the "
            "patients' FHIR R4 records, gold tool calls, gold answers and rubrics."
        ),
        source=source,
        licence=licence,
        files=files,
        sha256=sha,
        version=__version__,
        date_published=build.get("date_published"),
    )
    _write_json(tmp / CROISSANT, croissant)
    _write_json(tmp / MANIFEST, info.model_dump(mode="json"))
    return info


def _write_json(path: Path, obj: Any) -> None:
    path.write_text(
        json.dumps(obj, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
