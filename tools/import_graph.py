"""The package-level import graph of ``physassist_env`` and the layer contract it must keep.

The flow is source -> record -> store/tools -> sessions -> env -> grader -> metrics -> report;
:data:`LAYERS` names the packages of each layer, lowest first. A package may import its own
layer or any lower one, never a higher one (:data:`EXCEPTIONS` lists the only allowed upward
edges, each with its reason), and the package graph has no circle. Imports are read with
``ast`` (module level and inside functions, absolute and relative); a package-internal import
inside a function body is allowed only where :data:`HIDDEN_ALLOWED` says why.

``tests/architecture/test_layers.py`` enforces the contract; run this file to print the graph::

    python tools/import_graph.py
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "physassist_env"
ROOT = Path(__file__).resolve().parent.parent / PACKAGE

#: Lowest first. ``__init__`` is the package root module (``physassist_env/__init__.py``).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("jsonsafe", "paths", "version", "vocab", "clinical", "fhir", "llm")),
    ("sources", ("sources", "synth")),
    ("store", ("ehr",)),
    ("patient", ("patient",)),
    ("sessions", ("scenarios", "audit", "tool_schemas")),
    ("grader", ("physician", "grading")),
    ("release", ("official",)),
    ("dataset", ("dataset",)),
    ("env", ("env",)),
    ("runs", ("agents", "evaluation")),
    (
        "entry points",
        ("validate", "adapters", "openenv", "server", "cli", "training", "__init__"),
    ),
)

#: The only upward edges allowed, as (importing module, imported package): reason.
EXCEPTIONS: dict[tuple[str, str], str] = {
    (
        "physassist_env.scenarios.generate",
        "grading",
    ): "check_gold asserts each gold answer scores 1.0 with the rule grader; the check moves up when scenarios/ is free to edit",
    (
        "physassist_env.scenarios.provenance",
        "grading",
    ): "provenance reads the gold answer's values with the grader's read_claims; that reader moves below scenarios later",
}

#: Modules (or module prefixes ending in ".") whose function bodies may import package code.
HIDDEN_ALLOWED: dict[str, str] = {
    "physassist_env.cli.": "each subcommand loads only what it runs, so `physassist --help` stays fast",
    "physassist_env": "`import physassist_env` only registers the Gymnasium ids; load_dataset loads the dataset code on call",
    "physassist_env.dataset.default": "names and opens the cached default without the builder (a tool call on it costs 0.6 CPU-s, not 1.2); the builder is imported only when the default must be built",
    "physassist_env.dataset.shards": "a spawned worker imports the session code (grading, patient turns) in _warm while the reading process prepares records, so start-up overlaps it",
    "physassist_env.scenarios.": "frozen this round (other work merges there); its two upward edges are EXCEPTIONS",
}


@dataclass(frozen=True)
class Import:
    """One import of package code: where it is and what it names."""

    module: str  # importing module, e.g. physassist_env.env.trl
    line: int
    target: str  # imported module, e.g. physassist_env.evaluation.records
    hidden: bool  # inside a function body

    @property
    def source_package(self) -> str:
        return package_of(self.module)

    @property
    def target_package(self) -> str:
        return package_of(self.target)


def package_of(module: str) -> str:
    """``physassist_env.env.trl`` -> ``env``; the root module -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def layer_index() -> dict[str, int]:
    """Package -> its layer's position (0 = lowest)."""
    return {pkg: i for i, (_, pkgs) in enumerate(LAYERS) for pkg in pkgs}


