"""The first screen's welcome: model, project folder, memory gauge, key hints, sessions to resume.

Pure text from plain values, so the app, the snapshot test and the unit tests share it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.tui.sessions_bridge import SessionRow

KEY_HINTS = "Enter send · Esc or Ctrl+C cancel a reply · /help commands and keys"
RESUME_COUNT = 3


def home_relative(path: str | Path) -> str:
    """`~/code/app` for a folder under the home directory, else the path as is."""
    text = str(path)
    home = os.path.expanduser("~")
    if home not in ("", "/") and (text == home or text.startswith(home + os.sep)):
        return "~" + text[len(home):]
    return text


def welcome_text(model: str, folder: str, memory_pct: int | None, user_pct: int | None,
                 sessions: Sequence[SessionRow] = (), now: float | None = None) -> str:
    """A few lines; `sessions` are the picker's rows (title, session_id, last_active), newest first."""
    from hermes.sessions.text import relative_time

    lines = [f"Hermes · {model or 'no model yet (/setup)'} · {home_relative(folder)}"]
    gauge = " · ".join(f"{name} {pct}%" for name, pct in (("MEM", memory_pct), ("USER", user_pct))
                       if pct is not None)
    lines.append(f"Memory: {gauge or 'off'} — /memory shows what I remember")
    lines.append(KEY_HINTS)
    if sessions:
        shown = []
        for row in list(sessions)[:RESUME_COUNT]:
            name = row.title or row.session_id
            ref = f'"{name}"' if " " in name else name
            shown.append(f"/resume {ref} ({relative_time(row.last_active, now)})")
        lines.append("Pick up where you left off: " + " · ".join(shown))
    return "\n".join(lines)
