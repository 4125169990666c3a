"""Writers stay inside the chosen folder and never write through a symbolic link."""

from __future__ import annotations

from pathlib import Path

import pytest

from physassist_env.paths import UnsafePathError, open_safe, safe_file, write_text_safe


def test_safe_file_refuses_escapes_and_links(tmp_path: Path):
    outside = tmp_path / "outside"
    outside.mkdir()
    root = tmp_path / "out"
    root.mkdir()
    (root / "link").symlink_to(outside)
    (root / "file-link").symlink_to(outside / "victim.txt")
    for bad in ("../x", "/etc/passwd", "link/x.txt", "file-link"):
        with pytest.raises(UnsafePathError):
            safe_file(root, bad)
    assert write_text_safe(root, "a/b.txt", "ok").read_text() == "ok"
    with open_safe(root, "a/b.txt", "a", encoding="utf-8") as fh:
        fh.write("!")
    assert (root / "a" / "b.txt").read_text() == "ok!"
    assert not (outside / "victim.txt").exists() and not list(outside.iterdir())


def test_synth_refuses_a_link_inside_its_folder(tmp_path: Path):
    from physassist_env.synth import generate_hospital

    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "hospital"
    out.mkdir()
    (out / "hosp").symlink_to(outside)
    with pytest.raises(UnsafePathError):
        generate_hospital(out, 2, 0, progress=False)
    assert not list(outside.iterdir())


def test_eval_report_view_and_export_refuse_links(built_dataset: Path, tmp_path: Path):
    from physassist_env.evaluation import EvalConfig, run_eval
    from physassist_env.evaluation.report import build_report, write_report
    from physassist_env.evaluation.viewer import write_site

    outside = tmp_path / "outside"
    outside.mkdir()
    run = tmp_path / "run"
    run.mkdir()
    (run / "episodes.jsonl").symlink_to(outside / "stolen.jsonl")
    cfg = EvalConfig(
        run_id="x",
        dataset=str(built_dataset),
        agent={"name": "no-tool", "args": {}},
        limit=1,
    )
    with pytest.raises(UnsafePathError):
        run_eval(cfg, run, progress=False)
    (run / "episodes.jsonl").unlink()
    run_eval(cfg, run, progress=False)
    report_dir = tmp_path / "report"
    report_dir.mkdir()
    (report_dir / "report.md").symlink_to(outside / "r.md")
    with pytest.raises(UnsafePathError):
        write_report(build_report([run], n_boot=10), report_dir)
    site = tmp_path / "site"
    site.mkdir()
    (site / "episodes").symlink_to(outside)
    with pytest.raises(UnsafePathError):
        write_site(run, site)
    from physassist_env.dataset import load_sessions
    from physassist_env.official import export_official

    exp = tmp_path / "export"
    exp.mkdir()
    (exp / "med_safety.jsonl").symlink_to(outside / "m.jsonl")
    with pytest.raises(UnsafePathError):
        export_official(load_sessions(built_dataset, split="test"), exp)
    assert not list(outside.iterdir())
