"""Writers never follow links, never hang on a FIFO, lock their run folder and lose nothing."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from physassist_env.evaluation import EvalConfig, read_episodes, run_eval
from physassist_env.evaluation.records import DAMAGED, EPISODES, read_config
from physassist_env.paths import (
    FolderLockedError,
    RunLock,
    UnsafePathError,
    open_safe,
    read_bytes_safe,
)

CLI = [sys.executable, "-m", "physassist_env.cli.main"]


def _config(dataset: Path, run_id: str = "r", limit: int = 2) -> EvalConfig:
    return EvalConfig(
        run_id=run_id,
        dataset=str(dataset),
        agent={"name": "no-tool", "args": {}},
        languages=["en"],
        limit=limit,
        concurrency=1,
    )


def test_open_safe_refuses_hard_links_before_truncating(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    root = tmp_path / "out"
    root.mkdir()
    os.link(victim, root / "report.md")
    for mode in ("w", "a"):
        with pytest.raises(UnsafePathError, match="hard links"):
            open_safe(root, "report.md", mode)
    assert victim.read_text() == "precious"


def test_open_safe_and_read_refuse_a_fifo_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "config.json")
    with pytest.raises(UnsafePathError, match="not a plain file"):
        open_safe(tmp_path, "config.json", "w")
    with pytest.raises(UnsafePathError, match="not a plain file"):
        read_bytes_safe(tmp_path / "config.json")


def test_symlinked_episodes_file_is_neither_read_nor_truncated(
    built_dataset: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.jsonl"
    outside.write_bytes(b"not an episode\n{cut")
    run = tmp_path / "run"
    run.mkdir()
    (run / EPISODES).symlink_to(outside)
    with pytest.raises(UnsafePathError):
        run_eval(_config(built_dataset), run, progress=False)
    assert outside.read_bytes() == b"not an episode\n{cut"


def test_hard_links_in_eval_and_synth_folders_are_refused(
    built_dataset: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep me\n")
    run = tmp_path / "run"
    run.mkdir()
    os.link(victim, run / EPISODES)
    with pytest.raises(UnsafePathError, match="hard links"):
        run_eval(_config(built_dataset), run, progress=False)
    (run / EPISODES).unlink()
    run_eval(_config(built_dataset), run, progress=False)
    from physassist_env.evaluation.report import build_report, write_report

    report = tmp_path / "report"
    report.mkdir()
    for name in ("report.md", "pass_rates.png"):
        os.link(victim, report / name)
        with pytest.raises(UnsafePathError, match="hard links"):
            write_report(build_report([run], n_boot=10), report)
        (report / name).unlink()
    from physassist_env.synth import generate_hospital

    out = tmp_path / "hospital"
    (out / "hosp").mkdir(parents=True)
    os.link(victim, out / "hosp" / "patients.csv.gz")
    with pytest.raises(UnsafePathError, match="hard links"):
        generate_hospital(out, 2, 0, progress=False)
    assert victim.read_bytes() == b"keep me\n"


def test_a_damaged_middle_line_is_quarantined_and_later_lines_kept(
    built_dataset: Path, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    run_eval(_config(built_dataset, limit=3), run, progress=False)
    lines = (run / EPISODES).read_bytes().splitlines(keepends=True)
    assert len(lines) == 3
    (run / EPISODES).write_bytes(lines[0] + b'{"damaged": tru\n' + lines[1] + lines[2])
    assert len(read_episodes(run)) == 3  # readers skip it, keep what follows
    records = run_eval(_config(built_dataset, limit=3), run, progress=False)
    assert len(records) == 3
    assert (run / EPISODES).read_bytes() == b"".join(lines)  # nothing re-run
    assert (run / DAMAGED).read_bytes() == b'{"damaged": tru\n'


def test_a_second_writer_gets_an_error_naming_the_holder(
    built_dataset: Path, tmp_path: Path
) -> None:
    run = tmp_path / "run"
    with RunLock(run):
        with pytest.raises(FolderLockedError, match=f"pid.: {os.getpid()}"):
            run_eval(_config(built_dataset), run, progress=False)
        res = subprocess.run(
            CLI
            + [
                "eval",
                "--agent",
                "no-tool",
                "--dataset",
                str(built_dataset),
                "--limit",
                "1",
                "--no-progress",
                "--out",
                str(run),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert res.returncode == 1 and "in use by another writer" in res.stderr
    assert "Traceback" not in res.stderr and str(os.getpid()) in res.stderr
    assert not (run / EPISODES).exists()
    assert len(run_eval(_config(built_dataset), run, progress=False)) == 2


def test_a_moved_run_folder_resumes_as_the_same_run(
    built_dataset: Path, tmp_path: Path
) -> None:
    first = tmp_path / "first"
    run_eval(_config(built_dataset, run_id="first"), first, progress=False)
    lines = (first / EPISODES).read_bytes().splitlines(keepends=True)
    (first / EPISODES).write_bytes(lines[0])  # as if interrupted after one episode
    moved = tmp_path / "moved"
    first.rename(moved)
    records = run_eval(_config(built_dataset, run_id="moved"), moved, progress=False)
    assert len(records) == 2
    assert read_config(moved).run_id == "first"
    assert all(t.result.run_id == "first" for r in records for t in r.turns)


def test_a_failed_write_keeps_every_saved_episode(
    built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from physassist_env.evaluation import runner

    real = runner.append_episode
    calls = {"n": 0}

    def full_disk(run: Path, record) -> None:
        calls["n"] += 1
        if calls["n"] > 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(run / EPISODES))
        real(run, record)

    monkeypatch.setattr(runner, "append_episode", full_disk)
    run = tmp_path / "run"
    with pytest.raises(
        runner.RunWriteError, match="2 episode.s. of this session were saved"
    ):
        run_eval(_config(built_dataset, limit=4), run, progress=False)
    assert len(read_episodes(run)) == 2
    monkeypatch.setattr(runner, "append_episode", real)
    assert len(run_eval(_config(built_dataset, limit=4), run, progress=False)) == 4


def test_os_errors_are_one_line_and_a_non_zero_exit(
    built_dataset: Path, tmp_path: Path
) -> None:
    fifo_run = tmp_path / "fifo"
    fifo_run.mkdir()
    os.mkfifo(fifo_run / "config.json")
    base = CLI + [
        "eval",
        "--agent",
        "no-tool",
        "--dataset",
        str(built_dataset),
        "--limit",
        "1",
        "--no-progress",
        "--out",
    ]
    res = subprocess.run(
        base + [str(fifo_run)], capture_output=True, text=True, timeout=300
    )
    assert res.returncode != 0 and "not a plain file" in res.stderr
    assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) == 1
    if os.geteuid() == 0:
        return  # root writes into read-only folders
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    res = subprocess.run(base + [str(ro)], capture_output=True, text=True, timeout=300)
    assert res.returncode != 0 and "Permission denied" in res.stderr
    assert "Traceback" not in res.stderr
