"""The app opens a session another process writes read-only, says so, and sends nothing."""

from __future__ import annotations

from hermes.agent.session import AgentSession
from hermes.agent.session_lock import READ_ONLY_LINE
from hermes.config import load_config
from hermes.tui.widgets.prompt_input import PLACEHOLDER, READ_ONLY_PLACEHOLDER
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


async def test_resuming_a_session_open_elsewhere_is_read_only_until_new(chat_env):
    server, _ = chat_env
    other = AgentSession.open(load_config())  # "the other terminal"
    await other.send("hello from there")
    asked = len(server.requests_for("main"))

    app = make_app(resume=other.view.session_id)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert READ_ONLY_LINE in transcript_texts(app)
        assert app.chat.prompt.placeholder == READ_ONLY_PLACEHOLDER
        await submit(pilot, "from here")
        await wait_for(pilot, lambda: app.chat.prompt.text == "from here")  # kept, not sent
        assert len(server.requests_for("main")) == asked
        app.chat.prompt.set_text("")
        await submit(pilot, "/new")
        await wait_for(pilot, lambda: app.chat.prompt.placeholder == PLACEHOLDER)
        assert not app.agent.view.read_only
    await other.close()
