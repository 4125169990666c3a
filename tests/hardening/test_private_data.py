"""Credentialed data at rest: private caches (0700/0600), `physassist cache --clear`, private builds."""

from __future__ import annotations

import stat
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
