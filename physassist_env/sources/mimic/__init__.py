"""MIMIC-IV (hosp/, icu/, optional note/) as canonical FHIR R4 patient records.

* :class:`MimicSource` — the :class:`~physassist_env.sources.base.RecordSource`.
* :class:`PatientCriteria` — patient selection.
* :func:`ingest_table` — the streaming CSV -> hash-bucketed Parquet pass (benchmarkable).
* :func:`parse_discharge_sections` — discharge-summary sections by heading.
"""

from __future__ import annotations

from physassist_env.sources.mimic.notes import (
    DISCHARGE_SECTIONS,
    parse_allergies,
    parse_discharge_sections,
    radiology_impression,
)
from physassist_env.sources.mimic.source import MimicSource, PatientCriteria
from physassist_env.sources.mimic.tables import IngestStats, ingest_table, iter_batches

__all__ = [
    "DISCHARGE_SECTIONS",
    "IngestStats",
    "MimicSource",
    "PatientCriteria",
    "ingest_table",
    "iter_batches",
    "parse_allergies",
    "parse_discharge_sections",
    "radiology_impression",
]
