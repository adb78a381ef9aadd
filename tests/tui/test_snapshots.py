"""Snapshot tests of the key screens (pytest-textual-snapshot), fixed size and fixed data.

Regenerate with `pytest tests/tui/test_snapshots.py --snapshot-update` and look at the report
before committing. Nothing here depends on the clock, random ids or a network.
"""

from __future__ import annotations

import itertools
import json

import pytest

from hermes.agent import events as ev
from hermes.config import load_config
from hermes.memory import MemoryTool
from hermes.memory.pending import pending_path
from hermes.tui.approvals.memory_pane import ApprovalScreen
from hermes.tui.screens.memory_viewer import MemoryViewerScreen
from hermes.tui.screens.session_picker import SessionPickerScreen
from hermes.tui.sessions_bridge import SessionRow
from hermes.tui.widgets.messages import TranscriptItem
from hermes.toolspec import ToolDisplay
from tests.tui.conftest import make_app, ready, wait_for

SIZE = (100, 32)
NOW = 1_767_225_600.0  # 2026-01-01 00:00 UTC

MEMORY = [
    "User's project is a Rust web service at ~/code/myapi using Axum + SQLx",
    "This machine runs Ubuntu 22.04, has Docker and Podman installed",
    "Tests run with `cargo nextest run`; CI is GitHub Actions on ubuntu-latest",
]
USER = [
    "Name: Dana. Backend engineer, works in Berlin (CET)",
    "Prefers short answers with code first; dislikes emoji in commit messages",
]


def _write(target: str, entries: list[str], approval: bool = False) -> None:
    cfg = load_config()
    cfg.memory.write_approval = approval
    tool = MemoryTool(cfg.memory, origin="tool", session_id=None)
    for entry in entries:
        assert tool.call({"action": "add", "target": target, "content": entry})["success"]


def _set_reason(pending_id: str, reason: str) -> None:
    """Give a staged record a fixed reason (the memory layer writes its own; the picture must
    not change with its wording)."""
    path = pending_path(pending_id)
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")), "reason": reason}),
                    encoding="utf-8")


@pytest.fixture
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pending ids in order: 0000a001, 0000a002, … (they show in the approval pane)."""
    counter = itertools.count(1)
    monkeypatch.setattr("hermes.memory.pending.new_id", lambda: f"0000a{next(counter):03d}")


@pytest.fixture
def fixed_ages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer's date line under each entry, fixed: the journal's dates and "3 d ago" follow
    the clock, and the picture must not."""
    def ages(cfg, stores):
        return {target: {e: f"written 2026-11-{28 - i:02d} · confirmed {i + 1} d ago"
                         for i, e in enumerate(entries)} for target, entries in stores.items()}

    monkeypatch.setattr("hermes.tui.memory_bridge.entry_ages", ages)


def _app():
    return make_app(open_agent=False, preload=lambda: None)


async def _settle(pilot) -> None:
    app = pilot.app
    await ready(app)
    app.chat.prompt.cursor_blink = False
    await pilot.pause()


