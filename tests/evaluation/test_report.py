"""``physassist report``: numbers against a hand-computed run, Markdown, JSON, plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from physassist_env.cli.main import main
from physassist_env.evaluation.report import (
    MAIN_HEADER,
    NotARunError,
    build_report,
    render_markdown,
    render_plots,
)

TASKS = ("IL", "DG", "CR", "WU")


def _turn(
    run_id: str,
    sid: str,
    tier: str,
    scenario: str,
    i: int,
    score: float | None,
    **kw: Any,
) -> dict[str, Any]:
    items = [
        {"id": f"t{i}-i0", "met": bool(score), "points": 1.0, "tags": [], "reason": "r"}
    ]
    result = {
        "run_id": run_id,
        "session_id": sid,
        "language": kw.get("language", "en"),
        "trial": kw.get("trial", 0),
        "scenario": scenario,
        "tier": tier,
        "arc_index": 0,
        "turn_index": i,
        "task_type": TASKS[i],
        "implicitness": "explicit" if i == 0 else "NA",
        "literacy": "low",
        "score": score,
        "n_items": 1,
        "items": items,
        "grader": {"name": kw.get("grader", "rules"), "args": {}},
        "tool_calls": 2,
    }
    return {
        "index": i,
        "request": f"request {i}",
        "tool_calls": [{"name": "Observation.search", "arguments": {"code": "k"}}],
        "outcomes": [
            {"name": "Observation.search", "kind": "ehr", "ok": True, "text": "K 4.1"}
        ],
        "answer": kw.get("answer", f"answer {i}"),
        "termination": "answer_given",
        "result": result,
    }


def write_run(
    path: Path,
    sessions: list[tuple[str, str, str, list[float | None]]],
    *,
    k: int = 1,
    trials: dict[str, list[list[float | None]]] | None = None,
    grader: str = "rules",
    answer: str | None = None,
) -> Path:
    """A run folder written by hand: ``sessions`` = [(id, tier, scenario, scores)]."""
    path.mkdir(parents=True)
    config = {
        "run_id": path.name,
        "dataset": str(path.parent / "no-dataset"),
        "languages": ["en"],
        "k": k,
        "agent": {"name": "hand", "args": {"model": "m-1"}},
        "grader": {"name": grader, "args": {}},
    }
    (path / "config.json").write_text(json.dumps(config))
    lines = []
    for sid, tier, scenario, scores in sessions:
        for trial, trial_scores in enumerate((trials or {}).get(sid, [scores])):
            turns = [
                _turn(
                    path.name,
                    sid,
                    tier,
                    scenario,
                    i,
                    s,
                    trial=trial,
                    grader=grader,
                    **({"answer": answer} if answer else {}),
                )
                for i, s in enumerate(trial_scores)
            ]
            lines.append(
                json.dumps(
                    {
                        "session_id": sid,
                        "language": "en",
                        "trial": trial,
                        "turns": turns,
                    }
                )
            )
    (path / "episodes.jsonl").write_text("\n".join(lines) + "\n")
    return path


SESSIONS = [
    ("s1", "L1", "med_safety", [1.0, 0.5]),  # mean 0.75, fails both thresholds
    ("s2", "L2", "diagnostic_workup", [0.8, 0.7]),  # mean 0.75, passes 0.60 only
    ("s3", "L3", "diagnostic_workup", [0.6, 1.0]),  # mean 0.80, passes 0.60 only
]


@pytest.fixture
def run_a(tmp_path: Path) -> Path:
    return write_run(tmp_path / "run-a", SESSIONS)


@pytest.fixture
def run_b(tmp_path: Path) -> Path:
    # k = 2: s1 passes at 0.75 in trial 0 only; s2 in both trials.
    return write_run(
        tmp_path / "run-b",
        [("s1", "L1", "med_safety", []), ("s2", "L2", "med_safety", [])],
        k=2,
        trials={"s1": [[0.9, 0.8], [0.9, 0.2]], "s2": [[1.0, 1.0], [0.8, 0.9]]},
    )


def test_main_table_hand_computed(run_a: Path) -> None:
    rep = build_report([run_a], n_boot=50)
    (run,) = rep["runs"]
    main_en = run["main"]["en"]
    assert set(main_en) == {"mRS", "pass_at_turn", "pass_at_session"}
    mrs = {t: c["value"] for t, c in main_en["mRS"].items()}
    assert mrs == pytest.approx({"L1": 0.75, "L2": 0.75, "L3": 0.80, "all": 2.3 / 3})
    assert main_en["pass_at_turn"]["0.60"]["value"] == pytest.approx(5 / 6)
    assert main_en["pass_at_turn"]["0.75"]["value"] == pytest.approx(3 / 6)
    assert main_en["pass_at_session"]["0.60"]["value"] == pytest.approx(2 / 3)
    assert main_en["pass_at_session"]["0.75"]["value"] == pytest.approx(0.0)
    ci = main_en["mRS"]["all"]
    assert ci["lo"] <= ci["value"] <= ci["hi"]
    assert run["config"]["agent"] == "hand" and run["config"]["model"] == "m-1"
    assert run["config"]["episodes"] == 3 and run["config"]["turns"] == 6
    by_scen = run["breakdowns"]["scenario"]["en"]
    assert by_scen["diagnostic_workup"]["mRS"] == pytest.approx(0.775)
    assert run["breakdowns"]["task_type"]["en"]["IL"]["mRS"] == pytest.approx(0.8)
    assert run["tools"]["en"]["calls_per_turn"] == 2
    assert run["pass_hat_k"]["en"]["0.75"] == {"1": 0.0}
    assert "agreement" not in run
    json.dumps(rep)  # serialisable
    assert build_report([run_a], n_boot=50) == rep  # seeded, reproducible


def test_pass_hat_k_and_side_by_side(run_a: Path, run_b: Path, tmp_path: Path) -> None:
    rep = build_report([run_a, run_b], n_boot=20)
    a, b = rep["runs"]
    assert [a["label"], b["label"]] == ["run-a", "run-b"]
    # s1: 1 of 2 trials pass -> pass^1 0.5, pass^2 0; s2: 2 of 2 -> 1, 1.
    assert b["pass_hat_k"]["en"]["0.75"] == {"1": pytest.approx(0.75), "2": 0.5}
    md = render_markdown(rep)
    assert "| " + " | ".join(MAIN_HEADER) + " |" in md
    assert "mRS L1" in md and "Pass@Turn 0.75" in md and "Pass@Session 0.60" in md
    assert "| run-a | 0.750 [" in md and "| run-b |" in md
    assert "## Breakdowns" in md and "By task type (EN)" in md and "pass^2" in md
    paths = render_plots(rep, tmp_path / "plots")
    assert {p.name for p in paths} == {
        "scores_by_task_type.png",
        "scores_by_implicitness.png",
        "pass_rates.png",
    }
    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 5000


def test_agreement_only_with_two_graders(tmp_path: Path) -> None:
    rules = write_run(tmp_path / "rules", SESSIONS)
    judge = write_run(
        tmp_path / "judge",
        [("s1", "L1", "med_safety", [1.0, 0.0]), *SESSIONS[1:]],
        grader="judge",
    )
    rep = build_report([judge, rules], n_boot=10)
    agr = rep["runs"][0]["agreement"]
    assert agr["rules_run"] == "rules" and agr["turns"] == 6 and agr["items"] == 6
    assert agr["accuracy"] == pytest.approx(5 / 6)
    assert "agreement" not in rep["runs"][1]
    assert "Rule vs judge agreement" in render_markdown(rep)
    assert "agreement" not in build_report([judge], n_boot=10)["runs"][0]


def test_cli_json_and_files(
    run_a: Path, run_b: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["report", str(run_a), str(run_b), "--format", "json", "--n-boot", "20"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    for run in data["runs"]:
        assert {"mRS", "pass_at_turn", "pass_at_session"} <= set(run["main"]["en"])
        assert set(run["main"]["en"]["mRS"]) == {"L1", "L2", "L3", "all"}
        assert set(run["main"]["en"]["pass_at_turn"]) == {"0.60", "0.75"}
    out = run_a / "report"
    names = {p.name for p in out.iterdir()}
    assert {"report.md", "report.json", "pass_rates.png"} <= names
    assert (
        main(
            [
                "report",
                str(run_a),
                "--n-boot",
                "10",
                "--no-files",
                "--out",
                str(out / "x"),
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert "| Run | mRS L1 |" in text
    # every abbreviation of the tables is spelled out once, before the first table
    terms = text.index("Terms: ")
    assert terms < text.index("## Main table")
    for term in (
        "mRS = mean rubric score",
        "L1/L2/L3 = ",
        "(P@T)",
        "(P@S)",
        "pass^k = ",
    ):
        assert term in text[terms:], term
    assert not (out / "x").exists()


def test_not_a_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(NotARunError, match="not an evaluation run"):
        build_report([tmp_path])
    with pytest.raises(NotARunError, match="not a folder"):
        build_report([tmp_path / "missing"])
    assert main(["report", str(tmp_path)]) == 2
    assert "not an evaluation run" in capsys.readouterr().err


def test_report_without_matplotlib_writes_the_tables_and_says_how(
    run_a: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import physassist_env.evaluation.report as report_mod

    monkeypatch.setattr(report_mod, "plots_available", lambda: False)
    out = tmp_path / "rep"
    assert main(["report", str(run_a), "--n-boot", "10", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "| run-a |" in captured.out
    assert {p.name for p in out.iterdir()} == {"report.md", "report.json"}
    assert 'pip install "physassistbench[report]"' in captured.err
    with pytest.raises(ImportError, match=r"physassistbench\[report\]"):
        report_mod.render_plots(build_report([run_a], n_boot=10), out)


def test_bars_label_values_and_show_zeros() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    from physassist_env.evaluation.report import CODE_NAMES, _bars, _code_legend

    fig, ax = plt.subplots()
    _bars(ax, ["IL", "DG", "CR"], [("a (en)", [0.0, None, 0.8125], [None] * 3)])
    _code_legend(ax, CODE_NAMES["task_type"], ["IL", "DG", "CR"])
    texts = [t.get_text() for t in ax.texts]
    assert texts[:3] == ["0.000", "n/a", "0.812"]
    assert "IL information lookup" in texts[3] and "CR clinical reasoning" in texts[3]
    heights = [p.get_height() for p in ax.patches]
    assert heights[0] > 0  # a zero is a visible stub, not nothing
    plt.close(fig)


def test_intervals_have_the_values_decimals(run_a: Path) -> None:
    import re

    md = render_markdown(build_report([run_a], n_boot=20))
    cells = re.findall(r"\d\.\d+ \[\d\.\d+, \d\.\d+\]", md)
    assert cells and all(
        re.fullmatch(r"\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]", c) for c in cells
    )
