"""The multi-line prompt: Enter sends, Ctrl+J adds a line, Up/Down walk earlier prompts."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.widgets import TextArea


PLACEHOLDER = "Message Hermes · Enter send · Ctrl+J newline · / commands · Ctrl+P palette"
READ_ONLY_PLACEHOLDER = "Read-only: this session is open in another Hermes window · /new starts a new one"


class PromptHistory:
    """Earlier prompts, newest last, with a cursor for Up/Down (keeps the unsent draft)."""

    def __init__(self, entries: list[str] | None = None, limit: int = 1000) -> None:
        self.entries: list[str] = list(entries or [])[-limit:]
        self.limit = limit
        self._index: int | None = None
        self._draft = ""

    def add(self, text: str) -> None:
        if text.strip() and (not self.entries or self.entries[-1] != text):
            self.entries.append(text)
            del self.entries[: -self.limit]
        self._index = None

    def previous(self, current: str) -> str | None:
        if not self.entries:
            return None
        if self._index is None:
            self._draft = current
            self._index = len(self.entries)
        if self._index == 0:
            return None
        self._index -= 1
        return self.entries[self._index]

    def next(self) -> str | None:
        if self._index is None:
            return None
        self._index += 1
        if self._index >= len(self.entries):
            self._index = None
            return self._draft
        return self.entries[self._index]

    def reset(self) -> None:
        self._index = None


class PromptInput(TextArea):
    """Where the person types. Completion keys are delegated to the screen while it shows them."""

    @dataclass
    class Submitted(Message):
        text: str

    @dataclass
    class CompletionKey(Message):
        """Tab, Up or Down while the completion list is showing."""

        key: str

    @dataclass
    class ScrollKey(Message):
        """Home or End in an empty input: scroll the transcript (nothing to move in the input)."""

        key: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, soft_wrap=True, tab_behavior="focus", show_line_numbers=False,
                         compact=True, highlight_cursor_line=False)
        self.prompts = PromptHistory()
        self.completing = False  # set by the screen when suggestions are visible
        self.placeholder = PLACEHOLDER

    def set_read_only(self, reason: str) -> None:
        """Say in the input itself when messages cannot be sent (commands such as /new still run)."""
        self.placeholder = READ_ONLY_PLACEHOLDER if reason else PLACEHOLDER

    def set_text(self, text: str) -> None:
        self.text = text
        self.move_cursor(self.document.end)

    async def _on_key(self, event: events.Key) -> None:
        key = event.key
        if key == "enter":
            self._swallow(event)
            if self.completing:
                self.post_message(self.CompletionKey("enter"))
                return
            text = self.text
            if text.strip():
                self.post_message(self.Submitted(text))
            return
        if key in ("ctrl+j", "shift+enter"):
            self._swallow(event)
            self.insert("\n")
            return
        if key in ("home", "end") and not self.text:
            self._swallow(event)
            self.post_message(self.ScrollKey(key))
            return
        if self.completing and key in ("tab", "up", "down"):
            self._swallow(event)
            self.post_message(self.CompletionKey(key))
            return
        if key == "up" and self.cursor_location[0] == 0:
            recalled = self.prompts.previous(self.text)
            self._swallow(event)
            if recalled is not None:
                self.set_text(recalled)
            return
        if key == "down" and self.cursor_location[0] == self.document.line_count - 1:
            following = self.prompts.next()
            if following is not None:
                self._swallow(event)
                self.set_text(following)
                return
        await super()._on_key(event)

    @staticmethod
    def _swallow(event: events.Key) -> None:
        event.stop()
        event.prevent_default()
