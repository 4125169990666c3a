"""The README's test command is what CI (``.ci/run``) runs, step for step."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _ci_steps() -> list[str]:
    """The commands of ``.ci/run``, without shell set-up and the best-effort chromium line;
    an ``export`` line becomes the prefix of the next command."""
    steps: list[str] = []
    prefix = ""
    for line in (REPO / ".ci" / "run").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", "set ", "cd ", "command -v chromium")):
            continue
        if line.startswith("export "):
            prefix = line.removeprefix("export ") + " "
            continue
        steps.append(prefix + line)
        prefix = ""
    return steps


def _readme_steps() -> list[str]:
    text = (REPO / "README.md").read_text()
    block = re.search(
        r"Install, lint and run the tests.*?```bash\n(.*?)\n```", text, re.S
    )
    assert block, "README: the test command block is missing"
    return block.group(1).strip().split(" && ")


def _same(step: str) -> str:
    """``python -m pip install -q X`` and ``pip install X`` are the same step."""
    return re.sub(r"\s+-q\b", "", step.removeprefix("python -m "))


def test_readme_test_command_is_what_ci_runs() -> None:
    ci = [_same(s) for s in _ci_steps()]
    assert any(s.startswith("ruff check") for s in ci), ci
    assert any(s.startswith("ruff format --check") for s in ci), ci
    assert [_same(s) for s in _readme_steps()] == ci
