"""The contract between the coding tools and whoever approves them (the app's pane, `chat -q`).

A tool that changes something (an edit, a write, a command) builds a `ToolApprovalRequest` and
awaits the session's `ToolApprover`. The answer says whether it may run and, for commands,
whether the same command prefix is allowed for the rest of the session. Read-only tools never
ask. Types only live here, so the agent, the tools and the UI can depend on them without
depending on each other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum


class Choice(Enum):
    ALLOW_ONCE = "allow_once"
    ALLOW_PREFIX = "allow_prefix"  # commands only: this prefix runs without asking for the session
    DENY = "deny"
    DENY_WITH_NOTE = "deny_with_note"  # the note goes to the model with the denial


@dataclass(frozen=True)
class ToolApprovalRequest:
    call_id: str
    tool: str  # "edit_file" | "write_file" | "run_command"
    title: str  # one line for a person, e.g. "edit hermes/cli.py +3 −1" or "$ pytest -q"
    cwd: str  # the directory the change or command happens in
    path: str | None = None  # edits and writes: the file, relative to the project root
    diff: str | None = None  # edits and writes: a unified diff
    command: str | None = None  # commands: the full command line
    prefix: str | None = None  # commands: what ALLOW_PREFIX would remember, e.g. "pytest"


@dataclass(frozen=True)
class ToolApprovalAnswer:
    choice: Choice
    note: str = ""

    @property
    def allowed(self) -> bool:
        return self.choice in (Choice.ALLOW_ONCE, Choice.ALLOW_PREFIX)


ToolApprover = Callable[[ToolApprovalRequest], Awaitable[ToolApprovalAnswer]]
