"""Edit before approve: `e` in the approval pane opens the staged text in an inline editor;
Ctrl+S sends the edited text through the gate again as the person's own words, Esc cancels.
Real pending records and stores under HERMES_HOME, the app through Pilot."""

from __future__ import annotations

from hermes.config import load_config
from hermes.memory import MemoryTool, list_pending, read_entries
from hermes.tui.approvals.memory_pane import ApprovalScreen
from tests.tui.conftest import SIZE, make_app, ready, type_text, wait_for
from tests.tui.test_memory_panes import approval_lines, staged

STAGED = "The staging cluster is called blue"


def stage_unasked(content: str = STAGED) -> str:
    """A write the model made that nobody asked for: staged, "not said by you"."""
    cfg = load_config()
    result = MemoryTool(cfg.memory, origin="tool", said=lambda: ["hello"]).call(
        {"action": "add", "target": "memory", "content": content})
    assert result["staged"] is True
    return str(result["pending_id"])


async def type_keys(pilot, text: str) -> None:
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def open_pane(app, pilot) -> ApprovalScreen:
    await pilot.press("ctrl+o")
    await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) >= 1)
    await pilot.pause(ApprovalScreen.typing_gap + 0.05)  # a person reads the pane first
    pane = app.screen
    assert isinstance(pane, ApprovalScreen)
    return pane


def note(pane: ApprovalScreen) -> str:
    return str(pane.query_one("#pending-result").render())


async def test_e_edits_the_staged_text_and_ctrl_s_saves_it_as_the_users_words(chat_env):
    pending_id = stage_unasked()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await type_text(pilot, "draft")
        pane = await open_pane(app, pilot)
        await pilot.press("e")
        editor = pane.query_one("#pending-editor")
        await wait_for(pilot, lambda: editor.display and app.focused is editor)
        assert editor.text == STAGED
        # letters that are pane keys elsewhere (a, r, e, n, y, A, R) are text in the editor
        await type_keys(pilot, " and green are Ready")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "memory")
                       == [STAGED + " and green are Ready"])
        await wait_for(pilot, lambda: "Added to memory" in note(pane))
        assert list_pending(app.cfg.memory) == []  # the edit took the staged write's place
        assert not editor.display and app.focused is pane.query_one("#pending-list")
        await wait_for(pilot, lambda: app.chat.status_info.pending == 0)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert app.focused is app.chat.prompt
        assert app.chat.prompt.text == "draft"  # nothing typed in the editor leaked here
    assert pending_id


async def test_with_write_approval_on_an_edit_is_saved_and_its_notice_line_says_so(chat_env):
    """The write was staged in this session (approval on): editing is deciding, so the edit is
    written, not staged again, and the transcript's line for the write follows."""
    async with staged(chat_env, "I drink tea", "Drinks tea") as (app, pilot):
        pane = await open_pane(app, pilot)
        await pilot.press("e")
        await wait_for(pilot, lambda: app.focused is pane.query_one("#pending-editor"))
        await type_keys(pilot, " without sugar")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "user") == ["Drinks tea without sugar"])
        await wait_for(pilot, lambda: approval_lines(app)
                       == ['💾 Memory change replaced by your edit: add user "Drinks tea"'])
        assert list_pending(app.cfg.memory) == []


async def test_an_edit_the_scan_blocks_is_refused_with_its_reason_and_still_waits(chat_env):
    stage_unasked()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        pane = await open_pane(app, pilot)
        await pilot.press("e")
        await wait_for(pilot, lambda: app.focused is pane.query_one("#pending-editor"))
        await type_keys(pilot, " key AKIAQX7MZ2LPK4RT9WVB")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "Blocked by the security scan: secrets" in note(pane))
        assert note(pane).startswith("Not saved:")
        assert read_entries(app.cfg.memory, "memory") == []
        assert [p.after for p in list_pending(app.cfg.memory)] == [STAGED]


async def test_esc_in_the_editor_cancels_and_changes_nothing(chat_env):
    stage_unasked()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        pane = await open_pane(app, pilot)
        await pilot.press("e")
        editor = pane.query_one("#pending-editor")
        await wait_for(pilot, lambda: app.focused is editor)
        await type_keys(pilot, " rAn")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not editor.display)
        assert "Edit cancelled" in note(pane)
        assert isinstance(app.screen, ApprovalScreen)  # the first Esc only closes the editor
        assert [p.after for p in list_pending(app.cfg.memory)] == [STAGED]
        assert read_entries(app.cfg.memory, "memory") == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert app.focused is app.chat.prompt and app.chat.prompt.text == ""


async def test_a_skill_or_a_remove_cannot_be_edited_and_says_so(chat_env):
    cfg = load_config()
    cfg.memory.write_approval = True
    MemoryTool(cfg.memory, origin="cli").call({"action": "add", "target": "memory", "content": STAGED})
    cfg.memory.write_approval = False
    MemoryTool(cfg.memory, origin="cli").call({"action": "add", "target": "user", "content": "Likes tea"})
    cfg.memory.write_approval = True
    MemoryTool(cfg.memory, origin="cli").call({"action": "remove", "target": "user", "old_text": "tea"})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        pane = await open_pane(app, pilot)
        await wait_for(pilot, lambda: len(pane.items) == 2)
        await pilot.press("down")
        await wait_for(pilot, lambda: pane.current is not None and pane.current.action == "remove")
        await pilot.press("e")
        await wait_for(pilot, lambda: "Only a single memory add or replace can be edited" in note(pane))
        assert not pane.query_one("#pending-editor").display
