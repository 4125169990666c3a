"""The TRL adapter: tools as methods, rewards from the grader, one real GRPO step on CPU."""

from __future__ import annotations

import inspect
import json
import os

import pytest

from physassist_env.env.trl import (
    RESERVED,
    PhysAssistToolEnv,
    completion_reward,
    tool_names,
    trl_dataset,
)


def test_tools_are_documented_methods_that_do_not_collide():
    names = tool_names()
    assert (
        "Observation_search" in names
        and "medication_adherence" in names
        and "ask_physician" in names
    )
    assert not set(names) & set(RESERVED)
    transformers = pytest.importorskip("transformers")
    for name in names:
        schema = transformers.utils.get_json_schema(getattr(PhysAssistToolEnv, name))
        assert schema["function"]["name"] == name and schema["function"]["description"]
        for pname in inspect.signature(getattr(PhysAssistToolEnv, name)).parameters:
            if pname != "self":
                assert schema["function"]["parameters"]["properties"][pname][
                    "description"
                ]


def test_rows_reset_tools_and_rewards(built_dataset):
    ds = trl_dataset(built_dataset, split="train", limit=3)
    assert len(ds) == 12 and set(ds.column_names) >= {
        "prompt",
        "dataset",
        "split",
        "session_id",
        "turn",
        "language",
    }
    row = ds[5]  # turn 1 of session 2: turn 0 is gold context in the prompt
    assert row["turn"] == 1 and row["prompt"][-1]["role"] == "user"
    assert any(m["role"] == "tool" for m in row["prompt"])
    env = PhysAssistToolEnv()
    assert env.reset(**row) is None
    from physassist_env.dataset import load_sessions

    session = {s.session_id: s for s in load_sessions(built_dataset, split="train")}[
        row["session_id"]
    ]
    turn = session.turns[1]
    for call in turn.gold_actions:
        text = getattr(env, call.name.replace(".", "_"))(**call.arguments)
        assert not text.startswith("ERROR"), text
    assert completion_reward(
        [[{"role": "assistant", "content": turn.gold_answer.en}]], [env]
    ) == [1.0]
    assert env.get_reward() is None
    env.reset(**row)
    assert env.Observation_search(code="potassium", _count=-5).startswith(
        "ERROR"
    )  # bad args -> error text, no raise
    env.prepare_to_answer(answer="I do not know.")
    assert env.get_reward() is not None and env.get_reward() < 1.0
    assert completion_reward([[{"role": "assistant", "content": "x"}]], [env]) == [None]


def test_one_grpo_step_on_cpu(built_dataset, tmp_path):
    trl = pytest.importorskip("trl")
    torch = pytest.importorskip("torch")
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast, Qwen3Config, Qwen3ForCausalLM

    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    torch.manual_seed(0)
    specials = [
        "<|endoftext|>",
        "<|im_start|>",
        "<|im_end|>",
        "<tool_call>",
        "</tool_call>",
        "<tool_response>",
        "</tool_response>",
        "<think>",
        "</think>",
    ]
    tk = Tokenizer(models.BPE())
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    ds = trl_dataset(built_dataset, split="train", limit=1)
    from transformers.utils import get_json_schema

    schemas = [get_json_schema(getattr(PhysAssistToolEnv, n)) for n in tool_names()]
    # train the toy tokenizer on what it will see, so prompts (tool schemas included) stay short
    corpus = [json.dumps(schemas)] * 20 + [
        json.dumps(r["prompt"], ensure_ascii=False) for r in ds
    ] * 5
    tk.train_from_iterator(
        corpus,
        trainers.BpeTrainer(
            vocab_size=4000,
            special_tokens=specials,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    tok = PreTrainedTokenizerFast(
        tokenizer_object=tk, eos_token="<|im_end|>", pad_token="<|endoftext|>"
    )
    tok.chat_template = open(
        os.path.join(os.path.dirname(trl.__file__), "chat_templates", "qwen3.jinja")
    ).read()
    cfg = Qwen3Config(
        vocab_size=len(tok),
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=1,
        head_dim=32,
        max_position_embeddings=32768,
        tie_word_embeddings=True,
        eos_token_id=tok.eos_token_id,
        pad_token_id=tok.pad_token_id,
    )
    model = Qwen3ForCausalLM(cfg)
    args = trl.GRPOConfig(
        output_dir=str(tmp_path / "grpo"),
        max_steps=1,
        per_device_train_batch_size=4,
        num_generations=2,
        max_completion_length=24,
        logging_steps=1,
        report_to="none",
        use_cpu=True,
        save_strategy="no",
        max_tool_calling_iterations=2,
        learning_rate=1e-4,
        seed=0,
    )
    trainer = trl.GRPOTrainer(
        model=model,
        processing_class=tok,
        args=args,
        train_dataset=ds,
        environment_factory=PhysAssistToolEnv,
        reward_funcs=[completion_reward],
    )
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    trainer.train()
    logs = [h for h in trainer.state.log_history if "loss" in h]
    assert logs and trainer.state.global_step == 1
    assert any("reward" in k for k in logs[-1])
    changed = any(
        not torch.equal(before[n], p.detach()) for n, p in model.named_parameters()
    )
    assert (
        changed or logs[-1].get("grad_norm", 0) == 0
    )  # a step ran; zero advantage leaves weights unchanged


def test_tool_output_fhir_in_the_adapter_and_its_prompts(built_dataset):
    text_rows = trl_dataset(built_dataset, split="train", limit=1)
    rows = trl_dataset(built_dataset, split="train", limit=1, tool_output="fhir")
    assert len(rows) == len(text_rows) == 4
    row = rows[3]  # three gold turns as context
    tools = [m for m in row["prompt"] if m["role"] == "tool"]
    ehr = [m for m in tools if "_" in m["name"] and m["name"][0].isupper()]
    assert ehr and all(json.loads(m["content"])["resourceType"] for m in ehr)
    text_tools = [m for m in text_rows[3]["prompt"] if m["role"] == "tool"]
    assert [m["name"] for m in tools] == [m["name"] for m in text_tools]
    assert not any(m["content"].startswith("{") for m in text_tools)

    env = PhysAssistToolEnv(tool_output="fhir")
    env.reset(**row)
    bundle = json.loads(env.Observation_search(code="potassium"))
    assert bundle["resourceType"] == "Bundle" and bundle["type"] == "searchset"
    assert not env.Observation_search(code="potassium").startswith("Observation:")
    plain = PhysAssistToolEnv()
    plain.reset(**row)
    assert plain.Observation_search(code="potassium").startswith("Observation")
    with pytest.raises(ValueError, match="tool_output"):
        PhysAssistToolEnv(tool_output="xml")
    with pytest.raises(ValueError, match="tool_output"):
        trl_dataset(built_dataset, split="train", limit=1, tool_output="xml")
