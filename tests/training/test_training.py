"""training/sft.py and training/grpo.py: one real step each on CPU with a tiny model."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("trl")
torch = pytest.importorskip("torch")

REPO = Path(__file__).resolve().parents[2]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(
        f"training_{name}", REPO / "training" / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory, built_dataset) -> Path:
    """A tiny Llama with a ChatML tokenizer trained on the dataset's text, saved as a folder."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    from physassist_env.env.trl import sft_dataset

    rows = sft_dataset(built_dataset, limit=2, tools="compact")
    corpus = [
        json.dumps(r["messages"], ensure_ascii=False) + json.dumps(r["tools"])
        for r in rows
    ] * 5
    tk = Tokenizer(models.BPE())
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    tk.train_from_iterator(
        corpus,
        trainers.BpeTrainer(
            vocab_size=3000,
            special_tokens=specials,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    tok = PreTrainedTokenizerFast(
        tokenizer_object=tk,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        bos_token="<|im_start|>",
    )
    tok.chat_template = "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
    cfg = LlamaConfig(
        vocab_size=len(tok),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=8192,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
        bos_token_id=tok.bos_token_id,
    )
    torch.manual_seed(0)
    folder = tmp_path_factory.mktemp("tiny") / "model"
    LlamaForCausalLM(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


def test_one_sft_step(tiny_model, built_dataset, tmp_path):
    from trl import SFTConfig

    sft = _script("sft")
    args = sft.ScriptArguments(
        dataset=str(built_dataset), model=str(tiny_model), limit=1
    )
    cfg = SFTConfig(
        output_dir=str(tmp_path / "sft"),
        max_steps=2,
        per_device_train_batch_size=1,
        max_length=4096,
        assistant_only_loss=True,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        use_cpu=True,
        learning_rate=1e-3,
    )
    out = sft.main(args, cfg)
    assert (out / "model.safetensors").exists() and (
        out / "learning_curve.png"
    ).stat().st_size > 1000
    history = json.loads((out / "learning_curve.json").read_text())
    assert [h["loss"] for h in history if "loss" in h]


def test_one_grpo_step(tiny_model, built_dataset, tmp_path):
    from trl import GRPOConfig

    grpo = _script("grpo")
    args = grpo.ScriptArguments(
        dataset=str(built_dataset),
        model=str(tiny_model),
        limit=1,
        lora=True,
        lora_r=4,
        lora_alpha=8,
    )
    cfg = GRPOConfig(
        output_dir=str(tmp_path / "grpo"),
        max_steps=1,
        per_device_train_batch_size=2,
        num_generations=2,
        max_completion_length=16,
        max_tool_calling_iterations=1,
        logging_steps=1,
        report_to="none",
        save_strategy="no",
        use_cpu=True,
        seed=0,
    )
    out = grpo.main(args, cfg)
    history = json.loads((out / "reward_curve.json").read_text())
    assert any(any("reward" in k for k in h) for h in history)


def test_the_test_split_is_refused(tiny_model, built_dataset, tmp_path):
    from trl import GRPOConfig, SFTConfig

    from physassist_env.env.trl import TestSplitError

    with pytest.raises(TestSplitError, match="evaluation only"):
        _script("sft").main(
            _script("sft").ScriptArguments(
                dataset=str(built_dataset), model=str(tiny_model), split="test"
            ),
            SFTConfig(output_dir=str(tmp_path / "a"), use_cpu=True),
        )
    with pytest.raises(TestSplitError):
        _script("grpo").main(
            _script("grpo").ScriptArguments(
                dataset=str(built_dataset), model=str(tiny_model), split="test"
            ),
            GRPOConfig(output_dir=str(tmp_path / "b"), use_cpu=True),
        )


def test_gpu_reproduction_script_runs_every_stage_on_cpu(
    tiny_model, built_dataset, tmp_path
):
    """training/reproduce_gpu.py --cpu-smoke: SFT, GRPO and both evaluations, one step each,
    with the summary written after every stage."""
    gpu = _script("reproduce_gpu")
    out = tmp_path / "out"
    summary = gpu.main(
        gpu.Args(
            dataset=str(built_dataset),
            model=str(tiny_model),
            runs=str(tmp_path / "runs"),
            out=str(out),
            cpu_smoke=True,
            eval_min_seconds=0,
            budget_seconds=10**6,
        )
    )
    written = json.loads((out / "gpu_run.json").read_text())
    assert written == summary
    assert summary["sft"]["steps"] == 1 and summary["grpo"]["steps"] == 1
    assert len(summary["grpo"]["reward_per_step"]) == 1
    assert summary["eval_sft"]["turns"] > 0 and summary["eval_grpo"]["turns"] > 0
    assert (out / "gpu_grpo_reward_curve.png").exists()
    assert "| grpo | 1 |" in (out / "gpu_run.md").read_text()


def test_ctrl_c_in_training_is_one_line_and_exit_130(capsys):
    """The scripts' entry: Ctrl-C inside ``trainer.train()`` says the step, no traceback."""
    from types import SimpleNamespace

    from physassist_env.training import run_script, train_or_stop

    class Trainer:
        state = SimpleNamespace(global_step=3, max_steps=24)
        args = SimpleNamespace(output_dir="runs/x")

        def train(self) -> None:
            raise KeyboardInterrupt

    assert run_script("sft.py", lambda: train_or_stop(Trainer())) == 130
    err = capsys.readouterr().err
    assert err == (
        "sft.py: interrupted at step 3 of 24; nothing was saved to runs/x "
        "(run the same command to train again from the start)\n"
    )

    def loading() -> None:
        raise KeyboardInterrupt

    assert run_script("grpo.py", loading) == 130
    assert capsys.readouterr().err == "grpo.py: interrupted before training started\n"
    assert run_script("sft.py", lambda: None) == 0


def test_a_training_start_prints_no_deprecation_warning(tmp_path):
    """TRL's configs default ``gradient_checkpointing`` (a deprecated name) to True:
    transformers warned on every start; the scripts' entry does not show it."""
    import warnings

    from trl import SFTConfig

    from physassist_env.training import run_script

    def start() -> None:
        SFTConfig(output_dir=str(tmp_path), use_cpu=True, report_to="none")

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        start()  # what the warning looked like outside the scripts' entry
        outside = [str(w.message) for w in seen]
        seen.clear()
        assert run_script("sft.py", start) == 0
    assert any("gradient_checkpointing" in m for m in outside)
    assert not [str(w.message) for w in seen if "checkpointing" in str(w.message)]


def test_sigint_stops_sft_cleanly(tiny_model, built_dataset, tmp_path):
    """A real Ctrl-C (SIGINT) once the first step is logged: exit 130, one line, no
    traceback. It waits on the logged step, not on a time, so a busy machine only makes
    it slower."""
    import os
    import signal
    import subprocess

    out = tmp_path / "sft"
    cmd = [
        sys.executable,
        str(REPO / "training" / "sft.py"),
        "--dataset", str(built_dataset),
        "--model", str(tiny_model),
        "--limit", "1",
        "--output_dir", str(out),
        "--max_steps", "100000",
        "--max_length", "4096",
        "--per_device_train_batch_size", "1",
        "--assistant_only_loss", "true",
        "--logging_steps", "1",
        "--report_to", "none",
        "--save_strategy", "no",
        "--use_cpu", "true",
        "--disable_tqdm", "true",
    ]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        seen = []
        for line in proc.stdout:  # the first logged step: training is under way
            seen.append(line)
            if "'loss'" in line:
                break
        assert any("'loss'" in x for x in seen), "".join(seen) + proc.stderr.read()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=600)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err[-3000:]
    assert "Traceback" not in err, err[-3000:]
    assert "sft.py: interrupted at step " in err and "of 100000" in err
    assert not (out / "model.safetensors").exists()
