"""Fixtures for the ``loaders/`` scripts: the small data they run on."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(REPO / "tests" / "official"))

from official_fixtures import write_mimic, write_release  # noqa: E402


@pytest.fixture(scope="module")
def fhir_export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny plain FHIR R4 bulk export (NDJSON per type, no MIMIC marks) of 12
    synthetic patients, with a log line an exporter writes."""
    from physassist_env.sources import open_source
    from physassist_env.synth import generate_hospital

    root = tmp_path_factory.mktemp("fhir")
    generate_hospital(root / "hospital", 12, 0, progress=False)
    by_type: dict[str, list[dict]] = defaultdict(list)
    for rec in open_source(
        "mimic-iv", root / "hospital", cache_dir=root / "c"
    ).records():
        for res in rec.resources:
            plain = {k: v for k, v in res.items() if k not in ("meta", "identifier")}
            by_type[plain["resourceType"]].append(plain)
    export = root / "export"
    export.mkdir()
    for rtype, resources in by_type.items():
        (export / f"{rtype}.ndjson").write_text(
            "".join(json.dumps(r) + "\n" for r in resources), encoding="utf-8"
        )
    (export / "log.ndjson").write_text('{"msg": "export done"}\n', encoding="utf-8")
    return export


@pytest.fixture(scope="module")
def official_release(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The invented release of ``tests/official`` (3 sessions, one broken line) and its
    tiny MIMIC-IV folder."""
    root = tmp_path_factory.mktemp("official")
    release = write_release(root / "release")
    with (release / "med_safety.jsonl").open("a", encoding="utf-8") as fh:
        fh.write('{"id": "broken"\n')
    return release, write_mimic(root / "mimic-iv")
