"""Tool calls that a model wrote as text instead of sending them as structured `tool_calls`.

Small local models (llama.cpp or Ollama serving a 0.5B–2B model) often answer "remember that
I prefer tabs" with the call itself as the reply: a bare JSON object, a ```json block, a
template-damaged `{{"name": …}}`, or Qwen-style `<tool_call>…</tool_call>` blocks. When the
reply has no structured calls, `extract()` finds such a call for one of the offered tools;
the loop then runs it like a structured one. JSON that names no offered tool, or that has
keys a call never has, stays text: a reply that *is* JSON data must not turn into a call.

`DisplayHold` keeps the part of a streaming reply that may become a call off the screen until
it is known (so a call is not first printed as if it were the answer).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# keys a call object may carry; anything else means it is data, not a call
_CALL_KEYS = {"name", "arguments", "parameters", "type", "id"}
# Qwen's <tool_call> blocks, and <tools> (the tag its template puts around the schemas, which
# a 1.5B model wrote around its call: tests/data/real_model/)
_TAGGED = re.compile(r"<(tool_call|tools)>\s*(.*?)\s*(?:</\1>|$)", re.DOTALL)
# A reply that is only the chat template's own markup (`<tools></tools>`): no answer at all.
_TEMPLATE_ONLY = re.compile(r"^(?:\s*</?(?:tools|tool_call|tool_response)>|\s*<\|im_(?:start|end)\|>"
                            r"(?:assistant)?)+\s*$")
_FENCE = re.compile(r"```[ \t]*(?:json|JSON|tool_call|tool)?[ \t]*\n(.*?)\n?[ \t]*```", re.DOTALL)
noticed: set[str] = set()  # servers already named in the one-time notice (per process)
HOLD_LIMIT = 6000  # characters held back at most; a call is rarely longer than this


@dataclass
class TextCall:
    name: str
    arguments: str  # JSON text, validated by the registry like any call's arguments


def _undouble(text: str) -> str:
    """`{{"name": …}}` (a chat template's escaped braces) as the object it meant."""
    text = text.strip()
    while text.startswith("{{") and text.endswith("}}"):
        text = text[1:-1].strip()
    return text


def _as_call(value: Any, tools: set[str]) -> TextCall | None:
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("function"), dict) and set(value) <= {"function", "type", "id"}:
        value = value["function"]  # the OpenAI wire shape written out as text
    name = value.get("name")
    if not isinstance(name, str) or name not in tools or not set(value) <= _CALL_KEYS:
        return None
    args = value.get("arguments", value.get("parameters", {}))
    if isinstance(args, str):
        try:
            args = json.loads(args) if args.strip() else {}
        except ValueError:
            return TextCall(name, value["arguments" if "arguments" in value else "parameters"])
    return TextCall(name, json.dumps({} if args is None else args, ensure_ascii=False))


def _calls_in(text: str, tools: set[str]) -> list[TextCall] | None:
    """The call(s) when `text` (one JSON document, maybe double-braced) is nothing but calls."""
    for candidate in dict.fromkeys((text.strip(), _undouble(text))):
        try:
            value = json.loads(candidate)
        except ValueError:
            continue
        items = value if isinstance(value, list) and value else [value]
        calls = [_as_call(item, tools) for item in items]
        if all(c is not None for c in calls):
            return [c for c in calls if c is not None]
    return None


def _trailing_object(text: str, tools: set[str]) -> tuple[str, list[TextCall]] | None:
    """Text followed by a call object at the very end: (the text, the call)."""
    stripped = text.rstrip()
    if not stripped.endswith("}"):
        return None
    starts = [m.start() for m in re.finditer(r"(?m)^[ \t]*\{", stripped)]
    for start in starts[:20]:
        calls = _calls_in(stripped[start:], tools)
        if calls:
            return stripped[:start].rstrip(), calls
    return None


def extract(text: str, tools: set[str]) -> tuple[str, list[TextCall]] | None:
    """(the text to keep, the calls) when a reply's content holds calls to offered tools."""
    if not text.strip() or not tools:
        return None
    if "<tool_call>" in text or "<tools>" in text:
        calls: list[TextCall] = []
        for m in _TAGGED.finditer(text):
            if not m.group(2).strip():
                continue  # an empty block is template residue, not a call
            found = _calls_in(m.group(2), tools)
            if not found:
                return None  # a tag around something that is not a call: leave it all as text
            calls.extend(found)
        kept = _TAGGED.sub("", text).strip()
        return (kept, calls) if calls else None
    whole = _calls_in(text, tools)
    if whole:
        return "", whole
    fences = list(_FENCE.finditer(text))
    if fences:
        calls, spans = [], []
        for m in fences:
            found = _calls_in(m.group(1), tools)
            if found:
                calls.extend(found)
                spans.append(m.span())
        if calls:
            kept = text
            for start, end in reversed(spans):
                kept = kept[:start] + kept[end:]
            return kept.strip(), calls
    return _trailing_object(text, tools)


