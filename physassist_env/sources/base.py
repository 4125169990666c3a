"""What every record source provides, and its errors."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol, runtime_checkable

from physassist_env.fhir.record import PatientRecord


class SourceError(ValueError):
    """A source path or file cannot be read; the message names the file, row and column."""


@runtime_checkable
class RecordSource(Protocol):
    """A source of canonical patient records (MIMIC-IV tables, FHIR exports, ...).

    Implementations stream: memory must not grow with the size of the source tables,
    only with the data of the patients being produced.
    """

    name: str

    def patient_ids(self) -> list[str]:
        """All patient ids this source can produce, in a stable order."""
        ...

    def records(
        self, patient_ids: Iterable[str] | None = None
    ) -> Iterator[PatientRecord]:
        """Yield one :class:`PatientRecord` per patient (all, or those given, in order).

        Raises:
            SourceError: For unreadable files or unknown patient ids.
        """
        ...
