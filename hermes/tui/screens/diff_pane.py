"""The /diff pane: everything the agent changed in this session's files, as one unified diff.

Read-only: ↑↓ PgUp/PgDn scroll, Esc closes. Long lines wrap beside their +/- gutter."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from hermes.tui.screens.pane import Pane
from hermes.tui.widgets.diff_view import diff_table


def diff_summary(diff: str) -> str:
    """`2 files · +5 −1` for the pane's title."""
    files = sum(1 for line in diff.splitlines() if line.startswith("+++ "))
    added = sum(1 for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in diff.splitlines() if line.startswith("-") and not line.startswith("---"))
    return f"{files} file{'' if files == 1 else 's'} · +{added} −{removed}"


class DiffScreen(Pane[None]):
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, diff: str) -> None:
        super().__init__()
        self.diff = diff

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane", id="diff-pane") as pane:
            pane.border_title = f"Changes this session · {diff_summary(self.diff)}"
            pane.border_subtitle = "↑↓ PgUp/PgDn scroll · Esc close"
            with VerticalScroll(id="diff-scroll"):
                yield Static(diff_table(self.diff), id="diff-body")

    def on_mount(self) -> None:
        self.query_one("#diff-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
