"""The size of a loaded conversation, for the context gauge and /usage before any request.

A resumed session (or a memory refresh's continuation) shows its real size at once, not 0
until a request succeeds. Counting means loading the tokenizer (~0.4 s the first time), so
with an event loop running (the TUI, chat -q) the count runs in a thread and the transcript
is drawn meanwhile; without one it runs at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from hermes.agent import tokens
from hermes.agent.events import Event, Usage
from hermes.agent.conversation import Conversation

log = logging.getLogger("hermes.agent.context_gauge")


class ContextGauge:
    """Counts a conversation as the next request will send it and reports it as a Usage event."""

    def __init__(self, emit: Callable[[Event], None], current: Callable[[], Conversation | None]) -> None:
        self._emit = emit
        self._current = current  # the session's conversation now: a count for an older one is dropped
        self._task: asyncio.Task[None] | None = None

    def report(self, conv: Conversation) -> None:
        """Count `conv` (in a thread when a loop runs) and emit its size."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            self._emit_size(conv, count(conv.request_messages(), conv.registry.schemas(), conv.model.name))
            return
        self.cancel()
        self._task = asyncio.create_task(self._count_later(conv))

    async def _count_later(self, conv: Conversation) -> None:
        # the lists are taken on the loop: a turn may append to the conversation meanwhile
        messages, schemas = conv.request_messages(), conv.registry.schemas()
        size = await asyncio.to_thread(count, messages, schemas, conv.model.name)
        # a request since then reported the size the provider saw: that one stands
        if self._current() is conv and not conv.last_prompt_tokens:
            self._emit_size(conv, size)

    async def counted(self) -> None:
        """Wait until the last report() has counted (and emitted) its size."""
        task = self._task
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def _emit_size(self, conv: Conversation, size: int | None) -> None:
        if size is None:
            return
        conv.last_prompt_tokens = size
        t = conv.totals
        self._emit(Usage(input_tokens=0, output_tokens=0, cache_tokens=0, cost=0.0,
                         session_input_tokens=t.input_tokens, session_output_tokens=t.output_tokens,
                         session_cost=t.cost, context_tokens=size, context_window=conv.context_window))


def count(messages: list[dict[str, Any]], schemas: list[dict[str, Any]], model: str) -> int | None:
    """Tokens of a request, or None when it cannot be counted (the gauge fills in after the
    next request)."""
    try:
        return tokens.count_request(messages, schemas, model)
    except Exception:  # noqa: BLE001 - a gauge must never break opening a session
        log.warning("could not count the loaded conversation", exc_info=True)
        return None
