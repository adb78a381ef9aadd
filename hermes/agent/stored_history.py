"""The agent's view of session storage: one small adapter over the sessions layer's store.

The turn loop talks only to `History`, so it also works without a database (a state.db
that cannot be opened): then messages live in memory for this run and nothing is stored.
A database that breaks during the run (a damaged page) is dropped the same way, with one
warning through `on_lost`, instead of failing the turn.

Between begin_turn() and end_turn() every message still commits the moment it is written, but
the full-text index gets the turn's messages (the user's, the tool calls and results, the
reply) in one write when the turn ends: a write per message made FTS5 build and merge a
segment per message. A search meanwhile indexes whatever is waiting first (search.discover).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hermes.sessions.errors import SessionStoreError
from hermes.sessions.models import DISCARDED, REPLACED, MessageRecord, SessionInfo, TitleSource

if TYPE_CHECKING:  # the store is created by the caller (agent/opening.py)
    from hermes.sessions.session_store import SessionStore

log = logging.getLogger("hermes.agent.stored_history")


@dataclass
class SessionTotals:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_tokens: int = 0
    cost: float = 0.0
    turns: int = 0


class History:
    """Writes and reads one conversation through a SessionStore (or nowhere, when None)."""

    def __init__(self, store: SessionStore | None, on_lost: Callable[[str], None] | None = None) -> None:
        self.trailing_failed_id: int | None = None  # set by load_conversation
        self.store = store
        self.on_lost = on_lost
        self.lost: str | None = None  # why the database was dropped during this run
        self._fake_id = 0
        self._in_turn = False  # index the turn's messages together at end_turn()

    def _lose(self, exc: SessionStoreError) -> None:
        """The database failed (damaged, unreadable): carry on without it, say so once."""
        store, self.store = self.store, None
        log.warning("session history dropped for this run: %s", exc)
        if store is not None:
            with contextlib.suppress(Exception):  # it is broken already
                store.close()
        if self.lost is None:
            self.lost = (f"Session history stopped working: {exc} This conversation goes on "
                         f"without being saved.")
            if self.on_lost is not None:
                self.on_lost(self.lost)

    @property
    def persistent(self) -> bool:
        return self.store is not None

    def _next_fake(self) -> int:
        self._fake_id += 1
        return self._fake_id

    # ------------------------------------------------------------ sessions

    def create(self, *, system_prompt: str, model: str, source: str, project_dir: str = "") -> str:
        """A new session row holding its system prompt (and the project root it runs in);
        returns the id."""
        if self.store is None:
            import secrets
            import time

            return time.strftime("%Y%m%d_%H%M%S_") + secrets.token_hex(3)
        try:
            session_id = self.store.create_session(source=source, model=model,
                                                   system_prompt=system_prompt, cwd=os.getcwd(),
                                                   project_dir=project_dir)
        except SessionStoreError as exc:
            self._lose(exc)
            return self.create(system_prompt=system_prompt, model=model, source=source)
        return str(session_id)

    def continue_session(self, parent_id: str, *, system_prompt: str, model: str, source: str,
                         reason: str = "compression") -> tuple[str, str | None]:
        """A child session for a compression or a memory refresh (the store ends the parent
        with `reason`); (id, title)."""
        if self.store is None:
            return self.create(system_prompt=system_prompt, model=model, source=source), None
        try:
            child_id = str(self.store.continue_session(parent_id, system_prompt=system_prompt,
                                                       model=model, source=source,
                                                       cwd=os.getcwd(), reason=reason))
        except SessionStoreError as exc:
            self._lose(exc)
            return self.create(system_prompt=system_prompt, model=model, source=source), None
        info = self.get(child_id)
        return child_id, info.title if info is not None else None

    def reopen(self, session_id: str) -> None:
        if self.store is not None:
            try:
                self.store.reopen_session(session_id)
            except SessionStoreError as exc:
                self._lose(exc)

    def get(self, session_id: str) -> SessionInfo | None:
        if self.store is None:
            return None
        try:
            return self.store.get_session(session_id)
        except LookupError:
            return None
        except SessionStoreError as exc:
            self._lose(exc)
            return None

    def end(self, session_id: str, reason: str) -> None:
        if self.store is None or not session_id:
            return
        try:
            self.store.end_session(session_id, reason)
        except Exception:  # noqa: BLE001 - ending twice or a gone session is harmless
            log.info("could not end session %s", session_id, exc_info=True)

    def set_title(self, session_id: str, title: str, source: TitleSource) -> str | None:
        """Set a title; returns the title now held, or None when it was refused."""
        if self.store is None:
            return title
        if source == "user":  # a clash is the person's to see: let it raise
            try:
                self.store.set_title(session_id, title, source)
            except SessionStoreError as exc:
                self._lose(exc)
                return title
        else:
            try:
                if not self.store.set_title(session_id, title, source):
                    return None
            except Exception as exc:  # noqa: BLE001 - an automatic title may lose, silently
                log.info("title %r not set: %s", title, exc)
                return None
        info = self.get(session_id)
        return (info.title if info is not None else None) or title

    def add_usage(self, session_id: str, *, input_tokens: int, output_tokens: int,
                  cache_tokens: int, cost: float) -> None:
        if self.store is None:
            return
        try:
            self.store.add_usage(session_id, input_tokens=input_tokens,
                                 output_tokens=output_tokens, cache_tokens=cache_tokens, cost=cost)
        except SessionStoreError as exc:
            self._lose(exc)

    # ------------------------------------------------------------ turns

    def begin_turn(self) -> None:
        """From now on, leave messages' full-text entries for end_turn() to write together."""
        self._in_turn = True

    def end_turn(self) -> None:
        """Index the messages written since begin_turn() in one transaction."""
        self._in_turn = False
        if self.store is None:
            return
        try:
            self.store.index_pending()
        except SessionStoreError as exc:
            self._lose(exc)

    # ------------------------------------------------------------ messages

    def append(self, session_id: str, role: str, content: str, *,
               tool_calls: list[dict[str, Any]] | None = None, tool_call_id: str | None = None,
               tool_name: str | None = None, token_count: int | None = None,
               finish_reason: str | None = None) -> int:
        if self.store is None:
            return self._next_fake()
        try:
            msg_id = self.store.append_message(
                session_id, role, content, tool_calls=tool_calls, tool_call_id=tool_call_id,
                tool_name=tool_name, token_count=token_count, finish_reason=finish_reason,
                index=not self._in_turn)
        except SessionStoreError as exc:
            self._lose(exc)
            return self._next_fake()
        return msg_id

    def update(self, message_id: int, content: str, *, finish_reason: str,
               token_count: int | None = None,
               tool_calls: list[dict[str, Any]] | None = None) -> None:
        """Rewrite a stored reply (a streaming checkpoint becoming the finished message)."""
        if self.store is None:
            return
        try:
            self.store.update_message(message_id, content=content, finish_reason=finish_reason,
                                      token_count=token_count, tool_calls=tool_calls,
                                      index=not self._in_turn)
        except SessionStoreError as exc:
            self._lose(exc)

    def mark(self, message_id: int, finish_reason: str) -> None:
        """Set a stored message's finish_reason only ("failed" on a user message whose turn
        got no answer; "retried" once a retry answered it)."""
        if self.store is None:
            return
        try:
            self.store.update_message(message_id, finish_reason=finish_reason)
        except SessionStoreError as exc:
            self._lose(exc)

    def records(self, session_id: str) -> list[MessageRecord]:
        """The session's stored rows, oldest first ([] without a database)."""
        if self.store is None:
            return []
        try:
            return list(self.store.get_messages(session_id))
        except SessionStoreError as exc:
            self._lose(exc)
            return []

    def copy_messages(self, session_id: str, messages: list[dict[str, Any]]) -> None:
        """Store conversation messages in another session (a compression's recent turns);
        injected user-model context is not stored, as for any user message. Their full-text
        entries are written together at the end (or at the turn's end, inside a turn)."""
        in_turn, self._in_turn = self._in_turn, True
        try:
            for msg in messages:
                content = str(msg.get("content") or "")
                if msg.get("role") == "user":
                    content = strip_injected_context(content)
                self.append(session_id, msg["role"], content, tool_calls=msg.get("tool_calls"),
                            tool_call_id=msg.get("tool_call_id"), tool_name=msg.get("name"))
        finally:
            if not in_turn:
                self.end_turn()

    def load_conversation(self, session_id: str) -> list[dict[str, Any]]:
        """The stored messages (system rows left out) as a valid OpenAI message list."""
        if self.store is None:
            return []
        try:
            records = self.store.get_messages(session_id)
        except SessionStoreError as exc:
            self._lose(exc)
            return []
        rows = [r for r in records if r.role != "system"
                and r.finish_reason not in (REPLACED, DISCARDED)]
        last = rows[-1] if rows else None
        self.trailing_failed_id = (int(last.id) if last is not None and last.role == "user"
                                   and last.finish_reason == FAILED else None)
        return conversation_from_records(records)


