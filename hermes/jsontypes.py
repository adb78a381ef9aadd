"""JSON as Hermes exchanges it: tool arguments and results, provider payloads, stored rows.

A bottom-layer module (it imports nothing of Hermes), so every package can name these types.
`JsonValue` is what `json.loads` gives back; `JsonObject` and `JsonArray` are its two
containers. They are invariant (a `dict[str, str]` is not a `JsonObject`): build a value as
one, or annotate it as one where it is made.
"""

from __future__ import annotations

from typing import TypeAlias, Union

JsonValue: TypeAlias = Union[str, int, float, bool, None, "JsonArray", "JsonObject"]
JsonObject: TypeAlias = dict[str, JsonValue]
JsonArray: TypeAlias = list[JsonValue]

__all__ = ["JsonArray", "JsonObject", "JsonValue"]
