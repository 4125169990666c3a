"""Build outputs: locked, never silently replacing another build or a user's files, and a
replacement killed half-way is completed by the next writer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from dataset_fixtures import SYNTHETIC, make_records, make_sessions

from physassist_env.dataset import SourceInfo, SourceKind, write_dataset
from physassist_env.dataset.writer import MANIFEST
from physassist_env.paths import FolderLockedError, OutputLock
from physassist_env.paths.locks import lock_path
from physassist_env.paths.outputs import recover

CLI = [sys.executable, "-m", "physassist_env.cli.main"]
WAIT_S = 300.0  # the most a condition may take to come true on a loaded machine


def _wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def _holder_is(out: Path, pid: int) -> bool:
    try:
        return f'"pid": {pid}' in lock_path(out).read_text()
    except FileNotFoundError:
        return False


def test_overwrite_refuses_to_delete_user_files(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    (out / "my_notes.md").write_text("keep me")
    (out / "results").mkdir()
    (out / "results" / "eval.json").write_text("{}")
    before = sorted(p.name for p in out.rglob("*"))
    with pytest.raises(FileExistsError) as err:
        write_dataset(
            out, make_sessions(), make_records(), source=SYNTHETIC, overwrite=True
        )
    message = str(err.value)
    assert "my_notes.md" in message and "results/eval.json" in message
    assert "\n" not in message and "move them out" in message
    assert sorted(p.name for p in out.rglob("*")) == before
    assert (out / "my_notes.md").read_text() == "keep me"


def test_a_second_writer_of_the_same_folder_fails_at_once(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    with OutputLock(out):
        code = textwrap.dedent(
            f"""
            from dataset_fixtures import SYNTHETIC, make_records, make_sessions
            from physassist_env.dataset import write_dataset
            write_dataset({str(out)!r}, make_sessions(), make_records(), source=SYNTHETIC)
            """
        )
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        res = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            timeout=300,
        )
        assert res.returncode != 0
        assert "FolderLockedError" in res.stderr
        assert f'"pid": {os.getpid()}' in res.stderr  # names the holder
        assert not out.exists()
    # re-entrant in one thread: a build holds the lock and its writer takes it again
    with OutputLock(out), OutputLock(out):
        write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    assert not lock_path(out).exists()  # released and removed


def test_two_builds_into_one_folder_cannot_both_succeed(tmp_path: Path) -> None:
    out = tmp_path / "ds"
    args = ["build", "--patients", "12", "--test-per-cell", "1", "--workers", "1"]
    args += ["--no-progress", "--out", str(out)]
    first = subprocess.Popen(
        CLI + args, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        _wait_for(lambda: _holder_is(out, first.pid), "the first build to lock")
        first.send_signal(signal.SIGSTOP)  # the first build is mid-way, for sure
        second = subprocess.run(
            CLI + args, cwd=tmp_path, capture_output=True, text=True, timeout=300
        )
    finally:
        first.send_signal(signal.SIGCONT)
    _, err = first.communicate(timeout=600)
    assert first.returncode == 0, err.decode()
    assert second.returncode == 1
    assert "being written by another process" in second.stderr
    assert f'"pid": {first.pid}' in second.stderr
    assert len(second.stderr.strip().splitlines()) == 1
    assert (out / MANIFEST).is_file()


DEFAULT_USER = textwrap.dedent(
    """
    import os, sys
    import physassist_env.dataset.build as build

    build.DEFAULT_PATIENTS = 12  # a small default, same code path
    real = build.build_dataset

    def counted(*args, **kwargs):
        with open(sys.argv[1], "a") as fh:
            fh.write(f"{os.getpid()}\\n")
        return real(*args, **kwargs)

    if __name__ == "__main__":  # not in the build's spawned workers
        build.build_dataset = counted
        print(build.default_dataset(progress=False), flush=True)
    """
)


def test_two_first_uses_of_the_default_build_it_once(tmp_path: Path) -> None:
    env = dict(os.environ, PHYSASSIST_CACHE=str(tmp_path / "cache"))
    builds = tmp_path / "builds.txt"

    def start() -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-c", DEFAULT_USER, str(builds)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    from physassist_env.dataset import build

    build_dir = tmp_path / "cache" / "datasets"
    first = start()
    try:
        _wait_for(lambda: builds.exists(), "the first process to start building")
        first.send_signal(signal.SIGSTOP)
        folder = next(
            p for p in build_dir.iterdir() if p.name.endswith(".lock")
        ).name.removeprefix(".")
        folder = folder.removesuffix(".lock")
        second = start()
        # the second one says it waits (an event on its stderr), then the first goes on
        line = second.stderr.readline()
        assert "waiting for another process" in line and f'"pid": {first.pid}' in line
    finally:
        first.send_signal(signal.SIGCONT)
    out1, err1 = first.communicate(timeout=600)
    out2, err2 = second.communicate(timeout=600)
    assert first.returncode == 0, err1
    assert second.returncode == 0, err2
    assert out1.strip() == out2.strip() == str(build_dir / folder)
    assert builds.read_text().split() == [str(first.pid)]  # built once
    assert (build_dir / folder / MANIFEST).is_file()
    assert build.DEFAULT_PATIENTS == 1000  # this process was not changed


def test_an_interrupted_swap_is_completed_by_the_next_writer(tmp_path: Path) -> None:
    """Without an atomic exchange a swap is two renames; killed between them, the output
    is missing and the old copy aside: the next writer puts it back, then replaces it."""
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    manifest = (out / MANIFEST).read_bytes()
    aside = tmp_path / ".ds.old-4242-0123abcd"
    out.rename(aside)  # the state a kill between the renames leaves
    staged = tmp_path / ".ds.tmp-deadbeef"
    staged.mkdir()
    (staged / "half.parquet").write_bytes(b"cut")
    note = recover(out)
    assert note and "restored" in note
    assert (out / MANIFEST).read_bytes() == manifest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]
    # the same state, then a writer with --overwrite: the old one back, then replaced
    out.rename(aside)
    fewer = [s for s in make_sessions() if s.split != "validation"]
    write_dataset(out, fewer, make_records(), source=SYNTHETIC, overwrite=True)
    assert "validation" not in (out / MANIFEST).read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]


def test_the_two_rename_swap_is_old_or_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the atomic exchange is missing, the replacement still ends whole."""
    from physassist_env.paths import outputs

    monkeypatch.setattr(outputs, "_exchange", lambda a, b: False)
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    fewer = [s for s in make_sessions() if s.split != "validation"]
    write_dataset(out, fewer, make_records(), source=SYNTHETIC, overwrite=True)
    assert "validation" not in (out / MANIFEST).read_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ds"]


