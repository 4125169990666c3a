"""The first hour (#42): the main job's per-language table, the first-use build's note and
progress, and ``physassist build`` reusing the cached default."""

from __future__ import annotations

import filecmp
import io
import re

import pytest

import physassist_env.cli.build as cli_build
from physassist_env.cli.main import main, make_parser
from physassist_env.dataset import build
from physassist_env.evaluation.records import read_episodes, turn_results
from physassist_env.grading.metrics import main_table


def test_eval_prints_the_per_language_table_and_what_to_run_next(
    built_dataset, tmp_path, capsys
):
    out = tmp_path / "run"
    argv = ["eval", "--agent", "oracle", "--dataset", str(built_dataset)]
    assert main([*argv, "--limit", "2", "--out", str(out), "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"4/4 episodes in {out} (test split)"
    header = lines[1].split()
    assert header == [
        "language",
        "sessions",
        "mRS",
        "Pass@Session(0.60)",
        "Pass@Session(0.75)",
    ]
    rows = {line.split()[0]: line.split()[1:] for line in lines[2:4]}
    assert rows == {
        "EN": ["2", "1.000", "1.000", "1.000"],
        "ZH": ["2", "1.000", "1.000", "1.000"],
    }
    assert lines[4].startswith("mRS: mean rubric score")
    assert (
        lines[5]
        == f"next: physassist report {out}    (95% intervals, tiers, breakdowns, plots)"
    )
    assert lines[6].strip().startswith(f"physassist view {out}")


def test_the_table_holds_the_reports_values(built_dataset, tmp_path, capsys):
    """A run that is not all ones: the printed cells are the report's main table."""
    out = tmp_path / "run"
    argv = ["eval", "--agent", "no-tool", "--dataset", str(built_dataset)]
    assert main([*argv, "--limit", "3", "--out", str(out), "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = main_table(turn_results(read_episodes(out)))
    for line in lines[2:4]:
        lang, n, mrs, p60, p75 = line.split()
        row = table[lang.lower()]
        assert n == "3"
        assert mrs == f"{row['mRS']['all']:.3f}"
        assert p60 == f"{row['pass_at_session']['0.60']:.3f}"
        assert p75 == f"{row['pass_at_session']['0.75']:.3f}"


def _args(*argv: str):
    return make_parser().parse_args(["build", *argv])


@pytest.mark.parametrize(
    "argv,default",
    [
        ([], True),
        (["--workers", "1", "--backend", "process", "--out", "x"], True),
        (["--patients", "60"], False),
        (["--seed", "1"], False),
        (["--limit", "10"], False),
        (["--test-per-cell", "2"], False),
        (["--validation-fraction", "0.2"], False),
        (["--prefilter"], False),
        (["--source", "fhir", "--path", "x"], False),
    ],
)
def test_only_the_default_arguments_reuse_the_cache(argv, default):
    assert cli_build._is_default(_args(*argv)) is default


def test_build_with_default_arguments_copies_the_cached_default(
    built_dataset, tmp_path, monkeypatch, capsys
):
    def no_build(*a, **k):
        raise AssertionError("the default was built again")

    monkeypatch.setattr(cli_build, "default_dataset", lambda progress: built_dataset)
    monkeypatch.setattr(cli_build, "build_dataset", no_build)
    out = tmp_path / "physassistbench"
    assert main(["build", "--out", str(out), "--no-progress"]) == 0
    said = capsys.readouterr().out
    assert f"a copy of the cached default {built_dataset}" in said
    same = filecmp.dircmp(built_dataset, out)
    assert not same.left_only and not same.right_only and not same.diff_files
    for sub in ("sessions", "patients"):
        files = sorted(p.name for p in (built_dataset / sub).iterdir())
        _, mismatch, errors = filecmp.cmpfiles(
            built_dataset / sub, out / sub, files, shallow=False
        )
        assert not mismatch and not errors
    # an existing output is refused as a build refuses it, and replaced with --overwrite
    assert main(["build", "--out", str(out), "--no-progress"]) == 2
    assert (
        "is not empty; choose another --out or pass --overwrite"
        in capsys.readouterr().err
    )
    assert main(["build", "--out", str(out), "--overwrite", "--no-progress"]) == 0
    # --no-cache builds afresh (for timing a build): here, the stand-in that refuses
    argv = ["build", "--out", str(tmp_path / "b"), "--no-cache", "--no-progress"]
    assert main(argv) != 0
    assert "the default was built again" in capsys.readouterr().err


def test_the_first_use_note_says_what_and_how_long(tmp_path):
    note = build.default_build_note(tmp_path / "d")
    assert "building the default dataset once (1,000 synthetic patients" in note
    assert str(tmp_path / "d") in note
    low, high = build.DEFAULT_BUILD_CPU_S
    assert f"{low}-{high} CPU-seconds" in note and "later runs reuse it" in note


def _remaining(text: str) -> list[float]:
    """The remaining times a tqdm bar drew (seconds)."""
    out = []
    for m in re.finditer(r"<(\d+(?::\d+)+)", text):
        parts = [int(x) for x in m.group(1).split(":")]
        out.append(sum(v * 60**i for i, v in enumerate(reversed(parts))))
    return out


def test_a_sharded_builds_eta_is_the_mean_rate_not_the_first_wait():
    """Patients arrive a shard at a time after a long wait; the bar must not extrapolate
    the first patient's wait over the whole build (the issue saw an ETA of 31:57:36)."""
    clock = [0.0]
    shard = build.shards.SHARD_PATIENTS

    def arrivals():
        for _ in range(4):
            clock[0] += 100.0  # a shard's work, then its patients at once
            for _ in range(shard):
                clock[0] += 0.001
                yield "p", []

    sink = io.StringIO()
    bar = build.patient_progress(arrivals(), total=4 * shard, by_shard=True, file=sink)
    bar._time = lambda: clock[0]
    bar.start_t = bar.last_print_t = 0.0
    assert sum(1 for _ in bar) == 4 * shard
    etas = _remaining(sink.getvalue())
    assert etas, sink.getvalue()
    # after shard k of 4 (at about 100 k s) the honest remaining time is 100 (4 - k) s
    assert max(etas) <= 301, sink.getvalue()
