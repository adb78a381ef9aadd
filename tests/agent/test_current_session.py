"""Moving to another session (hermes/agent/current_session.py) changes nothing when it is refused."""

from __future__ import annotations

import pytest

from hermes.agent.events import SessionChanged
from hermes.agent.opening import OpenError
from hermes.agent.session import AgentSession
from hermes.agent import session_lock
from hermes.agent.session_lock import READ_ONLY_LINE
from hermes.sessions import SessionStore, TitleClashError


async def test_a_new_session_under_a_taken_title_keeps_the_current_one(agent_env, recorder):
    _, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    other = AgentSession.open(cfg)
    await other.new_session(title="taken name")
    await other.close()

    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("hello")
    before = (agent.view.session_id, agent.view.title, agent.view.messages)
    sessions = SessionStore().count_sessions()
    changes = len(recorder.of(SessionChanged))

    with pytest.raises(TitleClashError):
        await agent.new_session(title="taken name")

    assert (agent.view.session_id, agent.view.title, agent.view.messages) == before
    assert SessionStore().count_sessions() == sessions  # the half-made session was removed
    assert len(recorder.of(SessionChanged)) == changes
    done = await agent.send("still here")
    assert not done.failed and done.session_id == before[0]
    await agent.close()


async def _writer_and_reader(agent_env) -> tuple[AgentSession, AgentSession]:
    """A session with one turn, and a second window resuming it (read-only)."""
    _, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    writer = AgentSession.open(cfg)
    await writer.send("hello")
    reader = AgentSession.open(cfg, resume=writer.view.session_id)
    assert reader.view.read_only == READ_ONLY_LINE
    return writer, reader


async def test_a_memory_refresh_of_a_read_only_session_is_refused(agent_env):
    writer, reader = await _writer_and_reader(agent_env)
    sessions = SessionStore().count_sessions()

    with pytest.raises(OpenError) as refused:
        await reader.refresh_memory()

    assert str(refused.value) == READ_ONLY_LINE
    assert reader.view.session_id == writer.view.session_id
    assert SessionStore().count_sessions() == sessions
    await reader.close()
    await writer.close()


async def test_a_named_new_session_from_a_read_only_one_leaves_the_other_window_s_session_open(agent_env):
    writer, reader = await _writer_and_reader(agent_env)

    await reader.new_session(title="my own")

    assert not reader.view.read_only and reader.view.title == "my own"
    assert not SessionStore().get_session(writer.view.session_id).ended  # still the writer's, still open
    again = await writer.send("still mine")
    assert not again.failed
    await reader.close()
    await writer.close()


async def test_a_named_new_session_whose_lock_fails_leaves_the_current_one(agent_env, monkeypatch):
    _, make_cfg = agent_env
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    await agent.send("hello")
    before = (agent.view.session_id, agent.view.title, agent.view.messages)
    sessions = SessionStore().count_sessions()
    real_acquire = session_lock.acquire

    def acquire(session_id: str):
        if session_id != before[0]:
            raise OSError(37, "No locks available")  # ENOLCK, as on some network homes
        return real_acquire(session_id)

    monkeypatch.setattr(session_lock, "acquire", acquire)
    with pytest.raises(OSError):
        await agent.new_session(title="fresh start")

    assert (agent.view.session_id, agent.view.title, agent.view.messages) == before
    assert SessionStore().count_sessions() == sessions  # the half-made session was removed
    assert not agent.view.read_only
    other = AgentSession.open(make_cfg(memory={"review_interval": 0}), resume=before[0])
    assert other.view.read_only == READ_ONLY_LINE  # this process holds the session's lock again
    await other.close()
    monkeypatch.setattr(session_lock, "acquire", real_acquire)
    done = await agent.send("still here")
    assert not done.failed and done.session_id == before[0]
    await agent.close()
