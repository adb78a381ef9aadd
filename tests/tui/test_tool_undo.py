"""/undo in the app, on a real edit: the model proposes it, the person allows it in the pane,
/undo puts the file back, and /undo after the person changed the file says so and keeps it."""

from __future__ import annotations

from pathlib import Path

from hermes.tui.approvals.tool_pane import ToolApprovalScreen
from tests.support.fake_llm import Reply, call
from tests.tui.conftest import SIZE, ChatEnv, make_app, mid_reply, ready, submit, transcript_texts, wait_for
from tests.tui.project_repo import SOURCE, notice_lines, read_the_pane

FIXED = SOURCE.replace("helo", "hello")
EDIT = call("edit_file", {"path": "greet.py", "old_text": "'helo'", "new_text": "'hello'"})


async def _approve_the_edit(env: ChatEnv, pilot, app) -> None:
    env.server.queue(Reply(tool_calls=[EDIT]), Reply(text="Fixed the typo."))
    await submit(pilot, "fix the typo in greet")
    await wait_for(pilot, lambda: any("waiting for approval" in t for t in notice_lines(app)))
    await pilot.press("ctrl+o")
    await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
    await read_the_pane(pilot)
    await pilot.press("a")
    await wait_for(pilot, lambda: "Fixed the typo." in transcript_texts(app))


async def test_undo_restores_the_file_the_agent_edited(chat_env, project: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await _approve_the_edit(chat_env, pilot, app)
        assert (project / "greet.py").read_text() == FIXED
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: "↶ Undone: greet.py is back as it was before the agent's last change."
                       in transcript_texts(app))
        assert (project / "greet.py").read_text() == SOURCE
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: any(t.startswith("↶ Nothing left to undo") for t in transcript_texts(app)))
        assert (project / "greet.py").read_text() == SOURCE


async def test_undo_after_the_file_changed_keeps_the_change_and_says_how(chat_env, project: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await _approve_the_edit(chat_env, pilot, app)
        (project / "greet.py").write_text(FIXED + "\n\ndef wave():\n    return 'bye'\n")  # the person's own edit
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: any(t.startswith("↶ Not undone: greet.py has changed since") for t in
                                          transcript_texts(app)))
        [line] = [t for t in transcript_texts(app) if t.startswith("↶ Not undone")]
        assert "git checkout -- greet.py" in line
        assert (project / "greet.py").read_text().endswith("return 'bye'\n")


async def test_undo_waits_for_the_running_reply(chat_env, project: Path):
    async with mid_reply(chat_env, "hello") as (app, pilot):
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: any(t.startswith("The agent is still working; /undo")
                                          for t in transcript_texts(app)))
        assert not any(t.startswith("↶") for t in transcript_texts(app))
