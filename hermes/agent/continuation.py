"""Continuing a conversation in a child session (`NAME #2`): the compression's steps, and the
part it shares with /memory refresh.

Compression summarises the older turns and continues with the recent ones under a prompt that
carries the summary; a memory refresh continues with the whole conversation under a prompt
that freezes the current MEMORY.md/USER.md. Both end the parent and copy messages the same way.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hermes.agent import compress, limits, llm, tokens
from hermes.agent.events import Event, Notice
from hermes.agent.conversation import Conversation
from hermes.agent.prompt import SystemPrompt
from hermes.agent.stored_history import History
from hermes.config import Config, ModelConfig

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider


@dataclass
class Summarised:
    """A compression ready to happen: the new summary, the child's prompt that carries it, and
    which messages were summarised and which are kept."""

    summary: str
    prompt: SystemPrompt
    split: compress.Split


def over_threshold(cfg: Config, conv: Conversation, text: str) -> bool:
    """Sending `text` next would pass compression.threshold of the window."""
    upcoming = [*conv.request_messages(), {"role": "user", "content": text}]
    return tokens.request_exceeds(upcoming, conv.registry.schemas(), conv.model.name,
                                  cfg.compression.threshold * conv.context_window)


async def make_room(cfg: Config, conv: Conversation, text: str,
                    compress_keeping: Callable[[Conversation, int], Awaitable[Conversation | None]]
                    ) -> Conversation:
    """When the next request (with room for a short reply) would not fit the window, compress
    again keeping fewer recent turns (half each time, down to none). The turn then shortens
    old tool results, and only then refuses (loop._reply_room)."""
    window = conv.context_window
    # room for a short reply is enough here: the turn caps max_tokens to what is left
    cap = min(limits.reply_token_cap(conv.model, window), limits.MIN_REPLY_ROOM)
    keep = cfg.compression.keep_recent_turns
    while window and keep > 0:
        upcoming = [*conv.request_messages(), {"role": "user", "content": text}]
        if not tokens.request_exceeds(upcoming, conv.registry.schemas(), conv.model.name, window - cap):
            break
        keep //= 2
        child = await compress_keeping(conv, keep)
        if child is None:
            break
        conv = child
    return conv


async def summarise(cfg: Config, conv: Conversation, *, previous: str, keep: int, automatic: bool,
                    window: int, build_prompt: Callable[[str], SystemPrompt],
                    emit: Callable[[Event], None]) -> Summarised | None:
    """Summarise the turns older than the last `keep` into a child prompt that leaves at least
    half the window free; None when there is nothing older or the summary request failed (a
    warning says why). Cancelled, it says the conversation is unchanged (nothing is yet)."""
    if not automatic:  # on demand, always compress something when there is a turn
        keep = min(keep, compress.turn_count(conv.messages) - 1)
    split = compress.split_for_compression(conv.messages, max(0, keep))
    if split is None or not split.older:
        return None
    model = conv.model.name
    half = window // 2
    room = half - tokens.count_text(build_prompt("x").text, model)
    try:
        summary = await compress.summarise(cfg, split.older, previous, max_tokens=max(64, room))
    except asyncio.CancelledError:
        emit(Notice(kind="compression", text="Compression cancelled: the conversation is unchanged."))
        raise
    except llm.LLMError as err:
        emit(Notice(kind="warning", text="Compression failed: " + err.for_interface(conv.interface)))
        return None
    prompt = build_prompt(summary)
    for _ in range(4):  # the server may have ignored max_tokens
        over = tokens.count_text(prompt.text, model) - half
        if over <= 0:
            break
        summary = compress.shorten(summary, tokens.count_text(summary, model) - over, model)
        prompt = build_prompt(summary)
    return Summarised(summary, prompt, split)


def start_child(history: History, parent_id: str, *, prompt: str, model: ModelConfig, source: str,
                reason: str, messages: list[dict[str, Any]], provider: GuardedProvider | None,
                spawn: Callable[[Coroutine[Any, Any, Any], str], None]) -> tuple[str, str | None]:
    """End the parent (`reason`), create its child session with `prompt` and a copy of
    `messages`; (child id, its title)."""
    if provider is not None:
        spawn(provider.on_session_end(parent_id), "provider-end")
    child_id, title = history.continue_session(parent_id, system_prompt=prompt, model=model.name,
                                               source=source, reason=reason)
    if not history.persistent:
        history.end(parent_id, reason)
    history.copy_messages(child_id, messages)
    return child_id, title
