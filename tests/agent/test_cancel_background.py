"""Esc in the app with no reply or compression running stops the background model requests; the review's
work is saved as a job (nothing lost) and runs at the next start."""

from __future__ import annotations

import asyncio
import json

from hermes.agent.events import Notice
from hermes.agent.jobs import jobs_dir
from hermes.agent.session import AgentSession
from tests.agent.conftest import MAIN, REVIEW, Recorder
from tests.support.fake_llm import Reply


async def test_stop_background_stops_a_slow_review_and_saves_it(agent_env) -> None:
    server, make_cfg = agent_env
    cfg = make_cfg()
    server.clear()
    server.add(Reply(text="[]", delay=30), model=REVIEW)  # a review that would take 30 s
    server.add(Reply(text="Title"), model="title")
    server.queue(Reply(text="OK."), model=MAIN)
    recorder = Recorder()
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("I prefer tabs")
    for _ in range(200):  # until the review request is on its way
        if server.requests_for(REVIEW):
            break
        await asyncio.sleep(0.02)
    assert agent.view.has_background_work
    agent.after_turn.stop()
    for _ in range(100):
        if not agent.view.has_background_work:
            break
        await asyncio.sleep(0.02)
    assert not agent.view.has_background_work  # stopped at once, not after 30 s
    saved = [json.loads(p.read_text()) for p in jobs_dir().glob("*.json")]
    [review] = [j for j in saved if j["kind"] == "review"]
    assert review["user_text"] == "I prefer tabs"
    assert [n.text for n in recorder.of(Notice) if "stopped" in n.text] == [
        "Background memory review stopped; it runs again at the next start."]
    await agent.close(wait_background=0)


async def test_stop_background_with_nothing_running_does_nothing(agent_env) -> None:
    _, make_cfg = agent_env
    recorder = Recorder()
    agent = AgentSession.open(make_cfg(), on_event=recorder)
    agent.after_turn.stop()
    assert recorder.of(Notice) == [] and not list(jobs_dir().glob("*.json"))
    await agent.close()
