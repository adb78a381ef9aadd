"""The conversation a turn runs in, and what a turn leaves behind.

Conversation holds everything a turn needs about its session (AgentSession builds it with
hermes/agent/conversation_builder.py); TurnResult is what hermes/agent/loop.py returns for the
work after a turn (review, title, token counts).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hermes.agent.events import Event, TurnDone
from hermes.agent.stored_history import History, SessionTotals
from hermes.agent.tool_registry import ToolOutcome, ToolRegistry
from hermes.config import Config, ModelConfig

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.agent.conversation")


@dataclass
class Conversation:
    """Everything a turn needs about the session it runs in."""

    cfg: Config
    model: ModelConfig
    history: History
    session_id: str
    system_prompt: str
    messages: list[dict[str, Any]]  # the conversation after the system prompt, as sent
    registry: ToolRegistry
    emit: Callable[[Event], None]
    context_window: int
    totals: SessionTotals = field(default_factory=SessionTotals)
    last_prompt_tokens: int = 0
    provider: GuardedProvider | None = None
    on_tool_outcome: Callable[[ToolOutcome], None] | None = None
    interface: str = "tui"  # "cli" for `hermes chat -q`: errors say what to type at a shell
    failed_user_id: int | None = None  # the stored user message of a turn that got no answer

    def request_messages(self) -> list[dict[str, Any]]:
        """The system message(s) (hermes/agent/prompt.py splits off the session part), then
        the conversation."""
        from hermes.agent.prompt import system_messages

        return [*system_messages(self.system_prompt), *self.messages]


@dataclass
class TurnResult:
    done: TurnDone
    user_text: str
    assistant_text: str
    user_message_id: int | None
    assistant_message_id: int | None
    prompt_tokens: int = 0  # all requests of the turn
    completion_tokens: int = 0
    tool_lines: list[str] = field(default_factory=list)  # finish summaries, for the review
    remembered: bool = False  # the user's words were saved as they asked: no review needed


def safe_emit(conv: Conversation, event: Event) -> None:
    """Send `event` to the interface; a failing handler is logged, never raised into the turn."""
    try:
        conv.emit(event)
    except Exception:  # noqa: BLE001 - a broken UI callback must not break the turn
        log.warning("event handler failed for %s", type(event).__name__, exc_info=True)
