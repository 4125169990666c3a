"""Evaluation: run agents over sessions (``physassist eval``) and read runs back."""

from __future__ import annotations

from physassist_env.evaluation.records import (
    EpisodeRecord,
    EvalConfig,
    load_run,
    read_episodes,
    turn_results,
)
from physassist_env.evaluation.runner import episode_keys, run_eval

__all__ = [
    "EpisodeRecord",
    "EvalConfig",
    "episode_keys",
    "load_run",
    "read_episodes",
    "run_eval",
    "turn_results",
]
