"""SessionView: what a reader (the status bar, the app, `chat -q`, tests) sees of an AgentSession.

One frozen snapshot, taken when `AgentSession.view` is read, in place of a property per fact:
it does not change under the reader, and reading it changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hermes.agent.background import BackgroundUsage
from hermes.agent.stored_history import SessionTotals


@dataclass(frozen=True)
class SessionView:
    """The session as it is now."""

    session_id: str | None  # None before the first message of a new session
    title: str | None
    model: str
    read_only: str  # one line when another process has the session open (nothing can be sent), else ""
    busy: bool  # a turn runs
    compressing: bool  # a /compress summary request runs (Esc cancels it like a reply)
    memory_changed: bool  # resumed: MEMORY.md/USER.md differ from what its prompt froze
    project_name: str  # the project root folder's name, for the status bar
    project_root: Path  # where the coding tools work
    totals: SessionTotals  # a copy: tokens, cost and turns so far
    context_window: int  # tokens the model accepts (0 until known)
    context_tokens: int  # tokens of the context as last sent (or as counted from storage)
    system_prompt: str | None
    memory_snapshot: str  # the memory blocks frozen into the prompt ("" before the first message)
    messages: list[dict[str, Any]]  # a copy of the conversation as sent, after the system prompt
    has_background_work: bool  # a review, title or provider task runs
    review_status: str  # after a turn: "scheduled", "done", "failed: …" or why it did not run
    background_errors: list[tuple[str, str]]  # (what, one line) for background work that failed
    background_usage: list[BackgroundUsage]  # tokens and cost of each review/title call so far

    @property
    def project_dir(self) -> str:
        """The project root this session records (hermes sessions list --here filters on it)."""
        return str(self.project_root)
