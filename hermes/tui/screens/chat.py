"""The chat screen: transcript, completion list, input and status bar; agent events go to its renderers.

Attributes down, messages up: the app sets the screen's state (`status_info`, `busy`,
`read_only`, `turn_active`: reactives, and the widgets that show them are bound to them with
`data_bind`; and `cfg`) and posts agent events to it; the screen asks the app for things only
by posting messages (`SendRequested`, `CommandEntered`, `CancelRequested`, …). The screen
never imports the app.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Unpack

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Input, Static, TextArea

from hermes.config import Config
from hermes.tui import commands, input_sources, prompt_history, quick_add
from hermes.tui.approvals.memory_notices import OPEN_KEY, ApprovalNotices
from hermes.tui.text_stream import TextBuffer
from hermes.tui.approvals.tool_requests import ToolRequestShown
from hermes.tui.widgets.messages import LineMessage, TranscriptItem
from hermes.tui.widgets.prompt_input import PromptInput
from hermes.tui.widgets.status_bar import StatusBar, StatusChanges, StatusInfo
from hermes.tui.widgets.suggestions import Suggestions
from hermes.tui.widgets.transcript import Transcript

if TYPE_CHECKING:  # loaded with the first agent event: the first frame needs neither
    from hermes.agent import events as ev
    from hermes.tui.screens.event_renderers import EventRenderers


class AgentEventMessage(Message):
    """Carries one agent event into the UI's message queue (keeps their order)."""

    def __init__(self, event: ev.Event) -> None:
        super().__init__()
        self.event = event


class TextArrived(Message):
    """Streamed text is waiting in `buffer`; the screen takes it all when it handles this."""

    def __init__(self, buffer: TextBuffer) -> None:
        super().__init__()
        self.buffer = buffer


ChoicesFor = Callable[[str], dict[str, tuple[str, ...]]]
FILES_FRESH_S = 10.0  # how long the project's file list is reused for @path completion


def is_shell_line(text: str) -> bool:
    """`!cmd`: a shell command the person runs themselves (`!!` or a lone `!` is text)."""
    stripped = text.strip()
    return stripped.startswith("!") and not stripped.startswith("!!") and bool(stripped[1:].strip())


class QueuedMessages(Static):
    """Messages sent while a reply streams: shown under the reply, sent when the turn ends."""

    def show(self, texts: list[str], held: bool = False) -> None:
        self.display = bool(texts)
        lines = [f"⏳ queued: {' '.join(t.split())[:200]}" for t in texts]
        if texts:
            when = ("held: the reply failed; sent after your next message" if held
                    else "sent when the reply ends")
            lines.append(f"   {when} · Esc takes the last one back to edit")
        self.update("\n".join(lines))


QUIT_PRESS_WINDOW = 3.0  # seconds in which a second Ctrl+C quits


class ChatScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "cancel_reply", "Cancel reply", show=False),
        # Priority: Ctrl+C would otherwise be the input's copy key (copy still works when
        # text is selected, see action_interrupt).
        Binding("ctrl+c", "interrupt", "Cancel reply / quit", show=False, priority=True),
        # Priority, so they scroll the transcript even while the prompt has focus.
        Binding("pageup", "page_up", "Scroll up", show=False, priority=True),
        Binding("pagedown", "page_down", "Scroll down", show=False, priority=True),
        Binding("ctrl+end", "follow", "Follow the stream", show=False, priority=True),
        Binding("ctrl+home", "scroll_top", "Scroll to the top", show=False, priority=True),
        # Opens the approval pane from the input; the pane never opens by itself.
        Binding(OPEN_KEY, "app.open_approvals", "Approvals", priority=True),
    ]

    # What the status bar shows; the bar's `info` is bound to it (data_bind). Set by the app.
    status_info: var[StatusInfo] = var(StatusInfo)
    # What runs, shown first in the status bar ("● replying", "loading model client…"; "" = idle)
    busy: var[str] = var("")
    # Why messages cannot be sent in this session ("" when they can); the input's placeholder says so
    read_only: var[str] = var("")
    # A turn runs or waits to run. Set by the app, and here too at once on sending, so a second
    # Enter before the app has started the turn is queued, not sent beside it.
    turn_active: var[bool] = var(False)

    class Ready(Message):
        """The screen is mounted with the input focused: heavy start-up work may begin."""

    class SendRequested(Message):
        """Send `text` to the model (`retry`: run the last message again); `pasted` are the
        pasted documents it holds (sources for the memory gate, not the person's words)."""

        def __init__(self, text: str, retry: bool = False, pasted: tuple[str, ...] = ()) -> None:
            super().__init__()
            self.text = text
            self.retry = retry
            self.pasted = pasted

    class QuickAddRequested(Message):
        """`# text` was entered: save it to memory as the person's own write (no model turn)."""

        def __init__(self, entry: quick_add.QuickAdd) -> None:
            super().__init__()
            self.entry = entry

    class CommandEntered(Message):
        """A slash line was entered; the app runs it."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    class CancelRequested(Message):
        """Esc or Ctrl+C: stop the running reply (or what waits to run)."""

    class QuitRequested(Message):
        """The second Ctrl+C: leave the app."""

    class MemoryChanged(Message):
        """An event says memory or its approvals changed: gauges and badge should follow."""

    class FailedCleared(Message):
        """The person emptied the input that held their failed message: it leaves the context."""

    class ShellRequested(Message):
        """`!cmd` was entered: the app runs it for the person and shows its output."""

        def __init__(self, command: str) -> None:
            super().__init__()
            self.command = command

    def __init__(self, cfg: Config, completion_choices: ChoicesFor | None = None,
                 project_root: Callable[[], Path] | None = None) -> None:
        super().__init__(id="chat")
        self.cfg = cfg  # the app's config; the app replaces it when it reloads config
        self._completion_choices = completion_choices or (lambda _text: {})
        self.failed_text: str | None = None
        self.failed_in_input = False  # the failed message is what the input holds
        self.approval_notices = ApprovalNotices(lambda item: self.transcript.row_for(item))
        self.queued: list[str] = []
        self._quit_pressed_at: float | None = None
        self._project_root = project_root or Path.cwd
        # What goes with the next message besides the typed text: !cmd outputs, /undo notes
        self.sources: list[input_sources.Source] = []
        self._sent: tuple[str, str, list[input_sources.Source]] | None = None  # composed, typed, held
        self._files: tuple[float, list[str]] | None = None  # the project's files, for @path
        self._completing_path = False
        self._pasted: dict[str, tuple[str, ...]] = {}  # message → the pasted documents it holds

    def compose(self) -> ComposeResult:
        yield Static(id="welcome")
        yield Transcript(id="transcript")
        yield QueuedMessages(id="queued")
        yield Suggestions(id="suggestions")
        yield PromptInput(id="prompt").data_bind(read_only_reason=ChatScreen.read_only)
        yield StatusBar(id="status").data_bind(info=ChatScreen.status_info, busy=ChatScreen.busy)

    def on_mount(self) -> None:
        self.query_one(Suggestions).display = False
        self.query_one(QueuedMessages).display = False
        self.query_one("#welcome").display = False
        self.update_status(model=self.cfg.model.name)
        self.prompt.focus()
        self.post_message(self.Ready())

    def update_status(self, **changes: Unpack[StatusChanges]) -> None:
        """Change some status bar fields (names as in StatusInfo); the bar follows by itself."""
        self.status_info = replace(self.status_info, **changes)

    @property
    def prompt(self) -> PromptInput:
        return self.query_one(PromptInput)

    @property
    def transcript(self) -> Transcript:
        return self.query_one(Transcript)

    @property
    def status(self) -> StatusBar:
        return self.query_one(StatusBar)

    # ------------------------------------------------------------ input

    @on(TextArea.Changed, "#prompt")
    def _prompt_changed(self) -> None:
        text = self.prompt.text
        if self.failed_in_input and not text.strip():
            self._failed_cleared()
        suggestions = self.query_one(Suggestions)
        partial = None if commands.is_command(text) else input_sources.mention_at_end(text)
        self._completing_path = partial is not None
        if partial is not None:
            shown = suggestions.show_paths(
                input_sources.mention_completions(text, self.project_files()), partial)
        else:
            shown = commands.is_command(text) and suggestions.show_for(text, self._completion_choices(text))
        if not shown:
            suggestions.display = False
        self.prompt.completing = bool(shown)

    def project_files(self) -> list[str]:
        """The project's files as .gitignore leaves them (cached for a few seconds)."""
        now = time.monotonic()
        if self._files is not None and now - self._files[0] < FILES_FRESH_S:
            return self._files[1]
        from hermes.workspace.search import project_files

        try:
            files = project_files(self._project_root())
        except OSError:
            files = []
        self._files = (now, files)
        return files

    @on(PromptInput.CompletionKey)
    def _completion_key(self, message: PromptInput.CompletionKey) -> None:
        suggestions = self.query_one(Suggestions)
        if message.key in ("up", "down"):
            suggestions.move(-1 if message.key == "up" else 1)
            return
        chosen = suggestions.chosen
        typed = self.prompt.text.strip()
        if self._completing_path:  # Tab or Enter takes the path; typing goes on after it
            self._hide_suggestions()
            if chosen is not None:
                self.prompt.set_text(chosen + " ")
            elif message.key == "enter":
                self.post_message(PromptInput.Submitted(self.prompt.full_text,
                                                        self.prompt.pasted_now()))
            return
        if message.key == "enter" and (chosen is None or chosen == typed):
            self._hide_suggestions()
            self.post_message(PromptInput.Submitted(self.prompt.text))
            return
        if chosen is not None:
            name = chosen[1:].split(" ", 1)[0]
            command = commands.BY_NAME.get(name)
            complete = command is not None and command.args == "none" and " " not in chosen
            self.prompt.set_text(chosen if complete else chosen + " ")
            if complete and message.key == "enter":
                self._hide_suggestions()
                self.post_message(PromptInput.Submitted(chosen))

    def _failed_cleared(self) -> None:
        """The person emptied the input that held their failed message instead of sending it
        again: it leaves the conversation (the agent's ContextRewound marks it "not sent")."""
        self.failed_in_input = False
        self.failed_text = None
        self.post_message(self.FailedCleared())

    def _hide_suggestions(self) -> None:
        self.query_one(Suggestions).display = False
        self.prompt.completing = False

    @on(PromptInput.Submitted)
    async def _submitted(self, message: PromptInput.Submitted) -> None:
        text = message.text
        self._hide_suggestions()
        self.prompt.prompts.add(text.strip())
        self.prompt.set_text("")
        prompt_history.append_later(text.strip())
        if commands.is_command(text):
            self.post_message(self.CommandEntered(text))
            return
        if is_shell_line(text):  # the person's own command: no approval, output shown here
            self.post_message(self.ShellRequested(text.strip()[1:].strip()))
            return
        entry = quick_add.parse(text, message.pasted)
        if entry is not None:  # `# text`: saved at once, no model turn
            self.post_message(self.QuickAddRequested(entry))
            return
        if message.pasted:
            self._pasted[text] = message.pasted
        if self.turn_active:
            # Drawn inside the streaming reply it would split it; it waits for the turn instead.
            self.queued.append(text)
            self.query_one(QueuedMessages).show(self.queued)
            return
        await self._send_now(text)

    def show_welcome(self, text: str) -> None:
        """The first screen's welcome, above the transcript until the first message is sent."""
        welcome = self.query_one("#welcome", Static)
        welcome.update(text)
        welcome.display = True

    def hide_welcome(self) -> None:
        self.query_one("#welcome").display = False

    async def _send_now(self, text: str) -> None:
        if self.read_only:  # kept in the input, nothing shown as if it had been sent
            self.prompt.set_text(text)
            await self.add_line("error", self.read_only)
            return
        self.hide_welcome()
        self.transcript.anchor()  # sending follows the stream again, even when scrolled up
        await self.transcript.add(TranscriptItem("user", text.rstrip()))
        pasted = self._pasted.pop(text, ())
        composed = await self._with_sources(text)
        retry = composed == self.failed_text
        self.failed_text = None
        self.failed_in_input = False
        self.turn_active = True
        self.post_message(self.SendRequested(composed, retry=retry, pasted=pasted))

    async def _with_sources(self, text: str) -> str:
        """The message as sent: the typed text, then the files its @paths name, the !cmd
        outputs and Hermes's notes, each as a delimited source. One line says what went."""
        mentioned, problems = input_sources.read_mentions(text, self._project_root())
        held, self.sources = self.sources, []
        sources = [*held, *mentioned]
        for problem in problems:
            await self.add_line("error", problem)
        if not sources:
            self._sent = None
            return text
        composed = input_sources.compose(text, sources)
        self._sent = (composed, text, held)
        await self.add_line("info", "📎 sent with it: " + " · ".join(s.label() for s in sources))
        return composed

    def add_source(self, source: input_sources.Source) -> None:
        """Something to send with the next message (a !cmd output, an /undo note)."""
        self.sources.append(source)

    async def turn_ended(self, outcome: str) -> None:
        """The turn's worker ended ("ok", "failed" or "cancelled"). After a normal end the next
        queued message goes out. A cancel gives the queue back to the input. After a failure
        (its message is back in the input) the queue waits for the next turn, visibly."""
        if not self.queued:
            return
        bar = self.query_one(QueuedMessages)
        if outcome == "ok":
            text = self.queued.pop(0)
            bar.show(self.queued)
            await self._send_now(text)
        elif outcome == "cancelled":
            texts, self.queued = self.queued, []
            bar.show([])
            self._unqueue("\n".join(texts))
        else:
            bar.show(self.queued, held=True)

    def _unqueue(self, text: str) -> None:
        current = self.prompt.text
        self.prompt.set_text(text + ("\n" + current if current.strip() else ""))

    def on_key(self, event: events.Key) -> None:
        """A printable key typed while a transcript row has focus goes to the input: Tab or
        Shift+Tab to a tool row never swallows what is typed next. A text field of its own
        (none on this screen today) keeps its keys."""
        focused = self.focused
        if focused is None or focused is self.prompt or isinstance(focused, (Input, TextArea)):
            return
        if event.is_printable and event.character and not self.prompt.read_only:
            event.stop()
            event.prevent_default()
            self.prompt.focus()
            self.prompt.insert(event.character)

    def action_cancel_reply(self) -> None:
        """Esc: brings the focus back to the input first, then closes completion, then takes
        back the last queued message, then cancels."""
        if not self.prompt.has_focus:
            self.prompt.focus()
            return
        if self.query_one(Suggestions).display:
            self._hide_suggestions()
            return
        if self.queued:
            self._unqueue(self.queued.pop())
            self.query_one(QueuedMessages).show(self.queued)
            return
        self.post_message(self.CancelRequested())

    def action_interrupt(self) -> None:
        """Ctrl+C: copies a selection, cancels a running reply, else quits on a second press."""
        import time

        if self.prompt.has_focus and self.prompt.selected_text:
            self.prompt.action_copy()
            return
        if self.turn_active:
            self._quit_pressed_at = None
            self.post_message(self.CancelRequested())
            return
        now = time.monotonic()
        if self._quit_pressed_at is not None and now - self._quit_pressed_at <= QUIT_PRESS_WINDOW:
            self._quit_pressed_at = None
            self.post_message(self.QuitRequested())
            return
        self._quit_pressed_at = now
        self.notify("Press Ctrl+C again to quit (or Ctrl+Q).", timeout=QUIT_PRESS_WINDOW)

    def action_page_up(self) -> None:
        self.transcript.scroll_page_up()

    def action_page_down(self) -> None:
        self.transcript.scroll_page_down()

    def action_follow(self) -> None:
        self.transcript.anchor()

    def action_scroll_top(self) -> None:
        self.transcript.scroll_home(animate=False)

    @on(PromptInput.ScrollKey)
    def _scroll_key(self, message: PromptInput.ScrollKey) -> None:
        if message.key == "home":
            self.action_scroll_top()
        else:
            self.action_follow()

    # ------------------------------------------------------------ output

    async def add_line(self, kind: str, text: str) -> LineMessage:
        return await self.transcript.add_line(kind, text)

    async def on_agent_event_message(self, message: AgentEventMessage) -> None:
        await self.render_event(message.event)

    async def on_text_arrived(self, message: TextArrived) -> None:
        text = message.buffer.take()
        if text:
            from hermes.agent.events import TextDelta

            await self.render_event(TextDelta(text))

    @cached_property
    def renderers(self) -> EventRenderers:
        """The turn's drawing state (reply, tool lines), made at the first agent event: the
        first frame does not import the agent's event types and tool looks for it."""
        from hermes.tui.screens.event_renderers import EventRenderers

        return EventRenderers(self)

    async def render_event(self, event: ev.Event) -> None:
        """Show one agent event (types without a renderer are not shown)."""
        await self.renderers.render(event)

    async def on_tool_request_shown(self, message: ToolRequestShown) -> None:
        """A tool asks for approval: its notice line goes in after the tool's own line."""
        message.waiting.item = (await self.add_line("notice", message.waiting.text)).item

    def restore_input(self, text: str) -> None:
        """Put a failed message back so it can be sent again (Enter re-sends without duplicating).
        A message sent with sources comes back as typed; its held sources wait again."""
        self.failed_text = text
        if self._sent is not None and self._sent[0] == text:
            _composed, text, held = self._sent
            self.sources = [*held, *self.sources]
            self._sent = None
        if not self.prompt.text.strip() and text.strip():
            self.prompt.set_text(text)
            self.failed_in_input = True
