"""SessionStore: the one way into state.db for the agent loop, the TUI and the CLI.

Threading: one SQLite connection per store, shared by all threads and guarded by a lock
(shared_connection.py), so an asyncio app may call it from the event loop and from background
tasks or worker threads alike. Several processes may use the same file at once: WAL lets
readers run beside a writer, and every write is an IMMEDIATE transaction that waits its turn.

Secrets: message content, tool calls (their decoded arguments), system prompts and titles pass
the shared redactor before they are written, so keys pasted into a chat never reach the
database, while code that only mentions a secret is stored exactly as written.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from typing import TYPE_CHECKING, Unpack

from hermes import paths
from hermes.sessions import naming
from hermes.sessions.errors import SessionNotFoundError, SessionStoreError
from hermes.sessions.migrations import index_waiting
from hermes.jsontypes import JsonObject, JsonValue
from hermes.sessions.models import (
    MESSAGE_COLUMNS,
    ROLES,
    SESSION_COLUMNS,
    MessageRecord,
    SessionInfo,
    SessionSummary,
    DbRow,
    SqlParams,
    SqlValue,
    TitleSource,
    message_from_row,
    project_filter,
    session_from_row,
)
# interop/ imports scrub and scrub_tool_calls from this module as well as SessionStore
from hermes.sessions.scrub import scrub, scrub_tool_calls
from hermes.sessions.shared_connection import SharedConnection
from hermes.sessions.text import clean_title, one_line

if TYPE_CHECKING:
    from hermes.sessions.search import DiscoverOptions


def new_session_id(now: float) -> str:
    """`YYYYMMDD_HHMMSS_<6 hex>` in local time."""
    # os.urandom rather than the secrets module: same randomness, ~8 ms less start-up for the CLI
    return time.strftime("%Y%m%d_%H%M%S", time.localtime(now)) + "_" + os.urandom(3).hex()


class SessionStore:
    """Sessions and messages in state.db (default: paths.state_db_path())."""

    def __init__(
        self,
        path: Path | None = None,
        *,
        clock: Callable[[], float] = time.time,
        redact_secrets: bool = True,
        allow_read_only: bool = False,
    ) -> None:
        """`allow_read_only`: a state.db that cannot be written (a read-only home) is opened
        for reading, and every write raises SessionStoreError saying why; without it, such a
        file is refused at once."""
        self.path = Path(path) if path else paths.state_db_path()
        self._clock = clock
        self._redact = redact_secrets
        self._db = SharedConnection(self.path, allow_read_only=allow_read_only)

    # ------------------------------------------------------------ plumbing

    def close(self) -> None:
        """Close the connection; further calls raise SessionStoreError."""
        self._db.close()

    def __enter__(self) -> SessionStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def conn(self) -> sqlite3.Connection:
        return self._db.conn

    def _scrub(self, text: str | None) -> str | None:
        return scrub(text) if self._redact else text

    def _calls_json(self, tool_calls: Sequence[JsonValue] | None) -> str | None:
        if not tool_calls:
            return None
        return json.dumps(scrub_tool_calls(tool_calls) if self._redact else tool_calls, ensure_ascii=False)

    def reading(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """The connection, held for a group of reads; SQLite failures become SessionStoreError.

        Part of the store's small public API (with `writing()`, `query()` and `now()`) for the
        search, naming and maintenance modules, so none of them reaches into private members."""
        return self._db.reading()

    def writing(self) -> contextlib.AbstractContextManager[sqlite3.Connection]:
        """An IMMEDIATE transaction (or a part of the enclosing batch)."""
        return self._db.writing()

    def now(self) -> float:
        """The store's clock (tests pass their own)."""
        return self._clock()

    @contextlib.contextmanager
    def batch(self) -> Iterator[SessionStore]:
        """Group many writes into one transaction (imports, benchmarks)."""
        with self.writing():
            yield self

    def index_pending(self) -> int:
        """Add the messages still waiting for their full-text entries to the index, in one
        transaction (the end of an agent turn, before a search); returns how many there were.
        Costs one indexed read when none is waiting."""
        if not self.query("SELECT 1 FROM messages_unindexed LIMIT 1"):
            return 0
        with self.writing() as conn:
            return index_waiting(conn)

    def query(self, sql: str, params: SqlParams = ()) -> list[DbRow]:
        """All rows of one read."""
        with self.reading() as conn:
            return conn.execute(sql, params).fetchall()

    # ------------------------------------------------------------ writer API

    def create_session(
        self,
        *,
        source: str,
        model: str,
        system_prompt: str,
        cwd: str,
        parent_id: str | None = None,
        title: str | None = None,
        title_source: TitleSource = "user",
        project_dir: str = "",
    ) -> str:
        """Start a session; returns its id. `project_dir` is the project root it runs in."""
        now = self.now()
        cleaned = clean_title(self._scrub(title) or "") if title else None
        with self.writing() as conn:
            if cleaned:
                naming.check_clash(conn, cleaned, None)
            for _ in range(5):
                sid = new_session_id(now)
                try:
                    conn.execute(
                        "INSERT INTO sessions (id, title, title_source, source, model, parent_id,"
                        " started_at, last_active, system_prompt, cwd, project_dir)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (sid, cleaned or None, title_source if cleaned else None, source, model,
                         parent_id, now, now, self._scrub(system_prompt) or "", cwd, project_dir),
                    )
                    return sid
                except sqlite3.IntegrityError as exc:
                    if "FOREIGN KEY" in str(exc):
                        raise SessionNotFoundError(f"no session {parent_id}") from None
                    if "sessions.id" not in str(exc):
                        raise
        raise SessionStoreError("could not allocate a session id", self.path)  # pragma: no cover

    def append_message(
        self,
        session_id: str,
        role: str,
        content: str | None,
        *,
        tool_calls: Sequence[JsonValue] | None = None,
        tool_call_id: str | None = None,
        tool_name: str | None = None,
        token_count: int | None = None,
        finish_reason: str | None = None,
        index: bool = True,
    ) -> int:
        """Store one message; returns its id. Updates the session's count and last-active.

        The row commits at once. Its full-text entry is written when the transaction commits
        (all the rows of a batch() in one index write), or with `index=False` left waiting
        for index_pending(): the agent indexes a whole turn's messages together."""
        if role not in ROLES:
            raise ValueError(f"role must be one of {', '.join(ROLES)}, got {role!r}")
        now = self.now()
        text = self._scrub(content or "") or ""
        calls = self._calls_json(tool_calls)
        preview = one_line(text, 80) if role == "user" and text.strip() else None
        with self.writing() as conn:
            try:
                cur = conn.execute(
                    "INSERT INTO messages (session_id, role, content, tool_calls, tool_call_id,"
                    " tool_name, timestamp, token_count, finish_reason)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (session_id, role, text, calls, tool_call_id, tool_name, now, token_count,
                     finish_reason),
                )
            except sqlite3.IntegrityError:
                raise SessionNotFoundError(f"no session {session_id}") from None
            conn.execute(
                "UPDATE sessions SET message_count = message_count + 1, last_active = ?,"
                " preview = coalesce(preview, ?) WHERE id = ?",
                (now, preview, session_id),
            )
            if index:
                self._db.index_at_commit()
            return int(cur.lastrowid or 0)

    def update_message(
        self,
        message_id: int,
        *,
        content: str | None = None,
        finish_reason: str | None = None,
        token_count: int | None = None,
        tool_calls: Sequence[JsonValue] | None = None,
        index: bool = True,
    ) -> None:
        """Finish a partial reply (or mark it interrupted with finish_reason="interrupted").

        A message already in the full-text index is re-indexed in the same transaction; one
        still waiting (append_message(index=False)) is indexed at commit, or with
        `index=False` later by index_pending()."""
        sets: list[str] = []
        params: list[SqlValue] = []
        calls = self._calls_json(tool_calls)
        for column, value in (
            ("content", self._scrub(content) if content is not None else None),
            ("finish_reason", finish_reason),
            ("token_count", token_count),
            ("tool_calls", calls),
        ):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if not sets:
            return
        with self.writing() as conn:
            row = conn.execute("SELECT session_id FROM messages WHERE id = ?", (message_id,)).fetchone()
            if row is None:
                raise SessionNotFoundError(f"no message {message_id}")
            conn.execute(f"UPDATE messages SET {', '.join(sets)} WHERE id = ?", (*params, message_id))
            conn.execute("UPDATE sessions SET last_active = ? WHERE id = ?", (self.now(), row[0]))
            if index:
                self._db.index_at_commit()

    def add_usage(
        self, session_id: str, *, input_tokens: int = 0, output_tokens: int = 0,
        cache_tokens: int = 0, cost: float = 0.0,
    ) -> None:
        """Add one call's token counts and cost to the session's totals."""
        with self.writing() as conn:
            cur = conn.execute(
                "UPDATE sessions SET input_tokens = input_tokens + ?, output_tokens = output_tokens"
                " + ?, cache_tokens = cache_tokens + ?, cost = cost + ? WHERE id = ?",
                (int(input_tokens or 0), int(output_tokens or 0), int(cache_tokens or 0),
                 float(cost or 0.0), session_id),
            )
            if cur.rowcount == 0:
                raise SessionNotFoundError(f"no session {session_id}")

    def end_session(self, session_id: str, reason: str) -> None:
        """Mark a session ended (e.g. "user_exit", "compression", "error")."""
        with self.writing() as conn:
            cur = conn.execute(
                "UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ?",
                (self.now(), reason, session_id),
            )
            if cur.rowcount == 0:
                raise SessionNotFoundError(f"no session {session_id}")

    def reopen_session(self, session_id: str) -> None:
        """Clear the end mark when a person resumes an ended session."""
        with self.writing() as conn:
            conn.execute(
                "UPDATE sessions SET ended_at = NULL, end_reason = NULL, last_active = ? WHERE id = ?",
                (self.now(), session_id),
            )

    def continue_session(
        self, parent_id: str, *, system_prompt: str, model: str, source: str, cwd: str,
        reason: str = "compression",
    ) -> str:
        """End `parent_id` (for compression, or `reason`) and start its child, titled `NAME #N`,
        in the parent's project."""
        with self.writing() as conn:
            parent = self.get_session(parent_id)
            self.end_session(parent_id, reason)
            title = naming.continuation_title(conn, parent.title) if parent.title else None
            return self.create_session(
                source=source, model=model, system_prompt=system_prompt, cwd=cwd,
                parent_id=parent_id, title=title,
                title_source=parent.title_source or "derived", project_dir=parent.project_dir,
            )

    def delete_session(self, session_id: str) -> int:
        """Delete one session and its messages; returns how many messages went."""
        with self.writing() as conn:
            info = self.get_session(session_id)
            conn.execute("DELETE FROM sessions WHERE id = ?", (info.id,))
            return info.message_count

    # ------------------------------------------------------------ names (see naming.py)

    def set_title(self, session_id: str, title: str, source: TitleSource) -> bool:
        """Name a session. Returns False when a higher-ranked title stays (derived < llm < user).

        A user's name that another session holds raises TitleClashError naming that session;
        an automatic title that clashes gets " (2)", " (3)", … instead.
        """
        return naming.set_title(self, session_id, clean_title(self._scrub(title) or ""), source)

    def newest_continuation(self, session_id: str) -> SessionInfo:
        """The last session of the compression lineage that starts at `session_id`."""
        return naming.newest_continuation(self, session_id)

    def resolve_session(self, ref: str, *, follow_lineage: bool = True) -> SessionInfo:
        """A session by id, name (→ its newest continuation) or unique id prefix."""
        return naming.resolve_session(self, ref, follow_lineage=follow_lineage)

    # ------------------------------------------------------------ reading

    def get_session(self, session_id: str) -> SessionInfo:
        rows = self.query(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise SessionNotFoundError(f"no session {session_id}")
        return session_from_row(rows[0])

    def get_messages(self, session_id: str) -> list[MessageRecord]:
        rows = self.query(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? ORDER BY id",
            (session_id,),
        )
        return [message_from_row(r) for r in rows]

    def get_message(self, message_id: int) -> MessageRecord:
        rows = self.query(f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE id = ?", (message_id,))
        if not rows:
            raise SessionNotFoundError(f"no message {message_id}")
        return message_from_row(rows[0])

    def most_recent_session(self) -> SessionInfo | None:
        rows = self.query(
            f"SELECT {SESSION_COLUMNS} FROM sessions ORDER BY last_active DESC, id DESC LIMIT 1"
        )
        return session_from_row(rows[0]) if rows else None

    def list_sessions(
        self, limit: int = 50, query_filter: str | None = None, *, exclude: str | None = None,
        offset: int = 0, project_dir: str | None = None, active_after: float | None = None,
        active_before: float | None = None,
    ) -> list[SessionSummary]:
        """Sessions newest first; `query_filter` keeps those whose title, preview or id contain it;
        `project_dir` those of that project (older sessions without one: by their cwd);
        `active_after`/`active_before` those last active in that span (Unix times)."""
        where: list[str] = ["id IS NOT ?"]
        params: list[SqlValue] = [exclude]
        if active_after is not None:
            where.append("last_active >= ?")
            params.append(active_after)
        if active_before is not None:
            where.append("started_at < ?")
            params.append(active_before)
        if project_dir:
            condition, values = project_filter(project_dir)
            where.append(condition)
            params += list(values)
        if query_filter and query_filter.strip():
            like = "%" + re.sub(r"([%_\\])", r"\\\1", query_filter.strip()) + "%"
            where.append(
                "(title LIKE ? ESCAPE '\\' OR preview LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')"
            )
            params += [like, like, like]
        rows = self.query(
            "SELECT id, title, coalesce(preview, ''), last_active, message_count, started_at,"
            f" source, parent_id, end_reason FROM sessions WHERE {' AND '.join(where)}"
            " ORDER BY last_active DESC, id DESC LIMIT ? OFFSET ?",
            (*params, max(0, int(limit)), max(0, int(offset))),
        )
        return [SessionSummary(*r) for r in rows]

    def count_sessions(self) -> int:
        return int(self.query("SELECT count(*) FROM sessions")[0][0])

    # ------------------------------------------------------------ search (see search.py)

    def search(self, query: str, **kwargs: Unpack[DiscoverOptions]) -> list[JsonObject]:
        """Discover: best matching sessions for an FTS5 query (see search.discover)."""
        from hermes.sessions.search import discover

        return discover(self, query, **kwargs)

    def check_integrity(self) -> list[str]:
        """Problems found by SQLite's and FTS5's own checks ([] when all is well)."""
        with self.reading() as conn:
            problems = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall() if r[0] != "ok"]
            try:
                conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")
            except sqlite3.DatabaseError as exc:
                problems.append(f"full-text index: {exc}")
            return problems
