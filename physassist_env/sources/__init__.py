"""Record sources: everything that turns patient data into canonical FHIR records.

Use :func:`open_source` to get a source by name; each source implements
:class:`~physassist_env.sources.base.RecordSource`.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from physassist_env.sources.base import RecordSource, SourceError
from physassist_env.sources.fhir_export import FhirExportSource
from physassist_env.sources.mimic import MimicSource

SOURCE_KINDS = ("mimic-iv", "fhir")


def open_source(kind: str, path: str | Path, **options: Any) -> RecordSource:
    """Open a record source by name.

    Args:
        kind: ``"mimic-iv"`` (MIMIC-IV tables: ``hosp/``, ``icu/``, optional ``note/``)
            or ``"fhir"`` (FHIR R4 NDJSON files or Bundles).
        path: The folder (or file, for ``fhir``) to read.
        **options: Passed to the source's constructor.

    Raises:
        SourceError: For an unknown kind (with a suggestion) or an unreadable path.
    """
    if kind == "mimic-iv":
        return MimicSource(path, **options)
    if kind == "fhir":
        return FhirExportSource(path, **options)
    hint = difflib.get_close_matches(kind, SOURCE_KINDS, n=1)
    suggestion = f" Did you mean {hint[0]!r}?" if hint else ""
    raise SourceError(
        f"unknown source {kind!r}; choose one of {', '.join(SOURCE_KINDS)}.{suggestion}"
    )


__all__ = ["SOURCE_KINDS", "RecordSource", "SourceError", "open_source"]
