"""The session picker: type to filter by title and preview, Enter resumes, Esc closes."""

from __future__ import annotations

import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from hermes.sessions.text import relative_time
from hermes.tui.sessions_bridge import SessionRow
from hermes.tui.screens.pane import Pane


def matches(row: SessionRow, query: str) -> bool:
    """Every word of the query appears in the title or the preview (case-insensitive)."""
    haystack = f"{row.title} {row.preview}".lower()
    return all(word in haystack for word in query.lower().split())


class SessionPickerScreen(Pane[str | None]):
    """Dismisses with the chosen session's name (or id when untitled), or None."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
    ]

    def __init__(self, rows: list[SessionRow], now: float | None = None) -> None:
        super().__init__()
        self.rows = rows
        self.now = now if now is not None else time.time()

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane") as pane:
            pane.border_title = "Sessions"
            pane.border_subtitle = "type to filter · ↑↓ choose · Enter resume · Esc close"
            yield Input(placeholder="Filter by title or first message…", id="session-filter")
            yield OptionList(id="session-list")

    def on_mount(self) -> None:
        self.call_after_refresh(self._init_list)  # nested children may still be mounting

    def _init_list(self) -> None:
        self._fill(self.query_one(Input).value)
        self.query_one(Input).focus()

    def _label(self, row: SessionRow) -> Text:
        text = Text()
        text.append(row.title or "—", style="bold")
        count = f"{row.message_count} message" + ("" if row.message_count == 1 else "s")
        text.append(f"   {relative_time(row.last_active, self.now)} · {count}", style="dim")
        if row.preview:
            text.append("\n  " + row.preview, style="italic")
        return text

    def _fill(self, query: str) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        shown = [r for r in self.rows if matches(r, query)]
        options.add_options(Option(self._label(r), id=r.session_id) for r in shown)
        if not shown:
            options.add_option(Option(Text("No session matches.", style="dim"), disabled=True))
        else:
            options.highlighted = 0

    @on(Input.Changed, "#session-filter")
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    @on(Input.Submitted, "#session-filter")
    def _enter(self) -> None:
        self._choose()

    @on(OptionList.OptionSelected, "#session-list")
    def _selected(self) -> None:
        self._choose()

    def _choose(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        option = options.get_option_at_index(options.highlighted)
        if option.disabled or option.id is None:
            return
        row = next(r for r in self.rows if r.session_id == option.id)
        # A name resolves to its newest continuation; an id opens exactly that session.
        self.dismiss(row.title or row.session_id)

    def action_move(self, step: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count

    def action_close(self) -> None:
        self.dismiss(None)


