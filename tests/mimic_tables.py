"""Hand-made MIMIC-IV tables for tests (invented values): write them as CSV, read a patient.

A table set maps a table name (``"hosp/labevents"``) to ``(header, rows)``, the header a
comma-separated string as MIMIC-IV spells it.
"""

from __future__ import annotations

import csv
from pathlib import Path

from physassist_env.ehr.store import FhirStore
from physassist_env.fhir import PatientRecord
from physassist_env.sources.mimic import MimicSource

Tables = dict[str, tuple[str, list[list[object]]]]


def write_tables(root: Path, tables: Tables) -> Path:
    """Write ``tables`` as plain CSV files ``root/<name>.csv``; returns ``root``."""
    for name, (header, rows) in tables.items():
        path = root / f"{name}.csv"
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(header.split(","))
            w.writerows(rows)
    return root


def hand_made_patient(
    tmp: Path, tables: Tables, pid: str
) -> tuple[Path, PatientRecord, FhirStore]:
    """``(root, record, store)`` of patient ``pid`` read by :class:`MimicSource` from
    ``tables`` written under ``tmp/mimic`` (its cache in ``tmp/cache``)."""
    root = write_tables(tmp / "mimic", tables)
    rec = next(iter(MimicSource(root, cache_dir=tmp / "cache").records([pid])))
    return root, rec, FhirStore.from_records([rec])
