"""Applying planned edits to disk: lock → re-read → plan → atomic write → journal."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hermes.config import Config
from hermes.memory.edits import Operation, Plan, Refusal, plan_operations, preview
from hermes.memory.journal import JournalChange, JournalEntry, record_change
from hermes.memory.store import (
    StoreUnreadable,
    char_limit,
    locked,
    read_entries,
    store_path,
    write_entries_locked,
)


@dataclass
class Applied:
    plan: Plan
    journal: JournalEntry | None  # None when nothing changed


def read_targets(cfg: Config, targets: Sequence[str]) -> dict[str, list[str]]:
    """Entries of each target, or a Refusal when a file cannot be read (never treated as empty)."""
    out: dict[str, list[str]] = {}
    for target in targets:
        try:
            out[target] = read_entries(cfg, target)
        except StoreUnreadable as exc:
            raise Refusal(f"Cannot write: {exc}. Nothing was changed; fix or move "
                          f"{store_path(target).name} aside.") from None
    return out


def plan_now(cfg: Config, ops: Sequence[Operation]) -> Plan:
    """Plan against the stores as they are on disk now (no lock: used for staging)."""
    targets = sorted({op.target for op in ops})
    stores = read_targets(cfg, targets)
    return plan_operations(ops, stores, {t: char_limit(cfg, t) for t in targets})


def summarize(ops: Sequence[Operation]) -> tuple[str, str]:
    """(action, one-line summary) for the journal and pending lists."""
    if len(ops) == 1:
        op = ops[0]
        text = op.content if op.action != "remove" else op.old_text
        return op.action, f"{op.action} {op.target}: {preview(text, 50)!r}"
    parts = ", ".join(f"{op.action} {op.target}" for op in ops)
    return "batch", f"batch ({parts})"


def apply_operations(cfg: Config, ops: Sequence[Operation], *, origin: str,
                     session_id: str | None, guard: Callable[[], None] | None = None,
                     on_applied: Callable[[], None] | None = None) -> Applied:
    """Apply all of `ops` or none; raises Refusal with the tool's JSON error payload.

    `guard` runs first under the locks (it may raise Refusal); `on_applied` runs under the
    locks after a successful apply (approvals use both to claim their record exactly once).
    """
    targets = sorted({op.target for op in ops})
    with locked(targets):
        if guard:
            guard()
        stores = read_targets(cfg, targets)
        plan = plan_operations(ops, stores, {t: char_limit(cfg, t) for t in targets})
        if not plan.changed:
            if on_applied:
                on_applied()
            return Applied(plan, None)
        touched = [t for t in targets if plan.before[t] != plan.after[t]]
        for target in touched:
            write_entries_locked(target, plan.after[target])
        action, summary = summarize(ops)
        entry = record_change(origin, session_id, action, summary,
                              [JournalChange(t, plan.before[t], plan.after[t]) for t in touched])
        if on_applied:
            on_applied()
    return Applied(plan, entry)
