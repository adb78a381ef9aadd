"""Names and lookup: unique titles with provenance, lineage names, resolving a reference.

Mixed into SessionStore; relies on its `writing`, `query` and `get_session`.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from hermes.sessions.errors import (
    AmbiguousSessionError,
    InvalidTitleError,
    SessionNotFoundError,
    TitleClashError,
)
from hermes.sessions.models import TITLE_RANK, SessionInfo, TitleSource
from hermes.sessions.text import clean_title

LINEAGE = re.compile(r"^(?P<base>.*\S) #(?P<n>\d+)$")


class NamingMixin:
    """Title and lookup methods of SessionStore."""

    if TYPE_CHECKING:  # what SessionStore provides, declared so the type checker knows it
        def _scrub(self, text: str | None) -> str | None: ...
        def writing(self) -> AbstractContextManager[sqlite3.Connection]: ...
        def query(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]: ...
        def get_session(self, session_id: str) -> SessionInfo: ...

    def _holder(self, conn: sqlite3.Connection, title: str) -> tuple[str, str] | None:
        row = conn.execute(
            "SELECT id, title FROM sessions WHERE title = ? COLLATE NOCASE", (title,)
        ).fetchone()
        return (row[0], row[1]) if row else None

    def _check_clash(
        self, conn: sqlite3.Connection, title: str, session_id: str | None
    ) -> None:
        holder = self._holder(conn, title)
        if holder and holder[0] != session_id:
            raise TitleClashError(title, holder[0], holder[1])

    def set_title(self, session_id: str, title: str, source: TitleSource) -> bool:
        """Name a session. Returns False when a higher-ranked title stays (derived < llm < user).

        A user's name that another session holds raises TitleClashError naming that session;
        an automatic title that clashes gets " (2)", " (3)", … instead.
        """
        if source not in TITLE_RANK:
            raise ValueError(f"title source must be derived, llm or user, got {source!r}")
        cleaned = clean_title(self._scrub(title) or "")
        if not cleaned:
            raise InvalidTitleError("a session name needs at least one visible character")
        with self.writing() as conn:
            info = self.get_session(session_id)
            if info.title and source != "user":
                current = TITLE_RANK.get(info.title_source or "derived", 0)
                if TITLE_RANK[source] < current or (
                    TITLE_RANK[source] == current and source == "derived"
                ):
                    return False
                if info.parent_id and LINEAGE.match(info.title):
                    return False  # a continuation keeps its lineage name
            if source == "user":
                self._check_clash(conn, cleaned, info.id)
            else:
                base, n = cleaned, 1
                while (holder := self._holder(conn, cleaned)) and holder[0] != info.id:
                    n += 1
                    cleaned = f"{base[:90]} ({n})"
            try:
                conn.execute(
                    "UPDATE sessions SET title = ?, title_source = ? WHERE id = ?",
                    (cleaned, source, info.id),
                )
            except sqlite3.IntegrityError:  # another process took the name a moment ago
                holder = self._holder(conn, cleaned)
                raise TitleClashError(cleaned, *(holder or ("another session", cleaned))) from None
            return True

    def newest_continuation(self, session_id: str) -> SessionInfo:
        """The last session of the compression lineage that starts at `session_id`."""
        current = session_id
        for _ in range(10_000):
            rows = self.query(
                "SELECT id FROM sessions WHERE parent_id = ? ORDER BY started_at DESC, id DESC"
                " LIMIT 1",
                (current,),
            )
            if not rows:
                break
            current = rows[0][0]
        return self.get_session(current)

    def resolve_session(self, ref: str, *, follow_lineage: bool = True) -> SessionInfo:
        """A session by id, name (→ its newest continuation) or unique id prefix."""
        ref = (ref or "").strip()
        if not ref:
            raise SessionNotFoundError("no session name or id given")
        with contextlib.suppress(SessionNotFoundError):
            return self.get_session(ref)
        rows = self.query("SELECT id FROM sessions WHERE title = ? COLLATE NOCASE", (clean_title(ref),))
        if rows:
            sid = rows[0][0]
            return self.newest_continuation(sid) if follow_lineage else self.get_session(sid)
        if re.fullmatch(r"[0-9a-fA-F_]+", ref):
            rows = self.query(
                "SELECT id, title FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT 51",
                (ref, ref + "\U0010ffff"),
            )
            if len(rows) == 1:
                return self.get_session(rows[0][0])
            if len(rows) > 1:
                raise AmbiguousSessionError(ref, [(r[0], r[1]) for r in rows])
        raise SessionNotFoundError(f"no session with id, id prefix or name '{ref}'")

