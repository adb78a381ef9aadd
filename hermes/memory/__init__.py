"""Layer 1 memory: MEMORY.md (agent notes) and USER.md (user profile), always in the prompt.

Public API for the agent loop, the TUI and the CLI; names load on first use (see hermes.lazy).
"""

from __future__ import annotations

from hermes.lazy import lazy_exports

_EXPORTS = {
    "ApprovalOutcome": "hermes.memory.pending",
    "JournalChange": "hermes.memory.journal",
    "JournalEntry": "hermes.memory.journal",
    "MemoryTool": "hermes.memory.tool",
    "PendingChange": "hermes.memory.pending",
    "PendingWrite": "hermes.memory.pending",
    "Refusal": "hermes.memory.edits",
    "SEPARATOR": "hermes.memory.store",
    "StoreState": "hermes.memory.store",
    "StoreUnreadable": "hermes.memory.store",
    "TARGETS": "hermes.memory.store",
    "UndoResult": "hermes.memory.journal",
    "approve": "hermes.memory.pending",
    "enabled_targets": "hermes.memory.store",
    "HistoryReport": "hermes.memory.journal",
    "Screener": "hermes.memory.screening",
    "history": "hermes.memory.journal",
    "history_report": "hermes.memory.journal",
    "list_pending": "hermes.memory.pending",
    "memory_guidance": "hermes.memory.snapshot",
    "memory_tool_schema": "hermes.memory.tool",
    "memory_usage": "hermes.memory.store",
    "parse_entries": "hermes.memory.store",
    "pending_count": "hermes.memory.pending",
    "read_entries": "hermes.memory.store",
    "read_store": "hermes.memory.store",
    "reject": "hermes.memory.pending",
    "render_block": "hermes.memory.snapshot",
    "render_snapshot": "hermes.memory.snapshot",
    "set_write_approval": "hermes.memory.pending",
    "store_path": "hermes.memory.store",
    "undo": "hermes.memory.journal",
    "usage_text": "hermes.memory.store",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)
