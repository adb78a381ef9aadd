"""The memory viewer: both stores with gauges and entries, and the frozen snapshot vs disk.

Hand edits (here through $EDITOR) reach disk at once but take effect in the next session,
because the running session keeps its frozen snapshot; the viewer says so.
"""

from __future__ import annotations

import os
import shlex
import subprocess

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hermes.config import Config
from hermes.tui import memory_bridge
from hermes.tui.widgets.status_bar import gauge_level

NEXT_SESSION = "Changes on disk take effect in the next session (this one keeps its snapshot)."


def gauge_text(pct: int, used: int, limit: int, cells: int = 20) -> str:
    filled = min(cells, round(cells * pct / 100))
    if used > 0:
        filled = max(filled, 1)  # any content shows
    bar = "█" * filled + "░" * (cells - filled)
    return f"[$hermes-gauge-{gauge_level(pct)}]{bar}[/] {pct}% — {used:,}/{limit:,} chars"


class MemoryViewerScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("e", "edit('memory')", "Edit MEMORY.md"),
        Binding("u", "edit('user')", "Edit USER.md"),
        Binding("s", "toggle_snapshot", "Snapshot"),
    ]

    def __init__(self, cfg: Config, snapshot: str | None = None) -> None:
        super().__init__()
        self.cfg = cfg
        self.snapshot = snapshot

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane") as pane:
            pane.border_title = "Memory"
            pane.border_subtitle = "e edit MEMORY.md · u edit USER.md · s snapshot · Esc close"
            yield Static(NEXT_SESSION, classes="pane-note")
            with Horizontal(id="memory-columns"):
                yield VerticalScroll(id="store-memory", classes="store")
                yield VerticalScroll(id="store-user", classes="store")
            yield VerticalScroll(Static(id="snapshot-text"), id="snapshot")

    def on_mount(self) -> None:
        self.call_after_refresh(self.reload)  # nested children may still be mounting

    def reload(self) -> None:
        for view in memory_bridge.stores(self.cfg):
            column = self.query_one(f"#store-{view.target}", VerticalScroll)
            column.border_title = f"{view.label} · {view.file_name}"
            column.remove_children()
            if not view.enabled:
                column.mount(Static("This store is turned off in config.", classes="pane-hint"))
                continue
            column.mount(Static(gauge_text(view.pct, view.used, view.limit), classes="store-gauge"))
            if view.error:
                column.mount(Static(Text(view.error), classes="store-error"))
            elif not view.entries:
                column.mount(Static("(empty)", classes="pane-hint"))
            for entry in view.entries:
                column.mount(Static(Text(entry), classes="store-entry"))
        disk = memory_bridge.snapshot_text(self.cfg)
        frozen = self.query_one("#snapshot", VerticalScroll)
        if self.snapshot is None:
            snapshot = disk
            frozen.border_title = "Snapshot this session will freeze with your first message"
            frozen.border_subtitle = ""
        else:
            snapshot = self.snapshot
            frozen.border_title = "Frozen snapshot this session runs with"
            frozen.border_subtitle = ("same as disk" if disk == snapshot
                                      else "differs from disk: next session")
        self.query_one("#snapshot-text", Static).update(Text(snapshot or "(both stores were empty)"))

    def action_toggle_snapshot(self) -> None:
        snap = self.query_one("#snapshot")
        snap.display = not snap.display

    def action_edit(self, target: str) -> None:
        path = memory_bridge.store_file(target)
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        try:
            with self.app.suspend():
                subprocess.run([*shlex.split(editor), str(path)], check=False)
        except Exception as exc:  # no editor, or no terminal to hand over
            self.notify(f"Cannot open {editor}: {exc}", severity="error")
            return
        self.reload()
        self.notify(NEXT_SESSION, title=path.name, timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)
