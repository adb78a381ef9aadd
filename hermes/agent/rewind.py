"""Taking messages back out of the conversation, so the next request holds what the transcript shows.

/retry after an answer takes that answer out of the conversation and asks again for the same
user message: the history keeps the old answer marked replaced, and interfaces show it folded.
A failed message the person clears from the input leaves the conversation the same way
(marked discarded, shown as not sent); a /retry right after brings it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hermes.agent.events import ContextRewound, Event
from hermes.agent.conversation import Conversation
from hermes.agent.stored_history import FAILED, strip_injected_context
from hermes.sessions.models import DISCARDED, REPLACED, MessageRecord


@dataclass
class Discarded:
    """A failed message taken out of the conversation, kept so /retry can put it back."""

    message_id: int
    message: dict[str, Any]


def last_user_index(messages: list[dict[str, Any]]) -> int | None:
    return next((i for i in range(len(messages) - 1, -1, -1) if messages[i].get("role") == "user"),
                None)


def retry_text(conv: Conversation) -> str | None:
    """The user message /retry asks again (as typed), or None when there is none."""
    index = last_user_index(conv.messages)
    if index is None:
        return None
    return strip_injected_context(str(conv.messages[index].get("content") or ""))


def ends_with_failed(conv: Conversation, text: str) -> bool:
    """The conversation ends with the failed message `text`, still waiting for an answer."""
    return (conv.failed_user_id is not None and bool(conv.messages)
            and conv.messages[-1].get("role") == "user" and retry_text(conv) == text)


def has_answer(conv: Conversation) -> bool:
    """The conversation ends with an answer to its last user message (not with that message
    or with tool results still waiting for the model)."""
    index = last_user_index(conv.messages)
    return (index is not None and index < len(conv.messages) - 1
            and conv.messages[-1].get("role") == "assistant")


def take_back_answer(conv: Conversation) -> tuple[int, ...]:
    """Remove the answer to the last user message (its replies and tool results) from the
    conversation and mark its stored rows replaced; the ids marked."""
    index = last_user_index(conv.messages)
    if index is None:
        return ()
    del conv.messages[index + 1:]
    ids = answer_row_ids(conv.history.records(conv.session_id))
    for message_id in ids:
        conv.history.mark(message_id, REPLACED)
    return ids


def answer_row_ids(records: list[MessageRecord]) -> tuple[int, ...]:
    """Ids of the stored rows after the last user message still in the conversation."""
    live = [r for r in records if r.role != "system" and r.finish_reason not in (REPLACED, DISCARDED)]
    last_user = next((i for i in range(len(live) - 1, -1, -1) if live[i].role == "user"), None)
    if last_user is None:
        return ()
    return tuple(int(r.id) for r in live[last_user + 1:] if r.role in ("assistant", "tool"))


def discard_failed(conv: Conversation) -> Discarded | None:
    """Take the failed message that ends the conversation out of it (marked discarded in
    the history); None when the conversation does not end with one."""
    message_id = conv.failed_user_id
    if message_id is None or not conv.messages or conv.messages[-1].get("role") != "user":
        return None
    message = conv.messages.pop()
    conv.failed_user_id = None
    conv.history.mark(message_id, DISCARDED)
    return Discarded(message_id, message)


def restore(conv: Conversation, discarded: Discarded) -> None:
    """Put a discarded failed message back at the end of the conversation (/retry)."""
    conv.messages.append(discarded.message)
    conv.history.mark(discarded.message_id, FAILED)
    conv.failed_user_id = discarded.message_id


class RetryPoint:
    """What /retry needs between turns: the failed message the person cleared, if any; and the
    steps that make the conversation end with the message /retry asks again."""

    def __init__(self, emit: Callable[[Event], None]) -> None:
        self.discarded: Discarded | None = None
        self._emit = emit

    def has_target(self, conv: Conversation) -> bool:
        """There is a user message for /retry to ask again."""
        return retry_text(conv) is not None or self.discarded is not None

    def discard(self, conv: Conversation) -> bool:
        """Take the failed message that ends `conv` out (kept for /retry); False when none."""
        discarded = discard_failed(conv)
        if discarded is None:
            return False
        self.discarded = discarded
        self._emit(ContextRewound("message_dropped", (discarded.message_id,)))
        return True

    def prepare(self, conv: Conversation) -> str:
        """Make the conversation end with the message /retry asks again; its text."""
        if self.discarded is not None:
            restore(conv, self.discarded)
            self._emit(ContextRewound("message_restored", (self.discarded.message_id,)))
            self.discarded = None
        elif has_answer(conv):
            self._emit(ContextRewound("answer_replaced", take_back_answer(conv)))
        return retry_text(conv) or ""
