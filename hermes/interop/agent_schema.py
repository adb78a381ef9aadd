"""Hermes Agent 0.19's state.db layout (its `hermes_state.py`, schema version 22), as facts.

Written from reading that module's schema, not copied: the tables and columns the import
reads and the export writes, the two FTS5 indexes (word and trigram) with the triggers that
feed them, and the unique title index. Hermes Agent creates its remaining tables (routing,
locks, usage, delegations) itself when it opens a file that lacks them.
"""

from __future__ import annotations

SCHEMA_VERSION = 22
# Message content that was a list of parts (multimodal) is stored as this prefix + JSON.
CONTENT_JSON_PREFIX = "\x00json:"
# Hermes Agent's config.yaml keeps the memory files next to state.db under this folder.
MEMORIES_DIR = "memories"

SESSION_COLUMNS = (
    "id", "source", "user_id", "session_key", "chat_id", "chat_type", "thread_id",
    "display_name", "origin_json", "expiry_finalized", "model", "model_config", "system_prompt",
    "parent_session_id", "started_at", "ended_at", "end_reason", "message_count",
    "tool_call_count", "input_tokens", "output_tokens", "cache_read_tokens",
    "cache_write_tokens", "reasoning_tokens", "cwd", "git_branch", "git_repo_root",
    "billing_provider", "billing_base_url", "billing_mode", "estimated_cost_usd",
    "actual_cost_usd", "cost_status", "cost_source", "pricing_version", "title",
    "api_call_count", "handoff_state", "handoff_platform", "handoff_error",
    "compression_failure_cooldown_until", "compression_failure_error",
    "compression_fallback_streak", "profile_name", "rewind_count", "archived",
)
MESSAGE_COLUMNS = (
    "id", "session_id", "role", "content", "tool_call_id", "tool_calls", "tool_name",
    "effect_disposition", "timestamp", "token_count", "finish_reason", "reasoning",
    "reasoning_content", "reasoning_details", "codex_reasoning_items", "codex_message_items",
    "platform_message_id", "observed", "active", "compacted", "api_content",
)
# What the import needs to find; anything else in the file is ignored.
# parent_session_id also tells its file apart from ours (whose column is parent_id).
REQUIRED_SESSION_COLUMNS = ("id", "source", "started_at", "parent_session_id")
REQUIRED_MESSAGE_COLUMNS = ("id", "session_id", "role", "content", "timestamp")

_TEXT_COLUMNS = {
    "id": "TEXT PRIMARY KEY", "source": "TEXT NOT NULL", "started_at": "REAL NOT NULL",
    "ended_at": "REAL", "estimated_cost_usd": "REAL", "actual_cost_usd": "REAL",
    "compression_failure_cooldown_until": "REAL",
}
_INT_DEFAULT_0 = {
    "expiry_finalized", "message_count", "tool_call_count", "input_tokens", "output_tokens",
    "cache_read_tokens", "cache_write_tokens", "reasoning_tokens", "api_call_count",
}
_INT_NOT_NULL_0 = {"compression_fallback_streak", "rewind_count", "archived"}


def _session_column(name: str) -> str:
    if name in _TEXT_COLUMNS:
        return f"{name} {_TEXT_COLUMNS[name]}"
    if name in _INT_DEFAULT_0:
        return f"{name} INTEGER DEFAULT 0"
    if name in _INT_NOT_NULL_0:
        return f"{name} INTEGER NOT NULL DEFAULT 0"
    return f"{name} TEXT"


_MESSAGE_TYPES = {
    "id": "INTEGER PRIMARY KEY AUTOINCREMENT",
    "session_id": "TEXT NOT NULL REFERENCES sessions(id)",
    "role": "TEXT NOT NULL",
    "timestamp": "REAL NOT NULL",
    "token_count": "INTEGER",
    "observed": "INTEGER DEFAULT 0",
    "active": "INTEGER NOT NULL DEFAULT 1",
    "compacted": "INTEGER NOT NULL DEFAULT 0",
}

# The text each FTS row holds: content, tool name and tool calls, space-separated.
_FTS_TEXT = ("COALESCE(new.content, '') || ' ' || COALESCE(new.tool_name, '') || ' ' || "
             "COALESCE(new.tool_calls, '')")


def _fts_sql(table: str, tokenizer: str) -> str:
    options = f",\n    tokenize='{tokenizer}'" if tokenizer else ""
    return f"""
CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING fts5(
    content{options}
);
CREATE TRIGGER IF NOT EXISTS {table}_insert AFTER INSERT ON messages BEGIN
    INSERT INTO {table}(rowid, content) VALUES (new.id, {_FTS_TEXT});
END;
CREATE TRIGGER IF NOT EXISTS {table}_delete AFTER DELETE ON messages BEGIN
    DELETE FROM {table} WHERE rowid = old.id;
END;
CREATE TRIGGER IF NOT EXISTS {table}_update AFTER UPDATE ON messages BEGIN
    DELETE FROM {table} WHERE rowid = old.id;
    INSERT INTO {table}(rowid, content) VALUES (new.id, {_FTS_TEXT});
END;
"""


def schema_sql() -> str:
    """The DDL of a fresh Hermes Agent 0.19 state.db (run with executescript)."""
    sessions = ",\n    ".join([_session_column(c) for c in SESSION_COLUMNS]
                              + ["FOREIGN KEY (parent_session_id) REFERENCES sessions(id)"])
    messages = ",\n    ".join(f"{c} {_MESSAGE_TYPES.get(c, 'TEXT')}" for c in MESSAGE_COLUMNS)
    return f"""
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    {sessions}
);
CREATE TABLE IF NOT EXISTS messages (
    {messages}
);
CREATE TABLE IF NOT EXISTS state_meta (key TEXT PRIMARY KEY, value TEXT);
CREATE INDEX IF NOT EXISTS idx_sessions_source ON sessions(source);
CREATE INDEX IF NOT EXISTS idx_sessions_source_id ON sessions(source, id);
CREATE INDEX IF NOT EXISTS idx_sessions_parent ON sessions(parent_session_id);
CREATE INDEX IF NOT EXISTS idx_sessions_started ON sessions(started_at DESC);
CREATE INDEX IF NOT EXISTS idx_messages_session ON messages(session_id, timestamp);
CREATE INDEX IF NOT EXISTS idx_messages_session_active ON messages(session_id, active, timestamp);
CREATE UNIQUE INDEX IF NOT EXISTS idx_sessions_title_unique ON sessions(title) WHERE title IS NOT NULL;
{_fts_sql("messages_fts", "")}
{_fts_sql("messages_fts_trigram", "trigram")}
INSERT INTO schema_version (version) SELECT {SCHEMA_VERSION}
    WHERE NOT EXISTS (SELECT 1 FROM schema_version);
"""
