"""The context sent next equals what the transcript shows: /retry replaces the last answer
(kept in the history, marked replaced, never sent again), a failed message the person cleared
leaves the conversation, and a resumed session with changed memory can continue on it."""

from __future__ import annotations

from hermes.agent.events import ContextRewound, SessionChanged
from hermes.agent.session import AgentSession
from hermes.memory.memory_files import locked, write_entries_locked
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN, SUMMARY
from tests.support.fake_llm import Reply, call, system_prompt


def _sent(body) -> list[tuple[str, str]]:
    """(role, content) of a request after its system messages (the fixed prompt and the session's)."""
    return [(m["role"], m["content"] or "") for m in body["messages"] if m["role"] != "system"]


def _rows(sid) -> list[tuple[str, str, str | None]]:
    return [(m.role, m.content, m.finish_reason) for m in SessionStore().get_messages(sid)
            if m.role != "system"]


async def test_retry_after_an_answer_replaces_it_and_sends_the_question_once(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="first answer"), Reply(text="second answer"), Reply(text="third"),
                 model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("what is a monad?")
    done = await agent.retry()
    assert done is not None and done.text == "second answer"
    assert _sent(server.requests_for(MAIN)[1]) == [("user", "what is a monad?")]
    [rewound] = recorder.of(ContextRewound)
    assert rewound.what == "answer_replaced" and len(rewound.message_ids) == 1

    await agent.send("and a functor?")
    assert _sent(server.requests_for(MAIN)[2]) == [
        ("user", "what is a monad?"), ("assistant", "second answer"), ("user", "and a functor?")]
    sid = agent.view.session_id
    await agent.close()
    assert _rows(sid) == [("user", "what is a monad?", None),
                          ("assistant", "first answer", "replaced"),
                          ("assistant", "second answer", "stop"),
                          ("user", "and a functor?", None),
                          ("assistant", "third", "stop")]

    resumed = AgentSession.open(cfg, resume=sid)  # the replaced answer is history only
    assert [m["content"] for m in resumed.view.messages] == [
        "what is a monad?", "second answer", "and a functor?", "third"]
    await resumed.close()


async def test_retry_replaces_an_answer_with_tool_calls_entirely(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(tool_calls=[call("session_search", {"query": "parsers"})]),
                 Reply(text="found nothing"), Reply(text="plain answer"), model=MAIN)
    agent = AgentSession.open(cfg)
    # not a question about an earlier talk, which Hermes would answer with its own lookup first
    await agent.send("search the history for parsers")
    await agent.retry()
    assert _sent(server.requests_for(MAIN)[-1]) == [("user", "search the history for parsers")]
    assert [m["role"] for m in agent.view.messages] == ["user", "assistant"]
    sid = agent.view.session_id
    await agent.close()
    rows = _rows(sid)
    assert [(r[0], r[2]) for r in rows] == [("user", None), ("assistant", "replaced"),
                                            ("tool", "replaced"), ("assistant", "replaced"),
                                            ("assistant", "stop")]


async def test_retry_after_a_failure_calls_the_model_again_without_replacing(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="one answer"), Reply(status=500), Reply(text="two answer"), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    assert (await agent.send("two")).failed
    await agent.retry()
    assert _sent(server.requests_for(MAIN)[-1]) == [
        ("user", "one"), ("assistant", "one answer"), ("user", "two")]
    assert recorder.of(ContextRewound) == []  # nothing was taken back
    await agent.close()


async def test_a_cleared_failed_message_leaves_the_context(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="one answer"), Reply(status=500), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    assert (await agent.send("secret plan two")).failed
    assert agent.discard_failed()
    assert [e.what for e in recorder.of(ContextRewound)] == ["message_dropped"]
    assert [m["content"] for m in agent.view.messages] == ["one", "one answer"]
    assert not agent.discard_failed()  # only once

    await agent.compress()  # the next request: the summary does not see the cleared message
    [summary_request] = server.requests_for(SUMMARY)
    assert "secret plan two" not in str(summary_request["messages"])
    assert "one answer" in str(summary_request["messages"])
    parent = [s for s in SessionStore().list_sessions() if s.id != agent.view.session_id][0].id
    await agent.close()
    assert ("user", "secret plan two", "discarded") in _rows(parent)


