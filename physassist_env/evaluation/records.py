"""What an evaluation run writes: its config and one JSON line per finished episode.

A run folder holds::

    config.json       EvalConfig + package/environment versions (written once)
    episodes.jsonl    one EpisodeRecord per line, appended atomically (flush + fsync)

An episode is identified by ``(session_id, language, trial)``; a resumed run skips the
keys already present, so it never duplicates or loses an episode. A line cut off by a
crash is detected and dropped on resume.
"""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from physassist_env.grading.results import TurnResult
from physassist_env.paths import open_safe, write_text_safe

CONFIG = "config.json"
EPISODES = "episodes.jsonl"


class EvalConfig(BaseModel):
    """Everything that defines a run (results record it; ``physassist report`` shows it)."""

    run_id: str
    dataset: str
    split: str = "test"
    languages: list[str] = Field(default_factory=lambda: ["en"])
    scenarios: list[str] | None = None
    tiers: list[str] | None = None
    limit: int | None = None
    k: int = 1
    agent: dict[str, Any]
    grader: dict[str, Any] = Field(
        default_factory=lambda: {"name": "rules", "args": {}}
    )
    patient: str = "scripted"
    history: str = "own"
    max_tool_calls_per_turn: int = 16
    temperature: float = 0.2
    concurrency: int = 4
    backend: str = "local"
    env_id: str = "PhysAssist-v0"
    seed: int = 0
    versions: dict[str, str] = Field(default_factory=dict)


class TurnRecord(BaseModel):
    """One turn as it happened (for the viewer) with its graded result."""

    index: int
    request: str
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    outcomes: list[dict[str, Any]] = Field(default_factory=list)
    answer: str | None = None
    termination: str
    result: TurnResult


class EpisodeRecord(BaseModel):
    """One finished (or failed) episode: a session in one language, one trial."""

    session_id: str
    language: str
    trial: int
    turns: list[TurnRecord] = Field(default_factory=list)
    messages: list[dict[str, Any]] = Field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None

    @property
    def key(self) -> tuple[str, str, int]:
        """The episode's identity within a run."""
        return (self.session_id, self.language, self.trial)


def versions() -> dict[str, str]:
    """Versions of the package, Python and the main libraries (for reproducibility)."""
    from importlib import metadata

    out = {"python": platform.python_version(), "platform": platform.platform()}
    for dist in (
        "physassistbench",
        "gymnasium",
        "datasets",
        "pydantic",
        "transformers",
        "torch",
        "trl",
    ):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            continue
    return out


def write_config(run: Path, config: EvalConfig) -> None:
    """Write ``config.json`` (refusing to mix runs: an existing one must match)."""
    path = run / CONFIG
    data = config.model_dump(exclude={"versions"})
    if path.exists():
        old = EvalConfig.model_validate_json(path.read_text()).model_dump(
            exclude={"versions"}
        )
        diff = {
            k: (old.get(k), v)
            for k, v in data.items()
            if old.get(k) != v and k not in ("concurrency", "backend")
        }
        if diff:
            raise ValueError(
                f"{run} holds a run with another configuration ({diff}); use another --out or the same settings to resume"
            )
        return
    run.mkdir(parents=True, exist_ok=True)
    write_text_safe(run, CONFIG, config.model_dump_json(indent=2))


def read_config(run: Path) -> EvalConfig:
    """The run's configuration."""
    path = Path(run) / CONFIG
    if not path.exists():
        raise FileNotFoundError(
            f"{run} is not an evaluation run (no {CONFIG}); run `physassist eval --out {run}` first"
        )
    return EvalConfig.model_validate_json(path.read_text())


def read_episodes(run: Path, *, repair: bool = False) -> list[EpisodeRecord]:
    """Every complete episode of a run (a last line cut off by a crash is ignored, or removed with ``repair``)."""
    path = Path(run) / EPISODES
    if not path.exists():
        return []
    records: dict[tuple[str, str, int], EpisodeRecord] = {}
    raw = path.read_bytes()
    good_end = 0
    for line in raw.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            rec = EpisodeRecord.model_validate_json(line)
        except ValueError:
            break
        records.setdefault(rec.key, rec)
        good_end += len(line)
    if repair and good_end < len(raw):
        with open(path, "r+b") as fh:
            fh.truncate(good_end)
    return list(records.values())


def append_episode(run: Path, record: EpisodeRecord) -> None:
    """Append one episode as a single line, flushed and fsynced."""
    line = record.model_dump_json() + "\n"
    with open_safe(run, EPISODES, "a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


def turn_results(records: list[EpisodeRecord]) -> list[TurnResult]:
    """The graded turns of a run, for :mod:`physassist_env.grading.metrics`."""
    return [t.result for r in records if r.error is None for t in r.turns]


def load_run(run: str | Path) -> tuple[EvalConfig, list[EpisodeRecord]]:
    """A run's configuration and episodes."""
    run = Path(run)
    return read_config(run), read_episodes(run)


def dumps(obj: Any) -> str:
    """Compact JSON (UTF-8 kept)."""
    return json.dumps(obj, ensure_ascii=False, default=str)
