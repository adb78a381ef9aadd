"""Layer 1 memory: MEMORY.md (agent notes) and USER.md (user profile), always in the prompt.

Public API for the agent loop, the TUI and the CLI; names load on first use (see hermes.lazy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hermes.lazy import lazy_exports

if TYPE_CHECKING:  # the names, for type checkers and editors; at run time __getattr__ loads them
    from hermes.memory.ages import EntryAge, age_line, read_ages
    from hermes.memory.edits import Refusal
    from hermes.memory.journal import (
        HistoryReport,
        JournalChange,
        JournalEntry,
        UndoResult,
        history,
        history_report,
        undo,
    )
    from hermes.memory.memory_files import (
        SEPARATOR,
        StoreState,
        StoreUnreadable,
        TARGETS,
        enabled_targets,
        memory_usage,
        parse_entries,
        read_entries,
        read_store,
        store_path,
        usage_text,
    )
    from hermes.memory.memory_tool import MemoryTool, memory_tool_schema
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
    from hermes.memory.pending_summary import PendingSummary, pending_summary
    from hermes.memory.screening import Screener
    from hermes.memory.snapshot import memory_guidance, render_block, render_snapshot

_EXPORTS = {
    "ApprovalOutcome": "hermes.memory.pending",
    "EntryAge": "hermes.memory.ages",
    "PendingSummary": "hermes.memory.pending_summary",
    "age_line": "hermes.memory.ages",
    "pending_summary": "hermes.memory.pending_summary",
    "read_ages": "hermes.memory.ages",
    "JournalChange": "hermes.memory.journal_records",
    "JournalEntry": "hermes.memory.journal_records",
    "MemoryTool": "hermes.memory.memory_tool",
    "PendingChange": "hermes.memory.pending",
    "PendingWrite": "hermes.memory.pending",
    "Refusal": "hermes.memory.edits",
    "SEPARATOR": "hermes.memory.memory_files",
    "StoreState": "hermes.memory.memory_files",
    "StoreUnreadable": "hermes.memory.memory_files",
    "TARGETS": "hermes.memory.memory_files",
    "UndoResult": "hermes.memory.journal",
    "approve": "hermes.memory.pending",
    "enabled_targets": "hermes.memory.memory_files",
    "HistoryReport": "hermes.memory.journal",
    "Screener": "hermes.memory.screening",
    "history": "hermes.memory.journal",
    "history_report": "hermes.memory.journal",
    "list_pending": "hermes.memory.pending",
    "memory_guidance": "hermes.memory.snapshot",
    "memory_tool_schema": "hermes.memory.memory_tool",
    "memory_usage": "hermes.memory.memory_files",
    "parse_entries": "hermes.memory.memory_files",
    "pending_count": "hermes.memory.pending",
    "read_entries": "hermes.memory.memory_files",
    "read_store": "hermes.memory.memory_files",
    "reject": "hermes.memory.pending",
    "render_block": "hermes.memory.snapshot",
    "render_snapshot": "hermes.memory.snapshot",
    "set_write_approval": "hermes.memory.pending",
    "store_path": "hermes.memory.memory_files",
    "undo": "hermes.memory.journal",
    "usage_text": "hermes.memory.memory_files",
}

__all__ = [
    "ApprovalOutcome",
    "EntryAge",
    "PendingSummary",
    "age_line",
    "pending_summary",
    "read_ages",
    "HistoryReport",
    "JournalChange",
    "JournalEntry",
    "MemoryTool",
    "PendingChange",
    "PendingWrite",
    "Refusal",
    "SEPARATOR",
    "Screener",
    "StoreState",
    "StoreUnreadable",
    "TARGETS",
    "UndoResult",
    "approve",
    "enabled_targets",
    "history",
    "history_report",
    "list_pending",
    "memory_guidance",
    "memory_tool_schema",
    "memory_usage",
    "parse_entries",
    "pending_count",
    "read_entries",
    "read_store",
    "reject",
    "render_block",
    "render_snapshot",
    "set_write_approval",
    "store_path",
    "undo",
    "usage_text",
]
__getattr__ = lazy_exports(__name__, _EXPORTS)
