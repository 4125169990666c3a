"""SFT data from an evaluation run's own turns (``training/sft.py --from_run``).

Reading a run is the evaluation layer's job, so this lives here and builds on the
environment's TRL helpers (:mod:`physassist_env.env.trl`); the expert trajectories are
:func:`physassist_env.env.trl.sft_dataset`.
"""

from __future__ import annotations

import json
import os
from typing import Any

from physassist_env.env.trl import check_training_split, compact_tools, sft_features
from physassist_env.evaluation.records import load_run
from physassist_env.tool_schemas import all_tool_schemas


def run_sft_dataset(
    run: str | os.PathLike[str],
    *,
    language: str = "en",
    limit: int | None = None,
    min_score: float = 1.0,
    tools: str = "full",
) -> Any:
    """SFT rows (``messages`` + ``tools``) from a run's turns that scored at least ``min_score``.

    Each row is the episode's conversation up to that turn's final answer, tool names
    written with underscores. The run must be on a training split.

    Args:
        run: An evaluation run folder.
        language: ``en`` or ``zh``; episodes in the other language are skipped.
        limit: Only the first ``limit`` episodes of the run.
        min_score: The lowest turn score kept.
        tools: ``full`` or ``compact`` schemas (see :func:`compact_tools`).

    Raises:
        TestSplitError: For a run on the test split.
    """
    from datasets import Dataset

    schemas = all_tool_schemas(language, name_style="underscore")
    schemas = compact_tools(schemas) if tools == "compact" else schemas
    config, records = load_run(run)
    check_training_split(config.split)
    rows: list[dict[str, Any]] = []
    for rec in records[:limit]:
        if rec.language != language:
            continue
        msgs = [underscore_message(m) for m in rec.messages]
        ends = [
            i
            for i, m in enumerate(msgs)
            if m["role"] == "assistant" and not m.get("tool_calls")
        ]
        for turn, end in zip(rec.turns, ends, strict=False):
            if turn.result.score is not None and turn.result.score >= min_score:
                rows.append({"messages": msgs[: end + 1], "tools": schemas})
    return (
        Dataset.from_list(rows, features=sft_features(rows))
        if rows
        else Dataset.from_list([])
    )


def underscore_message(message: dict[str, Any]) -> dict[str, Any]:
    """A recorded message with dotted tool names written with underscores, arguments as objects."""
    msg = dict(message)
    if msg.get("tool_calls"):
        calls = []
        for c in msg["tool_calls"]:
            fn = dict(c.get("function") or {})
            fn["name"] = str(fn.get("name", "")).replace(".", "_")
            if isinstance(fn.get("arguments"), str):
                try:
                    fn["arguments"] = json.loads(fn["arguments"] or "{}")
                except ValueError:
                    fn["arguments"] = {}
            calls.append({**c, "function": fn})
        msg["tool_calls"] = calls
    if msg.get("role") == "tool" and msg.get("name"):
        msg["name"] = str(msg["name"]).replace(".", "_")
    return msg
