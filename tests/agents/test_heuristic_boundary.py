"""The heuristic agent reads only what any agent could have: its imports, walked transitively.

Allowed inside ``physassist_env``: the agent protocol (``agents.base``), the agent's own
package, the public clinical vocabulary (``vocab``) and the score formulas
(``clinical.scores``). The scenario generator, the grader, the synthetic hospital and the
official loader know the gold answers; an import of any of them, direct or through an
allowed module, fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import physassist_env

ROOT = Path(physassist_env.__file__).parent
AGENT = "physassist_env.agents.heuristic"
ALLOWED = (
    "physassist_env.agents",  # the package __init__: re-exports the protocol of agents.base
    "physassist_env.agents.base",
    AGENT,
    "physassist_env.vocab",
    "physassist_env.clinical",  # the package __init__ (a docstring only)
    "physassist_env.clinical.scores",
    # which drugs a recorded allergy rules out: the published cross-reactivity table
    # (AAAAI/ACAAI 2022) read from vocab, public knowledge as the scores are
    "physassist_env.clinical.allergy",
)


def _allowed(module: str) -> bool:
    return any(module == a or module.startswith(f"{AGENT}.") for a in ALLOWED) or (
        module.startswith("physassist_env.vocab.")
    )


def _source(module: str) -> Path | None:
    """The source file of a ``physassist_env`` module (found on disk, nothing imported)."""
    if not module.startswith("physassist_env."):
        return None
    base = ROOT.joinpath(*module.split(".")[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def imported_modules(path: Path, package: str) -> set[str]:
    """Every ``physassist_env`` module a source file names: imports anywhere in it (also
    inside functions), relative imports resolved, and module paths written as strings
    (``importlib.import_module("physassist_env.x")``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {
                f"{base}.{a.name}" for a in node.names if _source(f"{base}.{a.name}")
            }
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # a prefix such as f"physassist_env.agents.{name}" (agents.base loads the built-in
            # agents by name when make_agent is called; the heuristic never calls it) is no module
            if (
                node.value.startswith("physassist_env.")
                and " " not in node.value
                and not node.value.endswith(".")
            ):
                found.add(node.value)
    return {
        m for m in found if m == "physassist_env" or m.startswith("physassist_env.")
    }


def closure(start: str) -> dict[str, set[str]]:
    """Module -> the ``physassist_env`` modules it imports, for everything reachable from
    ``start`` and its submodules (the root package itself is not walked: it imports lazily)."""
    todo = [start] + [
        f"{start}.{p.stem}"
        for p in sorted((ROOT / "agents" / "heuristic").glob("*.py"))
        if p.stem != "__init__"
    ]
    seen: dict[str, set[str]] = {}
    while todo:
        module = todo.pop()
        if module in seen or module == "physassist_env":
            continue
        path = _source(module)
        if path is None:
            seen[module] = set()
            continue
        package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
        seen[module] = imported_modules(path, package)
        parents = [
            ".".join(module.split(".")[:i]) for i in range(2, module.count(".") + 1)
        ]
        todo += [m for m in seen[module] | set(parents) if m not in seen]
    return seen


def test_imports_only_public_knowledge() -> None:
    graph = closure(AGENT)
    assert (
        f"{AGENT}.agent" in graph and "physassist_env.vocab.drugs" in graph
    )  # it walked
    bad = {
        m: sorted(x for x in deps if x != "physassist_env" and not _allowed(x))
        for m, deps in graph.items()
    }
    bad = {m: deps for m, deps in bad.items() if deps}
    assert not bad, (
        f"the heuristic agent reaches modules that know the gold answers: {bad}"
    )


@pytest.mark.parametrize(
    "line",
    [
        "from physassist_env.scenarios.vocab import LABS",
        "import physassist_env.grading.claims as claims",
        "def f():\n    from physassist_env.synth import patient",
        "import importlib\nimportlib.import_module('physassist_env.official.build')",
        "from ...scenarios import vocab",
    ],
)
def test_the_walk_catches_a_forbidden_import(tmp_path: Path, line: str) -> None:
    path = tmp_path / "mod.py"
    path.write_text(line + "\n", encoding="utf-8")
    found = imported_modules(path, "physassist_env.agents.heuristic")
    assert found and not all(_allowed(m) for m in found), found


def test_an_allowed_module_that_leaks_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The walk is transitive: an allowed module importing the generator fails the check."""
    leaky = {"physassist_env.vocab.drugs": {"physassist_env.scenarios.vocab"}}
    real = imported_modules

    def fake(path: Path, package: str) -> set[str]:
        module = f"{package}.{path.stem}" if path.name != "__init__.py" else package
        return real(path, package) | leaky.get(module, set())

    monkeypatch.setattr(f"{__name__}.imported_modules", fake)
    graph = closure(AGENT)
    assert "physassist_env.scenarios.vocab" in graph["physassist_env.vocab.drugs"]
    assert not _allowed("physassist_env.scenarios.vocab")
