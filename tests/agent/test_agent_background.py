"""Background work after a turn: the memory review and the title, on their own models."""

from __future__ import annotations

import asyncio
import json
import threading

from hermes.agent.events import ApprovalStaged, Notice, TitleChanged
from hermes.agent.session import AgentSession
from hermes.memory import MemoryTool, list_pending, read_entries
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN, REVIEW, TITLE
from tests.support.fake_llm import Reply


def _ops(*ops: dict) -> Reply:
    return Reply(text=json.dumps(list(ops)))


async def test_review_writes_through_the_memory_tool_on_the_review_model(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(display={"memory_notifications": "verbose"})
    server.queue(_ops({"action": "add", "target": "user", "content": "Writes Rust all day"}),
                 model=REVIEW)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("I write Rust all day, help me with lifetimes.")
    assert await agent.wait_background(timeout=30)
    reviews = server.requests_for(REVIEW)
    assert len(reviews) == 1 and "tools" not in reviews[0]
    assert reviews[0].get("max_tokens") == 300  # background replies are capped
    assert "lifetimes" in reviews[0]["messages"][-1]["content"]
    assert read_entries(cfg.memory, "user") == ["Writes Rust all day"]
    notice = [n for n in recorder.of(Notice) if n.kind == "user"][0]
    assert notice.text == "User profile updated" and "Writes Rust all day" in notice.detail
    # the journal records the change as the review's
    from hermes.memory import history

    assert history(cfg)[0].origin == "review"
    # title: derived at once, then the model's
    titles = [t.title for t in recorder.of(TitleChanged)]
    assert titles[0].startswith("I write Rust all day") and titles[-1] == "A Short Test Title"
    assert SessionStore().get_session(agent.view.session_id).title == "A Short Test Title"
    assert len(server.requests_for(TITLE)) == 1
    await agent.close()


async def test_review_saves_nothing_when_nothing_is_worth_it_and_notices_off(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(display={"memory_notifications": "off"})
    server.queue(_ops({"action": "add", "target": "memory", "content": "Repo uses tabs"}),
                 model=REVIEW)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("Our repo uses tabs.")
    await agent.wait_background(timeout=30)
    assert read_entries(cfg.memory, "memory") == ["Repo uses tabs"]
    assert not [n for n in recorder.of(Notice) if n.kind in ("memory", "user")]
    await agent.send("thanks")  # the default review reply is []: nothing more is written
    await agent.wait_background(timeout=30)
    assert read_entries(cfg.memory, "memory") == ["Repo uses tabs"]
    await agent.close()


async def test_review_does_not_delay_the_next_turn(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(sessions={"title_model": ""}, memory={"review_model": "openai/review"})
    release = threading.Event()

    def held_review(body: dict) -> Reply:
        release.wait(60)
        return Reply(text="[]")

    server.queue(held_review, model=REVIEW)
    agent = AgentSession.open(cfg, on_event=recorder)
    try:
        await agent.send("first message")
        await asyncio.to_thread(
            lambda: server.wait_for_requests(3, timeout=30))  # turn + title + held review
        assert len(server.requests_for(REVIEW)) == 1
        second = await agent.send("second message while the review still runs")
        assert not second.failed and second.text == "OK."
        assert not release.is_set()
        assert not await agent.wait_background(timeout=0)  # the held review is still pending
    finally:
        release.set()
    assert await agent.wait_background(timeout=30)
    await agent.close()


async def _review_replaces_and_removes(server, cfg, recorder) -> AgentSession:
    """Two user facts on disk; a turn whose review replaces one and removes the other."""
    seed = MemoryTool(cfg.memory, origin="cli")
    for fact in ("Prefers spaces for indentation", "Lives in Berlin"):
        assert seed.call({"action": "add", "target": "user", "content": fact})["success"]
    server.queue(_ops(
        {"action": "replace", "target": "user", "old_text": "spaces",
         "content": "Prefers tabs for indentation"},
        {"action": "remove", "target": "user", "old_text": "Berlin"}), model=REVIEW)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("Actually I switched to tabs, and I moved away from Berlin.")
    await agent.wait_background(timeout=30)
    return agent


async def test_review_replace_and_remove_are_written_freely_by_default(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg()
    agent = await _review_replaces_and_removes(server, cfg, recorder)
    assert read_entries(cfg.memory, "user") == ["Prefers tabs for indentation"]
    assert list_pending(cfg.memory) == [] and not recorder.of(ApprovalStaged)
    from hermes.memory import history

    assert [e.origin for e in history(cfg, 2)] == ["review", "review"]  # undo can revert them
    await agent.close()


async def test_review_replace_and_remove_are_staged_with_review_approval_destructive(
        agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_approval": "destructive"})
    agent = await _review_replaces_and_removes(server, cfg, recorder)
    assert read_entries(cfg.memory, "user") == ["Prefers spaces for indentation", "Lives in Berlin"]
    pending = list_pending(cfg.memory)
    assert sorted(p.action for p in pending) == ["remove", "replace"]
    staged = recorder.of(ApprovalStaged)
    assert sorted(s.action for s in staged) == ["remove", "replace"]
    assert {s.pending_id for s in staged} == {p.id for p in pending}
    # each UI shows one line per ApprovalStaged (and updates it); no second, static notice
    assert not any("approval" in n.text for n in recorder.of(Notice))
    assert "Lives in Berlin" in server.requests_for(REVIEW)[0]["messages"][-1]["content"]
    await agent.close()


async def test_failed_title_call_changes_nothing(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(status=500), Reply(status=500), model=TITLE)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("Plan the database migration")
    await agent.wait_background(timeout=30)
    assert not done.failed
    assert SessionStore().get_session(agent.view.session_id).title == "Plan the database migration"
    assert [t.title for t in recorder.of(TitleChanged)] == ["Plan the database migration"]
    assert agent.view.background_errors and agent.view.background_errors[0][0] == "title"
    assert len(server.requests_for(MAIN)) == 1
    await agent.close()


async def test_review_and_title_share_one_call_on_the_same_model(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_model": ""}, sessions={"title_model": ""})
    from hermes.agent.background import REVIEW_PROMPT

    server.add(Reply(text='TITLE: "Rust Lifetimes Help."\n'
                          '[{"action":"add","target":"user","content":"Writes Rust"}]'),
               model=MAIN, match=lambda b: b["messages"][0]["content"].startswith(
                   REVIEW_PROMPT[:40]))
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("I write Rust; explain lifetimes briefly.")
    await agent.wait_background(timeout=30)
    assert len(server.requests_for(MAIN)) == 2  # the turn, then one review+title call
    assert agent.view.title == "Rust Lifetimes Help"
    assert read_entries(cfg.memory, "user") == ["Writes Rust"]
    await agent.send("and borrowing?")  # later turns: review only, no title instruction
    await agent.wait_background(timeout=30)
    last = server.requests_for(MAIN)[-1]
    assert last["messages"][0]["content"] == REVIEW_PROMPT
    await agent.close()


async def test_title_comes_after_the_first_successful_turn(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(status=401), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    failed = await agent.send("Sketch a backup plan for the NAS")
    assert failed.failed and agent.view.title == "Sketch a backup plan for the NAS"  # derived at once
    assert not server.requests_for(TITLE)
    await agent.retry()
    await agent.wait_background(timeout=30)
    assert agent.view.title == "A Short Test Title" and len(server.requests_for(TITLE)) == 1
    await agent.send("more")
    await agent.wait_background(timeout=30)
    assert len(server.requests_for(TITLE)) == 1  # titled once
    await agent.close()


async def test_review_sees_what_tools_did_and_the_keeping_rules(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg()
    from tests.support.fake_llm import call

    server.queue(Reply(tool_calls=[call("memory", {"action": "add", "target": "memory",
                                                   "content": "CI runs on Fridays"})]),
                 Reply(text="Saved."), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("CI runs on Fridays. Don't remember my phone number 555-0100.")
    await agent.wait_background(timeout=30)
    review = server.requests_for(REVIEW)[0]["messages"]
    rules, excerpt = review[0]["content"], review[-1]["content"]
    assert "the user stated or a tool showed" in rules and "asked to forget" in rules
    assert 'Tools: memory +memory "CI runs on Fridays" → saved' in excerpt
    assert "Saved." not in excerpt  # facts come from the user and the tools, not the reply
    assert "CI runs on Fridays" in excerpt.split("Memory now:")[1]  # live memory, not frozen
    await agent.close()
