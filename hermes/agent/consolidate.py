"""The review's consolidation draft: when a store is over 80 % full, ask the review model
once for a shorter version of it, and stage that as one change (hermes/memory/consolidation.py).

It is a request of its own (hermes/agent/background.py sends it after the review), at most
once a week per store and not while a draft of that store waits, so the per-turn review stays
small: the whole store is sent only here.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from hermes.agent.events import ApprovalStaged, Event
from hermes.config import Config

if TYPE_CHECKING:
    from hermes.memory.memory_tool import MemoryTool
    from hermes.memory.staleness import StoreHealth

log = logging.getLogger("hermes.agent.background")

CONSOLIDATE_PROMPT = """\
This memory store is nearly full. Rewrite it shorter: merge duplicate and overlapping \
entries, drop what is superseded, keep every lasting fact in the entries' own words, add \
nothing new. [Nd] = days since an entry was confirmed. Reply only with a JSON list of the new \
entries' texts, or [] to keep the store as it is."""


def due(cfg: Config, health: Mapping[str, StoreHealth]) -> str | None:
    """The fullest store that may get a draft now, or None."""
    from hermes.memory.consolidation import offered_recently, wants_consolidation

    ready = [h for h in health.values()
             if wants_consolidation(cfg.memory, h.target, [a.entry for a in h.ages])
             and not offered_recently(h.target)]
    return max(ready, key=lambda h: h.percent).target if ready else None


def _store_text(store: StoreHealth) -> str:
    from hermes.memory.withhold import shown

    lines = []
    for age in store.ages:
        days = age.confirmed_days()
        lines.append(f"[{days if days is not None else '?'}d] {shown(age.entry)}")
    return "\n§\n".join(lines)


def draft_request(cfg: Config, health: Mapping[str, StoreHealth]
                  ) -> tuple[str, list[dict[str, str]]] | None:
    """(target, messages) of the draft request for the fullest due store, or None. Marks the
    store as offered: a model that fails is not asked again every turn."""
    from hermes.memory.consolidation import mark_offered

    target = due(cfg, health)
    if target is None:
        return None
    mark_offered(target)
    return target, [{"role": "system", "content": CONSOLIDATE_PROMPT},
                    {"role": "user", "content": _store_text(health[target])}]


def _entries_of(reply: str) -> list[object]:
    """The JSON list of a draft reply (in a code fence or among chatter); [] when none."""
    start, end = reply.find("["), reply.rfind("]")
    if start < 0 or end < start:
        return []
    try:
        value = json.loads(reply[start:end + 1])
    except json.JSONDecodeError:
        return []
    return list(value) if isinstance(value, list) else []


def stage_draft(cfg: Config, memory_tool: MemoryTool, emit: Callable[[Event], None], target: str,
                reply: str) -> str | None:
    """Stage the reply's draft of `target` as one pending change; its id, or None when the
    reply holds no usable draft (logged)."""
    from hermes.memory.consolidation import stage_consolidation
    from hermes.memory.edits import Refusal

    entries = _entries_of(reply)
    if not entries:
        return None
    try:
        record = stage_consolidation(cfg.memory, target, entries, origin="review",
                                     session_id=memory_tool.session_id, screen=memory_tool.screen)
    except Refusal as exc:
        log.info("consolidation draft not staged: %s", exc.payload.get("error"))
        return None
    except OSError:
        log.warning("consolidation draft not staged", exc_info=True)
        return None
    log.info("consolidation of %s staged as %s", target, record.id)
    emit(ApprovalStaged(pending_id=record.id, target=target, action="consolidate",
                        reason=record.reason))
    return record.id
