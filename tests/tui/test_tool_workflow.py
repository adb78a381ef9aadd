"""Issue 15's "done when", as a person goes through it in the app.

In a temp git repository with a failing test, the person asks why it fails. The (fake) model
searches, reads, proposes a fix that the person reads as a diff and allows in the pane, runs
the test after the person allows that too, and saves the project's test command to memory: its
own words are saved at once, while a write that repeats a line of the file it read is staged
with "copied from file greet.py" and changes nothing until the person decides.
"""

from __future__ import annotations

import json
from pathlib import Path

from hermes.config import load_config
from hermes.memory import list_pending, read_entries
from hermes.tui.approvals.memory_pane import ApprovalScreen
from hermes.tui.approvals.tool_pane import ToolApprovalScreen
from tests.support.fake_llm import Reply, call, tool_results
from tests.tui.conftest import MAIN, SIZE, make_app, ready, submit, transcript_texts, wait_for
from tests.tui.project_repo import git, notice_lines, pane_text, read_the_pane

NOTE = "The nightly job publishes this module to the internal package index"
SOURCE = f"# {NOTE}.\n\n\ndef greet():\n    return 'helo'\n"
TEST_COMMAND = "Run the tests with pytest -q"


def script(server) -> None:
    server.queue(
        Reply(tool_calls=[call("search_files", {"pattern": "def test_x|def greet"})]),
        Reply(tool_calls=[call("read_file", {"path": "greet.py"})]),
        Reply(text="greet() returns 'helo' but the test expects 'hello'.",
              tool_calls=[call("edit_file", {"path": "greet.py", "old_text": "return 'helo'",
                                             "new_text": "return 'hello'"})]),
        Reply(tool_calls=[call("run_command", {"command": "pytest -q"})]),
        Reply(tool_calls=[
            call("memory", {"action": "add", "target": "memory", "content": TEST_COMMAND}),
            call("memory", {"action": "add", "target": "memory", "content": NOTE})]),
        Reply(text="Fixed: the typo in greet() made test_x fail; it passes now."))


async def test_why_does_test_x_fail(chat_env, project: Path):
    (project / "tests" / "test_greet.py").write_text(
        "from greet import greet\n\n\ndef test_x():\n    assert greet() == 'hello'\n")
    (project / "greet.py").write_text(SOURCE)
    git(project, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "test_x")
    server = chat_env.server
    script(server)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "why does test_x fail?")

        # the model searched and read without asking, then proposes the fix as a diff
        await wait_for(pilot, lambda: "⏸ edit greet.py +1 −1 — waiting for approval (Ctrl+O)" in notice_lines(app))
        assert "📄 read greet.py (1–5 of 5)" in transcript_texts(app)
        searched = tool_results(server.requests_for(MAIN)[1])[0]
        assert "greet.py:4:def greet():" in searched and "tests/test_greet.py:4:def test_x():" in searched
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        assert "-    return 'helo'\n+    return 'hello'" in pane_text(app)
        await read_the_pane(pilot)
        await pilot.press("a")

        # the test runs only once the person allows that too
        await wait_for(pilot, lambda: "⏸ $ pytest -q — waiting for approval (Ctrl+O)" in notice_lines(app))
        assert (project / "greet.py").read_text() == SOURCE.replace("'helo'", "'hello'")
        assert not any("passed" in r for r in tool_results(server.requests_for(MAIN)[-1]))
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen) and "$ pytest -q" in pane_text(app))
        await read_the_pane(pilot)
        await pilot.press("a")
        await wait_for(pilot, lambda: any("Fixed: the typo in greet() made test_x fail; it passes now." in t
                                          for t in transcript_texts(app)))
        assert [r for r in app.chat.transcript.rows if "$ pytest -q" in str(r.render())
                and "exit 0" in str(r.render())]

        ran = tool_results(server.requests_for(MAIN)[4])[-1]
        assert ran.startswith("exit code 0") and "1 passed" in ran
        saved, copied = (json.loads(r) for r in tool_results(server.requests_for(MAIN)[5])[-2:])
        # the model's own instruction, which the person never gave: it waits too
        assert saved["success"] is True and saved.get("staged") is True
        assert copied["staged"] is True and copied["reason"] == "copied from file greet.py"
        memory = load_config().memory
        assert read_entries(memory, "memory") == []
        # the file's words: waiting for the person
        [pending] = [p for p in list_pending(memory) if p.after == NOTE]
        assert pending.after == NOTE and pending.reason == "copied from file greet.py"
        [staged_line] = [t for t in transcript_texts(app) if t.startswith("💾 Memory change")
                         and "greet.py" in t]
        assert "copied from file greet.py" in staged_line and "Ctrl+O" in staged_line

        # Ctrl+O now opens the memory approvals, where the staged write waits
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))