def test_chat_screen_mid_conversation(snap_compare, hermes_home, fixed_ids) -> None:
    """The chat screen while a reply streams in.

    A reviewer should see: a user prompt with a blue left bar; a reply rendered as Markdown
    (a bullet list and a highlighted Rust code block); a 🔎 session_search tool line and a
    🧠 memory tool line; the italic "💾 Memory updated" notice; a second prompt whose reply is
    half-way through. Between them, one italic line "💾 Memory change waiting for approval: add
    user "Prefers tabs" — write approval is on · Ctrl+O or /memory pending to review" (the pane
    is not open). The status bar reads: model │ 12k/200k with a small bar │ MEM 67% in
    green and USER 96% in red │ ⏳ 1 pending │ the title "auth refactor" (tokens and cost are
    left out at this width).
    """
    _write("memory", ["x" * 1474])
    _write("user", ["y" * 1320])
    _write("user", ["Prefers tabs"], approval=True)
    _set_reason("0000a001", "write approval is on")

    async def run_before(pilot) -> None:
        await _settle(pilot)
        chat = pilot.app.chat
        await chat.transcript.add(TranscriptItem("user", "What did we decide about the auth refactor?"))
        for event in (
            ev.TurnStarted("s1", 1),
            ev.ToolStarted("c1", "session_search", {"query": "auth refactor"},
                           'session_search "auth refactor"'),
            ev.ToolFinished("c1", "session_search", True, 'session_search "auth refactor" → 3 sessions'),
            ev.TextDelta("Last week we agreed to:\n\n- move tokens to **httpOnly cookies**\n"),
            ev.TextDelta("- keep the `/login` route\n\n```rust\nlet jar = CookieJar::new();\n```\n"),
            ev.ToolStarted("c2", "memory", {}, 'memory +memory "auth uses httpOnly cookies"'),
            ev.ToolFinished("c2", "memory", True, 'memory +memory "auth uses httpOnly cookies"'),
            ev.TextDelta("I saved that decision."),
            ev.Usage(1200, 80, 0, 0.01, 15_300, 2_100, 0.0423, 12_400, 200_000),
            ev.TurnDone("s1", "done"),
            ev.Notice("memory", "Memory updated"),
            ev.ApprovalStaged("0000a001", "user", "add"),
            ev.TitleChanged("s1", "auth refactor"),
        ):
            await chat.render_event(event)
        await chat.transcript.add(TranscriptItem("user", "Show me the middleware"))
        await chat.render_event(ev.TurnStarted("s1", 3))
        await chat.render_event(ev.TextDelta("Here is the middleware, step by step:\n\n1. Read"))
        chat.update_status(model="anthropic/claude-sonnet-4-5")
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_approval_pane(snap_compare, hermes_home, fixed_ids) -> None:
    """The approval pane over the chat screen, with two staged writes.

    A reviewer should see: the title "Memory writes waiting for approval (2)"; a list with a
    `replace` in Memory (highlighted) and an `add` to the User profile; below it the detail of
    the highlighted write: "replace → Memory", id 0000a001, from tool, the line "why: write
    approval is on", the old entry in red with "-" and the new one in green with "+"; the key
    hints a/r/A/R/Esc in the border.
    """
    _write("memory", ["Deploys go through staging first"])
    cfg = load_config()
    cfg.memory.write_approval = True
    tool = MemoryTool(cfg.memory, origin="tool", session_id=None)
    tool.call({"action": "replace", "target": "memory", "old_text": "staging",
               "content": "Deploys go through staging, then a canary at 5%"})
    tool.call({"action": "add", "target": "user", "content": "Reviews PRs in the morning"})
    for pending_id in ("0000a001", "0000a002"):
        _set_reason(pending_id, "write approval is on")

    async def run_before(pilot) -> None:
        await _settle(pilot)
        app = pilot.app
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_approval_pane_editing_at_80x24(snap_compare, hermes_home, fixed_ids) -> None:
    """The approval pane at 80x24 with the inline editor open on a staged write (`e`).

    A reviewer should see: the pane's note "Edit the entry, then Ctrl+S: it is saved as your
    own words …"; the list with the one staged `add → Memory`; under it an editor box titled
    "Editing 0000a001 · Memory" holding "The staging cluster is called blue" with the cursor
    at its end; the detail below still showing the staged text and "why: not said by you"; the
    border hints "Ctrl+S save as your words · Esc cancel". Nothing is cut off at 80 columns.
    """
    cfg = load_config()
    tool = MemoryTool(cfg.memory, origin="tool", said=lambda: ["hello"])
    assert tool.call({"action": "add", "target": "memory",
                      "content": "The staging cluster is called blue"})["staged"]
    _set_reason("0000a001", "not said by you")

    async def run_before(pilot) -> None:
        await _settle(pilot)
        app = pilot.app
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 1)
        await pilot.pause(ApprovalScreen.typing_gap + 0.05)
        await pilot.press("e")
        editor = app.screen.query_one("#pending-editor")
        await wait_for(pilot, lambda: app.focused is editor)
        editor.cursor_blink = False
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(80, 24), run_before=run_before)


