"""Transcript lines of the coding tools, drawn from the agent's events as a turn sends them.

Most tests hand the app the events the contract promises (ToolStarted → ToolOutput… →
ToolFinished(display=…)) the way the agent's callback hands them, to reach every shape of a
line; the last one runs the real tools through the turn loop in a temp repository. The person's
side (what shows, Enter and clicks) is real throughout.
"""

from __future__ import annotations

from typing import Any

from hermes.agent import events as ev
from hermes.toolspec import ToolCall
from hermes.tui.approvals.tool_pane import ToolApprovalScreen
from hermes.tui.stored_tool_lines import stored_tool_item
from hermes.toolspec import ToolDisplay
from hermes.tui.widgets.tool_lines import (
    EXPANDED_LINES,
    ToolLine,
    has_expandable_line,
    head_line,
    outcome_words,
    render_tool_item,
)
from tests.support.fake_llm import Reply, call
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for

DIFF = ("--- a/hermes/cli.py\n+++ b/hermes/cli.py\n@@ -1,3 +1,5 @@\n import sys\n"
        "-print('hi')\n+print('hello')\n+print('and more')\n+print('and even more')\n")


def tool_rows(app: Any) -> list[ToolLine]:
    return [w for w in app.chat.transcript.rows if isinstance(w, ToolLine)]


def shown(row: ToolLine) -> str:
    """The row's text as drawn on the screen (an expanded diff is a table: rendered at the
    row's width, trailing spaces dropped)."""
    from rich.console import Console
    from rich.text import Text

    content = row.content
    if isinstance(content, (str, Text)):
        return str(content)
    console = Console(width=row.size.width or 100, record=True, color_system=None)
    with console.capture() as captured:
        console.print(content)
    return "\n".join(line.rstrip() for line in captured.get().splitlines())


def _app() -> Any:
    return make_app(open_agent=False, preload=lambda: None)


async def test_a_command_streams_its_output_then_collapses_to_its_last_lines():
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.on_agent_event(ev.ToolStarted("c1", "run_command", {"command": "pytest -q"}, "run_command pytest -q"))
        for n in range(1, 21):
            app.on_agent_event(ev.ToolOutput("c1", f"line {n}\n"))
        await wait_for(pilot, lambda: tool_rows(app) and "line 20" in shown(tool_rows(app)[0]))
        row = tool_rows(app)[0]
        running = shown(row)
        assert running.startswith("$ pytest -q")
        assert "line 13" in running and "line 12" not in running  # the last 8 lines while it runs
        app.on_agent_event(ev.ToolFinished("c1", "run_command", True, "$ pytest -q", display=ToolDisplay(
            kind="command", command="pytest -q", exit_code=1, output_tail="line 20\n")))
        await wait_for(pilot, lambda: "exit 1" in shown(row))
        done = shown(row)
        assert done.splitlines()[0] == "$ pytest -q  exit 1  ▸"
        assert "line 18" in done and "line 17" not in done  # collapsed to its last lines
        await pilot.click(row)
        await wait_for(pilot, lambda: "line 1\n" in shown(row))
        assert "▾" in shown(row) and "line 17" in shown(row)
        assert app.focused is app.chat.prompt  # the click left the typing where it was
        await pilot.click(row)
        await wait_for(pilot, lambda: "line 17" not in shown(row))


async def test_an_edit_line_shows_its_counts_and_enter_expands_the_diff():
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.on_agent_event(ev.ToolStarted("e1", "edit_file", {"path": "hermes/cli.py"}, "edit hermes/cli.py"))
        app.on_agent_event(ev.ToolFinished("e1", "edit_file", True, "edit hermes/cli.py", display=ToolDisplay(
            kind="edit", path="hermes/cli.py", added=3, removed=1, diff=DIFF)))
        await wait_for(pilot, lambda: tool_rows(app) and "+3 −1" in shown(tool_rows(app)[0]))
        row = tool_rows(app)[0]
        assert shown(row) == "✏️ edit hermes/cli.py +3 −1  ▸"
        row.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "+print('and even more')" in shown(row))
        assert "-print('hi')" in shown(row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: shown(row) == "✏️ edit hermes/cli.py +3 −1  ▸")


async def test_a_read_line_names_the_lines_read():
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.on_agent_event(ev.ToolStarted("r1", "read_file", {"path": "hermes/cli.py"}, "read hermes/cli.py"))
        app.on_agent_event(ev.ToolFinished("r1", "read_file", True, "read hermes/cli.py", display=ToolDisplay(
            kind="read", path="hermes/cli.py", first=1, last=120, total=300)))
        await wait_for(pilot, lambda: tool_rows(app) and "of 300" in shown(tool_rows(app)[0]))
        assert shown(tool_rows(app)[0]) == "📄 read hermes/cli.py (1–120 of 300)"


