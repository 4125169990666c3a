"""A small reader of raw MIMIC-IV CSV tables, independent of the converter.

The audit must not trust the code that built the dataset, so it reads the raw files with
Python's ``csv`` module and nothing of :mod:`physassist_env.sources` (no column specs, no
type coercion, no de-identification handling): every cell stays the string in the file.
"""

from __future__ import annotations

import csv
import gzip
import io
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path


class RawTableError(Exception):
    """A raw table is missing or lacks a key column."""


def table_path(root: Path, table: str) -> Path | None:
    """``root/hosp/labevents.csv.gz`` (or ``.csv``) for ``hosp/labevents``; ``None`` if absent."""
    for suffix in (".csv.gz", ".csv"):
        path = root / f"{table}{suffix}"
        if path.exists():
            return path
    return None


def _open(path: Path) -> io.TextIOBase:
    if path.suffix == ".gz":
        return io.TextIOWrapper(gzip.open(path, "rb"), encoding="utf-8", newline="")
    return open(path, encoding="utf-8", newline="")  # noqa: SIM115 - closed by caller


def key_of(row: Mapping[str, str], columns: Iterable[str]) -> tuple[str, ...]:
    """A row's key: its cells in ``columns``, an empty cell read as ``"0"`` (the
    converter's id spells a missing organism or isolate number as 0)."""
    return tuple((row.get(c) or "").strip() or "0" for c in columns)


def rows_by_key(
    root: Path, table: str, columns: tuple[str, ...], wanted: set[tuple[str, ...]]
) -> dict[tuple[str, ...], list[dict[str, str]]]:
    """Every row of ``table`` whose ``columns`` form one of the ``wanted`` keys.

    Streams the file once. Integer-like keys compare as written (``"123"``); a key
    written ``123.0`` is read as ``123``; a time key (a column named ``*time``) compares
    to the minute (``yyyy-mm-dd hh:mm``), as converted ids spell it.

    Raises:
        RawTableError: The table file is missing or lacks a key column.
    """
    path = table_path(root, table)
    if path is None:
        raise RawTableError(f"{table}.csv(.gz) not found under {root}")
    out: dict[tuple[str, ...], list[dict[str, str]]] = {}
    with _open(path) as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in columns if c not in (reader.fieldnames or [])]
        if missing:
            raise RawTableError(f"{path} has no column {', '.join(missing)}")
        for row in _rows(reader):
            key = tuple(
                _key_text(c, v)
                for c, v in zip(columns, key_of(row, columns), strict=True)
            )
            if key in wanted:
                out.setdefault(key, []).append(row)
    return out


def _rows(reader: csv.DictReader) -> Iterator[dict[str, str]]:
    for row in reader:
        yield {k: (v or "") for k, v in row.items() if k is not None}


def _key_text(column: str, value: str) -> str:
    """A key cell as ids spell it: ``"123.0"`` -> ``"123"`` (keys written as floats by
    some exports); a date-time to the minute."""
    if column.endswith("time"):
        return value[:16]
    if value.endswith(".0") and value[:-2].lstrip("-").isdigit():
        return value[:-2]
    return value
