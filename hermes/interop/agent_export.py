"""Writing our sessions as a Hermes Agent 0.19 state.db, so a person can go back.

The file gets Hermes Agent's schema (agent_schema.py): sessions with titles, lineage (parent
ids; a compression continuation's parent keeps end_reason "compression", which is how Hermes
Agent recognises a continuation too), messages with tool calls, and both of its full-text
indexes, filled by its own triggers as rows go in. Secrets are redacted again on the way out,
whatever the store held. Sessions that came from Hermes Agent get their original source back.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from hermes.interop.agent_schema import schema_sql
from hermes.interop.session_import import SOURCE_PREFIX
from hermes.security.redact import redact_data
from hermes.sessions.scrub import scrub
from hermes.sessions.session_store import SessionStore


class ExportError(Exception):
    """The export could not be written; str() is one line saying what to do."""


def _source(ours: str) -> str:
    return ours[len(SOURCE_PREFIX):] if ours.startswith(SOURCE_PREFIX) else (ours or "cli")


def export_agent_db(store: SessionStore, ids: Sequence[str], output: Path) -> tuple[int, int]:
    """Write sessions `ids` (parents are added so lineage holds) to a new file `output`.

    Returns (sessions, messages). Refuses an existing file: the export never overwrites a
    history, Hermes Agent's least of all. Written to a temporary name and renamed when done."""
    if output.exists():
        raise ExportError(f"{output} already exists; choose another --output (the export never "
                          "overwrites a history)")
    wanted = list(dict.fromkeys(ids))
    parent_of: dict[str, str | None] = dict(store.query("SELECT id, parent_id FROM sessions"))
    order: list[str] = []
    seen: set[str] = set()
    for sid in wanted:  # parents before children, so the foreign key always holds
        chain = []
        current: str | None = sid
        while current and current not in seen and current in parent_of:
            chain.append(current)
            seen.add(current)
            current = parent_of[current]
        order += reversed(chain)
    tmp = output.with_name(f".{output.name}.{os.getpid()}.tmp")
    tmp.unlink(missing_ok=True)
    messages = 0
    try:
        fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600)
        os.close(fd)
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.executescript(schema_sql())
            conn.execute("BEGIN")
            for sid in order:
                messages += _write_session(store, conn, sid)
            conn.execute("COMMIT")
        finally:
            conn.close()
        os.replace(tmp, output)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"cannot write {output} ({exc.strerror or exc}); check that you can "
                          f"write to {output.parent}, or choose another --output") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return len(order), messages


def _write_session(store: SessionStore, conn: sqlite3.Connection, sid: str) -> int:
    info = store.get_session(sid)
    rows = []
    tool_calls = 0
    for m in store.get_messages(sid):
        calls = redact_data(m.tool_calls) if m.tool_calls else None
        tool_calls += len(calls or [])
        rows.append((sid, m.role, scrub(m.content) or "", m.tool_call_id,
                     json.dumps(calls, ensure_ascii=False) if calls else None, m.tool_name,
                     m.timestamp, m.token_count, m.finish_reason))
    conn.execute(
        "INSERT INTO sessions (id, source, model, system_prompt, parent_session_id, started_at,"
        " ended_at, end_reason, message_count, tool_call_count, input_tokens, output_tokens,"
        " cache_read_tokens, estimated_cost_usd, cwd, title)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (info.id, _source(info.source), info.model or None, scrub(info.system_prompt) or None,
         info.parent_id, info.started_at, info.ended_at, info.end_reason, len(rows), tool_calls,
         info.input_tokens, info.output_tokens, info.cache_tokens, info.cost or None,
         info.cwd or None, scrub(info.title) if info.title else None),
    )
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, tool_call_id, tool_calls, tool_name,"
        " timestamp, token_count, finish_reason, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
        rows,
    )
    return len(rows)
