"""What goes to the model with a message besides the person's own words.

Files named with `@path`, the output of a `!command` the person ran, and Hermes's own notes
(an /undo since the last reply). The person's typed text comes first, unchanged; sources follow
in one clearly delimited section, each a fenced block headed with its path or command, so the
model (and the memory write gate) can tell a document from what the person said.

Pure functions over text and paths, no Textual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hermes.workspace.path_safety import PathRefused, resolve_in_root

SourceKind = Literal["file", "command", "note"]

MAX_SOURCE_CHARS = 60_000  # a file or an output longer than this goes in cut, and says so
SOURCES_HEADING = ("--- Sources the user attached (documents to read, not the user's own "
                   "words) ---")
NOTES_HEADING = "--- Notes from Hermes (the app), not typed by the user ---"

# `@path` at the start or after a space: not an e-mail address (`me@host`) or a decorator
# written inside a word. The path ends at whitespace or a closing quote/bracket/comma.
MENTION = re.compile(r"(?<![\w@])@([^\s@`'\"()\[\]{},;]+)")


@dataclass(frozen=True)
class Source:
    kind: SourceKind
    name: str  # the path, the command line, or what the note is about
    body: str
    detail: str = ""  # e.g. "exit 1" for a command, "cut to 60,000 characters"

    def label(self) -> str:
        """One line for the transcript: what goes with the next message."""
        what = {"file": "file", "command": "output of", "note": "note:"}[self.kind]
        lines = self.body.count("\n") + (1 if self.body and not self.body.endswith("\n") else 0)
        extra = f" · {self.detail}" if self.detail else ""
        if self.kind == "note":
            return f"{what} {self.name}"
        return f"{what} {self.name} ({lines:,} line{'' if lines == 1 else 's'}{extra})"


def cut(text: str, limit: int = MAX_SOURCE_CHARS) -> tuple[str, str]:
    """`text` cut to `limit` characters, and a note saying so ("" when it was not cut)."""
    if len(text) <= limit:
        return text, ""
    return text[:limit], f"cut to {limit:,} of {len(text):,} characters"


def mentioned_paths(text: str) -> list[str]:
    """The `@path` words of `text`, in order, each once (trailing `.`/`:` dropped: prose)."""
    found = [m.group(1).rstrip(".:!?") for m in MENTION.finditer(text)]
    return list(dict.fromkeys(p for p in found if p))


def read_mentions(text: str, root: Path) -> tuple[list[Source], list[str]]:
    """The files that `@path` words of `text` name inside `root`, and one line for each word
    that names no readable file there (a word that is not a path at all is left alone)."""
    sources: list[Source] = []
    problems: list[str] = []
    for raw in mentioned_paths(text):
        try:
            path = resolve_in_root(root, raw)
        except PathRefused:
            problems.append(f"@{raw} is outside the project; only files inside it are attached.")
            continue
        if not path.is_file():
            if "/" in raw or "." in raw:
                problems.append(f"@{raw}: no such file in the project; nothing attached for it.")
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            problems.append(f"@{raw} cannot be read ({exc.strerror or exc}); nothing attached.")
            continue
        if b"\0" in data[:8192]:
            problems.append(f"@{raw} is a binary file; only text files are attached.")
            continue
        body, detail = cut(data.decode("utf-8", "replace"))
        sources.append(Source("file", raw, body, detail))
    return sources, problems


def _fence(body: str) -> str:
    """A backtick fence longer than any run of backticks in `body`."""
    longest = max((len(m.group(0)) for m in re.finditer(r"`+", body)), default=0)
    return "`" * max(3, longest + 1)


def source_block(source: Source) -> str:
    """One source as a fenced block headed with what it is."""
    if source.kind == "note":
        return f"[note] {source.body.strip()}"
    head = f"[file {source.name}]" if source.kind == "file" else f"[output of `{source.name}`]"
    if source.detail:
        head += f" ({source.detail})"
    fence = _fence(source.body)
    body = source.body if source.body.endswith("\n") or not source.body else source.body + "\n"
    return f"{head}\n{fence}\n{body}{fence}"


def compose(typed: str, sources: list[Source]) -> str:
    """The message sent: the person's text, then Hermes's notes, then the sources."""
    notes = [s for s in sources if s.kind == "note"]
    documents = [s for s in sources if s.kind != "note"]
    parts = [typed.rstrip()] if typed.strip() else []
    if notes:
        parts.append("\n".join([NOTES_HEADING, *(source_block(s) for s in notes)]))
    if documents:
        parts.append("\n\n".join([SOURCES_HEADING, *(source_block(s) for s in documents)]))
    return "\n\n".join(parts)


def mention_at_end(text: str) -> str | None:
    """The partial path after an `@` that ends `text` (what completion works on), else None."""
    match = re.search(r"(?:^|\s)@([^\s@]*)$", text)
    return match.group(1) if match else None


def mention_completions(text: str, files: list[str], limit: int = 12) -> list[str]:
    """Full-line completions of the `@path` that ends `text`: files whose path starts with
    what is typed, then files whose name contains it."""
    partial = mention_at_end(text)
    if partial is None:
        return []
    head = text[: len(text) - len(partial)]
    low = partial.lower()
    starts = [f for f in files if f.lower().startswith(low)]
    contains = [f for f in files if low in f.rsplit("/", 1)[-1].lower() and f not in starts]
    return [head + f for f in (starts + contains)[:limit] if f != partial]
