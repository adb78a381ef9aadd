"""Pure planning of memory edits: validate operations and compute the stores they produce.

Nothing here touches the disk. A refused edit raises `Refusal`, whose payload is the JSON
result the model (or `--json`) receives, so every caller reports errors the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hermes.memory.screening import Screen, category_of, reason_of, rules_verdict
from hermes.memory.memory_files import (
    TARGETS,
    entries_size,
    format_count,
    has_separator_line,
    parse_entries,
    target_label,
)
from hermes.memory.withhold import capped_previews, capped_view, preview
from hermes.security.scan import ALLOW, BLOCK, Verdict, stricter

ACTIONS = ("add", "replace", "remove")
__all__ = ["ACTIONS", "Change", "Operation", "Plan", "Refusal", "plan_operations", "preview"]


class Refusal(Exception):
    """A write that is not done; `payload` is the tool's JSON error result."""

    def __init__(self, error: str, **extra: Any) -> None:
        super().__init__(error)
        self.payload: dict[str, Any] = {"success": False, "error": error, **extra}


class OverLimit(Refusal):
    """A write refused because the store would exceed its limit."""


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
    """What one operation did: the entry before (replace/remove) and after (add/replace),
    and the security verdict of its new text (removes have none to scan)."""

    action: str
    target: str
    before: str | None
    after: str | None
    changed: bool
    verdict: Verdict | None = None


@dataclass
class Plan:
    """The stores before and after a list of operations (only touched targets)."""

    before: dict[str, list[str]]
    after: dict[str, list[str]]
    changes: list[Change] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(self.before[t] != self.after[t] for t in self.after)

    @property
    def outcome(self) -> str:
        """The strictest verdict over the changes: a batch is as strict as its worst text."""
        outcome = ALLOW
        for change in self.changes:
            if change.verdict is not None:
                outcome = stricter(outcome, change.verdict.outcome)
        return outcome

    @property
    def reason(self) -> str:
        """Why the plan is staged or blocked (the deciding change's reason)."""
        for change in self.changes:
            if change.verdict is not None and change.verdict.outcome == self.outcome:
                return reason_of(change.verdict)
        return ""


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
    return text


def entries_payload(entries: Sequence[str], limit: int) -> dict[str, Any]:
    """`current_entries` for an error: withheld entries as placeholders, at most `limit` chars,
    and how many were left out (so a 1 MB hand-edited store never floods the model)."""
    view = capped_view(entries, limit)
    payload: dict[str, Any] = {"current_entries": view.entries}
    if view.left_out:
        payload["entries_left_out"] = view.left_out
    return payload


def find_entry(entries: Sequence[str], old_text: str, target: str, exact: bool = False,
               limit: int = 2200) -> int:
    """Index of the one entry `old_text` identifies: equality wins, else a unique substring."""
    try:
        return entries.index(old_text)  # the first equal entry, found in C
    except ValueError:
        pass
    if exact:
        raise Refusal(f"The entry staged for this change is no longer in {target_label(target).lower()}"
                      " (it was edited or removed since); nothing was changed.",
                      **entries_payload(entries, limit))
    hits = [i for i, entry in enumerate(entries) if old_text in entry]
    if not hits:
        raise Refusal(f"No entry in {target} contains {preview(old_text, 40)!r}. "
                      "Use a substring copied from one of the current entries.",
                      **entries_payload(entries, limit))
    if len(hits) > 1:
        view = capped_previews([entries[i] for i in hits], limit)
        extra: dict[str, Any] = {"matches": view.entries}
        if view.left_out:
            extra["matches_left_out"] = view.left_out
        raise Refusal(f"{preview(old_text, 40)!r} matches {len(hits)} entries in {target}; "
                      "use a longer substring that appears in only one of them.", **extra)
    return hits[0]


def _screened(text: str, screen: Screen) -> Verdict:
    """The verdict of a new text; BLOCK refuses the whole call at once."""
    verdict = screen(text)
    if verdict.outcome == BLOCK:
        raise Refusal(f"Blocked by the security scan: {reason_of(verdict)}. Nothing was written; "
                      "memory is injected into the system prompt, so it must not carry "
                      "instructions, secrets or hidden characters.",
                      category=category_of(verdict))
    return verdict


