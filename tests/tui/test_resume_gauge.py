"""A resumed session's context gauge shows the conversation's size before any request (the
count runs in a thread after the session opens, so the transcript does not wait for it)."""

from __future__ import annotations

from hermes.agent import tokens
from hermes.agent.session import AgentSession
from hermes.config import load_config
from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, ready, wait_for


async def test_the_gauge_of_a_resumed_session_shows_its_size_without_a_request(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="A long answer about parsers. " * 40), model="main")
    earlier = AgentSession.open(load_config())
    await earlier.send("Tell me about parsers in detail.")
    sid = earlier.view.session_id
    await earlier.close()
    asked = len(server.requests_for("main"))

    app = make_app(resume=sid)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        agent = app.agent
        assert agent is not None and agent.view.session_id == sid
        expected = tokens.count_request(
            [{"role": "system", "content": agent.view.system_prompt}, *agent.view.messages],
            agent._current.conv.registry.schemas(), agent.view.model)
        await wait_for(pilot, lambda: app.chat.status_info.context_tokens == expected)
        assert expected > 200
        assert len(server.requests_for("main")) == asked  # counted, not asked of the model
