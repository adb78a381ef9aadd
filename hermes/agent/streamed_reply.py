"""One model reply assembled from litellm's streamed chunks: its text, tool calls, finish reason
and token usage.

StreamState is filled in place, chunk by chunk, so a cancelled or broken stream still leaves the
partial reply to store. Text arrives in pieces that may split a surrogate pair (or carry lone
surrogates a provider let through); what is kept and shown is always valid UTF-8. litellm's
chunk objects are read with getattr only: providers leave out fields, and this module must not
import litellm. hermes/agent/llm.py runs the stream and re-exports StreamState.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hermes.security.sanitize import mend_surrogates, split_trailing_high_surrogate


@dataclass
class StreamState:
    """What one model call produced so far; filled in place so a cancel keeps the partial."""

    text_parts: list[str] = field(default_factory=list)
    tool_calls: dict[int, dict[str, str]] = field(default_factory=dict)
    finish_reason: str | None = None
    usage: dict[str, int] | None = None
    attempts: int = 0
    saw_reply: bool = False  # a chunk with a role, content or tool call arrived
    held: str = ""  # a high surrogate waiting for its low half in the next piece

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def take_chunk(self, chunk: Any, on_text: Callable[[str], None] | None) -> None:
        """Take one streamed chunk: its usage, finish reason, text (passed to `on_text` as soon
        as it can be shown) and tool-call deltas."""
        usage = usage_of(chunk)
        if usage:
            self.usage = usage
        choices = getattr(chunk, "choices", None) or []
        if not choices:
            return
        choice = choices[0]
        if getattr(choice, "finish_reason", None):
            self.finish_reason = str(choice.finish_reason)
        delta = getattr(choice, "delta", None)
        if delta is None:
            return
        text = getattr(delta, "content", None)
        if text is not None or getattr(delta, "role", None) or getattr(delta, "tool_calls", None):
            self.saw_reply = True
        if text:
            text = self.add_text(str(text))
            if text and on_text is not None:
                on_text(text)
        for position, tc in enumerate(getattr(delta, "tool_calls", None) or []):
            self.add_tool_delta(position, tc)

    def add_text(self, piece: str) -> str:
        """Take one streamed piece; returns the text that can be shown now (surrogate pairs
        split across pieces joined, lone surrogates replaced by U+FFFD)."""
        ready, self.held = split_trailing_high_surrogate(self.held + piece)
        ready = mend_surrogates(ready)
        if ready:
            self.text_parts.append(ready)
        return ready

    def end_text(self) -> str:
        """The stream ended: a high surrogate still held becomes U+FFFD (returned to show)."""
        if not self.held:
            return ""
        self.held = ""
        return self.add_text("\ufffd")

    @property
    def received_anything(self) -> bool:
        return bool(self.text_parts) or bool(self.tool_calls)

    def ordered_tool_calls(self) -> list[dict[str, str]]:
        """The accumulated calls by index, their text mended (pieces may split a surrogate pair)."""
        return [{k: _mend_arguments(v) if k == "arguments" else mend_surrogates(v)
                 for k, v in self.tool_calls[i].items()} for i in sorted(self.tool_calls)]

    def add_tool_delta(self, position: int, delta: Any) -> None:
        """Accumulate one streamed tool-call delta; repeated ids and names are not appended."""
        index = getattr(delta, "index", None)
        if not isinstance(index, int):
            index = position
        entry = self.tool_calls.setdefault(index, {"id": "", "name": "", "arguments": ""})
        call_id = getattr(delta, "id", None)
        if call_id and not entry["id"]:
            entry["id"] = str(call_id)
        fn = getattr(delta, "function", None)
        name = getattr(fn, "name", None) if fn is not None else None
        if name and not entry["name"]:
            entry["name"] = str(name)
        elif name and entry["name"] != name and not entry["arguments"]:
            entry["name"] += str(name)  # a name split across deltas
        args = getattr(fn, "arguments", None) if fn is not None else None
        if args:
            entry["arguments"] += str(args)


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _mend_value(value: Any) -> Any:
    if isinstance(value, str):
        return mend_surrogates(value)
    if isinstance(value, list):
        return [_mend_value(v) for v in value]
    if isinstance(value, dict):
        return {mend_surrogates(k): _mend_value(v) for k, v in value.items()}
    return value


def _mend_arguments(text: str) -> str:
    """Tool-call arguments without surrogates, raw or JSON-escaped (a `\\ud800` would turn
    into an unstorable character once parsed); unchanged unless one is there."""
    text = mend_surrogates(text)
    if not _ESCAPED_SURROGATE.search(text):
        return text
    try:
        value = json.loads(text)
    except ValueError:
        return text  # not JSON: the tool answers with a clear error, the text stays as sent
    return json.dumps(_mend_value(value), ensure_ascii=False)


def usage_of(obj: Any) -> dict[str, int] | None:
    """Prompt, completion and cached tokens a chunk reports; None when it reports none."""
    usage = getattr(obj, "usage", None)
    if usage is None:
        return None
    try:
        prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
        completion = int(getattr(usage, "completion_tokens", 0) or 0)
    except (TypeError, ValueError):
        return None
    details = getattr(usage, "prompt_tokens_details", None)
    cached = getattr(details, "cached_tokens", 0) if details is not None else 0
    cached = cached or getattr(usage, "cache_read_input_tokens", 0) or 0
    if not prompt and not completion:
        return None
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "cache_tokens": int(cached or 0)}