def _consolidate(entries: list[str], op: Operation, screen: Screen, limit: int) -> Change:
    """Replace the whole store by a staged draft (hermes/memory/consolidation.py); only when
    the store still holds exactly what the draft was made from."""
    if parse_entries(op.old_text) != entries:
        raise Refusal(f"{target_label(op.target)} changed since this consolidation was drafted "
                      "(a hand edit or a later write); nothing was changed. Reject it; the "
                      "review drafts a new one when the store is full again.",
                      **entries_payload(entries, limit))
    new = parse_entries(op.content)
    verdict: Verdict | None = None
    for text in new:
        if text in entries:
            continue  # kept as it was: already in memory
        got = _screened(text, screen)
        if verdict is None or stricter(got.outcome, verdict.outcome) != verdict.outcome:
            verdict = got  # the draft is as strict as its worst new entry
    changed = new != entries
    entries[:] = new
    return Change("consolidate", op.target, op.old_text, op.content, changed, verdict)


def _apply(entries: list[str], op: Operation, screen: Screen, limit: int) -> Change:
    """Apply one validated operation to `entries` in place."""
    if op.action == "consolidate":
        return _consolidate(entries, op, screen, limit)
    if op.action == "add":
        text = check_content(op.content, "add")
        verdict = _screened(text, screen)
        if text in entries:
            return Change("add", op.target, None, text, False, verdict)
        entries.append(text)
        return Change("add", op.target, None, text, True, verdict)
    if not isinstance(op.old_text, str) or not op.old_text.strip():
        raise Refusal(f"old_text is required for {op.action}: a short substring that identifies "
                      "exactly one existing entry.")
    old_text = op.old_text if op.exact else op.old_text.strip()
    if op.action == "replace":
        text = check_content(op.content, "replace")
        verdict = _screened(text, screen)
        i = find_entry(entries, old_text, op.target, op.exact, limit)
        before = entries[i]
        if before == text:
            return Change("replace", op.target, before, text, False, verdict)
        entries[i] = text
        # A replacement equal to another entry would be a duplicate; keep the first.
        deduped = list(dict.fromkeys(entries))
        entries[:] = deduped
        return Change("replace", op.target, before, text, True, verdict)
    i = find_entry(entries, old_text, op.target, op.exact, limit)
    before = entries.pop(i)
    return Change("remove", op.target, before, None, True)


def new_texts(ops: Sequence[Operation]) -> list[str]:
    """The entry texts `ops` would store (what the scan looks at); invalid ones are skipped."""
    out = []
    for op in ops:
        if op.action in ("add", "replace") and isinstance(op.content, str):
            text = op.content.replace("\r\n", "\n").strip()
            if text:
                out.append(text)
    return out


def refuse_oversized(ops: Sequence[Operation], stores: Mapping[str, list[str]],
                     limits: Mapping[str, int]) -> None:
    """Refuse at once (before any scan) a new text longer than its store's whole limit."""
    for n, op in enumerate(ops, 1):
        if op.action not in ("add", "replace") or not isinstance(op.content, str):
            continue
        text = op.content.replace("\r\n", "\n").strip()
        limit = limits[op.target]
        if len(text) <= limit:
            continue
        current = stores[op.target]
        used = entries_size(current)
        exc = _over_limit(op, op.target, current, used, limit, used + len(text), text)
        if len(ops) > 1:
            exc.payload["error"] = (f"Operation {n} ({op.action} {op.target}): "
                                    f"{exc.payload['error']} None of the operations were applied.")
            exc.payload["failed_operation"] = n
        raise exc


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
    return OverLimit(head + body, **entries_payload(current, limit), usage=usage_fraction(used, limit))


def plan_operations(ops: Sequence[Operation], stores: Mapping[str, list[str]],
                    limits: Mapping[str, int], screen: Screen = rules_verdict) -> Plan:
    """Apply `ops` to copies of `stores`; only each target's final size is limit-checked.

    Every new text gets `screen`'s verdict (recorded per change; BLOCK refuses). A store may
    already be over its limit (hand edits); edits that do not grow it still pass.
    """
    before = {t: list(stores[t]) for t in TARGETS if t in stores}
    after = {t: list(v) for t, v in before.items()}
    changes: list[Change] = []
    many = len(ops) > 1
    for n, op in enumerate(ops, 1):
        try:
            changes.append(_apply(after[op.target], op, screen, limits[op.target]))
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
