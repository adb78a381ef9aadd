"""The review's retire, merge and rewrite proposals: which of its changes wait, and why.

A replace or remove that touches a stale entry (not confirmed for longer than
memory.stale_after), any replace, remove or merge in a full store (80 % of its limit), and
every merge are staged with a reason a person reads ("not confirmed for more than 90 days …
and contradicted by the session of 2026-11-30: moved to Berlin"), never applied silently.
Other changes follow the usual path (hermes/memory/memory_tool.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hermes.config import Config

if TYPE_CHECKING:
    from hermes.memory.staleness import StoreHealth

PROPOSING = ("replace", "remove", "merge")


def _olds(op: Mapping[str, Any]) -> list[str]:
    raw = op.get("old_text")
    olds = raw if isinstance(raw, list) else [raw]
    return [str(o) for o in olds if isinstance(o, str) and o.strip()]


def proposal_reason(cfg: Config, op: Mapping[str, Any], why: str,
                    health: Mapping[str, StoreHealth]) -> str | None:
    """The reason this review change waits for the user, or None when it takes the usual path."""
    from hermes.memory.staleness import full_reason, stale_reason

    action, target = op.get("action"), str(op.get("target") or "memory")
    if action not in PROPOSING:
        return None
    why = " ".join(why.split())[:200]
    store = health.get(target)
    if store is not None:
        olds = _olds(op)
        touched = [a for a in store.ages if any(old in a.entry for old in olds)]
        stale = [a for a in store.stale if a in touched]
        if stale:
            return stale_reason(cfg.memory, stale[0], why)
        if store.full:
            return full_reason(cfg.memory, target, [a.entry for a in store.ages], why)
    if action == "merge":
        return "merge proposed by the review" + (f": {why}" if why else "")
    return None


def as_call(op: Mapping[str, Any], entries: Sequence[str] = ()) -> dict[str, Any]:
    """The memory tool call for a review change: a merge becomes one batch that replaces its
    first entry with the merged text and removes the others. Each of its old_texts is
    widened to the one entry of `entries` (the live store) it names, so the merged text,
    which holds them all, is never taken for one of them."""
    if op.get("action") != "merge":
        return dict(op)
    target = op.get("target") or "memory"
    olds = []
    for old in _olds(op):
        hits = [e for e in entries if old in e]
        olds.append(hits[0] if len(hits) == 1 else old)
    if not olds:
        return {"action": "replace", "target": target, "content": op.get("content")}
    ops: list[dict[str, Any]] = [{"action": "replace", "target": target, "old_text": olds[0],
                                  "content": op.get("content")}]
    ops += [{"action": "remove", "target": target, "old_text": o} for o in olds[1:]]
    return {"operations": ops}
