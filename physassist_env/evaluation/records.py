"""What an evaluation run writes: its config and one JSON line per finished episode.

A run folder holds::

    config.json       EvalConfig + package/environment versions and what the agent's
                      pre-flight check found (written once)
    episodes.jsonl    one EpisodeRecord per line, appended atomically (flush + fsync);
                      each turn carries what the agent spent on it (TurnUsage)

An episode is identified by ``(session_id, language, trial)``; a resumed run skips the
keys already present, so it never duplicates or loses an episode. A line cut off by a
crash, or damaged, is moved to ``episodes.damaged.jsonl`` on resume (the valid lines
after it are kept). ``config.json`` holds the ``run_id``, so a moved folder resumes.
"""

from __future__ import annotations

import json
import logging
import os
import platform
import stat
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from physassist_env.agents.base import runtime_args
from physassist_env.env.episode import DEFAULT_TOOL_BUDGET
from physassist_env.grading.results import TurnResult
from physassist_env.paths import (
    append_line,
    open_safe,
    read_bytes_safe,
    write_text_safe,
)

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
    #: What the agent's pre-flight check found, filled in before the first episode
    #: (``None``: not run yet): ``{"args": ..., "notes": [...], "facts": {...}}``;
    #: ``args`` are applied to every episode's agent (see
    #: :class:`physassist_env.agents.base.Preflight`). Not a setting.
    preflight: dict[str, Any] | None = None

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

    @field_validator("languages", "scenarios", "tiers", mode="before")
    @classmethod
    def _comma_list(cls, value: Any) -> Any:
        """``en,zh`` (as the flags take it) is the list ``[en, zh]``."""
        return (
            [x.strip() for x in value.split(",") if x.strip()]
            if isinstance(value, str)
            else value
        )

    @field_validator("agent", "grader", mode="before")
    @classmethod
    def _named(cls, value: Any) -> dict[str, Any]:
        """``NAME`` or ``{name: NAME, args: {KEY: VALUE}}``."""
        shape = "a name (e.g. oracle) or {name: NAME, args: {KEY: VALUE, ...}}"
        if isinstance(value, str) and value:
            return {"name": value, "args": {}}
        if not isinstance(value, dict):
            raise ValueError(f"expected {shape}")
        extra = sorted(set(value) - {"name", "args"})
        if extra:
            raise ValueError(
                f"unknown key(s) {', '.join(map(repr, extra))}; expected {shape} "
                "(agent and grader arguments go under 'args')"
            )
        if not isinstance(value.get("name"), str) or not value["name"]:
            raise ValueError(f"'name' is missing; expected {shape}")
        args = value.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError(
                f"'args' of {value['name']!r} must be a mapping {{KEY: VALUE, ...}}; "
                f"got {args!r}"
            )
        return {"name": value["name"], "args": dict(args)}


class TurnUsage(BaseModel):
    """What the agent spent on one turn.

    ``steps`` agent actions took ``seconds`` inside the agent (model latency included)
    and sent ``requests`` model requests; token counts are sums over those requests,
    ``None`` when the agent reports none (agents without a model, servers without
    ``usage``). ``cached_tokens`` are prompt tokens the server served from its cache.
    """

    steps: int = 0
    requests: int = 0
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    cached_tokens: int | None = None
    seconds: float = 0.0

    def add(self, usage: dict[str, Any] | None, seconds: float) -> None:
        """Count one agent action: its ``last_usage`` (or ``None``) and its duration."""
        self.steps += 1
        self.seconds = round(self.seconds + seconds, 4)
        usage = usage or {}
        self.requests += int(usage.get("requests") or 0)
        for key in ("prompt_tokens", "completion_tokens", "cached_tokens"):
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                setattr(self, key, (getattr(self, key) or 0) + value)


class TurnRecord(BaseModel):
    """One turn as it happened (for the viewer) with its graded result and its cost."""

    index: int
    request: str
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)
    outcomes: list[dict[str, Any]] = Field(default_factory=list)
    answer: str | None = None
    termination: str
    result: TurnResult
    #: ``None`` in runs recorded before usage was (they still load and resume).
    usage: TurnUsage | None = None


