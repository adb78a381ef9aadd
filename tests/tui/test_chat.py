"""The chat screen against the fake model server: streaming, tools, notices, errors, cancel."""

from __future__ import annotations

from hermes.memory import read_entries
from hermes.tui.widgets.reply import AssistantMessage
from tests.support.fake_llm import Reply, call
from tests.tui.conftest import SIZE, make_app, mid_reply, ready, submit, transcript_texts, wait_for

REPLY = "Here is **bold** text.\n\n```python\nprint('hi')\n```\n\nThat is all."


def _idle(app) -> bool:
    return app.agent is not None and not app.agent.busy and not app.chat.busy


async def test_sending_a_message_shows_the_streamed_reply(chat_env):
    server, _ = chat_env
    server.queue(Reply(text=REPLY, chunk_size=4, chunk_delay=0.005))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.prompt.has_focus
        await submit(pilot, "Show me some code")
        await wait_for(pilot, lambda: REPLY in transcript_texts(app) and _idle(app))
        replies = list(app.chat.transcript.query(AssistantMessage))
        assert len(replies) == 1 and replies[0].source == REPLY
        assert transcript_texts(app)[0] == "Show me some code"
        assert app.chat.prompt.text == ""  # sent, so the input is empty again
        assert app.chat.status_info.output_tokens > 0
        assert "Show me some code" in server.requests[0]["messages"][-1]["content"]


