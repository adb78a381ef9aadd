"""The approval pane: staged memory writes with before/after; a/r one, A/R all, Esc close."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hermes.config import Config
from hermes.tui import memory_bridge
from hermes.tui.memory_bridge import PendingView


def detail_text(item: PendingView) -> Text:
    """Target, action, origin and the entry before and after the write."""
    text = Text()
    text.append(f"{item.action} → {item.target_label}", style="bold")
    text.append(f"   id {item.id} · from {item.origin}\n\n", style="dim")
    if item.before:
        text.append("before\n", style="bold")
        text.append(_indent(item.before, "- "), style="red")
        text.append("\n")
    if item.after:
        text.append("after\n", style="bold")
        text.append(_indent(item.after, "+ "), style="green")
        text.append("\n")
    if not item.before and not item.after:
        text.append("(no content)", style="dim")
    return text


def _indent(block: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in block.splitlines() or [""]) + "\n"


class ApprovalScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("a", "decide('approve', False)", "Approve"),
        Binding("r", "decide('reject', False)", "Reject"),
        Binding("A", "decide('approve', True)", "Approve all"),
        Binding("R", "decide('reject', True)", "Reject all"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.cfg = cfg
        self.items: list[PendingView] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane") as pane:
            pane.border_title = "Memory writes waiting for approval"
            pane.border_subtitle = "a approve · r reject · A approve all · R reject all · Esc close"
            yield Static("", id="pending-result", classes="pane-note")
            yield OptionList(id="pending-list")
            yield VerticalScroll(Static(id="pending-text"), id="pending-detail")

    def on_mount(self) -> None:
        self.call_after_refresh(self._init_list)  # nested children may still be mounting

    def _init_list(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    def reload(self) -> None:
        self.items = memory_bridge.pending_views(self.cfg)
        options = self.query_one(OptionList)
        previous = options.highlighted or 0
        options.clear_options()
        for item in self.items:
            label = Text()
            label.append(f"{item.action:<8}", style="bold")
            label.append(f"{item.target_label:<13}")
            label.append(item.preview, style="italic")
            options.add_option(Option(label, id=item.id))
        if self.items:
            options.highlighted = min(previous, len(self.items) - 1)
        self._show_detail()
        self.query_one(Vertical).border_title = (
            f"Memory writes waiting for approval ({len(self.items)})" if self.items
            else "No memory writes are waiting")

    @on(OptionList.OptionHighlighted)
    def _show_detail(self) -> None:
        item = self.current
        self.query_one("#pending-text", Static).update(
            detail_text(item) if item else Text("Nothing left to review. Esc closes.", style="dim"))

    @property
    def current(self) -> PendingView | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not self.items:
            return None
        return self.items[min(index, len(self.items) - 1)]

    def action_decide(self, verdict: str, every: bool) -> None:
        item = self.current
        if item is None:
            return
        target = "all" if every else item.id
        try:
            lines = memory_bridge.decide(self.cfg, verdict, target)
        except memory_bridge.MemoryActionError as exc:
            lines = [str(exc)]
        self.query_one("#pending-result", Static).update(Text(" ".join(lines)))
        self.reload()
        refresh = getattr(self.app, "refresh_memory_status", None)
        if refresh is not None:
            refresh()  # the badge drops at once

    def action_close(self) -> None:
        self.dismiss(None)
