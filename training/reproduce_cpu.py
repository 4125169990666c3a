"""The CPU run of issue #9: a short SFT of SmolLM2-135M, then base vs fine-tuned on validation.

Steps (all on CPU, about 15 minutes on 2 cores with the defaults):

1. SFT on expert trajectories of the first ``--sft-sessions`` train sessions
   (``training/recipes/sft_smollm2.yaml``), learning curve to ``training/results/``;
2. ``physassist eval --agent hf`` of the base model and of the fine-tuned one on the first
   ``--eval-sessions`` validation sessions (EN), same seed and settings;
3. a summary (mean turn score, turns with a valid tool call, invalid calls per turn) in
   ``training/results/cpu_run.json`` and ``.md``.

Run::

    python training/reproduce_cpu.py
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, fields
from pathlib import Path


@dataclass
class Args:
    """Arguments of the CPU reproduction."""

    sft_sessions: int = 2
    eval_sessions: int = 3
    epochs: int = 2
    learning_rate: str = "1e-4"
    dataset: str | None = None
    runs: str = "runs/cpu-training"
    out: str = "training/results"
    max_new_tokens: int = 160


def make_parser() -> argparse.ArgumentParser:
    """One option per :class:`Args` field."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    for f in fields(Args):
        p.add_argument(
            f"--{f.name.replace('_', '-')}",
            type=int if f.type == "int" else str,
            default=f.default,
        )
    return p


def _summary(run: Path) -> dict[str, float | int]:
    from physassist_env.evaluation import read_episodes, turn_results

    results = turn_results(read_episodes(run))
    scores = [r.score for r in results if r.score is not None]
    return {
        "turns": len(results),
        "mean_turn_score": round(sum(scores) / len(scores), 4) if scores else 0.0,
        "turns_with_a_valid_tool_call": round(
            sum(r.tool_calls > 0 for r in results) / len(results), 4
        ),
        "valid_tool_calls_per_turn": round(
            sum(r.tool_calls for r in results) / len(results), 3
        ),
        "invalid_calls_per_turn": round(
            sum(r.invalid_calls for r in results) / len(results), 3
        ),
    }


def main(args: Args) -> dict[str, object]:
    """Run SFT and both evaluations; write and return the summary."""
    import importlib.util
    import shutil
    import sys

    from trl import TrlParser

    from physassist_env.dataset.build import default_dataset
    from physassist_env.evaluation import EvalConfig, run_eval

    dataset = args.dataset or str(default_dataset())
    runs, out = Path(args.runs), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    spec = importlib.util.spec_from_file_location(
        "training_sft", Path(__file__).parent / "sft.py"
    )
    sft = importlib.util.module_from_spec(spec)
    sys.modules["training_sft"] = sft
    spec.loader.exec_module(sft)
    recipe = Path(__file__).parent / "recipes" / "sft_smollm2.yaml"
    from trl import SFTConfig

    parser = TrlParser((sft.ScriptArguments, SFTConfig))
    script_args, training_args = parser.parse_args_and_config(
        [
            "--config",
            str(recipe),
            "--dataset",
            dataset,
            "--limit",
            str(args.sft_sessions),
            "--output_dir",
            str(runs / "sft-model"),
            "--num_train_epochs",
            str(args.epochs),
            "--learning_rate",
            args.learning_rate,
            "--gradient_accumulation_steps",
            "1",
            "--max_length",
            "4608",
        ]
    )
    t0 = time.perf_counter()
    model_dir = sft.main(script_args, training_args)
    sft_seconds = time.perf_counter() - t0
    shutil.copy(model_dir / "learning_curve.png", out / "sft_learning_curve.png")
    shutil.copy(model_dir / "learning_curve.json", out / "sft_learning_curve.json")
    summary: dict[str, object] = {
        "sft": {
            "sessions": args.sft_sessions,
            "seconds": round(sft_seconds, 1),
            "recipe": str(recipe.relative_to(Path(__file__).parents[1])),
        }
    }
    for name, model in (("base", "smollm2"), ("fine_tuned", str(model_dir))):
        config = EvalConfig(
            run_id=f"cpu-{name}",
            dataset=dataset,
            split="validation",
            limit=args.eval_sessions,
            concurrency=1,
            agent={
                "name": "hf",
                "args": {
                    "model": model,
                    "temperature": 0.2,
                    "max_new_tokens": args.max_new_tokens,
                },
            },
        )
        t0 = time.perf_counter()
        run_eval(config, runs / f"eval-{name}")
        summary[name] = _summary(runs / f"eval-{name}") | {
            "seconds": round(time.perf_counter() - t0, 1)
        }
    (out / "cpu_run.json").write_text(json.dumps(summary, indent=2) + "\n")
    rows = [
        "| model | mean turn score | turns with a valid tool call | valid calls / turn | invalid calls / turn |",
        "|---|---|---|---|---|",
    ]
    for name in ("base", "fine_tuned"):
        s = summary[name]
        rows.append(
            f"| {name} | {s['mean_turn_score']} | {s['turns_with_a_valid_tool_call']} | {s['valid_tool_calls_per_turn']} | {s['invalid_calls_per_turn']} |"
        )  # type: ignore[index]
    (out / "cpu_run.md").write_text("\n".join(rows) + "\n")
    print("\n".join(rows))
    return summary


if __name__ == "__main__":
    main(Args(**vars(make_parser().parse_args())))
