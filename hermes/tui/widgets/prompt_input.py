"""The multi-line prompt: Enter sends, Ctrl+J adds a line, Up/Down walk earlier prompts.

A long paste is shown as one label (`[Pasted 412 lines]`) so the input stays readable; the
message sent holds the full text, and Ctrl+G puts the full text back into the input.

What was pasted is a document, not the person's claim: the input remembers each paste of a
few words or more, and `Submitted` carries the ones the message still holds (`pasted`), so
the memory write gate can tell them from what the person typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import TextArea


PLACEHOLDER = "Message Hermes · Enter send · Ctrl+J newline · / commands · Ctrl+P palette"
READ_ONLY_PLACEHOLDER = "Read-only: this session is open in another Hermes window · /new starts a new one"
# A paste longer than this is collapsed into a label (a screenful of lines, or a long line).
PASTE_MAX_LINES = 10
PASTE_MAX_CHARS = 1000
EXPAND_KEY = "ctrl+g"  # free in TextArea and the app; a person reaches it with one hand


def normalize_line_breaks(text: str) -> str:
    """CR LF and lone CR as LF: tmux's paste-buffer and many terminals send a paste's line
    breaks as CR, which would otherwise count as one long line."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def is_long_paste(text: str) -> bool:
    return len(text) > PASTE_MAX_CHARS or text.rstrip("\n").count("\n") + 1 > PASTE_MAX_LINES


def paste_label(text: str, taken: set[str]) -> str:
    """`[Pasted 412 lines]` (or `… characters]` for one long line), numbered when it repeats."""
    lines = text.rstrip("\n").count("\n") + 1
    what = f"{lines:,} lines" if lines > 1 else f"{len(text):,} characters"
    label, n = f"[Pasted {what}]", 1
    while label in taken:
        n += 1
        label = f"[Pasted {what} #{n}]"
    return label


# A paste this short (a path, a name, a number) is part of what the person is typing; a
# longer one, or one with a line break, is a document they brought in.
DOCUMENT_MIN_WORDS = 4


def is_document(text: str) -> bool:
    """Whether a paste counts as a pasted document (a source) rather than typing."""
    return "\n" in text.strip() or len(text.split()) >= DOCUMENT_MIN_WORDS


def pasted_spans(text: str, pasted: list[str]) -> tuple[str, ...]:
    """The pasted documents that `text` still holds: each whole paste, or, of one edited
    since, its lines that are still there unchanged."""
    found: list[str] = []
    for block in pasted:
        block = block.strip("\n")
        if not block.strip():
            continue
        if block in text:
            found.append(block)
            continue
        found += [line for line in block.splitlines()
                  if line.strip() and is_document(line) and line in text]
    return tuple(dict.fromkeys(found))


def expand_pastes(text: str, pastes: dict[str, str]) -> str:
    """`text` with every paste label still in it replaced by the text it stands for."""
    for label, pasted in pastes.items():
        text = text.replace(label, pasted)
    return text


class PromptHistory:
    """Earlier prompts, newest last, with a cursor for Up/Down (keeps the unsent draft)."""

    def __init__(self, entries: list[str] | None = None, limit: int = 1000) -> None:
        self.entries: list[str] = list(entries or [])[-limit:]
        self.limit = limit
        self._index: int | None = None
        self._draft = ""

    def add(self, text: str) -> None:
        if text.strip() and (not self.entries or self.entries[-1] != text):
            self.entries.append(text)
            del self.entries[: -self.limit]
        self._index = None

    def previous(self, current: str) -> str | None:
        if not self.entries:
            return None
        if self._index is None:
            self._draft = current
            self._index = len(self.entries)
        if self._index == 0:
            return None
        self._index -= 1
        return self.entries[self._index]

    def next(self) -> str | None:
        if self._index is None:
            return None
        self._index += 1
        if self._index >= len(self.entries):
            self._index = None
            return self._draft
        return self.entries[self._index]

    def reset(self) -> None:
        self._index = None


