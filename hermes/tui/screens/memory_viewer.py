"""The memory viewer: both stores with gauges and entries, the frozen snapshot vs disk, and
the user model (layer 3: peer card and recent conclusions) when a provider is on.

Hand edits (here through $EDITOR) reach disk at once but take effect in the next session,
because the running session keeps its frozen snapshot; the viewer says so. The user model
loads in the background (Honcho is a network call), so the stores show at once.
"""

from __future__ import annotations

import logging
import os
import shlex
import subprocess
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from hermes.config import Config
from hermes.tui import memory_bridge
from hermes.tui.approvals.memory_notices import OPEN_KEY_LABEL
from hermes.tui.widgets.status_bar import gauge_level
from hermes.tui.screens.pane import Pane

if TYPE_CHECKING:
    from hermes.providers.base import ConclusionView
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.tui")
NEXT_SESSION = "Changes on disk take effect in the next session (this one keeps its snapshot)."
FORGET_HINT = "/memory forget ID deletes one"
KEYS_HINTS = ("e edit MEMORY.md · u USER.md · p PROJECT.md · s snapshot · Esc close",
              "e/u/p edit · s snapshot · Esc close",
              "e/u/p edit · Esc")


def conclusion_text(view: ConclusionView) -> Text:
    """`#42 Prefers tabs · derived · 2026-01-01` (the id first: /memory forget takes it)."""
    line = Text()
    line.append(f"#{view.id}", style="bold")
    line.append(" ")
    line.append(" ".join(str(view.text).split()))
    details = [str(view.source)] if view.source else []
    if view.created_at:
        details.append(time.strftime("%Y-%m-%d", time.localtime(view.created_at)))
    if details:
        line.append(" · " + " · ".join(details), style="dim")
    return line


def gauge_text(pct: int, used: int, limit: int, cells: int = 20, width: int = 0) -> str:
    """The bar, the percentage and the chars on one line; in a narrow column (`width` cells)
    the bar shrinks and the counts get shorter, so the percentage is never cut off."""
    tail = f" {pct}% — {used:,}/{limit:,} chars"
    if width:
        room = width - 1  # a cell spare: a line exactly as wide as the column wraps
        tails = (tail, f" {pct}% · {used:,}/{limit:,}", f" {pct}%")
        tail = next((t for t in tails if len(t) + 6 <= room), tails[-1])
        cells = max(3, min(cells, room - len(tail)))
    filled = min(cells, round(cells * pct / 100))
    if used > 0:
        filled = max(filled, 1)  # any content shows
    bar = "█" * filled + "░" * (cells - filled)
    return f"[$hermes-gauge-{gauge_level(pct)}]{bar}[/]{tail}"


def fitted(width: int, *choices: str) -> str:
    """The first (longest) title that fits a border `width` cells wide, else the last."""
    return next((c for c in choices if len(c) + 6 <= width), choices[-1])


