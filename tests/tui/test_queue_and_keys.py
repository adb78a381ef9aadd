"""Typing while a reply streams: messages queue under the reply; Esc, Ctrl+C and scroll keys."""

from __future__ import annotations

from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, mid_reply, ready, submit, transcript_texts, wait_for

SLOW = "First paragraph of the answer.\n\n" + "\n\n".join(f"Paragraph {n}." for n in range(1, 60))
# The fake server reads a reply's chunk_delay before each chunk: a slow stream (up to ~40 s) is
# still streaming however long the test takes to act, and setting it to 0 lets it finish.
HELD = 0.5


def _idle(app) -> bool:
    return app.agent is not None and not app.turn_running() and not app.chat.busy


def _queued_bar(app):
    from hermes.tui.screens.chat import QueuedMessages

    return app.chat.query_one(QueuedMessages)


async def _streaming(pilot, app) -> None:
    await wait_for(pilot, lambda: any(i.kind == "assistant" and i.text for i in app.chat.transcript.items))


async def test_a_message_sent_while_a_reply_streams_is_queued_then_sent(chat_env):
    server, _ = chat_env
    first = Reply(text=SLOW, chunk_size=10, chunk_delay=HELD)
    server.queue(first, Reply(text="Second answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "first question")
        await _streaming(pilot, app)
        await submit(pilot, "follow-up question")
        await wait_for(pilot, lambda: app.chat.queued == ["follow-up question"])
        assert _queued_bar(app).display and "follow-up question" in str(_queued_bar(app).render())
        assert "follow-up question" not in transcript_texts(app)  # not drawn inside the reply
        assert app.agent.busy  # the first reply was still streaming when it was queued
        first.chunk_delay = 0  # now let the first reply end
        await wait_for(pilot, lambda: "Second answer." in transcript_texts(app) and _idle(app))
        texts = transcript_texts(app)
        first_reply = "".join(i.text for i in app.chat.transcript.items[:texts.index("follow-up question")]
                              if i.kind == "assistant")
        assert first_reply == SLOW  # the whole first reply came before the queued message
        assert texts.index("follow-up question") < texts.index("Second answer.")
        assert not _queued_bar(app).display
        assert len(server.requests_for("main")) == 2
        assert "follow-up question" in server.requests_for("main")[1]["messages"][-1]["content"]


async def test_escape_takes_a_queued_message_back_before_cancelling(chat_env):
    server, _ = chat_env
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await submit(pilot, "actually, shorter please")
        await wait_for(pilot, lambda: app.chat.queued == ["actually, shorter please"])
        await pilot.press("escape")  # first Esc: the queued message comes back to edit
        await wait_for(pilot, lambda: app.chat.prompt.text == "actually, shorter please")
        assert app.chat.queued == [] and not _queued_bar(app).display
        assert app.agent.busy  # the reply still runs
        await pilot.press("escape")  # second Esc: cancels the reply
        await wait_for(pilot, lambda: _idle(app))
        assert app.chat.prompt.text == "actually, shorter please"  # the draft is kept
        assert len(server.requests_for("main")) == 1


async def test_ctrl_c_cancels_a_reply_and_quits_only_on_a_second_press_when_idle(chat_env):
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: _idle(app))
        reply = [i for i in app.chat.transcript.items if i.kind == "assistant"][0]
        await wait_for(pilot, lambda: reply.meta.get("marker") == "cancelled")
        assert app.is_running  # cancelling a reply never quits

        await pilot.press("ctrl+c")  # idle: the first press only explains
        await wait_for(pilot, lambda: any("again to quit" in str(n.message) for n in app._notifications))
        assert app.is_running
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: not app.is_running)


