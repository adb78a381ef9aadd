"""Consolidating a nearly full store: one staged change holding the whole new store text.

A draft (from the review) is never applied at once. It is staged as ONE pending record
whose before/after are the whole store texts, so `hermes memory pending` and the pane show
it as a unified diff, approval applies exactly the draft (refusing when the store changed
since), and one `hermes memory undo` restores the store.

Every entry of the draft goes through the scan (a block refuses the draft). An entry the old
store does not support (a name, number, host or path it does not hold, or words it never
used) is flagged and named in the record: a consolidation may merge and shorten, it may not
bring in anything new.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, UTC
from pathlib import Path

from hermes import paths
from hermes.config import MemoryConfig, write_private_file
from hermes.memory.ages import parse_time
from hermes.memory.apply import read_targets
from hermes.memory.edits import Operation, Plan, Refusal, plan_operations
from hermes.memory.memory_files import (
    char_limit,
    ensure_memories_dir,
    entries_size,
    format_count,
    has_separator_line,
    join_entries,
    store_path,
    usage_percent,
)
from hermes.memory.pending import PendingWrite, list_pending, stage
from hermes.memory.screening import Screen, flagged, rules_verdict
from hermes.security.overlap import Evidence, marks, tokens

__all__ = ["CONSOLIDATE_AT", "OFFER_EVERY", "SUPPORT_SHARE", "consolidation_pending", "mark_offered",
           "offered_recently", "stage_consolidation", "unsupported_entries", "wants_consolidation"]

OFFER_EVERY = timedelta(days=7)  # at most one draft request per store in this time
CONSOLIDATE_AT = 80  # percent of a store's limit from which a consolidation may be drafted
SUPPORT_SHARE = 0.75  # share of a draft entry's words the old store must hold
_WITHHELD = "[Entry withheld"
_AGE_TAG = re.compile(r"^\s*\[\d+\s*d\]\s*")  # the review's age tags, if a model copies them


@dataclass(frozen=True)
class DraftCheck:
    """What a draft would do: its entries, and those the old store does not support."""

    entries: list[str]
    unsupported: list[str]


def unsupported_entries(old: Sequence[str], draft: Sequence[str]) -> list[str]:
    """The draft entries the old store does not support: every mark (name, number, host,
    path) of an entry must be in the old store verbatim, and most of its words."""
    evidence = Evidence("the old store", join_entries(old))
    kept = set(old)
    out = []
    for entry in draft:
        if entry in kept:
            continue
        if evidence.supports(tokens(entry), marks(entry)) < SUPPORT_SHARE:
            out.append(entry)
    return out


def clean_draft(texts: Sequence[object]) -> list[str]:
    """The draft's entries as a store would hold them: strings only, stripped, age tags and
    placeholders of withheld entries dropped, duplicates once."""
    out: list[str] = []
    for text in texts:
        if not isinstance(text, str):
            continue
        entry = _AGE_TAG.sub("", text.replace("\r\n", "\n")).strip()
        if entry and not entry.startswith(_WITHHELD) and not has_separator_line(entry):
            out.append(entry)
    return list(dict.fromkeys(out))


def _offers_path() -> Path:
    return paths.memories_dir() / "consolidation.json"


def offered_recently(target: str, now: datetime | None = None) -> bool:
    """Whether a draft of `target` was asked for within OFFER_EVERY (one request a week per
    store at most, whatever came of it)."""
    try:
        data = json.loads(paths.read_regular_bytes(_offers_path()).decode("utf-8"))
        when = parse_time(str(data.get(target) or ""))
    except (OSError, ValueError, AttributeError):
        return False
    return when is not None and (now or datetime.now(UTC)) - when < OFFER_EVERY


def mark_offered(target: str) -> None:
    """Remember that a draft of `target` was asked for now."""
    try:
        data = json.loads(paths.read_regular_bytes(_offers_path()).decode("utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    data[target] = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    ensure_memories_dir()
    write_private_file(_offers_path(), json.dumps(data))


def consolidation_pending(target: str) -> PendingWrite | None:
    """The consolidation of `target` waiting for approval, if any."""
    for record in list_pending():
        if any(c.action == "consolidate" and c.target == target for c in record.changes):
            return record
    return None


def wants_consolidation(cfg: MemoryConfig, target: str, entries: Sequence[str]) -> bool:
    """Whether `target` is full enough for a draft and none waits already."""
    used = entries_size(entries)
    return (len(entries) > 1 and usage_percent(used, char_limit(cfg, target)) >= CONSOLIDATE_AT
            and consolidation_pending(target) is None)


def check_draft(cfg: MemoryConfig, target: str, old: list[str], draft: Sequence[object],
                screen: Screen = rules_verdict) -> tuple[DraftCheck, Plan]:
    """Validate a draft against the store `old`; raises Refusal saying why it is not staged."""
    entries = clean_draft(draft)
    name = store_path(target).name
    limit = char_limit(cfg, target)
    used = entries_size(old)
    if usage_percent(used, limit) < CONSOLIDATE_AT:
        raise Refusal(f"{name} is at {usage_percent(used, limit)}% of its limit; a consolidation "
                      f"is drafted only from {CONSOLIDATE_AT}%.")
    if not entries or entries == old:
        raise Refusal(f"The draft leaves {name} as it is; nothing to consolidate.")
    if entries_size(entries) >= used:
        raise Refusal(f"The draft of {name} is not shorter ({format_count(entries_size(entries))} "
                      f"chars, now {format_count(used)}); a consolidation must free room.")
    op = Operation("consolidate", target, join_entries(entries), join_entries(old), exact=True)
    plan = plan_operations([op], {target: old}, {target: limit}, screen)  # BLOCK raises
    return DraftCheck(entries, unsupported_entries(old, entries)), plan


def stage_consolidation(cfg: MemoryConfig, target: str, draft: Sequence[object], *, origin: str,
                        session_id: str | None, screen: Screen = rules_verdict,
                        why: str = "") -> PendingWrite:
    """Stage `draft` (the new store's entries) as one pending change of `target`; never
    applies it. Raises Refusal when it is not a consolidation worth showing (store under
    80 %, nothing changes, not shorter, a blocked entry, one already waiting)."""
    waiting = consolidation_pending(target)
    if waiting is not None:
        raise Refusal(f"A consolidation of {store_path(target).name} already waits ({waiting.id}).")
    old = read_targets(cfg, [target])[target]
    checked, plan = check_draft(cfg, target, old, draft, screen)
    name, limit = store_path(target).name, char_limit(cfg, target)
    reason = (f"consolidation of {name} at {usage_percent(entries_size(old), limit)}% of its "
              f"limit: {len(old)} entries → {len(checked.entries)}, "
              f"{format_count(entries_size(old))} → {format_count(entries_size(checked.entries))}"
              " chars")
    if why:
        reason += f" ({why})"
    if checked.unsupported:
        reason += (f"; {len(checked.unsupported)} entr"
                   f"{'y' if len(checked.unsupported) == 1 else 'ies'} not in the old store "
                   "(flagged: read them before approving)")
    scan_flagged = any(c.verdict is not None and flagged(c.verdict) for c in plan.changes)
    op = Operation("consolidate", target, join_entries(checked.entries), join_entries(old),
                   exact=True)
    return stage(plan, [op], origin=origin, session_id=session_id, reason=reason,
                 came_from="model" if checked.unsupported else "source",
                 flagged=scan_flagged or bool(checked.unsupported),
                 unsupported=checked.unsupported)
