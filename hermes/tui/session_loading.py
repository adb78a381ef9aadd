"""Opening the agent session and turning a stored session into transcript rows.

Kept apart from the widgets so the app can degrade cleanly: a missing or corrupt state.db
becomes one line on screen and a chat without history, never a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from hermes.config import Config
from hermes.jsontypes import JsonArray
from hermes.sessions.models import DISCARDED, REPLACED, call_function
from hermes.tui.stored_tool_lines import stored_tool_item
from hermes.tui.widgets.messages import MARKER_LINES, TranscriptItem
from hermes.tui.widgets.transcript import folded_item

if TYPE_CHECKING:
    from hermes.agent.events import Event
    from hermes.agent.session import AgentSession

log = logging.getLogger("hermes.tui")


class StoredMessage(Protocol):
    """The parts of a stored message (hermes.sessions.MessageRecord) the transcript shows."""

    @property
    def role(self) -> str: ...
    @property
    def content(self) -> str: ...
    @property
    def tool_calls(self) -> JsonArray | None: ...
    @property
    def tool_call_id(self) -> str | None: ...
    @property
    def finish_reason(self) -> str | None: ...


class SnapshotSource(Protocol):
    """The parts of a running session (AgentSession.view) the frozen memory snapshot comes from."""

    @property
    def session_id(self) -> str | None: ...
    @property
    def memory_snapshot(self) -> str: ...
    @property
    def system_prompt(self) -> str | None: ...


class OpenFailed(Exception):
    """The session could not be opened; the message is one line for a person."""


def warm_imports() -> None:
    """Import the agent and history layers (run in a thread so the UI keeps painting)."""
    import hermes.agent.session  # noqa: F401


def open_session(cfg: Config, resume: str | None, continue_last: bool,
                 on_event: Callable[[Event], None]) -> AgentSession:
    """AgentSession.open with the layers' errors turned into OpenFailed(one line)."""
    from hermes.agent.session import AgentSession

    try:
        return AgentSession.open(cfg, resume=resume, continue_last=continue_last, source="tui",
                                 on_event=on_event)
    except Exception as exc:  # noqa: BLE001 - any layer failing to open becomes one line on screen (OpenFailed)
        log.info("opening the session failed: %s", exc)
        what = f"Cannot resume '{resume}'" if resume else (
            "Cannot continue the last session" if continue_last else "Cannot open a chat session")
        raise OpenFailed(f"{what}: {exc}") from None


def degraded_reasons(agent: AgentSession) -> list[str]:
    """Lines to show when the session runs with parts missing (e.g. history unavailable)."""
    reason = agent.history_error
    return [str(reason)] if reason else []


def items_from_messages(messages: Sequence[StoredMessage]) -> list[TranscriptItem]:
    """Transcript rows for stored messages (records with role, content, tool_calls, finish_reason).
    An answer that /retry replaced becomes one folded row; a cleared failed prompt says "not sent"."""
    items: list[TranscriptItem] = []
    replaced: list[TranscriptItem] = []  # rows of a replaced answer, folded when it ends
    # a coding tool's line shows what its result said (lines read, exit code, output)
    results = {msg.tool_call_id: msg.content for msg in messages if msg.role == "tool" and msg.tool_call_id}
    for msg in messages:
        reason = msg.finish_reason
        if replaced and reason != REPLACED and msg.role != "tool":
            items.append(folded_item(replaced))
            replaced = []
        if reason == REPLACED:
            replaced += _message_items(msg, results)
        else:
            items += _message_items(msg, results)
    if replaced:
        items.append(folded_item(replaced))
    return items


def _message_items(msg: StoredMessage, results: dict[str, str]) -> list[TranscriptItem]:
    items: list[TranscriptItem] = []
    role = msg.role
    content = msg.content or ""
    if role == "user":
        item = TranscriptItem("user", content)
        if msg.finish_reason == DISCARDED:
            item.meta["not_sent"] = "1"
        items.append(item)
    elif role == "assistant":
        if content.strip():
            item = TranscriptItem("assistant", content)
            items.append(item)
            if msg.finish_reason in MARKER_LINES:  # said as live: cancelled by the person, or cut off
                marker = msg.finish_reason
                item.meta["marker"] = marker
                items.append(TranscriptItem("info", MARKER_LINES[marker]))
        for call in msg.tool_calls or []:
            fn = call_function(call)
            name = str(fn.get("name", "tool"))
            call_id = call.get("id") if isinstance(call, dict) else None
            items.append(stored_tool_item(name, fn.get("arguments"), results.get(str(call_id or ""))))
    return items


MEMORY_CHANGED = ("Memory changed since this session started — /memory refresh to continue with "
                  "the current memory")


def resume_notes(agent: AgentSession) -> list[str]:
    """Lines to show after resuming a session (its frozen memory is out of date)."""
    return [MEMORY_CHANGED] if agent.view.memory_changed else []


def transcript_items(agent: AgentSession) -> list[TranscriptItem]:
    """The rows of the session the agent opened on (empty for a new session)."""
    session_id = agent.view.session_id
    if not session_id:
        return []
    from hermes.tui.sessions_bridge import stored_messages

    try:
        messages = stored_messages(session_id)
    except Exception as exc:  # noqa: BLE001 - a broken history shows one line, never a traceback
        log.info("cannot load the transcript: %s", exc)
        return [TranscriptItem("error", f"Cannot show the earlier messages: {exc}")]
    return items_from_messages(messages)


RULE = "═" * 46


def frozen_snapshot(agent: SnapshotSource | None) -> str | None:
    """The memory blocks the running session was started with; None before it has started."""
    if agent is None or not agent.session_id:
        return None
    snapshot = agent.memory_snapshot
    if snapshot:
        return snapshot
    prompt = agent.system_prompt or ""
    if RULE not in prompt:
        return ""
    # A resumed session: the blocks sit in its stored prompt, from the first rule line through
    # the last block's entries (which end at the next blank line after the last rule).
    start = prompt.index(RULE)
    last_rule = prompt.rindex(RULE) + len(RULE)
    end = prompt.find("\n\n", last_rule)
    return prompt[start: end if end != -1 else len(prompt)].strip()