async def test_sending_while_scrolled_up_follows_the_new_reply(chat_env):
    server, _ = chat_env
    long_reply = "\n\n".join(f"Line {n} of a long answer." for n in range(80))
    server.queue(Reply(text=long_reply, chunk_size=60), Reply(text=long_reply, chunk_size=60))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        transcript = app.chat.transcript
        await submit(pilot, "first")
        await wait_for(pilot, lambda: _idle(app) and "Line 79" in transcript_texts(app)[-1])
        await pilot.press("pageup", "pageup")
        await wait_for(pilot, lambda: not transcript.following)
        await submit(pilot, "second")
        await wait_for(pilot, lambda: _idle(app) and transcript_texts(app)[-2:-1] != ["second"]
                       and "Line 79" in transcript_texts(app)[-1])
        await wait_for(pilot, lambda: transcript.scroll_y == transcript.max_scroll_y)
        assert transcript.following


async def test_scroll_keys_work_from_the_input(chat_env):
    server, _ = chat_env
    long_reply = "\n\n".join(f"Line {n} of a long answer." for n in range(80))
    server.queue(Reply(text=long_reply, chunk_size=200))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        transcript = app.chat.transcript
        await submit(pilot, "first")
        await wait_for(pilot, lambda: _idle(app) and transcript.max_scroll_y > 0)
        await wait_for(pilot, lambda: transcript.scroll_y == transcript.max_scroll_y)
        assert app.chat.prompt.has_focus
        await pilot.press("home")  # empty input: Home scrolls the transcript to the top
        await wait_for(pilot, lambda: transcript.scroll_y == 0)
        await pilot.press("end")
        await wait_for(pilot, lambda: transcript.scroll_y == transcript.max_scroll_y)
        await pilot.press("ctrl+home")
        await wait_for(pilot, lambda: transcript.scroll_y == 0)
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: transcript.scroll_y > 0)
        await pilot.press("ctrl+end")
        await wait_for(pilot, lambda: transcript.scroll_y == transcript.max_scroll_y)
        await pilot.press("a", "b", "home")  # with text, Home moves the cursor, not the view
        await wait_for(pilot, lambda: app.chat.prompt.cursor_location == (0, 0))
        assert transcript.scroll_y == transcript.max_scroll_y


async def test_ctrl_c_gives_queued_messages_back_to_the_input(chat_env):
    server, _ = chat_env
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await submit(pilot, "and then this")
        await wait_for(pilot, lambda: app.chat.queued == ["and then this"])
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: _idle(app) and app.chat.prompt.text == "and then this")
        assert app.chat.queued == [] and not _queued_bar(app).display
        assert len(server.requests_for("main")) == 1  # nothing was sent unseen


async def test_a_failed_reply_holds_the_queue_until_the_next_message(chat_env):
    server, _ = chat_env
    server.queue(Reply(status=500, error_message="the upstream model is on fire", delay=1.0),
                 Reply(text="Retried fine."), Reply(text="Queued one answered."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "will this work?")
        await wait_for(pilot, lambda: app.agent.busy)
        await submit(pilot, "queued meanwhile")
        await wait_for(pilot, lambda: app.chat.prompt.text == "will this work?")  # back for a retry
        await wait_for(pilot, lambda: "held" in str(_queued_bar(app).render()))
        assert app.chat.queued == ["queued meanwhile"]
        await pilot.press("enter")  # the retry goes first, then the held message
        await wait_for(pilot, lambda: "Queued one answered." in transcript_texts(app) and _idle(app))
        texts = transcript_texts(app)
        assert texts.index("Retried fine.") < texts.index("queued meanwhile") < texts.index("Queued one answered.")
        assert not _queued_bar(app).display


async def test_a_second_enter_right_after_the_first_is_queued_not_sent_beside_it(chat_env):
    """The screen marks a turn as running the moment it asks for one, before the app has
    started it: two messages entered back to back go out one after the other."""
    server, _ = chat_env
    server.queue(Reply(text="First answer."), Reply(text="Second answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.chat.prompt.insert("one")
        await pilot.press("enter")  # no wait for the app between the two
        app.chat.prompt.insert("two")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Second answer." in transcript_texts(app) and _idle(app))
        requests = server.requests_for("main")
        assert len(requests) == 2
        # the second was sent after the first reply ended: that reply is in its history
        assert [m["content"] for m in requests[1]["messages"][-3:]] == ["one", "First answer.", "two"]
