"""Naming and resuming sessions across app instances; themes switching, persisting, broken files."""

from __future__ import annotations

from pathlib import Path

from hermes.config import load_config
from hermes.sessions import SessionStore
from hermes.tui.screens.session_picker import SessionPickerScreen
from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, submit, transcript_texts, wait_for, ready


async def _chat_and_name(pilot, app, text: str, reply: str, name: str) -> str:
    await ready(app)
    await submit(pilot, text)
    await wait_for(pilot, lambda: reply in transcript_texts(app))
    await submit(pilot, f"/title {name}")
    await wait_for(pilot, lambda: app.chat.status_info.title == name)
    return app.agent.view.session_id


async def test_title_then_resume_by_name_from_a_new_app_instance(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="Use a trie."))
    first = make_app()
    async with first.run_test(size=SIZE) as pilot:
        sid = await _chat_and_name(pilot, first, "How do I do prefix search?", "Use a trie.",
                                   "search ideas")
        await first.action_quit()
    assert SessionStore().get_session(sid).title == "search ideas"

    second = make_app()
    async with second.run_test(size=SIZE) as pilot:
        await ready(second)
        assert transcript_texts(second) == []  # a fresh session
        await submit(pilot, "/resume search ideas")
        await wait_for(pilot, lambda: second.agent.view.session_id == sid)
        assert transcript_texts(second)[:2] == ["How do I do prefix search?", "Use a trie."]
        assert second.chat.status_info.title == "search ideas"
        # the conversation continues in the resumed session
        server.queue(Reply(text="Tries are fine."))
        await submit(pilot, "and for suffixes?")
        await wait_for(pilot, lambda: "Tries are fine." in transcript_texts(second))
    assert SessionStore().get_session(sid).message_count >= 4


