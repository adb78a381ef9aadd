"""The change journal: every applied memory change with its before/after, and undo.

Records are JSON lines in $HERMES_HOME/memories/journal.jsonl, appended under a sibling lock.
A record keeps the whole entry lists of each target it touched, so undo can restore them
exactly, and refuses when the store has moved on (hand edit or a later write) since.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, UTC
from pathlib import Path
from typing import Any

from hermes import paths
from hermes.config import Config, write_private_file
from hermes.memory.store import (
    TARGETS,
    StoreUnreadable,
    ensure_memories_dir,
    locked,
    read_entries,
    target_label,
    write_entries_locked,
)

log = logging.getLogger("hermes.memory")

ORIGINS = ("tool", "review", "approval", "cli", "undo")
_KEEP = 300  # records kept when the file is compacted
_COMPACT_BYTES = 2_000_000  # a record holds whole stores (a few KB), so compact by size


def journal_path() -> Path:
    return paths.memories_dir() / "journal.jsonl"


@dataclass(frozen=True)
class JournalChange:
    """One target's entries before and after a change."""

    target: str
    before: list[str]
    after: list[str]

    @property
    def added(self) -> list[str]:
        return [e for e in self.after if e not in self.before]

    @property
    def removed(self) -> list[str]:
        return [e for e in self.before if e not in self.after]


@dataclass
class JournalEntry:
    id: str
    time: str  # ISO 8601, UTC
    origin: str  # tool | review | approval | cli | undo
    session_id: str | None
    action: str  # add | replace | remove | batch | undo
    summary: str  # one line for `history`
    changes: list[JournalChange] = field(default_factory=list)
    undoes: str | None = None  # for origin "undo": the record it reverted
    undone: bool = False  # filled in by history(): a later undo reverted this record

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "time": self.time, "origin": self.origin,
            "session_id": self.session_id, "action": self.action, "summary": self.summary,
            "changes": [{"target": c.target, "before": c.before, "after": c.after}
                        for c in self.changes],
            "undoes": self.undoes,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> JournalEntry:
        return cls(
            id=str(data["id"]), time=str(data.get("time", "")), origin=str(data.get("origin", "")),
            session_id=data.get("session_id"), action=str(data.get("action", "")),
            summary=str(data.get("summary", "")),
            changes=[JournalChange(str(c["target"]), list(c["before"]), list(c["after"]))
                     for c in data.get("changes", [])],
            undoes=data.get("undoes"),
        )


@dataclass
class UndoResult:
    success: bool
    message: str
    reverted: JournalEntry | None = None  # the change that was undone
    record: JournalEntry | None = None  # the new "undo" journal record


def now_iso(precise: bool = False) -> str:
    """UTC time as ISO 8601; `precise` adds microseconds (orders records made in one second)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ" if precise else "%Y-%m-%dT%H:%M:%SZ")


def new_id() -> str:
    return secrets.token_hex(4)


@contextmanager
def _journal_lock() -> Iterator[None]:
    ensure_memories_dir()
    fd = os.open(journal_path().with_name("journal.jsonl.lock"), os.O_RDWR | os.O_CREAT,
                 paths.FILE_MODE)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _read_records() -> list[JournalEntry]:
    try:
        text = journal_path().read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("memory journal unreadable: %s", exc)
        return []
    records = []
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            records.append(JournalEntry.from_json(json.loads(line)))
        except (ValueError, KeyError, TypeError):
            # A torn last line (crash mid-append) is skipped, never fatal.
            log.warning("skipping a damaged memory journal line")
    return records


def _append_locked(entry: JournalEntry) -> None:
    path = journal_path()
    line = json.dumps(entry.to_json(), ensure_ascii=False) + "\n"
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, paths.FILE_MODE)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = "\n" + line  # a crash tore the last line: start a fresh one
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        too_big = path.stat().st_size > _COMPACT_BYTES
    except OSError:
        return
    if too_big:
        records = _read_records()[-_KEEP:]
        write_private_file(path, "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n"
                                         for r in records))


def record_change(origin: str, session_id: str | None, action: str, summary: str,
                  changes: Sequence[JournalChange]) -> JournalEntry:
    """Append one applied change (call while holding the store locks of its targets)."""
    entry = JournalEntry(new_id(), now_iso(), origin, session_id, action, summary, list(changes))
    try:
        with _journal_lock():
            _append_locked(entry)
    except OSError as exc:  # the store write already happened; losing history must not undo it
        log.warning("could not record memory change in the journal: %s", exc)
    return entry


def _mark_undone(records: list[JournalEntry]) -> None:
    undone = {r.undoes for r in records if r.undoes}
    for r in records:
        r.undone = r.id in undone


def history(cfg: Config | None = None, limit: int = 20) -> list[JournalEntry]:
    """The latest `limit` journal records, newest first, with `undone` filled in."""
    with _journal_lock():
        records = _read_records()
    _mark_undone(records)
    return list(reversed(records))[: max(0, limit)] if limit else list(reversed(records))


def _last_undoable(records: list[JournalEntry]) -> JournalEntry | None:
    _mark_undone(records)
    for r in reversed(records):
        if r.origin != "undo" and not r.undone:
            return r
    return None


def undo(cfg: Config | None = None, session_id: str | None = None) -> UndoResult:
    """Revert the most recent change not yet undone (repeat to walk further back)."""
    with locked(TARGETS), _journal_lock():
        target_record = _last_undoable(_read_records())
        if target_record is None:
            return UndoResult(False, "Nothing to undo: the journal has no change left to revert.")
        current: dict[str, list[str]] = {}
        for change in target_record.changes:
            try:
                current[change.target] = read_entries(cfg, change.target)
            except StoreUnreadable as exc:
                return UndoResult(False, f"Cannot undo: {exc}. Nothing was changed.")
            if current[change.target] != change.after:
                name = "MEMORY.md" if change.target == "memory" else "USER.md"
                return UndoResult(False, f"Cannot undo {target_record.id} ({target_record.summary}):"
                                  f" {name} changed since (a hand edit or a later write)."
                                  " Nothing was changed.", target_record)
        for change in target_record.changes:
            write_entries_locked(change.target, change.before)
        record = JournalEntry(
            new_id(), now_iso(), "undo", session_id, "undo", f"undo {target_record.summary}",
            [JournalChange(c.target, c.after, c.before) for c in target_record.changes],
            undoes=target_record.id)
        _append_locked(record)
    where = " and ".join(target_label(c.target).lower() for c in target_record.changes)
    return UndoResult(True, f"Undid {target_record.id} in {where}: {target_record.summary}",
                      target_record, record)
