"""A build killed part-way goes on from its finished shards: the same bytes as a build
that never stopped, without rebuilding the finished patients (issue #40)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from physassist_env.cli.main import main
from physassist_env.dataset import build as build_module
from physassist_env.dataset import shards
from physassist_env.dataset.build import build_dataset
from physassist_env.dataset.checkpoint import ShardCheckpoint, partial_folder

#: 12 synthetic patients in 4 shards of 3, built in this process (no hospital in parts)
KW = {"patients": 12, "test_per_cell": 1, "progress": False}
SHARD = 3


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(autouse=True)
def small_shards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "SHARD_PATIENTS", SHARD)


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The digest of an uninterrupted build."""
    out = tmp_path_factory.mktemp("ref") / "ref"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(shards, "SHARD_PATIENTS", SHARD)
        build_dataset("synthetic", out, workers=1, **KW)
    assert not partial_folder(out).exists()  # a finished build leaves nothing behind
    return _digest(out)


@pytest.fixture
def built_patients(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Patient ids whose candidate sessions this process builds, in order."""
    seen: list[str] = []
    real = shards.candidate_sessions

    def counting(record, *args, **kwargs):
        seen.append(record.patient_id)
        return real(record, *args, **kwargs)

    monkeypatch.setattr(shards, "candidate_sessions", counting)
    return seen


def _kill_after(monkeypatch: pytest.MonkeyPatch, n_saved: int) -> None:
    """Interrupt the build (as Ctrl-C would) right after its ``n_saved``-th shard is kept."""
    real = ShardCheckpoint.save
    calls = {"n": 0}

    def save(self, index, got):
        real(self, index, got)
        calls["n"] += 1
        if calls["n"] == n_saved:
            raise KeyboardInterrupt

    monkeypatch.setattr(ShardCheckpoint, "save", save)


def _interrupted_build(
    monkeypatch: pytest.MonkeyPatch, out: Path, n_saved: int, **kw: object
) -> None:
    """A build into ``out`` stopped (as by Ctrl-C) after its ``n_saved``-th shard."""
    with monkeypatch.context() as mp:
        _kill_after(mp, n_saved)
        with pytest.raises(KeyboardInterrupt):
            build_dataset("synthetic", out, workers=1, **{**KW, **kw})


def test_an_interrupted_build_resumes_to_the_same_bytes(
    reference: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    built_patients: list[str],
) -> None:
    out = tmp_path / "b"
    _interrupted_build(monkeypatch, out, 2)
    kept = sorted(p.name for p in partial_folder(out).glob("shard-*.pkl"))
    assert kept == ["shard-000000.pkl", "shard-000001.pkl"]
    first_run = list(built_patients)
    built_patients.clear()
    build_dataset("synthetic", out, workers=1, **KW)
    assert _digest(out) == reference
    # the second run built only the two unfinished shards' patients
    assert len(built_patients) == 2 * SHARD
    assert not set(built_patients) & set(first_run[: 2 * SHARD])
    assert not partial_folder(out).exists()


@pytest.mark.parametrize("damage", [b"not a pickle", b"", b"\x80\x05N."])
def test_a_damaged_shard_is_named_and_built_again(
    reference: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    built_patients: list[str],
    caplog: pytest.LogCaptureFixture,
    damage: bytes,
) -> None:
    """A kept shard that does not read back (garbage, emptied, a pickle of something
    else) is named in a warning and its patients are built again: the same bytes."""
    out = tmp_path / "b"
    _interrupted_build(monkeypatch, out, 2)
    bad = partial_folder(out) / "shard-000001.pkl"
    bad.write_bytes(damage)
    built_patients.clear()
    with caplog.at_level("WARNING", logger="physassist_env.dataset.checkpoint"):
        build_dataset("synthetic", out, workers=1, **KW)
    assert str(bad) in caplog.text and "built again" in caplog.text
    assert len(built_patients) == 3 * SHARD  # the damaged shard and the two unfinished
    assert _digest(out) == reference


def test_resume_with_worker_processes_reads_reused_patients_again(
    reference: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Shards finished in one process, the rest by worker processes: the writer reads
    the reused shards' records again from the source; the same bytes."""
    out = tmp_path / "b"
    _interrupted_build(monkeypatch, out, 1)
    with caplog.at_level("INFO", logger="physassist_env.dataset.build"):
        build_dataset("synthetic", out, workers=2, **KW)
    assert "resuming: 1 of 4 shards" in caplog.text
    assert _digest(out) == reference
    assert not partial_folder(out).exists()


def test_shards_of_another_build_are_discarded(
    reference: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    built_patients: list[str],
) -> None:
    out = tmp_path / "b"
    _interrupted_build(monkeypatch, out, 2, seed=1)
    built_patients.clear()
    build_dataset("synthetic", out, workers=1, **KW)  # another seed: nothing reused
    assert len(built_patients) == KW["patients"]
    assert _digest(out) == reference


def test_a_failed_build_leaves_no_shards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args, **kwargs):
        raise ValueError("no split possible")

    monkeypatch.setattr(build_module, "assign_splits", fail)
    out = tmp_path / "b"
    with pytest.raises(ValueError, match="no split possible"):
        build_dataset("synthetic", out, workers=1, **KW)
    assert not partial_folder(out).exists()


def test_cli_says_what_it_kept_and_no_resume_starts_afresh(
    reference: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    built_patients: list[str],
) -> None:
    out = tmp_path / "b"
    argv = [
        "build",
        "--patients",
        "12",
        "--test-per-cell",
        "1",
        "--workers",
        "1",
        "--no-progress",
        "--out",
        str(out),
    ]
    with monkeypatch.context() as mp:
        _kill_after(mp, 3)
        assert main(argv) == 130
    err = capsys.readouterr().err
    assert "interrupted; 3 finished shard(s)" in err and "run the same command" in err
    built_patients.clear()
    assert main([*argv, "--no-resume"]) == 0
    assert len(built_patients) == KW["patients"]  # nothing reused
    assert _digest(out) == reference
    err = capsys.readouterr().err
    assert "patients: 12 in the source" in err and "from shards an earlier" not in err


def test_patient_summary_counts_reasons_and_reused_shards() -> None:
    from collections import Counter

    from physassist_env.dataset.account import DataAccount
    from physassist_env.dataset.build import patient_summary

    account = DataAccount(unmet=Counter({"none": 5, "an admission": 2}), n_patients=7)
    lines = patient_summary(10, {"1", "2", "3", "8"}, account, reused={"8", "9", "10"})
    assert lines[0] == "patients: 10 in the source, 4 with sessions, 6 without"
    assert "3 of them from shards an earlier run finished" in lines[1]
    assert "without a session: 2 lack an admission" in lines[2]
    # 5 read patients had the data; 3 of them gave sessions
    assert lines[3].endswith("2 have the data but met no scenario's checks")
