"""Every reply is bounded: max_tokens is sent, a stream that never ends is cut by
agent.reply_timeout or the repetition guard (the partial kept, marked interrupted), and a
reply cut at the token limit is said to be incomplete."""

from __future__ import annotations

from hermes.agent import limits
from hermes.agent.events import ErrorEvent, Notice
from hermes.agent.session import AgentSession
from hermes.config import ModelConfig
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN, write_config
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply


def _stored(sid):
    return [m for m in SessionStore().get_messages(sid) if m.role == "assistant"]


async def test_main_turns_send_a_reply_cap(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, model={"context_window": 4000})
    agent = AgentSession.open(cfg)
    await agent.send("hi")
    assert server.requests_for(MAIN)[-1]["max_tokens"] == 1000  # a quarter of the window
    await agent.close()
    cfg = make_cfg(memory={"review_interval": 0}, model={"max_tokens": 300})
    agent = AgentSession.open(cfg)
    await agent.send("hi again")
    assert server.requests_for(MAIN)[-1]["max_tokens"] == 300
    await agent.close()


def test_reply_token_cap_defaults():
    assert limits.reply_token_cap(ModelConfig(name="x"), 200_000) == 8192
    assert limits.reply_token_cap(ModelConfig(name="x", max_tokens=0), 8192) == 2048
    assert limits.reply_token_cap(ModelConfig(name="x"), 512) == limits.REPLY_CAP_MIN
    assert limits.reply_token_cap(ModelConfig(name="x", max_tokens=77), 8192) == 77


async def test_a_stream_that_never_ends_is_cut_by_reply_timeout(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"reply_timeout": 1.0})
    server.queue(Reply(text="Here goes: ", endless="word {n}, ", chunk_delay=0.01), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("count forever")
    assert done.interrupted and not done.failed
    [error] = recorder.of(ErrorEvent)
    assert "agent.reply_timeout" in error.message and "cut" in error.message
    [stored] = _stored(agent.session_id)
    assert stored.finish_reason == "interrupted" and stored.content.startswith("Here goes: word 0, ")
    # the session goes on
    server.queue(Reply(text="fine"), model=MAIN)
    assert (await agent.send("ok")).text == "fine"
    await agent.close()


async def test_a_looping_stream_is_cut_by_the_repetition_guard(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"reply_timeout": 120.0})
    server.queue(Reply(text="def f(", endless="tab(", chunk_size=3, chunk_delay=0.001), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("write code")
    assert done.interrupted
    [error] = recorder.of(ErrorEvent)
    assert "repeating" in error.message and "tab(" in error.message
    [stored] = _stored(agent.session_id)
    assert stored.finish_reason == "interrupted" and stored.content.startswith("def f(tab(tab(")
    await agent.close()


def test_repeated_span_finds_loops_not_prose():
    assert limits.repeated_span("x" + "tab(" * 600) in {"tab(", "(tab", "b(ta", "ab(t"}
    assert limits.repeated_span("\n" * 2000) is None  # blank lines are not a loop
    prose = " ".join(f"sentence number {i} says something new." for i in range(100))
    assert limits.repeated_span(prose) is None
    assert limits.repeated_span("ha" * 900) is None  # shorter than the window
    assert limits.repeated_span("A sentence that repeats. " * 60) is None  # 25 chars, 1500 in all


async def test_finish_reason_length_is_said_to_be_incomplete(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="The first half of an answer", finish_reason="length"), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("explain")
    assert done.truncated is True
    assert any("token limit" in n.text for n in recorder.of(Notice))
    [stored] = _stored(agent.session_id)
    assert stored.finish_reason == "length"
    assert not done.interrupted and not done.failed and done.text == "The first half of an answer"
    await agent.close()


def test_chat_q_exits_3_on_a_reply_cut_at_the_token_limit(agent_env, hermes_home):
    server, home = agent_env[0], hermes_home
    write_config(home, server)
    server.add(Reply(text="The first half", finish_reason="length"), model=MAIN)
    result = _hermes(home, "chat", "-q", "explain")
    assert result.returncode == 3
    assert result.stdout == "The first half\n"
    assert "cut at the token limit" in result.stderr
