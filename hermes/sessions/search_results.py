"""discover's results: each session's best hit, with its session's title and the messages
around it, and the message dicts every reading mode shows.

All the results of one search are read together in one query: each hit with its session's
title and source, and its window, instead of four lookups per result.
"""

from __future__ import annotations

from hermes.jsontypes import JsonObject
from hermes.sessions.errors import SessionNotFoundError
from hermes.sessions.models import MESSAGE_COLUMNS, MessageRecord, SqlValue, call_function, message_from_row
from hermes.sessions.store_api import StoreApi
from hermes.sessions.text import format_time, make_snippet, relative_time

BestHit = tuple[str, int, int]  # session id, message id, tier (0 exact, 1 stemmed)

# One hit and its window: the messages before it (newest first, as LIMIT picks them), the hit
# with its session's id, title and source (a LEFT JOIN, so a hit whose session is gone still
# comes back and is reported as such), the messages after it. The window's rows carry NULLs in
# those three columns. SQLite takes ORDER BY and LIMIT inside a compound only in a subquery.
_HIT_COLUMNS = ", ".join(f"m.{c.strip()}" for c in MESSAGE_COLUMNS.split(","))
_WINDOW_PART = (
    f"SELECT * FROM (SELECT {MESSAGE_COLUMNS}, NULL, NULL, NULL FROM messages"
    " WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT ?)"
    f" UNION ALL SELECT {_HIT_COLUMNS}, s.id, s.title, s.source FROM messages m"
    " LEFT JOIN sessions s ON s.id = m.session_id WHERE m.id = ?"
    f" UNION ALL SELECT * FROM (SELECT {MESSAGE_COLUMNS}, NULL, NULL, NULL FROM messages"
    " WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?)"
)
_MESSAGE_WIDTH = len(MESSAGE_COLUMNS.split(","))


def when(store: StoreApi, ts: float) -> str:
    """`2026-11-30 14:02 (2h ago)`; just the date and time once it is more than a week old."""
    ago = relative_time(ts, store.now())
    return format_time(ts) + ("" if ago[:1].isdigit() and "-" in ago else f" ({ago})")


def message_dict(msg: MessageRecord, cap: int) -> JsonObject:
    """A message as the tool shows it, long content cut with a flag."""
    out: JsonObject = {"id": msg.id, "role": msg.role}
    content = msg.content or ""
    if len(content) > cap:
        out["content"] = content[:cap] + "…"
        out["truncated"] = True
        out["chars"] = len(content)
    else:
        out["content"] = content
    if msg.tool_name:
        out["tool_name"] = msg.tool_name
    if msg.tool_calls:
        out["tool_calls"] = [
            call_function(c).get("name") or c.get("name") or "?"
            for c in msg.tool_calls if isinstance(c, dict)
        ]
    if msg.interrupted:
        out["interrupted"] = True
    return out


def _read(store: StoreApi, hits: list[BestHit], context: int
          ) -> tuple[dict[str, tuple[str | None, str]], dict[str, list[MessageRecord]]]:
    """(title, source) of each hit's session, and each session's window in id order, in one
    statement."""
    window_params: list[SqlValue] = []
    for sid, message_id, _ in hits:
        window_params += [sid, message_id, context, message_id, sid, message_id, context]
    with store.reading() as conn:
        rows = conn.execute(" UNION ALL ".join([_WINDOW_PART] * len(hits)), window_params).fetchall()
    sessions: dict[str, tuple[str | None, str]] = {}
    windows: dict[str, list[MessageRecord]] = {sid: [] for sid, _, _ in hits}
    for row in rows:  # one hit per session, so a window is its session's rows
        windows[row[1]].append(message_from_row(row[:_MESSAGE_WIDTH]))
        if row[_MESSAGE_WIDTH] is not None:  # the hit, its session found
            sessions[row[1]] = (row[_MESSAGE_WIDTH + 1], row[_MESSAGE_WIDTH + 2])
    for window in windows.values():
        window.sort(key=lambda m: m.id)
    return sessions, windows


def result_entries(store: StoreApi, hits: list[BestHit], tier_terms: list[list[str]], *,
                   partial: bool, context: int, content_cap: int) -> list[JsonObject]:
    """One result per hit, in the order given: the session, the hit and its snippet (marking
    the terms of the hit's tier), and `context` messages either side of it."""
    if not hits:
        return []
    sessions, windows = _read(store, hits, context)
    results: list[JsonObject] = []
    for sid, message_id, tier in hits:
        hit = next((m for m in windows[sid] if m.id == message_id), None)
        if hit is None:
            raise SessionNotFoundError(f"no message {message_id}")
        if sid not in sessions:
            raise SessionNotFoundError(f"no session {sid}")
        title, source = sessions[sid]
        results.append({
            "session_id": sid,
            "title": title,
            "when": when(store, hit.timestamp),
            "source": source,
            "message_id": message_id,
            "role": hit.role,
            "snippet": make_snippet(hit.content, tier_terms[tier]),
            **({"partial": True} if partial else {}),
            **({"stemmed": True} if tier else {}),
            "messages": [
                {**message_dict(m, content_cap), **({"match": True} if m.id == message_id else {})}
                for m in windows[sid]
            ],
        })
    return results
