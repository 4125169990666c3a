"""A tiny random chat model for the ``hf`` agent's plumbing (no weights to download).

Used by tests/agents/test_hf_agent.py and by the README replay (tests/cli/test_readme.py),
whose ``eval --agent hf`` runs on it; the real SmolLM2 plays a session in test_hf_agent.
"""

from __future__ import annotations

from pathlib import Path

from physassist_env.agents.openai_agent import tools_prompt
from physassist_env.env.prompts import all_tool_schemas, system_prompt

SPECIALS = ["<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>"]
CHATML = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
CHATML_TOOLS = (
    "{% if tools %}<|im_start|>system\n<tools>{% for t in tools %}{{ t | tojson }}\n{% endfor %}</tools><|im_end|>\n{% endif %}"
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}"
    "{% for c in m.get('tool_calls') or [] %}<tool_call>{{ {'name': c['function']['name'], 'arguments': c['function']['arguments']} | tojson }}</tool_call>{% endfor %}"
    "<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def build_tiny_lm(folder: Path, template: str) -> Path:
    """A byte-level BPE tokenizer trained on the prompts and a 1-layer random Llama."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    corpus = [
        system_prompt(lang, patient_id="1", hadm_id="2", current_date="2150-01-01")
        for lang in ("en", "zh")
    ]
    corpus += [
        tools_prompt(all_tool_schemas(lang), lang, compact=c)
        for lang in ("en", "zh")
        for c in (True, False)
    ]
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(
        corpus,
        trainers.BpeTrainer(
            vocab_size=1500,
            special_tokens=SPECIALS,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        ),
    )
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|im_end|>",
        additional_special_tokens=SPECIALS[2:],
    )
    fast.chat_template = template
    fast.save_pretrained(folder)
    torch.manual_seed(0)
    config = LlamaConfig(
        vocab_size=len(fast),
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=1,
        num_attention_heads=2,
        num_key_value_heads=2,
        max_position_embeddings=8192,
        eos_token_id=fast.eos_token_id,
        pad_token_id=fast.pad_token_id,
    )
    LlamaForCausalLM(config).save_pretrained(folder)
    return folder
