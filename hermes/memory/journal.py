"""The change journal: every applied memory change at entry level, and undo.

Records are JSON lines in $HERMES_HOME/memories/journal.jsonl, appended under a sibling lock.
A record keeps, per target it touched, the entries it replaced and the ones it put in their
place, plus a hash of the whole store before and after (journal_records.py). So a write costs
the size of the change, not of the store, and undo can still restore the store exactly: it
refuses when the store's hash shows it has moved on (hand edit or a later write) since.

Crash consistency: a change's line is fsynced before its store is renamed into place (the
line's fsync runs alongside the store's temp-file fsync; the rename waits for both). After a
kill -9 between the two, the latest line of that store still finds the store at its `before`;
readers leave it out, and the next writer of that store appends a `{"void": id, "target": …}`
line, so the journal and the stores always agree.

The write path reads only the journal's tail (the latest change of each target it writes);
`history` and `undo` read the whole file (both reads are in journal_reading.py). The file is
compacted to the newest records when it grows past a size.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, UTC
from pathlib import Path

from hermes import paths
from hermes.config import MemoryConfig, write_private_file
from hermes.memory.journal_reading import (
    is_unapplied,
    journal_lock,
    journal_path,
    latest_changes,
    read_journal,
    unapplied,
    without,
)
from hermes.memory.journal_records import Confirmation, JournalChange, JournalEntry, Void, entry_hash
from hermes.memory.memory_files import (
    TARGETS,
    StoreUnreadable,
    discard_staged,
    install_store_files,
    locked,
    parse_entries,
    read_entries,
    stage_store_file,
    target_label,
)

__all__ = ["HistoryReport", "JournalChange", "JournalEntry", "JournalUnwritable", "UndoResult",
           "commit", "confirm", "history", "history_report", "journal_path", "undo"]

log = logging.getLogger("hermes.memory")

ORIGINS = ("tool", "review", "approval", "cli", "undo")
_KEEP = 300  # records kept when the file is compacted
_COMPACT_BYTES = 2_000_000  # entry-level records are small: thousands of writes between compactions
_KEEP_AT_LEAST = 10  # records kept whatever their size (undo depth on huge hand-made stores)


class JournalUnwritable(Exception):
    """The journal line could not be written; nothing was changed."""


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


# ---------------------------------------------------------------- writing

_fsync_pool: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    # One thread that fsyncs the journal while the caller writes and fsyncs the store's temp
    # file: the two flushes overlap instead of queueing behind each other.
    global _fsync_pool
    if _fsync_pool is None:
        _fsync_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hermes-journal")
    return _fsync_pool


def _append_lines(items: Sequence[JournalEntry | Void | Confirmation]) -> int:
    """Append JSON lines and fsync them (call under the journal lock); returns the file size."""
    path = journal_path()
    text = "".join(json.dumps(i.to_json(), ensure_ascii=False) + "\n" for i in items)
    fd = paths.open_regular(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            text = "\n" + text  # a crash tore the last line: start a fresh one
        data = memoryview(text.encode("utf-8"))
        while data:
            data = data[os.write(fd, data):]
        os.fsync(fd)
        return os.fstat(fd).st_size
    finally:
        os.close(fd)


def _compact(size: int) -> None:
    """Rewrite the journal with its newest records: at most _KEEP of them, and beyond the
    newest _KEEP_AT_LEAST only as many as fit in a byte budget below the trigger size, so a
    compaction is followed by thousands of writes, not by another compaction."""
    read = read_journal()
    if not read.records:
        return  # nothing readable: never replace a journal with an empty one
    lines: list[str] = []
    budget = _COMPACT_BYTES * 3 // 4
    for r in reversed(read.records[-_KEEP:]):
        line = json.dumps(r.to_json(), ensure_ascii=False) + "\n"
        budget -= len(line.encode("utf-8"))
        if len(lines) >= _KEEP_AT_LEAST and budget < 0:
            break
        lines.append(line)
    # the newest confirmation of each entry outlives compaction: it is the entry's age
    newest: dict[tuple[str, str], Confirmation] = {}
    for c in read.confirmations:
        for h in c.entries:
            newest[(c.target, h)] = c
    kept = sorted({id(c): c for c in newest.values()}.values(), key=lambda c: c.time)[-_KEEP:]
    lines += [json.dumps(c.to_json(), ensure_ascii=False) + "\n" for c in reversed(kept)]
    text = "".join(reversed(lines))
    if not read.damaged and len(text.encode("utf-8")) >= size:
        return  # rewriting would not shrink it
    path = journal_path()
    if read.damaged:
        # Keep the file with its damaged lines for a person to look at.
        write_private_file(path.with_name("journal.jsonl.damaged"),
                           paths.read_regular_bytes(path).decode("utf-8", "replace"))
    write_private_file(path, text)


def _file_text(change: JournalChange, entries: Sequence[str]) -> str | None:
    """The raw text to write for `change` (None: the entries joined), used only while it
    still parses to exactly `entries`."""
    text = change.after_text
    return text if text is not None and parse_entries(text) == list(entries) else None


def _commit_locked(entry: JournalEntry, after: Mapping[str, Sequence[str]],
                   voids: Sequence[Void] = ()) -> None:
    """Journal `entry` (with `voids` first) and install the `after` stores of its changes.

    The journal line is fsynced (in the pool) while the stores' temp files are written and
    fsynced here; the renames wait for both, then one folder fsync makes them durable. Hold
    the journal lock and the store locks of every target in `after`."""
    future: Future[int] = _pool().submit(_append_lines, [*voids, entry])
    staged: list[tuple[str, Path]] = []
    try:
        for change in entry.changes:
            staged.append((change.target, stage_store_file(change.target, after[change.target],
                                                           _file_text(change, after[change.target]))))
    except BaseException:
        future.exception()  # wait: never leave the append running past the lock
        discard_staged(staged)
        raise  # a journaled line whose store did not change is voided by the next writer
    try:
        size = future.result()
    except OSError as exc:
        discard_staged(staged)
        raise JournalUnwritable(str(exc)) from None
    install_store_files(staged)
    if size > _COMPACT_BYTES:
        _compact(size)


def commit(entry: JournalEntry, after: Mapping[str, Sequence[str]],
           current: Mapping[str, Sequence[str]],
           current_hashes: Mapping[str, str] | None = None) -> None:
    """Journal `entry` and write each changed store to `after[target]`, fsynced.

    `current` holds the stores as read under their locks (the caller holds the store locks of
    every target of `entry`). Lines of those targets whose store write never happened are
    voided first. Raises JournalUnwritable when the journal cannot be written (nothing then
    changes) and OSError when a store cannot be written."""
    lock = journal_lock(checked=True)
    try:
        lock.__enter__()
        latest = latest_changes([c.target for c in entry.changes])
    except OSError as exc:
        lock.__exit__(None, None, None)
        raise JournalUnwritable(str(exc)) from None
    try:
        voids = []
        for target, (record_id, change) in latest.items():
            known = current_hashes.get(target) if current_hashes else None
            if is_unapplied(change, current[target], known):
                log.warning("memory journal %s: change %s never reached %s (interrupted); voided",
                            journal_path(), record_id, target)
                voids.append(Void(record_id, target))
        _commit_locked(entry, after, voids)
    finally:
        lock.__exit__(None, None, None)


def confirm(target: str, entries: Sequence[str], *, origin: str,
            session_id: str | None) -> None:
    """Journal that `entries` of `target` were re-stated (nothing in the store changes); an
    entry's age counts from its latest confirmation. Best effort: a journal that cannot be
    written loses the confirmation, never the write it came with."""
    if not entries:
        return
    line = Confirmation(now_iso(), target, tuple(dict.fromkeys(entry_hash(e) for e in entries)),
                        origin, session_id)
    try:
        with journal_lock():
            _append_lines([line])
    except OSError as exc:
        log.warning("memory journal %s: confirmation not recorded: %s", journal_path(), exc)


def new_entry(origin: str, session_id: str | None, action: str, summary: str,
              changes: Sequence[JournalChange], undoes: str | None = None) -> JournalEntry:
    return JournalEntry(new_id(), now_iso(), origin, session_id, action, summary, list(changes),
                        undoes)


# ---------------------------------------------------------------- history and undo


def _mark_undone(records: list[JournalEntry]) -> None:
    undone = {r.undoes for r in records if r.undoes}
    for r in records:
        r.undone = r.id in undone


@dataclass
class HistoryReport:
    entries: list[JournalEntry]
    damaged: int = 0  # journal lines that could not be read and were skipped


def _read_stores() -> tuple[dict[str, list[str]], dict[str, str]]:
    stores: dict[str, list[str]] = {}
    unreadable: dict[str, str] = {}
    for target in TARGETS:
        try:
            stores[target] = read_entries(None, target)
        except StoreUnreadable as exc:
            unreadable[target] = str(exc)
    return stores, unreadable


def history_report(cfg: MemoryConfig | None = None, limit: int = 20) -> HistoryReport:
    """The latest `limit` applied changes, newest first, and how many lines were damaged."""
    with journal_lock():
        read = read_journal()
    stores, _ = _read_stores()
    records = without(read.records, unapplied(read.records, stores))
    _mark_undone(records)
    newest = list(reversed(records))
    return HistoryReport(newest[: max(0, limit)] if limit else newest, read.damaged)


def history(cfg: MemoryConfig | None = None, limit: int = 20) -> list[JournalEntry]:
    """The latest `limit` journal records, newest first, with `undone` filled in."""
    return history_report(cfg, limit).entries


def _last_undoable(records: list[JournalEntry]) -> JournalEntry | None:
    _mark_undone(records)
    for r in reversed(records):
        if r.origin != "undo" and not r.undone:
            return r
    return None


def undo(cfg: MemoryConfig | None = None, session_id: str | None = None) -> UndoResult:
    """Revert the most recent change not yet undone (repeat to walk further back)."""
    with locked(TARGETS), journal_lock(checked=True):
        current, unreadable = _read_stores()
        read = read_journal()
        voids = unapplied(read.records, current)
        target_record = _last_undoable(without(read.records, voids))
        if target_record is None:
            if voids:
                _append_lines(voids)
            return UndoResult(False, "Nothing to undo: the journal has no change left to revert.")
        after: dict[str, list[str]] = {}
        for change in target_record.changes:
            if change.target in unreadable:
                return UndoResult(False, f"Cannot undo: {unreadable[change.target]}. Nothing was "
                                  "changed.")
            restored = change.inverse().apply_to(current[change.target])
            if restored is None:
                name = "MEMORY.md" if change.target == "memory" else "USER.md"
                return UndoResult(False, f"Cannot undo {target_record.id} ({target_record.summary}):"
                                  f" {name} changed since (a hand edit or a later write)."
                                  " Nothing was changed.", target_record)
            after[change.target] = restored
        record = new_entry("undo", session_id, "undo", f"undo {target_record.summary}",
                           [c.inverse() for c in target_record.changes], undoes=target_record.id)
        # journaled (fsynced) before the stores change, as every write
        _commit_locked(record, after, voids)
    where = " and ".join(target_label(c.target).lower() for c in target_record.changes)
    return UndoResult(True, f"Undid {target_record.id} in {where}: {target_record.summary}",
                      target_record, record)
