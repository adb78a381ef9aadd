"""model.llama_slots: on a llama.cpp server the conversation keeps slot 0 and background work
(the review, the title) goes to slot 1, with the prompt cache asked for; off, nothing of the
server's own is sent. The fields travel through litellm's real HTTP path to the fake."""

from __future__ import annotations

import pytest

from hermes.agent.session import AgentSession
from tests.agent.conftest import MAIN, REVIEW, TITLE
from tests.support.fake_llm import Reply


async def test_the_conversation_and_background_work_get_their_own_slots(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(model={"llama_slots": 2})
    server.add(Reply(text="Tabs it is."), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("I prefer tabs over spaces.")
    await agent.wait_background(timeout=30)
    await agent.close()
    main = server.requests_for(MAIN)[0]
    assert (main.get("id_slot"), main.get("cache_prompt")) == (0, True)
    background = server.requests_for(REVIEW) + server.requests_for(TITLE)
    assert background
    assert all((b.get("id_slot"), b.get("cache_prompt")) == (1, True) for b in background)


@pytest.mark.parametrize(("slots", "sent"), [(0, {}), (1, {"cache_prompt": True})])
async def test_without_two_slots_no_slot_is_named(agent_env, slots, sent):
    server, make_cfg = agent_env
    cfg = make_cfg(model={"llama_slots": slots}, memory={"review_interval": 0})
    server.add(Reply(text="ok"), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("hello")
    await agent.close()
    main = server.requests_for(MAIN)[0]
    assert {k: main[k] for k in ("id_slot", "cache_prompt") if k in main} == sent
