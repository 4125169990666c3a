"""`generate_hospital`: stream a synthetic MIMIC-IV-format hospital to ``.csv.gz`` tables."""

from __future__ import annotations

import gc
import gzip
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.paths import open_safe
from physassist_env.synth import knowledge as kb
from physassist_env.synth.icu import ICU_ITEMS
from physassist_env.synth.patient import DX_TITLES, Ids, PatientGenerator
from physassist_env.synth.rng import SynthRng
from physassist_env.synth.writer import COLUMNS, TableSet, TableWriter

log = logging.getLogger(__name__)
FIRST_SUBJECT_ID = 90000001
"""Synthetic subject ids start here (real MIMIC-IV ids are 10000000-19999999)."""


@dataclass
class SynthSummary:
    """What :func:`generate_hospital` wrote.

    Attributes:
        out_dir: The output root (``hosp/``, ``icu/``, ``note/``, ``truth/``).
        patients: Patients generated.
        seed: The seed used.
        rows: Rows written per table (``module/name``).
    """

    out_dir: Path
    patients: int
    seed: int
    rows: dict[str, int] = field(default_factory=dict)


def _dictionaries(root: Path, compresslevel: int) -> None:
    dx = DX_TITLES
    px = {
        (code, 10): title
        for c in kb.CONDITIONS.values()
        for code, title in c.procedures
    }
    tables = {
        "hosp/d_icd_diagnoses": [
            {"icd_code": k[0], "icd_version": k[1], "long_title": t}
            for k, t in sorted(dx.items())
        ],
        "hosp/d_icd_procedures": [
            {"icd_code": k[0], "icd_version": k[1], "long_title": t}
            for k, t in sorted(px.items())
        ],
        "hosp/d_labitems": [
            {
                "itemid": i.itemid,
                "label": i.label,
                "fluid": i.fluid,
                "category": i.category,
            }
            for i in sorted(kb.LABS.values(), key=lambda x: x.itemid)
        ],
        "icu/d_items": [
            {
                "itemid": i.itemid,
                "label": i.label,
                "abbreviation": i.abbreviation,
                "linksto": "chartevents",
                "category": i.category,
                "unitname": i.unit or None,
                "param_type": i.param_type,
                "lownormalvalue": i.low,
                "highnormalvalue": i.high,
            }
            for i in sorted(kb.CHART_ITEMS.values(), key=lambda x: x.itemid)
        ]
        + [
            {
                "itemid": itemid,
                "label": label,
                "abbreviation": abbr,
                "linksto": linksto,
                "category": category,
                "unitname": unit,
                "param_type": param_type,
            }
            for itemid, (label, abbr, linksto, category, unit, param_type) in sorted(
                ICU_ITEMS.items()
            )
        ],
    }
    for name, rows in tables.items():
        w = TableWriter(root, f"{name}.csv.gz", COLUMNS[name], compresslevel)
        w.write(rows)
        w.close()


GC_EVERY = 256
"""While patients are generated the cyclic garbage collector is paused (:func:`_gc_paused`)
and run once every this many patients."""


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector (restored on exit).

    A patient's rows are tens of thousands of lists and dicts, freed by reference counting
    once written: the generator makes no reference cycles (``tests/synth`` checks that a
    collection after generating patients finds nothing), so the collector's passes over
    the live rows (~10 % of the CPU time of 500 patients) found nothing to free.
    :func:`generate_hospital` still collects every ``GC_EVERY`` patients, so memory stays
    bounded should a change introduce cycles."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def generate_hospital(
    out_dir: str | Path,
    n_patients: int,
    seed: int,
    *,
    progress: bool = True,
    lab_scale: float = 1.0,
    tables: list[str] | None = None,
    compresslevel: int = 1,
    first: int = 0,
    ids: Ids | None = None,
) -> SynthSummary:
    """Write a synthetic hospital in the MIMIC-IV (+ MIMIC-IV-Note) layout.

    Rows are streamed patient by patient (memory does not grow with ``n_patients``);
    every file is gzip with ``mtime=0``, so the same ``(n_patients, seed)`` gives
    byte-identical output. Patient ``i`` draws from ``SynthRng(seed, i)`` (``synth.rng``).

    Args:
        out_dir: Output root; ``hosp/``, ``icu/``, ``note/`` and ``truth/`` are created
            (existing files are overwritten: the CLI checks for a non-empty folder).
        n_patients: Number of patients (subject ids 90000001, 90000002, ...).
        seed: Seed of all randomness.
        progress: Show a tqdm progress bar.
        lab_scale: Multiplier on lab-draw frequency (1.0: ~200 labevents per patient).
        tables: Only write these tables (``module/name``; default all) - e.g.
            ``["hosp/labevents"]`` for a quick ingestion benchmark file.
        compresslevel: gzip level of every file (1, the default, is the fastest: ~1/3
            less compression time than 4 for ~20 % larger files; 0 stores without
            compressing, as a build's own temporary copy does, read once and removed; the
            decompressed bytes do not depend on it).
        first: Index of the first patient (subject id ``90000001 + first``): a build
            writes its hospital in parts, one per shard of patients.
        ids: The running row ids to continue (the previous part's ``Ids``, advanced
            by that call); ``None``: start afresh. Parts written in order with one
            ``Ids`` hold the rows of the one hospital of all their patients.

    Returns:
        A :class:`SynthSummary` with row counts per table. ``truth/patients.jsonl.gz``
        holds each patient's ground truth (conditions, tier, planted unsafe drug-lab
        pairs, adherence), which is not a MIMIC table.
    """
    if n_patients < 1:
        raise ValueError(f"n_patients must be >= 1, got {n_patients}")
    root = Path(out_dir)
    root.mkdir(parents=True, exist_ok=True)
    names = [t for t in COLUMNS if not t.split("/")[1].startswith("d_")]
    if tables is not None:
        unknown = sorted(set(tables) - set(COLUMNS))
        if unknown:
            raise ValueError(f"unknown tables {unknown}; choose from {sorted(COLUMNS)}")
        names = [t for t in names if t in tables]
    writers = TableSet(root, names, compresslevel)
    ids = Ids() if ids is None else ids
    iterator = range(first, first + n_patients)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc="synthetic patients", unit="pt")
    with (
        open_safe(root, "truth/patients.jsonl.gz", "wb") as raw,
        gzip.GzipFile(
            filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=compresslevel
        ) as gz,
        _gc_paused(),
    ):
        for i in iterator:
            if (i - first) % GC_EVERY == GC_EVERY - 1:
                gc.collect()
            rng = SynthRng(seed, i)
            rows, truth = PatientGenerator(
                rng, FIRST_SUBJECT_ID + i, ids, lab_scale
            ).generate()
            writers.write(rows)
            gz.write(
                (json.dumps(vars(truth), sort_keys=True, default=str) + "\n").encode()
            )
    counts = writers.counts()
    writers.close()
    if (
        tables is None
        or any(t.split("/")[1].startswith("d_") for t in tables)
        or tables == []
    ):
        _dictionaries(root, compresslevel)
    log.info("wrote %d patients to %s", n_patients, root)
    return SynthSummary(root, n_patients, seed, counts)
