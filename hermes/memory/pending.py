"""Write approval: staged memory writes under $HERMES_HOME/pending/memory/<id>.json.

A staged record keeps the full text of the entry each change would touch, and the reason it
waits. Approving re-runs the scan (a BLOCK refuses; a suspicious text is fine, since a person
decided) and the limit check and refuses (keeping the record) when that entry has changed
since staging, so a user never approves something other than what they saw.
"""

from __future__ import annotations

import difflib
import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hermes import paths
from hermes.config import MemoryConfig, set_config_value, write_private_file
from hermes.memory.apply import apply_operations, summarize
from hermes.memory.edits import Operation, Plan, Refusal, preview
from hermes.memory.journal import confirm, new_id, now_iso
from hermes.memory.memory_files import FILE_NAMES, char_limit, entries_size, usage_text

log = logging.getLogger("hermes.memory")

_ID = re.compile(r"^[0-9a-f]{8}$")


@dataclass(frozen=True)
class PendingChange:
    """One staged edit: `before` is the entry it changes (replace/remove), `after` the new text."""

    action: str
    target: str
    content: str
    old_text: str
    before: str | None
    after: str | None


@dataclass
class PendingWrite:
    id: str
    origin: str
    session_id: str | None
    created_at: str  # ISO 8601, UTC
    changes: list[PendingChange] = field(default_factory=list)
    reason: str = ""  # why it was staged, for the person reviewing it ("" in older records)
    came_from: str = ""  # the origin gate's kind: user, source or model ("" in older records)
    flagged: bool = False  # the scan rules or the judge found it suspicious
    # a consolidation's entries that the old store does not support (consolidation.py)
    unsupported: list[str] = field(default_factory=list)

    @property
    def origin_label(self) -> str:
        """Who stands behind the write, for a person ("the model alone")."""
        return {"user": "you", "source": "a source", "model": "the model alone"}.get(
            self.came_from, "not recorded")

    @property
    def origin_line(self) -> str:
        """Who stands behind the write and why it waits, for a person."""
        why = self.reason or "staged for approval"
        return (f"origin: {self.origin_label} — {why}"
                + (" [flagged by the security scan]" if self.flagged else ""))

    @property
    def action(self) -> str:
        return self.changes[0].action if len(self.changes) == 1 else "batch"

    @property
    def target(self) -> str:
        return "+".join(dict.fromkeys(c.target for c in self.changes))

    @property
    def summary(self) -> str:
        return summarize(self.operations())[1]

    @property
    def before(self) -> str:
        """The entry (or entries, one per line) the write changes; "" for pure adds."""
        return "\n".join(c.before for c in self.changes if c.before is not None)

    @property
    def after(self) -> str:
        """The new entry text (one per line for a batch); "" for pure removes."""
        return "\n".join(c.after for c in self.changes if c.after is not None)

    @property
    def is_consolidation(self) -> bool:
        return any(c.action == "consolidate" for c in self.changes)

    def operations(self) -> list[Operation]:
        """The edits approval applies: replace/remove name their staged entry exactly, a
        consolidation the whole store it was drafted from."""
        return [Operation(c.action, c.target, c.after or "", c.before or "",
                          exact=c.before is not None) for c in self.changes]

    def diff(self) -> str:
        """The change as a unified diff of the store file(s) (what the pane and `hermes memory
        pending` show for a consolidation); a draft's unsupported entries are marked `!`."""
        return "\n".join(change_diff(c, self.unsupported) for c in self.changes)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "origin": self.origin, "session_id": self.session_id,
                "created_at": self.created_at,
                "changes": [c.__dict__ for c in self.changes], "reason": self.reason,
                "came_from": self.came_from, "flagged": self.flagged,
                "unsupported": list(self.unsupported)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PendingWrite:
        return cls(str(data["id"]), str(data.get("origin", "")), data.get("session_id"),
                   str(data.get("created_at", "")),
                   [PendingChange(**c) for c in data.get("changes", [])],
                   str(data.get("reason") or ""), str(data.get("came_from") or ""),
                   bool(data.get("flagged", False)),
                   [str(e) for e in data.get("unsupported") or []])


@dataclass
class ApprovalOutcome:
    id: str
    success: bool
    message: str
    found: bool = True
    pending: PendingWrite | None = None


def pending_path(pending_id: str) -> Path:
    return paths.pending_memory_dir() / f"{pending_id}.json"


def stage(plan: Plan, ops: list[Operation], *, origin: str, session_id: str | None,
          reason: str = "", came_from: str = "", flagged: bool = False,
          unsupported: Sequence[str] = ()) -> PendingWrite:
    """Write a pending record for edits already validated by `plan`; `reason` says why it
    waits (the origin, the scan's finding, or the approval setting), `came_from` is the
    origin gate's kind and `flagged` whether the scan or the judge found it suspicious."""
    changes = [PendingChange(op.action, op.target, op.content, op.old_text, ch.before, ch.after)
               for op, ch in zip(ops, plan.changes, strict=True)]
    paths.ensure_dir(paths.hermes_home())
    paths.ensure_dir(paths.pending_memory_dir().parent)
    paths.ensure_dir(paths.pending_memory_dir())
    while True:
        record = PendingWrite(new_id(), origin, session_id, now_iso(precise=True), changes,
                              reason or "staged for approval", came_from, flagged,
                              list(unsupported))
        if not pending_path(record.id).exists():
            break
    write_private_file(pending_path(record.id), json.dumps(record.to_json(), ensure_ascii=False,
                                                           indent=1))
    return record


