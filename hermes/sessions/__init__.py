"""Session history (layer 2): state.db, full-text search with CJK, titles, lineage, the tool.

Only the standard library is imported here, so `hermes sessions list` starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hermes.sessions.errors import (
    AmbiguousSessionError,
    InvalidTitleError,
    SessionError,
    SessionNotFoundError,
    SessionStoreError,
    TitleClashError,
)
from hermes.sessions.models import MessageRecord, SessionInfo, SessionSummary, StoreStats
from hermes.sessions.session_store import SessionStore
from hermes.sessions.text import derive_title

if TYPE_CHECKING:  # loaded lazily at run time, by __getattr__ below
    from hermes.sessions.search_tool import SessionSearchTool, session_search_guidance, session_search_schema

__all__ = [
    "AmbiguousSessionError",
    "InvalidTitleError",
    "MessageRecord",
    "SessionError",
    "SessionInfo",
    "SessionNotFoundError",
    "SessionSearchTool",
    "SessionStore",
    "SessionStoreError",
    "SessionSummary",
    "StoreStats",
    "TitleClashError",
    "derive_title",
    "session_search_guidance",
    "session_search_schema",
]


def __getattr__(name: str) -> object:
    # The tool module is loaded on first use only.
    if name in ("SessionSearchTool", "session_search_schema", "session_search_guidance"):
        from hermes.sessions import search_tool as tool

        return getattr(tool, name)
    raise AttributeError(name)
