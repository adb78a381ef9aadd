"""The guard: a provider that raises or hangs costs the turn its context, never the turn."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from hermes.config import Config, UserModelConfig
from hermes.providers import load_provider
from hermes.providers.base import MemoryOverview, Provider
from hermes.providers.guard import GuardedProvider
from hermes.providers.user_model_tables import UserModelStore
from tests.providers.fakes import FakeComplete


class BrokenProvider(Provider):
    """Every method fails the way real back ends fail."""

    name = "broken"

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.finished: list[int] = []

    def system_prompt_block(self) -> str:
        raise RuntimeError("no block")

    async def turn_context(self, session_id: str, turn_index: int, user_text: str) -> str:
        if user_text == "hang":
            await asyncio.Event().wait()
        raise ConnectionError("server unreachable")

    def tool_schemas(self) -> list[dict[str, Any]]:
        return [{"type": "function", "function": {"name": "user_search", "parameters": {}}}]

    async def dispatch(self, name: str, raw_json_args: str, *,
                       session_id: str | None = None) -> str:
        raise ValueError("bad state")

    async def on_turn_finished(self, session_id: str, turn_index: int, user_text: str,
                               assistant_text: str, message_ids: Sequence[int | str]) -> None:
        await self.release.wait()
        self.finished.append(turn_index)
        raise RuntimeError("derivation exploded")

    async def on_session_end(self, session_id: str) -> None:
        self.finished.append(-1)

    async def overview(self, limit: int = 20) -> MemoryOverview:
        raise RuntimeError("nope")

    async def forget(self, conclusion_id: str) -> bool:
        raise RuntimeError("nope")


async def test_failures_degrade_to_no_context(caplog: pytest.LogCaptureFixture) -> None:
    errors: list[str] = []
    guard = GuardedProvider(BrokenProvider(), context_timeout=5, on_error=errors.append)
    with caplog.at_level(logging.WARNING, logger="hermes.providers"):
        assert await guard.turn_context("s1", 1, "hello") == ""
        assert guard.system_prompt_block() == ""
    assert any("no context this turn" in r.message and "server unreachable" in r.message
               for r in caplog.records)
    assert errors and "server unreachable" in errors[0]


async def test_a_hanging_provider_times_out(caplog: pytest.LogCaptureFixture) -> None:
    guard = GuardedProvider(BrokenProvider(), context_timeout=0.05)
    with caplog.at_level(logging.WARNING, logger="hermes.providers"):
        assert await guard.turn_context("s1", 1, "hang") == ""
    assert any("took longer than" in r.message for r in caplog.records)


async def test_tool_errors_become_json() -> None:
    guard = GuardedProvider(BrokenProvider())
    failed = json.loads(await guard.dispatch("user_search", '{"query": "x"}'))
    assert failed["success"] is False and "bad state" in failed["error"]
    unknown = json.loads(await guard.dispatch("rm_rf", "{}"))
    assert unknown == {"success": False, "error": "unknown tool 'rm_rf'"}
    assert guard.handles("user_search") and not guard.handles("memory")


async def test_turn_hooks_run_in_the_background_in_order(caplog: pytest.LogCaptureFixture) -> None:
    inner = BrokenProvider()
    guard = GuardedProvider(inner)
    # returns while the provider's work is still blocked: the user does not wait for it
    await guard.on_turn_finished("s1", 1, "hi", "hello", [1, 2])
    await guard.on_session_end("s1")
    assert guard.pending == 2 and inner.finished == []
    inner.release.set()
    with caplog.at_level(logging.WARNING, logger="hermes.providers"):
        assert await guard.drain(timeout=5)
    assert inner.finished == [1, -1]  # the turn's learning before the session end
    assert any("derivation exploded" in r.message for r in caplog.records)


async def test_viewer_calls_degrade() -> None:
    guard = GuardedProvider(BrokenProvider())
    assert await guard.overview() == MemoryOverview(provider="broken")
    assert await guard.forget("1") is False


async def test_load_provider_off_and_errors_recorded(tmp_path: Path) -> None:
    assert load_provider(Config(), complete=None) is None
    db = tmp_path / "state.db"
    guard = load_provider(UserModelConfig(provider="local"), complete=FakeComplete(
        {"user_model.dialectic": RuntimeError("model down")}), store_path=db, history=None)
    assert guard is not None and guard.name == "local"
    # the dialectic fails; the base context still comes and the error is on record
    UserModelStore(db).add_conclusion("Prefers short answers")
    block = await guard.turn_context("s1", 1, "hello")
    assert "Prefers short answers" in block
    meta = UserModelStore(db).meta()
    assert "model down" in meta["last_error"] and meta["error_count"] == "1"
