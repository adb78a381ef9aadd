"""Findings of the second day's trial (issue 27), each as a person meets it in the app."""

from __future__ import annotations

from typing import Any

from textual.command import CommandList, CommandPalette

from hermes.config import load_config
from hermes.sessions import SessionStore
from tests.support.fake_llm import Reply
from tests.tui.conftest import (
    SIZE,
    make_app,
    mid_reply,
    ready,
    submit,
    transcript_texts,
    wait_for,
)


async def test_search_in_the_app_finds_the_current_session(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="Use a bloom filter for that."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "how do I dedupe urls quickly")
        await wait_for(pilot, lambda: "Use a bloom filter for that." in transcript_texts(app))
        await submit(pilot, "/search bloom")
        await wait_for(pilot, lambda: any("bloom" in t.lower() and "/resume" in t
                                          for t in transcript_texts(app)))
        [found] = [t for t in transcript_texts(app) if t.startswith("Sessions matching")]
        assert app.agent.session_id in found
        assert not any(t.startswith("No sessions match") for t in transcript_texts(app))


async def test_a_cancelled_reply_still_says_cancelled_after_resume(chat_env):
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await pilot.press("escape")
        await wait_for(pilot, lambda: any(t.startswith("⏹ cancelled") for t in transcript_texts(app)))
        sid = app.agent.session_id
        await app.action_quit()
    assert [m.finish_reason for m in SessionStore().get_messages(sid) if m.role == "assistant"] \
        == ["cancelled"]
    again = make_app(resume=sid)
    async with again.run_test(size=SIZE) as pilot:
        await ready(again)
        await wait_for(pilot, lambda: any(t.startswith("⏹ cancelled") for t in transcript_texts(again)))
        assert not any("cut off" in t for t in transcript_texts(again))


async def test_theme_offers_one_list_and_the_palette_saves_the_choice(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/theme dracula")  # a Textual theme, not one of Hermes's
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Unknown theme 'dracula'"))
        assert app.theme == "hermes-dark"
        listed = transcript_texts(app)[-1].split("Available: ", 1)[1]
        assert listed == ", ".join(app.theme_names())
        app.action_change_theme()  # the palette's Theme entry
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await wait_for(pilot, lambda: _palette_options(app) == app.theme_names())
        await pilot.press(*"light")
        await wait_for(pilot, lambda: _palette_options(app) == ["hermes-light"])
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.theme == "hermes-light")
        assert load_config().display.theme == "hermes-light"
        assert "dracula" not in app.theme_names() and "hermes-high-contrast" in app.theme_names()


def _palette_options(app: Any) -> list[str]:
    options = app.screen.query(CommandList)
    if not options:
        return []
    listed = options.first()
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