class MemoryViewerScreen(Pane[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("e", "edit('memory')", "Edit MEMORY.md"),
        Binding("u", "edit('user')", "Edit USER.md"),
        Binding("p", "edit('project')", "Edit PROJECT.md"),
        Binding("s", "toggle_snapshot", "Snapshot"),
    ]

    def __init__(self, cfg: Config, snapshot: str | None = None,
                 provider: GuardedProvider | None = None) -> None:
        super().__init__()
        self.cfg = cfg
        self.snapshot = snapshot
        self.provider = provider  # the running session's user-model provider, when it has one
        self.user_model: memory_bridge.UserModelView | None = None  # set once loaded

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane") as pane:
            pane.border_title = "Memory"
            pane.border_subtitle = KEYS_HINTS[0]
            yield Static(NEXT_SESSION, classes="pane-note")
            with Horizontal(id="memory-columns"):
                yield VerticalScroll(id="store-memory", classes="store")
                yield VerticalScroll(id="store-user", classes="store")
                yield VerticalScroll(id="store-project", classes="store")
            if memory_bridge.user_model_provider(self.cfg) == "off":
                yield Static(memory_bridge.SETUP_HINT, id="user-model-off", classes="pane-hint")
            else:
                yield VerticalScroll(id="user-model", classes="store")
            yield VerticalScroll(Static(id="snapshot-text"), id="snapshot")

    def on_mount(self) -> None:
        self.call_after_refresh(self.reload)  # nested children may still be mounting

    def on_resize(self) -> None:
        self.call_after_refresh(self.reload)  # titles and gauges fit the new width

    def reload(self) -> None:
        pane = self.query_one(".pane", Vertical)
        pane.border_subtitle = fitted(pane.outer_size.width, *KEYS_HINTS)
        views = memory_bridge.stores(self.cfg)
        ages = memory_bridge.entry_ages(self.cfg, {v.target: v.entries for v in views
                                                   if v.enabled and not v.error})
        waiting = self._pending_by_target()
        # Both columns titled alike: with labels only when every label fits.
        labelled = all(len(f"{v.label} · {v.file_name}") + 6 <= self.query_one(f"#store-{v.target}").outer_size.width
                       for v in views)
        for view in views:
            column = self.query_one(f"#store-{view.target}", VerticalScroll)
            column.border_title = f"{view.label} · {view.file_name}" if labelled else view.file_name
            column.remove_children()
            if not view.enabled:
                column.mount(Static("This store is turned off in config.", classes="pane-hint"))
                continue
            column.mount(Static(gauge_text(view.pct, view.used, view.limit, width=column.content_size.width),
                                classes="store-gauge"))
            if view.error:
                column.mount(Static(Text(view.error), classes="store-error"))
            elif not view.entries:
                column.mount(Static("(empty)", classes="pane-hint"))
            dates = ages.get(view.target, {})
            for entry in view.entries:
                line = dates.get(entry)
                column.mount(Static(Text(entry), classes="store-entry dated" if line else "store-entry"))
                if line is not None:  # right under its entry
                    column.mount(Static(Text(line), classes="store-age"))
            for line in waiting.get(view.target, []):  # staged, not on disk until approved
                column.mount(Static(Text(line), classes="store-entry store-pending"))
        disk = memory_bridge.snapshot_text(self.cfg)
        frozen = self.query_one("#snapshot", VerticalScroll)
        width = frozen.outer_size.width
        if self.snapshot is None:
            snapshot = disk
            frozen.border_title = fitted(width, "Snapshot this session will freeze with your first message",
                                         "Snapshot frozen at your first message", "Snapshot")
            frozen.border_subtitle = ""
        else:
            snapshot = self.snapshot
            frozen.border_title = fitted(width, "Frozen snapshot this session runs with", "Frozen snapshot")
            frozen.border_subtitle = ("same as disk" if disk == snapshot
                                      else fitted(width - len(frozen.border_title) - 4,
                                                  "differs from disk: next session", "differs from disk"))
        self.query_one("#snapshot-text", Static).update(Text(snapshot or "(both stores were empty)"))
        self.reload_user_model()

    def _pending_by_target(self) -> dict[str, list[str]]:
        """Writes waiting for approval, as lines per store (`⏳ pending +: text`)."""
        try:
            pending = memory_bridge.list_pending(self.cfg)
        except memory_bridge.MemoryActionError:
            return {}
        lines: dict[str, list[str]] = {}
        for write in pending:
            for change in write.changes:
                sign = {"add": "+", "remove": "−", "replace": "~"}.get(change.action, change.action)
                text = change.after or change.content or change.before or change.old_text
                lines.setdefault(change.target, []).append(
                    f"⏳ pending {sign} {text} ({OPEN_KEY_LABEL} to decide)")
        return lines

    def reload_user_model(self) -> None:
        """Load the user model in the background (nothing to do when it is off)."""
        if memory_bridge.user_model_provider(self.cfg) == "off":
            return
        box = self.query_one("#user-model", VerticalScroll)
        box.border_title = f"User model · {memory_bridge.user_model_provider(self.cfg)}"
        box.border_subtitle = FORGET_HINT
        if self.user_model is None:
            box.remove_children()
            box.mount(Static("Loading…", classes="pane-hint"))
        self._load_user_model()

    # @work makes the coroutine only when the worker starts: an exclusive worker replaced before
    # it runs leaves no unawaited coroutine behind
    @work(group="user-model", exclusive=True)
    async def _load_user_model(self) -> None:
        try:
            view = await memory_bridge.user_model_view(self.cfg, provider=self.provider)
        except Exception:  # a worker that raises would end the app: one line instead
            log.exception("loading the user model failed")
            view = memory_bridge.UserModelView(
                provider=memory_bridge.user_model_provider(self.cfg),
                error="Reading the user model failed; details are in $HERMES_HOME/logs/hermes.log. "
                      "`hermes memory status` checks the provider.")
        box = self.query_one("#user-model", VerticalScroll)
        await box.remove_children()
        rows: list[Static] = []
        if view.error:
            rows.append(Static(Text(view.error), classes="store-error"))
        if view.peer_card:  # short stable facts: one wrapped paragraph keeps room for the rest
            card = Text()
            card.append("Peer card: ", style="bold")
            card.append(" · ".join(" ".join(item.split()) for item in view.peer_card))
            rows.append(Static(card, id="um-peer-card"))
        if view.conclusions:
            rows.append(Static("Recent conclusions", classes="um-heading"))
            rows += [Static(conclusion_text(c), classes="um-conclusion") for c in view.conclusions]
        elif not view.error:
            rows.append(Static("No conclusions yet: they appear after a few turns.",
                               classes="pane-hint"))
        await box.mount_all(rows)
        self.user_model = view

    def action_toggle_snapshot(self) -> None:
        snap = self.query_one("#snapshot")
        snap.display = not snap.display

    def action_edit(self, target: str) -> None:
        path = memory_bridge.store_file(target)
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        try:
            with self.app.suspend():
                subprocess.run([*shlex.split(editor), str(path)], check=False)
        except Exception as exc:  # noqa: BLE001 - no editor, or no terminal to hand over
            self.notify(f"Cannot open {editor}: {exc}", severity="error")
            return
        self.reload()
        self.notify(NEXT_SESSION, title=path.name, timeout=6)

    def action_close(self) -> None:
        self.dismiss(None)
