"""Approval pane, memory viewer and /memory subcommands, with real files under HERMES_HOME."""

from __future__ import annotations

from hermes.config import load_config
from hermes.memory import MemoryTool, list_pending, read_entries
from hermes.tui.screens.approval import ApprovalScreen
from hermes.tui.screens.memory_viewer import MemoryViewerScreen
from tests.support.fake_llm import Reply, call
from tests.tui.conftest import SIZE, make_app, submit, transcript_texts, wait_for, ready


def _stage(content: str, target: str = "memory") -> str:
    """Stage a write the way the agent would with approval on; returns the pending id."""
    cfg = load_config()
    cfg.memory.write_approval = True
    result = MemoryTool(cfg, origin="tool", session_id=None).call(
        {"action": "add", "target": target, "content": content})
    assert result["staged"] is True
    return result["pending_id"]


async def test_memory_pending_shows_the_staged_write_and_a_approves_it(chat_env):
    _stage("Project uses Poetry")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.status.info.pending == 1
        assert "1 pending" in str(app.chat.status.render())
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))
        pane = app.screen
        assert [item.after for item in pane.items] == ["Project uses Poetry"]
        assert "Project uses Poetry" in str(pane.query_one("#pending-text").render())
        await pilot.press("a")
        await pilot.pause()
        assert read_entries(app.cfg, "memory") == ["Project uses Poetry"]  # on disk now
        assert list_pending(app.cfg) == []
        assert app.chat.status.info.pending == 0  # the badge dropped at once
        assert "pending" not in str(app.chat.status.render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)


async def test_r_rejects_a_staged_write_and_leaves_the_file_alone(chat_env):
    _stage("Likes emacs", target="user")
    _stage("Likes vim", target="user")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.status.info.pending == 2
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))
        await pilot.press("r")
        await pilot.pause()
        assert read_entries(app.cfg, "user") == []
        assert app.chat.status.info.pending == 1
        assert len(app.screen.items) == 1
        await pilot.press("R")  # reject all
        await pilot.pause()
        assert list_pending(app.cfg) == [] and app.chat.status.info.pending == 0


async def test_the_approval_pane_opens_by_itself_when_a_write_is_staged(chat_env):
    server, configure = chat_env
    configure(memory={"write_approval": True})
    server.queue(
        Reply(tool_calls=[call("memory", {"action": "add", "target": "user",
                                          "content": "Works at night"})]),
        Reply(text="I'll ask you first."),
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I work at night")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))
        assert app.screen.items[0].after == "Works at night"
        assert read_entries(app.cfg, "user") == []  # nothing written before approval
        await pilot.press("A")
        await pilot.pause()
        assert read_entries(app.cfg, "user") == ["Works at night"]


async def test_memory_subcommands_approve_by_id_history_undo_and_approval_setting(chat_env):
    pending_id = _stage("Uses fish shell")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, f"/memory approve {pending_id}")
        await wait_for(pilot, lambda: read_entries(app.cfg, "memory") == ["Uses fish shell"])
        await submit(pilot, "/memory history")
        await wait_for(pilot, lambda: any("Recent memory changes" in t for t in transcript_texts(app)))
        await submit(pilot, "/memory undo")
        await wait_for(pilot, lambda: read_entries(app.cfg, "memory") == [])
        await submit(pilot, "/memory approval on")
        await wait_for(pilot, lambda: load_config().memory.write_approval is True)
        await submit(pilot, "/memory approve")  # bad argument: a hint, not a traceback
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith("/memory approve needs"))


async def test_memory_viewer_shows_both_stores_and_says_edits_apply_next_session(chat_env):
    server, _ = chat_env
    server.queue(
        Reply(tool_calls=[call("memory", {"action": "add", "target": "memory",
                                          "content": "Runs Fedora 40"})]),
        Reply(text="ok"),
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I run Fedora 40")
        await wait_for(pilot, lambda: "ok" in transcript_texts(app))
        await submit(pilot, "/memory")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen))
        await pilot.pause()
        viewer = app.screen
        entries = [str(w.render()) for w in viewer.query(".store-entry")]
        assert entries == ["Runs Fedora 40"]
        assert "next session" in str(viewer.query_one(".pane-note").render())
        # the session's frozen snapshot was taken before the write, so it differs from disk
        assert viewer.query_one("#snapshot").border_subtitle == "differs from disk: next session"
        await pilot.press("e")  # $EDITOR is `true` in tests: returns at once
        await pilot.pause()
        assert isinstance(app.screen, MemoryViewerScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
