"""Reading the change journal: the whole file (history, undo, compaction) or only its tail
(the write path), and which lines describe a store write that never happened.

The journal's path and lock live here because every reader needs them; the writer in
journal.py takes the same lock. A damaged line is skipped and counted, never taken as the end
of history.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hermes import paths
from hermes.memory.journal_records import (
    Confirmation,
    JournalChange,
    JournalEntry,
    Void,
    parse_line,
    store_hash,
)
from hermes.memory.memory_files import ensure_memories_dir

__all__ = ["JournalRead", "is_unapplied", "journal_lock", "journal_path", "latest_changes", "read_journal",
           "unapplied"]

log = logging.getLogger("hermes.memory")

_TAIL_FIRST = 4 * 1024  # the first read from the end: an add or remove record is a few hundred bytes
_TAIL_CHUNK = 64 * 1024  # later reads, when the newest lines did not fit in the first


def journal_path() -> Path:
    """$HERMES_HOME/memories/journal.jsonl."""
    return paths.memories_dir() / "journal.jsonl"


@contextmanager
def journal_lock(*, checked: bool = False) -> Iterator[None]:
    """The journal's lock; `checked` when the caller holds store locks (the folder exists)."""
    if not checked:
        ensure_memories_dir()
    with paths.exclusive_lock(journal_path().with_name("journal.jsonl.lock")):  # read-only homes too
        yield


@dataclass
class JournalRead:
    """The journal as read: records (voided changes already dropped) and damaged lines."""

    records: list[JournalEntry]
    damaged: int = 0
    voids: list[Void] = field(default_factory=list)
    confirmations: list[Confirmation] = field(default_factory=list)


def _parse(line: bytes) -> JournalEntry | Void | Confirmation | None:
    """One line as a record or void; None for a damaged line (bad bytes, torn JSON)."""
    try:
        return parse_line(json.loads(line.decode("utf-8")))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def read_journal() -> JournalRead:
    """Every readable record; a damaged line is skipped and counted, never taken as the end of
    history."""
    try:
        raw = paths.read_regular_bytes(journal_path())
    except FileNotFoundError:
        return JournalRead([])
    records: list[JournalEntry] = []
    voids: list[Void] = []
    confirmations: list[Confirmation] = []
    damaged = 0
    for line in raw.split(b"\n"):
        if not line.strip():
            continue
        item = _parse(line)
        if item is None:
            damaged += 1
        elif isinstance(item, Void):
            voids.append(item)
        elif isinstance(item, Confirmation):
            confirmations.append(item)
        else:
            records.append(item)
    if damaged:
        log.warning("memory journal %s: skipped %d damaged line(s)", journal_path(), damaged)
    return JournalRead(without(records, voids), damaged, voids, confirmations)


def without(records: list[JournalEntry], voids: Sequence[Void]) -> list[JournalEntry]:
    """`records` with the changes named by `voids` dropped (a record left with none goes)."""
    gone = {(v.record_id, v.target) for v in voids}
    kept = []
    for r in records:
        changes = [c for c in r.changes if (r.id, c.target) not in gone]
        if changes:
            r.changes = changes
            kept.append(r)
    return kept


def _lines_newest_first(fd: int) -> Iterator[bytes]:
    """The file's lines from the end backwards, read in chunks (the write path needs only the
    last few): a small one first, larger ones only when the lines wanted reach further back."""
    pos = os.fstat(fd).st_size
    partial = b""
    chunk = _TAIL_FIRST
    while pos > 0:
        step = min(chunk, pos)
        chunk = _TAIL_CHUNK
        pos -= step
        lines = (os.pread(fd, step, pos) + partial).split(b"\n")
        partial = lines[0]
        yield from reversed(lines[1:])
    yield partial


def latest_changes(targets: Sequence[str]) -> dict[str, tuple[str, JournalChange]]:
    """(record id, change) of the newest not-voided change of each target, from the tail."""
    wanted = set(targets)
    found: dict[str, tuple[str, JournalChange]] = {}
    voided: set[tuple[str, str]] = set()
    try:
        fd = paths.open_regular(journal_path(), os.O_RDONLY)
    except FileNotFoundError:
        return found
    try:
        for line in _lines_newest_first(fd):
            if not line.strip():
                continue
            item = _parse(line)
            if isinstance(item, Void):
                voided.add((item.record_id, item.target))
            elif isinstance(item, JournalEntry):
                for c in item.changes:
                    if c.target in wanted and c.target not in found and (item.id, c.target) not in voided:
                        found[c.target] = (item.id, c)
                if len(found) == len(wanted):
                    break
    finally:
        os.close(fd)
    return found


def _latest_for(records: Sequence[JournalEntry], target: str) -> tuple[JournalEntry, JournalChange] | None:
    for r in reversed(records):
        for c in r.changes:
            if c.target == target:
                return r, c
    return None


def is_unapplied(change: JournalChange, entries: Sequence[str], entries_hash: str | None = None) -> bool:
    """True when the store still reads as the change found it: its write never happened.
    `entries_hash` is store_hash(entries) when the caller already has it."""
    if not change.changes_store:
        return False
    return (store_hash(entries) if entries_hash is None else entries_hash) == change.before_hash


def unapplied(records: Sequence[JournalEntry], stores: Mapping[str, Sequence[str]]) -> list[Void]:
    """The journal lines whose store write never happened: the latest line of a target whose
    store still holds its `before` (a kill -9 between journal and rename)."""
    out = []
    for target, entries in stores.items():
        latest = _latest_for(records, target)
        if latest and is_unapplied(latest[1], entries):
            out.append(Void(latest[0].id, target))
    return out
