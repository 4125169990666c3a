"""Load a ``loaders/`` script by path (its module name is unique across the test tree)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """``loaders/<name>.py`` as a module (registered in ``sys.modules`` before it runs,
    as ``dataclasses`` needs to resolve the argument annotations)."""
    spec = importlib.util.spec_from_file_location(
        f"loaders_{name}", REPO / "loaders" / f"{name}.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
