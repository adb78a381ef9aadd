"""The import graph of hermes/: no circle spanning files, and no import running up the layers.

Every import counts, including those inside functions (a lazy import is still a dependency)
and those under `if TYPE_CHECKING:` (a type-only import still ties the two files together;
a helper that needs its owner's type takes a Protocol instead, as tui/app_hosts.py does). Layers, bottom to top:
config/paths/security → memory, sessions → providers, workspace, interop → agent → tui → cli.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = {
    "hermes": 0, "hermes.config": 0, "hermes.paths": 0, "hermes.errors": 0, "hermes.log": 0,
    "hermes.lazy": 0, "hermes.security": 0, "hermes.os_errors": 0,
    "hermes.memory": 1, "hermes.sessions": 1,
    "hermes.providers": 2, "hermes.workspace": 2, "hermes.interop": 2,
    "hermes.agent": 3,
    "hermes.tui": 4,
    "hermes.cli": 5, "hermes.__main__": 5,
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in (ROOT / "hermes").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _targets(module: str, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if modules[module].name == "__init__.py" else module.split(".")[:-1]
            package = package[: len(package) - node.level + 1]
            base = ".".join([*package, base] if base else package)
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                 for alias in node.names]
    out = []
    for name in names:
        while name not in modules and "." in name:
            name = name.rsplit(".", 1)[0]
        if name in modules and name != module:
            out.append(name)
    return out


def _imports(module: str, source: str, modules: dict[str, Path]) -> set[str]:
    """The modules of hermes/ that `source` imports, type-only and lazy imports included."""
    return {target for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for target in _targets(module, node, modules)}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {module: _imports(module, path.read_text(encoding="utf-8"), modules)
            for module, path in modules.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in LAYERS:
            return LAYERS[".".join(parts[:end])]
    raise AssertionError(f"{module} belongs to no layer: add its package to LAYERS")


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle_spans_files() -> None:
    assert _circles(_graph()) == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    graph = _graph()
    upward = [f"{module} -> {target}" for module, targets in sorted(graph.items())
              for target in sorted(targets) if _layer(target) > _layer(module)]
    assert upward == []


def test_a_type_only_import_counts() -> None:
    modules = _modules()
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from hermes.tui.app import HermesApp\n")
    assert _imports("hermes.tui.turns", source, modules) == {"hermes.tui.app"}


def test_the_checker_sees_a_circle_and_an_upward_import() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _layer("hermes.sessions.search") < _layer("hermes.tui.app")
