"""Candidate sessions over patient shards: in-process, in worker processes, or on Ray.

A build streams its source's records in shards of :data:`SHARD_PATIENTS` patients (in the
source's order) and builds every candidate session of a shard with one fresh
implicitness :class:`~physassist_env.scenarios.planner.Balance`. A shard's result
depends only on its records and the seed, so the candidates, and the dataset written
from them, are byte-identical whatever the number of workers or the backend.

Memory stays bounded: at most ``2 x workers`` shards of records are in flight; only the
sessions (not the records) are kept, each serialised where it was built
(:class:`~physassist_env.dataset.candidates.Candidate`: its selection key and its
pickle), so they travel between processes and wait for the split as bytes.

Local worker processes either receive each shard's records (as spooled files,
:class:`RecordFile`) or, for a source that can be opened again in another process (a
:class:`~physassist_env.sources.mimic.MimicReader`), only the shard's patient ids
(:class:`SourceShard`): each worker then reads and converts its own patients, so the
reading process does not convert anyone serially (:func:`source_candidates`).
"""

from __future__ import annotations

import itertools
import logging
import os
import pickle
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from physassist_env.dataset.account import DataAccount
from physassist_env.dataset.candidates import Candidate
from physassist_env.dataset.gcpolicy import build_gc
from physassist_env.dataset.writer import record_columns
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.generate import candidate_sessions
from physassist_env.scenarios.planner import Balance

log = logging.getLogger(__name__)

#: Patients per shard (one implicitness balance each); fixed so output never depends on N.
SHARD_PATIENTS = 256
BACKENDS = ("process", "ray")

Candidates = list[tuple[str, list[Candidate]]]


class RecordFile(NamedTuple):
    """A record pickled in a file of this machine (a build's spool), sent to a local
    worker in place of the record: the reading process pickles each record once, for
    the spool, instead of once more for the worker."""

    patient_id: str
    path: Path

    def load(self) -> PatientRecord:
        """The record."""
        record: PatientRecord = pickle.loads(self.path.read_bytes())
        return record

    @property
    def columns_path(self) -> Path:
        """Where the worker keeps the record's ``patients`` columns for the writer."""
        return self.path.with_suffix(".columns")

    def keep_columns(self, record: PatientRecord) -> None:
        """Write the record's :func:`~physassist_env.dataset.writer.record_columns`
        (serialised here, in parallel, instead of by the writer in the reading process)."""
        cols = record_columns(record)
        self.columns_path.write_bytes(pickle.dumps(cols, pickle.HIGHEST_PROTOCOL))


class ShardReader(Protocol):
    """What a :class:`SourceShard` reads its records with (picklable; e.g.
    :class:`~physassist_env.sources.mimic.MimicReader`)."""

    def records(self, patient_ids: list[str]) -> Iterable[PatientRecord]: ...


class SourceShard(NamedTuple):
    """One shard's patients, read and converted by the worker that builds them.

    Attributes:
        reader: Opens the source in the worker (the one reader and converter).
        patient_ids: The shard's patients, in the source's order.
        columns: Folder where the worker keeps each patient's ``patients`` columns
            (``<patient_id>.columns``) for the writer; ``None``: not kept.
    """

    reader: ShardReader
    patient_ids: list[str]
    columns: Path | None = None


def columns_file(folder: Path, patient_id: str) -> Path:
    """Where a :class:`SourceShard`'s worker keeps one patient's ``patients`` columns."""
    return folder / f"{patient_id}.columns"


