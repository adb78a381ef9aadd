"""The sessions package imports one way: no module reaches, directly or around a circle, back
into a module that imports it. Imports made only for the type checker (`if TYPE_CHECKING:`)
are left out, as they never run; imports inside functions count, as they run on first use."""

from __future__ import annotations

import ast
from pathlib import Path

import hermes.sessions

PACKAGE = "hermes.sessions"
ROOT = Path(hermes.sessions.__file__).parent


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(tree: ast.Module, modules: set[str]) -> set[str]:
    """Modules of the package that `tree` imports at run time."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module in modules and node.module != PACKAGE:
                found.add(node.module)
            for alias in node.names:  # `from hermes.sessions import db` names a submodule
                if f"{node.module}.{alias.name}" in modules:
                    found.add(f"{node.module}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {f"{PACKAGE}.{p.stem}": p for p in ROOT.glob("*.py") if p.stem != "__init__"}
    return {name: _imported(ast.parse(path.read_text()), set(files)) - {name}
            for name, path in files.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (circle := walk(nxt)):
                return circle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (circle := walk(start)):
            return circle
    return None


def test_the_finder_reports_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_circle(graph) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_the_store_imports() -> None:
    graph = import_graph()
    assert "hermes.sessions.naming" in graph["hermes.sessions.session_store"]
    assert "hermes.sessions.search" in graph["hermes.sessions.session_store"]  # lazy, in search()


def test_sessions_package_has_no_import_circle() -> None:
    circle = find_circle(import_graph())
    assert circle is None, " → ".join(circle or [])
