"""`physassist build`: source -> sessions -> dataset folder, end to end."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from physassist_env.cli.main import main
from physassist_env.dataset import load_physassist, load_records, load_sessions


def _digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def built(built_dataset: Path) -> Path:
    """The session's synthetic build (40 patients, 2 per cell); ``physassist build`` itself
    runs below on the MIMIC-IV demo, in tests/cli/test_readme.py and tests/hardening."""
    return built_dataset


def test_build_writes_a_loadable_dataset(built: Path, monkeypatch: pytest.MonkeyPatch):
    manifest = json.loads((built / "physassist.json").read_text())
    assert manifest["mimic_derived"] is False and manifest["license"] == "cc-by-4.0"
    ds = load_physassist(built)
    assert set(ds) == {"train", "validation", "test"} and ds["test"].num_rows > 0
    monkeypatch.chdir(built.parent)
    from datasets import load_dataset

    by_name = load_dataset("physassistbench")
    assert by_name["train"].num_rows == ds["train"].num_rows
    sessions = load_sessions(built, split=None)
    records = load_records(built)
    assert {s.patient_id for s in sessions} == set(records)
    card = (built / "README.md").read_text()
    for heading in (
        "## Dataset Details",
        "## Uses",
        "## Dataset Structure",
        "## Dataset Creation",
        "## Bias, Risks, and Limitations",
        "## Citation",
    ):
        assert heading in card, heading


def test_build_refuses_bad_input(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    assert (
        main(
            [
                "build",
                "--source",
                "synthetic",
                "--patients",
                "5",
                "--out",
                str(built),
                "--no-progress",
            ]
        )
        == 2
    )
    assert "not empty" in capsys.readouterr().err
    assert (
        main(
            [
                "build",
                "--source",
                "mimic-iv",
                "--out",
                str(tmp_path / "x"),
                "--no-progress",
            ]
        )
        == 2
    )
    assert "--path is required" in capsys.readouterr().err
    assert (
        main(
            [
                "build",
                "--source",
                "mimic-iv",
                "--path",
                str(tmp_path / "missing"),
                "--out",
                str(tmp_path / "y"),
                "--no-progress",
            ]
        )
        == 2
    )


def test_build_from_the_mimic_demo(
    mimic_demo_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    out = tmp_path / "mimic"
    assert (
        main(
            [
                "build",
                "--source",
                "mimic-iv",
                "--path",
                str(mimic_demo_path),
                "--limit",
                "40",  # half the demo: every check below holds with margin, in half the time
                "--out",
                str(out),
                "--no-progress",
            ]
        )
        == 0
    )
    err = capsys.readouterr().err
    manifest = json.loads((out / "physassist.json").read_text())
    assert (
        manifest["mimic_derived"] is True
        and manifest["source"]["kind"] == "mimic-iv-demo"
    )
    sessions = load_sessions(out, split=None)
    cells = Counter((s.scenario.value, s.tier.value) for s in sessions)
    print("MIMIC-IV demo sessions per scenario x tier:", dict(sorted(cells.items())))
    # The demo has no notes: the patient can report nothing (no home medicines, adherence or
    # symptoms are recorded), so no patient-interview turn and hence no L3 session can be
    # grounded; the other tiers still give sessions in most scenarios.
    assert len({s.scenario for s in sessions}) >= 3 and len(sessions) > 40
    assert (
        "could not fill" in err
    )  # 40 patients cannot fill 27 per cell; reported, not fatal
    # The audit re-reads every gold claim's rows from the raw CSV files: none contradicted.
    capsys.readouterr()
    assert (
        main(
            [
                "audit",
                "--dataset",
                str(out),
                "--source",
                "mimic-iv",
                "--path",
                str(mimic_demo_path),
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    print("audit of the MIMIC-IV demo build:", report)
    assert report["contradicted"] == 0 and report["verified"] > 500
    from physassist_env.dataset import RedistributionError, check_redistribution

    with pytest.raises(RedistributionError):
        check_redistribution(out, private=True)
