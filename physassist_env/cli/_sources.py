"""Record sources shared by ``physassist ehr`` and ``physassist serve-fhir``.

``synthetic`` is the embedded synthetic hospital as the benchmark uses it: the patients
of the default dataset (built on first use, as ``physassist eval`` does), or of the
build folder given with ``--path``, read one patient at a time
(:class:`~physassist_env.dataset.patients.PatientTable`). The other kinds are
:data:`SOURCE_KINDS`.
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from physassist_env.fhir.record import PatientRecord
from physassist_env.sources import (
    SOURCE_KINDS,
    RecordSource,
    SourceError,
    open_source,
)

if TYPE_CHECKING:
    from physassist_env.dataset.patients import PatientTable
    from physassist_env.ehr import FhirStore

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
    from physassist_env.dataset.default import default_dataset_path

    return str(default_dataset_path(progress=progress))


def patient_ids(kind: str, path: str | None, *, progress: bool = True) -> list[str]:
    """The patient ids of a source (for ``synthetic``, read without decoding any record).

    Raises:
        SourceError: Unknown kind, missing ``--path`` or an unreadable source.
    """
    if kind == "synthetic":
        return _table(path, progress).patient_ids()
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
        table = _table(path, progress)
        wanted = table.patient_ids() if ids is None else list(ids)
        _check_known(table, wanted)
        return [table.record(i) for i in wanted]
    return list(_open(kind, path).records(None if ids is None else list(ids)))


def store(
    kind: str, path: str | None, ids: Iterable[str] | None, *, progress: bool = True
) -> FhirStore:
    """A store of ``ids`` (``None``: every patient) of a source. For ``synthetic`` it
    reads each patient when first asked for (:class:`~physassist_env.ehr.lazy.LazyFhirStore`);
    the other kinds are read whole.

    Raises:
        SourceError: As :func:`records`.
    """
    from physassist_env.ehr import FhirStore
    from physassist_env.ehr.lazy import LazyFhirStore

    if kind == "synthetic":
        table = _table(path, progress)
        wanted = None if ids is None else list(ids)
        if wanted is not None:
            _check_known(table, wanted)
        return LazyFhirStore(table, patients=wanted)
    return FhirStore.from_records(records(kind, path, ids, progress=progress))


def _table(path: str | None, progress: bool) -> PatientTable:
    from physassist_env.dataset.patients import PatientTable

    folder = _open_dataset(path, progress)
    try:
        return PatientTable(folder)
    except (FileNotFoundError, ValueError) as exc:
        raise SourceError(str(exc)) from None


def _check_known(table: PatientTable, wanted: list[str]) -> None:
    missing = [i for i in wanted if i not in table]
    if missing:
        raise SourceError(
            f"no patient {', '.join(missing)} in the synthetic dataset; "
            "list the ids with --list-patients"
        )


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