class EpisodeRecord(BaseModel):
    """One finished (or failed) episode: a session in one language, one trial."""

    session_id: str
    language: str
    trial: int
    turns: list[TurnRecord] = Field(default_factory=list)
    messages: list[dict[str, Any]] = Field(default_factory=list)
    seconds: float = 0.0
    error: str | None = None
    #: For a failed episode: whether its failure stopped the run (an endpoint that
    #: timed out or does not answer); such records go to ``errors.jsonl`` only.
    stops_run: bool = False

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

    An existing ``config.json`` must hold the same settings (refusing to mix runs),
    except the concurrency, the backend and the agent's runtime arguments (timeouts,
    retries: :func:`~physassist_env.agents.base.runtime_args`), and its pre-flight check
    must have set the same agent arguments; its ``run_id`` wins, so a run folder that
    was moved or renamed resumes as the same run.

    Raises:
        ValueError: When ``run`` holds a run with another configuration.
        UnsafePathError: When ``config.json`` is a link or not a plain file.
    """
    path = run / CONFIG
    data = config.model_dump(exclude={"versions", "run_id", "preflight"})
    if path.exists() or path.is_symlink():
        stored = _parse_config(path, read_bytes_safe(path, to_rewrite=True))
        old = stored.model_dump(exclude={"versions", "run_id", "preflight"})
        # how the agent runs (timeouts, retries ...) may change between sessions
        loose = runtime_args(str(config.agent.get("name")))
        for d in (data, old):
            d["agent"] = {
                "name": d["agent"].get("name"),
                "args": {
                    k: v
                    for k, v in (d["agent"].get("args") or {}).items()
                    if k not in loose
                },
            }
        diff = {
            k: (old.get(k), v)
            for k, v in data.items()
            if old.get(k) != v and k not in ("concurrency", "backend")
        }
        if diff:
            raise ValueError(
                f"{run} holds a run with another configuration ({diff}); use another --out or the same settings to resume"
            )
        was = (stored.preflight or {}).get("args")
        now = (config.preflight or {}).get("args")
        if stored.preflight is not None and config.preflight is not None and was != now:
            raise ValueError(
                f"{run} was run with agent arguments {was} from its pre-flight check "
                f"({'; '.join(stored.preflight.get('notes') or []) or 'no notes'}), but the "
                f"check now gives {now} ({'; '.join(config.preflight.get('notes') or []) or 'no notes'}); "
                "the endpoint changed: restore it to resume, or use another --out"
            )
        return config.model_copy(update={"run_id": stored.run_id})
    run.mkdir(parents=True, exist_ok=True)
    write_text_safe(run, CONFIG, config.model_dump_json(indent=2))
    return config


def private_run(run: str | Path) -> bool:
    """Whether a run folder is owner-only: :func:`~physassist_env.evaluation.run_eval`
    makes it so for a MIMIC-derived dataset, and its report and site follow it."""
    try:
        return stat.S_IMODE(Path(run).stat().st_mode) & 0o077 == 0
    except OSError:
        return False


def read_config(run: Path) -> EvalConfig:
    """The run's configuration."""
    path = Path(run) / CONFIG
    if not (path.exists() or path.is_symlink()):
        raise FileNotFoundError(
            f"{run} is not an evaluation run (no {CONFIG}); run `physassist eval --out {run}` first"
        )
    return _parse_config(path, read_bytes_safe(path))


def _parse_config(path: Path, raw: bytes) -> EvalConfig:
    """``config.json``'s settings; a damaged file is a one-line ``ValueError``."""
    try:
        return EvalConfig.model_validate_json(raw)
    except ValidationError as exc:
        first = exc.errors()[0] if exc.errors() else {"msg": str(exc)}
        where = ".".join(str(p) for p in first.get("loc", ())) or "the file"
        raise ValueError(
            f"{path} is not a readable run configuration ({where}: {first['msg']}); "
            "restore it, or move the run folder away"
        ) from None


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
    """Append one episode as a single line, flushed and fsynced
    (:func:`physassist_env.paths.append_line`: a failed write leaves no partial line)."""
    append_line(run, EPISODES, record.model_dump_json().encode("utf-8"))


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
