"""A reply is saved while it streams, so a process killed outright keeps most of it (the
`kill -9` subprocess test is with the other `hermes chat -q` ones in test_chat_cli.py)."""

from __future__ import annotations

import asyncio

import pytest

from hermes.agent import reply_store
from hermes.agent.session import AgentSession
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call

def _assistant_rows(session_id: str) -> list:
    store = SessionStore()  # a second connection, as another process would read
    try:
        return [m for m in store.get_messages(session_id) if m.role == "assistant"]
    finally:
        store.close()


async def test_the_streaming_reply_is_saved_and_then_finished_in_the_same_row(
        agent_env, recorder, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(reply_store, "CHECKPOINT_SECONDS", 0.2)
    server, make_cfg = agent_env
    text = "Saved as it streams. " * 30
    server.queue(Reply(text=text, chunk_size=8, chunk_delay=0.02), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}), on_event=recorder)
    await agent.new_session(title="checkpoint")
    task = asyncio.create_task(agent.send("stream please"))

    seen: list = []
    for _ in range(300):  # watch the stored row while the reply streams
        await asyncio.sleep(0.05)
        rows = _assistant_rows(agent.view.session_id)
        if rows and not task.done():
            seen.append(rows)
        if task.done():
            break
    done = await task
    assert done.text == text
    partial = [rows[0] for rows in seen if len(rows[0].content) < len(text)]
    assert partial, "no partial reply was ever stored while streaming"
    assert all(row.interrupted and text.startswith(row.content) for row in partial)
    assert len({len(row.content) for row in partial}) > 1  # it grew
    (final,) = _assistant_rows(agent.view.session_id)  # one row, rewritten as finished
    assert final.id == partial[0].id and final.content == text and not final.interrupted
    await agent.close()


async def test_a_tool_round_and_the_answer_keep_their_own_rows(agent_env, recorder, monkeypatch):
    monkeypatch.setattr(reply_store, "CHECKPOINT_SECONDS", 0.05)
    server, make_cfg = agent_env
    server.queue(
        Reply(text="Let me note that down first, it will take a moment. " * 4, chunk_size=6,
              chunk_delay=0.01,
              tool_calls=[call("memory", {"action": "add", "target": "user",
                                          "content": "Likes checkpoints"})]),
        Reply(text="Done, noted. " * 10, chunk_size=6, chunk_delay=0.01), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}), on_event=recorder)
    await agent.new_session(title="tool checkpoint")
    done = await agent.send("remember this")
    assert not done.failed
    stored = SessionStore().get_messages(agent.view.session_id)
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    assert stored[1].tool_calls and not stored[1].interrupted
    assert stored[3].content == "Done, noted. " * 10 and not stored[3].interrupted
    await agent.close()
