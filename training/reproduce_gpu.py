"""The one-GPU run: SFT of SmolLM2-135M, then GRPO on the environment's rewards, then both on validation.

Steps (one GPU; about 8 minutes on an H100 with the defaults):

1. SFT on expert trajectories of train sessions (``recipes/sft_smollm2_gpu.yaml``): wall
   time, steps/s, peak GPU memory, learning curve;
2. GRPO from the SFT model (``recipes/grpo_smollm2_gpu.yaml``) under a wall-time limit
   (``--grpo-seconds``): steps/s, peak GPU memory, the reward per step;
3. if at least ``--eval-min-seconds`` of ``--budget-seconds`` are left, ``physassist eval
   --agent hf`` of the SFT and the GRPO policy on the first ``--eval-sessions`` validation
   sessions (EN, same seed and settings).

The summary is rewritten after every stage (``gpu_run.json`` and ``gpu_run.md`` in
``--out``), so a run cut short still leaves what it measured. ``--cpu-smoke`` runs the
same code on CPU with one step of each (to check the script before spending GPU time).

Run::

    python training/reproduce_gpu.py --dataset /path/to/build --out training/results
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


@dataclass
class Args:
    """Arguments of the GPU reproduction."""

    dataset: str | None = None
    model: str = "smollm2"
    runs: str = "runs/gpu-training"
    out: str = "training/results"
    grpo_seconds: int = 300
    budget_seconds: int = 540
    eval_sessions: int = 3
    eval_min_seconds: int = 90
    max_new_tokens: int = 160
    cpu_smoke: bool = False


def make_parser() -> argparse.ArgumentParser:
    """One option per :class:`Args` field."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    for f in fields(Args):
        flag = f"--{f.name.replace('_', '-')}"
        if f.type == "bool":
            p.add_argument(flag, action="store_true")
        else:
            p.add_argument(
                flag, type=int if f.type == "int" else str, default=f.default
            )
    return p


