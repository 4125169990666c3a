"""Fixtures over the hand-written record in ``ehr_fixtures``."""

from __future__ import annotations

import pytest
from ehr_fixtures import PID, make_record

from physassist_env.ehr import EhrToolkit, FhirStore
from physassist_env.fhir import PatientRecord


@pytest.fixture()
def record() -> PatientRecord:
    return make_record()


@pytest.fixture()
def store(record: PatientRecord) -> FhirStore:
    return FhirStore.from_records([record])


@pytest.fixture()
def toolkit(store: FhirStore) -> EhrToolkit:
    """Tools for p1 on 2180-01-05 (during/after the first admission, before the second)."""
    return EhrToolkit(store.view(PID, as_of="2180-01-04"))
