"""The import contract: no upward edge between layers, no package circle, no hidden imports.

The layers and the allowed exceptions live in ``tools/import_graph.py`` (``python
tools/import_graph.py`` prints the graph); this test fails when the code breaks them, and
its self-tests plant a bad edge, a circle and a hidden import to show that it can fail.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load_contract() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "import_graph", REPO / "tools" / "import_graph.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("import_graph", module)
    spec.loader.exec_module(module)
    return module


ig = _load_contract()


def _write(root: Path, files: dict[str, str]) -> Path:
    pkg = root / "physassist_env"
    for rel, text in files.items():
        path = pkg / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return pkg


def test_every_package_is_in_a_layer() -> None:
    layers = ig.layer_index()
    found = {
        p.stem if p.is_file() else p.name
        for p in ig.ROOT.iterdir()
        if (p.is_file() and p.suffix == ".py") or (p / "__init__.py").exists()
    }
    assert found - set(layers) == set(), (
        "add new packages to LAYERS in tools/import_graph.py"
    )
    assert set(layers) - found == set(), "LAYERS names packages that no longer exist"


def test_no_upward_import() -> None:
    bad = ig.upward(ig.all_imports(), ig.layer_index())
    assert not bad, "imports against the flow:\n" + "\n".join(
        f"{i.module}:{i.line} -> {i.target}" for i in bad
    )


def test_no_package_circle() -> None:
    graph = ig.package_graph(ig.without_exceptions(ig.all_imports()))
    assert ig.circles(graph) == []


def test_no_import_hidden_in_a_function() -> None:
    bad = ig.hidden_internal(ig.all_imports())
    assert not bad, (
        "package imports inside functions (move them to module level):\n"
        + "\n".join(f"{i.module}:{i.line} -> {i.target}" for i in bad)
    )


def test_every_exception_is_still_needed() -> None:
    """A stale exception must be deleted, so the list only shrinks."""
    edges = {(i.module, i.target_package) for i in ig.all_imports()}
    assert set(ig.EXCEPTIONS) <= edges


def test_a_planted_upward_edge_is_caught(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "",
            "ehr/__init__.py": "",
            "ehr/store.py": "def f():\n    from ..env import episode\n",
            "env/__init__.py": "",
            "env/episode.py": "from physassist_env.ehr import store\n",
        },
    )
    imports = ig.all_imports(pkg)
    bad = ig.upward(imports, ig.layer_index())
    assert [(i.module, i.target) for i in bad] == [
        ("physassist_env.ehr.store", "physassist_env.env")
    ]
    assert [i.module for i in ig.hidden_internal(imports)] == [
        "physassist_env.ehr.store"
    ]
    assert ig.circles(ig.package_graph(imports)) == [["ehr", "env"]]


def test_a_package_outside_the_layers_is_refused(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path, {"__init__.py": "", "stray.py": "import physassist_env.ehr\n"}
    )
    with pytest.raises(KeyError, match="stray"):
        ig.upward(ig.all_imports(pkg), ig.layer_index())


def test_a_downward_edge_passes(tmp_path: Path) -> None:
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "",
            "env/__init__.py": "",
            "env/data.py": "from physassist_env.ehr import FhirStore\n",
        },
    )
    imports = ig.all_imports(pkg)
    assert len(imports) == 1
    assert ig.upward(imports, ig.layer_index()) == []
    assert ig.circles(ig.package_graph(imports)) == []
