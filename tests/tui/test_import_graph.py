"""The UI's modules import one way: no import circle spans files in hermes/tui.

Every import statement counts, including the lazy ones inside functions and those under
TYPE_CHECKING: a circle through either still ties the files together for a reader and for
mypy. The app depends on its screens and helpers; they reach the app only through messages
or a Protocol (hermes/tui/command_host.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import hermes

ROOT = Path(hermes.__file__).resolve().parent.parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str) -> dict[str, set[str]]:
    """Module → the modules of `package` it imports (anywhere in the file)."""
    files = {_module_name(p): p for p in (ROOT / package.replace(".", "/")).rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                # `from hermes.tui import commands` imports the module hermes.tui.commands
                targets = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            else:
                continue
            graph[name].update(t for t in targets if t in files and t != name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_the_graph_sees_the_imports_it_checks() -> None:
    graph = import_graph("hermes.tui")
    assert "hermes.tui.screens.chat" in graph["hermes.tui.app"]  # a plain import
    assert "hermes.tui.command_host" in graph["hermes.tui.command_runner"]  # under TYPE_CHECKING
    assert "hermes.tui.widgets.reply" in graph["hermes.tui.widgets.transcript"]  # inside a function


def test_circles_are_found_when_there_are_some() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_spans_files_in_hermes_tui() -> None:
    assert circles(import_graph("hermes.tui")) == []
