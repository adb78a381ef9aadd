"""The tool approval pane, used as a person would: a request waits, Ctrl+O, read, decide.

The tools are the real coding tools working in a temp git repository that is the app's
working directory (tests/tui/project_repo.py); the model's tool calls come from the fake server
through litellm and the turn loop, and what the tools did is checked on disk and in the tool
results the model got back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from hermes.tui.screens.pane import TYPING_NOTE
from hermes.tui.approvals.tool_pane import ToolApprovalScreen
from hermes.tui.approvals.tool_requests import ToolApprovals
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest
from tests.support.fake_llm import Reply, call, tool_results
from tests.tui.conftest import MAIN, SIZE, ChatEnv, make_app, ready, submit, transcript_texts, wait_for
from tests.tui.project_repo import SOURCE, notice_lines, pane_text, read_the_pane, type_keys


def results(env: ChatEnv) -> list[str]:
    """The tool results the model got back in its last request."""
    return tool_results(env.server.requests_for(MAIN)[-1])


@contextlib.asynccontextmanager
async def waiting_request(env: ChatEnv, *tool_calls: Any) -> AsyncIterator[tuple[Any, Any]]:
    """(app, pilot) with the model's first tool call waiting for approval."""
    env.server.queue(Reply(tool_calls=list(tool_calls)), Reply(text="All done."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "please fix the typo")
        await wait_for(pilot, lambda: any("waiting for approval" in t for t in notice_lines(app)))
        yield app, pilot


EDIT = call("edit_file", {"path": "greet.py", "old_text": "'helo'", "new_text": "'hello'"})


async def test_an_edit_waits_visibly_and_is_applied_once_allowed_in_the_pane(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        assert notice_lines(app) == ["⏸ edit greet.py +1 −1 — waiting for approval (Ctrl+O)"]
        assert app.screen is app.chat  # the pane never opens by itself
        assert "⏸ 1 to approve" in str(app.chat.status.render())
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        shown = pane_text(app)
        assert "-    return 'helo'" in shown and "+    return 'hello'" in shown
        assert str(project) in shown
        await read_the_pane(pilot)
        await pilot.press("a")
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))
        assert (project / "greet.py").read_text() == SOURCE.replace("helo", "hello")
        assert notice_lines(app) == ["✔ edit greet.py +1 −1 — allowed"]
        assert app.screen is app.chat
        assert "to approve" not in str(app.chat.status.render())


async def test_an_edit_denied_with_a_note_leaves_the_file_and_tells_the_model(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await read_the_pane(pilot)
        await pilot.press("n")
        await type_keys(pilot, "keep helo it is a name")  # letters of the note decide nothing
        assert isinstance(app.screen, ToolApprovalScreen) and len(app.tool_approvals.waiting) == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))
        assert (project / "greet.py").read_text() == SOURCE
        assert notice_lines(app) == ["✗ edit greet.py +1 −1 — denied: keep helo it is a name"]
        assert json.loads(results(chat_env)[0]) == {
            "success": False, "denied": True,
            "error": "The user denied this. Their note: keep helo it is a name"}


async def test_typing_while_a_request_waits_never_decides_it(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await type_keys(pilot, "and please add a test")  # a, d, n, p: the pane's keys
        await wait_for(pilot, lambda: app.chat.prompt.text == "and please add a test")
        assert app.screen is app.chat
        assert len(app.tool_approvals.waiting) == 1
        # Ctrl+O with a key right after it (typing that had already begun) decides nothing
        await pilot.press("ctrl+o", "a")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await wait_for(pilot, lambda: TYPING_NOTE in str(app.screen.query_one("#tool-request-note").render()))
        assert len(app.tool_approvals.waiting) == 1 and (project / "greet.py").read_text() == SOURCE
        await read_the_pane(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))
        assert notice_lines(app) == ["✗ edit greet.py +1 −1 — denied"]
        assert json.loads(results(chat_env)[0])["denied"] is True
        assert (project / "greet.py").read_text() == SOURCE
        assert app.chat.prompt.text == "and please add a test"  # the draft is still there


async def test_esc_on_the_chat_denies_the_waiting_request_and_ends_the_turn(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await read_the_pane(pilot)
        await pilot.press("escape")  # closes the pane; the request keeps waiting
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert len(app.tool_approvals.waiting) == 1
        await pilot.press("escape")  # on the chat: cancels the turn
        await wait_for(pilot, lambda: not app.turn_running())
        assert notice_lines(app) == ["✗ edit greet.py +1 −1 — denied (the turn was cancelled)"]
        assert app.tool_approvals.waiting == []
        assert (project / "greet.py").read_text() == SOURCE
        assert "to approve" not in str(app.chat.status.render())
        await submit(pilot, "are you there?")  # nothing hangs: the next turn gets its reply
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))


