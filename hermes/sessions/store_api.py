"""The store's small public API as a Protocol, for the modules SessionStore is made of.

naming.py and search.py are functions over the store that SessionStore offers as methods;
they type their `store` with this Protocol instead of importing SessionStore, so the import
graph runs one way (session_store → naming, search) even for the type checker.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Protocol

from hermes.sessions.models import DbRow, MessageRecord, SessionInfo, SessionSummary, SqlParams


class StoreApi(Protocol):
    """What naming and search read and write through (SessionStore implements it)."""

    def reading(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...
    def writing(self) -> contextlib.AbstractContextManager[sqlite3.Connection]: ...
    def now(self) -> float: ...
    def index_pending(self) -> int: ...
    def query(self, sql: str, params: SqlParams = ()) -> list[DbRow]: ...
    def get_session(self, session_id: str) -> SessionInfo: ...
    def get_message(self, message_id: int) -> MessageRecord: ...
    def list_sessions(self, limit: int = 50, query_filter: str | None = None, *,
                      exclude: str | None = None, offset: int = 0,
                      project_dir: str | None = None, active_after: float | None = None,
                      active_before: float | None = None) -> list[SessionSummary]: ...
