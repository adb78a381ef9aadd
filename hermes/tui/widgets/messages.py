"""The pieces of the transcript: user prompts, tool lines, notices, errors (replies: reply.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import Static


# The icon in front of a tool line, live or replayed from history.
TOOL_ICONS = {"memory": "🧠", "session_search": "🔎"}
# The line under a reply that did not end normally (live and when a session is resumed).
MARKER_LINES = {"cancelled": "⏹ cancelled — the reply was stopped here",
                "interrupted": "⚠ interrupted — the reply was cut off here"}


@dataclass
class TranscriptItem:
    """What one transcript row shows; kept as data so rows can be unmounted and rebuilt."""

    kind: str  # "user" | "assistant" | "tool" | "notice" | "error" | "info"
    text: str
    meta: dict[str, str] = field(default_factory=dict)


class UserMessage(Static):
    """A prompt the person sent, shown verbatim (no Markdown, no markup)."""

    def __init__(self, item: TranscriptItem) -> None:
        super().__init__(Text(item.text), classes="message user-message")
        self.item = item


class LineMessage(Static):
    """One compact line: a tool call, a notice, an error or an informational text."""

    ICONS = {"notice": "", "error": "✗ ", "info": "", "tool": ""}

    def __init__(self, item: TranscriptItem) -> None:
        super().__init__(Text(self.ICONS.get(item.kind, "") + item.text),
                         classes=f"line {item.kind}-line")
        self.item = item

    def update_item(self, text: str, failed: bool = False) -> None:
        self.item.text = text
        self.update(Text(text))
        self.set_class(failed, "-failed")