async def test_a_denied_command_says_so_and_a_cancelled_one_stops_running():
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.on_agent_event(ev.ToolStarted("c1", "run_command", {"command": "rm -rf build"}, "rm -rf build"))
        app.on_agent_event(ev.ToolFinished("c1", "run_command", False, "denied", display=ToolDisplay(
            kind="command", command="rm -rf build", denied=True)))
        app.on_agent_event(ev.ToolStarted("c2", "run_command", {"command": "sleep 99"}, "sleep 99"))
        app.on_agent_event(ev.ToolOutput("c2", "waiting…\n"))
        app.on_agent_event(ev.ToolFinished("c2", "run_command", False, "run_command cancelled"))
        await wait_for(pilot, lambda: len(tool_rows(app)) == 2 and "cancelled" in shown(tool_rows(app)[1]))
        denied, cancelled = tool_rows(app)
        assert shown(denied) == "$ rm -rf build  denied"
        assert denied.has_class("-failed")
        assert shown(cancelled).splitlines()[0] == "$ sleep 99  cancelled  ▸"


def test_heads_and_outcomes_from_display_data():
    done = '{"success": true}'
    assert head_line(ToolCall("write_file", {"path": "notes.md"}, done, ToolDisplay(
        kind="write", path="notes.md", added=2, removed=0))) == "📝 write notes.md +2 −0"
    assert head_line(ToolCall("search_files", {"pattern": "TODO"}, "a.py:1:TODO", ToolDisplay(
        kind="search", total=4))) == '🔎 search "TODO" → 4 matches'  # the icon once
    assert head_line(ToolCall("list_files", {"glob": "*.py"}, "", ToolDisplay(kind="list", total=9))) \
        == "📁 list *.py → 9 files"
    denied = ToolDisplay(kind="edit", path="a.py", added=1, removed=1, denied=True)
    assert head_line(ToolCall("edit_file", {"path": "a.py"}, "", denied)) == "✏️ edit a.py"
    assert outcome_words(ToolDisplay(kind="command", exit_code=0), True) == "exit 0"
    assert outcome_words(ToolDisplay(kind="command", timed_out=True, exit_code=-9), False) == "timed out"
    assert outcome_words(ToolDisplay(), False) == "failed"
    assert has_expandable_line("run_command") and not has_expandable_line("memory")


async def test_a_long_output_expands_to_its_last_lines_and_says_what_is_left_out():
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        app.on_agent_event(ev.ToolStarted("c1", "run_command", {"command": "make"}, "make"))
        app.on_agent_event(ev.ToolOutput("c1", "".join(f"step {n}\n" for n in range(1, 1001))))
        app.on_agent_event(ev.ToolFinished("c1", "run_command", True, "make", display=ToolDisplay(
            kind="command", command="make", exit_code=0)))
        await wait_for(pilot, lambda: tool_rows(app) and "exit 0" in shown(tool_rows(app)[0]))
        row = tool_rows(app)[0]
        await pilot.click(row)
        await wait_for(pilot, lambda: "▾" in shown(row))
        text = shown(row)
        assert f"… {1000 - EXPANDED_LINES:,} earlier lines not shown" in text
        assert f"step {1001 - EXPANDED_LINES}\n" in text and f"step {1000 - EXPANDED_LINES}\n" not in text


COUNT_AND_FAIL = "python count.py 30"


