"""The change journal: every applied memory change with its before/after, and undo.

Records are JSON lines in $HERMES_HOME/memories/journal.jsonl, appended under a sibling lock.
A record keeps the whole entry lists of each target it touched, so undo can restore them
exactly, and refuses when the store has moved on (hand edit or a later write) since.

Crash consistency: a change's line is fsynced before its store is renamed into place. After
a kill -9 between the two, the latest line of that store still finds the store at its
`before`; readers leave it out, and the next writer of that store appends a
`{"void": id, "target": …}` line, so the journal and the stores always agree.
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
from hermes.memory.memory_files import (
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
    fd = paths.open_regular(journal_path().with_name("journal.jsonl.lock"),
                            os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


@dataclass
class _Read:
    """The journal as read: records (voided changes already dropped) and damaged lines."""

    records: list[JournalEntry]
    damaged: int = 0
    voids: list[dict[str, str]] = field(default_factory=list)


def _read_journal() -> _Read:
    """Every readable record; a damaged line (bad bytes, torn JSON) is skipped and counted,
    never taken as the end of history."""
    try:
        raw = paths.read_regular_bytes(journal_path())
    except FileNotFoundError:
        return _Read([])
    records: list[JournalEntry] = []
    voids: list[dict[str, str]] = []
    damaged = 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        try:
            data = json.loads(line.decode("utf-8"))
            if isinstance(data, dict) and "void" in data:
                voids.append({"void": str(data["void"]), "target": str(data["target"])})
            else:
                records.append(JournalEntry.from_json(data))
        except (ValueError, KeyError, TypeError, AttributeError):
            damaged += 1
    if damaged:
        log.warning("memory journal %s: skipped %d damaged line(s)", journal_path(), damaged)
    voided = {(v["void"], v["target"]) for v in voids}
    kept = []
    for r in records:
        changes = [c for c in r.changes if (r.id, c.target) not in voided]
        if changes:
            r.changes = changes
            kept.append(r)
    return _Read(kept, damaged, voids)


def _read_records() -> list[JournalEntry]:
    return _read_journal().records


def _latest_for(records: Sequence[JournalEntry], target: str) -> tuple[JournalEntry, JournalChange] | None:
    for r in reversed(records):
        for c in r.changes:
            if c.target == target:
                return r, c
    return None


def _unapplied(records: Sequence[JournalEntry], stores: dict[str, list[str]]
               ) -> list[tuple[str, str]]:
    """(record id, target) of journal lines whose store write never happened: the latest line
    of a target whose store still holds its `before` (a kill -9 between journal and rename)."""
    out = []
    for target, entries in stores.items():
        latest = _latest_for(records, target)
        if latest and latest[1].before != latest[1].after and entries == latest[1].before:
            out.append((latest[0].id, target))
    return out


def _append_line(data: dict[str, Any]) -> None:
    """Append one JSON line and fsync it (call under the journal lock)."""
    path = journal_path()
    line = json.dumps(data, ensure_ascii=False) + "\n"
    fd = paths.open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = "\n" + line  # a crash tore the last line: start a fresh one
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)


def _compact_if_big() -> None:
    path = journal_path()
    try:
        too_big = path.lstat().st_size > _COMPACT_BYTES
    except OSError:
        return
    if not too_big:
        return
    read = _read_journal()
    if not read.records:
        return  # nothing readable: never replace a journal with an empty one
    if len(read.records) <= _KEEP and not read.damaged:
        return  # nothing to drop: rewriting would only cost time
    if read.damaged:
        # Keep the file with its damaged lines for a person to look at.
        write_private_file(path.with_name("journal.jsonl.damaged"),
                           paths.read_regular_bytes(path).decode("utf-8", "replace"))
    write_private_file(path, "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n"
                                     for r in read.records[-_KEEP:]))


def _append_locked(entry: JournalEntry) -> None:
    _append_line(entry.to_json())
    _compact_if_big()


def reconcile_locked(cfg: Config | None, targets: Sequence[str],
                     stores: dict[str, list[str]]) -> None:
    """Void the journal lines of `targets` whose store write never happened, so the next
    change cannot make them look applied. Call holding the store locks of `targets`."""
    with _journal_lock():
        records = _read_records()
        for record_id, target in _unapplied(records, {t: stores[t] for t in targets}):
            log.warning("memory journal %s: change %s never reached %s (interrupted); voided",
                        journal_path(), record_id, target)
            _append_line({"void": record_id, "target": target})


def record_change(origin: str, session_id: str | None, action: str, summary: str,
                  changes: Sequence[JournalChange]) -> JournalEntry:
    """Append one change, fsynced, BEFORE its store write (call holding its targets' store
    locks, after reconcile_locked). Raises OSError when the journal cannot be written."""
    entry = JournalEntry(new_id(), now_iso(), origin, session_id, action, summary, list(changes))
    with _journal_lock():
        _append_locked(entry)
    return entry


def _mark_undone(records: list[JournalEntry]) -> None:
    undone = {r.undoes for r in records if r.undoes}
    for r in records:
        r.undone = r.id in undone


@dataclass
class HistoryReport:
    entries: list[JournalEntry]
    damaged: int = 0  # journal lines that could not be read and were skipped


def _applied_view(read: _Read) -> list[JournalEntry]:
    """Records without the changes whose store write never happened (not yet voided)."""
    stores: dict[str, list[str]] = {}
    for target in TARGETS:
        try:
            stores[target] = read_entries(None, target)
        except StoreUnreadable:
            continue
    missing = set(_unapplied(read.records, stores))
    out = []
    for r in read.records:
        changes = [c for c in r.changes if (r.id, c.target) not in missing]
        if changes:
            r.changes = changes
            out.append(r)
    return out


def history_report(cfg: Config | None = None, limit: int = 20) -> HistoryReport:
    """The latest `limit` applied changes, newest first, and how many lines were damaged."""
    with _journal_lock():
        read = _read_journal()
    records = _applied_view(read)
    _mark_undone(records)
    newest = list(reversed(records))
    return HistoryReport(newest[: max(0, limit)] if limit else newest, read.damaged)


def history(cfg: Config | None = None, limit: int = 20) -> list[JournalEntry]:
    """The latest `limit` journal records, newest first, with `undone` filled in."""
    return history_report(cfg, limit).entries


def _last_undoable(records: list[JournalEntry]) -> JournalEntry | None:
    _mark_undone(records)
    for r in reversed(records):
        if r.origin != "undo" and not r.undone:
            return r
    return None


def undo(cfg: Config | None = None, session_id: str | None = None) -> UndoResult:
    """Revert the most recent change not yet undone (repeat to walk further back)."""
    with locked(TARGETS), _journal_lock():
        current: dict[str, list[str]] = {}
        unreadable: dict[str, str] = {}
        for target in TARGETS:
            try:
                current[target] = read_entries(cfg, target)
            except StoreUnreadable as exc:
                unreadable[target] = str(exc)
        records = _read_records()
        for record_id, target in _unapplied(records, current):
            _append_line({"void": record_id, "target": target})
        target_record = _last_undoable(_read_records())
        if target_record is None:
            return UndoResult(False, "Nothing to undo: the journal has no change left to revert.")
        for change in target_record.changes:
            if change.target in unreadable:
                return UndoResult(False, f"Cannot undo: {unreadable[change.target]}. Nothing was "
                                  "changed.")
            if current[change.target] != change.after:
                name = "MEMORY.md" if change.target == "memory" else "USER.md"
                return UndoResult(False, f"Cannot undo {target_record.id} ({target_record.summary}):"
                                  f" {name} changed since (a hand edit or a later write)."
                                  " Nothing was changed.", target_record)
        record = JournalEntry(
            new_id(), now_iso(), "undo", session_id, "undo", f"undo {target_record.summary}",
            [JournalChange(c.target, c.after, c.before) for c in target_record.changes],
            undoes=target_record.id)
        _append_locked(record)  # journaled (fsynced) before the stores change, as every write
        for change in target_record.changes:
            write_entries_locked(change.target, change.before)
    where = " and ".join(target_label(c.target).lower() for c in target_record.changes)
    return UndoResult(True, f"Undid {target_record.id} in {where}: {target_record.summary}",
                      target_record, record)
