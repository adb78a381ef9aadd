"""Streamed reply text on its way from the agent's callback to the chat screen.

Text deltas are coalesced: the app appends every delta here and posts one `TextArrived`
message carrying this buffer; the screen takes everything that arrived meanwhile when it
handles that message. While the screen is busy drawing, text piles up here instead of as
messages, so a fast stream costs at most one Markdown update per frame, not one per token.
"""

from __future__ import annotations

import time

TEXT_FRAME = 0.05  # seconds between Markdown updates while a reply streams


class TextBuffer:
    """The text streamed since the screen last took some, and when a flush is due."""

    def __init__(self, frame: float = TEXT_FRAME) -> None:
        self.frame = frame
        self._parts: list[str] = []
        self._flush_queued = False
        self._last_flush = 0.0

    def add(self, text: str) -> float | None:
        """Keep `text`; returns the delay (seconds, maybe 0) after which to tell the screen,
        or None when a message is already on its way (it will carry this text too)."""
        self._parts.append(text)
        if self._flush_queued:
            return None
        self._flush_queued = True
        # At most one Markdown update per frame: each one re-lays out the screen.
        return max(0.0, self._last_flush + self.frame - time.monotonic())

    def take(self) -> str:
        """Everything streamed since the last call; the next `add` queues a new message."""
        text = "".join(self._parts)
        self._parts.clear()
        self._flush_queued = False
        self._last_flush = time.monotonic()
        return text

    def __bool__(self) -> bool:
        return bool(self._parts)
