"""A long paste shows as one label in the input; what is sent is the full text."""

from __future__ import annotations

from textual import events

from hermes.tui.widgets.prompt_input import expand_pastes, is_long_paste, paste_label
from tests.support.fake_llm import Reply, last_user_text
from tests.tui.conftest import MAIN, SIZE, make_app, ready, transcript_texts, wait_for

LOG = "".join(f"2026-12-01 11:{n // 60:02d}:{n % 60:02d} worker {n} started\n" for n in range(412))


async def paste(pilot, text: str) -> None:
    """What a terminal's bracketed paste delivers: the app forwards it to the focused input."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()


async def test_a_long_paste_is_collapsed_and_sent_in_full(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="Worker 7 never stopped."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        prompt = app.chat.prompt
        prompt.insert("why does this hang? ")
        await paste(pilot, LOG)
        await wait_for(pilot, lambda: "[Pasted" in prompt.text)
        assert prompt.text == "why does this hang? [Pasted 412 lines]"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Worker 7 never stopped." in transcript_texts(app))
        sent = last_user_text(server.requests_for(MAIN)[0])
        assert sent == "why does this hang? " + LOG  # exactly what was pasted
        assert prompt.text == ""


async def test_ctrl_g_puts_the_full_paste_back_into_the_input(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        prompt = app.chat.prompt
        await paste(pilot, LOG)
        await wait_for(pilot, lambda: prompt.text == "[Pasted 412 lines]")
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: prompt.text == LOG)


async def test_a_short_paste_goes_in_as_it_is(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await paste(pilot, "line one\nline two")
        await wait_for(pilot, lambda: app.chat.prompt.text == "line one\nline two")
        assert app.chat.prompt.pastes == {}


def test_which_pastes_collapse_and_how_they_are_labelled():
    assert is_long_paste("x\n" * 11) and not is_long_paste("x\n" * 10)
    assert is_long_paste("x" * 1001) and not is_long_paste("x" * 1000)
    assert paste_label("x" * 1500, set()) == "[Pasted 1,500 characters]"
    assert paste_label("a\nb\n" * 6, {"[Pasted 12 lines]"}) == "[Pasted 12 lines #2]"
    pastes = {"[Pasted 12 lines]": "A", "[Pasted 12 lines #2]": "B"}
    assert expand_pastes("[Pasted 12 lines] vs [Pasted 12 lines #2]", pastes) == "A vs B"


async def test_a_paste_with_cr_line_breaks_is_collapsed_too(chat_env):
    """tmux's paste-buffer -p (and many terminals) turn LF into CR: 30 such lines are still
    one label, and the text sent has ordinary line breaks."""
    server, _ = chat_env
    server.queue(Reply(text="Thirty lines received."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        prompt = app.chat.prompt
        await paste(pilot, "\r".join(f"line {n}" for n in range(30)) + "\r")
        await wait_for(pilot, lambda: prompt.text == "[Pasted 30 lines]")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Thirty lines received." in transcript_texts(app))
        sent = last_user_text(server.requests_for(MAIN)[0])
        assert sent == "\n".join(f"line {n}" for n in range(30)) + "\n"


async def test_a_short_cr_paste_goes_in_with_line_breaks(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await paste(pilot, "one\r\ntwo\rthree")
        await wait_for(pilot, lambda: app.chat.prompt.text == "one\ntwo\nthree")
