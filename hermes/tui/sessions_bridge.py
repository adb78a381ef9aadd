"""The UI's narrow door into the sessions layer: names, the picker's rows, search.

The UI never writes SQL; it calls `hermes.sessions`. Errors become SessionsUnavailable with
one line for a person.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.sessions import SessionStore
    from hermes.sessions.models import MessageRecord

log = logging.getLogger("hermes.tui")


class SessionsUnavailable(Exception):
    """History cannot be used right now; the message says why in one line."""


@dataclass(frozen=True)
class SessionRow:
    """One row of the session picker."""

    session_id: str
    title: str
    preview: str
    last_active: float
    message_count: int


@dataclass(frozen=True)
class SearchHit:
    session_id: str
    title: str | None
    when: str
    snippet: str


@contextmanager
def _store() -> Iterator[SessionStore]:
    """A connection to state.db for one question (cheap to open; closed straight after)."""
    from hermes.sessions import SessionStore, SessionStoreError

    try:
        store = SessionStore()
    except SessionStoreError as exc:
        raise SessionsUnavailable(f"Session history is unavailable: {exc}") from None
    try:
        yield store
    finally:
        store.close()


def recent_sessions(exclude: str | None = None, limit: int = 500) -> list[SessionRow]:
    """Newest first; a compression lineage shows once, as its newest continuation."""
    with _store() as store:
        try:
            summaries = store.list_sessions(limit=limit)
        except Exception as exc:  # noqa: BLE001 - a broken history becomes one line for the person (SessionsUnavailable)
            raise SessionsUnavailable(f"Cannot list sessions: {exc}") from None
    rows = []
    for s in summaries:
        # A session continued after compression is shown through its newest continuation.
        if s.id == exclude or s.end_reason == "compression":
            continue
        rows.append(SessionRow(s.id, s.title or "", s.preview or "", s.last_active, s.message_count))
    return rows


def search(query: str, exclude: str | None = None, limit: int = 8) -> list[SearchHit]:
    with _store() as store:
        try:
            results = store.search(query, limit=limit, exclude_session=exclude)
        except Exception as exc:  # noqa: BLE001 - a broken history becomes one line for the person (SessionsUnavailable)
            raise SessionsUnavailable(f"Search failed: {exc}") from None
    return [SearchHit(str(r.get("session_id", "")), _text_or_none(r.get("title")), str(r.get("when", "")),
                      " ".join(str(r.get("snippet", "")).split())) for r in results]


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def stored_messages(session_id: str) -> list[MessageRecord]:
    """The session's MessageRecords, oldest first."""
    with _store() as store:
        return list(store.get_messages(session_id))
