"""Reading, editing and writing text files for the coding tools (no approvals here)."""

from __future__ import annotations

import difflib
import os
from dataclasses import dataclass
from pathlib import Path

from hermes.jsontypes import JsonValue
from hermes.os_errors import describe_os_error
from hermes.workspace.result_caps import Count, head

MAX_READ_BYTES = 5 * 1024 * 1024  # larger files are refused: search them or read a slice by command
SNIFF_BYTES = 8192  # a NUL byte in the first 8 KiB marks a binary file, as git decides
DEFAULT_LIMIT = 2000  # lines per read when the model names no limit (the token cap applies first)
MAX_MATCHES_SHOWN = 20


def preview(text: object, limit: int = 40) -> str:
    """One line, at most `limit` characters, for a message."""
    one = " ".join(str(text or "").split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


class ToolError(Exception):
    """A refusal the model can act on: its message, plus fields for the JSON error."""

    def __init__(self, error: str, **extra: JsonValue) -> None:
        super().__init__(error)
        self.extra = extra


def human_size(n: int) -> str:
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def read_text(path: Path, shown: str, *, max_bytes: int = MAX_READ_BYTES) -> str:
    """The file's text, or a ToolError saying why it is not read (missing, a folder, binary,
    too large, not UTF-8), with its size."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise ToolError(f"{shown} does not exist; list_files shows the project's files.") from None
    except OSError as exc:
        raise ToolError(f"cannot read it: {describe_os_error(exc, shown)}") from None
    if path.is_dir():
        raise ToolError(f"{shown} is a folder; list_files with a glob like '{shown}/*' shows "
                        "what is in it.")
    if size > max_bytes:
        raise ToolError(f"{shown} is {human_size(size)}, over the {human_size(max_bytes)} read "
                        "limit; find the lines you need with search_files, or read a slice with "
                        "run_command (e.g. sed -n '1,200p').", size=size)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ToolError(f"cannot read it: {describe_os_error(exc, shown)}") from None
    if b"\0" in data[:SNIFF_BYTES]:
        raise ToolError(f"{shown} is a binary file ({human_size(len(data))}); read_file shows "
                        "text files only.", size=len(data))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ToolError(f"{shown} is not UTF-8 text ({human_size(len(data))}); read_file shows "
                        "UTF-8 text files only.", size=len(data)) from None


def as_int(value: object, name: str, default: int, minimum: int) -> int:
    """An integer argument (models sometimes send "10"), or a ToolError naming it."""
    if value is None or value == "":
        return default
    if not isinstance(value, (int, float, str)):
        raise ToolError(f"{name} must be a whole number, got {value!r}.")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ToolError(f"{name} must be a whole number, got {value!r}.") from None
    if number < minimum:
        raise ToolError(f"{name} must be at least {minimum}, got {number}.")
    return number


@dataclass(frozen=True)
class Excerpt:
    """Numbered lines of a file, as sent to the model."""

    text: str
    first: int  # 1-based; 0 when the file is empty
    last: int
    total: int


def numbered_excerpt(content: str, offset: int, limit: int, budget: int, count: Count) -> Excerpt:
    """Lines `offset`… (1-based), at most `limit`, as `N<TAB>line`, within `budget` tokens."""
    lines = content.splitlines()
    total = len(lines)
    if total and offset > total:
        raise ToolError(f"offset {offset} is past the end: the file has {total} lines.", total=total)
    out: list[str] = []
    used = 0
    last = offset - 1
    for n in range(offset, min(total, offset + limit - 1) + 1):
        line = f"{n}\t{lines[n - 1]}"
        cost = count(line) + 1
        if out and used + cost > budget:
            break
        if not out and cost > budget:  # one enormous line (minified code): send its start
            line = head(line, budget - 10, count) + " […line cut]"
            cost = budget
        out.append(line)
        used += cost
        last = n
    return Excerpt("\n".join(out), offset if out else 0, last if out else 0, total)


def find_unique(content: str, old_text: str, shown: str) -> int:
    """Where `old_text` occurs exactly once in `content`; a ToolError for none or several, with
    the lines of the matches (the memory tool's rules and error shapes)."""
    if not isinstance(old_text, str) or not old_text:
        raise ToolError("old_text is required: the exact text to replace, copied from the file.")
    at = content.find(old_text)
    if at < 0:
        raise ToolError(f"No match for {preview(old_text, 60)!r} in {shown}. Read the file and "
                        "copy the text exactly, whitespace included.")
    starts = [at]
    while (nxt := content.find(old_text, starts[-1] + 1)) >= 0:
        starts.append(nxt)
    if len(starts) > 1:
        lines = [content.count("\n", 0, s) + 1 for s in starts]
        raise ToolError(f"{preview(old_text, 60)!r} matches {len(starts)} places in {shown} "
                        f"(lines {', '.join(map(str, lines[:MAX_MATCHES_SHOWN]))}); include more "
                        "surrounding text so it matches once.", matches=[*lines[:MAX_MATCHES_SHOWN]])
    return at


def replaced(content: str, old_text: str, new_text: str, shown: str) -> str:
    """`content` with the one occurrence of `old_text` replaced by `new_text`. A file with CRLF
    line ends also matches text sent with plain LF (models send LF), and keeps its CRLF."""
    if not isinstance(new_text, str):
        raise ToolError("new_text must be a string (empty to delete the old text).")
    if "\r\n" in content and "\r\n" not in old_text and old_text.replace("\n", "\r\n") in content:
        old_text, new_text = old_text.replace("\n", "\r\n"), new_text.replace("\n", "\r\n")
    at = find_unique(content, old_text, shown)
    return content[:at] + new_text + content[at + len(old_text):]


@dataclass(frozen=True)
class Diff:
    text: str
    added: int
    removed: int


def unified_diff(before: str, after: str, shown: str) -> Diff:
    """A unified diff of two versions of a file, and its added/removed line counts."""
    lines = list(difflib.unified_diff(before.splitlines(keepends=True),
                                      after.splitlines(keepends=True),
                                      fromfile=f"a/{shown}", tofile=f"b/{shown}", n=3))
    added = sum(1 for ln in lines if ln.startswith("+") and not ln.startswith("+++"))
    removed = sum(1 for ln in lines if ln.startswith("-") and not ln.startswith("---"))
    text = "".join(ln if ln.endswith("\n") else ln + "\n\\ No newline at end of file\n"
                   for ln in lines)
    return Diff(text, added, removed)


def write_text(path: Path, text: str) -> None:
    """Write `text` (creating folders), keeping an existing file's permissions."""
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o7777 if path.exists() else None
    tmp = path.with_name(f".{path.name}.hermes-tmp")
    with open(tmp, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    if mode is not None:
        os.chmod(tmp, mode)
    os.replace(tmp, path)


def current_text(path: Path) -> str | None:
    """The file's text now; None when it does not exist."""
    try:
        return path.read_bytes().decode("utf-8", errors="replace")
    except FileNotFoundError:
        return None
