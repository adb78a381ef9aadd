"""Names and lookup: unique titles with provenance, lineage names, resolving a reference.

Functions over the store's public API (`writing()`, `query()`, `get_session()`); SessionStore
offers them as methods. The store is typed by its Protocol (store_api.StoreApi), so the
import graph runs one way: session_store → naming.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3

from hermes.sessions.errors import (
    AmbiguousSessionError,
    InvalidTitleError,
    SessionNotFoundError,
    TitleClashError,
)
from hermes.sessions.models import TITLE_RANK, SessionInfo, TitleSource
from hermes.sessions.store_api import StoreApi
from hermes.sessions.text import clean_title

LINEAGE = re.compile(r"^(?P<base>.*\S) #(?P<n>\d+)$")


def title_holder(conn: sqlite3.Connection, title: str) -> tuple[str, str] | None:
    """(id, title) of the session holding `title` (case folded), or None."""
    row = conn.execute(
        "SELECT id, title FROM sessions WHERE title = ? COLLATE NOCASE", (title,)
    ).fetchone()
    return (row[0], row[1]) if row else None


def check_clash(conn: sqlite3.Connection, title: str, session_id: str | None) -> None:
    """Raise TitleClashError when another session than `session_id` holds `title`."""
    holder = title_holder(conn, title)
    if holder and holder[0] != session_id:
        raise TitleClashError(title, holder[0], holder[1])


def continuation_title(conn: sqlite3.Connection, parent_title: str) -> str:
    """`NAME #N` for the next session of a compression lineage, N the first free number."""
    m = LINEAGE.match(parent_title)
    base, n = (m.group("base"), int(m.group("n")) + 1) if m else (parent_title, 2)
    title = f"{base} #{n}"
    while title_holder(conn, title) is not None:
        n += 1
        title = f"{base} #{n}"
    return title


def set_title(store: StoreApi, session_id: str, cleaned: str, source: TitleSource) -> bool:
    """Name a session with an already cleaned and redacted title (see SessionStore.set_title)."""
    if source not in TITLE_RANK:
        raise ValueError(f"title source must be derived, llm or user, got {source!r}")
    if not cleaned:
        raise InvalidTitleError("a session name needs at least one visible character")
    with store.writing() as conn:
        info = store.get_session(session_id)
        if info.title and source != "user":
            current = TITLE_RANK.get(info.title_source or "derived", 0)
            if TITLE_RANK[source] < current or (
                TITLE_RANK[source] == current and source == "derived"
            ):
                return False
            if info.parent_id and LINEAGE.match(info.title):
                return False  # a continuation keeps its lineage name
        if source == "user":
            check_clash(conn, cleaned, info.id)
        else:
            base, n = cleaned, 1
            while (holder := title_holder(conn, cleaned)) and holder[0] != info.id:
                n += 1
                cleaned = f"{base[:90]} ({n})"
        try:
            conn.execute(
                "UPDATE sessions SET title = ?, title_source = ? WHERE id = ?",
                (cleaned, source, info.id),
            )
        except sqlite3.IntegrityError:  # another process took the name a moment ago
            holder = title_holder(conn, cleaned)
            raise TitleClashError(cleaned, *(holder or ("another session", cleaned))) from None
        return True


def newest_continuation(store: StoreApi, session_id: str) -> SessionInfo:
    """The last session of the compression lineage that starts at `session_id`."""
    current = session_id
    for _ in range(10_000):
        rows = store.query(
            "SELECT id FROM sessions WHERE parent_id = ? ORDER BY started_at DESC, id DESC"
            " LIMIT 1",
            (current,),
        )
        if not rows:
            break
        current = rows[0][0]
    return store.get_session(current)


def resolve_session(store: StoreApi, ref: str, *, follow_lineage: bool = True) -> SessionInfo:
    """A session by id, name (→ its newest continuation) or unique id prefix."""
    ref = (ref or "").strip()
    if not ref:
        raise SessionNotFoundError("no session name or id given")
    with contextlib.suppress(SessionNotFoundError):
        return store.get_session(ref)
    rows = store.query("SELECT id FROM sessions WHERE title = ? COLLATE NOCASE", (clean_title(ref),))
    if rows:
        sid = rows[0][0]
        return newest_continuation(store, sid) if follow_lineage else store.get_session(sid)
    if re.fullmatch(r"[0-9a-fA-F_]+", ref):
        rows = store.query(
            "SELECT id, title FROM sessions WHERE id >= ? AND id < ? ORDER BY id LIMIT 51",
            (ref, ref + "\U0010ffff"),
        )
        if len(rows) == 1:
            return store.get_session(rows[0][0])
        if len(rows) > 1:
            raise AmbiguousSessionError(ref, [(r[0], r[1]) for r in rows])
    raise SessionNotFoundError(f"no session with id, id prefix or name '{ref}'")
