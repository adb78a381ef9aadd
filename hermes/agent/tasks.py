"""Background tasks of a session (review, title, provider hooks): spawned, tracked, awaited.

Failures are logged and remembered as one line each; they never reach the user as a trace
and never touch the conversation.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from hermes.agent.llm import LLMError

log = logging.getLogger("hermes.agent.tasks")


class BackgroundTasks:
    """The asyncio tasks started after turns, with what went wrong in them."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.errors: list[tuple[str, str]] = []  # (what, one line)
        self.review_status = ""  # "scheduled", "done", "failed: …" or why it did not run

    def spawn(self, coro: Coroutine[Any, Any, Any], what: str) -> None:
        async def guarded() -> None:
            try:
                await coro
            except asyncio.CancelledError:
                raise
            except LLMError as err:
                log.info("%s skipped: %s", what, err.message)
                self._failed(what, err.message)
            except Exception as exc:  # noqa: BLE001 - background work never reaches the user raw
                log.warning("%s failed", what, exc_info=True)
                self._failed(what, f"{type(exc).__name__} (see the log)")

        task = asyncio.create_task(guarded(), name=f"hermes-{what}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _failed(self, what: str, line: str) -> None:
        self.errors.append((what, line))
        if what == "review":
            self.review_status = f"failed: {line}"

    async def wait(self, timeout: float | None = None) -> bool:
        """Wait for the running tasks; False when some still run after `timeout` seconds."""
        pending = [t for t in self._tasks if not t.done()]
        if not pending:
            return True
        _, still = await asyncio.wait(pending, timeout=timeout)
        return not still

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()
