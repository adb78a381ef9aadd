"""Plain data returned by the store."""

from __future__ import annotations

import re

import json
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Any, Literal, TypeAlias

from hermes.jsontypes import JsonArray, JsonObject, JsonValue

SqlValue: TypeAlias = None | int | float | str | bytes  # what SQLite stores and hands back
SqlParams: TypeAlias = Sequence[SqlValue]  # the values for a query's `?` placeholders
# A row as sqlite3 returns it: untyped, each query knows its own columns
DbRow: TypeAlias = tuple[Any, ...]

Role = Literal["system", "user", "assistant", "tool"]
TitleSource = Literal["derived", "llm", "user"]
ROLES: tuple[str, ...] = ("system", "user", "assistant", "tool")
TITLE_RANK: dict[str, int] = {"derived": 0, "llm": 1, "user": 2}
# finish_reason of rows the history keeps but the conversation no longer holds: an answer
# that /retry replaced (shown folded), a failed message the person cleared from the input
REPLACED = "replaced"
DISCARDED = "discarded"


@dataclass
class SessionInfo:
    """One row of the sessions table."""

    id: str
    title: str | None
    title_source: TitleSource | None
    source: str
    model: str
    parent_id: str | None
    started_at: float
    ended_at: float | None
    last_active: float
    end_reason: str | None
    message_count: int
    input_tokens: int
    output_tokens: int
    cache_tokens: int
    cost: float
    system_prompt: str
    cwd: str
    preview: str | None = None
    project_dir: str = ""  # the project root it ran in ("" for sessions older than schema 6)

    @property
    def ended(self) -> bool:
        return self.ended_at is not None


@dataclass
class SessionSummary:
    """What a list or picker shows for one session."""

    id: str
    title: str | None
    preview: str
    last_active: float
    message_count: int
    started_at: float
    source: str
    parent_id: str | None = None
    end_reason: str | None = None


@dataclass
class MessageRecord:
    """One stored message."""

    id: int
    session_id: str
    role: str
    content: str
    tool_calls: JsonArray | None
    tool_call_id: str | None
    tool_name: str | None
    timestamp: float
    token_count: int | None
    finish_reason: str | None

    @property
    def interrupted(self) -> bool:
        """A partial reply: cut off by a failure, or cancelled by the person."""
        return self.finish_reason in ("interrupted", "cancelled")

    @property
    def cancelled(self) -> bool:
        """A partial reply the person stopped (Esc, Ctrl+C)."""
        return self.finish_reason == "cancelled"

    @property
    def replaced(self) -> bool:
        """An earlier answer that /retry replaced: kept and shown folded, never sent again."""
        return self.finish_reason == REPLACED

    @property
    def discarded(self) -> bool:
        """A failed message the person cleared instead of retrying: kept, never sent again."""
        return self.finish_reason == DISCARDED

    def to_openai(self) -> JsonObject:
        """The message in OpenAI chat format, for rebuilding a conversation on resume."""
        msg: JsonObject = {"role": self.role, "content": self.content}
        if self.tool_calls:
            msg["tool_calls"] = self.tool_calls
        if self.tool_call_id:
            msg["tool_call_id"] = self.tool_call_id
        if self.role == "tool" and self.tool_name:
            msg["name"] = self.tool_name
        return msg


@dataclass
class StoreStats:
    sessions: int
    messages: int
    input_tokens: int
    output_tokens: int
    cache_tokens: int
    cost: float
    db_bytes: int
    index_bytes: int | None
    text_bytes: int
    by_source: dict[str, int] = field(default_factory=dict)


# The columns of a SessionInfo, in its field order, for every query that builds one.
SESSION_COLUMNS = (
    "id, title, title_source, source, model, parent_id, started_at, ended_at, last_active, "
    "end_reason, message_count, input_tokens, output_tokens, cache_tokens, cost, system_prompt, "
    "cwd, preview, project_dir"
)


def session_from_row(row: DbRow) -> SessionInfo:
    """A SessionInfo from a row selected with SESSION_COLUMNS."""
    return SessionInfo(*row)


# The columns of a MessageRecord, in its field order, for every query that builds one.
MESSAGE_COLUMNS = (
    "id, session_id, role, content, tool_calls, tool_call_id, tool_name, timestamp, token_count, "
    "finish_reason"
)


def message_from_row(row: DbRow) -> MessageRecord:
    """A MessageRecord from a row selected with MESSAGE_COLUMNS."""
    values = list(row)
    values[4] = load_tool_calls(values[4])
    return MessageRecord(*values)


def call_function(call: JsonValue) -> JsonObject:
    """The `function` part ({name, arguments}) of a stored tool call; {} when it has none."""
    fn = call.get("function") if isinstance(call, dict) else None
    return fn if isinstance(fn, dict) else {}


def load_tool_calls(raw: str | None) -> JsonArray | None:
    if not raw:
        return None
    try:
        value = json.loads(raw)
    except ValueError:
        return None
    return value if isinstance(value, list) else None


def project_filter(project_dir: str) -> tuple[str, tuple[str, ...]]:
    """(SQL condition, parameters) for the sessions of a project: its recorded project_dir or,
    for sessions recorded before schema 6, a working directory at or under the root."""
    under = re.sub(r"([%_\\])", r"\\\1", project_dir.rstrip("/") + "/") + "%"
    return ("(project_dir = ? OR (project_dir = '' AND (cwd = ? OR cwd LIKE ? ESCAPE '\\')))",
            (project_dir, project_dir, under))
