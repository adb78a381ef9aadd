"""Applying planned edits to disk: scan first, then lock → re-read → check → journal → write.

The scan (and an optional judge) can take a while, so it runs before the lock: the lock is
held only to re-read the stores, confirm they still equal what was planned against (else
plan again, with the verdicts already cached), journal the change and write the files.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hermes import paths

from hermes.config import MemoryConfig
from hermes.memory.edits import Operation, Plan, Refusal, new_texts, plan_operations, preview
from hermes.memory.journal import JournalEntry, JournalUnwritable, commit, journal_path, new_entry
from hermes.memory.journal_records import JournalChange
from hermes.memory.screening import Screen, rules_verdict
from hermes.memory.memory_files import (
    StoreUnreadable,
    char_limit,
    join_entries,
    locked,
    parse_entries,
    read_entries,
    store_path,
)


@dataclass
class Applied:
    plan: Plan
    journal: JournalEntry | None  # None when nothing changed


def read_targets(cfg: MemoryConfig, targets: Sequence[str]) -> dict[str, list[str]]:
    """Entries of each target, or a Refusal when a file cannot be read (never treated as empty)."""
    out: dict[str, list[str]] = {}
    for target in targets:
        try:
            out[target] = read_entries(cfg, target)
        except StoreUnreadable as exc:
            raise Refusal(f"Cannot write: {exc}. Nothing was changed; fix or move "
                          f"{store_path(target).name} aside.") from None
    return out


def limits_for(cfg: MemoryConfig, targets: Sequence[str]) -> dict[str, int]:
    return {t: char_limit(cfg, t) for t in targets}


def plan_now(cfg: MemoryConfig, ops: Sequence[Operation], screen: Screen = rules_verdict) -> Plan:
    """Plan against the stores as they are on disk now, without the lock (scans every text)."""
    targets = sorted({op.target for op in ops})
    return plan_operations(ops, read_targets(cfg, targets), limits_for(cfg, targets), screen)


def summarize(ops: Sequence[Operation]) -> tuple[str, str]:
    """(action, one-line summary) for the journal and pending lists."""
    if len(ops) == 1 and ops[0].action == "consolidate":
        op = ops[0]
        old, new = parse_entries(op.old_text), parse_entries(op.content)
        return op.action, f"consolidate {op.target}: {len(old)} entries → {len(new)}"
    if len(ops) == 1:
        op = ops[0]
        text = op.content if op.action != "remove" else op.old_text
        return op.action, f"{op.action} {op.target}: {preview(text, 50)!r}"
    parts = ", ".join(f"{op.action} {op.target}" for op in ops)
    return "batch", f"batch ({parts})"


def _keep_file_text(change: JournalChange, store: Sequence[str]) -> JournalChange:
    """A consolidation rewrites the whole file: keep its text as it was when it is more than
    the entries joined (a hand edit's blank lines, a BOM), so one undo restores it exactly."""
    try:
        raw = paths.read_regular_bytes(store_path(change.target)).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return change
    if raw == join_entries(store):
        return change
    return dataclasses.replace(change, before_text=raw)


def apply_operations(cfg: MemoryConfig, ops: Sequence[Operation], *, origin: str,
                     session_id: str | None, guard: Callable[[], None] | None = None,
                     on_applied: Callable[[], None] | None = None,
                     screen: Screen = rules_verdict, planned: Plan | None = None) -> Applied:
    """Apply all of `ops` or none; raises Refusal with the tool's JSON error payload.

    `planned` is a plan made (and scanned) before the lock; it is used as is when the stores
    still equal its `before`. `guard` runs first under the locks (it may raise Refusal);
    `on_applied` runs under the locks after a successful apply (approvals use both to claim
    their record exactly once).
    """
    targets = sorted({op.target for op in ops})
    limits = limits_for(cfg, targets)
    if planned is None:
        for text in new_texts(ops):  # scan before the lock; planning below hits the cache
            screen(text)
    with locked(targets):
        if guard:
            guard()
        stores = read_targets(cfg, targets)
        if planned is not None and all(planned.before.get(t) == stores[t] for t in targets):
            plan = planned
        else:
            plan = plan_operations(ops, stores, limits, screen)
        if not plan.changed:
            if on_applied:
                on_applied()
            return Applied(plan, None)
        touched = [t for t in targets if plan.before[t] != plan.after[t]]
        action, summary = summarize(ops)
        changes = [JournalChange.between(t, plan.before[t], plan.after[t]) for t in touched]
        if any(op.action == "consolidate" for op in ops):
            changes = [_keep_file_text(c, plan.before[c.target]) for c in changes]
        entry = new_entry(origin, session_id, action, summary, changes)
        try:
            # The journal line is fsynced before the store is renamed into place: a kill -9
            # between the two leaves a line whose store still reads "before", which the next
            # writer then voids.
            # plan.before equals `stores` (checked above or planned from them): the changes'
            # before-hashes are the hashes of the stores as read under the lock
            commit(entry, plan.after, stores, {c.target: c.before_hash for c in changes})
        except JournalUnwritable as exc:
            raise Refusal(f"Cannot record the change in the memory journal ({exc}). Nothing was "
                          f"changed; fix or move {journal_path()} aside.") from None
        if on_applied:
            on_applied()
    return Applied(plan, entry)
