"""Fixtures of the dataset tests (helpers in dataset_fixtures.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dataset_fixtures import SYNTHETIC, make_records, make_sessions

from physassist_env.dataset import write_dataset
from physassist_env.fhir.record import PatientRecord
from physassist_env.scenarios.model import Session


@pytest.fixture
def sessions() -> list[Session]:
    return make_sessions()


@pytest.fixture
def records() -> list[PatientRecord]:
    return make_records()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One synthetic build shared by the read-only tests of a module."""
    out = tmp_path_factory.mktemp("build") / "physassistbench"
    write_dataset(
        out,
        make_sessions(),
        make_records(),
        source=SYNTHETIC,
        stats_extra={"seed": 7, "n_patients": 4},
    )
    return out
