"""Removing the coding tools' undo journals with their sessions.

A journal ($HERMES_HOME/undo/<session_id>.jsonl, written by hermes.workspace.undo) holds the
whole text of every file the agent edited, before and after, so it must not outlive its
session. Only regular files directly in the undo folder are removed: a link is neither followed
nor removed, a folder is never emptied, and an undo folder that is itself a link (Hermes never
writes journals through one) is not looked into.
"""

from __future__ import annotations

import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hermes import paths

# A journal whose session is not in state.db may belong to a Hermes running without history
# (its state.db unreadable): one written in the last hour is left for it.
ORPHAN_GRACE_S = 3600.0


@dataclass
class JournalRemoval:
    """How many journals were removed (in a dry run: would be), and one line per one left."""

    removed: int = 0
    left: list[str] = field(default_factory=list)


def _undo_folder_is_ours() -> bool:
    try:
        return stat.S_ISDIR(paths.undo_dir().lstat().st_mode)
    except OSError:  # no undo folder yet: no journal to remove
        return False


def remove_journals(session_ids: Iterable[str], *, dry_run: bool = False) -> JournalRemoval:
    """Remove the undo journals of these sessions; a missing journal is fine."""
    if not _undo_folder_is_ours():
        return JournalRemoval()
    return _remove((paths.undo_journal_path(sid) for sid in session_ids), dry_run=dry_run)


def _remove(journals: Iterable[Path], *, dry_run: bool) -> JournalRemoval:
    result = JournalRemoval()
    for path in dict.fromkeys(journals):  # two ids may cut to one file name
        try:
            if dry_run:
                paths.check_regular_or_missing(path)
                result.removed += int(path.exists())
            else:
                result.removed += int(paths.remove_regular_file(path))
        except paths.UnsafePath as exc:
            result.left.append(exc.message)
        except OSError as exc:
            result.left.append(f"could not remove {path} ({exc.strerror or exc}); check the "
                               f"permissions of {path.parent} and remove it yourself")
    return result


def list_journals() -> list[Path]:
    """Every journal in the undo folder. List them BEFORE reading the session ids: a journal
    is written only after its session is stored, so one listed first whose session is then
    missing really is an orphan, never a session created in between."""
    if not _undo_folder_is_ours():
        return []
    try:
        return sorted(p for p in paths.undo_dir().iterdir() if p.name.endswith(".jsonl"))
    except OSError:
        return []


def remove_orphans(listed: Iterable[Path], stored_ids: Iterable[str], *,
                   dry_run: bool = False, now: float | None = None) -> JournalRemoval:
    """Remove the listed journals that belong to none of `stored_ids` (the sessions in
    state.db), except those written within ORPHAN_GRACE_S."""
    now = time.time() if now is None else now
    kept = {paths.undo_journal_path(sid).name for sid in stored_ids}
    orphans = []
    for path in listed:
        if path.name in kept:
            continue
        try:
            if now - path.lstat().st_mtime < ORPHAN_GRACE_S:
                continue
        except OSError:  # gone meanwhile
            continue
        orphans.append(path)
    return _remove(orphans, dry_run=dry_run)
