"""Tool requests (edits, writes, commands) waiting for the person, and their notice lines.

The agent's turn waits on each request. The app hands `ToolApprovals.ask` to the session as
its `tool_approver`; a request then shows one notice line and counts in the status badge, and
waits until the person answers it in the tool approval pane (opened with Ctrl+O, never by
itself). Cancelling the turn (Esc) answers every waiting request as denied. The line changes
in place to say how the request was decided.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field

from textual.message import Message
from textual.widget import Widget

from hermes.tui.approvals.memory_notices import OPEN_KEY_LABEL
from hermes.tui.widgets.messages import LineMessage, TranscriptItem
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest

CANCELLED_NOTE = "the turn was cancelled"
EDIT_TOOLS = frozenset({"edit_file", "write_file"})  # what accept-edits mode allows unasked


@dataclass(eq=False)
class WaitingRequest:
    """One request, its answer once given, and the transcript item of its notice line."""

    request: ToolApprovalRequest
    future: asyncio.Future[ToolApprovalAnswer]
    answer: ToolApprovalAnswer | None = None
    item: TranscriptItem | None = field(default=None, repr=False)

    @property
    def text(self) -> str:
        """What the notice line says now."""
        return notice_text(self.request, self.answer)


def notice_text(request: ToolApprovalRequest, answer: ToolApprovalAnswer | None) -> str:
    """`⏸ edit a.py +3 −1 — waiting for approval (Ctrl+O)`, then `✔ … — allowed` or `✗ … — denied: …`."""
    title = request.title
    if answer is None:
        return f"⏸ {title} — waiting for approval ({OPEN_KEY_LABEL})"
    if answer.choice is Choice.ALLOW_PREFIX and request.prefix:
        return f"✔ {title} — allowed; commands starting with “{request.prefix}” run without asking this session"
    if answer.allowed:
        return f"✔ {title} — allowed"
    if answer.note == CANCELLED_NOTE:
        return f"✗ {title} — denied ({CANCELLED_NOTE})"
    return f"✗ {title} — denied" + (f": {answer.note}" if answer.note else "")


class ToolRequestShown(Message):
    """Posted to the chat screen, after the tool's own line, to add a request's notice line."""

    def __init__(self, waiting: WaitingRequest) -> None:
        super().__init__()
        self.waiting = waiting


class ToolApprovals:
    """The requests waiting now, oldest first.

    `show` posts the notice line (to the chat screen, so it lands after the tool line that the
    same turn posted before), `find_row` finds a mounted line to update, `changed` runs after
    every change (the app refreshes the badge and an open pane).
    """

    def __init__(self, show: Callable[[Message], object], find_row: Callable[[TranscriptItem], Widget | None],
                 changed: Callable[[], None]) -> None:
        self._show = show
        self._find_row = find_row
        self._changed = changed
        self._waiting: list[WaitingRequest] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        # /accept-edits on: edits and writes run without asking for the rest of the session
        # (commands still ask); each is still journalled, so /undo and /diff cover them
        self.accept_edits = False

    def bind_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """The app's event loop: a request asked from another thread's loop is carried here."""
        self._loop = loop

    @property
    def waiting(self) -> list[WaitingRequest]:
        return list(self._waiting)

    @property
    def first(self) -> WaitingRequest | None:
        return self._waiting[0] if self._waiting else None

    async def ask(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        """The session's `tool_approver`: wait for the person's answer to `request`."""
        if self.accept_edits and request.tool in EDIT_TOOLS:
            return ToolApprovalAnswer(Choice.ALLOW_ONCE)
        loop = asyncio.get_running_loop()
        if self._loop is not None and loop is not self._loop:
            handed = asyncio.run_coroutine_threadsafe(self._ask(request), self._loop)
            return await asyncio.wrap_future(handed)
        return await self._ask(request)

    async def _ask(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        waiting = WaitingRequest(request, asyncio.get_running_loop().create_future())
        self._waiting.append(waiting)
        self._show(ToolRequestShown(waiting))
        self._changed()
        try:
            return await waiting.future
        except asyncio.CancelledError:  # the turn stopped (Esc, quit) while the request waited
            # the line is best effort (the app may be closing); the cancel must go on as one
            with contextlib.suppress(Exception):
                self._settle(waiting, ToolApprovalAnswer(Choice.DENY, CANCELLED_NOTE))
            raise
        finally:
            if waiting in self._waiting:
                self._waiting.remove(waiting)
                self._changed()

    def answer(self, waiting: WaitingRequest, answer: ToolApprovalAnswer) -> bool:
        """Decide one request (False when it was already decided or has gone)."""
        if waiting not in self._waiting or waiting.future.done():
            return False
        self._settle(waiting, answer)
        waiting.future.set_result(answer)
        self._waiting.remove(waiting)
        self._changed()
        return True

    def deny_all(self, note: str = CANCELLED_NOTE) -> int:
        """Answer every waiting request as denied (the turn is being cancelled); how many."""
        denied = 0
        for waiting in list(self._waiting):
            denied += self.answer(waiting, ToolApprovalAnswer(Choice.DENY, note))
        return denied

    def _settle(self, waiting: WaitingRequest, answer: ToolApprovalAnswer) -> None:
        """Say the outcome in the notice line (once)."""
        if waiting.answer is not None:
            return
        waiting.answer = answer
        if waiting.item is None:  # the line is not drawn yet; it will be drawn with the outcome
            return
        waiting.item.text = waiting.text
        row = self._find_row(waiting.item)
        if isinstance(row, LineMessage):
            row.update_item(waiting.text, failed=not answer.allowed)