def test_memory_viewer(snap_compare, hermes_home, fixed_ages) -> None:
    """The memory viewer: the three stores side by side, and the frozen snapshot below.

    A reviewer should see: the note that changes on disk take effect in the next session;
    a "Memory · MEMORY.md" column with a green gauge and three entries, each with a dim
    date line right under it (the first "written 2026-11-28 · confirmed 1 d ago"); a "User profile · USER.md" column
    with two entries (dated alike); a "Project memory · PROJECT.md" column "(empty)"; one
    line "User model: off. Turn it on with: hermes memory
    setup local (or honcho)"; a bottom box "Frozen snapshot this session runs with"
    holding the older snapshot text (one entry) marked "differs from disk: next session";
    the key hints e/u/p/s/Esc in the border.
    """
    _write("memory", MEMORY)
    _write("user", USER)
    rule = "═" * 46
    frozen = f"{rule}\nMEMORY (your personal notes) [3% — 70/2,200 chars]\n{rule}\n{MEMORY[0]}"

    async def run_before(pilot) -> None:
        await _settle(pilot)
        pilot.app.push_screen(MemoryViewerScreen(pilot.app.cfg, snapshot=frozen))
        await wait_for(pilot, lambda: len(pilot.app.screen.query(".store-gauge")) == 3
                       and bool(pilot.app.screen.query_one("#snapshot").border_subtitle))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_session_picker(snap_compare, hermes_home) -> None:
    """The session picker with four sessions, newest first, filtered by typing "re".

    A reviewer should see: a filter box holding "re"; three matching rows (the one about
    "Grocery list" is filtered out), each with its title in bold, when it was last active
    ("5m ago", "2h ago", "3d ago") and its message count, and the first prompt in italics
    below; the first row highlighted; the key hints in the border.
    """
    rows = [
        SessionRow("20251231_235500_aaaaaa", "auth refactor", "What did we decide about auth?",
                   NOW - 300, 42),
        SessionRow("20251231_220000_bbbbbb", "Grocery list", "eggs, milk, butter", NOW - 7200, 3),
        SessionRow("20251231_210000_cccccc", "release notes v2", "Draft the release notes",
                   NOW - 7300, 12),
        SessionRow("20251229_090000_dddddd", "", "Why is the CI red on main?", NOW - 3 * 86400, 7),
    ]

    async def run_before(pilot) -> None:
        await _settle(pilot)
        pilot.app.push_screen(SessionPickerScreen(rows, now=NOW))
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SessionPickerScreen)
                       and any(w.has_focus for w in pilot.app.screen.query("#session-filter")))
        await pilot.press("r", "e")
        await wait_for(pilot, lambda: pilot.app.screen.query_one("#session-list").option_count == 3)
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_memory_viewer_on_a_small_terminal(snap_compare, hermes_home, fixed_ages) -> None:
    """The memory viewer at 60×20.

    A reviewer should see: the three columns titled by their file names only ("MEMORY.md",
    "USER.md", "PROJECT.md"), each gauge ending in its whole percentage (e.g. "9%"), no title or
    key hint cut off with "…" (the border reads "e/u/p edit · s snapshot · Esc close").
    """
    _write("memory", MEMORY)
    _write("user", USER)

    async def run_before(pilot) -> None:
        await _settle(pilot)
        pilot.app.push_screen(MemoryViewerScreen(pilot.app.cfg, snapshot=None))
        await wait_for(pilot, lambda: bool(pilot.app.screen.query(".store-gauge")))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=(60, 20), run_before=run_before)


