"""The agent's side of the coding tools: the host they ask where to work, who approves a
change, what this turn's tools showed (provenance) and where a command's output goes.

AgentSession owns one; it satisfies hermes.workspace.coding_tools.WorkspaceHost.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hermes.agent.events import Event, ToolOutput
from hermes.config import ToolsConfig
from hermes.sessions.models import SessionInfo
from hermes.workspace.approval import ToolApprover
from hermes.workspace.coding_tools import CodingTools
from hermes.workspace.project import ProjectContext
from hermes.workspace.provenance import TurnSources


class CodingHost:
    """The project a session works in, its approver and turn sources, and its coding tools
    (None when tools.enabled is off)."""

    def __init__(self, cfg: ToolsConfig, project: ProjectContext, emit: Callable[[Event], None],
                 count_tokens: Callable[[str], int],
                 find_session: Callable[[str], SessionInfo | None] = lambda _id: None) -> None:
        self.project = project
        self.turn_sources = TurnSources()
        self.tool_approver: ToolApprover | None = None  # None: changes are denied, the model is told
        self._emit = emit
        self._find_session = find_session  # a stored session (None: not stored), for its lineage
        self.tools = CodingTools(cfg, self, count_tokens) if cfg.enabled else None

    @property
    def project_root(self) -> Path:
        return self.project.root

    def tool_output(self, call_id: str, text: str) -> None:
        """A running command's output, passed on to the interface as it arrives."""
        self._emit(ToolOutput(call_id, text))

    def bind(self, session_id: str) -> None:
        """The session the tools' undo journal belongs to: the first of its compression lineage,
        so a continuation, in this run or resumed in another, undoes its parent's edits too."""
        if self.tools is not None and self.tools.journal_id is None:
            self.tools.journal_id = self._lineage_root(session_id)

    def _lineage_root(self, session_id: str) -> str:
        """The oldest stored ancestor of `session_id` (itself when it has none, or is not stored)."""
        root, seen = session_id, {session_id}
        info = self._find_session(session_id)
        while info is not None and info.parent_id and info.parent_id not in seen:
            info = self._find_session(info.parent_id)
            if info is None:  # a parent that is gone leaves no journal to share
                break
            root = info.id
            seen.add(root)
        return root

    def fresh(self, *, new_session: bool) -> None:
        """Another session starts or is loaded: its own undo journal (and, for a new one, no
        command prefixes allowed yet)."""
        if self.tools is not None:
            self.tools.journal_id = None
            if new_session:
                self.tools.policy.reset()

    def undo_last_edit(self) -> str:
        """Revert the agent's last edit or write in this session (/undo); one line saying what
        happened, or why nothing was changed and what to do."""
        from hermes.workspace.undo import UndoJournal

        journal_id = self.tools.journal_id if self.tools is not None else None
        if journal_id is None:
            return "Nothing to undo: the agent has not edited or written a file in this session."
        try:
            return UndoJournal(journal_id).undo_last()
        except OSError as exc:
            from hermes.os_errors import describe_os_error

            return f"Could not undo: {describe_os_error(exc)} Then try /undo again."