async def test_a_cleared_failed_message_stays_out_after_resume(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="one answer"), Reply(status=500), Reply(text="next answer"), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("one")
    await agent.send("two")
    agent.discard_failed()
    sid = agent.view.session_id
    await agent.close()

    resumed = AgentSession.open(cfg, resume=sid)
    assert [m["content"] for m in resumed.view.messages] == ["one", "one answer"]
    assert await resumed.retry() is not None  # nothing failed at the end: replaces the answer
    assert _sent(server.requests_for(MAIN)[-1]) == [("user", "one")]
    await resumed.close()


async def test_retry_after_clearing_brings_the_failed_message_back(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="one answer"), Reply(status=500), Reply(text="two answer"), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    await agent.send("two")
    agent.discard_failed()
    done = await agent.retry()
    assert done is not None and done.text == "two answer"
    assert _sent(server.requests_for(MAIN)[-1]) == [
        ("user", "one"), ("assistant", "one answer"), ("user", "two")]
    assert [e.what for e in recorder.of(ContextRewound)] == ["message_dropped", "message_restored"]
    sid = agent.view.session_id
    await agent.close()
    assert [(r[1], r[2]) for r in _rows(sid) if r[0] == "user"] == [("one", None), ("two", "retried")]


def _remember(*entries: str) -> None:
    with locked(["memory"]):
        write_entries_locked("memory", list(entries))


async def test_memory_refresh_continues_with_the_current_memory(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="noted"), Reply(text="tabs it is"), model=MAIN)
    _remember("The project uses spaces.")
    agent = AgentSession.open(cfg)
    await agent.send("hello")
    agent.rename("style chat")
    sid = agent.view.session_id
    await agent.close()

    same = AgentSession.open(cfg, resume=sid)
    assert not same.view.memory_changed  # nothing changed yet
    await same.close()

    _remember("The project uses tabs.")
    resumed = AgentSession.open(cfg, resume=sid, on_event=recorder)
    assert resumed.view.memory_changed
    assert "spaces" in (resumed.view.system_prompt or "")  # the snapshot stays until asked
    child = await resumed.refresh_memory()
    assert child and child != sid and not resumed.view.memory_changed
    assert resumed.view.title == "style chat #2"
    assert recorder.of(SessionChanged)[-1].reason == "memory_refresh"
    await resumed.send("which indentation?")
    body = server.requests_for(MAIN)[-1]
    assert "The project uses tabs." in system_prompt(body)
    assert "spaces" not in system_prompt(body)
    assert _sent(body) == [("user", "hello"), ("assistant", "noted"), ("user", "which indentation?")]
    await resumed.close()
    parent = SessionStore().get_session(sid)
    assert parent.end_reason == "memory_refresh"
    assert SessionStore().get_session(child).parent_id == sid


async def test_memory_refresh_notices_memory_that_was_emptied(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="ok"), model=MAIN)
    _remember("Short-lived fact.")
    agent = AgentSession.open(cfg)
    await agent.send("hi")
    sid = agent.view.session_id
    await agent.close()
    _remember()
    resumed = AgentSession.open(cfg, resume=sid)
    assert resumed.view.memory_changed
    await resumed.close()


async def test_a_message_sent_again_from_the_input_never_replaces_an_answer(agent_env, recorder):
    """Enter on a message that came back to the input after a failure: when the conversation
    ends with it unanswered the model is asked again; when it never got into the conversation
    (nothing was sent, e.g. the model client had not loaded) it goes out as a new message."""
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="one answer"), Reply(status=500), Reply(text="two answer"),
                 Reply(text="three answer"), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    await agent.send("two")  # fails: back in the input
    await agent.retry("two")
    assert _sent(server.requests_for(MAIN)[-1]) == [
        ("user", "one"), ("assistant", "one answer"), ("user", "two")]
    await agent.retry("three")  # never reached the conversation: a new message
    assert _sent(server.requests_for(MAIN)[-1])[-3:] == [
        ("user", "two"), ("assistant", "two answer"), ("user", "three")]
    assert recorder.of(ContextRewound) == []  # no answer was replaced
    sid = agent.view.session_id
    await agent.close()
    assert [(r[1], r[2]) for r in _rows(sid) if r[0] == "user"] == [
        ("one", None), ("two", "retried"), ("three", None)]
