"""Fixtures: a store of the two patients in :mod:`fhir_records`, and live servers over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fhir_records import AS_OF, make_records

from physassist_env.ehr import FhirStore
from physassist_env.server import BackgroundServer, create_app


@pytest.fixture(scope="session")
def store() -> FhirStore:
    return FhirStore.from_records(make_records())


@pytest.fixture()
def server(store: FhirStore) -> Iterator[BackgroundServer]:
    """A fresh server (empty overlay), no date gate, pages of 3 so paging is exercised."""
    with BackgroundServer(create_app(store, page_size=3)) as srv:
        yield srv


@pytest.fixture()
def gated_server(store: FhirStore) -> Iterator[BackgroundServer]:
    """A fresh server gated at :data:`AS_OF`."""
    with BackgroundServer(create_app(store, as_of=AS_OF, page_size=3)) as srv:
        yield srv