def test_welcome_on_the_first_screen(snap_compare, hermes_home) -> None:
    """The empty chat screen with its welcome.

    A reviewer should see, at the top with a faint left bar: "Hermes ·
    openai/gpt-4.1 · ~/code/myapi"; "Memory: MEM 9% · USER 9% — /memory shows what I remember";
    the key hints "Enter send · Esc or Ctrl+C cancel a reply · /help commands and keys"; and
    "Pick up where you left off: /resume "auth refactor" (5m ago) · /resume "release notes v2"
    (2h ago)".
    """
    from hermes.tui.welcome import welcome_text

    rows = [SessionRow("20251231_235500_aaaaaa", "auth refactor", "", NOW - 300, 42),
            SessionRow("20251231_220000_bbbbbb", "release notes v2", "", NOW - 7200, 3)]
    text = welcome_text("openai/gpt-4.1", "~/code/myapi", 9, 9, rows, now=NOW)

    async def run_before(pilot) -> None:
        await _settle(pilot)
        pilot.app.chat.show_welcome(text)
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_tool_approval_pane_with_a_diff(snap_compare, hermes_home) -> None:
    """The tool approval pane over the chat, for an edit the agent wants to make.

    A reviewer should see: the border title "Approve? edit hermes/cli.py +2 −1"; the file name
    in bold with its folder dimmed; a unified diff with the ---/+++ header lines in bold, the
    hunk header in cyan, the removed line in red with "-" and the two added lines in green with
    "+", context lines dimmed; the key hints "a allow once · d deny · n deny with a note · Esc
    close" in the border (no "allow prefix": that is for commands). Behind the pane, the
    transcript's notice line "⏸ edit hermes/cli.py +2 −1 — waiting for approval (Ctrl+O)" and
    the status bar's "⏸ 1 to approve · Ctrl+O" badge.
    """
    from hermes.tui.approvals.tool_pane import ToolApprovalScreen
    from hermes.workspace.approval import ToolApprovalRequest

    diff = ("--- a/hermes/cli.py\n+++ b/hermes/cli.py\n@@ -10,4 +10,5 @@ def main() -> int:\n"
            "     args = parse(sys.argv[1:])\n-    print('helo')\n+    print('hello')\n"
            "+    log.info('greeted')\n     return 0\n")
    request = ToolApprovalRequest(call_id="e1", tool="edit_file", title="edit hermes/cli.py +2 −1",
                                  cwd="/home/dana/code/hermes", path="hermes/cli.py", diff=diff)

    async def run_before(pilot) -> None:
        await _settle(pilot)
        app = pilot.app
        app.run_worker(app.tool_approvals.ask(request), group="test-request")
        await wait_for(pilot, lambda: any("waiting for approval" in i.text for i in app.chat.transcript.items))
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ToolApprovalScreen))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


