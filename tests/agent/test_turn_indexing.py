"""AgentSession indexes each turn's messages when the turn ends, however it ends (the store's
side is tested in tests/sessions/test_turn_indexing.py)."""

from __future__ import annotations

import asyncio

from hermes.agent.events import TextDelta
from hermes.agent.session import AgentSession
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call


def indexed_roles(store: SessionStore, word: str) -> list[str]:
    """Roles of the messages the full-text index itself matches (no search call, which would
    index waiting messages first)."""
    return [r[0] for r in store.query(
        "SELECT m.role FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid"
        " WHERE messages_fts MATCH ? ORDER BY m.id", (word,))]


async def test_a_turn_with_a_tool_call_is_indexed_when_it_ends(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(tool_calls=[call("session_search", {"query": "capybara"})]),
                 Reply(text="No capybara talk before; capybaras are calm."), model=MAIN)
    agent = AgentSession.open(cfg)
    done = await agent.send("did we ever talk about the capybara?")
    assert done.text == "No capybara talk before; capybaras are calm."
    with SessionStore() as store:
        assert store.query("SELECT count(*) FROM messages_unindexed") == [(0,)]
        assert indexed_roles(store, "capybara") == ["user", "tool", "assistant"]
        assert indexed_roles(store, "session_search") == ["assistant", "tool"]
        assert store.check_integrity() == []
    await agent.close()


async def test_a_cancelled_turn_is_indexed_too(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="Flamingos stand on one leg and", chunk_size=8, hang=True), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    first_text = asyncio.Event()
    recorder.hooks.append(lambda e: first_text.set() if isinstance(e, TextDelta) else None)
    task = asyncio.create_task(agent.send("why do flamingos stand like that"))
    await asyncio.wait_for(first_text.wait(), 30)
    agent.cancel()
    done = await asyncio.wait_for(task, 30)
    assert done.cancelled
    with SessionStore() as store:
        assert store.query("SELECT count(*) FROM messages_unindexed") == [(0,)]
        assert indexed_roles(store, "flamingos")[0] == "user"
        assert store.check_integrity() == []
    await agent.close()
