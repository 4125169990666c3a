"""Streaming access to MIMIC-IV CSV tables and the hash-bucketed Parquet cache.

Every table is read with :func:`pyarrow.csv.open_csv` in record batches with explicit
column types (ids as ``int64``, codes and values as strings), so memory does not grow
with the size of a table. Large per-patient tables are ingested once into a Parquet
cache of ``buckets`` files (bucket = ``subject_id % buckets``), each sorted by
``subject_id`` (stably, so a patient's rows keep their file order); a patient's rows are
then read from one bucket file, with row-group pruning on ``subject_id``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import os
import re
import shutil
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from physassist_env.paths import make_private_dir, make_private_tree
from physassist_env.sources.base import SourceError

log = logging.getLogger(__name__)

CACHE_VERSION = 2
"""Bumped whenever the cache layout or the table types change."""

_I = pa.int64()
_F = pa.float64()


@dataclass(frozen=True)
class TableSpec:
    """How one MIMIC-IV table is read.

    Attributes:
        module: Folder under the MIMIC root (``hosp``, ``icu``, ``note``, ``ed``).
        name: File stem (``labevents`` for ``labevents.csv.gz``).
        types: Explicit non-string column types; every other column is read as string.
        required: Columns that must be present in the header.
        key: The patient column (``subject_id``), or ``None`` for dictionaries.
        keep: Optional ``{column: allowed int values}`` filter applied while reading
            (e.g. only vital-sign itemids of ``chartevents``).
    """

    module: str
    name: str
    types: Mapping[str, pa.DataType] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    key: str | None = "subject_id"
    keep: Mapping[str, frozenset[int]] | None = None


def _spec(
    module: str,
    name: str,
    ints: str = "",
    floats: str = "",
    required: str = "",
    key: str | None = "subject_id",
) -> TableSpec:
    types: dict[str, pa.DataType] = {c: _I for c in ints.split()}
    types.update({c: _F for c in floats.split()})
    return TableSpec(module, name, types, tuple(required.split()), key)


SPECS: dict[str, TableSpec] = {
    s.name: s
    for s in (
        _spec(
            "hosp",
            "patients",
            "subject_id anchor_age anchor_year",
            required="subject_id gender anchor_age anchor_year dod",
        ),
        _spec(
            "hosp",
            "admissions",
            "subject_id hadm_id",
            required="subject_id hadm_id admittime dischtime admission_type "
            "admission_location discharge_location",
        ),
        # the admitting service (MIMIC-IV-on-FHIR writes it as Encounter.serviceType)
        _spec(
            "hosp",
            "services",
            "subject_id hadm_id",
            required="subject_id hadm_id transfertime curr_service",
        ),
        _spec(
            "icu",
            "icustays",
            "subject_id hadm_id stay_id",
            required="subject_id hadm_id stay_id first_careunit last_careunit intime outtime",
        ),
        _spec(
            "hosp",
            "diagnoses_icd",
            "subject_id hadm_id seq_num icd_version",
            required="subject_id hadm_id seq_num icd_code icd_version",
        ),
        _spec(
            "hosp",
            "procedures_icd",
            "subject_id hadm_id seq_num icd_version",
            required="subject_id hadm_id seq_num chartdate icd_code icd_version",
        ),
        _spec(
            "hosp",
            "d_icd_diagnoses",
            "icd_version",
            required="icd_code icd_version long_title",
            key=None,
        ),
        _spec(
            "hosp",
            "d_icd_procedures",
            "icd_version",
            required="icd_code icd_version long_title",
            key=None,
        ),
        _spec(
            "hosp",
            "d_labitems",
            "itemid",
            required="itemid label fluid category",
            key=None,
        ),
        _spec("icu", "d_items", "itemid", required="itemid label", key=None),
        _spec(
            "hosp",
            "labevents",
            "labevent_id subject_id hadm_id specimen_id itemid",
            "valuenum ref_range_lower ref_range_upper",
            required="labevent_id subject_id hadm_id itemid charttime storetime value "
            "valuenum valueuom ref_range_lower ref_range_upper flag",
        ),
        _spec(
            "hosp",
            "microbiologyevents",
            "microevent_id subject_id hadm_id micro_specimen_id spec_itemid test_seq "
            "test_itemid org_itemid isolate_num ab_itemid",
            "dilution_value",
            required="subject_id hadm_id micro_specimen_id chartdate charttime "
            "spec_type_desc test_itemid test_name org_itemid org_name isolate_num "
            "ab_itemid ab_name dilution_text interpretation comments",
        ),
        _spec(
            "hosp",
            "omr",
            "subject_id seq_num",
            required="subject_id chartdate seq_num result_name result_value",
        ),
        _spec(
            "hosp",
            "prescriptions",
            "subject_id hadm_id pharmacy_id",
            "",
            required="subject_id hadm_id pharmacy_id starttime stoptime drug ndc "
            "dose_val_rx dose_unit_rx doses_per_24_hrs route",
        ),
        _spec(
            "hosp",
            "pharmacy",
            "subject_id hadm_id pharmacy_id",
            required="subject_id pharmacy_id frequency",
        ),
        _spec(
            "hosp",
            "emar",
            "subject_id hadm_id pharmacy_id",
            required="subject_id hadm_id emar_id pharmacy_id charttime medication event_txt",
        ),
        _spec(
            "hosp",
            "emar_detail",
            "subject_id",
            required="subject_id emar_id dose_given dose_given_unit route",
        ),
        _spec(
            "icu",
            "chartevents",
            "subject_id hadm_id stay_id itemid",
            "valuenum",
            required="subject_id hadm_id stay_id charttime itemid value valuenum valueuom",
        ),
        _spec(
            "icu",
            "inputevents",
            "subject_id hadm_id stay_id itemid orderid linkorderid",
            required="subject_id hadm_id stay_id starttime endtime storetime itemid "
            "amount amountuom rate rateuom linkorderid ordercategoryname "
            "ordercategorydescription statusdescription",
        ),
        _spec(
            "icu",
            "procedureevents",
            "subject_id hadm_id stay_id itemid orderid linkorderid",
            required="subject_id hadm_id stay_id starttime endtime storetime itemid "
            "ordercategoryname statusdescription",
        ),
        _spec(
            "icu",
            "outputevents",
            "subject_id hadm_id stay_id itemid",
            required="subject_id hadm_id stay_id charttime storetime itemid value valueuom",
        ),
        _spec(
            "icu",
            "datetimeevents",
            "subject_id hadm_id stay_id itemid",
            required="subject_id hadm_id stay_id charttime storetime itemid value",
        ),
        _spec(
            "note",
            "discharge",
            "subject_id hadm_id note_seq",
            required="note_id subject_id hadm_id charttime text",
        ),
        _spec(
            "note",
            "radiology",
            "subject_id hadm_id note_seq",
            required="note_id subject_id hadm_id charttime text",
        ),
    )
}

REQUIRED_TABLES = ("patients", "admissions")


@dataclass
class IngestStats:
    """What one :func:`ingest_table` pass did.

    Attributes:
        rows: Rows read from the CSV (after the optional ``keep`` filter).
        seconds: Wall-clock time of the whole pass (CSV read, bucketing, sort, write).
        buckets: Number of bucket files written.
        out_dir: The folder holding ``bucket-<k>.parquet``.
        bytes_in: Size of the CSV file on disk.
    """

    rows: int
    seconds: float
    buckets: int
    out_dir: Path
    bytes_in: int

    @property
    def rows_per_s(self) -> float:
        """Rows ingested per second."""
        return self.rows / self.seconds if self.seconds > 0 else float("inf")


def locate(root: Path, module: str, name: str) -> Path | None:
    """Return ``root/module/name.csv.gz`` or ``.csv`` (the first that exists), else None."""
    for suffix in (".csv.gz", ".csv"):
        path = root / module / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def _spec_for(path: Path) -> TableSpec | None:
    stem = path.name.split(".", 1)[0]
    return SPECS.get(stem)


def read_header(path: Path) -> list[str]:
    """Column names of a CSV (plain or gzip) file.

    Raises:
        SourceError: If the file cannot be opened or has no header line.
    """
    try:
        with pa.input_stream(str(path), compression="detect") as stream:
            head = b""
            while b"\n" not in head:
                chunk = stream.read(65536)
                if not chunk:
                    break
                head += chunk
    except (OSError, pa.ArrowException, EOFError) as exc:
        raise SourceError(f"{path}: cannot read the CSV header: {exc}") from exc
    line = head.split(b"\n", 1)[0].decode("utf-8", errors="replace").rstrip("\r")
    if not line.strip():
        raise SourceError(f"{path}: empty file, expected a CSV header")
    return next(csv.reader(io.StringIO(line)))


def column_types(
    path: Path,
    spec: TableSpec | None = None,
    extra_types: Mapping[str, pa.DataType] | None = None,
) -> dict[str, pa.DataType]:
    """Explicit types for every column of ``path`` (strings unless the spec says otherwise).

    Raises:
        SourceError: If a required column is missing (the message names it and the file).
    """
    header = read_header(path)
    missing = [c for c in (spec.required if spec else ()) if c not in header]
    if missing:
        raise SourceError(
            f"{path}: missing required column(s) {', '.join(missing)}; header has "
            f"{', '.join(header)}"
        )
    types = dict(spec.types) if spec else {}
    if extra_types:
        types.update(extra_types)
    return {c: types.get(c, pa.string()) for c in header}


def _explain(path: Path, exc: BaseException, header: list[str] | None) -> SourceError:
    msg = str(exc).strip()
    match = re.search(r"column #(\d+)", msg)
    if match and header:
        idx = int(match.group(1))
        if 0 <= idx < len(header):
            msg += f" (column {header[idx]!r})"
    return SourceError(f"{path}: cannot read the CSV: {msg}")


def iter_batches(
    path: Path,
    spec: TableSpec | None = None,
    columns: Iterable[str] | None = None,
    *,
    block_size: int = 16 << 20,
    extra_types: Mapping[str, pa.DataType] | None = None,
) -> Iterator[pa.RecordBatch]:
    """Stream a CSV table as record batches with explicit column types.

    Args:
        path: The ``.csv`` or ``.csv.gz`` file.
        spec: The table's spec (types, required columns, row filter).
        columns: Only these columns (default: all).
        block_size: Bytes of CSV per batch.
        extra_types: More explicit column types (override the spec).

    Yields:
        Record batches (empty strings read as null).

    Raises:
        SourceError: For truncated or corrupt files, missing columns and values that do
            not convert (naming the file and, where pyarrow says, the row and column).
    """
    types = column_types(path, spec, extra_types)
    header = list(types)
    include = list(columns) if columns is not None else None
    if include is not None:
        absent = [c for c in include if c not in types]
        if absent:
            raise SourceError(f"{path}: missing column(s) {', '.join(absent)}")
    read_opts = pacsv.ReadOptions(block_size=block_size, use_threads=True)
    conv = pacsv.ConvertOptions(
        column_types=types,
        null_values=[""],
        strings_can_be_null=True,
        quoted_strings_can_be_null=True,
        include_columns=include,
    )
    keep = spec.keep if spec else None
    try:
        reader = pacsv.open_csv(str(path), read_options=read_opts, convert_options=conv)
        for batch in reader:
            if keep:
                mask = None
                for col, allowed in keep.items():
                    if col in batch.schema.names:
                        m = pc.is_in(
                            batch.column(col), value_set=pa.array(sorted(allowed), _I)
                        )
                        mask = m if mask is None else pc.and_(mask, m)
                if mask is not None:
                    batch = batch.filter(mask)
            yield batch
    except (pa.ArrowException, OSError, EOFError, ValueError) as exc:
        if isinstance(exc, SourceError):
            raise
        raise _explain(path, exc, header) from exc


def read_table(
    path: Path, spec: TableSpec | None = None, columns: Iterable[str] | None = None
) -> pa.Table:
    """Read a whole (small) table; see :func:`iter_batches` for the errors."""
    cols = list(columns) if columns is not None else None
    batches = list(iter_batches(path, spec, cols))
    if batches:
        return pa.Table.from_batches(batches)
    types = column_types(path, spec)
    names = cols if cols is not None else list(types)
    return pa.schema([(c, types[c]) for c in names]).empty_table()


def ingest_table(
    csv_path: str | Path,
    out_dir: str | Path,
    buckets: int = 64,
    *,
    key: str = "subject_id",
    spec: TableSpec | None = None,
    block_size: int = 8 << 20,
    row_group_size: int = 32768,
) -> IngestStats:
    """Ingest one CSV table into ``buckets`` Parquet files, one streaming pass.

    Pass 1 streams the CSV and appends each batch's rows to per-bucket Arrow IPC spill
    files (bucket = ``key % buckets``, computed with vectorised pyarrow compute). Pass 2
    sorts each bucket by ``key`` (stable, so rows keep their file order within a
    patient) and writes ``bucket-<k>.parquet``. Peak memory is one CSV block plus one
    bucket, so it stays flat as the table grows (given enough buckets).

    Args:
        csv_path: The ``.csv`` / ``.csv.gz`` table.
        out_dir: Output folder (created; existing bucket files are replaced).
        buckets: Number of bucket files.
        key: The integer patient column.
        spec: Column types / filter; defaults to the MIMIC spec named by the file stem,
            else every column string except ``key`` (int64).
        block_size: CSV bytes per streamed batch.
        row_group_size: Rows per Parquet row group (the unit of pruning).

    Returns:
        :class:`IngestStats` with rows and rows/s.

    Raises:
        SourceError: For unreadable or corrupt files (naming the file).
    """
    csv_path = Path(csv_path)
    out = Path(out_dir)
    if buckets < 1:
        raise ValueError("buckets must be >= 1")
    spec = (
        spec or _spec_for(csv_path) or TableSpec("", csv_path.name, {key: _I}, (key,))
    )
    if spec.types.get(key) != _I:
        spec = TableSpec(
            spec.module,
            spec.name,
            {**spec.types, key: _I},
            spec.required,
            key,
            spec.keep,
        )
    if not csv_path.is_file():
        raise SourceError(f"{csv_path}: no such file")
    t0 = time.perf_counter()
    tmp = out / "_spill"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True, exist_ok=True)
    writers: dict[int, ipc.RecordBatchFileWriter] = {}
    sinks: dict[int, pa.OSFile] = {}
    schema: pa.Schema | None = None
    rows = 0
    divisor = pa.scalar(buckets, _I)
    try:
        for batch in iter_batches(csv_path, spec, block_size=block_size):
            if schema is None:
                schema = batch.schema
            if batch.num_rows == 0:
                continue
            keycol = batch.column(key)
            if keycol.null_count:
                raise SourceError(f"{csv_path}: column {key!r} has empty values")
            rows += batch.num_rows
            bucket = pc.remainder(keycol, divisor)
            order = pc.sort_indices(bucket)  # stable: keeps file order inside a bucket
            sorted_batch = batch.take(order)
            sorted_bucket = bucket.take(order).to_numpy()
            bounds = np.searchsorted(sorted_bucket, np.arange(buckets + 1), side="left")
            for b in range(buckets):
                lo, hi = int(bounds[b]), int(bounds[b + 1])
                if hi <= lo:
                    continue
                if b not in writers:
                    sinks[b] = pa.OSFile(str(tmp / f"{b}.arrow"), "wb")
                    writers[b] = ipc.new_file(sinks[b], schema)
                writers[b].write_batch(sorted_batch.slice(lo, hi - lo))
    finally:
        for b, w in writers.items():
            w.close()
            sinks[b].close()
    if schema is None:
        schema = pa.schema([(c, t) for c, t in column_types(csv_path, spec).items()])
    for b in range(buckets):
        spill = tmp / f"{b}.arrow"
        if spill.exists():
            with pa.memory_map(str(spill)) as src:
                table = ipc.open_file(src).read_all()
            table = table.take(pc.sort_indices(table.column(key)))
        else:
            table = schema.empty_table()
        pq.write_table(
            table,
            str(out / f"bucket-{b}.parquet"),
            row_group_size=row_group_size,
            compression="snappy",
        )
        del table
    shutil.rmtree(tmp, ignore_errors=True)
    seconds = time.perf_counter() - t0
    stats = IngestStats(rows, seconds, buckets, out, csv_path.stat().st_size)
    log.info(
        "ingested %s: %d rows in %.1fs (%.0f rows/s) into %d buckets",
        csv_path,
        rows,
        seconds,
        stats.rows_per_s,
        buckets,
    )
    return stats


def default_cache_root() -> Path:
    """``$PHYSASSIST_CACHE/mimic`` if set, else ``~/.cache/physassist/mimic`` (kept 0700)."""
    env = os.environ.get("PHYSASSIST_CACHE")
    base = Path(env).expanduser() if env else Path.home() / ".cache" / "physassist"
    return base / "mimic"


def table_fingerprint(path: Path, buckets: int, spec: TableSpec | None = None) -> str:
    """A short hash of the table's resolved path, size, mtime, bucket count and spec."""
    st = path.stat()
    keep = {k: sorted(v) for k, v in (spec.keep or {}).items()} if spec else {}
    blob = json.dumps(
        [
            CACHE_VERSION,
            str(path.resolve()),
            st.st_size,
            st.st_mtime_ns,
            buckets,
            {k: str(v) for k, v in (spec.types.items() if spec else [])},
            keep,
        ],
        sort_keys=True,
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


class BucketedTable:
    """A per-patient table read from its Parquet bucket cache (ingested on first use).

    Args:
        csv_path: The source CSV.
        spec: Its table spec.
        cache_root: Folder holding the caches of all tables.
        buckets: Number of buckets.
    """

    def __init__(
        self, csv_path: Path, spec: TableSpec, cache_root: Path, buckets: int
    ) -> None:
        self.csv_path = csv_path
        self.spec = spec
        self.buckets = buckets
        self.dir = (
            cache_root
            / f"{spec.module}-{spec.name}-{table_fingerprint(csv_path, buckets, spec)}"
        )
        self.stats: IngestStats | None = None

    def ensure(self) -> None:
        """Ingest the table unless a complete cache exists.

        The cache holds credentialed data: its folders are 0700 and its files 0600
        (``physassist cache --clear`` removes it).
        """
        make_private_dir(self.dir.parent)
        make_private_dir(self.dir)
        done = self.dir / "_done.json"
        if done.exists():
            return
        self.stats = ingest_table(self.csv_path, self.dir, self.buckets, spec=self.spec)
        done.write_text(
            json.dumps({"rows": self.stats.rows, "source": str(self.csv_path)})
        )
        make_private_tree(self.dir)

    def rows_for(
        self, subject_ids: list[int], columns: list[str] | None = None
    ) -> pa.Table:
        """Rows of the given patients (file order kept within each patient)."""
        self.ensure()
        by_bucket: dict[int, list[int]] = {}
        for sid in subject_ids:
            by_bucket.setdefault(sid % self.buckets, []).append(sid)
        parts = []
        for b in sorted(by_bucket):
            ids = by_bucket[b]
            path = self.dir / f"bucket-{b}.parquet"
            try:
                t = pq.read_table(
                    str(path),
                    columns=columns,
                    filters=[
                        ("subject_id", ">=", min(ids)),
                        ("subject_id", "<=", max(ids)),
                    ],
                )
            except (pa.ArrowException, OSError) as exc:
                raise SourceError(f"{path}: cannot read the cache: {exc}") from exc
            parts.append(t.filter(pc.is_in(t.column("subject_id"), pa.array(ids, _I))))
        if not parts:
            return pq.read_schema(str(self.dir / "bucket-0.parquet")).empty_table()
        return pa.concat_tables(parts)
