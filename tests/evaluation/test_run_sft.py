"""SFT rows from a stored run (``evaluation.sft``) and judge-rule agreement over a run."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("datasets")

from physassist_env.env import trl  # noqa: E402
from physassist_env.evaluation import EvalConfig, run_eval  # noqa: E402
from physassist_env.evaluation.sft import run_sft_dataset, underscore_message  # noqa: E402


def _run(dataset: Path, out: Path, split: str) -> Path:
    cfg = EvalConfig(
        run_id=f"sft-{split}",
        dataset=str(dataset),
        split=split,
        languages=["en"],
        limit=1,
        agent={"name": "oracle", "args": {}},
    )
    run_eval(cfg, out, progress=False)
    return out


def test_a_training_run_gives_rows_up_to_each_answer(built_dataset, tmp_path):
    run = _run(built_dataset, tmp_path / "train", "train")
    rows = run_sft_dataset(run, min_score=1.0, tools="compact")
    assert len(rows) >= 1
    for row in rows:
        assert row["messages"][-1]["role"] == "assistant"
        assert not row["messages"][-1].get("tool_calls")
        names = [t["function"]["name"] for t in row["tools"]]
        assert all("." not in n for n in names)
    assert len(run_sft_dataset(run, min_score=1.01)) == 0
    assert len(run_sft_dataset(run, language="zh")) == 0


def test_a_test_split_run_is_refused(built_dataset, tmp_path):
    run = _run(built_dataset, tmp_path / "test", "test")
    with pytest.raises(trl.TestSplitError):
        run_sft_dataset(run)


def test_underscore_message_rewrites_names_and_arguments():
    msg = {
        "role": "assistant",
        "tool_calls": [
            {"function": {"name": "Observation.search", "arguments": '{"code": "k"}'}}
        ],
    }
    out = underscore_message(msg)
    assert out["tool_calls"][0]["function"] == {
        "name": "Observation_search",
        "arguments": {"code": "k"},
    }
    assert msg["tool_calls"][0]["function"]["name"] == "Observation.search"
