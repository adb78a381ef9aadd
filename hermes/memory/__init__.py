"""Layer 1 memory: MEMORY.md (agent notes) and USER.md (user profile), always in the prompt.

Public API for the agent loop, the TUI and the CLI; see /work/notes/memory-api.md.
"""

from hermes.memory.edits import Refusal
from hermes.memory.journal import JournalChange, JournalEntry, UndoResult, history, undo
from hermes.memory.pending import (
    ApprovalOutcome,
    PendingChange,
    PendingWrite,
    approve,
    list_pending,
    pending_count,
    reject,
    set_write_approval,
)
from hermes.memory.snapshot import memory_guidance, render_block, render_snapshot
from hermes.memory.store import (
    SEPARATOR,
    TARGETS,
    StoreState,
    StoreUnreadable,
    enabled_targets,
    memory_usage,
    parse_entries,
    read_entries,
    read_store,
    store_path,
    usage_text,
)
from hermes.memory.tool import MemoryTool, memory_tool_schema

__all__ = [
    "SEPARATOR", "TARGETS", "ApprovalOutcome", "JournalChange", "JournalEntry", "MemoryTool",
    "PendingChange", "PendingWrite", "Refusal", "StoreState", "StoreUnreadable", "UndoResult",
    "approve", "enabled_targets", "history", "list_pending", "memory_guidance",
    "memory_tool_schema", "memory_usage", "parse_entries", "pending_count", "read_entries",
    "read_store", "reject", "render_block", "render_snapshot", "set_write_approval",
    "store_path", "undo", "usage_text",
]
