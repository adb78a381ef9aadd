"""A unified diff drawn with its +/- gutter kept: a long line wraps inside its own column, so
its continuation never starts at column 0 where it would read as context."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text


def _style(line: str) -> str:
    if line.startswith(("+++", "---")):
        return "bold"
    if line.startswith("+"):
        return "green"
    if line.startswith("-"):
        return "red"
    if line.startswith("@@"):
        return "cyan"
    return "dim"


def diff_table(diff: str) -> Table:
    """Two columns: the one-character gutter (+, -, space) and the line, which folds."""
    table = Table.grid(padding=0, expand=True)
    table.add_column(width=1, no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    for line in diff.splitlines():
        style = _style(line)  # headers too: their first character stands in the gutter
        table.add_row(Text(line[:1], style=style), Text(line[1:], style=style))
    return table