def test_coding_tool_lines_in_the_transcript(snap_compare, hermes_home) -> None:
    """The transcript lines of the coding tools, as one turn leaves them.

    A reviewer should see, under the prompt "why does test_greet fail?": "📄 read greet.py
    (1–2 of 2)"; "✏️ edit greet.py +1 −1  ▸" expanded below it ("▾") into a small diff with
    the removed line red and the added line green; "$ pytest -q  exit 1  ▸" with its last
    three output lines dimmed under it and "exit 1" in bold red; and the reply "One test still
    fails.".
    """
    from hermes.tui.widgets.tool_lines import ToolLine

    diff = "--- a/greet.py\n+++ b/greet.py\n@@ -1,2 +1,2 @@\n def greet():\n-    return 'helo'\n+    return 'hello'\n"
    output = "".join(f"tests/test_greet.py::test_{n} PASSED\n" for n in range(6))
    output += "FAILED tests/test_greet.py::test_wave - AssertionError\n1 failed, 6 passed in 0.12s\n"

    async def run_before(pilot) -> None:
        await _settle(pilot)
        chat = pilot.app.chat
        await chat.transcript.add(TranscriptItem("user", "why does test_greet fail?"))
        for event in (
            ev.TurnStarted("s1", 1),
            ev.ToolStarted("r1", "read_file", {"path": "greet.py"}, "read greet.py"),
            ev.ToolFinished("r1", "read_file", True, "read greet.py",
                            display=ToolDisplay(kind="read", path="greet.py", first=1, last=2, total=2)),
            ev.ToolStarted("e1", "edit_file", {"path": "greet.py"}, "edit greet.py"),
            ev.ToolFinished("e1", "edit_file", True, "edit greet.py",
                            display=ToolDisplay(kind="edit", path="greet.py", added=1, removed=1, diff=diff)),
            ev.ToolStarted("c1", "run_command", {"command": "pytest -q"}, "pytest -q"),
            ev.ToolOutput("c1", output),
            ev.ToolFinished("c1", "run_command", False, "pytest -q",
                            display=ToolDisplay(kind="command", command="pytest -q", exit_code=1)),
            ev.TextDelta("One test still fails."),
            ev.TurnDone("s1", "One test still fails."),
        ):
            await chat.render_event(event)
        edit = [w for w in chat.transcript.rows if isinstance(w, ToolLine)][1]
        edit.action_toggle_body()
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SIZE, run_before=run_before)


SMALL = (80, 24)


def test_setup_pane_at_80x24_shows_its_error_save_and_skip(snap_compare, hermes_home) -> None:
    """The setup pane on an 80×24 terminal, after choosing "OpenAI-compatible server" with an
    empty API base and pressing Enter.

    A reviewer should see: the whole pane on screen without scrolling; the hint line; right
    under it, in bold red, "The API base is needed for an OpenAI-compatible server."; the
    fields one line each (Provider showing "OpenAI-compatible server", Model, API base empty
    with its placeholder, API key); the Skip and Save buttons at the bottom right, inside the
    pane's border.
    """
    from textual.widgets import Select

    from hermes.tui.screens.setup import SetupScreen

    async def run_before(pilot) -> None:
        await _settle(pilot)
        app = pilot.app
        app.push_screen(SetupScreen(app.cfg, reason=""))
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen)
                       and any(w.has_focus for w in app.screen.query("#setup-model")))
        app.screen.query_one("#setup-provider", Select).value = "compatible"
        await wait_for(pilot, lambda: app.screen.query_one("#setup-base").display)
        app.screen.query_one("#setup-base").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "API base is needed" in str(app.screen.query_one("#setup-error").render()))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SMALL, run_before=run_before)


def test_diff_pane_at_80x24_keeps_the_gutter_of_long_lines(snap_compare, hermes_home) -> None:
    """The /diff pane on an 80×24 terminal with two files, one with a line longer than the pane.

    A reviewer should see: the border title "Changes this session · 2 files · +3 −1"; the
    ---/+++ headers in bold and hunk headers in cyan; the long added line in green wrapping
    onto a second row that starts one column in, beside the "+" gutter (not at column 0);
    the removed line in red with "-"; the hints "↑↓ PgUp/PgDn scroll · Esc close".
    """
    from hermes.tui.screens.diff_pane import DiffScreen

    diff = ("--- a/src/report.py\n+++ b/src/report.py\n@@ -1,3 +1,3 @@\n def title():\n"
            "-    return 'Report'\n+    return 'Quarterly report for the northern region, "
            "with totals per month, per product line and per sales office'\n     # end\n"
            "--- /dev/null\n+++ b/NOTES.txt\n@@ -0,0 +1,2 @@\n+notes\n+more notes\n")

    async def run_before(pilot) -> None:
        await _settle(pilot)
        pilot.app.push_screen(DiffScreen(diff))
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, DiffScreen))
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=SMALL, run_before=run_before)
