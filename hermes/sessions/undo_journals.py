"""Removing the coding tools' undo journals with their sessions.

A journal ($HERMES_HOME/undo/<session_id>.jsonl, written by hermes.workspace.undo) holds the
whole text of every file the agent edited, before and after, so it must not outlive its
session. Only regular files directly in the undo folder are removed: a link is neither followed
nor removed, a folder is never emptied, and an undo folder that is itself a link (Hermes never
writes journals through one) is not looked into.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hermes import paths

# A journal whose session is not in state.db may belong to a Hermes running without history
# (its state.db unreadable): one written in the last week is left for it.
ORPHAN_GRACE_S = 7 * 86400.0
# Only names Hermes gives its own sessions' journals are ever taken for orphans: another file in
# the folder (someone's notes.jsonl, an imported session's journal) is not this sweep's to remove.
_SESSION_JOURNAL = re.compile(r"\d{8}_\d{6}_[0-9a-f]{6,32}\.jsonl")


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
    """Remove regular files by name inside the undo folder, opened once without following a
    link: if the folder were swapped for a link meanwhile, the open fails and nothing goes."""
    result = JournalRemoval()
    names = list(dict.fromkeys(path.name for path in journals))
    if not names:
        return result
    folder = paths.undo_dir()
    try:
        dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    except OSError as exc:
        result.left.append(f"could not open {folder} ({exc.strerror or exc}); remove the undo "
                           f"journals there yourself if they are not needed")
        return result
    try:
        for name in names:
            _remove_one(folder / name, dir_fd, result, dry_run=dry_run)
    finally:
        os.close(dir_fd)
    return result


def _remove_one(path: Path, dir_fd: int, result: JournalRemoval, *, dry_run: bool) -> None:
    try:
        st = os.lstat(path.name, dir_fd=dir_fd)
    except FileNotFoundError:
        return
    except OSError as exc:
        result.left.append(f"could not look at {path} ({exc.strerror or exc}); remove it yourself")
        return
    if not stat.S_ISREG(st.st_mode):
        result.left.append(f"{path} is {paths.describe_mode(st.st_mode)}, not a regular file, so Hermes "
                           "left it alone; look at it and remove it yourself if it is not needed")
        return
    if dry_run:
        result.removed += 1
        return
    try:
        os.unlink(path.name, dir_fd=dir_fd)  # a link put there meanwhile goes itself, never its target
        result.removed += 1
    except FileNotFoundError:
        pass
    except OSError as exc:
        result.left.append(f"could not remove {path} ({exc.strerror or exc}); check the "
                           f"permissions of {path.parent} and remove it yourself")


def hand_down(session_id: str, children: list[str]) -> JournalRemoval:
    """A deleted session's continuation becomes its lineage's root, and the journal it shares
    (named after the old root) becomes its own, so /undo still reaches its edits. With more than
    one child the journal stays where it is (a later prune takes it once it is an orphan)."""
    if len(children) == 1 and _undo_folder_is_ours():
        src, dst = paths.undo_journal_path(session_id), paths.undo_journal_path(children[0])
        try:
            if stat.S_ISREG(src.lstat().st_mode) and not os.path.lexists(dst):
                os.rename(src, dst)
        except OSError:  # no journal, or it cannot move: it stays an orphan for prune
            pass
    return JournalRemoval()  # nothing removed: the journal lives on under the continuation


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
        if path.name in kept or not _SESSION_JOURNAL.fullmatch(path.name):
            continue
        try:
            if now - path.lstat().st_mtime < ORPHAN_GRACE_S:
                continue
        except OSError:  # gone meanwhile
            continue
        orphans.append(path)
    return _remove(orphans, dry_run=dry_run)
