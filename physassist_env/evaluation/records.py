"""What an evaluation run writes: its config and one JSON line per finished episode.

A run folder holds::

    config.json       EvalConfig + package/environment versions (written once)
    episodes.jsonl    one EpisodeRecord per line, appended atomically (flush + fsync)

An episode is identified by ``(session_id, language, trial)``; a resumed run skips the
keys already present, so it never duplicates or loses an episode. A line cut off by a
crash, or damaged, is moved to ``episodes.damaged.jsonl`` on resume (the valid lines
after it are kept). ``config.json`` holds the ``run_id``, so a moved folder resumes.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import platform
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from physassist_env.env.episode import DEFAULT_TOOL_BUDGET
from physassist_env.grading.results import TurnResult
from physassist_env.paths import open_safe, read_bytes_safe, write_text_safe

CONFIG = "config.json"
EPISODES = "episodes.jsonl"
DAMAGED = "episodes.damaged.jsonl"

log = logging.getLogger(__name__)


#: The paper's sampling temperature, applied to agents that sample when a run sets none.
PAPER_TEMPERATURE = 0.2
LANGUAGES = ("en", "zh")
BACKENDS = ("local", "ray")


class EvalConfig(BaseModel):
    """Every setting of an evaluation run, with its default; the one run configuration.

    It is read from the CLI flags and from ``physassist eval --config run.yaml`` (flags
    win), written to ``config.json`` and applied: the environment is
    ``gym.make(env_id, **env_args, <the settings below>)``, the agent is
    ``make_agent(agent["name"], **agent["args"])`` (with ``temperature`` for agents that
    sample), the grader ``make_grader(grader["name"], **grader["args"])``.
    """

    model_config = ConfigDict(extra="forbid")

    run_id: str = ""
    dataset: str = ""
    split: str = "test"
    languages: list[str] = Field(default_factory=lambda: ["en", "zh"])
    scenarios: list[str] | None = None
    tiers: list[str] | None = None
    limit: int | None = Field(default=None, ge=1)
    k: int = Field(default=1, ge=1)
    env_id: str = "PhysAssist-v0"
    env_args: dict[str, Any] = Field(default_factory=dict)
    agent: dict[str, Any] = Field(
        default_factory=lambda: {"name": "heuristic", "args": {}}
    )
    grader: dict[str, Any] = Field(
        default_factory=lambda: {"name": "rules", "args": {}}
    )
    patient: str = "scripted"
    history: str = "own"
    max_tool_calls_per_turn: int = Field(default=DEFAULT_TOOL_BUDGET, ge=1)
    #: Sampling temperature of agents that sample (None: the paper's 0.2 for them);
    #: must stay None for agents that do not sample.
    temperature: float | None = Field(default=None, ge=0.0)
    concurrency: int = Field(default=4, ge=1)
    backend: str = "local"
    seed: int = 0
    versions: dict[str, str] = Field(default_factory=dict)

    @field_validator("languages")
    @classmethod
    def _languages(cls, value: list[str]) -> list[str]:
        bad = [x for x in value if x not in LANGUAGES]
        if bad or not value:
            raise ValueError(
                f"languages {value!r}: {'unknown ' + ', '.join(map(repr, bad)) if bad else 'empty'}; "
                f"valid: {', '.join(LANGUAGES)}"
            )
        return value

    @field_validator("backend")
    @classmethod
    def _backend(cls, value: str) -> str:
        if value not in BACKENDS:
            raise ValueError(f"backend {value!r}; valid: {', '.join(BACKENDS)}")
        return value

    @field_validator("agent", "grader")
    @classmethod
    def _named(cls, value: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(value.get("name"), str) or not value["name"]:
            raise ValueError(f"{value!r} needs a 'name' (and optional 'args')")
        args = value.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError(f"'args' of {value['name']!r} must be a mapping")
        return {"name": value["name"], "args": dict(args)}


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


def write_config(run: Path, config: EvalConfig) -> EvalConfig:
    """Write ``config.json``, or check an existing one; returns the run's configuration.

    An existing ``config.json`` must hold the same settings (refusing to mix runs); its
    ``run_id`` wins, so a run folder that was moved or renamed resumes as the same run.

    Raises:
        ValueError: When ``run`` holds a run with another configuration.
        UnsafePathError: When ``config.json`` is a link or not a plain file.
    """
    path = run / CONFIG
    data = config.model_dump(exclude={"versions", "run_id"})
    if path.exists() or path.is_symlink():
        stored = EvalConfig.model_validate_json(read_bytes_safe(path, to_rewrite=True))
        old = stored.model_dump(exclude={"versions", "run_id"})
        diff = {
            k: (old.get(k), v)
            for k, v in data.items()
            if old.get(k) != v and k not in ("concurrency", "backend")
        }
        if diff:
            raise ValueError(
                f"{run} holds a run with another configuration ({diff}); use another --out or the same settings to resume"
            )
        return config.model_copy(update={"run_id": stored.run_id})
    run.mkdir(parents=True, exist_ok=True)
    write_text_safe(run, CONFIG, config.model_dump_json(indent=2))
    return config


def read_config(run: Path) -> EvalConfig:
    """The run's configuration."""
    path = Path(run) / CONFIG
    if not (path.exists() or path.is_symlink()):
        raise FileNotFoundError(
            f"{run} is not an evaluation run (no {CONFIG}); run `physassist eval --out {run}` first"
        )
    return EvalConfig.model_validate_json(read_bytes_safe(path))


