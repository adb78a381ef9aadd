"""Context compression into a continuation session `NAME #2`."""

from __future__ import annotations

import json

from hermes.agent import compress
from hermes.agent.events import Notice, SessionChanged
from hermes.agent.prompt import build_system_prompt
from hermes.agent.session import AgentSession
from hermes.memory import MemoryTool
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN, SUMMARY
from tests.support.fake_llm import Reply, system_prompt

LONG = " ".join(f"word{i}" for i in range(150))


async def test_small_context_window_forces_compression_into_a_child(agent_env, recorder):
    server, make_cfg = agent_env
    # the window holds the prompt, the kept turn and the new one, with room for a reply
    # (every request must fit: a smaller window compresses further or refuses)
    # (the window was sized for the memory and session_search schemas: no coding tools)
    cfg = make_cfg(model={"context_window": 1800}, memory={"review_interval": 0},
                   compression={"keep_recent_turns": 1, "threshold": 0.8},
                   tools={"enabled": False})
    server.queue(Reply(text="- The user plans a trip to Lisbon in May"), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("I am planning a trip to Lisbon. " + LONG)
    await agent.wait_background(timeout=30)  # the model title lands on the parent
    parent_id, parent_title = agent.session_id, agent.title
    assert parent_title == "A Short Test Title"
    parent_prompt = system_prompt(server.requests_for(MAIN)[0])
    MemoryTool(cfg.memory, origin="cli").dispatch(
        {"action": "add", "target": "user", "content": "Likes window seats"})

    for i in range(4):
        await agent.send(f"Turn {i}: more details. " + LONG)
        if recorder.of(SessionChanged):
            break
    changed = recorder.of(SessionChanged)
    assert changed and changed[0].reason == "compression"
    child_id = changed[0].session_id
    assert agent.session_id == child_id != parent_id
    store = SessionStore()
    child, parent = store.get_session(child_id), store.get_session(parent_id)
    assert child.parent_id == parent_id and child.title == f"{parent_title} #2"
    assert parent.end_reason == "compression"
    assert "The user plans a trip to Lisbon in May" in child.system_prompt
    assert "Likes window seats" in child.system_prompt  # a fresh memory snapshot
    assert "Likes window seats" not in parent_prompt
    summary_req = server.requests_for(SUMMARY)[0]
    assert "trip to Lisbon" in summary_req["messages"][-1]["content"]
    after = server.requests_for(MAIN)[-1]
    assert system_prompt(after) == child.system_prompt
    assert after["messages"][-1]["content"].startswith("Turn ")
    assert any(n.kind == "compression" for n in recorder.of(Notice))
    child_roles = [m.role for m in store.get_messages(child_id)]
    assert child_roles[0] == "user" and child_roles.count("user") == 2  # kept turn + new turn
    await agent.close()


async def test_compress_on_demand_and_resume_by_name_opens_the_newest(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, compression={"keep_recent_turns": 4})
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.new_session(title="trip planning")
    for text in ("first question", "second question"):
        await agent.send(text)
    parent = agent.session_id
    child = await agent.compress()
    assert child and child != parent and agent.title == "trip planning #2"
    assert "summary of earlier turns" in agent.system_prompt
    assert [m["content"] for m in agent.messages if m["role"] == "user"] == ["second question"]
    await agent.send("third question")
    await agent.close()
    resumed = AgentSession.open(cfg, resume="trip planning")
    assert resumed.session_id == child
    assert [m["content"] for m in resumed.messages if m["role"] == "user"] == [
        "second question", "third question"]
    await resumed.close()


async def test_compress_with_nothing_to_compress_returns_none(agent_env):
    _, make_cfg = agent_env
    agent = AgentSession.open(make_cfg())
    assert await agent.compress() is None
    await agent.close()


async def test_failed_summary_keeps_the_session(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(status=401), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("one")
    await agent.send("two")
    sid = agent.session_id
    assert await agent.compress() is None
    assert agent.session_id == sid
    assert any("Compression failed" in n.text for n in recorder.of(Notice))
    assert json.dumps(agent.messages).count('"user"') == 2
    await agent.close()


async def test_a_second_compression_after_resume_carries_the_first_summary(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, compression={"keep_recent_turns": 1})
    server.queue(Reply(text="- FIRST-SUMMARY: the user plans a trip to Lisbon in May"),
                 Reply(text="- SECOND-SUMMARY: hotels are booked"), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.new_session(title="lisbon")
    for text in ("first question", "second question"):
        await agent.send(text)
    first_child = await agent.compress()
    assert first_child and agent.title == "lisbon #2"
    await agent.close()

    resumed = AgentSession.open(cfg, resume="lisbon", on_event=recorder)
    assert resumed.session_id == first_child
    await resumed.send("third question")
    second_child = await resumed.compress()
    assert second_child and second_child != first_child and resumed.title == "lisbon #3"
    second_request = server.requests_for(SUMMARY)[1]["messages"][-1]["content"]
    assert "FIRST-SUMMARY: the user plans a trip to Lisbon in May" in second_request
    assert "SECOND-SUMMARY" in SessionStore().get_session(second_child).system_prompt
    await resumed.close()


def test_the_summary_is_read_back_from_the_prompt_it_was_written_into(agent_env):
    _, make_cfg = agent_env
    cfg = make_cfg()
    built = build_system_prompt(cfg, summary="- one\n- two")
    assert compress.summary_from_prompt(built.text) == "- one\n- two"
    assert compress.summary_from_prompt(build_system_prompt(cfg).text) == ""


async def _until(condition, timeout: float = 20.0) -> None:
    """Wait for a condition (polling the loop), failing after `timeout` seconds."""
    import asyncio

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), timeout)


async def test_cancel_stops_a_slow_compression_and_keeps_the_conversation(agent_env, recorder):
    import asyncio

    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, compression={"keep_recent_turns": 1})
    # a summary model that starts answering and then never finishes
    server.queue(Reply(text="- the user", hang=True), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    for text in ("first question", "second question"):
        await agent.send(text)
    sid, before = agent.session_id, agent.messages
    sessions_before = len(SessionStore().list_sessions())

    job = asyncio.create_task(agent.compress())
    await _until(lambda: bool(server.requests_for(SUMMARY)))
    assert agent.compressing and not job.done()
    agent.cancel()
    assert await asyncio.wait_for(job, 10) is None
    assert not agent.compressing
    assert agent.session_id == sid and agent.messages == before
    assert not recorder.of(SessionChanged)
    assert len(SessionStore().list_sessions()) == sessions_before
    assert [n.text for n in recorder.of(Notice) if "ompression" in n.text] == [
        "Compression cancelled: the conversation is unchanged."]
    # and the next compression works as usual
    server.queue(Reply(text="- the user asked two questions"), model=SUMMARY)
    assert await agent.compress() not in (None, sid)
    await agent.close()


async def test_cancel_during_the_compression_before_a_send_sends_nothing(agent_env, recorder):
    import asyncio

    from hermes.agent.events import TurnDone

    server, make_cfg = agent_env
    cfg = make_cfg(model={"context_window": 1800}, memory={"review_interval": 0},
                   compression={"keep_recent_turns": 1, "threshold": 0.3})
    # queued, so the compression gets it: a rule added here would come after the fixture's
    # quick summary rule, and the turn's cancel would then race the finished compression
    server.queue(Reply(text="- partial", hang=True), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    for text in ("first question", "second question"):  # one turn older than the kept one
        await agent.send(text)
    sid, before = agent.session_id, agent.messages
    main_requests = len(server.requests_for(MAIN))

    turn = asyncio.create_task(agent.send("third " + LONG))  # past the threshold: compresses
    await _until(lambda: bool(server.requests_for(SUMMARY)))
    assert agent.busy and not turn.done()  # the summary hangs: the send waits for it
    agent.cancel()
    done = await asyncio.wait_for(turn, 10)
    assert isinstance(done, TurnDone) and done.cancelled and done.unsent
    assert agent.session_id == sid and agent.messages == before
    assert len(server.requests_for(MAIN)) == main_requests  # the message never went out
    assert not recorder.of(SessionChanged)
    assert any(n.text.startswith("Compression cancelled") for n in recorder.of(Notice))
    await agent.close()


async def test_the_child_prompt_leaves_half_the_window_free(agent_env, recorder):
    from hermes.agent import tokens

    server, make_cfg = agent_env
    window = 1800
    cfg = make_cfg(model={"context_window": window}, memory={"review_interval": 0},
                   compression={"keep_recent_turns": 1})
    # a summary model that ignores max_tokens and answers far too long
    long_summary = " ".join(f"- Point {i}: the user said something worth keeping." for i in range(300))
    server.queue(Reply(text=long_summary), model=SUMMARY)
    agent = AgentSession.open(cfg, on_event=recorder)
    for text in ("first question", "second question"):
        await agent.send(text)
    assert await agent.compress()
    prompt = agent.system_prompt or ""
    assert "Point 0:" in prompt  # the summary's start is kept, cut and marked
    assert compress.TRUNCATED_MARK in prompt
    assert tokens.count_text(prompt, agent.model) <= window // 2
    await agent.close()
