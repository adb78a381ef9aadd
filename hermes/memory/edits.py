"""Pure planning of memory edits: validate operations and compute the stores they produce.

Nothing here touches the disk. A refused edit raises `Refusal`, whose payload is the JSON
result the model (or `--json`) receives, so every caller reports errors the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hermes.memory.store import (
    TARGETS,
    entries_size,
    format_count,
    has_separator_line,
    target_label,
)
from hermes.security.scan import describe, first_threat

ACTIONS = ("add", "replace", "remove")
_PREVIEW = 60


class Refusal(Exception):
    """A write that is not done; `payload` is the tool's JSON error result."""

    def __init__(self, error: str, **extra: Any) -> None:
        super().__init__(error)
        self.payload: dict[str, Any] = {"success": False, "error": error, **extra}


@dataclass(frozen=True)
class Operation:
    """One requested edit. `exact` (used by approvals) matches old_text only as a whole entry."""

    action: str
    target: str
    content: str = ""
    old_text: str = ""
    exact: bool = False


@dataclass(frozen=True)
class Change:
    """What one operation did: the entry before (replace/remove) and after (add/replace)."""

    action: str
    target: str
    before: str | None
    after: str | None
    changed: bool


@dataclass
class Plan:
    """The stores before and after a list of operations (only touched targets)."""

    before: dict[str, list[str]]
    after: dict[str, list[str]]
    changes: list[Change] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(self.before[t] != self.after[t] for t in self.after)


def preview(text: str, width: int = _PREVIEW) -> str:
    """One-line preview of an entry for error messages and notices."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def usage_fraction(used: int, limit: int) -> str:
    return f"{format_count(used)}/{format_count(limit)}"


def check_content(content: str, action: str) -> str:
    """The stripped entry text, or a Refusal saying why it cannot be stored."""
    # Stored text must read back identically, so use the line endings parsing produces.
    text = content.replace("\r\n", "\n").strip() if isinstance(content, str) else ""
    if not text:
        raise Refusal(f"content is required for {action}: the full text of the entry.")
    if has_separator_line(text):
        raise Refusal("content contains a line made only of '§', which separates entries; "
                      "remove that line or split the text into separate adds.")
    threat = first_threat(text)
    if threat:
        raise Refusal(f"Blocked by the security scan: {describe(threat)}. Nothing was written; "
                      "memory is injected into the system prompt, so it must not carry "
                      "instructions, secrets or hidden characters.", category=threat.category)
    return text


def find_entry(entries: Sequence[str], old_text: str, target: str, exact: bool = False) -> int:
    """Index of the one entry `old_text` identifies: equality wins, else a unique substring."""
    for i, entry in enumerate(entries):
        if entry == old_text:
            return i
    if exact:
        raise Refusal(f"The entry staged for this change is no longer in {target_label(target).lower()}"
                      " (it was edited or removed since); nothing was changed.",
                      current_entries=list(entries))
    hits = [i for i, entry in enumerate(entries) if old_text in entry]
    if not hits:
        raise Refusal(f"No entry in {target} contains {preview(old_text, 40)!r}. "
                      "Use a substring copied from one of the current entries.",
                      current_entries=list(entries))
    if len(hits) > 1:
        raise Refusal(f"{preview(old_text, 40)!r} matches {len(hits)} entries in {target}; "
                      "use a longer substring that appears in only one of them.",
                      matches=[preview(entries[i]) for i in hits])
    return hits[0]


def _apply(entries: list[str], op: Operation) -> Change:
    """Apply one validated operation to `entries` in place."""
    if op.action == "add":
        text = check_content(op.content, "add")
        if text in entries:
            return Change("add", op.target, None, text, False)
        entries.append(text)
        return Change("add", op.target, None, text, True)
    if not isinstance(op.old_text, str) or not op.old_text.strip():
        raise Refusal(f"old_text is required for {op.action}: a short substring that identifies "
                      "exactly one existing entry.")
    old_text = op.old_text if op.exact else op.old_text.strip()
    if op.action == "replace":
        text = check_content(op.content, "replace")
        i = find_entry(entries, old_text, op.target, op.exact)
        before = entries[i]
        if before == text:
            return Change("replace", op.target, before, text, False)
        entries[i] = text
        # A replacement equal to another entry would be a duplicate; keep the first.
        deduped = list(dict.fromkeys(entries))
        entries[:] = deduped
        return Change("replace", op.target, before, text, True)
    i = find_entry(entries, old_text, op.target, op.exact)
    before = entries.pop(i)
    return Change("remove", op.target, before, None, True)


def _over_limit(op: Operation | None, target: str, current: list[str], used: int, limit: int,
                final: int, new_text: str | None) -> Refusal:
    label = target_label(target)
    head = f"{label} at {usage_fraction(used, limit)} chars."
    if op is not None and op.action == "add" and new_text is not None:
        body = (f" Adding this entry ({format_count(len(new_text))} chars) would exceed the limit."
                " Replace or remove existing entries first.")
    elif op is not None and op.action == "replace" and new_text is not None:
        body = (f" Replacing that entry with this one ({format_count(len(new_text))} chars) would "
                "exceed the limit. Shorten it, or remove other entries first.")
    else:
        body = (f" These operations would leave it at {format_count(final)} chars, over the limit."
                " Free more room in the same call (replace or remove) or shorten the new entries.")
    return Refusal(head + body, current_entries=list(current), usage=usage_fraction(used, limit))


def plan_operations(ops: Sequence[Operation], stores: Mapping[str, list[str]],
                    limits: Mapping[str, int]) -> Plan:
    """Apply `ops` to copies of `stores`; only each target's final size is limit-checked.

    A store may already be over its limit (hand edits); edits that do not grow it still pass.
    """
    before = {t: list(stores[t]) for t in TARGETS if t in stores}
    after = {t: list(v) for t, v in before.items()}
    changes: list[Change] = []
    many = len(ops) > 1
    for n, op in enumerate(ops, 1):
        try:
            changes.append(_apply(after[op.target], op))
        except Refusal as exc:
            if many:
                exc.payload["error"] = (f"Operation {n} ({op.action} {op.target}): "
                                        f"{exc.payload['error']} None of the operations were applied.")
                exc.payload["failed_operation"] = n
            raise
    for target, entries in after.items():
        used, final, limit = entries_size(before[target]), entries_size(entries), limits[target]
        if final > limit and final > used:
            touching = [op for op in ops if op.target == target]
            single = touching[0] if len(ops) == 1 else None
            new_text = next((c.after for c in changes if c.target == target and c.after), None)
            raise _over_limit(single, target, before[target], used, limit, final, new_text)
    return Plan(before, after, changes)
