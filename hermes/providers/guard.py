"""The only face of a provider the agent sees: failures degrade, background work stays behind.

Every call is guarded: an exception or a timeout in `turn_context` means no context this turn
and one logged warning; a failing tool returns a JSON error; turn and session-end hooks run as
background tasks, one at a time in the order they came, so the user never waits for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from hermes.jsontypes import JsonObject
from hermes.providers.base import MemoryOverview, Provider, fail
from hermes.plural import count
from hermes.toolspec import schema_name

log = logging.getLogger("hermes.providers")


class GuardedProvider:
    """Wraps a Provider so that nothing it does can fail or stall a turn."""

    def __init__(self, inner: Provider, *, context_timeout: float = 20.0,
                 tool_timeout: float = 60.0,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.context_timeout = context_timeout
        self.tool_timeout = tool_timeout
        self._on_error = on_error
        self._tasks: set[asyncio.Task[None]] = set()
        self._lock: asyncio.Lock | None = None
        self._schemas: list[JsonObject] | None = None
        self._static_block: str | None = None

    def _warn(self, what: str, exc: BaseException | None = None) -> None:
        detail = f": {' '.join(str(exc).split()) or 'no details'}" if exc is not None else ""
        message = f"user model ({self.name}): {what}{detail}"
        log.warning(message, exc_info=exc)
        if self._on_error is not None:
            try:
                self._on_error(message)
            except Exception:
                log.debug("error callback failed", exc_info=True)

    # -- prompt and context

    def system_prompt_block(self) -> str:
        """The provider's static system-prompt text (computed once; "" if it fails)."""
        if self._static_block is None:
            try:
                self._static_block = str(self.inner.system_prompt_block() or "")
            except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; it is logged and the turn goes on
                self._warn("system prompt block failed", exc)
                self._static_block = ""
        return self._static_block

    async def turn_context(self, session_id: str, turn_index: int, user_text: str) -> str:
        """The fenced block for this turn's user message; "" on any failure or timeout."""
        try:
            block = await asyncio.wait_for(
                self.inner.turn_context(session_id, turn_index, user_text),
                timeout=self.context_timeout)
        except TimeoutError:
            self._warn(f"no context this turn (took longer than {self.context_timeout:g}s)")
            return ""
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; it is logged and the turn goes on
            self._warn("no context this turn", exc)
            return ""
        return block if isinstance(block, str) else ""

    # -- tools

    def tool_schemas(self) -> list[JsonObject]:
        """The provider's tool schemas (computed once; [] if it fails)."""
        if self._schemas is None:
            try:
                self._schemas = list(self.inner.tool_schemas())
            except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; it is logged and the turn goes on
                self._warn("tool schemas failed", exc)
                self._schemas = []
        return self._schemas

    def handles(self, tool_name: str) -> bool:
        """True if `tool_name` is one of this provider's tools."""
        return any(schema_name(s) == tool_name for s in self.tool_schemas())

    async def dispatch(self, name: str, raw_json_args: str | None,
                       *, session_id: str | None = None) -> str:
        """Run a tool; always returns a JSON object string, never raises."""
        if not self.handles(name):
            return fail(f"unknown tool '{name}'")
        try:
            result = await asyncio.wait_for(
                self.inner.dispatch(name, raw_json_args or "{}", session_id=session_id),
                timeout=self.tool_timeout)
        except TimeoutError:
            self._warn(f"tool {name} timed out after {self.tool_timeout:g}s")
            return fail(f"{name} timed out; the user model did not answer in time")
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; the model gets it as a tool error
            self._warn(f"tool {name} failed", exc)
            return fail(f"{name} failed: {' '.join(str(exc).split()) or 'no details'}")
        return result if isinstance(result, str) else fail(f"{name} returned no result")

    # -- background hooks

    def _spawn(self, what: str, make: Callable[[], Awaitable[object]]) -> None:
        if self._lock is None:
            self._lock = asyncio.Lock()
        lock = self._lock

        async def run() -> None:
            async with lock:  # one at a time, in order: turn N's learning precedes session end
                try:
                    await make()
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises in background work; it is logged
                    self._warn(f"{what} failed", exc)

        task = asyncio.get_running_loop().create_task(run(), name=f"user-model {what}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def on_turn_finished(self, session_id: str, turn_index: int, user_text: str,
                               assistant_text: str, message_ids: Sequence[int | str]) -> None:
        """Hand a finished exchange to the provider; returns at once (work runs behind)."""
        try:
            self.inner.note_turn(session_id, turn_index, user_text, assistant_text, message_ids)
        except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; it is logged and the turn goes on
            self._warn("turn bookkeeping failed", exc)
        ids = list(message_ids)
        self._spawn("learning from the turn", lambda: self.inner.on_turn_finished(
            session_id, turn_index, user_text, assistant_text, ids))

    async def on_session_end(self, session_id: str) -> None:
        """Tell the provider a session ended; returns at once (work runs behind)."""
        self._spawn("session end", lambda: self.inner.on_session_end(session_id))

    @property
    def pending(self) -> int:
        """Background jobs not finished yet."""
        return sum(1 for t in self._tasks if not t.done())

    async def drain(self, timeout: float = 60.0) -> bool:
        """Wait for background work (call before a one-shot process exits); False on timeout."""
        tasks = [t for t in self._tasks if not t.done()]
        if not tasks:
            return True
        done, not_done = await asyncio.wait(tasks, timeout=timeout)
        if not_done:
            self._warn(f"{count(len(not_done), 'background job')} still running after {timeout:g}s")
            return False
        return True

    # -- viewer

    async def overview(self, limit: int = 20) -> MemoryOverview:
        """Peer card and recent conclusions; an empty overview on failure."""
        try:
            return await self.inner.overview(limit)
        except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; the pane shows an empty overview
            self._warn("overview failed", exc)
            return MemoryOverview(provider=self.name)

    async def forget(self, conclusion_id: str) -> bool:
        """Delete a conclusion; False when it does not exist or deleting failed."""
        try:
            return bool(await self.inner.forget(conclusion_id))
        except Exception as exc:  # noqa: BLE001 - the guard contains whatever a provider raises; forgetting reports False
            self._warn(f"forget {conclusion_id} failed", exc)
            return False

    async def aclose(self, timeout: float = 10.0) -> None:
        """Finish background work (bounded) and close connections."""
        await self.drain(timeout)
        for task in list(self._tasks):
            task.cancel()
        try:
            await self.inner.aclose()
        except Exception as exc:  # noqa: BLE001 - closing must finish whatever the provider raises; it is logged
            self._warn("close failed", exc)
