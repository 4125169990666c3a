"""Every command answers bad input with one line that says what to do, never a traceback.

Each case runs ``physassist`` in this process with a bad argument, a missing or broken
input, or an output it must not write through (a planted symbolic or hard link, a file
where a folder belongs). It must exit non-zero with exactly one line on stderr that is a
specific message: not a traceback, and not the catch-all ``unexpected error`` line that
``physassist`` keeps for bugs.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from physassist_env.cli.main import main


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Broken inputs and planted links, in one folder."""
    root = tmp_path_factory.mktemp("bad")
    (root / "file.txt").write_text("x")
    (root / "notyaml.yaml").write_text("{{{: [")
    (root / "empty").mkdir()
    broken = root / "broken-ds"
    broken.mkdir()
    (broken / "physassist.json").write_text("{not json")
    run = root / "broken-run"
    run.mkdir()
    (run / "config.json").write_text("{garbage")
    os.mkfifo(root / "fifo")
    (root / "link").symlink_to(root / "empty")
    victim = root / "victim.txt"
    victim.write_text("precious")
    # an export folder with a planted LICENSE.txt link, and one with a hard link
    linked = root / "linked-export"
    linked.mkdir()
    (linked / "LICENSE.txt").symlink_to(victim)
    hard = root / "hard-export"
    hard.mkdir()
    os.link(victim, hard / "med_safety.jsonl")
    return root


def _cases(bad: Path, ds: Path) -> list[list[str]]:
    b = str(bad)
    return [
        # build
        ["build", "--patients", "0", "--out", f"{b}/o1"],
        ["build", "--test-per-cell", "-1", "--out", f"{b}/o1"],
        ["build", "--validation-fraction", "7", "--out", f"{b}/o1"],
        ["build", "--workers", "-3", "--out", f"{b}/o1"],
        ["build", "--source", "mimic-iv", "--path", f"{b}/file.txt", "--out", f"{b}/o"],
        ["build", "--source", "mimic-iv", "--path", f"{b}/empty", "--out", f"{b}/o"],
        ["build", "--source", "fhir", "--path", f"{b}/nope", "--out", f"{b}/o"],
        ["build", "--source", "official", "--path", f"{b}/empty", "--out", f"{b}/o"],
        ["build", "--patients", "3", "--out", f"{b}/file.txt"],
        ["build", "--patients", "3", "--out", f"{b}/link"],
        ["build", "--patients", "3", "--out", f"{b}/empty/../file.txt"],
        ["build", "--patients", "3", "--out", str(ds)],  # exists, no --overwrite
        ["build", "--patients", "3", "--out", f"{b}/linked-export", "--overwrite"],
        # export, both formats
        ["export", "--dataset", f"{b}/nope", "--out", f"{b}/e"],
        ["export", "--dataset", f"{b}/broken-ds", "--out", f"{b}/e"],
        ["export", "--dataset", str(ds), "--split", "bogus", "--out", f"{b}/e"],
        ["export", "--dataset", str(ds), "--out", f"{b}/file.txt"],
        ["export", "--dataset", str(ds), "--out", f"{b}/link"],
        ["export", "--dataset", str(ds), "--out", f"{b}/hard-export", "--overwrite"],
        ["export", "--dataset", str(ds), "--out", f"{b}/linked-export", "--overwrite"],
        ["export", "--dataset", str(ds), "--out", str(ds)],
        ["export", "--format", "fhir-ndjson", "--out", f"{b}/e"],
        ["export", "--format", "fhir-ndjson", "--path", f"{b}/nope", "--out", f"{b}/e"],
        [
            "export",
            "--format",
            "fhir-ndjson",
            "--source",
            "fhir",
            "--path",
            f"{b}/empty",
            "--out",
            f"{b}/e",
        ],  # fmt: skip
        # eval, report, view
        ["eval", "--dataset", f"{b}/nope", "--out", f"{b}/r", "--limit", "1"],
        ["eval", "--config", f"{b}/notyaml.yaml", "--out", f"{b}/r"],
        ["eval", "--config", f"{b}/nope.yaml", "--out", f"{b}/r"],
        [
            "eval",
            "--dataset",
            str(ds),
            "--agent",
            "no-tool",
            "--out",
            f"{b}/broken-run",
        ],
        ["eval", "--dataset", str(ds), "--agent", "bogus", "--out", f"{b}/r"],
        ["eval", "--dataset", str(ds), "--agent", "no-tool", "--limit", "-1"],
        ["eval", "--dataset", str(ds), "--agent", "no-tool", "--languages", "fr"],
        ["eval", "--dataset", str(ds), "--agent", "no-tool", "--out", f"{b}/fifo"],
        ["report", f"{b}/broken-run"],
        ["report", f"{b}/nope"],
        ["report", f"{b}/empty"],
        ["view", f"{b}/broken-run"],
        ["view", f"{b}/fifo"],
        # the other commands
        ["audit", "--dataset", f"{b}/nope"],
        ["audit", "--dataset", f"{b}/broken-ds"],
        ["ehr", "--source", "mimic-iv", "--path", f"{b}/nope", "--list-patients"],
        ["ehr", "--source", "fhir", "--path", f"{b}/file.txt", "--list-patients"],
        ["ehr", "--source", "synthetic", "--path", str(ds), "--patient", "nope", "x"],
        ["serve-fhir", "--source", "mimic-iv", "--path", f"{b}/nope"],
        ["serve-fhir", "--source", "synthetic", "--port", "99999"],
        ["serve-fhir", "--source", "synthetic", "--max-body", "-1"],
        ["serve-fhir", "--source", "synthetic", "--path", str(ds), "--host", "0.0.0.0"],
        ["synth", "--patients", "-1", "--out", f"{b}/s"],
        ["synth", "--patients", "2", "--out", f"{b}/file.txt"],
        ["validate", "--dataset", f"{b}/nope"],
        ["validate", "--dataset", str(ds), "--languages", "fr"],
        ["cache", "--cache-dir", f"{b}/file.txt", "--clear"],
        ["cache", "--cache-dir", f"{b}/link", "--clear"],
        ["no-such-command"],
        ["build", "--no-such-option"],
    ]


def test_every_command_answers_bad_input_with_one_line(
    bad: Path,
    built_dataset: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(bad)  # commands with a default output folder write here
    problems = []
    cases = _cases(bad, built_dataset)
    for argv in cases:
        try:
            code = main(argv)
        except SystemExit as exc:  # argument errors
            code = exc.code
        err = capsys.readouterr().err
        lines = [
            line
            for line in err.splitlines()
            if line.strip() and not line.startswith(("WARNING ", "INFO "))
        ]
        if (
            code in (0, None)
            or len(lines) != 1
            or "Traceback" in err
            or "unexpected error" in err
        ):
            problems.append(f"{' '.join(argv)} -> exit {code}: {err.strip()[:400]}")
    assert not problems, "\n".join(problems)
    # nothing was written through the planted links
    assert (bad / "victim.txt").read_text() == "precious"
    assert not list((bad / "empty").iterdir())
    print(f"\n{len(cases)} bad inputs over 12 commands: one line each, no traceback")


def test_the_catch_all_is_one_line_and_shows_the_traceback_with_v(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from physassist_env.cli import cache

    def broken(args):  # a bug: a command raising what nobody anticipated
        raise KeyError("boom\nsecond line")

    monkeypatch.setattr(cache, "run", broken)
    assert main(["cache"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected error (KeyError" in err
    assert "rerun with -v" in err
    with pytest.raises(KeyError):
        main(["cache", "-v"])
