"""Ctrl+C in a pane behaves as in the chat: it closes the pane first (a y/n question first of
all), never quits while a pane or a reply is open, and decides nothing."""

from __future__ import annotations

from hermes.memory import list_pending
from hermes.tui.approvals.memory_pane import ApprovalScreen
from hermes.tui.screens.chat import ChatScreen
from hermes.tui.screens.memory_viewer import MemoryViewerScreen
from hermes.tui.screens.session_picker import SessionPickerScreen
from tests.support.fake_llm import Reply
from tests.tui.conftest import SIZE, make_app, mid_reply, ready, submit, transcript_texts, wait_for
from tests.tui.test_memory_panes import _stage, read_the_pane
from tests.tui.test_setup_and_startup import _setup_ready


def _quit_hint_shown(app) -> bool:
    return any("again to quit" in str(n.message) for n in app._notifications)


async def test_ctrl_c_in_the_approval_pane_takes_back_the_question_then_closes(chat_env):
    _stage("Likes emacs", target="user")
    _stage("Likes vim", target="user")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await read_the_pane(pilot)
        note = app.screen.query_one("#pending-result")
        await pilot.press("A")
        await wait_for(pilot, lambda: "Approve all 2 pending writes? y / n" in str(note.render()))
        await pilot.press("ctrl+c")  # the question goes first; nothing is decided
        await wait_for(pilot, lambda: "Nothing decided." in str(note.render()))
        assert isinstance(app.screen, ApprovalScreen)
        await pilot.press("ctrl+c")  # then the pane
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert len(list_pending(app.cfg.memory)) == 2 and app.is_running
        assert not _quit_hint_shown(app)  # closing a pane is not the first of two quit presses
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: _quit_hint_shown(app))
        assert app.is_running


async def test_ctrl_c_closes_the_memory_viewer_without_stopping_the_reply(chat_env):
    async with mid_reply(chat_env, "tell me a long story") as (app, pilot):
        await submit(pilot, "/memory")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen))
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert app.agent.view.busy and app.is_running  # the reply still runs
        await pilot.press("ctrl+c")  # now, in the chat, it cancels the reply
        await wait_for(pilot, lambda: not app.agent.view.busy)
        assert app.is_running


async def test_ctrl_c_closes_the_session_picker_and_the_setup_pane(chat_env):
    server, _ = chat_env
    server.queue(Reply(text="An answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "first question")
        await wait_for(pilot, lambda: "An answer." in transcript_texts(app))
        await submit(pilot, "/new")
        await wait_for(pilot, lambda: transcript_texts(app) == ["New session."])
        await submit(pilot, "/sessions")
        await wait_for(pilot, lambda: isinstance(app.screen, SessionPickerScreen))
        await pilot.press(*"fir")  # typed into the picker's filter
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert transcript_texts(app) == ["New session."]  # nothing was resumed

        await submit(pilot, "/setup")
        await wait_for(pilot, lambda: _setup_ready(app))
        await pilot.press("ctrl+c")  # the model field has focus, its text selected
        await wait_for(pilot, lambda: transcript_texts(app)[-1] == "Setup closed; nothing changed.")
        assert isinstance(app.screen, ChatScreen) and app.is_running