def test_links_around_a_build_are_refused(tmp_path: Path) -> None:
    from physassist_env.paths import UnsafePathError

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "link").symlink_to(elsewhere)
    with pytest.raises(UnsafePathError, match="symbolic link"):
        write_dataset(
            tmp_path / "link", make_sessions(), make_records(), source=SYNTHETIC
        )
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=SYNTHETIC)
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (out / "README.md").unlink()
    (out / "README.md").symlink_to(victim)
    with pytest.raises(UnsafePathError, match="README.md"):
        write_dataset(
            out, make_sessions(), make_records(), source=SYNTHETIC, overwrite=True
        )
    assert victim.read_text() == "precious" and not list(elsewhere.iterdir())


def test_mimic_derived_outputs_are_owner_only(tmp_path: Path) -> None:
    import stat

    mimic = SourceInfo(kind=SourceKind.MIMIC_IV_DEMO, name="MIMIC-IV demo")
    out = tmp_path / "ds"
    write_dataset(out, make_sessions(), make_records(), source=mimic)
    modes = {
        p.relative_to(out).as_posix(): stat.S_IMODE(p.stat().st_mode)
        for p in out.rglob("*")
    }
    assert stat.S_IMODE(out.stat().st_mode) == 0o700
    assert all(
        m == (0o700 if (out / rel).is_dir() else 0o600) for rel, m in modes.items()
    ), modes
    # the official export of such a dataset is owner-only too (one rule for every format)
    from physassist_env.cli.main import main

    release = tmp_path / "release"
    assert (
        main(["export", "--dataset", str(out), "--split", "all", "--out", str(release)])
        == 0
    )
    assert stat.S_IMODE(release.stat().st_mode) == 0o700
    assert {stat.S_IMODE(p.stat().st_mode) for p in release.iterdir()} == {0o600}


def test_output_lock_wait_and_fail(tmp_path: Path) -> None:
    out = tmp_path / "x"
    code = textwrap.dedent(
        f"""
        import sys
        from physassist_env.paths import OutputLock
        with OutputLock({str(out)!r}):
            print("locked", flush=True)
            sys.stdin.readline()
        """
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    holder = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(FolderLockedError, match=f'"pid": {holder.pid}'):
            with OutputLock(out):
                pass
    finally:
        holder.stdin.close()  # the holder lets go
    lock = OutputLock(out, wait=True)
    with lock:
        assert _holder_is(out, os.getpid())
    holder.wait(timeout=60)
    assert not lock_path(out).exists()
