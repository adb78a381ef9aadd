"""A streamed assistant reply rendered as Markdown, split into small widgets when long."""

from __future__ import annotations

from textual.widgets import Markdown
from textual.widgets._markdown import MarkdownStream

from hermes.tui.widgets.messages import TranscriptItem

SEGMENT_CHARS = 1500  # a long reply continues in a new widget after this much text


def _fences(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.lstrip().startswith(("```", "~~~")))


def split_point(text: str, fragment: str) -> int | None:
    """Where to cut `fragment` so a long reply continues in a fresh widget, or None.

    At the first blank line outside a code fence once the widget holds SEGMENT_CHARS, so each
    Markdown widget stays small and re-laying it out per frame stays cheap.
    """
    if len(text) + len(fragment) < SEGMENT_CHARS or "\n\n" not in fragment:
        return None
    open_fences = _fences(text)
    pos = fragment.find("\n\n")
    while pos != -1:
        cut = pos + 2
        if len(text) + cut >= SEGMENT_CHARS and (open_fences + _fences(fragment[:cut])) % 2 == 0:
            return cut
        pos = fragment.find("\n\n", pos + 1)
    return None


class AssistantMessage(Markdown):
    """A reply rendered as Markdown; while streaming it grows through a MarkdownStream."""

    def __init__(self, item: TranscriptItem) -> None:
        classes = "message assistant-message"
        if item.meta.get("continued"):
            classes += " -continued"
        super().__init__(item.text, classes=classes)
        self.item = item
        self._stream: MarkdownStream | None = None

    async def write(self, fragment: str) -> str | None:
        """Append streamed text (only the last block is re-parsed).

        Returns None, or after a split the rest of the fragment (maybe ""), which the caller
        continues in a new widget.
        """
        cut = split_point(self.item.text, fragment)
        rest = None
        if cut is not None:
            fragment, rest = fragment[:cut], fragment[cut:]
        self.item.text += fragment
        if self._stream is None:
            self._stream = Markdown.get_stream(self)
        await self._stream.write(fragment)
        return rest

    async def finish(self, marker: str = "") -> None:
        """Flush the stream; `marker` (e.g. "interrupted") is shown under the text."""
        if self._stream is not None:
            await self._stream.stop()
            self._stream = None
        if marker:
            self.item.meta["marker"] = marker
            self.border_subtitle = marker
            self.add_class("-interrupted")

    def on_mount(self) -> None:
        if marker := self.item.meta.get("marker"):
            self.border_subtitle = marker
            self.add_class("-interrupted")
