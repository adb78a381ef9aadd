"""One writer per session: a second opener gets it read-only, with one clear line."""

from __future__ import annotations

import stat

from hermes.agent import session_lock
from hermes.agent.events import ErrorEvent
from hermes.agent.session import AgentSession
from tests.agent.conftest import write_config
from tests.agent.test_chat_cli import _hermes


async def test_a_second_session_on_the_same_id_is_read_only(agent_env, hermes_home):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    first = AgentSession.open(cfg)
    done = await first.send("hello")
    assert not done.failed and not first.view.read_only
    sid = first.view.session_id
    lock_file = hermes_home / "locks" / f"{sid}.lock"
    assert stat.S_IMODE(lock_file.stat().st_mode) == 0o600

    errors: list[ErrorEvent] = []
    second = AgentSession.open(cfg, resume=sid, on_event=lambda e: errors.append(e)
                               if isinstance(e, ErrorEvent) else None)
    assert second.view.read_only == session_lock.READ_ONLY_LINE
    before, asked = len(second.view.messages), len(server.requests)
    refused = await second.send("from the other window")
    assert refused.failed and [e.message for e in errors] == [session_lock.READ_ONLY_LINE]
    assert len(server.requests) == asked and len(second.view.messages) == before
    await second.close()

    again = await first.send("still mine")  # the writer is not disturbed by the reader
    assert not again.failed
    await first.close()

    third = AgentSession.open(cfg, resume=sid)  # released on close: writable again
    assert not third.view.read_only
    assert len(third.view.messages) == before + 2
    await third.close()


def test_a_lock_file_replaced_by_a_link_is_not_followed(hermes_home, tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    (hermes_home / "locks").mkdir(mode=0o700)
    (hermes_home / "locks" / "abc.lock").symlink_to(target)
    held = session_lock.acquire("abc")
    assert held is not None  # chat goes on unlocked, nothing written through the link
    held.release()
    assert target.read_text() == "keep"


async def test_chat_q_resume_of_a_session_open_elsewhere_says_so_and_sends_nothing(agent_env, hermes_home):
    server, make_cfg = agent_env
    write_config(hermes_home, server)
    cfg = make_cfg(memory={"review_interval": 0})
    first = AgentSession.open(cfg)
    await first.send("hello")
    sent = len(server.requests)
    done = _hermes(hermes_home, "chat", "-q", "sneak in", "--resume", first.view.session_id)
    assert done.returncode != 0
    assert "open in another Hermes window" in done.stderr
    assert "/new" not in done.stderr and "leave out --resume" in done.stderr  # shell words, not the app's
    assert len(done.stderr.strip().splitlines()) == 1
    assert len(server.requests) == sent
    await first.close()
