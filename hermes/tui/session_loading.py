"""Opening the agent session and turning a stored session into transcript rows.

Kept apart from the widgets so the app can degrade cleanly: a missing or corrupt state.db
becomes one line on screen and a chat without history, never a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from hermes.config import Config
from hermes.sessions.models import DISCARDED, REPLACED
from hermes.tui.widgets.messages import MARKER_LINES, TOOL_ICONS, TranscriptItem
from hermes.tui.widgets.transcript import folded_item

log = logging.getLogger("hermes.tui")



class OpenFailed(Exception):
    """The session could not be opened; the message is one line for a person."""


def warm_imports() -> None:
    """Import the agent and history layers (run in a thread so the UI keeps painting)."""
    try:
        import hermes.agent.session  # noqa: F401
    except ImportError:
        log.exception("the agent layer cannot be imported")


def open_session(cfg: Config, resume: str | None, continue_last: bool,
                 on_event: Callable[[Any], None]) -> Any:
    """AgentSession.open with the layers' errors turned into OpenFailed(one line)."""
    try:
        from hermes.agent.session import AgentSession
    except ImportError as exc:
        raise OpenFailed(f"The chat engine cannot be loaded: {exc}") from None
    try:
        return AgentSession.open(cfg, resume=resume, continue_last=continue_last, source="tui",
                                 on_event=on_event)
    except Exception as exc:
        log.info("opening the session failed: %s", exc)
        what = f"Cannot resume '{resume}'" if resume else (
            "Cannot continue the last session" if continue_last else "Cannot open a chat session")
        raise OpenFailed(f"{what}: {exc}") from None


def degraded_reasons(agent: Any) -> list[str]:
    """Lines to show when the session runs with parts missing (e.g. history unavailable)."""
    reason = getattr(agent, "history_error", None)
    return [str(reason)] if reason else []


def tool_summary(name: str, arguments: Any) -> str:
    """A compact line for a stored tool call, like the live ToolStarted summary."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            arguments = {}
    if not isinstance(arguments, dict):
        arguments = {}
    if name == "memory":
        action = str(arguments.get("action", ""))
        sign = {"add": "+", "replace": "~", "remove": "-"}.get(action, action + " ")
        text = str(arguments.get("content") or arguments.get("old_text") or "")
        target = arguments.get("target", "")
        return f"memory {sign}{target} {_quote(text)}".rstrip()
    if name == "session_search":
        query = arguments.get("query") or arguments.get("session_id") or ""
        return f"session_search {_quote(str(query))}".rstrip()
    return name


def _quote(text: str, limit: int = 48) -> str:
    text = " ".join(text.split())
    if not text:
        return ""
    return f'"{text[: limit - 1]}…"' if len(text) > limit else f'"{text}"'


def items_from_messages(messages: list[Any]) -> list[TranscriptItem]:
    """Transcript rows for stored messages (records with role, content, tool_calls, finish_reason).
    An answer that /retry replaced becomes one folded row; a cleared failed prompt says "not sent"."""
    items: list[TranscriptItem] = []
    replaced: list[TranscriptItem] = []  # rows of a replaced answer, folded when it ends
    for msg in messages:
        reason = getattr(msg, "finish_reason", None)
        if replaced and reason != REPLACED and getattr(msg, "role", None) != "tool":
            items.append(folded_item(replaced))
            replaced = []
        if reason == REPLACED:
            replaced += _message_items(msg)
        else:
            items += _message_items(msg)
    if replaced:
        items.append(folded_item(replaced))
    return items


def _message_items(msg: Any) -> list[TranscriptItem]:
    items: list[TranscriptItem] = []
    role = getattr(msg, "role", None)
    content = getattr(msg, "content", "") or ""
    if role == "user":
        item = TranscriptItem("user", content)
        if getattr(msg, "finish_reason", None) == DISCARDED:
            item.meta["not_sent"] = "1"
        items.append(item)
    elif role == "assistant":
        if content.strip():
            item = TranscriptItem("assistant", content)
            items.append(item)
            if getattr(msg, "finish_reason", None) == "interrupted":
                item.meta["marker"] = "interrupted"
                items.append(TranscriptItem("info", MARKER_LINES["interrupted"]))
        for call in getattr(msg, "tool_calls", None) or []:
            fn = call.get("function", {}) if isinstance(call, dict) else {}
            name = str(fn.get("name", "tool"))
            icon = TOOL_ICONS.get(name, "🔧")
            items.append(TranscriptItem("tool", f"{icon} {tool_summary(name, fn.get('arguments'))}"))
    return items


MEMORY_CHANGED = ("Memory changed since this session started — /memory refresh to continue with "
                  "the current memory")


def resume_notes(agent: Any) -> list[str]:
    """Lines to show after resuming a session (its frozen memory is out of date)."""
    return [MEMORY_CHANGED] if getattr(agent, "memory_changed", False) else []


def transcript_items(agent: Any) -> list[TranscriptItem]:
    """The rows of the session the agent opened on (empty for a new session)."""
    session_id = getattr(agent, "session_id", None)
    if not session_id:
        return []
    from hermes.tui.sessions_bridge import stored_messages

    try:
        messages = stored_messages(session_id)
    except Exception as exc:
        log.info("cannot load the transcript: %s", exc)
        return [TranscriptItem("error", f"Cannot show the earlier messages: {exc}")]
    return items_from_messages(messages)


RULE = "═" * 46


def frozen_snapshot(agent: Any) -> str | None:
    """The memory blocks the running session was started with; None before it has started."""
    if agent is None or not getattr(agent, "session_id", None):
        return None
    snapshot = getattr(agent, "memory_snapshot", "")
    if snapshot:
        return snapshot
    prompt = getattr(agent, "system_prompt", None) or ""
    if RULE not in prompt:
        return ""
    # A resumed session: the blocks sit in its stored prompt, from the first rule line through
    # the last block's entries (which end at the next blank line after the last rule).
    start = prompt.index(RULE)
    last_rule = prompt.rindex(RULE) + len(RULE)
    end = prompt.find("\n\n", last_rule)
    return prompt[start: end if end != -1 else len(prompt)].strip()