def _script(name: str) -> Any:
    """Import ``training/<name>.py`` as a module."""
    spec = importlib.util.spec_from_file_location(
        f"training_{name}", HERE / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class StepClock:
    """A ``TrainerCallback`` that times every optimiser step and stops after ``seconds``."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds
        self.start: float | None = None
        self.step_times: list[float] = []

    def on_train_begin(self, args, state, control, **kwargs):  # noqa: ANN001, D102
        self.start = time.perf_counter()

    def on_step_end(self, args, state, control, **kwargs):  # noqa: ANN001, D102
        now = time.perf_counter()
        self.step_times.append(now - (self.start or now))
        if self.seconds is not None and self.step_times[-1] >= self.seconds:
            control.should_training_stop = True

    def summary(self) -> dict[str, float | int]:
        """Steps, seconds from the first step's start, and steps/s (first step included)."""
        if not self.step_times:
            return {"steps": 0, "train_seconds": 0.0, "steps_per_s": 0.0}
        total = self.step_times[-1]
        return {
            "steps": len(self.step_times),
            "train_seconds": round(total, 1),
            "steps_per_s": round(len(self.step_times) / total, 4),
            "first_step_seconds": round(self.step_times[0], 1),
        }


def _callback(clock: StepClock) -> Any:
    """``clock`` as a real ``transformers.TrainerCallback``."""
    from transformers import TrainerCallback

    class _Clock(TrainerCallback):
        on_train_begin = clock.on_train_begin
        on_step_end = clock.on_step_end

    return _Clock()


def _memory() -> dict[str, float] | None:
    """Peak GPU memory since the last reset (GiB), or ``None`` on CPU."""
    import torch

    if not torch.cuda.is_available():
        return None
    return {
        "peak_allocated_gib": round(torch.cuda.max_memory_allocated() / 2**30, 2),
        "peak_reserved_gib": round(torch.cuda.max_memory_reserved() / 2**30, 2),
    }


def _reset_memory() -> None:
    import torch

    if torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def _series(history: list[dict[str, Any]], key: str) -> list[float]:
    return [float(h[key]) for h in history if key in h and "step" in h]


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def _overrides(cpu_smoke: bool, kind: str) -> list[str]:
    if not cpu_smoke:
        return []
    common = ["--bf16", "false", "--use_cpu", "true", "--max_steps", "1"]
    if kind == "sft":
        return common + ["--limit", "1", "--per_device_train_batch_size", "1"]
    return common + [
        "--limit",
        "1",
        "--per_device_train_batch_size",
        "2",
        "--num_generations",
        "2",
        "--max_completion_length",
        "16",
        "--max_tool_calling_iterations",
        "1",
    ]


def _write(summary: dict[str, Any], out: Path) -> None:
    (out / "gpu_run.json").write_text(json.dumps(summary, indent=2) + "\n")
    rows = [
        "| stage | steps | s/step | peak GPU memory (GiB) | result |",
        "|---|---|---|---|---|",
    ]
    for stage in ("sft", "grpo"):
        s = summary.get(stage)
        if not s:
            continue
        mem = (s.get("memory") or {}).get("peak_allocated_gib", "-")
        sps = s["steps_per_s"]
        per = round(1 / sps, 2) if sps else "-"
        result = (
            f"loss {s['loss_first']} -> {s['loss_last']}"
            if stage == "sft"
            else f"reward {s['reward_first5']} (first 5 steps) -> {s['reward_last5']} (last 5)"
        )
        rows.append(f"| {stage} | {s['steps']} | {per} | {mem} | {result} |")
    for name in ("eval_sft", "eval_grpo"):
        s = summary.get(name)
        if s:
            rows.append(
                f"| {name} | - | - | - | mean turn score {s['mean_turn_score']} on {s['turns']} turns, "
                f"valid calls/turn {s['valid_tool_calls_per_turn']} |"
            )
    (out / "gpu_run.md").write_text("\n".join(rows) + "\n")
    print("\n".join(rows), flush=True)


def main(args: Args) -> dict[str, Any]:
    """Run SFT, GRPO and (time allowing) both evaluations; write and return the summary."""
    import torch
    import transformers
    import trl

    from physassist_env.dataset.build import default_dataset

    t_start = time.perf_counter()
    dataset = args.dataset or str(default_dataset())
    runs, out = Path(args.runs), Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    cuda = torch.cuda.is_available()
    summary: dict[str, Any] = {
        "device": torch.cuda.get_device_name(0) if cuda else "cpu",
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "trl": trl.__version__,
        "dataset": Path(dataset).name,
        "cpu_smoke": args.cpu_smoke,
    }
    if not cuda and not args.cpu_smoke:
        raise SystemExit(
            "no GPU found: run with --cpu-smoke to check the script on CPU"
        )

    # 1. SFT
    sft = _script("sft")
    from trl import SFTConfig, TrlParser

    sft_args, sft_cfg = TrlParser(
        (sft.ScriptArguments, SFTConfig)
    ).parse_args_and_config(
        [
            "--config",
            str(HERE / "recipes" / "sft_smollm2_gpu.yaml"),
            "--dataset",
            dataset,
            "--model",
            args.model,
            "--output_dir",
            str(runs / "sft"),
        ]
        + _overrides(args.cpu_smoke, "sft")
    )
    _reset_memory()
    clock, t0 = StepClock(), time.perf_counter()
    sft_dir = sft.main(sft_args, sft_cfg, callbacks=[_callback(clock)])
    history = json.loads((sft_dir / "learning_curve.json").read_text())
    loss = _series(history, "loss")
    summary["sft"] = clock.summary() | {
        "recipe": "training/recipes/sft_smollm2_gpu.yaml",
        "wall_seconds": round(time.perf_counter() - t0, 1),
        "memory": _memory(),
        "loss_first": round(loss[0], 3) if loss else None,
        "loss_last": round(loss[-1], 3) if loss else None,
    }
    shutil.copy(sft_dir / "learning_curve.png", out / "gpu_sft_learning_curve.png")
    _write(summary, out)

    # 2. GRPO from the SFT model, under a time limit
    grpo = _script("grpo")
    from trl import GRPOConfig

    grpo_args, grpo_cfg = TrlParser(
        (grpo.ScriptArguments, GRPOConfig)
    ).parse_args_and_config(
        [
            "--config",
            str(HERE / "recipes" / "grpo_smollm2_gpu.yaml"),
            "--dataset",
            dataset,
            "--model",
            str(sft_dir),
            "--output_dir",
            str(runs / "grpo"),
        ]
        + _overrides(args.cpu_smoke, "grpo")
    )
    _reset_memory()
    clock, t0 = StepClock(args.grpo_seconds), time.perf_counter()
    grpo_dir = grpo.main(grpo_args, grpo_cfg, callbacks=[_callback(clock)])
    history = json.loads((grpo_dir / "reward_curve.json").read_text())
    reward = _series(history, "reward")
    keys = sorted(
        {k for h in history for k, v in h.items() if isinstance(v, (int, float))}
    )
    summary["grpo"] = clock.summary() | {
        "recipe": "training/recipes/grpo_smollm2_gpu.yaml",
        "time_limit_seconds": args.grpo_seconds,
        "wall_seconds": round(time.perf_counter() - t0, 1),
        "memory": _memory(),
        "reward_per_step": [round(r, 4) for r in reward],
        "reward_first5": _mean(reward[:5]),
        "reward_last5": _mean(reward[-5:]),
        "logged_keys": keys,
    }
    shutil.copy(grpo_dir / "reward_curve.png", out / "gpu_grpo_reward_curve.png")
    shutil.copy(grpo_dir / "reward_curve.json", out / "gpu_grpo_log.json")
    _write(summary, out)

    # 3. Both policies on validation, if time is left
    from physassist_env.evaluation import EvalConfig, run_eval

    cpu_run = _script("reproduce_cpu")
    for name, model_dir in (("eval_sft", sft_dir), ("eval_grpo", grpo_dir)):
        left = args.budget_seconds - (time.perf_counter() - t_start)
        if left < args.eval_min_seconds:
            summary[f"{name}_skipped"] = f"{left:.0f} s of the budget left"
            break
        config = EvalConfig(
            run_id=f"gpu-{name}",
            dataset=dataset,
            split="validation",
            limit=1 if args.cpu_smoke else args.eval_sessions,
            concurrency=1,
            agent={
                "name": "hf",
                "args": {
                    "model": str(model_dir),
                    "temperature": 0.2,
                    "max_new_tokens": 16 if args.cpu_smoke else args.max_new_tokens,
                },
            },
        )
        t0 = time.perf_counter()
        run_eval(config, runs / name)
        summary[name] = cpu_run._summary(runs / name) | {
            "seconds": round(time.perf_counter() - t0, 1)
        }
        _write(summary, out)
    summary["total_seconds"] = round(time.perf_counter() - t_start, 1)
    _write(summary, out)
    return summary


if __name__ == "__main__":
    main(Args(**vars(make_parser().parse_args())))
