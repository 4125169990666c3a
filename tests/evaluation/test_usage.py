"""Tokens, time and cost: per turn in ``episodes.jsonl``, per session and per model in the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_report import SESSIONS, write_run

from physassist_env.cli.main import main
from physassist_env.evaluation import EvalConfig, read_episodes, run_eval
from physassist_env.evaluation.records import TurnUsage
from physassist_env.evaluation.report import (
    build_report,
    load_prices,
    render_markdown,
)

#: Per episode, per turn: (requests, prompt, completion, cached, seconds).
USAGE = {
    "s1": [(2, 1000, 100, 600, 1.5), (3, 2000, 50, 1500, 2.5)],
    "s2": [(1, 500, 20, None, 0.5), (0, None, None, None, 0.0)],
    "s3": [(1, 300, 10, 0, 0.25), (1, 200, 20, 100, 0.25)],
}
PRICES = {"m-1": {"input": 1.0, "output": 4.0, "cached_input": 0.1}}


def _with_usage(run: Path) -> Path:
    lines = []
    for line in (run / "episodes.jsonl").read_text().splitlines():
        rec = json.loads(line)
        for turn, (req, p, c, cached, sec) in zip(
            rec["turns"], USAGE[rec["session_id"]], strict=True
        ):
            turn["usage"] = {
                "steps": req + 1,
                "requests": req,
                "prompt_tokens": p,
                "completion_tokens": c,
                "cached_tokens": cached,
                "seconds": sec,
            }
        rec["seconds"] = 10.0
        lines.append(json.dumps(rec))
    (run / "episodes.jsonl").write_text("\n".join(lines) + "\n")
    return run


def test_usage_per_session_and_cost_against_hand_computed_values(tmp_path):
    run = _with_usage(write_run(tmp_path / "run-u", SESSIONS))
    report = build_report([run], n_boot=10, prices=PRICES)
    usage = report["runs"][0]["usage"]
    assert usage["episodes"] == usage["recorded_episodes"] == 3
    totals = usage["totals"]
    assert totals["requests"] == 8
    assert totals["prompt_tokens"] == 1000 + 2000 + 500 + 300 + 200 == 4000
    assert totals["completion_tokens"] == 100 + 50 + 20 + 10 + 20 == 200
    assert totals["cached_tokens"] == 600 + 1500 + 0 + 100 == 2200
    assert totals["agent_seconds"] == 5.0 and totals["seconds"] == 30.0
    sessions = {s["session_id"]: s for s in usage["sessions"]}
    assert (
        sessions["s1"]["prompt_tokens"] == 3000
        and sessions["s2"]["cached_tokens"] is None
    )
    per = usage["per_session"]
    assert per["prompt_tokens"] == {"mean": 4000 / 3, "median": 500.0, "max": 3000.0}
    # USD per million tokens: uncached prompt at input, cached at cached_input, output
    usd = ((4000 - 2200) * 1.0 + 2200 * 0.1 + 200 * 4.0) / 1e6
    assert usage["cost"]["usd"] == pytest.approx(usd)
    assert usage["cost"]["usd_per_session"] == pytest.approx(usd / 3)
    by_model = report["usage_by_model"]
    assert by_model[0]["model"] == "m-1" and by_model[0]["usd"] == pytest.approx(usd)
    md = render_markdown(report)
    assert "## Usage and cost" in md
    row = next(x for x in md.splitlines() if x.startswith("| run-u | m-1 |"))
    assert "| 1,333 |" in row and "| 55 |" in row  # prompt tokens / session, cached %
    assert f"| {usd:.4f} |" in row


def test_a_run_recorded_before_usage_still_reports(tmp_path):
    run = write_run(tmp_path / "old", SESSIONS)  # turns without "usage"
    report = build_report([run], n_boot=10, prices=PRICES)
    usage = report["runs"][0]["usage"]
    assert usage["recorded_episodes"] == 0 and usage["totals"]["prompt_tokens"] is None
    assert usage["cost"]["usd"] is None
    row = next(
        x for x in render_markdown(report).splitlines() if x.startswith("| old | m-1 |")
    )
    assert "(0 with usage)" in row and "| – |" in row


def test_report_cli_with_a_price_table(tmp_path, capsys):
    run = _with_usage(write_run(tmp_path / "run-u", SESSIONS))
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps(PRICES))
    assert main(["report", str(run), "--prices", str(prices), "--no-files"]) == 0
    out = capsys.readouterr().out
    assert "Prompt tok / session" in out and "Cost USD" in out


@pytest.mark.parametrize(
    "content,message",
    [
        ("[]", "expected a JSON object"),
        ('{"m": 3}', "'m' must be an object like"),
        ('{"m": {"input": 1}}', "'m': missing output"),
        ('{"m": {"input": -1, "output": 2}}', "input must be numbers >= 0"),
        ('{"m": {"input": 1, "output": 2, "cache": 1}}', "unknown field(s) cache"),
        ("{oops", "not readable JSON"),
    ],
)
def test_a_bad_price_table_names_the_entry_and_the_shape(
    content, message, tmp_path, capsys
):
    prices = tmp_path / "prices.json"
    prices.write_text(content)
    with pytest.raises(ValueError, match="--prices"):
        load_prices(prices)
    run = write_run(tmp_path / "run", SESSIONS)
    assert main(["report", str(run), "--prices", str(prices), "--no-files"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_turn_usage_sums_what_the_agent_reports():
    usage = TurnUsage()
    usage.add({"requests": 1, "prompt_tokens": 10, "completion_tokens": 2}, 0.5)
    usage.add(None, 0.25)  # an agent without a model
    usage.add({"requests": 1, "prompt_tokens": 5, "cached_tokens": 4}, 0.25)
    assert usage.model_dump() == {
        "steps": 3,
        "requests": 2,
        "prompt_tokens": 15,
        "completion_tokens": 2,
        "cached_tokens": 4,
        "seconds": 1.0,
    }


def test_an_old_run_folder_resumes(built_dataset, tmp_path):
    """A run written before usage and pre-flight records were kept resumes unchanged."""
    out = tmp_path / "run"
    config = EvalConfig(
        run_id="old",
        dataset=str(built_dataset),
        languages=["en"],
        limit=2,
        agent={"name": "no-tool", "args": {}},
    )
    run_eval(config, out, progress=False)
    # make it look like a run of the previous version: no preflight, no usage, one
    # episode missing
    stored = json.loads((out / "config.json").read_text())
    del stored["preflight"]
    (out / "config.json").write_text(json.dumps(stored))
    lines = (out / "episodes.jsonl").read_text().splitlines()
    first = json.loads(lines[0])
    for turn in first["turns"]:
        del turn["usage"]
    del first["stops_run"]
    (out / "episodes.jsonl").write_text(json.dumps(first) + "\n")
    records = run_eval(config, out, progress=False)
    assert len(records) == 2 and len(read_episodes(out)) == 2
    kinds = sorted(all(t.usage is None for t in r.turns) for r in records)
    assert kinds == [False, True]  # the old episode kept as it was


def test_the_viewer_shows_what_each_turn_cost(tmp_path):
    from physassist_env.evaluation import load_run
    from physassist_env.evaluation.viewer import episode_page

    config, records = load_run(_with_usage(write_run(tmp_path / "run-u", SESSIONS)))
    s1 = next(r for r in records if r.session_id == "s1")
    page = episode_page(s1, config)
    assert (
        "agent: 2 requests, 1000 prompt / 100 completion tokens (600 cached), 1.50 s"
        in page
    )
    old_config, old_records = load_run(write_run(tmp_path / "old", SESSIONS))
    assert "agent:" not in episode_page(old_records[0], old_config)
