"""``build_dataset``: any source -> sessions -> a Hugging Face dataset folder.

This is what ``physassist build`` runs. The embedded default (``synthetic``) first writes
a seeded synthetic hospital in MIMIC-IV layout, then goes through the same MIMIC-IV code
path as real data.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import pickle
import shutil
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from physassist_env.dataset import shards
from physassist_env.dataset.account import DataAccount
from physassist_env.dataset.candidates import CandidateFile
from physassist_env.dataset.checkpoint import (
    ShardCheckpoint,
    ids_digest,
    partial_folder,
)
from physassist_env.dataset.coverage import scenario_coverage
from physassist_env.dataset.default import (  # noqa: F401  (re-exported)
    DEFAULT_PATIENTS,
    DEFAULT_SEED,
    built_default,
    default_dataset_folder,
    generator_fingerprint,
)
from physassist_env.dataset.gcpolicy import build_gc
from physassist_env.dataset.licensing import SourceInfo, SourceKind
from physassist_env.dataset.loader import WrittenSessions
from physassist_env.dataset.official import build_official
from physassist_env.dataset.review import reviewed
from physassist_env.dataset.shards import candidates
from physassist_env.dataset.writer import (
    MANIFEST,
    DatasetInfo,
    SessionRef,
    StoredRecord,
    StoredSessions,
    is_dataset_file,
    not_a_dataset,
    write_dataset,
)
from physassist_env.fhir.record import PatientRecord
from physassist_env.paths import OutputLock, cache_root, output_path, scratch_dir
from physassist_env.paths.outputs import check_target, recover
from physassist_env.scenarios.generate import Generated, SessionKey, assign_splits
from physassist_env.scenarios.requests.paraphrase import (
    ChatBackend,
    paraphrase_sessions,
)
from physassist_env.sources import SourceError, open_source
from physassist_env.sources.fhir_export import FhirExportSource
from physassist_env.sources.mimic import MimicSource
from physassist_env.synth import generate_hospital
from physassist_env.synth.chart import Ids
from physassist_env.synth.hospital import FIRST_SUBJECT_ID

log = logging.getLogger(__name__)

BUILD_SOURCES = ("synthetic", "mimic-iv", "fhir", "official")
#: Test sessions per scenario x tier cell (27 gives the paper's 324) and the share of
#: non-test patients in validation, as a build takes them unless told otherwise.
DEFAULT_TEST_PER_CELL = 27
DEFAULT_VALIDATION_FRACTION = 0.1
#: Most worker processes an automatic worker count uses (``workers=0``, the CLI default):
#: two keep a two-core laptop busy while the reading process streams records.
AUTO_WORKERS = 2


#: gzip level of the synthetic hospital a build writes to its temporary folder and reads
#: once: 0 (stored) spends no CPU on compressing (or inflating) it.
HOSPITAL_GZIP = 0

#: Sources of at most this many patients keep each converted record on disk (pickled, in
#: the build's temporary folder: about 0.25 MB per synthetic patient) for the writer,
#: instead of converting it again; larger ones are read again (disk stays bounded).
SPOOL_PATIENTS = 2000

#: A synthetic build of more patients than this runs its session pass in one worker
#: process at ``workers=1`` too (the hospital then written in parts beside it, as with
#: more workers): the pass's grader memo caches (about 2.5 million small objects once
#: full, which freed memory does not give back to the system) and the shard being built
#: leave with that process, so the reading process writes the dataset without them (the
#: default's 1,000 patients at one worker peaked at 1.1-1.3 GB in one process). The
#: bytes are the same whatever the number of workers; smaller builds stay in process.
ONE_WORKER_IN_PROCESS = 256


class _Spool:
    """Converted records kept on disk between the session pass and the writer."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.files: dict[str, Path] = {}

    def keep(self, records: Iterable[PatientRecord]) -> Iterator[PatientRecord]:
        """Yield ``records`` unchanged, writing each one to the spool."""
        for record in records:
            self._write(record)
            yield record

    def refer(self, records: Iterable[PatientRecord]) -> Iterator[shards.RecordFile]:
        """Write each record to the spool and yield a reference to its file (what local
        worker processes read, instead of receiving the record pickled once more)."""
        for record in records:
            yield shards.RecordFile(record.patient_id, self._write(record))

    def _write(self, record: PatientRecord) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{len(self.files)}.pkl"
        path.write_bytes(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
        self.files[record.patient_id] = path
        return path

    def has(self, pid: str) -> bool:
        """Whether ``pid`` was spooled in this run (as a record or a worker's columns)."""
        return pid in self.files or shards.columns_file(self.folder, pid).is_file()

    def read(self, ids: Iterable[str]) -> Iterator[StoredRecord]:
        """References to the spooled records of ``ids``, in that order (the writer reads
        each file once, when it writes the row): each one's ``patients`` columns where a
        worker kept them (:meth:`shards.RecordFile.keep_columns`, or in this folder by
        :func:`shards.read_shard`), else the record."""
        for pid in ids:
            spooled = self.files.get(pid)
            if spooled is None:  # read by a worker (shards.SourceShard)
                path = shards.columns_file(self.folder, pid)
            else:
                cols = shards.RecordFile(pid, spooled).columns_path
                path = cols if cols.exists() else spooled
            yield StoredRecord(pid, functools.partial(_unpickle, path))


def _unpickle(path: Path) -> Any:
    return pickle.loads(path.read_bytes())


def _hospital_shards(
    tmp: Path, patients: int, seed: int, columns: Path
) -> Iterator[shards.SourceShard]:
    """The synthetic hospital written and ingested one shard of patients at a time.

    Each part (``tmp/hospital/part-<k>``: the shard's patients, their rows numbered on
    from the previous part's, so the rows are those of the one hospital) is read by the
    one MIMIC-IV reader (:meth:`MimicSource.reader` ingests it into the Parquet cache),
    and its shard is handed to a worker before the next part is written: writing the
    hospital overlaps the workers' session pass instead of preceding it.
    """
    ids = Ids()
    size = shards.SHARD_PATIENTS
    for k, first in enumerate(range(0, patients, size)):
        folder = tmp / "hospital" / f"part-{k}"
        generate_hospital(
            folder,
            min(size, patients - first),
            seed,
            progress=False,
            compresslevel=HOSPITAL_GZIP,
            first=first,
            ids=ids,
        )
        src = MimicSource(folder, cache_dir=tmp / "cache", cache_threshold=0, buckets=1)
        yield shards.SourceShard(src.reader(), src.patient_ids(), columns)


def auto_workers(patients: int) -> int:
    """The worker count ``workers=0`` means: ``min(AUTO_WORKERS, usable CPUs, shards)``.

    A build has one shard per :data:`~physassist_env.dataset.shards.SHARD_PATIENTS`
    patients, so a smaller source gets one worker (in process, no start-up cost). Any
    count gives the same bytes.
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    n_shards = max(1, -(-patients // shards.SHARD_PATIENTS))
    return max(1, min(AUTO_WORKERS, cpus, n_shards))


def default_cache_dir() -> Path:
    """``$PHYSASSIST_CACHE`` or ``~/.cache/physassist``."""
    return cache_root()


def source_info(kind: str, path: Path | None, source: Any = None) -> SourceInfo:
    """The licence-relevant description of a build's source.

    The licence follows the data, not the format: MIMIC-IV tables of the synthetic
    hospital (``physassist synth``'s output, ``source.synthetic``) are synthetic; a FHIR
    export whose identifier systems or ``meta.profile`` values are MIMIC's (``source.mimic_derived``) is MIMIC-IV on FHIR,
    licensed as the MIMIC-IV demo (ODbL) when a licence file next to it says ODbL, else as
    credentialed MIMIC-IV; either way the Hub push refuses it.

    Args:
        kind: The build source (``synthetic``, ``mimic-iv``, ``fhir``).
        path: The source folder or file.
        source: The opened record source (used for ``mimic-iv`` and ``fhir``).
    """
    if kind == "synthetic":
        return SourceInfo(
            kind=SourceKind.SYNTHETIC, name="PhysAssistBench synthetic hospital"
        )
    if kind == "mimic-iv" and getattr(source, "synthetic", False):
        # the synthetic hospital's tables read as MIMIC-IV (physassist synth's output):
        # synthetic data, whatever reads it (MimicSource.synthetic)
        return SourceInfo(
            kind=SourceKind.SYNTHETIC,
            name=f"PhysAssistBench synthetic hospital ({path.name if path else ''})",
        )
    if kind == "mimic-iv":
        demo = path is not None and (path / "demo_subject_id.csv").exists()
        return SourceInfo(
            kind=SourceKind.MIMIC_IV_DEMO if demo else SourceKind.MIMIC_IV,
            name="MIMIC-IV Clinical Database Demo" if demo else "MIMIC-IV",
        )
    label = path.name if path else "unknown"
    if getattr(source, "mimic_derived", False):
        demo = path is not None and _odbl_licence_near(path)
        return SourceInfo(
            kind=SourceKind.MIMIC_IV_DEMO if demo else SourceKind.MIMIC_IV,
            name=f"MIMIC-IV {'Demo ' if demo else ''}on FHIR ({label})",
            description=(
                "Detected as MIMIC-derived from the export's MIMIC identifier systems "
                "and profiles."
            ),
        )
    return SourceInfo(kind=SourceKind.FHIR, name=f"FHIR export ({label})")


def _odbl_licence_near(path: Path) -> bool:
    """True if a LICENSE file in ``path`` or up to two folders above says ODbL."""
    folder = path if path.is_dir() else path.parent
    for candidate in [folder, *list(folder.parents)[:2]]:
        for name in ("LICENSE.txt", "LICENSE", "LICENSE.md"):
            file = candidate / name
            if file.is_file():
                head = file.read_text(encoding="utf-8", errors="replace")[:2000]
                return "Open Database License" in head or "ODbL" in head
    return False


def build_dataset(
    source: str,
    out: str | os.PathLike[str],
    *,
    path: str | os.PathLike[str] | None = None,
    patients: int = DEFAULT_PATIENTS,
    seed: int = DEFAULT_SEED,
    limit: int | None = None,
    test_per_cell: int = DEFAULT_TEST_PER_CELL,
    validation_fraction: float = DEFAULT_VALIDATION_FRACTION,
    overwrite: bool = False,
    progress: bool = True,
    mimic: str | os.PathLike[str] | None = None,
    workers: int = 1,
    backend: str = "process",
    prefilter: bool = False,
    paraphrase: ChatBackend | None = None,
    reviews: Sequence[str | os.PathLike[str]] | None = None,
    resume: bool = True,
) -> tuple[DatasetInfo, Generated]:
    """Build the benchmark dataset from a source.

    Args:
        source: ``synthetic`` (the embedded default), ``mimic-iv``, ``fhir`` or
            ``official`` (the authors' released JSONL in ``path``, records from ``mimic``).
        out: Output folder (refused if it exists and is not empty, unless ``overwrite``).
        path: The source folder or file (not used for ``synthetic``).
        patients: Number of synthetic patients.
        seed: Seed of the synthetic hospital and of session generation.
        limit: Use only the first ``limit`` patients of the source.
        test_per_cell: Test sessions per (scenario, tier) cell (27 -> the paper's 324).
        validation_fraction: Share of non-test patients in validation.
        overwrite: Replace an earlier build in ``out``.
        progress: Show progress bars.
        mimic: ``official`` only: the MIMIC-IV folder the release's patients come from.
        workers: Processes (or Ray tasks) building candidate sessions over patient
            shards; the output is byte-identical whatever the number. ``0``: automatic
            (:func:`auto_workers` of the source's patient count). ``1`` builds in this
            process, except a synthetic build of more than :data:`ONE_WORKER_IN_PROCESS`
            patients, which uses one worker process (its memory, not its CPU).
        backend: ``process`` (local processes) or ``ray``.
        prefilter: Rank patients by the data a scenario needs (row counts of labs,
            orders, administrations and diagnoses; resources per patient for FHIR) and
            drop those without any admission, before converting them; ``limit`` then
            keeps the richest patients instead of the first ones.
        paraphrase: A chat backend (``generate(messages) -> str``) that rewrites each
            request; a rewrite is kept only when it passes
            :func:`~physassist_env.scenarios.requests.paraphrase.problems` and the gold
            still scores 1.0 (``Turn.paraphrased`` records it). ``None``: no model.
        reviews: Clinician review files (or folders of them, or a reviewed dataset
            folder) to apply (:func:`physassist_env.dataset.review.apply_reviews`): the
            manifest's and card's ``review`` then report coverage, error rates and kappa.
        resume: Reuse the shards of patients an earlier, interrupted run of the same
            build finished (kept in ``.<out>.partial`` next to ``out``,
            :mod:`~physassist_env.dataset.checkpoint`; the same bytes as an uninterrupted
            build); ``False`` starts afresh. Not used by a synthetic build that writes its
            hospital while workers build (the default with workers).

    Returns:
        The written manifest and the generation result (sessions, candidate counts,
        unfilled cells; its ``records`` stay empty: records are streamed, not kept). Its
        ``sessions`` are read back from the written folder each time they are iterated
        (:class:`~physassist_env.dataset.loader.WrittenSessions`), unless ``paraphrase``
        or ``reviews`` rewrote them in memory (a list).

    Raises:
        SourceError: Unknown source, or a missing/unreadable path.
        FileExistsError: ``out`` is not empty and ``overwrite`` is false.
    """
    if source not in BUILD_SOURCES:
        import difflib

        hint = difflib.get_close_matches(source, BUILD_SOURCES, n=1)
        raise SourceError(
            f"unknown source {source!r}; choose one of {', '.join(BUILD_SOURCES)}"
            + (f" (did you mean {hint[0]!r}?)" if hint else "")
        )
    out_path = output_path(out)
    with OutputLock(out_path, what="a dataset"):
        # held from the start: a second build into the same folder fails at once
        recover(out_path)
        check_target(
            out_path,
            overwrite=overwrite,
            owned=is_dataset_file,
            writer="physassist build",
            replaceable=not_a_dataset,
        )
        if source == "official":
            if paraphrase is not None:
                raise ValueError(
                    "--paraphrase rewrites generated requests; the official release's are kept as released"
                )
            if reviews is not None:
                raise ValueError(
                    "--reviews applies to generated sessions; apply reviews to an official "
                    "build with physassist review apply"
                )
            return build_official(path, mimic, out_path, overwrite=overwrite, seed=seed)
        try:
            return _build(
                source,
                out_path,
                path=path,
                patients=patients,
                seed=seed,
                limit=limit,
                test_per_cell=test_per_cell,
                validation_fraction=validation_fraction,
                overwrite=overwrite,
                progress=progress,
                workers=workers,
                backend=backend,
                prefilter=prefilter,
                paraphrase=paraphrase,
                reviews=reviews,
                resume=resume,
            )
        except Exception:
            # a failure (bad input, no qualifying patient) is not an interruption:
            # only a kill or Ctrl-C leaves finished shards for the next run
            shutil.rmtree(partial_folder(out_path), ignore_errors=True)
            raise


def _build(
    source: str,
    out_path: Path,
    *,
    path: str | os.PathLike[str] | None,
    patients: int,
    seed: int,
    limit: int | None,
    test_per_cell: int,
    validation_fraction: float,
    overwrite: bool,
    progress: bool,
    workers: int,
    backend: str,
    prefilter: bool,
    paraphrase: ChatBackend | None,
    reviews: Sequence[str | os.PathLike[str]] | None = None,
    resume: bool = True,
) -> tuple[DatasetInfo, Generated]:
    """:func:`build_dataset` of a generated source, its output locked and checked."""
    t0 = time.perf_counter()
    with (
        build_gc(),
        scratch_dir("build-") as tmp,
        contextlib.ExitStack() as stack,
    ):
        pool, planned, in_parts = None, 0, False
        if source == "synthetic":
            # the worker count is known before the hospital exists: start the workers
            # now, so their start-up overlaps writing it
            planned = workers or auto_workers(min(patients, limit or patients))
            # with workers, the hospital is written shard by shard while they build
            # the earlier shards (_hospital_shards); else whole, before the pass
            # (not when resuming: an interrupted build's finished shards are reused)
            partable = (
                backend == "process"
                and not prefilter
                and not limit
                and patients <= SPOOL_PATIENTS
                and not (resume and any(partial_folder(out_path).glob("shard-*.pkl")))
            )
            if (planned > 1 and backend == "process" and not prefilter) or (
                planned == 1 and partable and patients > ONE_WORKER_IN_PROCESS
            ):
                pool = stack.enter_context(shards.start_pool(planned))
            src_path = Path(tmp) / "hospital"
            in_parts = pool is not None and partable
            if not in_parts:
                generate_hospital(
                    src_path,
                    patients,
                    seed,
                    progress=progress,
                    compresslevel=HOSPITAL_GZIP,
                )
            kind = "mimic-iv"
        else:
            if path is None:
                raise SourceError(f"--path is required for --source {source}")
            src_path = Path(path).expanduser().resolve()
            kind = source
        options: dict[str, Any] = {"limit": limit} if limit and not prefilter else {}
        if kind == "mimic-iv":
            options["cache_dir"] = Path(tmp) / "cache"
            # a batch's table rows are held as Python rows while it is converted: one
            # shard's patients at a time, as a worker reads them (the default's 1,000 at
            # once held about 1.7 GB at 1 worker)
            options["batch_patients"] = shards.SHARD_PATIENTS
            if (workers != 1 and backend == "process") or source == "synthetic":
                # workers may read their own patients: every per-patient table goes
                # through the Parquet cache, ingested once (MimicSource.reader); the
                # synthetic hospital does so at 1 worker too (no whole table in memory)
                options["cache_threshold"] = 0
                if source == "synthetic":  # small: one sorted file per table
                    options["buckets"] = 1
        src: Any = None
        if in_parts:  # the synthetic hospital's subject ids, in order
            ids = [str(FIRST_SUBJECT_ID + i) for i in range(patients)]
        else:
            src = open_source(kind, src_path, **options)
            ids = src.patient_ids()
        if prefilter:
            ids = rank_patients(src, ids)[: limit or None]
        if workers == 0:
            workers = auto_workers(len(ids))
            log.info("workers: %d (automatic)", workers)
        if pool is not None and planned != workers:  # the source had fewer patients
            pool.shutdown(cancel_futures=True)
            pool = None
        summary: list[str] = list(getattr(src, "summary", list)())
        for line in summary:
            log.info("source: %s", line)
        keep = len(ids) <= SPOOL_PATIENTS
        spool = _Spool(Path(tmp) / "records") if keep else None
        n_patients = len(ids)
        chunks = [list(c) for c in shards.iter_shards(ids)]
        ckpt: ShardCheckpoint | None = None
        finished: set[int] = set()
        if not in_parts:
            key = {
                "source": source,
                "path": None if source == "synthetic" else str(src_path),
                "patients": patients if source == "synthetic" else None,
                "seed": seed,
                "limit": limit,
                "prefilter": prefilter,
                "shard_patients": shards.SHARD_PATIENTS,
                "generator": generator_fingerprint(),
                "ids": ids_digest(ids),
            }
            ckpt = ShardCheckpoint(partial_folder(out_path), key, resume=resume)
            finished = ckpt.finished(len(chunks))
            if finished:
                note = (
                    f"resuming: {len(finished)} of {len(chunks)} shards of patients were "
                    "finished by an earlier run of this build"
                )
                log.info(note)
                if progress:
                    print(note, file=sys.stderr)
                ids = [p for k, c in enumerate(chunks) if k not in finished for p in c]
        account = DataAccount()
        # the candidates wait serialised (candidates.CandidateFile); only their keys,
        # what the split reads, are held as objects
        candidate_file = stack.enter_context(CandidateFile())
        per_patient: dict[str, list[SessionKey]] = {}
        generated = Generated()
        stream: Iterator[tuple[str, list[Any]]]
        if in_parts:
            assert spool is not None and pool is not None
            stream = shards.source_candidates(
                _hospital_shards(Path(tmp), patients, seed, spool.folder),
                seed=seed,
                source=source,
                workers=workers,
                account=account,
                pool=pool,
            )
        elif isinstance(src, MimicSource) and workers > 1 and backend == "process":
            # each worker reads and converts its own shard's patients
            reader = src.reader()
            jobs = (
                shards.SourceShard(reader, list(chunk), spool.folder if spool else None)
                for chunk in shards.iter_shards(ids)
            )
            stream = shards.source_candidates(
                jobs,
                seed=seed,
                source=source,
                workers=workers,
                account=account,
                pool=pool,
            )
        else:
            watched = account.watch(src.records(ids))
            records: Iterable[Any] = watched
            if spool is not None:
                # local workers read the spooled file; in process, the record is at hand
                local = workers > 1 and backend == "process"
                records = spool.refer(watched) if local else spool.keep(watched)
            stream = candidates(
                records,
                seed=seed,
                source=source,
                workers=workers,
                backend=backend,
                pool=pool,
            )
        if ckpt is not None:
            stream = ckpt.replay(stream, chunks, finished)
        for pid, got in patient_progress(
            stream,
            total=n_patients,
            by_shard=workers > 1 or in_parts,
            disable=not progress,
        ):
            if got:
                per_patient[pid] = [candidate_file.add(c) for c in got]
                generated.candidates.update(
                    (c.key.scenario.value, c.key.tier.value) for c in got
                )
        kept, generated.unfilled = assign_splits(
            per_patient,
            seed=seed,
            test_per_cell=test_per_cell,
            validation_fraction=validation_fraction,
        )
        stored = StoredSessions(
            [SessionRef(k.session_id, k.patient_id, split) for k, split in kept],
            lambda ref: candidate_file.load_for_split(ref.session_id, ref.split),
        )
        rewritten = paraphrase is not None or reviews is not None
        if rewritten:  # paraphrases and reviews rewrite the sessions: held in memory
            generated.sessions = [stored.load(ref) for ref in stored.refs]
        counts: dict[str, int] = {}
        if paraphrase is not None and generated.sessions:
            generated.sessions, counts = paraphrase_sessions(
                generated.sessions, paraphrase
            )
            log.info("paraphrased requests: %s", dict(counts))
        info = source_info(source, None if source == "synthetic" else src_path, src)
        extra = {
            "seed": seed,
            "source": source,
            "patients_in_source": n_patients,
            "prefilter": prefilter,
            "test_per_cell": test_per_cell,
            "validation_fraction": validation_fraction,
            "unfilled_test_cells": {
                f"{a}/{b}": n for (a, b), n in sorted(generated.unfilled.items())
            },
            "scenario_coverage": scenario_coverage(generated.candidates),
        }
        if source == "synthetic":
            extra["synthetic_patients"] = patients
        if paraphrase is not None:
            extra["paraphrase"] = {
                "model": getattr(paraphrase, "model", type(paraphrase).__name__),
                **dict(counts),
            }
        if reviews is not None:
            generated.sessions, extra["review"] = reviewed(generated.sessions, reviews)
        generated.source_summary = summary  # type: ignore[attr-defined]
        reused = {p for k in finished for p in chunks[k]}
        generated.patient_summary = patient_summary(  # type: ignore[attr-defined]
            n_patients, set(per_patient), account, reused
        )
        if not kept:
            if kind == "fhir":
                read = src.stats["files_read"]
                where = f"{read} file{'s' if read != 1 else ''}"
            else:
                where = f"the MIMIC-IV tables of {src_path}"
            raise ValueError(
                f"none of the {n_patients} patients of {src_path} has an admission that qualifies for a "
                "session (discharge planning needs an inpatient or emergency encounter with two "
                "scheduled active medication orders and a diagnosis; the other scenarios need lab "
                "results during an encounter, plus medication orders, antibiotics or diagnoses); "
                f"nothing was written\n{account.message(where)}"
            )
        used = sorted(
            {s.patient_id for s in generated.sessions}
            if rewritten
            else {k.patient_id for k, _ in kept}
        )
        manifest = write_dataset(
            out_path,
            # each kept candidate read back when its row is written
            generated.sessions if rewritten else stored,
            # records are not held during generation: read from the spool, else again
            _writer_records(used, spool, src),
            source=info,
            stats_extra=extra,
            overwrite=overwrite,
        )
        if not rewritten:  # read back from the dataset written, when iterated
            generated.sessions = WrittenSessions(out_path)  # type: ignore[assignment]
        # (also an earlier run's, when this one built its hospital in parts)
        shutil.rmtree(partial_folder(out_path), ignore_errors=True)
    log.info("built %s in %.1fs", out_path, time.perf_counter() - t0)
    return manifest, generated


def patient_summary(
    n_patients: int, with_sessions: set[str], account: DataAccount, reused: set[str]
) -> list[str]:
    """What became of the source's patients, for a person watching a long build: how
    many gave sessions, and why the others did not (per first unmet requirement of the
    session planner, over the patients this run read)."""
    lines = [
        f"patients: {n_patients} in the source, {len(with_sessions)} with sessions, "
        f"{n_patients - len(with_sessions)} without"
    ]
    if reused:
        lines.append(
            f"  {len(reused)} of them from shards an earlier run finished (not read again)"
        )
    read_with = len(with_sessions - reused)
    reasons = [
        (f"lack {why}", n) for why, n in account.unmet.most_common() if why != "none"
    ]
    checks = account.unmet.get("none", 0) - read_with
    if checks > 0:
        reasons.append(("have the data but met no scenario's checks", checks))
    for why, n in reasons:
        lines.append(f"  without a session: {n} {why}")
    return lines


def _writer_records(
    used: list[str], spool: _Spool | None, src: Any
) -> Iterator[PatientRecord | StoredRecord]:
    """The records of ``used`` for the writer, in order: from this run's spool where
    it holds them, else read again from the source (all of them when nothing was
    spooled; the patients of shards a resumed build reused)."""
    if spool is None:
        yield from src.records(used)
        return
    missing = [p for p in used if not spool.has(p)]
    if not missing:
        yield from spool.read(used)
        return
    again = iter(src.records(missing))
    for pid in used:
        yield from spool.read([pid]) if spool.has(pid) else [next(again)]


def patient_progress(
    stream: Iterable[Any],
    *,
    total: int,
    by_shard: bool,
    disable: bool = False,
    **kw: Any,
) -> Any:
    """The build's progress bar over ``stream`` (one item per patient).

    With workers (``by_shard``), patients arrive a shard at a time after a wait: the bar
    is drawn once per shard and its ETA comes from the mean rate since the start. tqdm's
    default (a moving average, redrawn at the first item) had turned the first patient
    of a minutes-long shard into an ETA of 31:57:36.
    """
    return tqdm(
        stream,
        total=total,
        desc="sessions",
        unit="patient",
        disable=disable,
        smoothing=0,
        miniters=shards.SHARD_PATIENTS if by_shard else None,
        # tqdm's monitor thread would reset miniters to 1 after maxinterval seconds
        maxinterval=float("inf") if by_shard else 10.0,
        **kw,
    )


def rank_patients(src: Any, ids: list[str]) -> list[str]:
    """Patients ranked by the data a scenario needs, richest first (ties by id).

    MIMIC-IV tables: rows of ``labevents``, ``prescriptions``, ``emar`` and
    ``diagnoses_icd`` per patient, read column-wise without converting anyone; patients
    without an admission are dropped (no session can be built without one). FHIR
    exports: resources per patient from the index pass. Other sources: unchanged.
    """

    if isinstance(src, MimicSource):
        admitted = src.subject_counts("admissions")
        score: Counter[int] = Counter()
        for table in ("labevents", "prescriptions", "emar", "diagnoses_icd"):
            score.update(src.subject_counts(table))
        kept = [p for p in ids if admitted[int(p)] > 0]
        log.info("prefilter: %d of %d patients have an admission", len(kept), len(ids))
        return sorted(kept, key=lambda p: (-score[int(p)], int(p)))
    if isinstance(src, FhirExportSource):
        sizes = src.resource_counts()
        return sorted(ids, key=lambda p: (-sizes.get(p, 0), p))
    return list(ids)


#: CPU-seconds of the default build as measured on two machines (``docs/environment.md``,
#: "Build time": 76-81 on a fast one, 161-235 on the shared 2-core machine, 270 there
#: at a load average of 12: contended cores give fewer instructions per second).
DEFAULT_BUILD_CPU_S = (76, 270)


def default_build_note(folder: Path) -> str:
    """What the first use of the default does, with a time range from the measured
    CPU-seconds and the workers it will use (wall time grows with the machine's load)."""
    workers = auto_workers(DEFAULT_PATIENTS)
    low, high = DEFAULT_BUILD_CPU_S
    cores = f"{workers} free core{'s' if workers > 1 else ''}"
    return (
        f"building the default dataset once ({DEFAULT_PATIENTS:,} synthetic patients, seed "
        f"{DEFAULT_SEED}: hospital tables, sessions, gold answers; {workers} worker "
        f"process{'es' if workers > 1 else ''}) into {folder}: {low}-{high} CPU-seconds "
        f"measured, about {low // workers}-{-(-high // workers)} s on {cores}, longer on a "
        "busy machine; progress shows after each shard of patients; later runs reuse it"
    )


def default_dataset(progress: bool = True) -> Path:
    """The embedded synthetic default, built on first use into the cache and reused after.

    The folder name carries the package version, patient count, seed and a fingerprint
    of the generating code, so changed code builds a new folder instead of reusing a
    stale one.
    """
    if (built := built_default()) is not None:
        return built
    folder = default_dataset_folder()
    # two processes that need it at once: the second waits for the first and reuses it
    with OutputLock(folder, wait=True, what="the default dataset"):
        if (folder / MANIFEST).exists():
            return folder
        if progress:
            print(default_build_note(folder), file=sys.stderr, flush=True)
        build_dataset(
            "synthetic",
            folder,
            patients=DEFAULT_PATIENTS,
            seed=DEFAULT_SEED,
            overwrite=True,
            progress=progress,
            workers=0,
        )
    return folder
