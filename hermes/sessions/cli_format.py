"""Terminal formatting for `hermes sessions …`: cells, fitted columns, counts, search snippets.

Pure string work (no store, no I/O) so it stays cheap to import with every `hermes` command.
"""

from __future__ import annotations

import re
import unicodedata

# A title's lineage suffix (`auth refactor #2`) or clash number (`notes (2)`): what tells
# sessions with the same base title apart, so a cut keeps it and shortens the base instead.
_SUFFIX = re.compile(r"(?:\s+(?:#\d+|\(\d+\)))+$")
BOLD, RESET = "\x1b[1m", "\x1b[22m"


def cells(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def width_of(text: str) -> int:
    return sum(cells(ch) for ch in text)


def cut(text: str, width: int) -> str:
    """`text` shortened to at most `width` cells, ending in "…" when it was cut."""
    if width_of(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        if used + cells(ch) > width - 1:
            break
        out.append(ch)
        used += cells(ch)
    return "".join(out) + "…"


def fit(text: str, width: int) -> str:
    """`text` on one line, cut and padded to exactly `width` terminal cells (CJK is 2 wide)."""
    text = cut(" ".join((text or "").split()), width)
    return text + " " * max(0, width - width_of(text))


def fit_title(title: str, width: int) -> str:
    """Like `fit`, but a trailing `#2` / `(2)` stays visible: the base title is cut instead."""
    title = " ".join((title or "").split())
    match = _SUFFIX.search(title)
    if match is None or width_of(title) <= width:
        return fit(title, width)
    suffix = match.group(0)
    base_width = width - width_of(suffix)
    if base_width < 2:  # no room for any base: the suffix alone still tells them apart
        return fit(suffix.strip(), width)
    return fit(cut(title[:match.start()], base_width) + suffix, width)


def count(n: int, word: str, plural: str | None = None) -> str:
    """`1 message`, `2 messages`, `0 messages`."""
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def wrap_snippet(snippet: str, width: int, indent: str = "    ", color: bool = False) -> list[str]:
    """A search snippet word-wrapped to `width` cells, every line indented by `indent`.

    The snippet marks hits as **word**: bold with `color`, else the markers are dropped
    (piped output stays plain text)."""
    words = " ".join(snippet.split()).split(" ")
    room = max(20, width - width_of(indent))
    lines: list[str] = []
    current: list[str] = []
    used = 0
    for word in words:
        shown = width_of(word.replace("**", ""))
        if current and used + 1 + shown > room:
            lines.append(" ".join(current))
            current, used = [], 0
        current.append(word)
        used += shown + (1 if len(current) > 1 else 0)
    if current:
        lines.append(" ".join(current))
    out, bold = [], False
    for line in lines:
        parts = line.split("**")
        text = BOLD if color and bold else ""
        for i, part in enumerate(parts):
            if i:
                bold = not bold
                text += (BOLD if bold else RESET) if color else ""
            text += part
        if color and bold:  # close at the line end, reopen on the next, so the indent stays plain
            text += RESET
        out.append(indent + text)
    return out
