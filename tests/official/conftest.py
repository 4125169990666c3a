"""Fixtures for the official-format tests (invented release lines and a tiny MIMIC-IV)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from official_fixtures import write_mimic, write_release  # noqa: E402


@pytest.fixture(scope="module")
def tiny_mimic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The invented MIMIC-IV folder (patients 9001 and 9002)."""
    return write_mimic(tmp_path_factory.mktemp("mimic") / "mimic-iv")


@pytest.fixture()
def release(tmp_path: Path) -> Path:
    """A clean release folder (3 sessions)."""
    return write_release(tmp_path / "release")


@pytest.fixture()
def broken_release(tmp_path: Path) -> Path:
    """The release plus a truncated, a partial and an out-of-range line."""
    return write_release(tmp_path / "release", broken=True)