async def test_a_tool_call_is_shown_as_a_tool_line(chat_env):
    server, _ = chat_env
    server.queue(
        Reply(tool_calls=[call("memory", {"action": "add", "target": "user",
                                          "content": "Prefers tabs"})]),
        Reply(text="Noted."),
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I prefer tabs")
        await wait_for(pilot, lambda: "Noted." in transcript_texts(app))
        tool_lines = [i.text for i in app.chat.transcript.items if i.kind == "tool"]
        assert len(tool_lines) == 1
        assert tool_lines[0].startswith("🧠 memory") and "Prefers tabs" in tool_lines[0]
        kinds = [i.kind for i in app.chat.transcript.items]
        assert kinds.index("tool") < kinds.index("assistant")  # the reply continues below it


async def test_memory_updated_notice_appears_after_the_background_review(chat_env):
    server = chat_env.server
    chat_env.review_replies.append(
        Reply(text='[{"action": "add", "target": "memory", "content": "Repo uses tabs"}]'))
    server.queue(Reply(text="Sure."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "Our repo uses tabs.")
        await wait_for(pilot, lambda: "💾 Memory updated" in transcript_texts(app))
        assert read_entries(app.cfg.memory, "memory") == ["Repo uses tabs"]


async def test_the_gauge_moves_after_a_memory_write(chat_env):
    server, _ = chat_env
    fact = "The deploy pipeline runs on GitHub Actions with a matrix of three Pythons. " * 15
    server.queue(
        Reply(tool_calls=[call("memory", {"action": "add", "target": "memory", "content": fact})]),
        Reply(text="Saved."),
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.status_info.memory_pct == 0
        # a statement, not a remember request (which Hermes saves itself from the words)
        await submit(pilot, "This is how we deploy: " + fact.strip())
        await wait_for(pilot, lambda: "Saved." in transcript_texts(app))
        expected = len(fact.strip()) * 100 // 2200
        assert expected > 40
        await wait_for(pilot, lambda: app.chat.status_info.memory_pct == expected)
        assert f"MEM {expected}%" in str(app.chat.status.render())


async def test_a_provider_error_is_one_line_and_the_input_is_kept(chat_env):
    server, _ = chat_env
    server.queue(Reply(status=500, error_message="the upstream model is on fire"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "Will this work?")
        await wait_for(pilot, lambda: any(i.kind == "error" for i in app.chat.transcript.items))
        errors = [i.text for i in app.chat.transcript.items if i.kind == "error"]
        assert len(errors) == 1 and "\n" not in errors[0]
        assert "upstream model is on fire" in errors[0]
        assert "Traceback" not in errors[0]
        await wait_for(pilot, lambda: app.chat.prompt.text == "Will this work?")
        # Enter sends it again as a retry: the user message is not stored twice.
        server.queue(Reply(text="Now it works."))
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Now it works." in transcript_texts(app))
        users = [m for m in app.agent.messages if m["role"] == "user"]
        assert len(users) == 1


async def test_escape_cancels_a_running_reply_and_keeps_the_partial_text(chat_env):
    async with mid_reply(chat_env, "Tell me a long story") as (app, pilot):
        await pilot.press("escape")
        await wait_for(pilot, lambda: not app.agent.busy)
        reply = [i for i in app.chat.transcript.items if i.kind == "assistant"][0]
        assert reply.text.startswith("Partial")
        await wait_for(pilot, lambda: reply.meta.get("marker") == "cancelled")
        # said in words in the transcript, not only by the reply's colour
        await wait_for(pilot, lambda: "⏹ cancelled — the reply was stopped here" in transcript_texts(app))


async def test_up_recalls_earlier_prompts(chat_env):
    server, _ = chat_env
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "first prompt")
        await wait_for(pilot, lambda: _idle(app))
        await submit(pilot, "second prompt")
        await wait_for(pilot, lambda: _idle(app))
        await pilot.press("up")
        await wait_for(pilot, lambda: app.chat.prompt.text == "second prompt")
        await pilot.press("up")
        await wait_for(pilot, lambda: app.chat.prompt.text == "first prompt")
        await pilot.press("down", "down")
        await wait_for(pilot, lambda: app.chat.prompt.text == "")


async def test_ctrl_j_inserts_a_newline_instead_of_sending(chat_env):
    server, _ = chat_env
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press("a", "ctrl+j", "b")
        await wait_for(pilot, lambda: app.chat.prompt.text == "a\nb")
        assert server.requests == []


async def test_a_message_sent_before_the_model_client_loads_waits_for_it(chat_env):
    import threading

    server, _ = chat_env
    release = threading.Event()
    app = make_app(preload=lambda: release.wait(30))
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "early bird")
        await wait_for(pilot, lambda: app.chat.busy.startswith("loading"))
        assert app.chat.prompt.has_focus  # the UI keeps working meanwhile
        await pilot.press("x")
        await wait_for(pilot, lambda: app.chat.prompt.text == "x")
        assert server.requests == []
        release.set()
        await wait_for(pilot, lambda: "OK." in transcript_texts(app) or any(
            i.kind == "assistant" for i in app.chat.transcript.items))
        assert server.requests and "early bird" in server.requests[0]["messages"][-1]["content"]


async def test_a_corrupt_state_db_shows_one_line_and_chat_still_works(chat_env, hermes_home):
    server, _ = chat_env
    (hermes_home / "state.db").write_bytes(b"this is not a database at all" * 100)
    server.queue(Reply(text="Still here."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        errors = [i.text for i in app.chat.transcript.items if i.kind == "error"]
        assert len(errors) == 1 and "history" in errors[0].lower()
        await submit(pilot, "hello?")
        await wait_for(pilot, lambda: "Still here." in transcript_texts(app))


async def test_a_long_reply_streams_into_several_widgets_that_add_up(chat_env):
    from hermes.tui.widgets.reply import SEGMENT_CHARS

    server, _ = chat_env
    paragraphs = [f"Paragraph {n}: " + "lorem ipsum dolor sit amet " * 6 for n in range(40)]
    text = "\n\n".join(paragraphs[:20]) + "\n\n```python\nprint('kept together')\n\n\nx = 1\n```\n\n" \
        + "\n\n".join(paragraphs[20:])
    assert len(text) > 4 * SEGMENT_CHARS
    server.queue(Reply(text=text, chunk_size=40))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "write a lot")
        await wait_for(pilot, lambda: _idle(app) and any(
            "Paragraph 39" in i.text for i in app.chat.transcript.items))
        parts = [i for i in app.chat.transcript.items if i.kind == "assistant"]
        assert len(parts) > 2
        assert "".join(p.text for p in parts) == text  # nothing lost or doubled at the seams
        assert any("print('kept together')\n\n\nx = 1" in p.text for p in parts)
        assert app.chat.transcript.following


async def test_the_view_follows_the_stream_unless_scrolled_up(chat_env):
    server, _ = chat_env
    long_reply = "\n\n".join(f"Line {n} of a long answer." for n in range(80))
    # the second reply streams slowly until the person has scrolled up (the fake server reads
    # chunk_delay before each chunk), so the scrolling happens mid-stream however loaded
    second = Reply(text=long_reply, chunk_size=30, chunk_delay=0.3)
    server.queue(Reply(text=long_reply, chunk_size=30, chunk_delay=0.03), second)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        transcript = app.chat.transcript
        await submit(pilot, "first")
        await wait_for(pilot, lambda: _idle(app) and "Line 79" in transcript_texts(app)[-1])
        # followed to the end (the last lines are laid out a moment after they arrive)
        await wait_for(pilot, lambda: transcript.max_scroll_y > 0
                       and transcript.scroll_y == transcript.max_scroll_y)

        await submit(pilot, "second")
        await wait_for(pilot, lambda: transcript.max_scroll_y > 0 and any(
            "Line 10 " in i.text for i in transcript.items[-3:] if i.kind == "assistant"))
        await pilot.press("pageup", "pageup")  # the person scrolls up to read
        await wait_for(pilot, lambda: not transcript.following)
        assert app.agent.busy  # mid-stream
        second.chunk_delay = 0.01
        await wait_for(pilot, lambda: _idle(app) and "Line 79" in transcript_texts(app)[-1])
        await pilot.pause()  # everything the end of the turn asked for is handled
        assert transcript.scroll_y < transcript.max_scroll_y  # the view stayed put


async def test_a_model_client_that_fails_to_load_is_one_line_and_keeps_the_input(chat_env):
    def broken_preload() -> None:
        raise ImportError("litellm is missing")

    app = make_app(preload=broken_preload)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: app.chat.prompt.text == "hello")
        await wait_for(pilot, lambda: any(i.kind == "error" for i in app.chat.transcript.items)
                       and not app.turn_running())
        await pilot.pause()  # the turn has ended: a second line would be on screen by now
        errors = [i.text for i in app.chat.transcript.items if i.kind == "error"]
        assert errors == ["The model client failed to load (litellm is missing). Reinstall Hermes "
                          "(pip install .) and see $HERMES_HOME/logs/hermes.log."]
