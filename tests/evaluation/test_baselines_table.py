"""The README's baselines table is the committed results, and ``baselines/reproduce.py``
never overwrites them unless told to."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
FULL = ROOT / "baselines" / "results" / "full" / "report.json"


def _reproduce():
    """``baselines/reproduce.py`` as a module (registered: its dataclass needs it)."""
    if "baselines_reproduce" in sys.modules:
        return sys.modules["baselines_reproduce"]
    spec = importlib.util.spec_from_file_location(
        "baselines_reproduce", ROOT / "baselines" / "reproduce.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["baselines_reproduce"] = module
    spec.loader.exec_module(module)
    return module


def _readme_rows() -> list[list[str]]:
    """The cells of the README's baselines table, as written."""
    reproduce = _reproduce()
    lines = README.read_text(encoding="utf-8").splitlines()
    start = lines.index(reproduce.TABLE_HEADER)
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def _numbers(cell: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+\.\d+", cell)]


def test_the_readme_table_is_the_committed_full_results():
    """Parse both: every number of the README's table equals ``full/report.json``'s."""
    report = json.loads(FULL.read_text(encoding="utf-8"))
    rows = _readme_rows()
    assert len(rows) == len(report["runs"]), rows
    labels = _reproduce().AGENT_LABELS
    for row, run in zip(rows, report["runs"], strict=True):
        agent, split, mrs_en, mrs_zh, passed = row
        assert agent == labels[run["config"]["agent"]]
        assert split == run["config"]["split"]
        for cell, lang in ((mrs_en, "en"), (mrs_zh, "zh")):
            c = run["main"][lang]["mRS"]["all"]
            want = (
                [c["value"]] if c["lo"] == c["hi"] else [c["value"], c["lo"], c["hi"]]
            )
            assert _numbers(cell) == [round(x, 3) for x in want], (agent, lang, cell)
        got = _numbers(passed)
        want = [
            round(run["main"][lang]["pass_at_session"]["0.75"]["value"], 3)
            for lang in ("en", "zh")
        ]
        assert got == want, (agent, passed)


def test_the_readme_table_is_what_reproduce_prints():
    report = json.loads(FULL.read_text(encoding="utf-8"))
    table = _reproduce().readme_table(report)
    assert table in README.read_text(encoding="utf-8")


def test_the_committed_results_are_of_the_default_test_split():
    report = json.loads(FULL.read_text(encoding="utf-8"))
    for run in report["runs"]:
        assert run["config"]["split"] == "test"
        assert run["config"]["languages"] == ["en", "zh"]
        assert (
            run["config"]["episodes"] == 2 * 324
            and run["config"]["failed_episodes"] == 0
        )
    assert report["n_boot"] == 1000


def test_reproduce_writes_a_new_folder_unless_overwrite(tmp_path, monkeypatch):
    reproduce = _reproduce()
    monkeypatch.chdir(tmp_path)
    out, runs = reproduce.output_folders(reproduce.Args(), "20261206T120000Z")
    assert out == Path("runs/baselines/20261206T120000Z/results")
    assert runs == Path("runs/baselines/20261206T120000Z/runs")
    # --overwrite alone rewrites the committed results
    out, _ = reproduce.output_folders(reproduce.Args(overwrite=True), "t")
    assert out == reproduce.COMMITTED
    # a named folder that holds files is refused without --overwrite
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "report.md").write_text("earlier\n")
    with pytest.raises(FileExistsError, match="pass --overwrite"):
        reproduce.output_folders(reproduce.Args(out=str(taken)), "t")
    out, _ = reproduce.output_folders(
        reproduce.Args(out=str(taken), overwrite=True), "t"
    )
    assert out == taken
    empty = tmp_path / "empty"
    empty.mkdir()
    assert reproduce.output_folders(reproduce.Args(out=str(empty)), "t")[0] == empty


def test_reproduce_refuses_before_any_work(tmp_path, capsys):
    """The refusal comes before the dataset is built or any agent runs (exit 2)."""
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "x").write_text("x")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "baselines" / "reproduce.py"), "--out", str(taken)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PHYSASSIST_CACHE": str(tmp_path / "cache")},
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr
    assert (
        proc.stderr.strip().startswith("reproduce.py: ")
        and "--overwrite" in proc.stderr
    )
    assert not (tmp_path / "cache").exists()
