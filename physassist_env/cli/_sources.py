"""Record sources shared by ``physassist ehr`` and ``physassist serve-fhir``.

``synthetic`` is the embedded synthetic hospital as the benchmark uses it: the patients
of the default dataset (built on first use, as ``physassist eval`` does), or of the
build folder given with ``--path``. The other kinds are :data:`SOURCE_KINDS`.
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Iterable
from typing import Any

from physassist_env.fhir.record import PatientRecord
from physassist_env.sources import (
    SOURCE_KINDS,
    RecordSource,
    SourceError,
    open_source,
)

SOURCES = ("synthetic", *SOURCE_KINDS)
PATH_HELP = (
    "MIMIC-IV folder (hosp/, icu/, note/) or FHIR export file/folder; for synthetic, "
    "optionally a build folder (default: the embedded dataset, built on first use)"
)


def iso_date(text: str) -> str:
    """An argparse ``type`` accepting a real calendar date ``YYYY-MM-DD``."""
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date YYYY-MM-DD (e.g. 2180-07-01)"
        ) from None


def _dataset(path: str | None, progress: bool) -> str:
    from physassist_env.dataset.loader import resolve_dataset_path

    if path:
        return str(resolve_dataset_path(path))
    from physassist_env.dataset.build import default_dataset

    return str(default_dataset(progress=progress))


def patient_ids(kind: str, path: str | None, *, progress: bool = True) -> list[str]:
    """The patient ids of a source.

    Raises:
        SourceError: Unknown kind, missing ``--path`` or an unreadable source.
    """
    if kind == "synthetic":
        from physassist_env.dataset.loader import load_records

        return sorted(load_records(_open_dataset(path, progress)))
    return list(_open(kind, path).patient_ids())


def records(
    kind: str, path: str | None, ids: Iterable[str] | None, *, progress: bool = True
) -> list[PatientRecord]:
    """The canonical records of ``ids`` (``None``: every patient) of a source.

    Raises:
        SourceError: Unknown kind, missing ``--path``, an unreadable source, or (for
            ``synthetic``) an id the dataset does not have.
    """
    if kind == "synthetic":
        from physassist_env.dataset.loader import load_records

        every = load_records(_open_dataset(path, progress))
        if ids is None:
            return list(every.values())
        wanted = list(ids)
        missing = [i for i in wanted if i not in every]
        if missing:
            raise SourceError(
                f"no patient {', '.join(missing)} in the synthetic dataset; "
                "list the ids with --list-patients"
            )
        return [every[i] for i in wanted]
    return list(_open(kind, path).records(None if ids is None else list(ids)))


def _open_dataset(path: str | None, progress: bool) -> str:
    try:
        return _dataset(path, progress)
    except FileNotFoundError as exc:
        raise SourceError(str(exc)) from None


def _open(kind: str, path: str | None) -> RecordSource:
    if not path:
        raise SourceError(f"--path is required for --source {kind}")
    return open_source(kind, path)


def whole_number(low: int, high: int | None = None) -> Any:
    """An argparse ``type``: a whole number from ``low`` (to ``high``), else a one-line error."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number {span}"
            ) from None
        return value

    return parse


def fraction(text: str) -> float:
    """An argparse ``type``: a number from 0 (included) to 1 (excluded)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to below 1")
    return value
