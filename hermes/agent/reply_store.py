"""Storing a turn's reply: saved while it streams, and what is kept when the turn fails or is cancelled.

A reply is written to the history every CHECKPOINT_SECONDS while it streams (ReplyCheckpoint),
so even a killed process leaves most of it behind. A turn cut short keeps the text that arrived,
marked interrupted; a tool call left without a result gets a "cancelled" one; a user message
nothing answered is marked failed and waits for /retry.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from hermes.agent import llm, tokens
from hermes.agent.conversation import Conversation, TurnResult, safe_emit
from hermes.agent.events import ErrorEvent, ToolFinished, TurnDone
from hermes.security.redact import redact_unfinished, settled_length

log = logging.getLogger("hermes.agent.reply_store")

CHECKPOINT_SECONDS = 2.0  # a reply being streamed is saved this often


class ReplyCheckpoint:
    """The reply of the current round, saved while it streams.

    Every CHECKPOINT_SECONDS the text so far (less a trailing fragment that could still grow
    into a secret) is written as an assistant row marked interrupted; the round's end
    rewrites that row as the finished message. So a process that is killed outright
    (kill -9), where no cancel handler runs, still leaves all but the last seconds of the
    reply in the history. (After a power cut the newest commits may be gone
    too: the history runs with synchronous=NORMAL.)
    """

    def __init__(self, conv: Conversation) -> None:
        self.conv = conv
        self.message_id: int | None = None
        self._saved_at = time.monotonic()
        self._saved_parts = 0
        self._warned = False

    def tick(self, state: llm.StreamState) -> None:
        """Called for each streamed piece; writes at most every CHECKPOINT_SECONDS."""
        now = time.monotonic()
        if now - self._saved_at < CHECKPOINT_SECONDS or len(state.text_parts) == self._saved_parts:
            return
        self._saved_at, self._saved_parts = now, len(state.text_parts)
        text = state.text
        # The trailing fragment may be the start of a secret that the next piece completes;
        # cut short, it would not look like one and would be stored. It waits for the next
        # checkpoint or the end of the round, where the whole text is redacted as usual.
        settled = text[:settled_length(text)]
        if not settled:
            return
        try:
            self._write(settled, finish_reason="interrupted")
        except Exception:  # noqa: BLE001 - tried again next time; the round's end stores it anyway
            if not self._warned:
                log.warning("could not save the streaming reply", exc_info=True)
                self._warned = True

    def store(self, text: str, *, finish_reason: str, token_count: int | None = None,
              tool_calls: list[dict[str, Any]] | None = None) -> int:
        """Store the round's message (rewriting the checkpoint row if there is one)."""
        message_id = self._write(text, finish_reason=finish_reason, token_count=token_count,
                                 tool_calls=tool_calls)
        self.message_id, self._saved_parts = None, 0  # the next round starts afresh
        self._saved_at = time.monotonic()
        return message_id

    def _write(self, text: str, *, finish_reason: str, token_count: int | None = None,
               tool_calls: list[dict[str, Any]] | None = None) -> int:
        history, session_id = self.conv.history, self.conv.session_id
        if self.message_id is None:
            self.message_id = history.append(session_id, "assistant", text, tool_calls=tool_calls,
                                             token_count=token_count, finish_reason=finish_reason)
        else:
            history.update(self.message_id, text, finish_reason=finish_reason,
                           token_count=token_count, tool_calls=tool_calls)
        return self.message_id


CANCELLED_RESULT = '{"success": false, "error": "cancelled by the user"}'


