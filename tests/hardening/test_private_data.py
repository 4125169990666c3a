"""Credentialed data at rest: private caches (0700/0600), `physassist cache --clear`, private builds."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from physassist_env.cli.main import main


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(scope="module")
def hospital(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from physassist_env.synth import generate_hospital

    path = tmp_path_factory.mktemp("hospital") / "h"
    generate_hospital(path, 3, 0, progress=False)
    return path


def test_table_cache_is_private_and_can_be_cleared(
    hospital: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from physassist_env.sources.mimic.source import MimicSource

    cache = tmp_path / "cache" / "mimic"
    src = MimicSource(hospital, cache_dir=cache, cache_threshold=0, buckets=2)
    assert len(list(src.records())) == 3
    tables = [p for p in cache.iterdir() if p.is_dir()]
    assert tables and _mode(cache) == 0o700
    files = [p for t in tables for p in t.rglob("*") if p.is_file()]
    assert files and all(_mode(t) == 0o700 for t in tables)
    assert all(_mode(f) == 0o600 for f in files), {f.name: oct(_mode(f)) for f in files}

    assert main(["cache", "--cache-dir", str(cache)]) == 0
    out = capsys.readouterr().out
    assert "0o700" in out and f"{len(tables)} cached table(s)" in out
    assert main(["cache", "--cache-dir", str(cache), "--clear"]) == 0
    assert "removed" in capsys.readouterr().out and not cache.exists()
    assert main(["cache", "--cache-dir", str(cache)]) == 0
    assert "no cache" in capsys.readouterr().out


def test_cache_clear_refuses_a_link(tmp_path: Path, capsys) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "keep").write_text("x")
    (tmp_path / "link").symlink_to(target)
    assert main(["cache", "--cache-dir", str(tmp_path / "link"), "--clear"]) == 2
    assert "not a plain folder" in capsys.readouterr().err
    assert (target / "keep").exists()


def test_mimic_derived_builds_are_private(tmp_path: Path) -> None:
    from physassist_env.paths import staged_output

    for private, dmode, fmode in ((True, 0o700, 0o600), (False, 0o755, 0o644)):
        out = tmp_path / f"out-{private}"
        with staged_output(out, private=private) as tmp:
            (tmp / "sessions").mkdir(parents=True)
            (tmp / "sessions" / "test.parquet").write_bytes(b"x")
        assert _mode(out) == dmode
        assert _mode(out / "sessions") == dmode
        assert _mode(out / "sessions" / "test.parquet") == fmode


WAIT_S = 120.0  # the most a killed process's guard may take to clean up


def _gone(path: Path) -> bool:
    deadline = time.monotonic() + WAIT_S
    while path.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return not path.exists()


def _dead(pid: int) -> bool:
    """Whether ``pid`` has exited (a zombie nobody reaped counts as exited)."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.02)
    return False


def _wait(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def _python(code: str, env: dict[str, str], *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_scratch_is_private_and_removed_on_every_exit_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from physassist_env.paths import scratch_dir
    from physassist_env.paths.scratch import OWNER, scratch_root

    monkeypatch.setenv("PHYSASSIST_CACHE", str(tmp_path / "cache"))
    with scratch_dir("t-") as folder:
        (folder / "record.pkl").write_bytes(b"x")
        assert _mode(scratch_root()) == 0o700 and _mode(folder) == 0o700
    assert not folder.exists()
    with pytest.raises(RuntimeError), scratch_dir("t-") as folder:
        raise RuntimeError("a failing build")
    assert not folder.exists()
    # killed with SIGKILL: the guard process removes it
    env = dict(os.environ, PHYSASSIST_CACHE=str(tmp_path / "cache"))
    proc = _python(
        """
        import sys
        from physassist_env.paths import scratch_dir
        with scratch_dir("t-") as folder:
            (folder / "record.pkl").write_bytes(b"MIMIC rows")
            print(folder, flush=True)
            sys.stdin.readline()
        """,
        env,
    )
    folder = Path(proc.stdout.readline().strip())
    assert (folder / "record.pkl").is_file()
    proc.kill()
    proc.wait(timeout=60)
    assert _gone(folder), f"{folder} survived the kill"
    # a scratch folder whose owner and guard are both gone: swept by the next user
    orphan = scratch_root() / "t-999999-dead"
    orphan.mkdir()
    (orphan / OWNER).write_text("")
    (orphan / "record.pkl").write_bytes(b"x")
    young = scratch_root() / "t-999998-making"  # no owner file yet: being made
    young.mkdir()
    old = scratch_root() / "t-999997-old"
    old.mkdir()
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    with scratch_dir("t-"):
        assert not orphan.exists() and not old.exists() and young.exists()


def test_build_workers_exit_when_the_build_is_killed(tmp_path: Path) -> None:
    env = dict(os.environ, PHYSASSIST_CACHE=str(tmp_path / "cache"))
    proc = _python(
        """
        import functools, os, sys
        from physassist_env.dataset import shards
        if __name__ == "__main__":
            pool = shards.start_pool(1)
            print(pool.submit(os.getpid).result(), flush=True)
            busy = "import pathlib, time; pathlib.Path(%r).touch(); time.sleep(3600)"
            pool.submit(functools.partial(exec, busy % sys.argv[1]))
            sys.stdin.readline()
        """,
        env,
        str(tmp_path / "busy"),
    )
    worker = int(proc.stdout.readline())
    _wait(lambda: (tmp_path / "busy").exists(), "the worker to be busy")
    assert not _dead_now(worker)
    proc.kill()
    proc.wait(timeout=60)
    assert _dead(worker), f"worker {worker} outlived the killed build"


def _dead_now(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


def test_mimic_demo_fhir_export_is_private_with_its_licence(
    mimic_demo_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PHYSASSIST_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "demo-fhir"
    args = ["export", "--format", "fhir-ndjson", "--source", "mimic-iv"]
    args += ["--path", str(mimic_demo_path), "--limit", "1", "--out", str(out)]
    assert main(args) == 0
    assert _mode(out) == 0o700 and (out / "LICENSE.txt").is_file()
    assert {_mode(p) for p in out.iterdir()} == {0o600}
    scratch = tmp_path / "cache" / "tmp"
    assert not scratch.exists() or not list(scratch.iterdir())


def test_runs_reports_and_sites_of_mimic_derived_data_are_private(
    built_dataset: Path, tmp_path: Path
) -> None:
    """One rule whatever the command: an evaluation of a MIMIC-derived dataset quotes its
    records, so its run folder, report and site are owner-only too."""
    import json
    import shutil

    ds = tmp_path / "mimic-like"
    shutil.copytree(built_dataset, ds)
    manifest = json.loads((ds / "physassist.json").read_text())
    manifest["mimic_derived"] = True  # as a build from MIMIC-IV writes it
    (ds / "physassist.json").write_text(json.dumps(manifest))
    run = tmp_path / "run"
    args = ["eval", "--agent", "no-tool", "--dataset", str(ds), "--limit", "1"]
    assert main([*args, "--no-progress", "--out", str(run)]) == 0
    assert _mode(run) == 0o700
    assert main(["report", str(run), "--out", str(tmp_path / "report")]) == 0
    assert main(["view", str(run), "--out", str(tmp_path / "site")]) == 0
    assert _mode(tmp_path / "report") == 0o700 and _mode(tmp_path / "site") == 0o700
    # a synthetic dataset's run stays as the umask makes it
    public = tmp_path / "public"
    assert main([*args, "--dataset", str(built_dataset), "--out", str(public)]) == 0
    assert _mode(public) & 0o077
