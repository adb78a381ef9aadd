"""Background tasks of a session (review, title, provider hooks): scheduled after a turn,
spawned, tracked, awaited.

Failures are logged and remembered as one line each; they never reach the user as a trace
and never touch the conversation.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from hermes.agent import background
from hermes.agent.events import Event
from hermes.agent.llm import LLMError

if TYPE_CHECKING:
    from hermes.agent.history import History
    from hermes.agent.loop import TurnResult
    from hermes.config import Config

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


class AfterTurn:
    """Schedules what follows a finished turn without delaying the next one: the memory review
    (every `memory.review_interval` turns), the model-written title (in the review's request
    when both use the same model) and the user-model provider's hook. The background calls'
    tokens and cost are added to the session's totals."""

    def __init__(self, cfg: Config, history: History, tasks: BackgroundTasks,
                 emit: Callable[[Event], None], apply_title: Callable[[str, str], None]) -> None:
        self.cfg, self.history, self.tasks = cfg, history, tasks
        self.emit, self.apply_title = emit, apply_title
        self.usage: list[background.BackgroundUsage] = []

    def schedule(self, result: TurnResult, *, session_id: str, turn_index: int, wants_title: bool,
                 can_review: bool, provider: Any | None) -> None:
        cfg, user_text = self.cfg, result.user_text
        interval = cfg.memory.review_interval
        review_due = bool(interval and turn_index % interval == 0 and can_review)
        # One request does both when they run on the same model (saves a second excerpt).
        combine = wants_title and review_due and background.same_model(
            cfg.resolve_model(cfg.memory.review_model), cfg.resolve_model(cfg.sessions.title_model))
        if review_due:
            self.tasks.review_status = "scheduled"
            self.tasks.spawn(self._review(session_id, user_text, combine, result.tool_lines),
                             "review")
        elif not interval:
            self.tasks.review_status = "off (memory.review_interval is 0)"
        else:
            self.tasks.review_status = f"not due (runs every {interval} turns)"
        if wants_title and not combine:
            self.tasks.spawn(self._title(session_id, user_text), "title")
        if provider is not None:
            message_ids = [i for i in (result.user_message_id, result.assistant_message_id)
                           if i is not None]
            self.tasks.spawn(provider.on_turn_finished(session_id, turn_index, user_text,
                                                       result.assistant_text, message_ids),
                             "provider")

    async def _review(self, session_id: str, user_text: str, with_title: bool,
                      tool_lines: list[str]) -> None:
        from hermes.memory import MemoryTool

        tool = MemoryTool(self.cfg, origin="review", session_id=session_id)
        usage, title = await background.run_review(
            self.cfg, memory_tool=tool, user_text=user_text, emit=self.emit,
            with_title=with_title, tool_lines=tool_lines)
        self._record(session_id, usage)
        self.tasks.review_status = "done"
        if title:
            self.apply_title(session_id, title)

    async def _title(self, session_id: str, user_text: str) -> None:
        title, usage = await background.generate_title(self.cfg, user_text)
        self._record(session_id, usage)
        if title:
            self.apply_title(session_id, title)

    def _record(self, session_id: str, usage: background.BackgroundUsage) -> None:
        self.usage.append(usage)
        try:
            self.history.add_usage(session_id, input_tokens=usage.prompt_tokens,
                                   output_tokens=usage.completion_tokens, cache_tokens=0,
                                   cost=usage.cost)
        except Exception:  # noqa: BLE001 - accounting never fails background work
            log.warning("could not store background usage", exc_info=True)
