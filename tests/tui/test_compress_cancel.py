"""Esc cancels /compress like a reply: the summary request stops and the conversation stays."""

from __future__ import annotations

from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for

SUMMARY = "summary"
CANCELLED = "Compression cancelled: the conversation is unchanged."


def _idle(app) -> bool:
    return app.agent is not None and not app.agent.busy and not app.chat.busy


async def test_escape_cancels_a_slow_compress_and_the_app_takes_input_again(chat_env):
    server, configure = chat_env
    configure(compression={"model": server.model(SUMMARY)})
    server.add(Reply(text="- the user", hang=True), model=SUMMARY)  # a summary that never ends
    server.add(Reply(text="An answer."), model="main")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        for text in ("first question", "second question"):
            await submit(pilot, text)
            await wait_for(pilot, lambda: _idle(app) and not app.turn_running())
        sid, before = app.agent.session_id, app.agent.messages

        await submit(pilot, "/compress")
        await wait_for(pilot, lambda: bool(server.requests_for(SUMMARY))
                       and app.chat.busy == "compressing…")
        await pilot.press("escape")
        await wait_for(pilot, lambda: any(CANCELLED in t for t in transcript_texts(app)))
        await wait_for(pilot, lambda: _idle(app) and not app.agent.compressing)
        assert app.agent.session_id == sid and app.agent.messages == before
        assert not any("compressed:" in t for t in transcript_texts(app))
        assert sum(CANCELLED in t for t in transcript_texts(app)) == 1  # one line, no repeat

        await submit(pilot, "third question")  # the app takes input again
        await wait_for(pilot, lambda: transcript_texts(app).count("An answer.") == 3 and _idle(app))
        assert server.requests_for("main")[-1]["messages"][-1]["content"] == "third question"
        assert app.agent.session_id == sid


async def test_escape_during_the_compression_before_a_send_puts_the_message_back(chat_env):
    server, configure = chat_env
    configure(compression={"model": server.model(SUMMARY), "keep_recent_turns": 1, "threshold": 0.3},
              model={"context_window": 1800})
    server.add(Reply(text="- the user", hang=True), model=SUMMARY)
    server.add(Reply(text="An answer."), model="main")
    long_text = "third " + " ".join(f"word{i}" for i in range(150))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        for text in ("first question", "second question"):
            await submit(pilot, text)
            await wait_for(pilot, lambda: _idle(app) and not app.turn_running())
        sid, before = app.agent.session_id, app.agent.messages
        sent = len(server.requests_for("main"))

        await submit(pilot, long_text)  # past the threshold: compresses before sending
        await wait_for(pilot, lambda: bool(server.requests_for(SUMMARY)))
        await pilot.press("escape")
        await wait_for(pilot, lambda: any(CANCELLED in t for t in transcript_texts(app)))
        await wait_for(pilot, lambda: _idle(app) and not app.turn_running())
        assert app.chat.prompt.text == long_text  # back in the input, to send again or edit
        assert app.agent.session_id == sid and app.agent.messages == before
        assert len(server.requests_for("main")) == sent
