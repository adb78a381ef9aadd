"""Typed errors of the sessions layer. The edges (CLI, tool, TUI) turn them into one line."""

from __future__ import annotations


class SessionError(Exception):
    """Base class for every error this layer raises on purpose."""


class SessionStoreError(SessionError):
    """state.db cannot be opened or used (corrupt, unreadable, newer schema).

    The message names the file and what to do. The file is never replaced automatically;
    a caller such as the TUI can catch this and run without history.
    """

    def __init__(self, message: str, path: object = None) -> None:
        super().__init__(message)
        self.path = path


class SessionNotFoundError(SessionError, LookupError):
    """No session has that id, id prefix or name."""


class AmbiguousSessionError(SessionError, LookupError):
    """An id prefix matches several sessions; `candidates` lists (id, title) pairs."""

    def __init__(self, prefix: str, candidates: list[tuple[str, str | None]]) -> None:
        shown = ", ".join(f"{cid} ({title})" if title else cid for cid, title in candidates[:10])
        more = f" and {len(candidates) - 10} more" if len(candidates) > 10 else ""
        super().__init__(f"'{prefix}' matches several sessions: {shown}{more}; give more of the id")
        self.prefix = prefix
        self.candidates = candidates


class TitleClashError(SessionError):
    """The name is already held by another session (named in the message)."""

    def __init__(self, title: str, holder_id: str, holder_title: str) -> None:
        super().__init__(
            f"the name '{title}' is already used by session {holder_id} ('{holder_title}'); "
            "rename that session first or choose another name"
        )
        self.title = title
        self.holder_id = holder_id
        self.holder_title = holder_title


class InvalidTitleError(SessionError, ValueError):
    """A name that is empty after cleaning."""
