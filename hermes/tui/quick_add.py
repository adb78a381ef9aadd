"""`#` quick-add: a message that starts with `# ` is saved to memory as the person's own words.

`# text` goes to MEMORY.md, `#u text` to the user profile (USER.md), `#p text` to this
project's PROJECT.md. No model turn runs: the write goes through the memory gate as the
person's own (origin "user") and the transcript says what happened. `#` alone, `#foo` or a
Markdown heading that came in with a paste are ordinary messages: only a first line the
person typed counts.

Pure: the chat screen decides with `parse`, the memory bridge writes.
"""

from __future__ import annotations

from dataclasses import dataclass

PREFIXES = {"# ": "memory", "#u ": "user", "#p ": "project"}
TARGET_NAMES = {"memory": "memory (MEMORY.md)", "user": "your profile (USER.md)",
                "project": "project memory (PROJECT.md)"}
HELP = ("# TEXT saves TEXT to memory at once (#u TEXT to your profile, #p TEXT to this "
        "project's memory), with no model turn")


@dataclass(frozen=True)
class QuickAdd:
    """A quick-add line: the store it names and the entry text."""

    target: str  # "memory" | "user" | "project"
    text: str


def parse(message: str, pasted: tuple[str, ...] = ()) -> QuickAdd | None:
    """The quick-add `message` asks for, or None when it is an ordinary message.

    `pasted` are the pasted documents the message holds: a first line that is part of one was
    not typed, so a pasted Markdown heading is never a quick-add."""
    first = message.lstrip("\n").split("\n", 1)[0]
    if any(first.strip() and first.strip() in block for block in pasted):
        return None
    for prefix, target in PREFIXES.items():
        if message.lstrip("\n").startswith(prefix):
            text = message.lstrip("\n")[len(prefix):].strip()
            return QuickAdd(target, text) if text else None
    return None


def outcome_line(entry: QuickAdd, state: str, message: str) -> tuple[str, str]:
    """(line kind, text) for the transcript: what the quick-add did to which store."""
    where = TARGET_NAMES[entry.target]
    shown = " ".join(entry.text.split())
    shown = shown if len(shown) <= 60 else shown[:59] + "…"
    if state == "written":
        return "info", f"🧠 Saved to {where}: \"{shown}\" — {message}"
    if state == "unchanged":
        return "info", f"🧠 Already in {where}: \"{shown}\" — {message}"
    if state == "staged":
        return "notice", f"🧠 Not saved yet: \"{shown}\" — {message}"
    return "error", f"🧠 {message}"
