"""Bounds on one reply, so a small or confused model cannot run a turn for minutes.

- `reply_token_cap`: the `max_tokens` sent with main turns (model.max_tokens, or a share of
  the context window when unset: a reply can never use up the whole window).
- `repeated_span`: a degenerate loop (`tab(tab(tab(…`) at the end of the streamed text.
- `ReplyCut`: raised when the stream is cut by agent.reply_timeout or the repetition guard;
  the loop keeps the text so far, marked interrupted.
"""

from __future__ import annotations

from typing import Any

from hermes.agent import llm, tokens
from hermes.agent.llm import DEFAULT_CONTEXT_WINDOW, LLMError, StreamState
from hermes.config import ModelConfig

REPLY_CAP_MAX = 8192
REPLY_CAP_MIN = 256
MIN_REPLY_ROOM = 128  # tokens a request must leave for the reply, or it is not sent
REPEAT_WINDOW = 2000  # characters at the end of the text that must all be one span repeated
REPEAT_MIN_TIMES = 50  # so the longest span caught is REPEAT_WINDOW // 50 = 40 characters
REPEAT_CHECK_EVERY = 200  # characters of new text between checks


def context_window(mc: ModelConfig) -> int:
    """The model's context window: config, else litellm's model info (while litellm is still
    loading, the map it ships, read without the import: never block the UI's loop)."""
    if mc.context_window:
        return mc.context_window
    if not llm.is_loaded():
        return tokens.mapped_context_window(mc.name) or DEFAULT_CONTEXT_WINDOW
    try:
        return llm.context_window(mc)
    except Exception:  # noqa: BLE001
        return DEFAULT_CONTEXT_WINDOW


def reply_token_cap(mc: ModelConfig, window: int) -> int:
    """model.max_tokens when set (> 0); else min(8192, a quarter of the context window)."""
    if mc.max_tokens:
        return mc.max_tokens
    window = window or mc.context_window or DEFAULT_CONTEXT_WINDOW
    return max(REPLY_CAP_MIN, min(REPLY_CAP_MAX, window // 4))


def repeated_span(text: str) -> str | None:
    """The span when the last REPEAT_WINDOW characters are one short span over and over
    (at least REPEAT_MIN_TIMES times); None otherwise. Whitespace-only spans (blank lines,
    indentation) and a ruler of one character shorter than the window do not count."""
    if len(text) < REPEAT_WINDOW:
        return None
    tail = text[-REPEAT_WINDOW:]
    for period in range(1, REPEAT_WINDOW // REPEAT_MIN_TIMES + 1):
        if tail[period:] == tail[:-period]:
            span = tail[-period:]
            return span if span.strip() else None
    return None


class RepetitionGuard:
    """Called with the stream state after each text piece; raises ReplyCut on a loop."""

    def __init__(self, model: str) -> None:
        self.model = model
        self.parts = 0  # text parts counted so far
        self.length = 0  # their characters
        self.checked_at = 0

    def __call__(self, state: StreamState) -> None:
        parts = state.text_parts
        self.length += sum(len(p) for p in parts[self.parts:])
        self.parts = len(parts)
        if self.length - self.checked_at < REPEAT_CHECK_EVERY:
            return
        self.checked_at = self.length
        tail: list[str] = []
        size = 0
        for piece in reversed(parts):  # only the end of the text, not all of it each time
            tail.append(piece)
            size += len(piece)
            if size >= REPEAT_WINDOW:
                break
        span = repeated_span("".join(reversed(tail)))
        if span is not None:
            raise repetition_cut(self.model, span)


class ReplyCut(LLMError):
    """The reply was stopped on purpose (too long in time, or looping)."""

    def __init__(self, message: str, *, reason: str, partial: bool):
        super().__init__(message, kind=reason, retryable=False, partial=partial)


def timeout_cut(model: str, seconds: float, partial: bool) -> ReplyCut:
    return ReplyCut(f"{model} was still replying after {seconds:g} s (agent.reply_timeout), so "
                    f"the reply was cut; the text so far is kept, marked interrupted. Ask for a "
                    f"shorter answer, or raise agent.reply_timeout.",
                    reason="reply_timeout", partial=partial)


def repetition_cut(model: str, span: str) -> ReplyCut:
    shown = (span * max(3, 12 // len(span)))[:40] + "…"
    return ReplyCut(f"{model} kept repeating the same text ({shown!r}), so the reply was cut; the text so far "
                    f"is kept, marked interrupted. Ask again, or use a lower model.temperature "
                    f"or a larger model.", reason="repetition", partial=True)


SHRUNK_KEEP_CHARS = 1000  # of an old tool result that no longer fits


def shrink_old_tool_results(messages: list[dict[str, Any]], min_chars: int = 2 * SHRUNK_KEEP_CHARS
                            ) -> int:
    """Shorten long tool results before the last tool-call round, in the messages sent (the
    history keeps them whole); the number shortened."""
    last_calls = max((i for i, m in enumerate(messages)
                      if m.get("role") == "assistant" and m.get("tool_calls")), default=-1)
    shrunk = 0
    for i, msg in enumerate(messages[:max(0, last_calls)]):
        content = msg.get("content")
        if msg.get("role") == "tool" and isinstance(content, str) and len(content) > min_chars:
            left = len(content) - SHRUNK_KEEP_CHARS
            messages[i] = {**msg, "content": f"{content[:SHRUNK_KEEP_CHARS]}\n[… {left:,} more "
                                             f"characters left out to fit the context window]"}
            shrunk += 1
    return shrunk


def too_long(model: str, size: int, window: int) -> LLMError:
    """The request cannot fit even after compressing and shortening old tool results."""
    return LLMError(f"The conversation ({size:,} tokens) no longer fits {model}'s context window "
                    f"({window:,} tokens), even after compressing it. {{compress}}, or set a "
                    f"larger model.context_window if the server allows it.",
                    kind="context", retryable=False)
