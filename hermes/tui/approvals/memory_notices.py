"""One transcript line per staged memory write, updated in place once the write is decided.

A write can be decided in the approval pane, with /memory approve|reject, or elsewhere (another
Hermes window, `hermes memory approve`); the last is noticed when the pending ids are refreshed
and the write's id is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from textual.widget import Widget

from hermes.tui.memory_bridge import Decision, PendingView
from hermes.tui.widgets.messages import LineMessage, TranscriptItem

# Ctrl+O: free in the input (TextArea binds Ctrl+A/C/D/E/K/U/V/W/X/Y/Z, the prompt Ctrl+J,
# the app Ctrl+P/Q), not a terminal control key in raw mode, and not a key people press by
# reflex before typing (Ctrl+R/Ctrl+T are history/file search in shells and fzf).
OPEN_KEY = "ctrl+o"
OPEN_KEY_LABEL = "Ctrl+O"
OPEN_HINT = f"{OPEN_KEY_LABEL} or /memory pending to review"

STATE_WORDS = {
    "pending": "waiting for approval",
    "approved": "approved",
    "rejected": "rejected",
    "edited": "replaced by your edit",
    "gone": "decided elsewhere",
}
PREVIEW_CHARS = 48


@dataclass
class StagedNotice:
    """What one notice line says about one staged write."""

    pending_id: str
    what: str  # e.g. 'add user "prefers tabs"'
    reason: str = ""
    state: str = "pending"  # a key of STATE_WORDS

    @property
    def text(self) -> str:
        head = f"💾 Memory change {STATE_WORDS[self.state]}: {self.what}"
        if self.state != "pending":
            return head
        return head + (f" — {self.reason}" if self.reason else "") + f" · {OPEN_HINT}"


def describe(pending_id: str, action: str, target: str, view: PendingView | None) -> str:
    """`add user "prefers tabs"`: the write as the line names it (from the record when it is
    still readable, else from the event)."""
    if view is None:
        return " ".join(p for p in (action, target, pending_id) if p)
    preview = view.preview
    if len(preview) > PREVIEW_CHARS:
        preview = preview[: PREVIEW_CHARS - 1].rstrip() + "…"
    return f'{view.action} {view.target} "{preview}"'


class ApprovalNotices:
    """The notice lines of writes staged while this app runs, by pending id.

    Lines are kept as transcript items: a long transcript unmounts old rows and builds new
    widgets when they scroll back in, so the widget to update is looked up when it changes.
    """

    def __init__(self, find_row: Callable[[TranscriptItem], Widget | None]) -> None:
        self._find_row = find_row  # the transcript's mounted widget for an item, if any
        self._lines: dict[str, tuple[StagedNotice, TranscriptItem]] = {}

    @property
    def waiting(self) -> set[str]:
        """Ids whose line still says "waiting for approval"."""
        return {pid for pid, (notice, _) in self._lines.items() if notice.state == "pending"}

    def notice(self, pending_id: str) -> StagedNotice | None:
        entry = self._lines.get(pending_id)
        return entry[0] if entry else None

    def track(self, notice: StagedNotice, item: TranscriptItem) -> None:
        self._lines[notice.pending_id] = (notice, item)

    def mark(self, pending_id: str, state: str) -> None:
        """Say the write was decided (once: a decided line never changes again)."""
        entry = self._lines.get(pending_id)
        if entry is None or entry[0].state != "pending" or state not in STATE_WORDS:
            return
        notice, item = entry
        notice.state = state
        item.text = notice.text  # what the row says when it is mounted again
        row = self._find_row(item)
        if isinstance(row, LineMessage):
            row.update_item(notice.text)

    def apply(self, decisions: Iterable[Decision]) -> None:
        """Update the lines of writes decided here (a refused approval keeps its line waiting)."""
        for decision in decisions:
            if decision.state != "kept":
                self.mark(decision.id, decision.state)

    def sync(self, still_pending: set[str] | None) -> None:
        """Writes that left the queue without a decision here were decided elsewhere."""
        if still_pending is None:  # the queue could not be read: nothing is known
            return
        for pending_id in self.waiting - still_pending:
            self.mark(pending_id, "gone")
