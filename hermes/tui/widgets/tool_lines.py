"""Transcript lines of the coding tools: reads, edits with their diff, commands with their output.

`📄 read hermes/cli.py (1–120 of 300)`, `✏️ edit hermes/cli.py +3 −1` (Enter or a click shows
the diff), `$ pytest -q` (its output streams under it while it runs, then collapses to the
last lines with the exit code; Enter or a click shows all of it). Everything a line shows is
kept in its `TranscriptItem`, so a row that scrolled out and was unmounted comes back the same.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from hermes.agent import events as ev
from hermes.agent.tool_registry import look_for
from hermes.jsontypes import JsonObject
from hermes.toolspec import ToolCall, ToolDisplay
from hermes.tui.widgets.messages import TranscriptItem

RUNNING_TAIL = 8  # output lines shown under a command while it runs
DONE_TAIL = 3  # ...and once it ended, while collapsed
# Output kept for expanding; a command that prints more keeps its end (the model's copy is
# capped by the tool itself, this only bounds what the screen holds).
MAX_OUTPUT_CHARS = 100_000
# An expanded line shows at most this many last lines: drawing thousands of lines in the
# transcript took over half a second (bench/tool_output_bench.py), and a person scrolls a
# log this long in a terminal or a file, not in a chat.
EXPANDED_LINES = 400


def has_expandable_line(name: str) -> bool:
    """True for the tools whose spec asks for an expandable line (the coding tools)."""
    return look_for(name).expandable


def head_line(call: ToolCall) -> str:
    """The line's first row: the tool's own line (its ToolSpec's look), live or resumed."""
    return look_for(call.name).text(call)


def outcome_words(display: ToolDisplay, success: bool) -> str:
    """`exit 0`, `exit 2`, `timed out`, `denied`, `failed` — what follows the head once done."""
    if display.denied:
        return "denied"
    if display.timed_out:
        return "timed out"
    if display.kind == "command" and display.exit_code is not None:
        return f"exit {display.exit_code}"
    return "" if success else "failed"


def diff_text(diff: str) -> Text:
    """A unified diff with added lines green, removed red and hunk headers cyan."""
    out = Text()
    for line in diff.splitlines():
        if line.startswith(("+++", "---")):
            style = "bold"
        elif line.startswith("+"):
            style = "green"
        elif line.startswith("-"):
            style = "red"
        elif line.startswith("@@"):
            style = "cyan"
        else:
            style = "dim"
        out.append(line + "\n", style=style)
    out.rstrip()
    return out


def tail_lines(text: str, count: int) -> str:
    """The last `count` lines of `text` (a running command's last line may be partial)."""
    # rsplit with a limit: a long output is not split whole on every streamed piece
    return "\n".join(text.rstrip("\n").rsplit("\n", count)[-count:])


class ToolLine(Static, can_focus=True):
    """One coding tool call; expandable when it carries a diff or command output.

    The item's meta holds: tool, body (the diff or the output), body_kind ("diff" | "output"),
    state ("running" | "done"), outcome (e.g. "exit 1"), failed, expanded, dropped (characters
    of early output no longer kept)."""

    BINDINGS = [Binding("enter", "toggle_body", "Show or hide", show=False)]
    # A click expands the line but leaves the focus in the input, so typing goes on there;
    # Tab still reaches the line for Enter.
    FOCUS_ON_CLICK = False

    def __init__(self, item: TranscriptItem) -> None:
        super().__init__(classes="line tool-line coding-tool-line")
        self.item = item
        self.refresh_item()

    @property
    def expandable(self) -> bool:
        return bool(self.item.meta.get("body")) and self.item.meta.get("state") == "done"

    def refresh_item(self) -> None:
        self.set_class(self.item.meta.get("failed") == "1", "-failed")
        self.set_class(self.item.meta.get("state") == "running", "-running")
        rendered = render_tool_item(self.item)
        meta = self.item.meta
        if meta.get("body_kind") == "diff" and meta.get("expanded") == "1" and self.expandable:
            # the diff as a table: a long line wraps beside its +/- gutter, not at column 0
            from rich.console import Group

            from hermes.tui.widgets.diff_view import diff_table

            self.update(Group(rendered.split("\n")[0], diff_table(meta.get("body", ""))))
            return
        self.update(rendered)

    def action_toggle_body(self) -> None:
        if not self.expandable:
            return
        meta = self.item.meta
        meta["expanded"] = "" if meta.get("expanded") else "1"
        self.refresh_item()

    def on_click(self) -> None:
        self.action_toggle_body()


def render_tool_item(item: TranscriptItem) -> Text:
    """What a tool line shows, from its item alone."""
    meta = item.meta
    text = Text(item.text)
    if outcome := meta.get("outcome"):
        text.append(f"  {outcome}", style="bold red" if meta.get("failed") == "1" else "dim")
    body = meta.get("body", "")
    running = meta.get("state") == "running"
    expanded = meta.get("expanded") == "1"
    if body and not running:
        text.append("  ▾" if expanded else "  ▸", style="dim")
    if not body:
        return text
    if meta.get("body_kind") == "diff":
        if expanded:
            text.append("\n")
            text.append_text(diff_text(body))
        return text
    if expanded:
        shown = tail_lines(body, EXPANDED_LINES)
        hidden = max(0, body.rstrip("\n").count("\n") + 1 - EXPANDED_LINES)
        if note := _earlier_note(hidden, int(meta.get("dropped") or 0)):
            text.append(f"\n{note}", style="dim")
    else:
        shown = tail_lines(body, RUNNING_TAIL if running else DONE_TAIL)
    text.append("\n")
    text.append_text(Text.from_ansi(shown, style="dim"))
    return text


def _earlier_note(lines: int, chars: int) -> str:
    """`… 2,180 earlier lines and 9,900,000 characters before them not shown`."""
    if not lines and not chars:
        return ""
    parts = [f"{lines:,} earlier lines"] if lines else []
    if chars:
        parts.append(f"{chars:,} characters before {'them' if lines else 'this'}")
    return "… " + " and ".join(parts) + " not shown"


class ToolLineBook:
    """The coding tool lines of the current turn by call id; updates reach a row if mounted."""

    def __init__(self, find_row: Callable[[TranscriptItem], Widget | None]) -> None:
        self._find_row = find_row
        self._items: dict[str, TranscriptItem] = {}
        self._arguments: dict[str, JsonObject] = {}  # of the calls still running

    def handles(self, event: ev.Event) -> bool:
        """True for the events this book draws (the coding tools' start, output and end)."""
        if isinstance(event, ev.ToolOutput):
            return True
        if isinstance(event, (ev.ToolStarted, ev.ToolFinished)):
            return has_expandable_line(event.name) or event.call_id in self._items
        return False

    def started(self, event: ev.ToolStarted) -> TranscriptItem:
        """A new line for a call that began (the caller adds it to the transcript)."""
        item = TranscriptItem("tool", head_line(ToolCall(event.name, event.arguments)),
                              meta={"tool": event.name, "state": "running"})
        self._items[event.call_id] = item
        self._arguments[event.call_id] = event.arguments
        return item

    def output(self, event: ev.ToolOutput) -> None:
        item = self._items.get(event.call_id)
        if item is None:
            return
        body = item.meta.get("body", "") + event.text
        if len(body) > MAX_OUTPUT_CHARS:
            cut = len(body) - MAX_OUTPUT_CHARS
            item.meta["dropped"] = str(int(item.meta.get("dropped") or 0) + cut)
            body = body[cut:]
        item.meta["body"] = body
        item.meta["body_kind"] = "output"
        self._redraw(item)

    def finished(self, event: ev.ToolFinished) -> TranscriptItem | None:
        """Settle the call's line; returns a new item when the call had no line yet."""
        item = self._items.pop(event.call_id, None)
        arguments = self._arguments.pop(event.call_id, {})
        new = item is None
        if item is None:
            item = TranscriptItem("tool", "", meta={"tool": event.name})
        display = event.display
        meta = item.meta
        meta["state"] = "done"
        item.text = head_line(ToolCall(event.name, arguments, event.result, display))
        meta["outcome"] = outcome_words(display, event.success)
        if display.blank and event.summary.endswith("cancelled"):
            meta["outcome"] = "cancelled"
        exit_code = display.exit_code
        meta["failed"] = "1" if (not event.success or display.denied or display.timed_out
                                 or (exit_code is not None and exit_code != 0)) else ""
        if display.diff:
            meta["body"], meta["body_kind"] = display.diff, "diff"
        elif not meta.get("body") and display.output_tail:
            meta["body"], meta["body_kind"] = display.output_tail, "output"
        if new:
            return item
        self._redraw(item)
        return None

    def clear(self) -> None:
        """The turn ended: a call left open (cancelled without a result) stops showing as running."""
        for item in self._items.values():
            item.meta["state"] = "done"
            self._redraw(item)
        self._items.clear()
        self._arguments.clear()

    def _redraw(self, item: TranscriptItem) -> None:
        row = self._find_row(item)
        if isinstance(row, ToolLine):
            row.refresh_item()
