"""``physassist eval`` checks its arguments once, before any work: one line, exit 2."""

from __future__ import annotations

import pytest

from physassist_env.cli.main import main, make_parser
from physassist_env.dataset.loader import load_sessions

BAD = [
    (["--limit", "-1"], "--limit must be at least 1; got -1"),
    (["--limit", "0"], "--limit must be at least 1; got 0"),
    (["--k", "0"], "--k must be at least 1"),
    (["--concurrency", "0"], "--concurrency must be at least 1"),
    (["--tiers", "L9"], "--tiers 'L9': unknown 'L9'; valid: L1,L2,L3"),
    (
        ["--scenarios", "nope"],
        "--scenarios 'nope': unknown 'nope'; valid: diagnostic_workup",
    ),
    (["--languages", "fr"], "--languages 'fr': unknown 'fr'; valid: en,zh"),
    (["--languages", ","], "--languages ',': empty"),
    (["--agent", "openai"], "--agent openai needs --model NAME"),
    (["--agent", "nope"], "unknown agent 'nope'"),
    (["--agent", "hf", "--agent-arg", "dtype=int8"], "float32, bfloat16, float16"),
    (["--grader", "judge"], "grader 'judge': missing a required argument: 'model'"),
    (["--grader", "nope"], "unknown grader 'nope'"),
    (["--temperature", "-1"], "--temperature must be >= 0"),
]


@pytest.mark.parametrize("argv,message", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_arguments_fail_up_front(argv, message, tmp_path, capsys, monkeypatch):
    import physassist_env.dataset.build as build

    def no_build(*a, **k):  # checks come before the default dataset is built
        raise AssertionError("the default dataset was built before the check")

    monkeypatch.setattr(build, "default_dataset", no_build)
    out = tmp_path / "run"
    assert main(["eval", *argv, "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("physassist eval: ")
    assert message in err
    assert not out.exists()


def test_missing_dataset_names_the_build_command(tmp_path, capsys):
    assert main(["eval", "--dataset", str(tmp_path / "none"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "physassist build --source synthetic --out" in err


def test_a_filter_that_matches_nothing_exits_2(built_dataset, tmp_path, capsys):
    sessions = load_sessions(built_dataset, split="validation")
    cells = {(s.scenario.value, s.tier.value) for s in sessions}
    empty = [
        (sc, t)
        for sc in (
            "diagnostic_workup",
            "med_safety",
            "treatment_response",
            "discharge_planning",
        )
        for t in ("L1", "L2", "L3")
        if (sc, t) not in cells
    ]
    assert empty, "the small build's validation split should miss some cell"
    scenario, tier = empty[0]
    argv = ["eval", "--dataset", str(built_dataset), "--split", "validation"]
    argv += ["--scenarios", scenario, "--tiers", tier.lower(), "--no-progress"]
    assert main([*argv, "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert "no session of the validation split" in err and scenario in err


def test_verbose_after_the_command_and_defaults_in_help(capsys):
    parser = make_parser()
    assert parser.parse_args(["eval", "-v"]).verbose is True
    assert parser.parse_args(["-v", "eval"]).verbose is True
    assert parser.parse_args(["eval"]).verbose is False
    with pytest.raises(SystemExit):
        parser.parse_args(["eval", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for shown in (
        "(default: en,zh)",
        "(default: 4)",
        "(default: 0.2)",
        "(default: 16)",
        "(default: test)",
        "(default: 0)",
        "hide progress bars",
    ):
        assert shown in text, shown


def test_eval_defaults_to_both_languages():
    from physassist_env.cli.eval import build_config

    assert build_config(make_parser().parse_args(["eval"])).languages == ["en", "zh"]
