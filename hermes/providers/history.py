"""Search of past sessions for the local dialectic, through the sessions layer's search API.

The provider depends on a small callable, so tests can pass their own and the sessions layer's
API can change shape without touching the dialectic.
"""

from __future__ import annotations

import logging
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
    """A HistorySearch over state.db via hermes.sessions, or None if that layer is missing."""
    try:
        from hermes.sessions import search as sessions_search  # type: ignore[attr-defined]
    except ImportError:
        log.info("sessions search API not available; the dialectic runs without past sessions")
        return None
    return _adapter(sessions_search, db_path)


def _adapter(module: object, db_path: Path | None) -> HistorySearch | None:
    finder = getattr(module, "discover", None)
    if finder is None:
        return None

    def search(query: str, limit: int, exclude_session_id: str | None) -> list[HistoryHit]:
        results = finder(query, limit=limit, exclude_session_id=exclude_session_id,
                         db_path=db_path)
        hits: list[HistoryHit] = []
        for r in results:
            get = r.get if isinstance(r, dict) else lambda k, d=None, r=r: getattr(r, k, d)
            hits.append(HistoryHit(session_id=str(get("session_id", "")),
                                   message_id=get("message_id"),
                                   role=str(get("role", "")),
                                   text=str(get("snippet", "") or get("content", ""))))
        return hits

    return search
