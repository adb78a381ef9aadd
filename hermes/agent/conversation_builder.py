"""Building a session's conversation: its system prompt, its tool registry and the Conversation the loop runs.

AgentSession owns one ConversationBuilder. It holds what every prompt of the session is built
from and what changes only when the session does: the compression summary, the memory tool of
the current registry, and whether the project's left-out files were announced yet. The model
and the provider are read through callables, since /model and opening change them later.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from hermes.agent import limits
from hermes.agent.coding_host import CodingHost
from hermes.agent.events import Event, Notice
from hermes.agent.conversation import Conversation
from hermes.agent.prompt import SystemPrompt, build_system_prompt
from hermes.agent.skill_setup import register_skill_tools, skills_block
from hermes.agent.stored_history import History, SessionTotals, strip_injected_context
from hermes.agent.tool_registry import ToolRegistry, build_registry
from hermes.config import Config, ModelConfig

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.memory.memory_tool import MemoryTool
    from hermes.providers.guard import GuardedProvider


def user_messages(messages: list[dict[str, Any]], pasted: Sequence[str] = ()) -> list[str]:
    """The user's messages as typed (without a provider's injected context), each pasted
    document in them fenced, so the origin gate takes it as a source, not their words."""
    return [fence_pasted(strip_injected_context(m["content"]), pasted) for m in messages
            if m.get("role") == "user" and isinstance(m.get("content"), str)]


def fence_pasted(message: str, pasted: Sequence[str]) -> str:
    """`message` with every pasted document in it set apart as a fenced block (what
    hermes/memory/origin.py cuts out of the person's words); one that no fence can hold
    is left out of their words altogether."""
    for block in pasted:
        if not block.strip() or block not in message:
            continue
        fence = next((f for f in ("```", "~~~")
                      if not re.search(rf"^[ \t]*{f}", block, re.MULTILINE)), None)
        message = message.replace(block, f"\n{fence}\n{block}\n{fence}\n" if fence else "\n\n")
    return message


class ConversationBuilder:
    """Builds system prompts and conversations (with their tools) for one AgentSession."""

    def __init__(self, cfg: Config, history: History, *, source: str, coding: CodingHost,
                 emit: Callable[[Event], None], model: Callable[[], ModelConfig],
                 provider: Callable[[], GuardedProvider | None]) -> None:
        self._cfg = cfg
        self._history = history
        self._source = source
        self._coding = coding
        self._emit = emit
        self._model = model
        self._provider = provider
        self.summary = ""  # the compression summary the next prompt carries
        self.memory_tool: MemoryTool | None = None  # the current registry's (None: memory off)
        self._project_announced = False
        self._skill_notes_told: set[str] = set()
        self.pasted: list[str] = []  # documents the person pasted this session (not their words)

    def announce_project(self) -> None:
        """Tell the person, once, which project files were left out of the prompt and why."""
        if not self._project_announced:
            self._project_announced = True
            for line in self._coding.project.notices:
                self._emit(Notice(kind="info", text=line))

    def prompt(self, summary: str | None = None) -> SystemPrompt:
        """The system prompt as it would be frozen now (with `summary`, else the current one)."""
        block = ""
        provider = self._provider()
        if provider is not None:
            try:
                block = provider.system_prompt_block() or ""
            except Exception:  # noqa: BLE001 - a user-model provider never stops a prompt being built
                block = ""
        self.announce_project()
        # what every prompt carries is a source for memory writes, never the user's words
        sources = self._coding.turn_sources
        sources.record("project context", self._coding.project.block, standing=True)
        sources.record("provider context", block, standing=True)
        skills, notes = skills_block(self._cfg.skills, self._coding.project.root)
        for line in notes:
            if line not in self._skill_notes_told:  # once per line, not at every prompt
                self._skill_notes_told.add(line)
                self._emit(Notice(kind="info", text=line))
        return build_system_prompt(self._cfg, provider_block=block,
                                   summary=self.summary if summary is None else summary,
                                   project_block=self._coding.project.block, skills_block=skills)

    def conversation(self, session_id: str, prompt: str, messages: list[dict[str, Any]],
                     totals: SessionTotals | None = None) -> Conversation:
        """The conversation of `session_id` under `prompt`, with a fresh tool registry bound to it."""
        model = self._model()
        conv = Conversation(
            cfg=self._cfg, model=model, history=self._history, session_id=session_id,
            system_prompt=prompt, messages=messages, registry=self.registry(session_id),
            emit=self._emit, context_window=limits.context_window(model), totals=totals or SessionTotals(),
            provider=self._provider(), interface="cli" if self._source == "cli" else "tui")
        if self.memory_tool is not None:  # the origin gate: what the person said in it
            self.memory_tool.said = lambda: user_messages(conv.messages, self.pasted)
        return conv

    def registry(self, session_id: str) -> ToolRegistry:
        """The tools of `session_id` (the coding host is bound to it; memory_tool is replaced)."""
        self._coding.bind(session_id)
        registry, self.memory_tool = build_registry(self._cfg, self._history.store, session_id,
                                                    self._provider(), coding=self._coding.tools,
                                                    turn_sources=self._coding.turn_sources,
                                                    project_dir=str(self._coding.project.root))
        register_skill_tools(registry, self._cfg, self._coding.project.root, session_id)
        return registry
