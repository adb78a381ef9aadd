"""What the session store scrubs before it writes: credentials in message text (a tool's JSON
result judged by its decoded strings) and in tool calls' decoded arguments.
"""

from __future__ import annotations

from collections.abc import Sequence

from hermes.jsontypes import JsonArray, JsonValue
from hermes.security.redact import redact_data, redact_hinted_text

__all__ = ["scrub", "scrub_tool_calls"]


def scrub(text: str | None) -> str | None:
    """`text` with credentials replaced, via the shared redactor; a JSON document (a tool's
    result) is judged by its decoded strings. Text without any hint of a secret costs one
    cheap check, and the detector's heavier parts load only when one is needed."""
    return redact_hinted_text(text) if text else text


def scrub_tool_calls(tool_calls: Sequence[JsonValue]) -> JsonArray:
    """A copy of tool calls with secrets removed from their decoded arguments (the caller's
    list, which the running conversation still sends to the model, is left as it was)."""
    scrubbed: JsonArray = redact_data(tool_calls)
    return scrubbed
