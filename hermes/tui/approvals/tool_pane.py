"""The tool approval pane: the oldest waiting edit, write or command, and the person's answer.

Edits and writes show their unified diff in colour; commands show the command and the
directory it runs in. Keys: a allow once · p allow this command prefix for the session ·
d deny · n deny with a note (typed in a small input, Enter sends it) · Esc close (the request
keeps waiting). Like the memory pane it opens only when asked (Ctrl+O, a click on the badge),
and a decision key that comes with typing begun before the pane opened decides nothing.
The pane posts `Answered`; the app answers the request and tells the pane to move on.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Input, Static

from hermes.tui.screens.pane import DecisionPane
from hermes.tui.approvals.tool_requests import ToolApprovals, WaitingRequest
from hermes.tui.widgets.diff_view import diff_table
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest

NOTE_HINTS = "Enter deny with this note · Esc back"


def key_hints(request: ToolApprovalRequest) -> str:
    """The pane's key line; "allow prefix" only for a command that has one."""
    prefix = f" · p allow “{request.prefix}” for this session" if request.command and request.prefix else ""
    return f"a allow once{prefix} · d deny · n deny with a note · Esc close"


def request_text(request: ToolApprovalRequest) -> RenderableType:
    """The request as the pane shows it: the diff, or the command and its directory."""
    text = Text()
    if request.command is not None:
        text.append("$ ", style="bold")
        text.append(request.command + "\n", style="bold")
        text.append("in ", style="dim")
        text.append(request.cwd + "\n")
        if request.prefix:
            text.append("\n“allow prefix” would let every command starting with ", style="dim")
            text.append(request.prefix, style="bold")
            text.append(" run without asking for the rest of this session.", style="dim")
        return text
    text.append(f"{request.path or request.title}", style="bold")
    text.append(f"   in {request.cwd}\n", style="dim")
    if request.diff:  # wrapped lines keep their +/- gutter; the Group adds the blank line
        return Group(text, diff_table(request.diff))
    text.append("\n(no changes to show)", style="dim")
    return text


class ToolApprovalScreen(DecisionPane[None]):
    DECISION_KEYS = frozenset("apdn")
    BINDINGS = [
        Binding("a", "decide('allow_once')", "Allow once"),
        Binding("p", "decide('allow_prefix')", "Allow prefix"),
        Binding("d", "decide('deny')", "Deny"),
        Binding("n", "note", "Deny with a note"),
        Binding("escape", "close", "Close"),
    ]

    @dataclass
    class Answered(Message):
        """The person answered the request shown; the app carries it out."""

        pane: ToolApprovalScreen
        waiting: WaitingRequest
        answer: ToolApprovalAnswer

        @property
        def control(self) -> ToolApprovalScreen:
            return self.pane

    def __init__(self, requests: ToolApprovals) -> None:
        super().__init__()
        self.requests = requests
        self.shown: WaitingRequest | None = None
        self.closing = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane", id="tool-approval"):
            yield Static("", id="tool-request-note", classes="pane-note")
            yield VerticalScroll(Static(id="tool-request-text"), id="tool-request-detail")
            yield Input(placeholder="Why not? The model reads this note", id="tool-deny-note")

    def on_mount(self) -> None:
        self.query_one("#tool-deny-note").display = False
        self.show_next()
        self.query_one("#tool-request-detail").focus()

    def show_next(self) -> None:
        """Show the oldest waiting request; close when none is left."""
        if self.closing:
            return
        waiting = self.requests.first
        if waiting is None:
            self._close()
            return
        if waiting is self.shown:
            return
        self.shown = waiting
        request = waiting.request
        count = len(self.requests.waiting)
        pane = self.query_one("#tool-approval", Vertical)
        pane.border_title = f"Approve? {request.title}" + (f"  (1 of {count})" if count > 1 else "")
        pane.border_subtitle = key_hints(request)
        self.query_one("#tool-request-text", Static).update(request_text(request))
        self._hide_note()

    def _say(self, text: str) -> None:
        self.query_one("#tool-request-note", Static).update(Text(text))

    @property
    def noting(self) -> bool:
        return bool(self.query_one("#tool-deny-note").display)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("decide", "note"):
            if self.noting or self.shown is None:
                return False  # the note input takes every letter
            if parameters == ("allow_prefix",):
                return bool(self.shown.request.command and self.shown.request.prefix)
        return True

    def action_decide(self, choice: str) -> None:
        if self.shown is not None:
            self.post_message(self.Answered(self, self.shown, ToolApprovalAnswer(Choice(choice))))

    def action_note(self) -> None:
        note = self.query_one("#tool-deny-note", Input)
        note.display = True
        note.value = ""
        note.focus()
        self.query_one("#tool-approval", Vertical).border_subtitle = NOTE_HINTS
        self.refresh_bindings()

    @on(Input.Submitted, "#tool-deny-note")
    def _note_sent(self, event: Input.Submitted) -> None:
        event.stop()
        if self.shown is None:
            return
        note = " ".join(event.value.split())
        if not note:
            self._say("Type a note for the model, or Esc to go back.")
            return
        self.post_message(self.Answered(self, self.shown, ToolApprovalAnswer(Choice.DENY_WITH_NOTE, note)))

    def _hide_note(self) -> None:
        note = self.query_one("#tool-deny-note", Input)
        if note.display:
            note.display = False
            self.query_one("#tool-request-detail").focus()
        if self.shown is not None:
            self.query_one("#tool-approval", Vertical).border_subtitle = key_hints(self.shown.request)
        self.refresh_bindings()

    def show_outcome(self, line: str) -> None:
        """What the app did with an `Answered`; then the next request, or close."""
        self._say(line)
        self.show_next()

    def action_close(self) -> None:
        if self.noting:
            self._hide_note()
            return
        self._close()

    def _close(self) -> None:
        if not self.closing:
            self.closing = True
            self.dismiss(None)
