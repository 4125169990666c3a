"""``physassist eval`` checks its arguments once, before any work: one line, exit 2."""

from __future__ import annotations

from pathlib import Path

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


def test_one_language_gets_its_own_default_run_folder():
    """A run of one language is another configuration: the default folder says so, so
    that the run of both is not refused in the same folder (issue #42)."""
    from physassist_env.cli.eval import build_config

    def run_id(*argv: str) -> str:
        return build_config(make_parser().parse_args(["eval", *argv])).run_id

    assert run_id() == run_id("--languages", "en,zh") == "heuristic-test"
    assert run_id("--languages", "en") == "heuristic-test-en"
    assert run_id("--agent", "oracle", "--languages", "zh") == "oracle-test-zh"


# ------------------------------------------------ model flags, agent args, config shapes
def _config(argv):
    from physassist_env.cli.eval import build_config

    return build_config(make_parser().parse_args(["eval", *argv]))


def test_max_tokens_and_timeout_are_the_agents_own_arguments():
    openai = _config(["--agent", "openai", "--model", "m", "--max-tokens", "64"])
    assert openai.agent["args"]["max_tokens"] == 64
    timed = _config(["--agent", "openai", "--model", "m", "--timeout", "600"])
    assert timed.agent["args"]["timeout"] == 600.0
    assert _config(["--agent", "hf", "--max-tokens", "48"]).agent["args"] == {
        "max_new_tokens": 48,
        "temperature": 0.2,
    }


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--agent", "heuristic", "--timeout", "5"], "--timeout: agent 'heuristic'"),
        (["--agent", "hf", "--timeout", "5"], "--timeout applies to openai"),
        (
            ["--agent", "oracle", "--max-tokens", "5"],
            "--max-tokens applies to openai, hf",
        ),
        (["--agent", "openai", "--model", "m", "--timeout", "0"], "timeout > 0"),
        (
            [
                "--agent",
                "openai",
                "--model",
                "m",
                "--agent-arg",
                "extra_body={top_k: 1}",
            ],
            "--agent-arg extra_body: '{top_k: 1}' is not valid JSON",
        ),
    ],
)
def test_model_flags_are_checked_up_front(argv, message, tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["eval", *argv, "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err
    assert not out.exists()


def test_json_agent_args():
    cfg = _config(
        [
            "--agent",
            "openai",
            "--model",
            "m",
            "--agent-arg",
            'extra_body={"top_k": 20, "chat_template_kwargs": {"enable_thinking": false}}',
            "--agent-arg",
            "max_tokens=none",
        ]
    )
    assert cfg.agent["args"]["extra_body"] == {
        "top_k": 20,
        "chat_template_kwargs": {"enable_thinking": False},
    }
    assert cfg.agent["args"]["max_tokens"] is None


def test_a_config_may_name_the_agent_plainly(tmp_path):
    run = tmp_path / "run.yaml"
    run.write_text("agent: oracle\ngrader: rules\nlanguages: en\nlimit: 2\n")
    cfg = _config(["--config", str(run)])
    assert cfg.agent == {"name": "oracle", "args": {}}
    assert cfg.grader == {"name": "rules", "args": {}}
    assert cfg.languages == ["en"] and cfg.limit == 2
    # a flag still overrides it
    assert _config(["--config", str(run), "--agent", "heuristic"]).agent["name"] == (
        "heuristic"
    )


BAD_FILES = [
    ("agent: {name: oracle, model: m}\n", "agent (--agent): unknown key(s) 'model'"),
    ("agent: {args: {model: m}}\n", "agent 'heuristic': got an unexpected keyword"),
    ("agent: {name: '', args: {}}\n", "unknown agent ''; registered:"),
    ("agent: {name: openai, args: m}\n", "'args' of 'openai' must be a mapping"),
    ("agent: [oracle]\n", "agent (--agent): expected a name (e.g. oracle) or {name"),
    ("grader: 3\n", "grader (--grader): expected a name"),
    ("env_args: [1, 2]\n", "env_args (--env-arg): expected a mapping {KEY: VALUE"),
    ("limit: many\n", "limit (--limit): expected a whole number; got 'many'"),
    ("temperature: hot\n", "temperature (--temperature): expected a number"),
    ("languages: {en: 1}\n", "languages (--languages): expected a list"),
    ("- agent\n", "must be a mapping of run settings (KEY: VALUE lines), not a list"),
    ("agentt: oracle\n", "unknown setting(s) agentt"),
]


@pytest.mark.parametrize("text,message", BAD_FILES, ids=[t for t, _ in BAD_FILES])
def test_config_errors_name_the_key_and_the_shape(text, message, tmp_path, capsys):
    run = tmp_path / "run.yaml"
    run.write_text(text)
    out = tmp_path / "run"
    assert main(["eval", "--config", str(run), "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err
    assert "dictionary update sequence" not in err


def test_a_runs_config_json_repeats_the_run_and_its_preflight_is_not_a_setting(
    tmp_path,
):
    run = tmp_path / "config.json"
    run.write_text(
        '{"agent": {"name": "oracle", "args": {}}, "languages": ["en"],'
        ' "versions": {"python": "3"}, "preflight": {"args": {}, "notes": [], "facts": {}}}'
    )
    cfg = _config(["--config", str(run)])
    assert cfg.preflight is None  # the repeated run checks its agent again


def test_hf_without_torch_fails_at_once_with_the_readme_install_line(
    tmp_path, capsys, monkeypatch
):
    import sys

    import physassist_env.dataset.build as build
    from physassist_env.cli.main import main as cli
    from physassist_env.llm import local

    monkeypatch.setattr(local, "_API", None)
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` fails

    def no_build(*a, **k):
        raise AssertionError("the dataset was built before the agent was checked")

    monkeypatch.setattr(build, "default_dataset", no_build)
    out = tmp_path / "run"
    assert cli(["eval", "--agent", "hf", "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "torch is missing" in err, err
    line = err.split("install them as the README says: ", 1)[1]
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert line in readme, line
    assert not out.exists()
