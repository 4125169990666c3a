"""Broken sources: each fault gives a SourceError naming the file (and column where known).

Never a silently empty or partial dataset: a fault either raises or the records are
complete. Faults are injected into a copy of the small synthetic hospital (MIMIC-IV layout).
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from physassist_env.sources import open_source
from physassist_env.sources.base import SourceError


def _rewrite(path: Path, fn) -> None:
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    path.write_bytes(
        gzip.compress(
            fn(text).encode("utf-8") if isinstance(fn(text), str) else fn(text)
        )
    )


def _header_rename(old: str, new: str):
    def fn(text: str) -> str:
        head, rest = text.split("\n", 1)
        return head.replace(old, new) + "\n" + rest

    return fn


def _bad_value(col: str, value: str):
    def fn(text: str) -> str:
        lines = text.split("\n")
        head = lines[0].split(",")
        i = head.index(col)
        cells = lines[1].split(",")
        cells[i] = value
        lines[1] = ",".join(cells)
        return "\n".join(lines)

    return fn


FAULTS = {
    "truncated_gzip": (
        "hosp/labevents.csv.gz",
        lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
        "labevents",
    ),
    "missing_column": (
        "hosp/patients.csv.gz",
        lambda p: _rewrite(p, _header_rename("anchor_age", "age")),
        "anchor_age",
    ),
    "renamed_id_column": (
        "hosp/admissions.csv.gz",
        lambda p: _rewrite(p, _header_rename("hadm_id", "hadmid")),
        "hadm_id",
    ),
    "wrong_type": (
        "hosp/patients.csv.gz",
        lambda p: _rewrite(p, _bad_value("anchor_age", "forty")),
        "anchor_age",
    ),
    "empty_table": (
        "hosp/patients.csv.gz",
        lambda p: p.write_bytes(gzip.compress(b"")),
        "patients",
    ),
    "non_utf8": (
        "hosp/patients.csv.gz",
        lambda p: p.write_bytes(
            gzip.compress(
                gzip.decompress(p.read_bytes()).replace(b",F,", b",\xff\xfe,", 1)
            )
        ),
        "patients",
    ),
    "not_gzip": (
        "hosp/admissions.csv.gz",
        lambda p: p.write_bytes(b"\x1f\x8b garbage"),
        "admissions",
    ),
}


@pytest.fixture()
def hospital(synthetic_hospital: Path, tmp_path: Path) -> Path:
    dst = tmp_path / "h"
    shutil.copytree(synthetic_hospital, dst)
    return dst


def _load(path: Path, cache: Path) -> list:
    return list(open_source("mimic-iv", path, cache_dir=cache).records())


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_mimic_fault_is_named(
    fault: str, hospital: Path, synthetic_records: list, tmp_path: Path
) -> None:
    rel, inject, word = FAULTS[fault]
    inject(hospital / rel)
    try:
        records = _load(hospital, tmp_path / "cache")
    except SourceError as exc:
        msg = str(exc)
        print(f"\n{fault}: SourceError: {msg[:160]}")
        assert Path(rel).name.split(".")[0] in msg, msg
        assert word in msg, msg
        return
    # no error: then nothing may have been lost silently
    print(f"\n{fault}: no error, {len(records)} records")
    assert len(records) == len(synthetic_records), (
        f"{fault}: {len(records)} of {len(synthetic_records)} records"
    )


def test_mimic_duplicate_patient_ids(
    hospital: Path, synthetic_records: list, tmp_path: Path
) -> None:
    def dup(text: str) -> str:
        lines = text.rstrip("\n").split("\n")
        return "\n".join(lines + [lines[1]]) + "\n"

    _rewrite(hospital / "hosp/patients.csv.gz", dup)
    try:
        records = _load(hospital, tmp_path / "cache")
    except SourceError as exc:
        assert "patients" in str(exc)
        return
    ids = [r.patient_id for r in records]
    assert len(ids) == len(set(ids)) == len(synthetic_records)


def test_mimic_bad_date(
    hospital: Path, synthetic_records: list, tmp_path: Path
) -> None:
    _rewrite(
        hospital / "hosp/admissions.csv.gz", _bad_value("admittime", "31/12/2150 10:00")
    )
    try:
        records = _load(hospital, tmp_path / "cache")
    except SourceError as exc:
        assert "admissions" in str(exc) and "admittime" in str(exc), str(exc)
        return
    assert len(records) == len(synthetic_records)
