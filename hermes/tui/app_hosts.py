"""What the app's helpers need from the app, as Protocols (the way command_host.py does it).

turns.py, session_lifecycle.py and approvals/coordinator.py are the app's helpers, but each names
only its Protocol here: none of them imports app.py, so no import circle runs through the app,
not even for the type checker. `HermesApp` satisfies all three (mypy checks that where the app
builds its helpers).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.worker_manager import WorkerManager

    from hermes.agent.events import Event
    from hermes.agent.session import AgentSession
    from hermes.config import Config
    from hermes.tui.screens.chat import ChatScreen
    from hermes.tui.startup import ClientLoader
    from hermes.tui.approvals.tool_requests import ToolApprovals

ResultT = TypeVar("ResultT")


class TurnHost(Protocol):
    """The app as a turn sees it (turns.TurnSender)."""

    agent: AgentSession | None
    loader: ClientLoader
    ready: asyncio.Event
    tool_approvals: ToolApprovals

    @property
    def cfg(self) -> Config: ...
    @property
    def chat(self) -> ChatScreen: ...
    @property
    def workers(self) -> WorkerManager: ...
    def notify(self, message: str, *, timeout: float | None = None) -> None: ...


class SessionAttachable(Protocol):
    """The approval panes as a newly opened session is handed to them (ApprovalPanes)."""

    def attach(self, agent: AgentSession) -> None: ...


class LifecycleHost(Protocol):
    """The app as opening and resuming a session sees it (session_lifecycle.SessionLifecycle)."""

    cfg: Config
    agent: AgentSession | None
    @property
    def approvals(self) -> SessionAttachable: ...
    resume_target: str | None
    continue_last: bool

    @property
    def chat(self) -> ChatScreen: ...
    def session_id(self) -> str | None: ...
    def on_agent_event(self, event: Event) -> None: ...
    async def push_screen_wait(self, screen: Screen[ResultT], *, mode: str | None = None) -> ResultT: ...


class PanesHost(Protocol):
    """The app as the approval panes see it (approvals.coordinator.ApprovalPanes)."""

    @property
    def cfg(self) -> Config: ...
    @property
    def chat(self) -> ChatScreen: ...
    @property
    def screen_stack(self) -> list[Screen[object]]: ...
    def push_screen(self, screen: Screen[ResultT],
                    callback: Callable[[ResultT | None], None] | None = None) -> object: ...
