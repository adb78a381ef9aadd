"""What the slash-command runner needs from the app, as a Protocol.

The runner is the app's helper, but it names only this: `command_runner.py` never imports
`app.py`, so the two do not form an import circle. `HermesApp` satisfies it (mypy checks that
where the app builds its runner).
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from textual.screen import Screen

    from hermes.agent.session import AgentSession
    from hermes.config import Config
    from hermes.tui.screens.chat import ChatScreen
    from hermes.tui.startup import ClientLoader
    from hermes.tui.themes import ThemeLoadResult
    from hermes.tui.approvals.tool_requests import ToolApprovals

ResultT = TypeVar("ResultT")


class CommandHost(Protocol):
    """The app as the command runner sees it."""

    cfg: Config
    agent: AgentSession | None
    loader: ClientLoader
    pending_title: str | None  # a /title given before the session starts
    theme: str
    theme_result: ThemeLoadResult
    tool_approvals: ToolApprovals

    @property
    def chat(self) -> ChatScreen: ...

    def session_id(self) -> str | None: ...

    def turn_running(self) -> bool: ...

    def send_message(self, text: str, retry: bool = False) -> None: ...

    async def open_agent(self, resume: str | None = None, continue_last: bool = False) -> bool: ...

    def open_approvals(self) -> None: ...

    def refresh_memory_status(self) -> None: ...

    def set_theme(self, name: str) -> str: ...

    def theme_names(self) -> list[str]: ...
    def suspend(self) -> AbstractContextManager[None]: ...  # hand the terminal to $EDITOR

    async def action_quit(self) -> None: ...

    async def push_screen_wait(self, screen: Screen[ResultT], *, mode: str | None = None) -> ResultT: ...
