"""The undo journal: before and after of every edit and write the agent made in a session.

One JSON line per change in $HERMES_HOME/undo/<session_id>.jsonl (0600), written and synced
before the file changes, so a crash between the two still leaves a way back. An undo appends a
line naming the change it reverted; the journal itself is never rewritten. No file text is kept
in plain text (files hold secrets the redactor may not know): the text before the change is
sealed (undo_seal.py) and the text after it is kept as a keyed fingerprint, enough to tell
whether the file changed since. Journals of older versions (plain before/after) still undo. A
journal goes when its session is deleted or pruned (hermes.sessions.maintenance).
"""

from __future__ import annotations

import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hermes import paths
from hermes.workspace.files import current_text, write_text
from hermes.workspace.undo_seal import SealError, fingerprint, seal, unseal


def journal_path(session_id: str) -> Path:
    """Where the journal of `session_id` lives (paths.py names it: the sessions layer removes
    it with its session)."""
    return paths.undo_journal_path(session_id)


@dataclass(frozen=True)
class Change:
    id: str
    path: str  # absolute
    shown: str  # as the person saw it (relative to the project root)
    before: str | None  # None: the file did not exist
    after: str | None  # the text written (journals of older versions); None when fingerprinted
    after_id: str | None = None  # the written text's fingerprint (undo_seal.fingerprint)
    unreadable: str | None = None  # why `before` cannot be restored (its key is gone …)

    def still_current(self, now: str | None) -> bool:
        """Does the file still hold what the agent wrote?"""
        if now is None:
            return False
        if self.after is not None:
            return now == self.after
        return self.after_id is not None and fingerprint(now) == self.after_id


class UndoJournal:
    """The journal of one session (named after the first session of a compression lineage:
    its continuations share it)."""

    def __init__(self, session_id: str) -> None:
        self.session_id = session_id
        self.path = journal_path(session_id)

    def _append(self, record: dict[str, Any]) -> None:
        paths.ensure_dir(self.path.parent)
        fd = paths.open_regular(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            os.write(fd, (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)

    def record(self, path: Path, shown: str, before: str | None, after: str) -> str:
        """Note a change about to be made; its id."""
        change_id = uuid.uuid4().hex[:12]
        self._append({"id": change_id, "path": str(path), "shown": shown,
                      "before_sealed": None if before is None else seal(before),
                      "after_id": fingerprint(after), "time": time.time()})
        return change_id

    def _records(self) -> list[dict[str, Any]]:
        try:
            raw = paths.read_regular_bytes(self.path).decode("utf-8", "replace")
        except FileNotFoundError:
            return []
        out = []
        for line in raw.splitlines():
            try:
                item = json.loads(line)
            except ValueError:
                continue  # a line cut by a crash
            if isinstance(item, dict):
                out.append(item)
        return out

    def last_change(self) -> Change | None:
        """The newest change not yet undone."""
        records = self._records()
        undone = {r.get("undone") for r in records if "undone" in r}
        for r in reversed(records):
            if "id" not in r or r["id"] in undone:
                continue
            shown = str(r.get("shown") or r["path"])
            if isinstance(r.get("after"), str):  # a journal of an older version
                return Change(r["id"], str(r["path"]), shown, r.get("before"), r["after"])
            if isinstance(r.get("after_id"), str):
                before, why = _opened(r.get("before_sealed"))
                return Change(r["id"], str(r["path"]), shown, before, None, r["after_id"], why)
        return None

    def undo_last(self) -> str:
        """Revert the newest change still in effect; one line saying what happened and, when
        the file changed since, what to do instead."""
        change = self.last_change()
        if change is None:
            return "Nothing to undo: the agent has not edited or written a file in this session."
        path = Path(change.path)
        now = current_text(path)
        if change.unreadable is not None:
            return (f"Not undone: {change.unreadable}, so the text {change.shown} had before "
                    f"cannot be read back. Revert it by hand (or with git checkout -- "
                    f"{change.shown}).")
        if not change.still_current(now):
            state = "was deleted" if now is None else "has changed"
            return (f"Not undone: {change.shown} {state} since the agent's edit, so reverting "
                    f"would lose that. Revert it by hand (or with git checkout -- {change.shown}).")
        self._append({"undone": change.id, "time": time.time()})
        if change.before is None:
            path.unlink()
            return f"Undone: removed {change.shown}, which the agent had created."
        write_text(path, change.before)
        return f"Undone: {change.shown} is back as it was before the agent's last change."


def _opened(sealed: object) -> tuple[str | None, str | None]:
    """(the text before the change, None) or (None, why it cannot be read)."""
    if sealed is None:
        return None, None  # the agent created the file
    if not isinstance(sealed, str):
        return None, "the journal entry is damaged"
    try:
        return unseal(sealed), None
    except SealError as exc:
        return None, str(exc)