def read_shard(
    shard: SourceShard, seed: int, source: str
) -> tuple[Candidates, DataAccount]:
    """Read, convert and build one :class:`SourceShard` in this process: its
    candidates (as :func:`shard_candidates` of its records) and the
    :class:`~physassist_env.dataset.account.DataAccount` of its records.

    The records stream through: each is converted, built and (when it gave sessions)
    written as its ``patients`` columns before the next is read, so a worker holds one
    record at a time, not the shard's (a 256-patient synthetic shard: peak 1,131 ->
    818 MB, ``docs/environment.md``, "Memory of the first-use build")."""
    account = DataAccount()
    keep: Callable[[PatientRecord], None] | None = None
    if shard.columns is not None:
        folder = shard.columns
        folder.mkdir(parents=True, exist_ok=True)

        def keep(record: PatientRecord) -> None:  # the writer needs its columns
            cols = pickle.dumps(record_columns(record), pickle.HIGHEST_PROTOCOL)
            columns_file(folder, record.patient_id).write_bytes(cols)

    records = account.watch(shard.reader.records(shard.patient_ids))
    return shard_candidates(records, seed, source, keep=keep), account


def shard_candidates(
    records: Iterable[PatientRecord] | Iterable[RecordFile],
    seed: int,
    source: str,
    *,
    keep: Callable[[PatientRecord], None] | None = None,
) -> Candidates:
    """Every candidate session of one shard's patients (one balance for the shard).

    ``records`` is read once, in order (a list or a stream); ``keep(record)`` is called
    for each record that gave sessions (a :class:`RecordFile` keeps its columns itself).

    Returns:
        ``(patient_id, candidates)`` per record, in the shard's order (empty lists
        kept); each session serialised as it is built (:meth:`Candidate.of`).
    """

    balance = Balance()
    out: Candidates = []
    with build_gc():  # in a worker process too (see gcpolicy)
        for r in records:
            record = r.load() if isinstance(r, RecordFile) else r
            sessions = candidate_sessions(record, seed, balance, source)
            if sessions:  # the writer needs its columns
                if isinstance(r, RecordFile):
                    r.keep_columns(record)
                elif keep is not None:
                    keep(record)
            out.append((record.patient_id, [Candidate.of(s) for s in sessions]))
    return out


def iter_shards(records: Iterable[Any], size: int | None = None) -> Iterator[list[Any]]:
    """Group a record stream into lists of ``size`` records (the last may be shorter;
    ``None``: :data:`SHARD_PATIENTS` as it is when called, so every caller shards alike)."""
    size = size or SHARD_PATIENTS
    shard: list[Any] = []
    for record in records:
        shard.append(record)
        if len(shard) >= size:
            yield shard
            shard = []
    if shard:
        yield shard


def _streamed_shards(records: Iterable[Any], size: int) -> Iterator[Iterator[Any]]:
    """:func:`iter_shards` without listing a shard: each shard is an iterator over the
    next ``size`` records, to be read to its end before the next shard is taken."""
    it = iter(records)
    for first in it:
        yield itertools.chain([first], itertools.islice(it, size - 1))