async def test_the_real_tools_fill_their_lines_through_the_turn(chat_env, project):
    """The model calls the real tools in a temp repository; the lines come from their events."""
    chat_env.configure(tools={"auto_approve": ["python"]})  # the command runs without the pane
    (project / "count.py").write_text("import sys\n\nfor n in range(1, int(sys.argv[1]) + 1):\n"
                                      "    print('line', n)\nsys.exit(3)\n")
    chat_env.server.queue(Reply(tool_calls=[
        call("read_file", {"path": "greet.py"}), call("list_files", {"glob": "*.py"}),
        call("search_files", {"pattern": "helo"}), call("run_command", {"command": COUNT_AND_FAIL})]),
        Reply(text="Looked around."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "look at greet")
        await wait_for(pilot, lambda: "Looked around." in transcript_texts(app))
        await wait_for(pilot, lambda: len(tool_rows(app)) == 4)
        read, listed, searched, command = tool_rows(app)
        assert shown(read) == "📄 read greet.py (1–2 of 2)"
        assert shown(listed) == "📁 list *.py → 3 files"
        assert shown(searched) == '🔎 search "helo" → 1 match'
        lines = shown(command).splitlines()
        assert lines[0] == f"$ {COUNT_AND_FAIL}  exit 3  ▸"
        assert lines[1:] == ["line 28", "line 29", "line 30"]  # collapsed to its last lines
        assert command.has_class("-failed")
        await pilot.click(command)
        await wait_for(pilot, lambda: "▾" in shown(command))
        assert shown(command).splitlines()[1:] == [f"line {n}" for n in range(1, 31)]


async def test_a_resumed_session_shows_the_coding_tool_lines_as_they_were(chat_env, project):
    """Resuming rebuilds each line from the stored call and result: the same heads, the
    command's exit code and the output it ended with."""
    chat_env.configure(tools={"auto_approve": ["python"]})
    (project / "count.py").write_text("import sys\n\nfor n in range(1, int(sys.argv[1]) + 1):\n"
                                      "    print('line', n)\nsys.exit(3)\n")
    chat_env.server.queue(Reply(tool_calls=[
        call("read_file", {"path": "greet.py"}),
        call("edit_file", {"path": "greet.py", "old_text": "'helo'", "new_text": "'hello'"}),
        call("run_command", {"command": COUNT_AND_FAIL}), call("list_files", {"glob": "*.py"}),
        call("read_file", {"path": "../outside.txt"})]), Reply(text="Looked around."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "look at greet")
        await wait_for(pilot, lambda: "waiting for approval" in " ".join(transcript_texts(app)))
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await pilot.pause(ToolApprovalScreen.typing_gap + 0.05)
        await pilot.press("a")
        await wait_for(pilot, lambda: "Looked around." in transcript_texts(app))
        live = [shown(r) for r in tool_rows(app)]
        session_id = app.session_id()
        await app.action_quit()
    assert live[0] == "📄 read greet.py (1–2 of 2)" and live[1] == "✏️ edit greet.py +1 −1  ▸"
    resumed = make_app(resume=session_id)
    async with resumed.run_test(size=SIZE) as pilot:
        await ready(resumed)
        await wait_for(pilot, lambda: len(tool_rows(resumed)) == 5)
        read, edit, command, listed, refused = tool_rows(resumed)
        assert shown(read) == live[0]
        assert shown(edit) == "✏️ edit greet.py +1 −1  ▸"
        edit.focus()
        await pilot.press("enter")  # the replaced text (the live diff's context is not stored)
        await wait_for(pilot, lambda: "▾" in shown(edit))
        assert shown(edit).splitlines()[-2:] == ["-'helo'", "+'hello'"]
        assert shown(command) == live[2]  # "$ python count.py 30  exit 3  ▸" and its last lines
        assert shown(command).splitlines()[-1] == "line 30" and command.has_class("-failed")
        assert shown(listed) == live[3] == "📁 list *.py → 3 files"
        assert shown(refused) == "📄 read ../outside.txt  failed" and refused.has_class("-failed")
        command.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "▾" in shown(command))
        assert shown(command).splitlines()[1:] == [f"line {n}" for n in range(11, 31)]


def test_stored_results_that_say_denied_timed_out_or_nothing():
    edit_args = '{"path": "a.py", "old_text": "x", "new_text": "y"}'
    denied = stored_tool_item("edit_file", edit_args, '{"success": false, "denied": true, "error": "no"}')
    assert denied is not None and render_tool_item(denied).plain == "✏️ edit a.py  denied  ▸"
    assert denied.meta["failed"] == "1"
    slow = stored_tool_item("run_command", {"command": "sleep 9"},
                            "timed out after 5 s; the command and everything it started were stopped; "
                            "0 bytes of output\n")
    assert slow is not None and render_tool_item(slow).plain == "$ sleep 9  timed out"
    unanswered = stored_tool_item("run_command", {"command": "make"}, None)  # the turn was cut off
    assert unanswered is not None and render_tool_item(unanswered).plain == "$ make"
    write = stored_tool_item("write_file", {"path": "n.md", "content": "hi"},
                             '{"success": true, "path": "n.md", "added": 1, "removed": 0, "created": true}')
    assert write is not None and render_tool_item(write).plain == "📝 write n.md +1 −0"
    memory = stored_tool_item("memory", {"action": "add", "target": "user", "content": "tea"},
                              '{"success": true}')
    assert memory.text == '🧠 memory +user "tea" → saved' and "tool" not in memory.meta


def test_stored_list_and_search_results_give_their_counts():
    def head(name: str, args: dict, result: str) -> str:
        item = stored_tool_item(name, args, result)
        assert item is not None
        return render_tool_item(item).plain

    capped = "a.py\nb.py\n[… 1,204 more files left out; narrow the glob]"
    assert head("list_files", {"glob": "*.py"}, capped) == "📁 list *.py → 1,206 files"
    assert head("list_files", {}, "no files match") == "📁 list * → 0 files"
    assert head("search_files", {"pattern": "TODO", "glob": "src/**"}, "src/a.py:3:# TODO") \
        == '🔎 search "TODO" in src/** → 1 match'
    assert head("search_files", {"pattern": "x("}, '{"success": false, "error": "bad regex"}') \
        == '🔎 search "x("  failed'