FAILED = "failed"  # finish_reason of a user message whose turn got no answer at all


def conversation_from_records(records: list[MessageRecord]) -> list[dict[str, Any]]:
    """Stored rows (system rows left out) as a valid OpenAI message list. A user message whose
    turn failed and that another user message follows is left out: the request must not carry
    it as an orphan (a re-sent message would otherwise reach the model twice). A failed one at
    the very end stays, for /retry; the next new message replaces it (reply_store.drop_orphan).
    Answers that /retry replaced and failed messages the person cleared are history only."""
    rows = [r for r in records
            if r.role != "system" and r.finish_reason not in (REPLACED, DISCARDED)]
    kept = [r for i, r in enumerate(rows)
            if not (r.role == "user" and r.finish_reason == FAILED
                    and i + 1 < len(rows) and rows[i + 1].role == "user")]
    return repair_tool_pairs([r.to_openai() for r in kept])


_INJECTED = re.compile(r"^<user-model-context\b.*?</user-model-context>\s*", re.S)


def strip_injected_context(text: str) -> str:
    """A user message as typed, without the provider's per-turn context block."""
    return _INJECTED.sub("", text, count=1)


def repair_tool_pairs(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop tool calls without results and results without calls (left by an interruption),
    so providers accept the conversation."""
    answered = {m.get("tool_call_id") for m in messages if m.get("role") == "tool"}
    offered: set[str] = set()
    out: list[dict[str, Any]] = []
    for msg in messages:
        msg = dict(msg)
        if msg.get("role") == "assistant" and msg.get("tool_calls"):
            calls = [c for c in msg["tool_calls"] if isinstance(c, dict) and c.get("id") in answered]
            if calls:
                msg["tool_calls"] = calls
                offered.update(c["id"] for c in calls)
            else:
                msg.pop("tool_calls")
                if not msg.get("content"):
                    continue
        elif msg.get("role") == "tool" and msg.get("tool_call_id") not in offered:
            continue
        if msg.get("content") is None:
            msg["content"] = ""
        out.append(msg)
    return out


def tool_calls_json(calls: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Accumulated calls in the OpenAI message format."""
    return [{"id": c["id"], "type": "function",
             "function": {"name": c["name"], "arguments": c["arguments"] or "{}"}}
            for c in calls]

