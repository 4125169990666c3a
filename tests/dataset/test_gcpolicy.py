"""The build's garbage-collector thresholds are set for the block and restored after."""

from __future__ import annotations

import gc

import pytest

from physassist_env.dataset.gcpolicy import BUILD_THRESHOLDS, build_gc


def test_build_gc_sets_and_restores_thresholds() -> None:
    old = gc.get_threshold()
    try:
        gc.set_threshold(321, 7, 5)
        with build_gc():
            assert gc.get_threshold() == BUILD_THRESHOLDS
            with build_gc():  # nested (a build running shards in process)
                assert gc.get_threshold() == BUILD_THRESHOLDS
            assert gc.get_threshold() == BUILD_THRESHOLDS
        assert gc.get_threshold() == (321, 7, 5)
        with pytest.raises(RuntimeError), build_gc():
            raise RuntimeError("a failed build")
        assert gc.get_threshold() == (321, 7, 5)
    finally:
        gc.set_threshold(*old)
