"""The approval pane: staged memory writes with before/after and why they were staged.

It opens only when the person asks (a key, /memory pending, a click on the badge), and its
single-letter keys act only while it is the active screen: a/r one write, A/R all (after a
y/n question, and a second one when the scan or the judge flagged some of them), e edit the
staged text first (Ctrl+S saves, Esc cancels; Ctrl+E edits it in $EDITOR instead), Esc close.
Deciding is the app's job: the pane posts `DecisionRequested` or `EditSubmitted` and the app
answers with `show_outcome`, so every decision updates the transcript's notice lines.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Static, TextArea
from textual.widgets.option_list import Option

from hermes.config import Config
from hermes.tui import memory_bridge
from hermes.tui.memory_bridge import PendingView
from hermes.tui.screens.pane import DecisionPane

KEY_HINTS = "a approve · r reject · e edit · A/R all · Esc close"
CONFIRM_HINTS = "y yes · n or Esc no"
EDIT_HINTS = "Ctrl+S save as your words · Esc cancel"
EDIT_NOTE = ("Edit the entry, then Ctrl+S: it is saved as your own words (the gate checks it "
             "again). Esc leaves the staged write as it was.")


def detail_text(item: PendingView) -> Text:
    """Target, action, origin, why it was staged, and the entry before and after the write."""
    text = Text()
    text.append(f"{item.action} → {item.target_label}", style="bold")
    text.append(f"   id {item.id} · from {item.origin}\n", style="dim")
    if item.origin_label:
        text.append("origin: ", style="bold")
        text.append(f"{item.origin_label}\n")
    if item.flagged:
        text.append("flagged by the security scan\n", style="bold red")
    if item.reason:
        text.append("why: ", style="bold")
        text.append(f"{item.reason}\n")
    text.append("\n")
    if item.diff:
        return _diff_text(text, item.diff)
    if item.before:
        text.append("before\n", style="bold")
        text.append(_indent(item.before, "- "), style="red")
        text.append("\n")
    if item.after:
        text.append("after\n", style="bold")
        text.append(_indent(item.after, "+ "), style="green")
        text.append("\n")
    if not item.before and not item.after:
        text.append("(no content)", style="dim")
    return text


def _diff_text(text: Text, diff: str) -> Text:
    """A skill proposal: its SKILL.md as a diff, added lines green, removed red."""
    for line in diff.splitlines():
        style = ("bold" if line.startswith(("+++", "---", "@@")) else
                 "green" if line.startswith("+") else "red" if line.startswith("-") else "")
        text.append(line + "\n", style=style)
    return text


def _indent(block: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in block.splitlines() or [""]) + "\n"


def confirm_question(verdict: str, count: int) -> str:
    """`Approve all 3 pending writes? y / n`."""
    return f"{verdict.capitalize()} all {count} pending write{'s' if count != 1 else ''}? y / n"


def flagged_question(items: list[PendingView]) -> str:
    """The second question of "approve all" when the scan or the judge flagged some writes."""
    shown = "; ".join(f"{i.id} {i.preview!r} ({i.reason})" for i in items[:3])
    more = f" and {len(items) - 3} more" if len(items) > 3 else ""
    return (f"{len(items)} of them {'was' if len(items) == 1 else 'were'} flagged by the security "
            f"scan: {shown}{more}. Approve those too? y / n")


class ApprovalScreen(DecisionPane[None]):
    DECISION_KEYS = frozenset("arARyne")
    BINDINGS = [
        Binding("a", "decide('approve', False)", "Approve"),
        Binding("r", "decide('reject', False)", "Reject"),
        Binding("e", "edit", "Edit"),
        Binding("ctrl+e", "edit_outside", "Edit in $EDITOR", show=False),
        Binding("ctrl+s", "save_edit", "Save", show=False),
        Binding("A", "decide('approve', True)", "Approve all"),
        Binding("R", "decide('reject', True)", "Reject all"),
        Binding("y", "answer(True)", "Yes", show=False),
        Binding("n", "answer(False)", "No", show=False),
        Binding("escape", "close", "Close"),
    ]

    @dataclass
    class EditSubmitted(Message):
        """The person edited the staged text of write `pending_id`; the app saves `text` as
        their own words (through the gate) in its place."""

        pane: ApprovalScreen
        pending_id: str
        text: str

        @property
        def control(self) -> ApprovalScreen:
            return self.pane

    @dataclass
    class DecisionRequested(Message):
        """The person decided these writes (ids they were shown); the app carries it out."""

        pane: ApprovalScreen
        verdict: str  # "approve" | "reject"
        ids: tuple[str, ...]

        @property
        def control(self) -> ApprovalScreen:
            return self.pane

    def __init__(self, cfg: Config) -> None:
        super().__init__()
        self.cfg = cfg
        self.items: list[PendingView] = []
        # (verdict, ids) while "… all N pending writes? y / n" waits for its answer
        self.confirming: tuple[str, tuple[str, ...]] | None = None
        self.flag_asked = False  # the second question (flagged writes) was asked
        self.editing: str | None = None  # the id of the write whose text the editor holds

    def compose(self) -> ComposeResult:
        with Vertical(classes="pane") as pane:
            pane.border_title = "Memory writes waiting for approval"
            pane.border_subtitle = KEY_HINTS
            yield Static("", id="pending-result", classes="pane-note")
            yield OptionList(id="pending-list")
            yield TextArea(id="pending-editor", soft_wrap=True, show_line_numbers=False,
                           tab_behavior="focus")
            yield VerticalScroll(Static(id="pending-text"), id="pending-detail")

    def on_mount(self) -> None:
        self.query_one("#pending-editor").display = False
        self.call_after_refresh(self._init_list)  # nested children may still be mounting

    def _init_list(self) -> None:
        self.reload()
        self.query_one(OptionList).focus()

    @property
    def shown_ids(self) -> set[str]:
        return {item.id for item in self.items}

    def reload(self) -> None:
        """Read the queue again, keeping the highlight on the same write where it still waits."""
        found = self.query(OptionList)
        if not found:  # still composing: _init_list reads the queue once it is mounted
            return
        options = found.first()
        current = self.current
        previous = options.highlighted or 0
        self.items = memory_bridge.pending_views(self.cfg)
        options.clear_options()
        for item in self.items:
            label = Text()
            label.append(f"{item.action:<8}", style="bold")
            label.append(f"{item.target_label:<13}")
            label.append(item.preview, style="italic")
            options.add_option(Option(label, id=item.id))
        if self.items:
            ids = [item.id for item in self.items]
            index = ids.index(current.id) if current and current.id in ids else previous
            options.highlighted = min(index, len(self.items) - 1)
        self._show_detail()
        self.query_one(Vertical).border_title = (
            f"Memory writes waiting for approval ({len(self.items)})" if self.items
            else "No memory writes are waiting")

    @on(OptionList.OptionHighlighted)
    def _show_detail(self) -> None:
        item = self.current
        self.query_one("#pending-text", Static).update(
            detail_text(item) if item else Text("Nothing left to review. Esc closes.", style="dim"))

    @property
    def current(self) -> PendingView | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not self.items:
            return None
        return self.items[min(index, len(self.items) - 1)]

    def _say(self, text: str) -> None:
        self.query_one("#pending-result", Static).update(Text(text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the y/n question waits, only y, n and Esc act; otherwise y and n do nothing.
        # While the editor is open its keys are text: only Ctrl+S and Esc act.
        if action == "save_edit":
            return self.editing is not None
        if self.editing is not None and action not in ("close", "ctrl_c"):
            return False
        if action in ("decide", "edit", "edit_outside"):
            return self.confirming is None
        if action == "answer":
            return self.confirming is not None
        return True

    # ------------------------------------------------------------ editing before approving

    def _editable(self) -> tuple[PendingView, str] | None:
        """The highlighted write and the text an editor starts from; says why when none."""
        item = self.current
        if item is None:
            return None
        text = memory_bridge.editable_text(self.cfg, item.id) if item.target != "skill" else None
        if text is None:
            self._say("Only a single memory add or replace can be edited; approve or reject "
                      "this one as it is.")
            return None
        return item, text

    def action_edit(self) -> None:
        """Open the staged text in the inline editor."""
        found = self._editable()
        if found is None:
            return
        item, text = found
        self.editing = item.id
        editor = self.query_one("#pending-editor", TextArea)
        editor.load_text(text)
        editor.display = True
        editor.border_title = f"Editing {item.id} · {item.target_label}"
        editor.move_cursor(editor.document.end)
        editor.focus()
        self.query_one(Vertical).border_subtitle = EDIT_HINTS
        self._say(EDIT_NOTE)
        self.refresh_bindings()

    def action_save_edit(self) -> None:
        if self.editing is None:
            return
        pending_id, text = self.editing, self.query_one("#pending-editor", TextArea).text
        self._close_editor()
        self._say("Saving your edit…")
        self.post_message(self.EditSubmitted(self, pending_id, text))

    def _close_editor(self) -> None:
        self.editing = None
        editor = self.query_one("#pending-editor", TextArea)
        editor.display = False
        self.query_one(Vertical).border_subtitle = KEY_HINTS
        self.query_one(OptionList).focus()
        self.refresh_bindings()

    def action_edit_outside(self) -> None:
        """Edit the staged text in $EDITOR (the terminal is handed over, then taken back)."""
        found = self._editable()
        if found is None:
            return
        item, text = found
        edited = edit_in_editor(self.app, text)
        if edited is None:
            self._say("Cannot hand the terminal to $EDITOR here; press e to edit in the pane.")
        elif edited.strip() == text.strip():
            self._say("Nothing changed in the editor; the write still waits.")
        else:
            self._say("Saving your edit…")
            self.post_message(self.EditSubmitted(self, item.id, edited))

    def action_decide(self, verdict: str, every: bool) -> None:
        item = self.current
        if item is None:
            return
        if not every:
            self.post_message(self.DecisionRequested(self, verdict, (item.id,)))
            return
        # "All" means the writes listed here, never one staged since the list was read.
        ids = tuple(i.id for i in self.items)
        self.confirming = (verdict, ids)
        self._say(confirm_question(verdict, len(ids)))
        self.query_one(Vertical).border_subtitle = CONFIRM_HINTS
        self.refresh_bindings()

    def action_answer(self, yes: bool) -> None:
        if self.confirming is None:
            return
        verdict, ids = self.confirming
        flagged = [i for i in self.items if i.id in ids and i.flagged]
        if yes and verdict == "approve" and flagged and not self.flag_asked:
            self.flag_asked = True  # ask again: the scan or the judge found these suspicious
            self._say(flagged_question(flagged))
            return
        self.confirming = None
        self.flag_asked = False
        self.query_one(Vertical).border_subtitle = KEY_HINTS
        self.refresh_bindings()
        if yes:
            self.post_message(self.DecisionRequested(self, verdict, ids))
        else:
            self._say("Nothing decided.")

    def show_outcome(self, lines: list[str]) -> None:
        """What the app did with a DecisionRequested; the list is read again."""
        self._say(" ".join(lines))
        self.reload()

    def action_close(self) -> None:
        if self.editing is not None:
            self._close_editor()
            self._say("Edit cancelled; the write still waits as it was.")
            return
        if self.confirming is not None:
            self.action_answer(False)
            return
        self.dismiss(None)


def edit_in_editor(app: App[object], text: str) -> str | None:
    """`text` after the person edited it in $VISUAL/$EDITOR; None when the terminal cannot be
    handed over (no editor, or the app runs without one)."""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    handle, name = tempfile.mkstemp(prefix="hermes-edit-", suffix=".md")  # owner-only
    path = Path(name)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        with app.suspend():
            subprocess.run([*shlex.split(editor), str(path)], check=False)
        return path.read_text(encoding="utf-8")
    except Exception:  # noqa: BLE001 - no editor, no terminal to hand over: the pane says so
        return None
    finally:
        path.unlink(missing_ok=True)
