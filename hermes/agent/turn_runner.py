"""Running a session's turns and /compress one at a time, each as a task Esc can cancel.

AgentSession says what a turn does; this says how it runs: under the session's lock (a turn,
/compress, /new and /memory refresh never overlap), inside the history's turn (its messages are
indexed together, at its end), and as its own task, so cancelling it (Esc, quitting) ends that
work while the caller gets a cancelled TurnDone instead of an exception.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import TypeVar

from hermes.agent.events import TurnDone
from hermes.agent.stored_history import History

T = TypeVar("T")


def _caller_cancelled() -> bool:
    """The awaiting task itself is being cancelled (not just the work it awaited)."""
    current = asyncio.current_task()
    return current is not None and current.cancelling() > 0


class TurnRunner:
    """The lock and the cancellable tasks of one AgentSession's turns and compressions."""

    def __init__(self, history: History) -> None:
        self._history = history
        self.lock = asyncio.Lock()  # held by every change of the conversation
        self._turn: asyncio.Task[TurnDone] | None = None
        self._compress: asyncio.Task[object] | None = None

    @property
    def busy(self) -> bool:
        """A turn runs."""
        return self._turn is not None and not self._turn.done()

    @property
    def compressing(self) -> bool:
        """A /compress summary request runs."""
        return self._compress is not None and not self._compress.done()

    def cancel(self) -> None:
        """Cancel the running turn or compression (each handles its own partial work)."""
        for task in (self._turn, self._compress):
            if task is not None and not task.done():
                task.cancel()

    async def stop_turn(self) -> None:
        """Cancel the running turn and wait until it has stored its partial reply."""
        task = self._turn
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def turn(self, work: Callable[[], Coroutine[object, object, TurnDone]],
                   cancelled: Callable[[], TurnDone]) -> TurnDone:
        """Run `work()` as the turn; `cancelled()` is what a cancelled turn returns."""
        async with self.lock:
            self._history.begin_turn()
            self._turn = asyncio.create_task(work())
            try:
                return await self._turn
            except asyncio.CancelledError:
                if _caller_cancelled():
                    raise  # our caller is being cancelled, not just the turn
                return cancelled()
            finally:
                self._turn = None
                self._history.end_turn()

    async def compression(self, work: Coroutine[object, object, T]) -> T | None:
        """Run `work` as the compression (the caller holds `lock`); None when it was cancelled."""
        self._compress = asyncio.create_task(work)
        try:
            return await self._compress
        except asyncio.CancelledError:
            if _caller_cancelled():
                raise  # our caller is being cancelled, not just the compression
            return None
        finally:
            self._compress = None
