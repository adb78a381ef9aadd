"""The scrolling conversation: follows the stream, mounts long histories lazily.

Every row is kept as a `TranscriptItem`; only a window at the end is mounted as widgets.
Scrolling to the top mounts the previous page; a long live session unmounts the oldest
rows while the view is following the bottom, so thousands of messages stay smooth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from hermes.plural import count
from hermes.tui.widgets.messages import MARKER_LINES, LineMessage, TranscriptItem, UserMessage

if TYPE_CHECKING:
    from hermes.tui.widgets.reply import AssistantMessage

PAGE = 40  # rows mounted at a time when opening or scrolling back
MAX_MOUNTED = 240  # beyond this, the oldest rows are unmounted while following the bottom
# Textual re-arranges every mounted widget when anything grows, so while following a stream
# the mounted rows are also capped by weight (a row weighs its number of widgets).
MAX_WEIGHT = 120
KEEP_SCREENS = 1.5  # ...but never below this many screen heights of rows


def widget_for(item: TranscriptItem) -> Widget:
    """The widget that shows an item."""
    if item.kind == "user":
        return UserMessage(item)
    if item.kind == "replaced":
        from hermes.tui.widgets.folded import FoldedAnswer

        return FoldedAnswer(item)
    if item.kind == "assistant":
        # Imported on first use: Textual's Markdown (and markdown-it) would add ~90 ms
        # to start-up, before the first frame.
        from hermes.tui.widgets.reply import AssistantMessage

        return AssistantMessage(item)
    if item.kind == "tool" and "tool" in item.meta:  # a coding tool's line (diff, output)
        from hermes.tui.widgets.tool_lines import ToolLine

        return ToolLine(item)
    return LineMessage(item)


def is_reply(widget: Widget) -> TypeGuard[AssistantMessage]:
    """An assistant reply row (its module is imported lazily, so no isinstance here)."""
    item = getattr(widget, "item", None)
    return item is not None and item.kind == "assistant"


class EarlierHint(Static):
    """The first row while older messages are not mounted."""


class Transcript(VerticalScroll, can_focus=False):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.items: list[TranscriptItem] = []
        self.first_mounted = 0  # index in `items` of the first mounted row
        self._hint: EarlierHint | None = None
        self._loading_earlier = False

    def on_mount(self) -> None:
        self.anchor()

    @property
    def rows(self) -> list[Widget]:
        return [w for w in self.children if not isinstance(w, EarlierHint)]

    async def load(self, items: list[TranscriptItem]) -> None:
        """Replace the content with `items`, mounting only the last page."""
        await self.remove_children()
        self._hint = None
        self.items = list(items)
        self.first_mounted = max(0, len(self.items) - PAGE)
        widgets = [widget_for(item) for item in self.items[self.first_mounted:]]
        if widgets:
            await self.mount_all(widgets)
        await self._update_hint()
        self.anchor()

    async def clear(self) -> None:
        await self.load([])

    async def add(self, item: TranscriptItem) -> Widget:
        """Append a row and show it; returns its widget."""
        self.items.append(item)
        widget = widget_for(item)
        await self.mount(widget)
        await self._prune()
        return widget

    async def start_reply(self, continued: bool = False) -> AssistantMessage:
        item = TranscriptItem("assistant", "")
        if continued:
            item.meta["continued"] = "1"
        widget = await self.add(item)
        assert is_reply(widget)
        return widget

    async def freeze(self, row: Widget) -> None:
        """Swap a finished reply segment's Markdown widget tree for one widget."""
        from hermes.tui.widgets.reply import FinishedSegment

        await self.mount(FinishedSegment(row.item), after=row)  # type: ignore[attr-defined]
        await row.remove()

    async def add_line(self, kind: str, text: str) -> LineMessage:
        widget = await self.add(TranscriptItem(kind, text))
        assert isinstance(widget, LineMessage)
        return widget

    async def fold_last_answer(self) -> bool:
        """Fold the rows of the answer to the last prompt (replies, tool lines, their markers)
        into one collapsed "earlier answer (replaced)" row where the answer began; notices and
        errors stay as they are. False when there was no answer to fold."""
        answer = answer_items(self.items)
        if not answer:
            return False
        await self.fold(answer, folded_item(answer))
        return True

    async def fold(self, items: list[TranscriptItem], folded: TranscriptItem) -> None:
        """Show `folded` where the first of `items` was, in place of all of them. Rows that are
        scrolled out (not mounted) change as data only."""
        gone = {id(item) for item in items}
        positions = [n for n, item in enumerate(self.items) if id(item) in gone]
        if not positions:
            return
        start, old_first = positions[0], self.first_mounted
        rows = [row for row in (self.row_for(item) for item in items) if row is not None]
        if start >= old_first:
            await self.mount(widget_for(folded), before=self.row_for(self.items[start]))
        self.items = [item for item in self.items if id(item) not in gone]
        self.items.insert(start, folded)
        before = sum(1 for n in positions if n < old_first)
        self.first_mounted = old_first - before + (1 if start < old_first else 0)
        if rows:
            await self.remove_children(rows)
        await self._update_hint()

    def mark_last_prompt(self, not_sent: bool) -> None:
        """Say on the last prompt that it was not sent (a failed message the person cleared),
        or stop saying it (/retry sent it after all)."""
        prompt = next((item for item in reversed(self.items) if item.kind == "user"), None)
        if prompt is None:
            return
        if not_sent:
            prompt.meta["not_sent"] = "1"
        else:
            prompt.meta.pop("not_sent", None)
        row = self.row_for(prompt)
        if isinstance(row, UserMessage):
            row.show_item()

    def row_for(self, item: TranscriptItem) -> Widget | None:
        """The mounted widget showing `item` (None while it is scrolled out and unmounted)."""
        return next((w for w in self.rows if getattr(w, "item", None) is item), None)

    @property
    def following(self) -> bool:
        """True while the view sticks to the bottom (the person has not scrolled up)."""
        return not self._anchor_released or self.scroll_y >= self.max_scroll_y

    @staticmethod
    def weight(row: Widget) -> int:
        if not is_reply(row):
            return 1
        return 1 + sum(1 for _ in row.walk_children())

    async def _prune(self) -> None:
        rows = self.rows
        if not self.following or len(rows) <= 2:
            return
        count = len(rows) - MAX_MOUNTED + PAGE if len(rows) > MAX_MOUNTED else 0
        total = sum(self.weight(row) for row in rows)
        while total > MAX_WEIGHT and count < len(rows) - 2:
            total -= self.weight(rows[count])
            count += 1
        # Keep at least KEEP_SCREENS screens of text mounted, so the view never runs short
        # (at the top it would load the earlier page and stop following).
        # A row that is not laid out yet (rows added faster than the screen refreshes) counts
        # as one line: every row is at least that tall, and pruning must not wait for a paint.
        keep = int(KEEP_SCREENS * max(1, self.size.height))
        heights = [max(1, row.outer_size.height) for row in rows]
        height = sum(heights)
        for index, row_height in enumerate(heights[:count]):
            height -= row_height
            if height < keep:
                count = index
                break
        drop = [row for row in rows[:count]
                if not (is_reply(row) and row._stream is not None)]
        if len(drop) != count or not drop:
            return  # never unmount a reply that is still streaming
        self.first_mounted += len(drop)
        await self.remove_children(drop)
        await self._update_hint()

    async def load_earlier(self) -> int:
        """Mount the page before the first mounted row, keeping the view still; returns rows added."""
        if self.first_mounted == 0 or self._loading_earlier:
            return 0
        self._loading_earlier = True
        try:
            start = max(0, self.first_mounted - PAGE)
            widgets = [widget_for(item) for item in self.items[start:self.first_mounted]]
            first_row = self.rows[0] if self.rows else None
            self.first_mounted = start
            if first_row is None:
                await self.mount_all(widgets)
            else:
                offset = first_row.virtual_region.y - self.scroll_y
                await self.mount_all(widgets, before=first_row)
                self.call_after_refresh(self._keep_position, first_row, offset, 5)
            await self._update_hint()
            return len(widgets)
        finally:
            self._loading_earlier = False

    def _keep_position(self, row: Widget, offset: int, tries: int) -> None:
        """Scroll so `row` sits where it was before rows were mounted above it."""
        if row.virtual_region.y <= offset and tries > 0:  # layout not updated yet
            self.set_timer(0.02, lambda: self._keep_position(row, offset, tries - 1))
            return
        self.scroll_to(y=max(0, row.virtual_region.y - offset), animate=False, immediate=True)

    async def _update_hint(self) -> None:
        if self.first_mounted == 0:
            if self._hint is not None:
                await self._hint.remove()
                self._hint = None
            return
        text = f"↑ {count(self.first_mounted, 'earlier message')} · scroll up to load them"
        if self._hint is None:
            self._hint = EarlierHint(text)
            rows = self.rows
            await self.mount(self._hint, before=rows[0] if rows else None)
        else:
            self._hint.update(text)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value <= 0 and self.first_mounted > 0 and not self._loading_earlier:
            self.run_worker(self.load_earlier(), group="load-earlier", exclusive=True)


def answer_items(items: list[TranscriptItem]) -> list[TranscriptItem]:
    """The rows that show the answer to the last prompt: replies, tool lines, marker lines."""
    last = next((n for n in range(len(items) - 1, -1, -1) if items[n].kind == "user"), -1)
    markers = set(MARKER_LINES.values())
    return [item for item in items[last + 1:]
            if item.kind in ("assistant", "tool") or (item.kind == "info" and item.text in markers)]


def folded_item(answer: list[TranscriptItem]) -> TranscriptItem:
    """One "replaced" row holding the text of an answer's rows."""
    return TranscriptItem("replaced", "\n\n".join(item.text.strip() for item in answer
                                                  if item.text.strip()))
