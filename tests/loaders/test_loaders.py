"""The ``loaders/`` scripts: each builds its source with ``build_dataset`` and loads the
folder back with ``datasets.load_dataset``, on the small data the tests already use."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from loader_scripts import REPO, load_script

from physassist_env.dataset import read_manifest


def _loaded(folder: Path, cache: Path) -> dict[str, int]:
    """Sessions per split as ``datasets.load_dataset`` reads the folder."""
    import datasets

    ds = datasets.load_dataset(str(folder), "sessions", cache_dir=str(cache))
    return {split: len(ds[split]) for split in ds}


def _table(out: str) -> dict[str, int]:
    """Sessions per split from the summary's table."""
    lines = out.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("split "))
    rows = {}
    for line in lines[start + 1 :]:
        parts = line.split()
        if len(parts) != 4 or not parts[1].isdigit():
            break
        rows[parts[0]] = int(parts[1])
    return rows


def _run(name: str, argv: list[str]) -> Path:
    mod = load_script(name)
    return mod.main(*mod.make_parser().parse_args_and_config(argv))


def test_synthetic_script_with_config_file(tmp_path: Path) -> None:
    config = tmp_path / "synthetic.yaml"
    out = tmp_path / "ds"
    config.write_text(
        f"patients: 12\ntest_per_cell: 1\nout: {out}\nprogress: false\n"
        f"cache_dir: {tmp_path / 'hf'}\n",
        encoding="utf-8",
    )
    env = dict(
        os.environ, PYTHONPATH=str(REPO), HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1"
    )
    done = subprocess.run(
        [sys.executable, str(REPO / "loaders" / "synthetic.py"), "--config", str(config), "--seed", "3"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    manifest = read_manifest(out)
    assert manifest.build["seed"] == 3  # the flag overrides the file
    assert manifest.build["synthetic_patients"] == 12
    assert manifest.source.kind.value == "synthetic"
    counts = _loaded(out, tmp_path / "hf")
    assert counts == {
        k: v for k, v in manifest.counts["sessions"].items() if k != "total"
    }
    assert _table(done.stdout) == counts and sum(counts.values()) > 0
    assert "CC BY 4.0" in done.stdout
    assert "sharing: may be pushed to a public Hub repository" in done.stdout
    assert (
        done.stdout.rstrip().splitlines()[-1].startswith(f"wrote the dataset to {out}")
    )


def test_mimic_iv_demo_script(
    mimic_demo_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ds"
    folder = _run(
        "mimic_iv",
        ["--path", str(mimic_demo_path), "--limit", "8", "--test_per_cell", "1",
         "--out", str(out), "--progress", "false", "--cache_dir", str(tmp_path / "hf")],
    )  # fmt: skip
    text = capsys.readouterr().out
    assert folder == out.resolve()
    manifest = read_manifest(out)
    assert manifest.source.kind.value == "mimic-iv-demo" and manifest.mimic_derived
    assert manifest.build["patients_in_source"] == 8
    assert _table(text) == _loaded(out, tmp_path / "hf")
    assert "ODbL" in text and "sharing: refusing to push" in text


def test_script_failure_is_one_line(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, str(REPO / "loaders" / "official.py"), "--path", str(tmp_path / "none"),
         "--mimic", str(tmp_path), "--out", str(tmp_path / "ds")],
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("loaders/official.py: ")


def test_mimic_iv_script_needs_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    mod = load_script("mimic_iv")
    with pytest.raises(SystemExit) as info:
        mod.make_parser().parse_args_and_config(["--limit", "3"])
    assert info.value.code == 2
    assert "required: --path" in capsys.readouterr().err


def test_fhir_export_script(
    fhir_export: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ds"
    _run(
        "fhir_export",
        ["--path", str(fhir_export), "--test_per_cell", "1", "--out", str(out),
         "--progress", "false", "--cache_dir", str(tmp_path / "hf")],
    )  # fmt: skip
    text = capsys.readouterr().out
    manifest = read_manifest(out)
    assert manifest.source.kind.value == "fhir" and not manifest.mimic_derived
    assert manifest.build["patients_in_source"] == 12
    assert _table(text) == _loaded(out, tmp_path / "hf")
    # the licence of a plain export is unknown: the summary says it is not pushed as is
    assert "[unknown]" in text and "licence of its source" in text


def test_official_script(
    official_release: tuple[Path, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    release, mimic = official_release
    out = tmp_path / "ds"
    config = tmp_path / "official.yaml"
    config.write_text(f"path: {release}\nmimic: {mimic}\n", encoding="utf-8")
    _run(
        "official",
        ["--config", str(config), "--out", str(out), "--progress", "false",
         "--cache_dir", str(tmp_path / "hf")],
    )  # fmt: skip
    captured = capsys.readouterr()
    assert "med_safety.jsonl line 3" in captured.err  # the broken line, reported
    manifest = read_manifest(out)
    assert manifest.source.kind.value == "official" and manifest.mimic_derived
    assert _loaded(out, tmp_path / "hf") == {"test": 3} == _table(captured.out)
    assert "PhysioNet Credentialed Health Data License" in captured.out
    # the summary names the session by its opaque id, not the release's
    assert "physassistbench_" not in captured.out.split("first session", 1)[1]
