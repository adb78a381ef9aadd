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
        assert app.agent.view.session_id in found
        assert not any(t.startswith("No sessions match") for t in transcript_texts(app))


async def test_a_cancelled_reply_still_says_cancelled_after_resume(chat_env):
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await pilot.press("escape")
        await wait_for(pilot, lambda: any(t.startswith("⏹ cancelled") for t in transcript_texts(app)))
        sid = app.agent.view.session_id
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


async def test_quitting_leaves_a_resume_hint(chat_env):
    from hermes.tui.app import resume_hint

    server, _ = chat_env
    server.queue(Reply(text="Hi."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: "Hi." in transcript_texts(app))
        await submit(pilot, "/title day two")
        await wait_for(pilot, lambda: app.chat.status_info.title == "day two")
        await app.action_quit()
    assert app.resume_hint == "Resume this session with: hermes --resume 'day two'"
    assert resume_hint(None, "20261201_220000_abcdef") == \
        "Resume this session with: hermes --resume 20261201_220000_abcdef"


async def test_a_model_server_that_is_down_is_warned_about_at_start(chat_env):
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}/v1"
    chat_env.configure(model={"api_base": base})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: any("does not" in n.message or "refused" in n.message
                                          for n in app._notifications))
        [note] = [n.message for n in app._notifications if base in n.message]
        assert "Start it" in note and "Traceback" not in note
        assert app.chat.prompt.has_focus  # the warning took nothing from the input


async def test_the_memory_viewer_shows_writes_waiting_for_approval(chat_env):
    from hermes.memory import MemoryTool
    from hermes.tui.screens.memory_viewer import MemoryViewerScreen

    cfg = load_config()
    cfg.memory.write_approval = True
    tool = MemoryTool(cfg.memory, origin="tool", session_id=None)
    tool.call({"action": "add", "target": "user", "content": "Prefers tabs over spaces"})
    user_md = chat_env.home / "memories" / "USER.md"
    assert "Prefers tabs" not in (user_md.read_text() if user_md.exists() else "")  # staged only
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen)
                       and bool(app.screen.query(".store-pending")))
        [line] = [str(w.render()) for w in app.screen.query(".store-pending")]
        assert line.startswith("⏳ pending + Prefers tabs over spaces")
        assert "Ctrl+O" in line


async def test_setup_clears_the_old_providers_error_when_the_provider_changes(chat_env):
    from textual.widgets import Select

    from hermes.tui.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(app)
        await submit(pilot, "/setup")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#setup-provider", Select).value = "compatible"
        await wait_for(pilot, lambda: setup.query_one("#setup-base").display)
        setup.query_one("#setup-base").clear()
        setup.query_one("#setup-base").focus()
        await pilot.press("enter")
        error = setup.query_one("#setup-error")
        await wait_for(pilot, lambda: "API base is needed" in str(error.render()))
        assert error.region.bottom <= 24 and setup.query_one("#setup-save").region.bottom <= 24
        setup.query_one("#setup-provider", Select).value = "anthropic"
        await wait_for(pilot, lambda: not error.display)
        await pilot.press("escape")


async def test_letters_typed_in_one_burst_with_tab_land_in_the_next_setup_field(chat_env):
    """A terminal delivers `Tab a b c` at once: the focus moves before the letters arrive."""
    from textual import events
    from textual.widgets import Input

    from hermes.tui.screens.setup import SetupScreen

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(app)
        await submit(pilot, "/setup")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen)
                       and app.screen.query_one("#setup-model").has_focus)
        setup = app.screen
        model = setup.query_one("#setup-model").value
        for key, char in (("tab", "\t"), ("a", "a"), ("b", "b"), ("c", "c")):
            app.post_message(events.Key(key, char))  # queued together, as a burst arrives
        await wait_for(pilot, lambda: isinstance(app.focused, Input) and app.focused.id != "setup-model"
                       and "abc" in app.focused.value)
        assert setup.query_one("#setup-model").value == model  # nothing landed in the field left