def read_episodes(run: Path, *, repair: bool = False) -> list[EpisodeRecord]:
    """Every complete episode of a run; a damaged line never hides the lines after it.

    A line that is not a valid record (cut off by a crash, or damaged) is skipped with a
    warning. With ``repair`` (the writer, holding the run lock) such lines are moved to
    ``episodes.damaged.jsonl`` and ``episodes.jsonl`` is rewritten without them
    (atomically, by a rename), so the next append starts on a clean line.

    Raises:
        UnsafePathError: When ``episodes.jsonl`` is a link or not a plain file.
    """
    run = Path(run)
    path = run / EPISODES
    if not (path.exists() or path.is_symlink()):
        return []
    records: dict[tuple[str, str, int], EpisodeRecord] = {}
    raw = read_bytes_safe(path, to_rewrite=repair)
    good: list[bytes] = []
    damaged: list[tuple[int, bytes]] = []
    for number, line in enumerate(raw.splitlines(keepends=True), 1):
        if not line.strip():
            continue
        try:
            if not line.endswith(b"\n"):
                raise ValueError("cut off")
            rec = EpisodeRecord.model_validate_json(line)
        except ValueError:
            damaged.append((number, line))
            continue
        records.setdefault(rec.key, rec)
        good.append(line)
    if damaged:
        where = ", ".join(str(n) for n, _ in damaged[:10])
        if repair:
            with open_safe(run, DAMAGED, "ab") as fh:
                for _, line in damaged:
                    fh.write(line if line.endswith(b"\n") else line + b"\n")
                fh.flush()
                os.fsync(fh.fileno())
            tmp = f".{EPISODES}.repair-{os.getpid()}"
            with open_safe(run, tmp, "wb") as fh:
                fh.writelines(good)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(run / tmp, path)
            log.warning(
                "%s: %d damaged line(s) (line %s) moved to %s; their episodes will be run again",
                path,
                len(damaged),
                where,
                run / DAMAGED,
            )
        else:
            log.warning(
                "%s: skipped %d damaged line(s) (line %s)", path, len(damaged), where
            )
    return list(records.values())


def append_episode(run: Path, record: EpisodeRecord) -> None:
    """Append one episode as a single line, flushed and fsynced.

    When the write fails (a full disk ...), the file is cut back to its previous length,
    so no partial line is left behind, and the ``OSError`` is raised.
    """
    line = (record.model_dump_json() + "\n").encode("utf-8")
    with open_safe(run, EPISODES, "ab", buffering=0) as fh:
        size = os.fstat(fh.fileno()).st_size
        try:
            view = memoryview(line)
            while view:
                view = view[fh.write(view) :]
            os.fsync(fh.fileno())
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fh.fileno(), size)
            raise


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
