"""Prompts kept across sessions, like a shell's history: `$HERMES_HOME/prompt_history`.

One entry per line (backslash, newline and carriage return escaped), secrets redacted
before they reach the disk, owner-only (0600), never written through a link. The file is
appended to per prompt and rewritten to the last LIMIT entries once it grows to twice that,
so a write stays one small append and the file stays bounded.
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from hermes import paths

log = logging.getLogger("hermes.tui")

LIMIT = 1000
_lock = threading.Lock()
# One writer thread keeps the order prompts were sent in, off the UI's event loop.
_writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="prompt-history")
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", "n": "\n", "r": "\r"}


def history_path() -> Path:
    return paths.hermes_home() / "prompt_history"


def escape(text: str) -> str:
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def unescape(line: str) -> str:
    out: list[str] = []
    chars = iter(line)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            out.append(_UNESCAPES.get(nxt, "\\" + nxt))
        else:
            out.append(ch)
    return "".join(out)


def _read_lines(path: Path) -> list[str]:
    try:
        data = paths.read_regular_bytes(path)
    except FileNotFoundError:
        return []
    return [line for line in data.decode("utf-8", errors="replace").split("\n") if line]


def load(limit: int = LIMIT) -> list[str]:
    """The last `limit` prompts, oldest first; an unreadable file is logged and read as empty."""
    try:
        return [unescape(line) for line in _read_lines(history_path())[-limit:]]
    except (OSError, paths.UnsafePath) as exc:
        log.info("cannot read the prompt history: %s", exc)
        return []


def append(text: str, limit: int = LIMIT) -> None:
    """Add one prompt (redacted). Failing to save is logged, never raised: it only costs recall."""
    if not text.strip():
        return
    from hermes.security.redact import redact

    line = escape(redact(text)) + "\n"
    path = history_path()
    try:
        with _lock:
            paths.ensure_dir(path.parent)
            fd = paths.open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, paths.FILE_MODE)
            try:
                os.fchmod(fd, paths.FILE_MODE)  # a file made by hand keeps no wider mode
                os.write(fd, line.encode("utf-8"))
                size = os.fstat(fd).st_size
            finally:
                os.close(fd)
            # Cheap check by size first (a line is at least a few bytes): only a file that may
            # hold twice the entries is re-read and, if it does, cut back to the last `limit`.
            if size > limit * 8:
                lines = _read_lines(path)
                if len(lines) > 2 * limit:
                    from hermes.config import write_private_file

                    write_private_file(path, "\n".join(lines[-limit:]) + "\n")
    except (OSError, paths.UnsafePath) as exc:
        log.info("cannot save the prompt history: %s", exc)


def append_later(text: str) -> Future[None]:
    """`append` in the writer thread (redaction and the disk stay off the UI's frame)."""
    return _writer.submit(append, text)