def answer_cancelled_calls(conv: Conversation) -> None:
    """Give every call of the last tool-call message that has no result yet a "cancelled"
    result, in the conversation and in the stored history, so the provider accepts the
    conversation after a cancel (an unanswered tool call is a 400 on every later request)."""
    last = next((i for i in range(len(conv.messages) - 1, -1, -1)
                 if conv.messages[i].get("role") == "assistant"), None)
    if last is None or not conv.messages[last].get("tool_calls"):
        return
    answered = {m.get("tool_call_id") for m in conv.messages[last + 1:] if m.get("role") == "tool"}
    first = True
    for call in conv.messages[last]["tool_calls"]:
        call_id = call.get("id")
        if not call_id or call_id in answered:
            continue
        name = (call.get("function") or {}).get("name") or "unknown"
        try:
            conv.history.append(conv.session_id, "tool", CANCELLED_RESULT, tool_call_id=call_id,
                                tool_name=name,
                                token_count=tokens.count_text(CANCELLED_RESULT, conv.model.name))
        except Exception:  # noqa: BLE001 - loading the session repairs unanswered calls anyway
            log.warning("could not store the cancelled tool result", exc_info=True)
        conv.messages.append({"role": "tool", "tool_call_id": call_id,
                              "content": CANCELLED_RESULT})
        if first:  # the call that was running when the cancel came (calls run one by one)
            safe_emit(conv, ToolFinished(call_id=call_id, name=name, success=False,
                                          summary=f"{name} cancelled", result=CANCELLED_RESULT))
            first = False


def store_partial(conv: Conversation, state: llm.StreamState,
                   checkpoint: ReplyCheckpoint, finish_reason: str = "interrupted") -> int | None:
    """Keep text that arrived before a break ("interrupted") or a cancel ("cancelled")."""
    text = state.text
    if not text:
        return None
    # Stored without a secret that the stop cut short; the conversation keeps what was said.
    msg_id = checkpoint.store(redact_unfinished(text),
                              token_count=tokens.count_text(text, conv.model.name),
                              finish_reason=finish_reason)
    conv.messages.append({"role": "assistant", "content": text})
    return msg_id


def fail(conv: Conversation, err: llm.LLMError, state: llm.StreamState,
          checkpoint: ReplyCheckpoint, parts: list[str], user_text: str,
          user_id: int | None) -> TurnResult:
    partial_id = store_partial(conv, state, checkpoint)
    text = "".join(parts) + state.text
    if partial_id is None and conv.messages and conv.messages[-1].get("role") == "user":
        # Nothing answered it: marked in the history, and left out of the next request
        # unless it is retried (hermes/agent/stored_history.py conversation_from_records).
        failed_id = user_id if user_id is not None else conv.failed_user_id
        if failed_id is not None:
            conv.history.mark(failed_id, "failed")
            conv.failed_user_id = failed_id
    message = err.for_interface(conv.interface)
    safe_emit(conv, ErrorEvent(message=message, retryable=err.retryable,
                                kind="auth" if err.kind in ("auth", "config") else "provider"))
    done = TurnDone(session_id=conv.session_id, text=text, interrupted=bool(partial_id),
                    failed=not partial_id, assistant_message_id=partial_id,
                    error=message, error_kind=err.kind)
    safe_emit(conv, done)
    return TurnResult(done, user_text, text, user_id, partial_id)


def drop_orphan(conv: Conversation) -> None:
    """A new message follows a failed one: the failed one leaves the conversation sent to the
    model (it stays in the history, marked failed)."""
    if conv.failed_user_id is not None and conv.messages and conv.messages[-1].get("role") == "user":
        conv.messages.pop()
    conv.failed_user_id = None


def cancelled(conv: Conversation, state: llm.StreamState, checkpoint: ReplyCheckpoint,
               parts: list[str], user_text: str, user_id: int | None) -> TurnResult:
    answer_cancelled_calls(conv)
    # stored as the person saw it live: stopped by them, not cut off by a failure
    partial_id = store_partial(conv, state, checkpoint, finish_reason="cancelled")
    text = "".join(parts) + state.text
    done = TurnDone(session_id=conv.session_id, text=text, interrupted=bool(partial_id),
                    cancelled=True, assistant_message_id=partial_id)
    safe_emit(conv, done)
    return TurnResult(done, user_text, text, user_id, partial_id)