def _module_name(path: Path, root: Path) -> str:
    parts = (root.name, *path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _hidden_nodes(tree: ast.AST) -> set[int]:
    inside: set[int] = set()
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            inside.update(id(n) for n in ast.walk(fn) if n is not fn)
    return inside


def module_imports(path: Path, root: Path = ROOT) -> list[Import]:
    """Every import of ``root``'s package code in ``path`` (module level and in functions)."""
    module = _module_name(path, root)
    is_pkg = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    hidden = _hidden_nodes(tree)
    out: list[Import] = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base if is_pkg else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base)
                targets = (
                    [f"{prefix}.{node.module}"]
                    if node.module
                    else [f"{prefix}.{a.name}" for a in node.names]
                )
            elif node.module:
                targets = [node.module]
        for t in targets:
            if t == root.name or t.startswith(root.name + "."):
                out.append(Import(module, node.lineno, t, id(node) in hidden))
    return out


def all_imports(root: Path = ROOT) -> list[Import]:
    """:func:`module_imports` over every ``.py`` file under ``root``."""
    return [i for f in sorted(root.rglob("*.py")) for i in module_imports(f, root)]


def package_graph(imports: list[Import]) -> dict[str, set[str]]:
    """Package -> the other packages it imports."""
    graph: dict[str, set[str]] = defaultdict(set)
    for i in imports:
        if i.source_package != i.target_package:
            graph[i.source_package].add(i.target_package)
    return graph


def upward(imports: list[Import], layers: dict[str, int]) -> list[Import]:
    """Imports into a higher layer that :data:`EXCEPTIONS` does not allow.

    Raises:
        KeyError: A package that no layer names (add it to :data:`LAYERS`).
    """
    bad = []
    for i in imports:
        src, dst = i.source_package, i.target_package
        for pkg in (src, dst):
            if pkg not in layers:
                raise KeyError(f"package {pkg!r} ({i.module}) is in no layer of LAYERS")
        if layers[dst] > layers[src] and (i.module, dst) not in EXCEPTIONS:
            bad.append(i)
    return bad


def hidden_internal(imports: list[Import]) -> list[Import]:
    """Package imports inside function bodies that :data:`HIDDEN_ALLOWED` does not cover."""

    def allowed(module: str) -> bool:
        return any(
            module == key or (key.endswith(".") and module.startswith(key))
            for key in HIDDEN_ALLOWED
        )

    return [i for i in imports if i.hidden and not allowed(i.module)]


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected set of two or more packages (a circle), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(set(graph) | {w for ws in graph.values() for w in ws}):
        if v not in index:
            visit(v)
    return sorted(found)


def without_exceptions(imports: list[Import]) -> list[Import]:
    """``imports`` less the allowed upward edges of :data:`EXCEPTIONS`."""
    return [i for i in imports if (i.module, i.target_package) not in EXCEPTIONS]


def main() -> int:
    """Print the layers, the package graph, the upward edges and circles; 1 if any."""
    imports = all_imports()
    layers = layer_index()
    graph = package_graph(imports)
    print("layers (lowest first):")
    for i, (name, pkgs) in enumerate(LAYERS):
        print(f"  {i:>2} {name:<13} {', '.join(pkgs)}")
    print("\npackage graph (package [layer] -> imports):")
    for pkg in sorted(graph, key=lambda p: (layers.get(p, -1), p)):
        print(f"  {pkg} [{layers.get(pkg, '?')}] -> {', '.join(sorted(graph[pkg]))}")
    bad = upward(imports, layers)
    print(f"\nupward edges not in EXCEPTIONS: {len(bad)}")
    for i in bad:
        print(f"  {i.module}:{i.line} -> {i.target}")
    print("allowed exceptions:")
    for (mod, pkg), why in EXCEPTIONS.items():
        print(f"  {mod} -> {pkg}: {why}")
    loops = circles(package_graph(without_exceptions(imports)))
    print(f"circles (without the exceptions): {loops or 'none'}")
    hid = hidden_internal(imports)
    print(f"package imports hidden in functions outside HIDDEN_ALLOWED: {len(hid)}")
    for i in hid:
        print(f"  {i.module}:{i.line} -> {i.target}")
    return 1 if bad or loops or hid else 0


if __name__ == "__main__":
    sys.exit(main())
