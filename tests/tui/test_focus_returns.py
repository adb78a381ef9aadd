"""A pane never takes keystrokes meant for the input: after Tab or Shift+Tab onto a tool row,
or after a pane closes, what the person types lands in the input, and Esc brings focus back."""

from __future__ import annotations

from typing import Any

from hermes.agent import events as ev
from hermes.tui.widgets.tool_lines import ToolLine
from hermes.toolspec import ToolDisplay
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for

DIFF = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a = 1\n+a = 2\n"


def _with_tool_rows(app: Any) -> None:
    """Two finished edit lines in the transcript, the rows Tab reaches."""
    for n in (1, 2):
        call_id = f"c{n}"
        app.on_agent_event(ev.ToolStarted(call_id, "edit_file", {"path": "x.py"}, "edit x.py"))
        app.on_agent_event(ev.ToolFinished(call_id, "edit_file", True, "edit x.py", display=ToolDisplay(
            kind="edit", path="x.py", diff=DIFF, added=1, removed=1)))


def _rows(app: Any) -> list[ToolLine]:
    return [w for w in app.chat.transcript.rows if isinstance(w, ToolLine)]


async def test_typing_after_tab_shift_tab_and_esc_reaches_the_input():
    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        _with_tool_rows(app)
        await wait_for(pilot, lambda: len(_rows(app)) == 2)
        prompt = app.chat.prompt
        await pilot.press("tab")
        assert isinstance(app.focused, ToolLine)  # Tab still reaches the rows (Enter folds one)
        await pilot.press(*"hello")
        assert prompt.text == "hello" and app.focused is prompt
        prompt.clear()
        await pilot.press("shift+tab")
        assert isinstance(app.focused, ToolLine)
        await pilot.press(*"again")
        assert prompt.text == "again" and app.focused is prompt
        prompt.clear()
        await pilot.press("tab", "escape")  # Esc on a row: back to the input, nothing cancelled
        assert app.focused is prompt
        await pilot.press(*"after esc")
        assert prompt.text == "after esc"


async def test_enter_on_a_tool_row_still_folds_it_and_typing_goes_on_in_the_input():
    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        _with_tool_rows(app)
        await wait_for(pilot, lambda: len(_rows(app)) == 2)
        await pilot.press("tab")
        row = app.focused
        assert isinstance(row, ToolLine)
        before = row.item.meta.get("expanded", "")
        await pilot.press("enter")
        assert row.item.meta.get("expanded", "") != before
        await pilot.press(*"ok")
        assert app.chat.prompt.text == "ok"


async def _after_pane(pilot: Any, app: Any, line: str, pane: str) -> None:
    await submit(pilot, line)
    await wait_for(pilot, lambda: type(app.screen).__name__ == pane)
    await pilot.press("escape")
    await wait_for(pilot, lambda: app.screen is app.chat)
    for keys in (("tab",), ("shift+tab",), ("escape",)):
        app.chat.prompt.clear()
        await pilot.press(*keys, *"hi")
        assert app.chat.prompt.text == "hi", (pane, keys, app.focused)
    app.chat.prompt.clear()


async def test_typing_after_every_pane_closes_reaches_the_input(chat_env):
    server, _ = chat_env
    from tests.support.fake_llm import Reply

    server.queue(Reply(text="First answer."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: "First answer." in transcript_texts(app))
        _with_tool_rows(app)
        await wait_for(pilot, lambda: len(_rows(app)) == 2)
        await _after_pane(pilot, app, "/memory", "MemoryViewerScreen")
        await _after_pane(pilot, app, "/setup", "SetupScreen")
        await submit(pilot, "/help")
        await wait_for(pilot, lambda: any("Tab" in t and "Esc" in t for t in transcript_texts(app)))
        for keys in (("tab",), ("shift+tab",), ("escape",)):
            app.chat.prompt.clear()
            await pilot.press(*keys, *"hi")
            assert app.chat.prompt.text == "hi", keys


async def test_help_says_how_to_reach_and_leave_the_tool_rows():
    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/help")
        await wait_for(pilot, lambda: any("Commands:" in t for t in transcript_texts(app)))
        [text] = [t for t in transcript_texts(app) if "Commands:" in t]
        assert "Tab/Shift+Tab" in text and "Esc" in text and "back to the input" in text
