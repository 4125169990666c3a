"""``physassist build --source official``: the release + the user's MIMIC-IV -> a dataset folder.

It lives in :mod:`physassist_env.dataset` (it writes a dataset) and reads the release through
:mod:`physassist_env.official`, which sits below the dataset layer."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from physassist_env.dataset.licensing import SourceInfo, SourceKind
from physassist_env.dataset.writer import DatasetInfo, write_dataset
from physassist_env.official.importer import import_official
from physassist_env.official.schema import Problem
from physassist_env.scenarios.generate import Generated
from physassist_env.sources.base import SourceError

log = logging.getLogger(__name__)


@dataclass
class OfficialBuild(Generated):
    """:class:`Generated` plus the problems the import found (line and field)."""

    problems: list[Problem] = field(default_factory=list)


def build_official(
    path: str | os.PathLike[str] | None,
    mimic: str | os.PathLike[str] | None,
    out: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    seed: int = 0,
) -> tuple[DatasetInfo, OfficialBuild]:
    """Import the release and write it as a dataset (``SourceKind.OFFICIAL``: never pushable).

    Sessions whose patient is not in the MIMIC-IV folder are left out (each is a problem);
    everything else that loaded is written. ``seed`` seeds the sessions' opaque,
    agent-visible ids (the release's ids, which name the scenario, stay grader-only).

    Raises:
        SourceError: ``path`` or ``mimic`` missing, or nothing could be imported.
    """
    if path is None:
        raise SourceError(
            "--path (the folder with the release's JSONL files) is required for --source official"
        )
    if mimic is None:
        raise SourceError(
            "--mimic (your MIMIC-IV folder with hosp/ and icu/) is required for --source official: "
            "the release holds no patient data"
        )
    try:
        sessions, records, problems = import_official(path, mimic, seed=seed)
    except FileNotFoundError as exc:
        raise SourceError(str(exc)) from None
    by_id = {r.patient_id: r for r in records}
    kept = []
    for s in sessions:
        if s.patient_id in by_id:
            kept.append(s)
        else:
            problems.append(
                Problem(
                    "",
                    0,
                    "subject_id",
                    f"session {s.release_id} skipped: no record for patient {s.patient_id}",
                )
            )
    if not kept:
        raise SourceError(
            f"no session of {path} could be imported ({len(problems)} problems): "
            + "; ".join(str(p) for p in problems[:5])
        )
    info = SourceInfo(
        kind=SourceKind.OFFICIAL,
        name="PhysAssistBench official release (MIMIC-IV derived)",
        description="Sessions imported from the authors' released JSONL; records from the user's MIMIC-IV.",
    )
    manifest = write_dataset(
        Path(out).expanduser(),
        kept,
        [by_id[p] for p in sorted({s.patient_id for s in kept})],
        source=info,
        stats_extra={
            "source": "official",
            "import_problems": len(problems),
            "sessions_in_release": len(sessions),
        },
        overwrite=overwrite,
    )
    generated = OfficialBuild(
        sessions=kept,
        records={p: by_id[p] for p in {s.patient_id for s in kept}},
        problems=problems,
    )
    log.info("imported %d sessions (%d problems)", len(kept), len(problems))
    return manifest, generated