def candidates(
    records: Iterable[PatientRecord] | Iterable[RecordFile],
    *,
    seed: int,
    source: str,
    workers: int = 1,
    backend: str = "process",
    shard_size: int | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> Iterator[tuple[str, list[Candidate]]]:
    """Candidate sessions per patient, in the records' order, shard by shard.

    Args:
        records: The source's records (streamed; read by the caller's process only),
            or :class:`RecordFile` references to them (``process`` backend only).
        seed: Seed of every choice.
        source: Source name stored on each session.
        workers: Worker processes (``process``) or concurrent Ray tasks (``ray``);
            1 builds in this process.
        backend: ``process`` (a local process pool) or ``ray`` (``RAY_ADDRESS`` when set,
            else a local Ray).
        shard_size: Patients per shard (default :data:`SHARD_PATIENTS`; changing it
            changes the output).
        pool: ``process`` with ``workers > 1``: a pool from :func:`start_pool` (of
            ``workers`` processes), already started while the caller prepared the
            records; shut down here when the stream ends. ``None``: one is started.

    Raises:
        ValueError: For ``workers < 1`` or an unknown backend.
        ImportError: ``ray`` without Ray installed (with the install command).
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    if backend not in BACKENDS:
        raise ValueError(
            f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}"
        )
    if backend == "process" and workers == 1:
        # in process, a shard's records stream through (one held at a time), as in a
        # worker (read_shard): a listed 256-patient shard held about 1.7 GB
        for shard in _streamed_shards(records, shard_size or SHARD_PATIENTS):
            yield from shard_candidates(shard, seed, source)
        return
    shards = iter_shards(records, shard_size or SHARD_PATIENTS)
    if backend == "ray":
        yield from _on_ray(shards, seed, source, workers)
        return
    for result in _pooled(shard_candidates, shards, seed, source, workers, pool):
        yield from result


def source_candidates(
    jobs: Iterable[SourceShard],
    *,
    seed: int,
    source: str,
    workers: int,
    account: DataAccount,
    pool: ProcessPoolExecutor | None = None,
) -> Iterator[tuple[str, list[Candidate]]]:
    """Candidate sessions per patient, in the shards' order, each shard read, converted
    and built by a local worker process (:func:`read_shard`); the same sessions as
    :func:`candidates` of the shards' records.

    Args:
        jobs: The shards (of :data:`SHARD_PATIENTS` patients each, but the last).
        seed: Seed of every choice.
        source: Source name stored on each session.
        workers: Worker processes (at least 1).
        account: Receives the counts of every record read, in order.
        pool: A pool from :func:`start_pool`, shut down here; ``None``: one is started.

    Raises:
        SourceError: A worker's (e.g. an unreadable table), raised here.
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    for out, got in _pooled(read_shard, jobs, seed, source, workers, pool):
        account.merge(got)
        yield from out


def _pooled(
    fn: Any,
    jobs: Iterable[Any],
    seed: int,
    source: str,
    workers: int,
    pool: ProcessPoolExecutor | None,
) -> Iterator[Any]:
    """``fn(job, seed, source)`` of each job in a process pool, results in order, at
    most ``2 x workers`` jobs in flight."""
    with pool if pool is not None else start_pool(workers) as running:
        window: deque[Future[Any]] = deque()
        for job in jobs:
            window.append(running.submit(fn, job, seed, source))
            if len(window) >= 2 * workers:
                yield window.popleft().result()
        while window:
            yield window.popleft().result()


def _warm() -> None:
    """Import what a shard needs (run once per worker while the records are prepared)."""
    from physassist_env.grading import grade_gold  # noqa: F401
    from physassist_env.scenarios.patient_turns import PatientTurns  # noqa: F401


#: Seconds between a worker's checks that the build that started it is still alive.
PARENT_CHECK_S = 0.5


def exit_with_parent(parent: int) -> None:
    """Make this worker process exit when ``parent`` is gone (a killed build leaves no
    worker behind, busy or idle): a daemon thread checks the parent pid."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def start_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes, each asked to import the session code
    at once, so that their start-up overlaps the reading process's own work (the
    synthetic hospital) instead of the first shards."""
    import multiprocessing

    # spawn: workers start clean (no copied locks or threads of the reading process)
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx,
        initializer=exit_with_parent,
        initargs=(os.getpid(),),
    )
    for _ in range(workers):  # each submit starts a process while none is idle
        pool.submit(_warm)
    return pool


def _on_ray(
    shards: Iterator[list[PatientRecord]], seed: int, source: str, workers: int
) -> Iterator[tuple[str, list[Candidate]]]:
    try:
        import ray
    except ImportError as exc:
        raise ImportError(
            'the Ray backend needs Ray: pip install "physassistbench[ray]"'
        ) from exc
    if not ray.is_initialized():
        ray.init(ignore_reinit_error=True, include_dashboard=False, log_to_driver=False)
    remote: Any = ray.remote(shard_candidates)
    window: deque[Any] = deque()
    for shard in shards:
        window.append(remote.remote(shard, seed, source))
        if len(window) >= 2 * workers:
            yield from ray.get(window.popleft())
    while window:
        yield from ray.get(window.popleft())


__all__ = [
    "BACKENDS",
    "SHARD_PATIENTS",
    "RecordFile",
    "SourceShard",
    "candidates",
    "columns_file",
    "iter_shards",
    "read_shard",
    "shard_candidates",
    "source_candidates",
    "start_pool",
]