_MARKERS = ("{", "```", "<tool_call>", "<tools>", "<tool_response>")


# A reply that writes the template's tool result itself (`<tool_response>{…}</tool_response>`):
# the 1.5B model did so after a call of its own failed (bench/real_model_bench.py).
_RESPONSE_BLOCK = re.compile(r"<tool_response>.*?(?:</tool_response>|\Z)", re.DOTALL)


def template_only(text: str) -> bool:
    """The reply is nothing but chat-template markup (`<tools></tools>`, a `<tool_response>`
    block the model wrote itself), or nothing at all."""
    rest = _RESPONSE_BLOCK.sub("", text)
    return not rest.strip() or bool(_TEMPLATE_ONLY.match(rest))


def _may_start_call(line: str) -> bool:
    """True when a line (maybe still growing) starts like a call: `{`, a fence, a tag."""
    head = line.lstrip()
    if not head:
        return False
    return any(head.startswith(m) or m.startswith(head) for m in _MARKERS)


class DisplayHold:
    """Decides how much of a streaming reply may be shown now.

    From a line that starts like a call (`{`, a code fence, `<tool_call>`) the text is held
    until the stream ends (then `finish()` says what to show) — except that a fence whose
    content does not start with `{` (ordinary code) or a block longer than HOLD_LIMIT is
    released at once, so code and long replies still stream."""

    def __init__(self, active: bool) -> None:
        self.active = active
        self.shown = 0  # characters of the reply already shown
        self.scan = 0  # where the next line to examine starts

    def feed(self, full: str) -> str:
        """The full reply so far → the new piece to show."""
        if not self.active:
            piece, self.shown = full[self.shown:], len(full)
            return piece
        pos, held = self.scan, False
        while pos < len(full):
            nl = full.find("\n", pos)
            end_of_line = len(full) if nl < 0 else nl + 1
            if pos > 0 and full[pos - 1] != "\n":  # the rest of a line that is being shown
                pos = end_of_line
                continue
            line = full[pos:end_of_line].rstrip("\n")
            if _may_start_call(line) and not self._released(full[pos:]):
                held = True
                break
            pos = end_of_line
        self.scan = end = pos
        if held or end == len(full):
            # a line break waits for the next line: before a call it goes with the call
            while end > self.shown and full[end - 1] in "\r\n":
                end -= 1
        piece, self.shown = full[self.shown:end], max(self.shown, end)
        return piece

    @staticmethod
    def _released(block: str) -> bool:
        if len(block) > HOLD_LIMIT:
            return True
        head = block.lstrip()
        if head.startswith("```"):
            nl = head.find("\n")
            if nl < 0:
                return False
            body = head[nl + 1:].lstrip()
            return bool(body) and not body.startswith("{")
        if head.startswith("{") or head.startswith("<tool_call>") or head.startswith("<tools>"):
            return False
        # a line that only began like a marker ("{" vs "<t", "`") and then went elsewhere
        return not any(head.startswith(m) or m.startswith(head) for m in _MARKERS)

    def finish(self, full: str, kept: str | None) -> str:
        """At the end of the stream: what is left to show. `kept` is the text kept when the
        reply held calls (None when it did not)."""
        if kept is None:
            piece, self.shown = full[self.shown:], len(full)
            return piece
        shown_text = full[:self.shown]
        if kept.startswith(shown_text.rstrip()) and len(kept) > len(shown_text.rstrip()):
            piece = kept[len(shown_text.rstrip()):]
        else:
            piece = ""
        self.shown = len(full)
        return piece

    def abandon(self, full: str) -> str:
        """The stream broke: what is left to show. Held text that starts like a call is a
        fragment of one (```` ```json {"name": "write_f ````) and is dropped, not shown."""
        rest = full[self.shown:]
        self.shown = len(full)
        if self.active and _may_start_call(rest.lstrip("\r\n").split("\n", 1)[0]):
            return ""
        return rest
