"""Stale entries and full stores: what the review is told, and the reasons its proposals carry.

An entry is stale when nobody has written or confirmed it for longer than
`memory.stale_after` (ages.py). A store is full from 80 % of its limit. The review may then
propose to retire, merge or rewrite entries; such proposals are always staged with their
reason, never applied silently. A new fact that does not fit a full store gets a proposal
that makes room for it (`room_for`): the entries least recently confirmed go first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, UTC

from hermes.config import MemoryConfig
from hermes.memory.ages import EntryAge, age_line
from hermes.memory.memory_files import (
    char_limit,
    entries_size,
    format_count,
    store_path,
    usage_percent,
)
from hermes.memory.withhold import preview

__all__ = ["FULL_AT", "StoreHealth", "full_reason", "room_for", "room_reason", "stale_reason",
           "store_health"]

FULL_AT = 80  # percent of the limit from which a store counts as full


@dataclass(frozen=True)
class StoreHealth:
    """One store's fill and its stale entries (least recently confirmed first)."""

    target: str
    percent: int
    stale: list[EntryAge]
    ages: list[EntryAge]  # every entry's, in store order

    @property
    def full(self) -> bool:
        return self.percent >= FULL_AT


def _staleness_key(age: EntryAge) -> datetime:
    # an entry of unknown age counts as the oldest
    return age.confirmed or datetime.min.replace(tzinfo=UTC)


def store_health(cfg: MemoryConfig, ages: Mapping[str, Sequence[EntryAge]],
                 now: datetime | None = None) -> dict[str, StoreHealth]:
    """Fill and stale entries of each store in `ages` (target → its entries' ages)."""
    out: dict[str, StoreHealth] = {}
    for target, store in ages.items():
        used = entries_size([a.entry for a in store])
        stale = sorted((a for a in store if a.is_stale(cfg.stale_days, now)), key=_staleness_key)
        out[target] = StoreHealth(target, usage_percent(used, char_limit(cfg, target)), stale,
                                  list(store))
    return out


def room_for(text: str, ages: Sequence[EntryAge], limit: int) -> list[str] | None:
    """The fewest entries, least recently confirmed first, whose removal lets `text` join
    the store within `limit`; None when even an empty store could not hold it."""
    if len(text) > limit:
        return None
    kept = [a.entry for a in ages]
    retired: list[str] = []
    for age in sorted(ages, key=_staleness_key):
        if entries_size([*kept, text]) <= limit:
            break
        kept.remove(age.entry)
        retired.append(age.entry)
    return retired if entries_size([*kept, text]) <= limit else None


def _stale_after(cfg: MemoryConfig) -> str:
    return f"{cfg.stale_days} days"


def stale_reason(cfg: MemoryConfig, age: EntryAge, why: str, when: datetime | None = None) -> str:
    """"older than 90 days and contradicted by the session of 2026-11-30: …"."""
    day = (when or datetime.now(UTC)).strftime("%Y-%m-%d")
    reason = (f"not confirmed for more than {_stale_after(cfg)} ({age_line(age, when)}) and "
              f"contradicted by the session of {day}")
    return f"{reason}: {why}" if why else reason


def full_reason(cfg: MemoryConfig, target: str, entries: Sequence[str], why: str) -> str:
    """"MEMORY.md at 86% of its limit: …"."""
    pct = usage_percent(entries_size(entries), char_limit(cfg, target))
    reason = f"{store_path(target).name} at {pct}% of its limit, proposed to free room"
    return f"{reason}: {why}" if why else reason


def room_reason(cfg: MemoryConfig, target: str, entries: Sequence[str],
                retired: Sequence[EntryAge], text: str) -> str:
    """Why a make-room proposal waits: the store is full, and what it would retire."""
    used, limit = entries_size(entries), char_limit(cfg, target)
    which = "; ".join(f"{preview(a.entry, 50)!r} ({age_line(a)})" for a in retired)
    return (f"{store_path(target).name} is full ({format_count(used)}/{format_count(limit)} chars): "
            f"to make room for {preview(text, 50)!r}, retire the "
            f"entr{'y' if len(retired) == 1 else 'ies'} least recently confirmed: {which}")
