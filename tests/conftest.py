"""Shared test fixtures: offline settings and the open MIMIC-IV demo data in ../shared/data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"
MIMIC_DEMO = SHARED_DATA / "mimic-iv-demo-2.2"
MIMIC_FHIR_DEMO = SHARED_DATA / "mimic-iv-fhir-demo-2.1.0"


@pytest.fixture(scope="session")
def mimic_demo_path() -> Path:
    """The MIMIC-IV demo tables (CSV); skips when ../shared/data is absent."""
    if not (MIMIC_DEMO / "hosp" / "patients.csv.gz").exists():
        pytest.skip(
            f"MIMIC-IV demo not found at {MIMIC_DEMO} (open data kept outside the repo)"
        )
    return MIMIC_DEMO


@pytest.fixture(scope="session")
def mimic_fhir_demo_path() -> Path:
    """The MIMIC-IV-on-FHIR demo (NDJSON); skips when ../shared/data is absent."""
    if not (MIMIC_FHIR_DEMO / "fhir" / "MimicPatient.ndjson.gz").exists():
        pytest.skip(f"MIMIC-IV-on-FHIR demo not found at {MIMIC_FHIR_DEMO}")
    return MIMIC_FHIR_DEMO


@pytest.fixture(scope="session")
def synthetic_hospital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small synthetic hospital (40 patients, seed 0) in MIMIC-IV layout."""
    from physassist_env.synth import generate_hospital

    path = tmp_path_factory.mktemp("hospital") / "h"
    generate_hospital(path, 40, 0, progress=False)
    return path


@pytest.fixture(scope="session")
def synthetic_records(
    synthetic_hospital: Path, tmp_path_factory: pytest.TempPathFactory
) -> list:
    """The small hospital's canonical records."""
    from physassist_env.sources import open_source

    cache = tmp_path_factory.mktemp("mimic-cache")
    return list(open_source("mimic-iv", synthetic_hospital, cache_dir=cache).records())


@pytest.fixture(scope="session")
def synthetic_generated(synthetic_records: list):
    """Sessions generated (and gold-checked) for the small hospital, 2 test sessions per cell."""
    from physassist_env.scenarios.generate import generate_sessions

    return generate_sessions(synthetic_records, seed=0, test_per_cell=2, progress=False)


@pytest.fixture(scope="session")
def built_dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small synthetic build (40 patients, 2 test sessions per scenario x tier cell)."""
    from physassist_env.dataset.build import build_dataset

    out = tmp_path_factory.mktemp("built") / "physassistbench"
    build_dataset("synthetic", out, patients=40, test_per_cell=2, progress=False)
    return out