async def test_new_with_a_name_already_taken_is_one_line_and_keeps_the_session(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="first answer"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        alpha_id = await _chat_and_name(pilot, app, "alpha question", "first answer", "alpha")
        await submit(pilot, "/new alpha")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Cannot start"))
        assert "alpha" in transcript_texts(app)[-1] and app.agent.view.session_id == alpha_id
        assert "alpha question" in transcript_texts(app)  # the conversation is still on screen


def _two_named_sessions() -> None:
    """"alpha" and then "beta", each with one question (beta is the most recent)."""
    with SessionStore() as store:
        for title in ("alpha", "beta"):
            sid = store.create_session(source="tui", model="m", system_prompt="s", cwd="/tmp", title=title)
            store.append_message(sid, "user", f"{title} question")


async def test_resume_on_the_command_line_opens_the_named_session(chat_env):
    _two_named_sessions()
    app = make_app(resume="alpha")  # `hermes --resume alpha`
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert "alpha question" in transcript_texts(app)
        assert "beta question" not in transcript_texts(app)
        await wait_for(pilot, lambda: app.chat.status_info.title == "alpha")


async def test_the_picker_lists_the_other_sessions_filters_and_resumes_one(chat_env):
    _two_named_sessions()
    app = make_app(resume="alpha")
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/sessions")
        await wait_for(pilot, lambda: isinstance(app.screen, SessionPickerScreen))
        picker = app.screen
        assert [r.title for r in picker.rows] == ["beta"]  # the open session is not listed
        await pilot.press(*"zzz")
        await wait_for(pilot, lambda: picker.query_one("#session-list").option_count == 1)
        assert "No session matches" in str(picker.query_one("#session-list").get_option_at_index(0).prompt)
        await pilot.press("backspace", "backspace", "backspace", *"beta", "enter")
        await wait_for(pilot, lambda: "beta question" in transcript_texts(app))
        await wait_for(pilot, lambda: app.chat.status_info.title == "beta")


async def test_continue_opens_the_most_recent_session(chat_env):
    _two_named_sessions()
    app = make_app(continue_last=True)  # `hermes -c`
    async with app.run_test(size=SIZE):
        await ready(app)
        assert "beta question" in transcript_texts(app)
        assert "alpha question" not in transcript_texts(app)


async def test_resuming_an_unknown_name_is_one_line(chat_env):
    app = make_app(resume="no such session")
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        errors = [i.text for i in app.chat.transcript.items if i.kind == "error"]
        assert len(errors) == 1 and "no such session" in errors[0]
        assert app.agent is not None  # a new session is open instead
        await pilot.pause()


async def test_theme_switches_and_persists(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.theme == "hermes-dark"
        dark_bg = app.chat.styles.background
        await submit(pilot, "/theme hermes-light")
        await wait_for(pilot, lambda: app.theme == "hermes-light")
        await wait_for(pilot, lambda: app.chat.styles.background != dark_bg)  # restyled
        assert load_config().display.theme == "hermes-light"
        await submit(pilot, "/theme no-such-theme")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Unknown theme"))
        assert app.theme == "hermes-light"
    again = make_app()
    async with again.run_test(size=SIZE):
        await ready(again)
        assert again.theme == "hermes-light"


async def test_user_themes_load_and_a_broken_one_is_reported_and_skipped(chat_env, hermes_home: Path):
    themes = hermes_home / "themes"
    themes.mkdir()
    (themes / "mine.yaml").write_text(
        "name: my-theme\ndark: true\ncolors:\n  primary: '#ff8800'\n  background: '#101010'\n")
    (themes / "broken.yaml").write_text("name: oops\ncolors:\n  primary: not-a-colour\n")
    app = make_app()
    notes: list[str] = []
    app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert "my-theme" in app.available_themes and "oops" not in app.available_themes
        warnings = [n for n in notes if "broken" in n]
        assert len(warnings) == 1 and "broken.yaml" in warnings[0] and "colour" in warnings[0]
        await submit(pilot, "/theme my-theme")
        await wait_for(pilot, lambda: app.theme == "my-theme")
        await submit(pilot, "/theme broken")  # names the file and the problem, keeps the theme
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Theme file broken.yaml"))
        assert "colour" in transcript_texts(app)[-1] and app.theme == "my-theme"


async def test_unknown_slash_command_gets_a_one_line_hint(chat_env):
    server, _ = chat_env
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/frobnicate now")
        await wait_for(pilot, lambda: bool(transcript_texts(app)))
        line = transcript_texts(app)[-1]
        assert line.startswith("Unknown command /frobnicate") and "/help" in line
        assert "\n" not in line
        await submit(pilot, "/clear extra")
        await wait_for(pilot, lambda: "takes no arguments" in transcript_texts(app)[-1])
        assert server.requests == []  # nothing reached the model


async def test_slash_completion_as_you_type(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press("/", "t")
        suggestions = app.chat.query_one("#suggestions")

        def shown() -> list[str]:
            return [suggestions.get_option_at_index(i).id for i in range(suggestions.option_count)]

        await wait_for(pilot, lambda: suggestions.display and shown() == ["/title", "/theme"])
        await pilot.press("down", "tab")
        await wait_for(pilot, lambda: app.chat.prompt.text == "/theme ")
        await pilot.press("h")
        await wait_for(pilot, lambda: app.chat.prompt.text == "/theme h" and "/theme hermes-light" in shown())
        await pilot.press("escape")
        await wait_for(pilot, lambda: not suggestions.display)


async def _one_turn(pilot, app) -> None:
    await ready(app)
    await submit(pilot, "What is the answer about quokkas?")
    await wait_for(pilot, lambda: "The answer is 42." in transcript_texts(app))


async def test_usage_counts_the_sessions_turns(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="The answer is 42."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _one_turn(pilot, app)
        await submit(pilot, "/usage")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("This session:"))
        assert " 1 turn · " in transcript_texts(app)[-1]


async def test_model_switches_the_model_and_retry_uses_the_new_one(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="The answer is 42."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _one_turn(pilot, app)
        await submit(pilot, "/model openai/other")
        await wait_for(pilot, lambda: app.chat.status_info.model == "openai/other")
        assert app.agent.view.model == "openai/other"
        await submit(pilot, "/model")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Model: openai/other"))
        server.queue(Reply(text="Again: 42."), model="other")
        await submit(pilot, "/retry")
        await wait_for(pilot, lambda: "Again: 42." in transcript_texts(app))
        assert any(r["model"] == "other" for r in server.requests)


async def test_compress_summarises_and_continues_in_a_new_session(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="The answer is 42."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _one_turn(pilot, app)
        first_session = app.agent.view.session_id
        await submit(pilot, "/compress")
        # one turn is on screen, so /compress summarises it and continues in a new session
        await wait_for(pilot, lambda: any("Conversation compressed:" in t
                                          for t in transcript_texts(app)))
        assert not any(t.startswith("Nothing to compress") for t in transcript_texts(app))
        assert app.agent.view.session_id != first_session


async def test_search_finds_the_session_left_with_new(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="The answer is 42."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _one_turn(pilot, app)
        first_session = app.agent.view.session_id
        await submit(pilot, "/new")
        await wait_for(pilot, lambda: transcript_texts(app) == ["New session."])
        await submit(pilot, "/search quokkas")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("Sessions matching"))
        # the session we left is listed by id, with the matching message as its snippet
        assert f"· {first_session}\n    What is the answer about **quokkas**?" in transcript_texts(app)[-1]


def _palette_highlights(app, usage: str) -> bool:
    """The command palette's highlighted hit (what Enter runs) is the command `usage`."""
    from textual.command import CommandList

    hits = app.screen.query(CommandList)
    if not hits or hits.first().highlighted is None:
        return False
    shown = hits.first().get_option_at_index(hits.first().highlighted).prompt
    return str(shown).startswith(usage)


async def test_the_command_palette_runs_a_slash_command(chat_env):
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"help")
        await wait_for(pilot, lambda: _palette_highlights(app, "/help"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(t.startswith("Commands:") for t in transcript_texts(app)))


async def test_the_command_palette_types_a_command_that_needs_an_argument(chat_env):
    from textual.command import CommandPalette

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"search past")
        await wait_for(pilot, lambda: _palette_highlights(app, "/search"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.chat.prompt.text == "/search ")
        assert transcript_texts(app) == []  # typed into the input, not run


async def test_retry_before_any_message_is_one_line(chat_env):
    """/retry with nothing sent is one line, and the app keeps running."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/retry")
        await wait_for(pilot, lambda: bool(transcript_texts(app))
                       and transcript_texts(app)[-1].startswith("Nothing to retry"))
        assert app.is_running and len(transcript_texts(app)[-1].splitlines()) == 1


async def test_title_renames_through_the_agent(chat_env):
    """/title renames through the agent, so `/title` shows the new name and no model title is
    asked for afterwards."""
    server, _ = chat_env
    server.queue(Reply(text="ok then"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "first message")
        await wait_for(pilot, lambda: "ok then" in transcript_texts(app))
        await submit(pilot, "/title release notes")
        await wait_for(pilot, lambda: app.chat.status_info.title == "release notes")
        assert app.agent.view.title == "release notes"
        await submit(pilot, "/title")
        await wait_for(pilot, lambda: transcript_texts(app)[-1] == "Title: release notes")
    assert SessionStore().get_session(app.agent.view.session_id).title == "release notes"


async def test_resume_completes_session_names_with_tab(chat_env):
    from hermes.sessions import SessionStore

    with SessionStore() as store:
        for title in ("auth refactor", "auth refactor #2", "release notes"):
            sid = store.create_session(source="tui", model="m", system_prompt="s", cwd="/tmp", title=title)
            store.append_message(sid, "user", f"about {title}")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press(*"/resume au")
        suggestions = app.chat.query_one("#suggestions")
        await wait_for(pilot, lambda: suggestions.display)
        shown = {suggestions.get_option_at_index(i).id for i in range(suggestions.option_count)}
        assert shown == {"/resume auth refactor", "/resume auth refactor #2"}
        await pilot.press(*"th refactor #")  # names with spaces keep completing
        await wait_for(pilot, lambda: suggestions.option_count == 1)
        await pilot.press("tab")
        await wait_for(pilot, lambda: app.chat.prompt.text == "/resume auth refactor #2 ")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "about auth refactor #2" in transcript_texts(app))
