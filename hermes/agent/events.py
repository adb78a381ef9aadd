"""UI-agnostic events emitted by the turn loop and background work.

The TUI renders them; headless mode prints them. Every event is a plain frozen dataclass so
it can cross threads and be compared in tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hermes.jsontypes import JsonObject
from hermes.plural import count
from hermes.toolspec import NO_DISPLAY, ToolDisplay

NoticeKind = Literal["memory", "user", "title", "compression", "provider", "info", "warning"]


@dataclass(frozen=True)
class TurnStarted:
    session_id: str
    user_message_id: int


@dataclass(frozen=True)
class TextDelta:
    text: str


@dataclass(frozen=True)
class ToolStarted:
    call_id: str
    name: str
    arguments: JsonObject
    summary: str  # short human line, e.g. 'memory +user "prefers tabs"'


@dataclass(frozen=True)
class ToolOutput:
    """A piece of a running command's output (stdout and stderr as they arrive), for the UI;
    the model gets the capped whole in the ToolFinished result."""

    call_id: str
    text: str


@dataclass(frozen=True)
class ToolFinished:
    call_id: str
    name: str
    success: bool
    summary: str  # e.g. 'session_search "auth refactor" → 3 sessions', '📄 read a.py (1–120 of 300)'
    result: str = ""  # what the model received (JSON, or plain text for file and command output)
    # What the UI needs to draw a coding tool's line (hermes/toolspec.py); blank for other tools
    display: ToolDisplay = NO_DISPLAY


@dataclass(frozen=True)
class Notice:
    kind: NoticeKind
    text: str  # e.g. "Memory updated"
    detail: str = ""  # verbose variant: action and a preview of the content


@dataclass(frozen=True)
class Retry:
    """An automatic retry of a model call; one per wait, then one with the outcome.

    Interfaces show these as ONE line that changes (`retrying 2/3 in 1.2 s…` → `answered after
    3 tries`), so no line tells the person to act while Hermes is already acting."""

    attempt: int  # tries made so far (1 after the first failure)
    max_retries: int
    delay: float = 0.0  # seconds until the next try (while waiting)
    reason: str = ""  # e.g. "server error"
    outcome: str = ""  # "" while waiting; "answered" | "gave up" once settled

    @property
    def text(self) -> str:
        if self.outcome == "answered":
            return f"answered after {count(self.attempt, 'try', 'tries')}"
        if self.outcome:
            return f"gave up after {count(self.attempt, 'try', 'tries')}"
        return f"{self.reason} — retrying {self.attempt}/{self.max_retries} in {self.delay:.1f} s…"


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    output_tokens: int
    cache_tokens: int
    cost: float  # USD for this request; 0.0 when the price is unknown
    session_input_tokens: int = 0
    session_output_tokens: int = 0
    session_cost: float = 0.0
    context_tokens: int = 0  # size of the last prompt sent
    context_window: int = 0


@dataclass(frozen=True)
class ApprovalStaged:
    """A memory write was staged for the user's approval (the UI says so; the user opens the pane)."""

    pending_id: str
    target: str
    action: str
    reason: str = ""  # why it was staged (the tool result's "reason"), "" when not given


@dataclass(frozen=True)
class SessionChanged:
    """The conversation moved to another session (compression continuation, /new, resume)."""

    session_id: str
    title: str | None
    reason: str  # "compression" | "new" | "resume"


@dataclass(frozen=True)
class TitleChanged:
    session_id: str
    title: str


@dataclass(frozen=True)
class ErrorEvent:
    """One clear line for a person: what failed, the provider's message, what to do."""

    message: str
    retryable: bool = True
    kind: str = "provider"  # "provider" | "auth" | "tool" | "internal"


@dataclass(frozen=True)
class ContextRewound:
    """Messages left the conversation sent to the model (or came back into it); the history
    keeps them. `what`: "answer_replaced" (/retry took back the last answer: shown folded),
    "message_dropped" (a failed message the person cleared: shown as not sent) or
    "message_restored" (/retry after that: it is sent after all)."""

    what: Literal["answer_replaced", "message_dropped", "message_restored"]
    message_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurnDone:
    session_id: str
    text: str  # the final assistant text ("" when the turn failed)
    interrupted: bool = False
    cancelled: bool = False
    failed: bool = False
    assistant_message_id: int | None = None
    truncated: bool = False  # the reply stopped at the token limit (it is incomplete)
    empty_reply: bool = False  # the model said nothing and nothing was done: not an answer
    unsent: bool = False  # cancelled during the compression before it: nothing was stored or sent
    error: str = ""  # failed: the line the person read (the ErrorEvent's message)
    error_kind: str = ""  # failed: the LLMError kind ("auth", "rate_limit", "server", …)


Event = (
    TurnStarted | TextDelta | ToolStarted | ToolOutput | ToolFinished | Notice | Retry | Usage
    | ApprovalStaged | SessionChanged | TitleChanged | ErrorEvent | ContextRewound | TurnDone
)
