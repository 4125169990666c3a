"""Fixtures over the hand-written records in patient_fixtures.py."""

from __future__ import annotations

import pytest
from patient_fixtures import fixture_memory, make_hf_record, make_pna_record

from physassist_env.fhir import PatientRecord
from physassist_env.patient.models import PatientMemory


@pytest.fixture()
def hf_record() -> PatientRecord:
    return make_hf_record()


@pytest.fixture()
def pna_record() -> PatientRecord:
    return make_pna_record()


@pytest.fixture()
def hf_memory() -> PatientMemory:
    return fixture_memory("hf1")


@pytest.fixture()
def pna_memory() -> PatientMemory:
    return fixture_memory("pna1")
