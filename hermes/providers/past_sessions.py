"""Search of past sessions for the local dialectic, through the sessions layer's search API.

The provider depends on a small callable, so tests can pass their own and the sessions layer's
API can change shape without touching the dialectic.
"""

from __future__ import annotations

from hermes.jsontypes import JsonObject

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


log = logging.getLogger("hermes.providers")


@dataclass(frozen=True)
class HistoryHit:
    """One message from a past session that matched."""

    session_id: str
    message_id: int | None
    role: str
    text: str


# search(query, limit, exclude_session_id) -> hits; synchronous (run in a thread).
HistorySearch = Callable[[str, int, "str | None"], list[HistoryHit]]


def sessions_history_search(db_path: Path | None = None) -> HistorySearch | None:
    """A HistorySearch over state.db through hermes.sessions.

    The session store is opened on first use, in the worker thread that searches; a file that
    cannot be opened means no past sessions for the dialectic (logged once), never an error.
    """
    from hermes.sessions import SessionStore, SessionStoreError

    opened: list[SessionStore | None] = []  # [store] once opened, [None] when it cannot be
    lock = threading.Lock()

    def search(query: str, limit: int, exclude_session_id: str | None) -> list[HistoryHit]:
        with lock:
            if not opened:
                try:
                    opened.append(SessionStore(db_path))
                except SessionStoreError as exc:
                    log.warning("past sessions unavailable to the user model: %s", exc)
                    opened.append(None)
        store = opened[0]
        if store is None:
            return []
        results = store.search(query, limit=limit, exclude_session=exclude_session_id)
        return [_hit(r) for r in results]

    return search


def _hit(result: JsonObject) -> HistoryHit:
    """One discover result as a hit: the matching message, its snippet as the text."""
    messages = result.get("messages")
    matched: JsonObject = next((m for m in messages if isinstance(m, dict) and m.get("match")), {}) \
        if isinstance(messages, list) else {}
    text = str(matched.get("content") or result.get("snippet") or "")
    message_id = result.get("message_id")
    return HistoryHit(session_id=str(result.get("session_id", "")),
                      message_id=int(message_id) if isinstance(message_id, int) else None,
                      role=str(result.get("role", "")), text=text)