async def test_ctrl_c_in_the_pane_closes_it_and_the_request_keeps_waiting(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await read_the_pane(pilot)
        await pilot.press("ctrl+c")  # as Esc: closes the pane, decides nothing, quits nothing
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert app.is_running and len(app.tool_approvals.waiting) == 1
        assert (project / "greet.py").read_text() == SOURCE


async def test_a_request_cancelled_while_its_pane_is_open_closes_the_pane(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        app.cancel_reply()  # what Esc on the chat or quitting does
        await wait_for(pilot, lambda: app.screen is app.chat and not app.turn_running())
        assert (project / "greet.py").read_text() == SOURCE


async def test_a_command_shows_itself_and_its_folder_and_can_be_allowed_by_prefix(chat_env, project: Path):
    command = call("run_command", {"command": "pytest -q tests/test_greet.py"})
    async with waiting_request(chat_env, command) as (app, pilot):
        assert notice_lines(app) == ["⏸ $ pytest -q tests/test_greet.py — waiting for approval (Ctrl+O)"]
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        shown = pane_text(app)
        assert "$ pytest -q tests/test_greet.py" in shown
        assert f"in {project}" in shown
        assert "p allow “pytest” for this session" in str(app.screen.query_one("#tool-approval").border_subtitle)
        await read_the_pane(pilot)
        await pilot.press("p")
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))
        # the repository's test really ran, in the repository (it fails: the typo is still there)
        [ran] = results(chat_env)
        assert ran.startswith("exit code 1") and "1 failed" in ran
        assert notice_lines(app)[0].startswith("✔ $ pytest -q tests/test_greet.py — allowed; commands "
                                               "starting with “pytest”")
        # for the rest of the session, a pytest command runs without asking
        chat_env.server.queue(Reply(tool_calls=[call("run_command", {"command": "pytest -q"})]),
                              Reply(text="Ran it again."))
        await submit(pilot, "run them all")
        await wait_for(pilot, lambda: "Ran it again." in transcript_texts(app))
        assert len(notice_lines(app)) == 1 and app.tool_approvals.waiting == []
        assert results(chat_env)[-1].startswith("exit code 1")


async def test_an_edit_has_no_allow_prefix_key(chat_env, project: Path):
    async with waiting_request(chat_env, EDIT) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await read_the_pane(pilot)
        await pilot.press("p")
        await pilot.pause()
        assert len(app.tool_approvals.waiting) == 1 and isinstance(app.screen, ToolApprovalScreen)
        assert (project / "greet.py").read_text() == SOURCE
        await pilot.press("a")
        await wait_for(pilot, lambda: (project / "greet.py").read_text() == SOURCE.replace("helo", "hello"))


async def test_two_requests_in_one_reply_are_decided_one_after_the_other(chat_env, project: Path):
    command = call("run_command", {"command": "pytest -q"})
    async with waiting_request(chat_env, EDIT, command) as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await read_the_pane(pilot)
        await pilot.press("a")
        # the second call runs once the first is answered: it waits with its own line, and
        # the pane (closed when nothing was left) opens on it only when asked again
        await wait_for(pilot, lambda: "⏸ $ pytest -q — waiting for approval (Ctrl+O)" in notice_lines(app))
        assert app.screen is app.chat
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen)
                       and "$ pytest -q" in pane_text(app))
        await read_the_pane(pilot)
        await pilot.press("d")
        await wait_for(pilot, lambda: "All done." in transcript_texts(app))
        assert (project / "greet.py").read_text() == SOURCE.replace("helo", "hello")
        edited, denied = results(chat_env)
        assert json.loads(edited)["success"] is True and json.loads(denied)["denied"] is True
        assert notice_lines(app) == ["✔ edit greet.py +1 −1 — allowed", "✗ $ pytest -q — denied"]


async def test_a_request_asked_from_a_tool_thread_is_answered_on_the_app_loop():
    """A tool running in a worker thread with its own event loop still reaches the person."""
    shown: list[Any] = []
    approvals = ToolApprovals(shown.append, lambda item: None, lambda: None)
    approvals.bind_loop(asyncio.get_running_loop())
    request = ToolApprovalRequest(call_id="c1", tool="run_command", title="$ make", cwd="/tmp",
                                  command="make", prefix="make")
    in_thread = asyncio.create_task(asyncio.to_thread(asyncio.run, approvals.ask(request)))
    for _ in range(200):
        if approvals.first is not None:
            break
        await asyncio.sleep(0.01)
    assert approvals.first is not None and approvals.first.request is request and len(shown) == 1
    assert approvals.answer(approvals.first, ToolApprovalAnswer(Choice.ALLOW_PREFIX))
    answer = await asyncio.wait_for(in_thread, 10)
    assert answer.choice is Choice.ALLOW_PREFIX and approvals.waiting == []
