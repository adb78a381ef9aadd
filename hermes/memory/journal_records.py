"""The records of the change journal (pure): what one change did to a store, and its JSON form.

A change is journaled at entry level, as a splice: the entries `before` found at index `at`
were replaced by the entries `after` (an add is `[]` → `[new]` at the end, a remove
`[old]` → `[]`). Each change also carries a hash of the whole store before and after, so undo
and crash recovery can tell in O(1) whether the store on disk is exactly the one the change
left (or found) without keeping whole stores in the journal.

Journals written before entry-level records held the whole stores as `before`/`after` and no
hashes; such a line reads as the same splice a new record would hold (hashes computed on
reading), and compaction rewrites it in the new form.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hermes.memory.memory_files import join_entries


def store_hash(entries: Sequence[str]) -> str:
    """A fingerprint of a whole store (its file text), for exact-match checks."""
    data = join_entries(entries).encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:32]


@dataclass(frozen=True)
class JournalChange:
    """One target's change: at index `at`, the entries `before` became the entries `after`."""

    target: str
    before: list[str]
    after: list[str]
    at: int = 0
    before_hash: str = ""  # the whole store before the change
    after_hash: str = ""  # the whole store after it
    # the file's text after the change when it is not the entries joined (an undo of a
    # consolidation restores a hand-edited file byte for byte); None = the joined entries
    after_text: str | None = None
    before_text: str | None = None

    @classmethod
    def between(cls, target: str, old: Sequence[str], new: Sequence[str]) -> JournalChange:
        """The smallest splice that turns store `old` into store `new`."""
        n, m = len(old), len(new)
        p = 0
        while p < n and p < m and old[p] == new[p]:
            p += 1
        s = 0
        while s < n - p and s < m - p and old[n - 1 - s] == new[m - 1 - s]:
            s += 1
        return cls(target, list(old[p:n - s]), list(new[p:m - s]), p, store_hash(old),
                   store_hash(new))

    @property
    def added(self) -> list[str]:
        return [e for e in self.after if e not in self.before]

    @property
    def removed(self) -> list[str]:
        return [e for e in self.before if e not in self.after]

    @property
    def changes_store(self) -> bool:
        return self.before_hash != self.after_hash

    def inverse(self) -> JournalChange:
        """The change that undoes this one."""
        return JournalChange(self.target, self.after, self.before, self.at, self.after_hash,
                             self.before_hash, self.before_text, self.after_text)

    def apply_to(self, entries: Sequence[str]) -> list[str] | None:
        """The store this change makes from `entries`, or None when `entries` is not the store
        it was made against (checked by hash, so the result is exact)."""
        if store_hash(entries) != self.before_hash:
            return None
        end = self.at + len(self.before)
        if list(entries[self.at:end]) != self.before:
            return None
        out = [*entries[:self.at], *self.after, *entries[end:]]
        return out if store_hash(out) == self.after_hash else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"target": self.target, "at": self.at, "before": self.before,
                                "after": self.after, "before_hash": self.before_hash,
                                "after_hash": self.after_hash}
        if self.before_text is not None:
            data["before_text"] = self.before_text
        if self.after_text is not None:
            data["after_text"] = self.after_text
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> JournalChange:
        target, before, after = str(data["target"]), list(data["before"]), list(data["after"])
        if not all(isinstance(e, str) for e in before + after):
            raise TypeError("journal entries must be strings")
        if "before_hash" not in data:  # an old whole-store record: keep only what changed
            return cls.between(target, before, after)
        texts = [data.get(k) for k in ("after_text", "before_text")]
        after_text, before_text = (t if isinstance(t, str) else None for t in texts)
        return cls(target, before, after, int(data["at"]), str(data["before_hash"]),
                   str(data["after_hash"]), after_text, before_text)


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
            "changes": [c.to_json() for c in self.changes],
            "undoes": self.undoes,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> JournalEntry:
        return cls(
            id=str(data["id"]), time=str(data.get("time", "")), origin=str(data.get("origin", "")),
            session_id=data.get("session_id"), action=str(data.get("action", "")),
            summary=str(data.get("summary", "")),
            changes=[JournalChange.from_json(c) for c in data.get("changes", [])],
            undoes=data.get("undoes"),
        )


@dataclass(frozen=True)
class Void:
    """A line saying that record `record_id`'s change to `target` never reached its store."""

    record_id: str
    target: str

    def to_json(self) -> dict[str, str]:
        return {"void": self.record_id, "target": self.target}


def entry_hash(entry: str) -> str:
    """A short fingerprint of one entry's text (what a confirmation names)."""
    return hashlib.sha256(entry.encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass(frozen=True)
class Confirmation:
    """A line saying that entries of `target` were re-stated at `time` without changing the
    store (an add refused as already there, a replace that kept the entry, an approval that
    found it so). It names the entries by hash, so it costs the same whatever their size."""

    time: str  # ISO 8601, UTC
    target: str
    entries: tuple[str, ...]  # entry_hash of each confirmed entry
    origin: str = ""
    session_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"confirm": self.target, "time": self.time, "entries": list(self.entries),
                "origin": self.origin, "session_id": self.session_id}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Confirmation:
        hashes = data.get("entries") or []
        if not isinstance(hashes, list) or not all(isinstance(h, str) for h in hashes):
            raise TypeError("a confirmation names entries by hash")
        session = data.get("session_id")
        return cls(str(data["time"]), str(data["confirm"]), tuple(hashes),
                   str(data.get("origin") or ""), None if session is None else str(session))


def parse_line(data: Any) -> JournalEntry | Void | Confirmation:
    """A journal line's JSON as a record, a void line or a confirmation; raises on anything
    else."""
    if not isinstance(data, dict):
        raise TypeError("a journal line must be a JSON object")
    if "void" in data:
        return Void(str(data["void"]), str(data["target"]))
    if "confirm" in data:
        return Confirmation.from_json(data)
    return JournalEntry.from_json(data)
