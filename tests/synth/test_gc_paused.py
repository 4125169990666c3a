"""`generate_hospital` pauses the cyclic garbage collector: the generator makes no cycles."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from physassist_env.synth import hospital
from physassist_env.synth.patient import Ids, PatientGenerator
from physassist_env.synth.rng import SynthRng


def test_generating_patients_leaves_no_cyclic_garbage() -> None:
    """Reference counting frees every row of a patient: a collection after generating
    patients with the collector off finds nothing (what makes pausing it safe)."""
    ids = Ids()
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for i in range(4):
            PatientGenerator(SynthRng(3, i), 90000001 + i, ids).generate()
        found = gc.collect()
    finally:
        if enabled:
            gc.enable()
    assert found == 0


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_paused_while_generating_and_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    seen = []
    generate = PatientGenerator.generate

    def spy(self: PatientGenerator):  # noqa: ANN202
        seen.append(gc.isenabled())
        return generate(self)

    monkeypatch.setattr(PatientGenerator, "generate", spy)
    monkeypatch.setattr(hospital, "GC_EVERY", 2)
    before = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        hospital.generate_hospital(tmp_path / "h", 3, 0, progress=False)
        after = gc.isenabled()
    finally:
        (gc.enable if before else gc.disable)()
    assert seen == [False, False, False]
    assert after is enabled
