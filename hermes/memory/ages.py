"""How old each memory entry is, from the change journal (pure, plus one reader).

Two dates per entry:

- **written**: when this exact text entered the store (an add, a replace that rewrote an
  entry, an approval, an import). An undo that brings an entry back, and a move to another
  store, keep the date it was first written. An entry no journal record wrote (a hand edit,
  or older than the journal) has none.
- **confirmed**: the latest of `written` and every time the entry was re-stated without a
  change: an add refused as "already there" (from the agent, the review, the CLI, a quick-add
  or a remember request), a replace whose new text is the entry itself, an approval that
  found the entry already so. The journal keeps these as confirmation lines
  (journal_records.Confirmation).

`entry_ages` is pure (records in, ages out); `read_ages` reads the journal for the viewer,
`hermes memory show --ages` and the review.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, UTC

from hermes.config import MemoryConfig
from hermes.jsontypes import JsonObject
from hermes.memory.journal_records import Confirmation, JournalEntry, entry_hash

__all__ = ["EntryAge", "age_line", "entry_ages", "parse_time", "read_ages"]


def parse_time(text: str) -> datetime | None:
    """A journal time ("2026-11-30T12:00:00Z", optionally with microseconds) as an aware
    datetime; None when it is not one."""
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


@dataclass(frozen=True)
class EntryAge:
    """One entry's dates; None where the journal does not know."""

    entry: str
    written: datetime | None
    confirmed: datetime | None

    def confirmed_days(self, now: datetime | None = None) -> int | None:
        """Whole days since the entry was last written or confirmed (None: unknown)."""
        if self.confirmed is None:
            return None
        now = now or datetime.now(UTC)
        return max(0, (now - self.confirmed).days)

    def is_stale(self, stale_days: int, now: datetime | None = None) -> bool:
        """Not confirmed for more than `stale_days` days. An entry of unknown age (a hand
        edit) is not called stale: nothing says it is old, and the review would name it on
        every turn; a full store still retires it first (staleness.room_for)."""
        days = self.confirmed_days(now)
        return days is not None and days > stale_days

    def to_json(self, now: datetime | None = None) -> JsonObject:
        return {"written": _day(self.written), "confirmed": _day(self.confirmed),
                "confirmed_days_ago": self.confirmed_days(now)}


def _day(when: datetime | None) -> str | None:
    return when.strftime("%Y-%m-%d") if when is not None else None


def _ago(days: int) -> str:
    return "today" if days == 0 else f"{days} d ago"


def age_line(age: EntryAge, now: datetime | None = None) -> str:
    """`written 2026-09-01 · confirmed 12 d ago`, for a person."""
    days = age.confirmed_days(now)
    if age.written is None and days is None:
        return "not in the journal (a hand edit, or older than the journal)"
    written = f"written {_day(age.written)}" if age.written else "written before the journal"
    return f"{written} · confirmed {_ago(days)}" if days is not None else written


def _written_dates(records: Sequence[JournalEntry]) -> dict[str, dict[str, datetime]]:
    """target → entry text → when it was written, replaying the journal oldest first."""
    live: dict[str, dict[str, datetime]] = {}
    gone: dict[str, datetime] = {}  # removed entries' dates: an undo or a move brings them back
    for record in records:
        when = parse_time(record.time)
        if when is None:
            continue
        removed_here: dict[str, datetime] = {}
        for change in record.changes:
            dates = live.setdefault(change.target, {})
            for text in change.removed:
                if text in dates:
                    removed_here[text] = gone[text] = dates.pop(text)
        for change in record.changes:
            dates = live.setdefault(change.target, {})
            for text in change.added:
                if text in removed_here:  # moved between stores in one record
                    dates[text] = removed_here[text]
                elif record.origin == "undo" and text in gone:
                    dates[text] = gone[text]
                else:
                    dates.setdefault(text, when)
    return live


def _confirmed_dates(confirmations: Sequence[Confirmation]) -> dict[tuple[str, str], datetime]:
    latest: dict[tuple[str, str], datetime] = {}
    for c in confirmations:
        when = parse_time(c.time)
        if when is None:
            continue
        for h in c.entries:
            key = (c.target, h)
            if key not in latest or when > latest[key]:
                latest[key] = when
    return latest


def entry_ages(target: str, entries: Sequence[str], records: Sequence[JournalEntry],
               confirmations: Sequence[Confirmation] = ()) -> list[EntryAge]:
    """The age of each of `entries` (one store's, in order) from journal `records` (oldest
    first, voided changes dropped) and confirmation lines."""
    return ages_of_stores({target: entries}, records, confirmations)[target]


def ages_of_stores(stores: Mapping[str, Sequence[str]], records: Sequence[JournalEntry],
                   confirmations: Sequence[Confirmation] = ()) -> dict[str, list[EntryAge]]:
    """`entry_ages` for several stores with one pass over the journal."""
    written = _written_dates(records)
    confirmed = _confirmed_dates(confirmations)
    out: dict[str, list[EntryAge]] = {}
    for target, entries in stores.items():
        dates = written.get(target, {})
        ages = []
        for entry in entries:
            wrote = dates.get(entry)
            again = confirmed.get((target, entry_hash(entry)))
            known = [d for d in (wrote, again) if d is not None]
            ages.append(EntryAge(entry, wrote, max(known) if known else None))
        out[target] = ages
    return out


def read_ages(cfg: MemoryConfig | None, stores: Mapping[str, Sequence[str]]
              ) -> dict[str, list[EntryAge]]:
    """The ages of the entries in `stores` (target → entries as read), from the journal on
    disk. Never raises for a missing journal (every age is then unknown)."""
    from hermes.memory.journal_reading import journal_lock, read_journal

    with journal_lock():
        read = read_journal()
    return ages_of_stores(stores, read.records, read.confirmations)
