"""Redaction on the agent's real paths (fake server, litellm's HTTP path, real state.db): what
is stored loses only credentials, while the running conversation keeps what was said."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest

from hermes import paths
from hermes.agent import reply_store
from hermes.agent.session import AgentSession
from hermes.log import setup_logging
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call

TOKEN = "ghp_" + "Zq7Kx2Wm9Rt4Vb8Np3Lc6Hs1Jd5Gf0Ty7Qe2"
PASSWORD = "x8#Kq!2vLp9z"
CODE = 'token = jwt.encode(claims, private_key, algorithm="RS256")'


def _raw_db() -> bytes:
    return b"".join(p.read_bytes() for p in paths.hermes_home().glob("state.db*"))


def _assistant_rows(session_id: str) -> list:
    with SessionStore() as store:  # a second connection, as another process would read
        return [m for m in store.get_messages(session_id) if m.role == "assistant"]


async def test_the_model_sees_what_was_said_and_the_store_loses_only_the_credential(agent_env):
    server, make_cfg = agent_env
    server.queue(
        Reply(text="Noted.", tool_calls=[call("write_file", {"content": f'password: "{PASSWORD}"'})]),
        Reply(text="Done."), Reply(text="Sure."), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    first = f"Here is my code:\n{CODE}\nand my token {TOKEN}"
    await agent.send(first)
    await agent.send("and now?")
    sid = agent.view.session_id
    # the later request carries the original text: the user's message and the tool arguments
    later = server.requests_for(MAIN)[-1]["messages"]
    assert any(m.get("content") == first for m in later)
    sent_args = [c["function"]["arguments"] for m in later for c in m.get("tool_calls") or []]
    assert sent_args and PASSWORD in json.loads(sent_args[0])["content"]
    # the stored text differs only where the token was
    with SessionStore() as store:
        stored = store.get_messages(sid)
    assert stored[0].content == first.replace(TOKEN, "[REDACTED:github-token]")
    stored_args = json.loads(stored[1].tool_calls[0]["function"]["arguments"])
    assert stored_args == {"content": 'password: "[REDACTED:assigned-secret]"'}
    assert TOKEN.encode() not in _raw_db() and PASSWORD.encode() not in _raw_db()
    await agent.close()


async def test_a_streamed_token_is_never_checkpointed_in_part(agent_env, monkeypatch):
    monkeypatch.setattr(reply_store, "CHECKPOINT_SECONDS", 0.05)
    server, make_cfg = agent_env
    text = f"Use this one: {TOKEN} and keep it out of the repo. " + "More words follow here. " * 10
    server.queue(Reply(text=text, chunk_size=3, chunk_delay=0.01), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    await agent.new_session(title="checkpoint secret")
    task = asyncio.create_task(agent.send("give me the token"))
    seen: list[str] = []
    while not task.done():
        await asyncio.sleep(0.02)
        seen += [row.content for row in _assistant_rows(agent.view.session_id)]
    done = await task
    assert done.text == text
    assert len(set(seen)) > 2  # checkpoints were written while the reply streamed
    assert not [s for s in seen if "ghp_" in s or TOKEN[4:10] in s]
    (final,) = _assistant_rows(agent.view.session_id)
    assert final.content == text.replace(TOKEN, "[REDACTED:github-token]")
    await agent.close()


async def test_a_stream_broken_inside_a_token_stores_no_part_of_it(agent_env):
    server, make_cfg = agent_env
    text = f"The deploy token is {TOKEN} for now."
    cut = text.index(TOKEN) + 12  # the connection drops 12 characters into the token
    server.queue(Reply(text=text, chunk_size=4, drop_after_chars=cut), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0}))
    done = await agent.send("what is the token?")
    assert done.interrupted
    (row,) = _assistant_rows(agent.view.session_id)
    assert row.content == "The deploy token is [REDACTED:cut-off]"
    assert TOKEN[:12] in agent.view.messages[-1]["content"]  # the conversation keeps what arrived
    await agent.close()


async def test_a_provider_error_that_echoes_the_request_is_logged_redacted(agent_env):
    server, make_cfg = agent_env
    echo = json.dumps({"messages": [{"role": "user", "content": f'password: "{PASSWORD}" {TOKEN}'}]})
    server.queue(Reply(status=400, error_message=f"Invalid request body: {echo}"), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    setup_logging()
    logging.getLogger("hermes").setLevel(logging.DEBUG)
    done = await agent.send(f'password: "{PASSWORD}" {TOKEN}')
    assert done.failed
    for handler in logging.getLogger("hermes").handlers:
        handler.flush()
    log = (paths.log_path()).read_text()
    assert "rejected the request" in log or "failed" in log  # the error was logged
    assert PASSWORD not in log and TOKEN not in log and TOKEN[4:16] not in log
    await agent.close()


@pytest.mark.parametrize("cut_at", [20, 29])
async def test_the_derived_title_never_keeps_part_of_a_token(agent_env, cut_at):
    server, make_cfg = agent_env
    server.queue(Reply(text="ok"), model=MAIN)
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    prefix = "x" * (48 - 4 - cut_at - 1)  # puts the 48-character cut `cut_at` chars into the token
    await agent.send(f"{prefix} {TOKEN} and push the branch")
    with SessionStore() as store:
        title = store.get_session(agent.view.session_id).title or ""
    assert "ghp_" not in title and TOKEN[4:12] not in title
    await agent.close()