def _load(path: Path) -> PendingWrite | None:
    try:
        return PendingWrite.from_json(json.loads(paths.read_regular_bytes(path).decode("utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("skipping unreadable pending memory record %s: %s", path.name, exc)
        return None


def list_pending(cfg: MemoryConfig | None = None) -> list[PendingWrite]:
    """Staged writes, oldest first."""
    folder = paths.pending_memory_dir()
    if not folder.is_dir() or folder.is_symlink():
        return []
    records = [r for p in folder.glob("*.json") if _ID.match(p.stem) and (r := _load(p))]
    return sorted(records, key=lambda r: (r.created_at, r.id))


def pending_count(cfg: MemoryConfig | None = None) -> int:
    """How many writes wait for approval (cheap: counts files)."""
    folder = paths.pending_memory_dir()
    if not folder.is_dir():
        return 0
    return sum(1 for p in folder.glob("*.json") if _ID.match(p.stem))


def _resolve(id_or_all: str) -> tuple[list[PendingWrite], list[ApprovalOutcome]]:
    """Records named by an id, a unique id prefix (4+ hex digits) or 'all'."""
    records = list_pending()
    key = id_or_all.strip().lower()
    if key == "all":
        return records, []
    hits = [r for r in records if r.id == key] or (
        [r for r in records if r.id.startswith(key)] if len(key) >= 4 else [])
    if len(hits) == 1:
        return hits, []
    why = "matches several pending writes" if hits else "is not a pending memory write"
    return [], [ApprovalOutcome(id_or_all, False, f"{id_or_all!r} {why}; see `hermes memory "
                                "pending`.", found=False)]


def _approve_one(cfg: MemoryConfig, record: PendingWrite) -> ApprovalOutcome:
    path = pending_path(record.id)
    ops = record.operations()
    targets = sorted({op.target for op in ops})

    def still_pending() -> None:
        # Checked under the store locks, so two approvers never both apply one record.
        if not path.exists():
            raise _Gone()

    try:
        applied = apply_operations(cfg, ops, origin="approval", session_id=record.session_id,
                                   guard=still_pending,
                                   on_applied=lambda: path.unlink(missing_ok=True))
    except _Gone:
        return ApprovalOutcome(record.id, False, f"{record.id} was already handled.", found=False)
    except Refusal as exc:
        return ApprovalOutcome(record.id, False, f"Not approved {record.id}: "
                               f"{exc.payload['error']} The write stays pending; reject it with "
                               f"`/memory reject {record.id}`.", pending=record)
    usage = "; ".join(f"{t} {usage_text(entries_size(applied.plan.after[t]), char_limit(cfg, t))}"
                      for t in targets)
    if applied.journal is None:  # the person re-stated what memory already holds
        for target in targets:
            confirm(target, [c.after for c in record.changes if c.target == target and c.after],
                    origin="approval", session_id=record.session_id)
    done = "applied" if applied.journal else "nothing to change (already so)"
    return ApprovalOutcome(record.id, True, f"Approved {record.id}: {record.summary} — {done} "
                           f"({usage}).", pending=record)


class _Gone(Exception):
    """The pending record disappeared (another approver or a reject got there first)."""


def approve(cfg: MemoryConfig, id_or_all: str) -> list[ApprovalOutcome]:
    """Apply staged writes (re-checking scan, limit and the staged entry); one outcome each."""
    records, errors = _resolve(id_or_all)
    if errors:
        return errors
    if not records:
        return [ApprovalOutcome("all", True, "No pending memory writes.", found=False)]
    return [_approve_one(cfg, r) for r in records]


def reject(cfg: MemoryConfig, id_or_all: str) -> list[ApprovalOutcome]:
    """Drop staged writes without applying them."""
    records, errors = _resolve(id_or_all)
    if errors:
        return errors
    if not records:
        return [ApprovalOutcome("all", True, "No pending memory writes.", found=False)]
    out = []
    for r in records:
        pending_path(r.id).unlink(missing_ok=True)
        out.append(ApprovalOutcome(r.id, True, f"Rejected {r.id}: {r.summary}", pending=r))
    return out


def set_write_approval(cfg: MemoryConfig, on: bool) -> str:
    """Persist memory.write_approval in config.yaml and apply it to `cfg`; returns a message."""
    set_config_value("memory.write_approval", bool(on))
    cfg.write_approval = bool(on)
    if on:
        return "Write approval on: memory writes are staged until you approve them."
    return ("Write approval off: memory writes apply at once (writes the scan finds suspicious "
            "still wait for approval).")


def change_diff(change: PendingChange, unsupported: Sequence[str] = ()) -> str:
    """One change as a unified diff of its store file: the whole store for a consolidation,
    the entry for the others."""
    name = FILE_NAMES.get(change.target, change.target)
    before, after = (change.before or "").splitlines(), (change.after or "").splitlines()
    lines = list(difflib.unified_diff(before, after, f"{name} (now)", f"{name} (proposed)",
                                      lineterm="", n=1 if change.action == "consolidate" else 3))
    if unsupported:
        lines += [f"! not in the old store: {preview(e)}" for e in unsupported]
    return "\n".join(lines)


def describe_change(change: PendingChange, unsupported: Sequence[str] = ()) -> str:
    """Before/after lines for a pending list (a unified diff for a consolidation)."""
    if change.action == "consolidate":
        return change_diff(change, unsupported)
    if change.action == "add":
        return f"+ {preview(change.after or '')}"
    if change.action == "remove":
        return f"- {preview(change.before or '')}"
    return f"- {preview(change.before or '')}\n+ {preview(change.after or '')}"
