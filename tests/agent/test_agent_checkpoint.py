"""A reply is saved while it streams, so a process killed outright keeps most of it."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from hermes.agent import loop
from hermes.agent.session import AgentSession
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _assistant_rows(session_id: str) -> list:
    store = SessionStore()  # a second connection, as another process would read
    try:
        return [m for m in store.get_messages(session_id) if m.role == "assistant"]
    finally:
        store.close()


async def test_the_streaming_reply_is_saved_and_then_finished_in_the_same_row(
        agent_env, recorder, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(loop, "CHECKPOINT_SECONDS", 0.2)
    server, make_cfg = agent_env
    text = "Saved as it streams. " * 30
    server.queue(Reply(text=text, chunk_size=8, chunk_delay=0.02), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}), on_event=recorder)
    await agent.new_session(title="checkpoint")
    task = asyncio.create_task(agent.send("stream please"))

    seen: list = []
    for _ in range(300):  # watch the stored row while the reply streams
        await asyncio.sleep(0.05)
        rows = _assistant_rows(agent.session_id)
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
    (final,) = _assistant_rows(agent.session_id)  # one row, rewritten as finished
    assert final.id == partial[0].id and final.content == text and not final.interrupted
    await agent.close()


async def test_a_tool_round_and_the_answer_keep_their_own_rows(agent_env, recorder, monkeypatch):
    monkeypatch.setattr(loop, "CHECKPOINT_SECONDS", 0.05)
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
    stored = SessionStore().get_messages(agent.session_id)
    assert [m.role for m in stored] == ["user", "assistant", "tool", "assistant"]
    assert stored[1].tool_calls and not stored[1].interrupted
    assert stored[3].content == "Done, noted. " * 10 and not stored[3].interrupted
    await agent.close()


def test_chat_q_killed_with_sigkill_mid_reply_keeps_what_was_saved(fake_llm, hermes_home):
    """kill -9 runs no handler at all: what the checkpoints saved is what survives."""
    from tests.agent.conftest import write_config

    write_config(hermes_home, fake_llm)
    fake_llm.add(Reply(text="Partial words arrive slowly. " * 60, chunk_size=6, chunk_delay=0.03),
                 model=MAIN)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HERMES_")}
    env.update(HERMES_HOME=str(hermes_home), FAKE_LLM_KEY="sk-fake-cli-key-0000000000",
               PYTHONPATH=ROOT, PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "chat", "-q", "tell me slowly"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        assert proc.stdout.read(12).startswith("Partial")  # the reply has started streaming
        time.sleep(loop.CHECKPOINT_SECONDS + 1.5)
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    store = SessionStore(hermes_home / "state.db")
    try:
        (session,) = store.list_sessions()
        messages = store.get_messages(session.id)
    finally:
        store.close()
    assert [m.role for m in messages] == ["user", "assistant"]
    reply = messages[1]
    assert reply.interrupted and reply.content.startswith("Partial words arrive slowly.")
    assert len(reply.content) < 60 * 29
