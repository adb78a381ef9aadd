"""The pieces of the transcript: user prompts, tool lines, notices, errors (replies: reply.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.widgets import Static


# The line under a reply that did not end normally (live and when a session is resumed).
MARKER_LINES = {"cancelled": "⏹ cancelled — the reply was stopped here",
                "interrupted": "⚠ interrupted — the reply was cut off here"}


@dataclass
class TranscriptItem:
    """What one transcript row shows; kept as data so rows can be unmounted and rebuilt."""

    kind: str  # "user" | "assistant" | "tool" | "notice" | "error" | "info" | "replaced"
    text: str
    meta: dict[str, str] = field(default_factory=dict)


NOT_SENT = "not sent: cleared after it failed, so the model never saw it (/retry sends it)"


class UserMessage(Static):
    """A prompt the person sent, shown verbatim (no Markdown, no markup); a failed one the
    person cleared says it was not sent."""

    def __init__(self, item: TranscriptItem) -> None:
        super().__init__(classes="message user-message")
        self.item = item
        self.show_item()

    def show_item(self) -> None:
        text = Text(self.item.text)
        not_sent = bool(self.item.meta.get("not_sent"))
        if not_sent:
            text.append(f"\n✗ {NOT_SENT}", style="dim italic")
        self.set_class(not_sent, "-not-sent")
        self.update(text)


class LineMessage(Static):
    """One compact line: a tool call, a notice, an error or an informational text."""

    ICONS = {"notice": "", "error": "✗ ", "info": "", "tool": ""}

    def __init__(self, item: TranscriptItem) -> None:
        icon = self.ICONS.get(item.kind, "")
        text = marked_text(icon + item.text) if item.meta.get("marks") else Text(icon + item.text)
        super().__init__(text, classes=f"line {item.kind}-line")
        self.item = item

    def update_item(self, text: str, failed: bool = False) -> None:
        self.item.text = text
        self.update(Text(text))
        self.set_class(failed, "-failed")


def marked_text(text: str) -> Text:
    """Search output whose matches are marked `**word**`: the matches bold, the marks gone."""
    out = Text()
    for n, part in enumerate(text.split("**")):
        out.append(part, style="bold" if n % 2 else "")
    return out
