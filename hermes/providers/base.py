"""The user-modelling provider interface (layer 3) and the data it hands out.

A provider adds a static block to the system prompt, supplies per-turn context that the agent
puts into the user message (never the system prompt, so the prefix cache holds), exposes tools
and hears about finished turns and session ends. The agent reaches providers only through
`GuardedProvider` (guard.py), which turns every failure into "no context this turn".
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from hermes.jsontypes import JsonObject
from hermes.toolspec import schema_name, tool_error


class CompleteFn(Protocol):
    """The model call the agent injects: chat messages in, the reply's text out.

    `purpose` names the work ("user_model.derive", "user_model.dialectic",
    "user_model.represent") so the agent can pick the model and account tokens.
    """

    def __call__(self, messages: list[dict[str, str]], *, purpose: str) -> Awaitable[str]: ...


class ProviderError(Exception):
    """A provider could not do what was asked; the message is one line for a person."""


# The fence around injected context. The tag is unusual enough that user text rarely holds it,
# and any copy of it inside the context is defused (see `fence`).
FENCE_TAG = "user-model-context"


def fence(body: str, *, source: str) -> str:
    """Wrap context in the fenced block the agent prepends to the user's message."""
    safe = body.replace(f"<{FENCE_TAG}", f"<\u200b{FENCE_TAG}")
    safe = safe.replace(f"</{FENCE_TAG}", f"</\u200b{FENCE_TAG}")
    return (
        f'<{FENCE_TAG} source="{source}">\n'
        "Background about the user from Hermes's user model, added by Hermes (the user did not"
        " type this). Use it when it helps; do not recite it.\n"
        f"{safe.strip()}\n"
        f"</{FENCE_TAG}>"
    )


def compose_user_message(user_text: str, context_block: str) -> str:
    """The user message to send: the fenced context first, then what the user typed."""
    if not context_block:
        return user_text
    return f"{context_block}\n\n{user_text}"


@dataclass(frozen=True)
class BaseContext:
    """The slowly changing part of the injected context."""

    session_summary: str = ""
    user_representation: str = ""
    peer_card: tuple[str, ...] = ()
    assistant_representation: str = ""
    conclusions: tuple[str, ...] = ()  # the few most relevant to this turn (local provider)


@dataclass(frozen=True)
class ConclusionView:
    """One conclusion as the TUI viewer and tools show it."""

    id: str
    text: str
    session_id: str | None = None
    message_id: str | None = None
    created_at: float | None = None  # unix seconds
    source: str = "derived"  # derived | tool | user


@dataclass(frozen=True)
class MemoryOverview:
    """What `/memory` shows for the user model: the peer card and recent conclusions."""

    provider: str
    peer_card: tuple[str, ...] = ()
    conclusions: tuple[ConclusionView, ...] = ()
    representation: str = ""


@dataclass
class TurnRecord:
    """A finished exchange, kept in memory for the dialectic's view of "this conversation"."""

    turn_index: int
    user_text: str
    assistant_text: str
    message_ids: tuple[str, ...] = field(default_factory=tuple)


class Provider(ABC):
    """What every user-modelling provider implements (the agent calls it through the guard)."""

    name: str = "provider"

    @abstractmethod
    def system_prompt_block(self) -> str:
        """Static text for the system prompt; depends on config only, never on stored data."""

    @abstractmethod
    async def turn_context(self, session_id: str, turn_index: int, user_text: str) -> str:
        """The fenced block to prepend to this turn's user message, or "" for none."""

    @abstractmethod
    def tool_schemas(self) -> list[JsonObject]:
        """OpenAI-format tool schemas this provider serves."""

    @abstractmethod
    async def dispatch(
        self, name: str, raw_json_args: str, *, session_id: str | None = None
    ) -> str:
        """Run one tool call; always a JSON object string with a `success` field."""

    @abstractmethod
    async def on_turn_finished(
        self,
        session_id: str,
        turn_index: int,
        user_text: str,
        assistant_text: str,
        message_ids: Sequence[int | str],
    ) -> None:
        """Learn from a finished exchange (called in the background by the guard)."""

    @abstractmethod
    async def on_session_end(self, session_id: str) -> None:
        """Finish work for a session (called in the background by the guard)."""

    @abstractmethod
    async def overview(self, limit: int = 20) -> MemoryOverview:
        """The peer card and the most recent conclusions, for the `/memory` viewer."""

    @abstractmethod
    async def forget(self, conclusion_id: str) -> bool:
        """Delete one conclusion; False when no such conclusion exists."""

    def note_turn(self, session_id: str, turn_index: int, user_text: str,
                  assistant_text: str, message_ids: Sequence[int | str]) -> None:
        """Synchronous bookkeeping the guard runs before scheduling `on_turn_finished`."""
        return None

    def tool_names(self) -> frozenset[str]:
        """Names of the tools in `tool_schemas()`."""
        return frozenset(schema_name(s) for s in self.tool_schemas())

    async def aclose(self) -> None:
        """Release connections; the default has none."""
        return None


# ---------------------------------------------------------------- tool helpers


def tool_schema(name: str, description: str, properties: JsonObject,
                required: Sequence[str] = ()) -> JsonObject:
    """One lean OpenAI-format function schema."""
    params: JsonObject = {"type": "object", "properties": properties}
    if required:
        params["required"] = list(required)
    return {"type": "function",
            "function": {"name": name, "description": description, "parameters": params}}


def ok(**payload: object) -> str:
    """A successful tool result as JSON."""
    return json.dumps({"success": True, **payload}, ensure_ascii=False)


def fail(error: str) -> str:
    """A failed tool result as JSON: one clear line the model can act on."""
    return tool_error(error)


class ToolArgsError(ValueError):
    """Tool arguments that cannot be used; the message tells the model what to fix."""


def parse_tool_args(raw_json_args: str | JsonObject | None) -> JsonObject:
    """Tool arguments as a dict; raises ToolArgsError for anything that is not a JSON object."""
    if isinstance(raw_json_args, dict):
        return raw_json_args
    if raw_json_args is None or not str(raw_json_args).strip():
        return {}
    try:
        data = json.loads(raw_json_args)
    except (TypeError, ValueError) as exc:
        raise ToolArgsError(f"arguments are not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ToolArgsError("arguments must be a JSON object")
    return data


def require_str(args: JsonObject, key: str, *, max_len: int = 2000) -> str:
    """A required non-empty string argument, stripped."""
    value = args.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ToolArgsError(f"'{key}' is required and must be a non-empty string")
    value = value.strip()
    if len(value) > max_len:
        raise ToolArgsError(f"'{key}' is too long ({len(value)} chars, at most {max_len})")
    return value


def optional_int(args: JsonObject, key: str, default: int, lo: int, hi: int) -> int:
    """An optional integer argument clamped to [lo, hi]."""
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ToolArgsError(f"'{key}' must be an integer")
    try:
        number = int(value)
    except ValueError:
        raise ToolArgsError(f"'{key}' must be an integer") from None
    return max(lo, min(hi, number))
