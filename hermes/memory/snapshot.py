"""The frozen memory blocks of the system prompt, and the guidance on using memory.

The agent renders these once per session (and again only when compression rebuilds the
prompt), so every request of a session carries a byte-identical prefix the provider can cache.
"""

from __future__ import annotations

import logging

from hermes.config import MemoryConfig
from hermes.memory.memory_files import (
    SEPARATOR,
    StoreUnreadable,
    char_limit,
    enabled_targets,
    entries_size,
    read_entries,
    usage_text,
)
from hermes.memory.withhold import capped_view, left_out_note, placeholder

log = logging.getLogger("hermes.memory")

RULE = "═" * 46
HEADERS = {"memory": "MEMORY (your personal notes)", "user": "USER PROFILE (who the user is)",
           "project": "PROJECT MEMORY (this project's conventions)"}
FILE_NAMES = {"memory": "MEMORY.md", "user": "USER.md", "project": "PROJECT.md"}
__all__ = ["HEADERS", "RULE", "memory_guidance", "placeholder", "render_block", "render_snapshot"]


def render_block(target: str, entries: list[str], limit: int, *, cap: bool = True) -> str:
    """One store's block with its header; "" when the store is empty.

    Entries that fail the scan show as a placeholder. With `cap`, the body holds at most
    `limit` chars (the first entries that fit); a store over its limit (hand edits) gets a
    second header line saying how many entries were left out and how to fix it."""
    if not entries:
        return ""
    view = capped_view(entries, limit if cap else None)
    withheld = sum(1 for e in view.entries if e.startswith("[Entry withheld:"))
    if withheld:
        log.warning("%d memory entr%s in %s fail%s the scan; withheld from the prompt", withheld,
                    "y" if withheld == 1 else "ies", target, "s" if withheld == 1 else "")
    header = [f"{HEADERS[target]} [{usage_text(entries_size(entries), limit)}]"]
    if view.left_out:
        header.append(left_out_note(FILE_NAMES[target], view, limit))
    return "\n".join([RULE, *header, RULE, SEPARATOR.join(view.entries)])


def render_snapshot(cfg: MemoryConfig) -> str:
    """Both frozen blocks as they go into the system prompt ("" when both are empty)."""
    blocks = []
    for target in enabled_targets(cfg):
        try:
            entries = read_entries(cfg, target)
        except StoreUnreadable as exc:
            log.warning("memory store left out of the prompt: %s", exc)
            continue
        block = render_block(target, entries, char_limit(cfg, target))
        if block:
            blocks.append(block)
    return "\n\n".join(blocks)


def memory_guidance(cfg: MemoryConfig) -> str:
    """The short system-prompt text on how and when to use the memory tool ("" if disabled)."""
    targets = enabled_targets(cfg)
    if not targets:
        return ""
    lines = [
        "## Memory",
        "You have persistent memory (the blocks above, frozen at session start; your writes "
        "show from the next session). Save with the `memory` tool proactively, without being "
        "asked:",
    ]
    if "user" in targets:
        lines.append("- user: who the user is: name, role, timezone, preferences, communication "
                     "style, likes/dislikes, skill level.")
    if "memory" in targets:
        lines.append("- memory: environment facts, tool quirks, corrections you got, completed "
                     "work, anything the user asks you to remember"
                     + (" that is not about this project only." if "project" in targets else
                        ", project conventions."))
    if "project" in targets:
        lines.append("- project: this project's conventions, layout, commands and decisions "
                     "(shown only in sessions in this project).")
    lines += [
        "Skip trivia, what is easy to rediscover, raw dumps (code, logs, tables), details that "
        "only matter in this session, and what context files already say. Write compact, dense, "
        "specific entries. Above 80% usage, consolidate first: merge with `replace`, drop stale "
        "entries with `remove`.",
    ]
    return "\n".join(lines)
