"""The app's approval wiring: memory-status refresh, which approval pane opens, and decisions made in them.

Two kinds of request wait for the person: tool calls the agent's turn is blocked on, and
staged memory writes. Tool requests come first. Nothing here opens a pane by itself; the
person's key, click or command does (`open`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.css.query import NoMatches

from hermes.tui import memory_bridge
from hermes.tui.approvals.tool_requests import ToolApprovals

if TYPE_CHECKING:
    from textual.message import Message
    from textual.widget import Widget

    from hermes.agent.session import AgentSession
    from hermes.tui.app_hosts import PanesHost
    from hermes.tui.approvals.memory_pane import ApprovalScreen
    from hermes.tui.approvals.tool_pane import ToolApprovalScreen
    from hermes.tui.widgets.messages import TranscriptItem


class ApprovalPanes:
    """Keeps the status badges, notice lines and open approval panes in step with what waits."""

    def __init__(self, app: PanesHost) -> None:
        self.app = app
        self.tool_approvals = ToolApprovals(self._post_to_chat, self._transcript_row, self._tool_requests_changed)

    # ------------------------------------------------------------ memory writes

    def refresh_memory_status(self) -> None:
        """Gauges and the pending badge from disk; notice lines and an open approval pane
        follow writes decided elsewhere (another process, `hermes memory approve`)."""
        app = self.app
        if not app.screen_stack:  # a timer that fires while the app closes: nothing to update
            return
        try:
            app.chat.query_one("#status")
        except NoMatches:  # the chat screen is being taken down
            return
        app.chat.update_status(**memory_bridge.status_gauges(app.cfg),
                               pending=memory_bridge.pending_count(app.cfg))
        notices, pane = app.chat.approval_notices, self._memory_pane()
        if notices.waiting or pane is not None:
            ids = memory_bridge.pending_ids(app.cfg)
            notices.sync(ids)
            if pane is not None and ids is not None and ids != pane.shown_ids:
                pane.reload()

    def _memory_pane(self) -> ApprovalScreen | None:
        from hermes.tui.approvals.memory_pane import ApprovalScreen

        return next((s for s in self.app.screen_stack if isinstance(s, ApprovalScreen)), None)

    def open(self) -> None:
        """The tool pane when a tool request waits (the turn is blocked on it), else the memory pane."""
        from hermes.tui.approvals.memory_pane import ApprovalScreen

        if self.tool_approvals.first is not None:
            self.open_tool_pane()
            return
        if (pane := self._memory_pane()) is not None:
            pane.reload()
            return
        self.app.push_screen(ApprovalScreen(self.app.cfg), lambda _: self.refresh_memory_status())

    def decide(self, message: ApprovalScreen.DecisionRequested) -> None:
        """Carry out a decision made in the pane; its notice lines and the badge follow at once."""
        decisions = memory_bridge.decide_each(self.app.cfg, message.verdict, message.ids)
        self.app.chat.approval_notices.apply(decisions)
        self.refresh_memory_status()
        message.pane.show_outcome([d.message for d in decisions])

    def edit(self, message: ApprovalScreen.EditSubmitted) -> None:
        """Save an edit made in the pane as the person's own write; the line and badge follow."""
        done = memory_bridge.edit_pending(self.app.cfg, message.pending_id, message.text)
        if done.state != "refused":
            self.app.chat.approval_notices.mark(message.pending_id, "edited")
        self.refresh_memory_status()
        message.pane.show_outcome([done.message])

    # ------------------------------------------------------------ tool requests

    def attach(self, agent: AgentSession) -> None:
        """The session asks the person (through the pane) before an edit, write or command."""
        self.tool_approvals.bind_loop(asyncio.get_running_loop())
        agent.coding.tool_approver = self.tool_approvals.ask

    def _post_to_chat(self, message: Message) -> None:
        if self.app.screen_stack:
            self.app.chat.post_message(message)

    def _transcript_row(self, item: TranscriptItem) -> Widget | None:
        return self.app.chat.transcript.row_for(item) if self.app.screen_stack else None

    def _tool_pane(self) -> ToolApprovalScreen | None:
        from hermes.tui.approvals.tool_pane import ToolApprovalScreen

        return next((s for s in self.app.screen_stack if isinstance(s, ToolApprovalScreen)), None)

    def open_tool_pane(self) -> None:
        """Open the tool approval pane on the oldest waiting request (only when asked)."""
        from hermes.tui.approvals.tool_pane import ToolApprovalScreen

        if self._tool_pane() is None:
            self.app.push_screen(ToolApprovalScreen(self.tool_approvals))

    def _tool_requests_changed(self) -> None:
        """The badge counts waiting requests; an open pane moves on when its request is gone."""
        try:
            chat = self.app.chat
        except (NoMatches, IndexError):  # the app is closing
            return
        chat.update_status(tool_requests=len(self.tool_approvals.waiting))
        if (pane := self._tool_pane()) is not None and pane.is_mounted:
            pane.show_next()

    def answer(self, message: ToolApprovalScreen.Answered) -> None:
        """Answer the request the person decided in the pane; its notice line follows."""
        if self.tool_approvals.answer(message.waiting, message.answer):
            message.pane.show_outcome(message.waiting.text)
        else:
            message.pane.show_outcome("That request was already decided (the turn ended).")
