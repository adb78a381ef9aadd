"""What the next request sees is what the conversation really is: a failed turn leaves no
orphan user message behind, and a resumed session reports its real size at once."""

from __future__ import annotations

from hermes.agent import tokens
from hermes.agent.events import Usage
from hermes.agent.session import AgentSession
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN, write_config
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply


def _users(body) -> list[str]:
    return [m["content"] for m in body["messages"] if m["role"] == "user"]


def _user_rows(sid):
    return [(m.content, m.finish_reason) for m in SessionStore().get_messages(sid) if m.role == "user"]


def test_chat_q_failed_then_resumed_sends_the_message_once(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    server.queue(Reply(status=401), model=MAIN)  # not retried: the turn fails at once
    first = _hermes(hermes_home, "chat", "-q", "what is a monad?")
    assert first.returncode == 1
    [store_session] = SessionStore().list_sessions()
    sid = store_session.id
    assert _user_rows(sid) == [("what is a monad?", "failed")]  # kept, and marked

    again = _hermes(hermes_home, "chat", "-q", "what is a monad?", "--resume", sid)
    assert again.returncode == 0, again.stderr
    assert _users(server.requests_for(MAIN)[-1]) == ["what is a monad?"]
    assert [r[0] for r in _user_rows(sid)] == ["what is a monad?", "what is a monad?"]


async def test_a_new_message_after_a_failure_replaces_the_orphan(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="first answer"), Reply(status=500), Reply(text="third answer"),
                 model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    assert (await agent.send("two")).failed
    await agent.send("three")
    assert _users(server.requests_for(MAIN)[-1]) == ["one", "three"]
    roles = [m["role"] for m in server.requests_for(MAIN)[-1]["messages"]]
    assert roles == ["system", "user", "assistant", "user"]
    sid = agent.view.session_id
    await agent.close()
    assert _user_rows(sid) == [("one", None), ("two", "failed"), ("three", None)]

    resumed = AgentSession.open(cfg, resume=sid)
    assert [m["content"] for m in resumed.view.messages if m["role"] == "user"] == ["one", "three"]
    await resumed.close()


async def test_a_retry_answers_the_failed_message_and_unmarks_it(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(status=500), Reply(text="answer"), model=MAIN)
    agent = AgentSession.open(cfg)
    assert (await agent.send("question")).failed
    done = await agent.retry()
    assert done is not None and done.text == "answer"
    assert _users(server.requests_for(MAIN)[-1]) == ["question"]
    sid = agent.view.session_id
    await agent.close()
    assert _user_rows(sid) == [("question", "retried")]


async def test_a_resumed_session_reports_its_context_size_at_once(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="A long answer about parsers. " * 40), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("Tell me about parsers in detail.")
    sid = agent.view.session_id
    await agent.close()

    resumed = AgentSession.open(cfg, resume=sid, on_event=recorder)
    await resumed.context_counted()
    [usage] = recorder.of(Usage)  # before any request
    expected = tokens.count_request(
        [{"role": "system", "content": resumed.view.system_prompt}, *resumed.view.messages],
        resumed._current.conv.registry.schemas(), cfg.model.name)
    assert usage.context_tokens == expected == resumed.view.context_tokens
    assert usage.context_tokens > 200 and usage.context_window > 0
    assert usage.session_input_tokens > 0  # the stored totals come with it
    assert len(server.requests_for(MAIN)) == 1
    await resumed.close()


async def test_a_turn_sent_before_the_resume_count_keeps_its_own_size(agent_env, recorder):
    """The resumed conversation is counted in a thread; a reply that lands first reports the size
    the provider saw, and the later count must not put the older size back on the gauge."""
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="First answer. " * 30), Reply(text="second answer"), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("first question")
    sid = agent.view.session_id
    await agent.close()

    resumed = AgentSession.open(cfg, resume=sid, on_event=recorder)
    await resumed.send("second question")
    await resumed.context_counted()
    last = recorder.of(Usage)[-1]
    assert last.input_tokens > 0  # the turn's own report is the last word
    assert resumed.view.context_tokens == last.context_tokens
    await resumed.close()


def test_without_an_event_loop_a_resumed_session_is_counted_at_once(agent_env, recorder):
    """Outside an event loop there is nothing to run the count beside: open() counts before
    it returns, and the Usage event is already out."""
    _, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    with SessionStore() as store:
        sid = store.create_session(source="cli", model=cfg.model.name,
                                   system_prompt="You are a test assistant.", cwd="/")
        store.append_message(sid, "user", "How do parsers work? " * 20)
        store.append_message(sid, "assistant", "They read tokens and build a tree. " * 20)

    resumed = AgentSession.open(cfg, resume=sid, on_event=recorder)
    [usage] = recorder.of(Usage)
    expected = tokens.count_request(
        [{"role": "system", "content": "You are a test assistant."}, *resumed.view.messages],
        resumed._current.conv.registry.schemas(), cfg.model.name)
    assert usage.context_tokens == expected == resumed.view.context_tokens
    assert resumed.view.context_tokens > 100
    resumed.history.store.close()
