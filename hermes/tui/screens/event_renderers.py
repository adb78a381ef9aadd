"""How the chat screen draws each agent event: one renderer per event type, and the reply being streamed.

The renderers keep the drawing state of the turn (the reply widget, tool lines, the retry
line); the screen owns the widgets and the messages they post, and looks renderers up here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, Unpack

from textual.message import Message

from hermes.agent import events as ev
from hermes.agent.tool_registry import look_for
from hermes.tui import memory_bridge
from hermes.tui.approvals.memory_notices import StagedNotice, describe
from hermes.tui.widgets.messages import MARKER_LINES, LineMessage
from hermes.tui.widgets.tool_lines import ToolLineBook

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.tui.approvals.memory_notices import ApprovalNotices
    from hermes.tui.widgets.reply import AssistantMessage
    from hermes.tui.widgets.status_bar import StatusChanges
    from hermes.tui.widgets.transcript import Transcript

NOTICE_ICONS = {"memory": "💾", "user": "💾", "title": "🏷", "compression": "🗜",
                "provider": "⚠", "warning": "⚠", "info": "ℹ"}

EventRenderer = Callable[["EventRenderers", Any], Awaitable[None]]
# One renderer per agent event type; `EventRenderers.render` looks the event's type up here.
RENDERERS: dict[type, EventRenderer] = {}
R = TypeVar("R", bound=EventRenderer)


def renders(*event_types: type) -> Callable[[R], R]:
    """Register an EventRenderers method as the renderer of these event types (one line per new type)."""

    def register(method: R) -> R:
        for event_type in event_types:
            RENDERERS[event_type] = method
        return method

    return register


class ChatSurface(Protocol):
    """The parts of the chat screen (ChatScreen) the renderers draw on; a Protocol, so this
    module does not import the screen that owns it."""

    busy: str  # what runs, shown first in the status bar

    @property
    def cfg(self) -> Config: ...
    @property
    def transcript(self) -> Transcript: ...
    @property
    def approval_notices(self) -> ApprovalNotices: ...
    @property
    def MemoryChanged(self) -> type[Message]: ...  # the screen's message class
    def post_message(self, message: Message) -> bool: ...
    async def add_line(self, kind: str, text: str) -> LineMessage: ...
    def update_status(self, **changes: Unpack[StatusChanges]) -> None: ...


class EventRenderers:
    """Draws agent events on one chat screen's transcript and status bar."""

    def __init__(self, screen: ChatSurface) -> None:
        self.screen = screen
        self.reply: AssistantMessage | None = None
        self.continuing = False  # the next reply widget continues a split reply
        self.tool_lines: dict[str, LineMessage] = {}
        self.coding_lines = ToolLineBook(lambda item: screen.transcript.row_for(item))
        self.retry_line: LineMessage | None = None  # the one line automatic retries update

    async def render(self, event: ev.Event) -> None:
        """Show one agent event (types without a renderer are not shown)."""
        renderer = RENDERERS.get(type(event))
        if renderer is not None:
            await renderer(self, event)

    async def _add_line(self, kind: str, text: str) -> LineMessage:
        return await self.screen.add_line(kind, text)

    def _memory_changed(self) -> None:
        self.screen.post_message(self.screen.MemoryChanged())

    @renders(ev.TextDelta)
    async def _text_delta(self, event: ev.TextDelta) -> None:
        await self._write_reply(event.text)

    @renders(ev.ToolStarted)
    async def _tool_started(self, event: ev.ToolStarted) -> None:
        await self._end_reply()
        if self.coding_lines.handles(event):  # a coding tool: its own line (diff, output)
            await self.screen.transcript.add(self.coding_lines.started(event))
            return
        icon = look_for(event.name).icon
        self.tool_lines[event.call_id] = await self._add_line("tool", f"{icon} {event.summary}")

    @renders(ev.ToolOutput)
    async def _tool_output(self, event: ev.ToolOutput) -> None:
        if self.coding_lines.handles(event):
            self.coding_lines.output(event)

    @renders(ev.ToolFinished)
    async def _tool_finished(self, event: ev.ToolFinished) -> None:
        if self.coding_lines.handles(event):
            if (item := self.coding_lines.finished(event)) is not None:
                await self.screen.transcript.add(item)
            return
        icon = look_for(event.name).icon
        line = self.tool_lines.pop(event.call_id, None)
        text = f"{icon} {event.summary}" + ("" if event.success else "  ✗")
        if line is None:
            await self._add_line("tool", text)
        else:
            line.update_item(text, failed=not event.success)
        if event.name == "memory":
            self._memory_changed()

    @renders(ev.Notice)
    async def _notice(self, event: ev.Notice) -> None:
        icon = NOTICE_ICONS.get(event.kind, "ℹ")
        text = f"{icon} {event.text}" + (f" — {event.detail}" if event.detail else "")
        kind = "notice" if event.kind in ("memory", "user", "title", "compression") else "info"
        await self._add_line(kind, text)
        if event.kind in ("memory", "user"):
            self._memory_changed()

    @renders(ev.Usage)
    async def _usage(self, event: ev.Usage) -> None:
        changes: StatusChanges = {"input_tokens": event.session_input_tokens,
                                  "output_tokens": event.session_output_tokens,
                                  "cost": event.session_cost}
        if event.context_window:
            changes["context_tokens"] = event.context_tokens
            changes["context_window"] = event.context_window
        self.screen.update_status(**changes)

    @renders(ev.SessionChanged, ev.TitleChanged)
    async def _title(self, event: ev.SessionChanged | ev.TitleChanged) -> None:
        self.screen.update_status(title=event.title or "")

    @renders(ev.ContextRewound)
    async def _context_rewound(self, event: ev.ContextRewound) -> None:
        if event.what == "answer_replaced":
            await self._end_reply()
            await self.screen.transcript.fold_last_answer()
        else:
            self.screen.transcript.mark_last_prompt(not_sent=event.what == "message_dropped")

    @renders(ev.ErrorEvent)
    async def _error(self, event: ev.ErrorEvent) -> None:
        await self._end_reply()
        await self._add_line("error", event.message)

    @renders(ev.Retry)
    async def _retry(self, event: ev.Retry) -> None:
        """One line per run of retries: it counts while waiting and ends saying how it went."""
        text = f"↻ {event.text}"
        line, self.retry_line = self.retry_line, (None if event.outcome else self.retry_line)
        if line is not None:
            line.update_item(text)
            return
        await self._end_reply()
        line = await self._add_line("info", text)
        if not event.outcome:
            self.retry_line = line

    @renders(ev.ApprovalStaged)
    async def _approval_staged(self, event: ev.ApprovalStaged) -> None:
        """One notice line naming how to review the write; it changes when the write is decided."""
        view = memory_bridge.find_pending(self.screen.cfg, event.pending_id)
        notice = StagedNotice(
            event.pending_id, describe(event.pending_id, event.action, event.target, view),
            reason=event.reason or (view.reason if view else ""),
            state="pending" if view is not None else "gone")
        line = await self._add_line("notice", notice.text)
        self.screen.approval_notices.track(notice, line.item)
        self._memory_changed()

    async def _write_reply(self, text: str) -> None:
        """Stream text into the reply; a long reply continues in a fresh widget at a block
        boundary, so no single Markdown widget grows large enough to slow each frame."""
        if self.reply is None:
            self.reply = await self.screen.transcript.start_reply(continued=self.continuing)
            self.continuing = False
        rest = await self.reply.write(text)
        if rest is None:
            return
        await self.reply.finish()
        # The reply goes on in a fresh widget: draw this part as one widget from now on.
        await self.screen.transcript.freeze(self.reply)
        self.reply = None
        self.continuing = True
        if rest:
            await self._write_reply(rest)

    async def _end_reply(self, marker: str = "") -> None:
        self.continuing = False
        if self.reply is not None:
            await self.reply.finish(marker)
            self.reply = None

    @renders(ev.TurnDone)
    async def _turn_done(self, event: ev.TurnDone) -> None:
        self.coding_lines.clear()  # a cancel may have left a command's line running
        marker = "cancelled" if event.cancelled else ("interrupted" if event.interrupted else "")
        await self._end_reply(marker)
        if marker:  # said in words, not only by the reply's colour (as `sessions show` does)
            await self._add_line("info", MARKER_LINES[marker])
        self.tool_lines.clear()
        if self.retry_line is not None:  # cancelled while waiting to retry
            self.retry_line.update_item("↻ retry stopped")
            self.retry_line = None
        self.screen.busy = ""