class PromptInput(TextArea):
    """Where the person types. Completion keys are delegated to the screen while it shows them."""

    @dataclass
    class Submitted(Message):
        text: str
        pasted: tuple[str, ...] = ()  # the pasted documents `text` holds (see pasted_spans)

    @dataclass
    class CompletionKey(Message):
        """Tab, Up or Down while the completion list is showing."""

        key: str

    @dataclass
    class ScrollKey(Message):
        """Home or End in an empty input: scroll the transcript (nothing to move in the input)."""

        key: str

    # Why messages cannot be sent ("" when they can); bound to the chat screen's `read_only`.
    # Not TextArea's own `read_only`: commands such as /new still run from the input.
    read_only_reason: reactive[str] = reactive("", layout=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, soft_wrap=True, tab_behavior="focus", show_line_numbers=False,
                         compact=True, highlight_cursor_line=False)
        self.prompts = PromptHistory()
        self.completing = False  # set by the screen when suggestions are visible
        self.placeholder = PLACEHOLDER
        self.pastes: dict[str, str] = {}  # label shown in the input → the text pasted
        self.pasted: list[str] = []  # every pasted document since the input was last cleared

    def watch_read_only_reason(self, reason: str) -> None:
        """Say in the input itself when messages cannot be sent."""
        self.placeholder = READ_ONLY_PLACEHOLDER if reason else PLACEHOLDER

    def set_text(self, text: str) -> None:
        self.text = text
        self.move_cursor(self.document.end)
        self.pastes = {label: pasted for label, pasted in self.pastes.items() if label in text}
        self.pasted = list(pasted_spans(self.full_text, self.pasted)) if text else []

    @property
    def full_text(self) -> str:
        """What the input holds with collapsed pastes expanded: the text that is sent."""
        return expand_pastes(self.text, self.pastes)

    async def _on_paste(self, event: events.Paste) -> None:
        # A short paste without CRs is left to TextArea's own handler (it runs after this one).
        if self.read_only:
            return
        text = normalize_line_breaks(event.text)
        if is_document(text):
            self.pasted.append(text)
        if text == event.text and not is_long_paste(text):
            return
        event.stop()
        event.prevent_default()
        if not is_long_paste(text):
            self.insert(text)
            return
        label = paste_label(text, set(self.pastes))
        self.pastes[label] = text
        self.insert(label)
        self.focus()
        self.notify(f"Long paste shown as {label}; it is sent in full. Ctrl+G shows it here.", timeout=4)

    def pasted_now(self) -> tuple[str, ...]:
        """The pasted documents the input holds now (what a Submitted of it carries)."""
        return pasted_spans(self.full_text, self.pasted)

    def expand_all(self) -> bool:
        """Put the full text of collapsed pastes back into the input (False when there is none)."""
        if not any(label in self.text for label in self.pastes):
            return False
        self.set_text(self.full_text)
        return True

    async def _on_key(self, event: events.Key) -> None:
        key = event.key
        if key == "enter":
            self._swallow(event)
            if self.completing:
                self.post_message(self.CompletionKey("enter"))
                return
            text = self.full_text
            if text.strip():
                self.post_message(self.Submitted(text, self.pasted_now()))
            return
        if key == EXPAND_KEY:
            self._swallow(event)
            self.expand_all()
            return
        if key in ("ctrl+j", "shift+enter"):
            self._swallow(event)
            self.insert("\n")
            return
        if key in ("home", "end") and not self.text:
            self._swallow(event)
            self.post_message(self.ScrollKey(key))
            return
        if self.completing and key in ("tab", "up", "down"):
            self._swallow(event)
            self.post_message(self.CompletionKey(key))
            return
        if key == "up" and self.cursor_location[0] == 0:
            recalled = self.prompts.previous(self.text)
            self._swallow(event)
            if recalled is not None:
                self.set_text(recalled)
            return
        if key == "down" and self.cursor_location[0] == self.document.line_count - 1:
            following = self.prompts.next()
            if following is not None:
                self._swallow(event)
                self.set_text(following)
                return
        await super()._on_key(event)

    @staticmethod
    def _swallow(event: events.Key) -> None:
        event.stop()
        event.prevent_default()
