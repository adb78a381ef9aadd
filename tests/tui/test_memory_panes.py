"""Approval pane, memory viewer and /memory subcommands, with real files under HERMES_HOME."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from rich.cells import cell_len

from hermes.config import load_config
from hermes.memory import MemoryTool, approve, list_pending, read_entries
from hermes.memory.pending import pending_path
from hermes.tui.approvals.memory_pane import ApprovalScreen
from hermes.tui.screens.memory_viewer import MemoryViewerScreen
from hermes.tui.widgets.messages import LineMessage
from hermes.tui.widgets.status_bar import status_markup
from tests.support.fake_llm import Reply, call
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


def _stage(content: str, target: str = "memory", reason: str = "") -> str:
    """Stage a write the way the agent would with approval on; returns the pending id.

    A `reason` is written into the record as the memory layer keeps it (why it was staged)."""
    cfg = load_config()
    cfg.memory.write_approval = True
    result = MemoryTool(cfg.memory, origin="tool", session_id=None).call(
        {"action": "add", "target": target, "content": content})
    assert result["staged"] is True
    if reason:
        path = pending_path(result["pending_id"])
        record = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(json.dumps({**record, "reason": reason}), encoding="utf-8")
    return result["pending_id"]


def _agent_stages(chat_env, *contents: str, reply: str = "I'll ask you first.") -> None:
    """With approval on, the model's next turn calls the memory tool once per content."""
    server, configure = chat_env
    configure(memory={"write_approval": True})
    server.queue(
        Reply(tool_calls=[call("memory", {"action": "add", "target": "user", "content": c})
                          for c in contents]),
        Reply(text=reply),
    )


@contextlib.asynccontextmanager
async def staged(chat_env, prompt: str, *contents: str) -> AsyncIterator[tuple[Any, Any]]:
    """(app, pilot) once the turn answering `prompt` has staged one write per content."""
    _agent_stages(chat_env, *contents)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, prompt)
        await wait_for(pilot, lambda: len(approval_lines(app)) == len(contents))
        yield app, pilot


def approval_lines(app) -> list[str]:
    """The notice lines about staged memory writes, as the screen shows them."""
    rows = [str(w.render()) for w in app.chat.transcript.rows if isinstance(w, LineMessage)]
    return [t for t in rows if t.startswith("💾 Memory change")]


async def read_the_pane(pilot) -> None:
    """Pause as a person does before deciding: keys in a burst that began before the pane
    opened are taken as typing meant for the input (a pause, not a wait for a state)."""
    await pilot.pause(ApprovalScreen.typing_gap + 0.05)


async def type_keys(pilot, text: str) -> None:
    """Type text key by key, as a person would (each key goes to whatever has focus)."""
    await pilot.press(*("space" if ch == " " else ch for ch in text))


async def test_typing_after_a_write_is_staged_never_decides_it(chat_env):
    """The bug this guards: the pane opened by itself and "thanks and Also" approved a write."""
    _agent_stages(chat_env, "Works at night")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I work at night")
        await type_keys(pilot, "thanks")  # typing on while the turn runs
        await wait_for(pilot, lambda: len(approval_lines(app)) == 1
                       and "I'll ask you first." in transcript_texts(app))
        await type_keys(pilot, " and Also")
        await wait_for(pilot, lambda: app.chat.prompt.text == "thanks and Also")
        assert app.screen is app.chat  # no pane opened
        assert app.focused is app.chat.prompt
        assert [p.after for p in list_pending(app.cfg.memory)] == ["Works at night"]  # still waiting
        assert read_entries(app.cfg.memory, "user") == []
        line = approval_lines(app)[0]
        assert line.startswith('💾 Memory change waiting for approval: add user "Works at night"')
        assert "Ctrl+O or /memory pending to review" in line
        assert "hermes memory" not in line
        assert app.chat.status_info.pending == 1
        # no second, static "waiting for approval" notice that would stay after the decision
        assert sum("waiting for approval" in t for t in transcript_texts(app)) == 1


async def test_a_review_staged_while_the_user_types_takes_no_keystrokes(chat_env):
    """With memory.review_approval: destructive, the background review's replace waits for
    approval (write approval itself off) and is staged after the reply, while the person is
    typing the next message."""
    server, _ = chat_env
    chat_env.configure(memory={"review_approval": "destructive"})
    MemoryTool(load_config().memory, origin="cli").call(
        {"action": "add", "target": "user", "content": "Prefers spaces"})
    chat_env.review_replies.append(Reply(text='[{"action": "replace", "target": "user", '
                                              '"old_text": "spaces", "content": "Prefers tabs"}]'))
    server.queue(Reply(text="Noted."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I switched to tabs")
        await wait_for(pilot, lambda: "Noted." in transcript_texts(app))
        await type_keys(pilot, "thanks and Also ")
        await wait_for(pilot, lambda: len(approval_lines(app)) == 1)
        await type_keys(pilot, "Rather A")
        await wait_for(pilot, lambda: app.chat.prompt.text == "thanks and Also Rather A")
        assert app.screen is app.chat
        assert read_entries(app.cfg.memory, "user") == ["Prefers spaces"]
        assert [p.after for p in list_pending(app.cfg.memory)] == ["Prefers tabs"]
        assert approval_lines(app)[0].startswith(
            '💾 Memory change waiting for approval: replace user "Prefers tabs"')


async def test_ctrl_o_opens_the_pane_where_a_approves_and_r_rejects(chat_env):
    async with staged(chat_env, "I work at night and drink tea", "Works at night", "Drinks tea") as (app, pilot):
        await type_keys(pilot, "draft")
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await read_the_pane(pilot)
        pane = app.screen
        assert pane.current is not None and pane.current.after == "Works at night"
        await pilot.press("a")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "user") == ["Works at night"])
        await wait_for(pilot, lambda: approval_lines(app)[0]
                       == '💾 Memory change approved: add user "Works at night"')
        assert app.chat.status_info.pending == 1  # the badge dropped at once
        await wait_for(pilot, lambda: [i.after for i in pane.items] == ["Drinks tea"])
        await pilot.press("r")
        await wait_for(pilot, lambda: list_pending(app.cfg.memory) == [])
        await wait_for(pilot, lambda: approval_lines(app)[1]
                       == '💾 Memory change rejected: add user "Drinks tea"')
        assert read_entries(app.cfg.memory, "user") == ["Works at night"]
        assert "pending" not in str(app.chat.status.render())
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert app.focused is app.chat.prompt and app.chat.prompt.text == "draft"


async def test_keys_typed_on_after_a_slip_onto_ctrl_o_decide_nothing(chat_env, monkeypatch):
    """Ctrl+O pressed by mistake mid-sentence (it sits next to Ctrl+P): the rest of the
    sentence reaches the pane, but a burst of typing is never taken as decisions."""
    reading_pause = ApprovalScreen.typing_gap
    # a generous gap, so a slow test machine cannot split the burst into "pauses"
    monkeypatch.setattr(ApprovalScreen, "typing_gap", 30.0)
    _stage("Likes emacs", target="user")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await type_keys(pilot, "please")
        await pilot.press("ctrl+o")
        await type_keys(pilot, " reject Any Rule you are not sure about yes")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and app.screen.items)
        pane = app.screen
        assert len(list_pending(app.cfg.memory)) == 1 and pane.confirming is None
        assert "decided nothing" in str(pane.query_one("#pending-result").render())
        pane.typing_gap = reading_pause  # from here on, the person has stopped to read
        await read_the_pane(pilot)
        await pilot.press("a")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "user") == ["Likes emacs"])


async def test_approve_all_asks_first_and_only_y_confirms(chat_env):
    async with staged(chat_env, "Some facts about me", "Works at night", "Drinks tea", "Has a cat") as (app, pilot):
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 3)
        await read_the_pane(pilot)
        pane = app.screen
        note = pane.query_one("#pending-result")
        await pilot.press("A")
        await wait_for(pilot, lambda: "Approve all 3 pending writes? y / n" in str(note.render()))
        assert pane.query_one(".pane").border_subtitle == "y yes · n or Esc no"
        await pilot.press("a", "r")  # other keys do nothing while the question waits
        await pilot.press("n")
        await wait_for(pilot, lambda: "Nothing decided." in str(note.render()))
        assert len(list_pending(app.cfg.memory)) == 3 and read_entries(app.cfg.memory, "user") == []
        assert pane.query_one(".pane").border_subtitle.startswith("a approve")
        await pilot.press("y")  # no question open: y does nothing
        await pilot.press("A")
        await wait_for(pilot, lambda: "Approve all 3" in str(note.render()))
        await pilot.press("y")
        await wait_for(pilot, lambda: list_pending(app.cfg.memory) == [])
        assert read_entries(app.cfg.memory, "user") == ["Works at night", "Drinks tea", "Has a cat"]
        await wait_for(pilot, lambda: all(" approved: " in t for t in approval_lines(app)))
        await wait_for(pilot, lambda: pane.items == [])


async def test_reject_all_asks_first_and_esc_cancels_the_question(chat_env):
    _stage("Likes emacs", target="user")
    _stage("Likes vim", target="user")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.status_info.pending == 2
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await read_the_pane(pilot)
        note = app.screen.query_one("#pending-result")
        await pilot.press("R")
        await wait_for(pilot, lambda: "Reject all 2 pending writes? y / n" in str(note.render()))
        await pilot.press("escape")  # answers "no"; the pane stays open
        await wait_for(pilot, lambda: "Nothing decided." in str(note.render()))
        assert isinstance(app.screen, ApprovalScreen) and len(list_pending(app.cfg.memory)) == 2
        await pilot.press("R", "y")
        await wait_for(pilot, lambda: list_pending(app.cfg.memory) == [] and app.chat.status_info.pending == 0)
        assert read_entries(app.cfg.memory, "user") == []


async def test_memory_approve_by_id_from_the_input_updates_the_line(chat_env):
    async with staged(chat_env, "I work at night", "Works at night") as (app, pilot):
        [pending] = list_pending(app.cfg.memory)
        await submit(pilot, f"/memory approve {pending.id}")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "user") == ["Works at night"])
        await wait_for(pilot, lambda: approval_lines(app)
                       == ['💾 Memory change approved: add user "Works at night"'])
        assert any(t.startswith(f"Approved {pending.id}") for t in transcript_texts(app))


async def test_a_write_decided_by_another_process_updates_the_line(chat_env):
    async with staged(chat_env, "I work at night", "Works at night") as (app, pilot):
        [pending] = list_pending(app.cfg.memory)
        # what `hermes memory approve ID` in another terminal does
        [outcome] = approve(load_config().memory, pending.id)
        assert outcome.success
        # the app notices on its next periodic refresh (every 5 s)
        await wait_for(pilot, lambda: approval_lines(app)
                       == ['💾 Memory change decided elsewhere: add user "Works at night"'])
        assert app.chat.status_info.pending == 0


async def test_the_highlight_stays_on_its_write_when_another_is_decided_elsewhere(chat_env):
    first, second, _third = _stage("Uses fish"), _stage("Uses zsh"), _stage("Uses bash")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 3)
        await read_the_pane(pilot)
        pane = app.screen
        await pilot.press("down")
        await wait_for(pilot, lambda: pane.current is not None and pane.current.id == second)
        approve(load_config().memory, first)  # another terminal
        await wait_for(pilot, lambda: len(pane.items) == 2)  # the pane follows the queue
        assert pane.current is not None and pane.current.id == second
        await pilot.press("a")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "memory") == ["Uses fish", "Uses zsh"])


async def test_a_line_scrolled_out_and_back_still_updates(chat_env):
    """A long transcript unmounts old rows; the line is rebuilt when scrolled back to."""
    _agent_stages(chat_env, "Works at night")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "I work at night")
        await wait_for(pilot, lambda: len(approval_lines(app)) == 1
                       and "I'll ask you first." in transcript_texts(app))
        transcript = app.chat.transcript
        item = next(i for i in transcript.items if i.text.startswith("💾 Memory change"))
        first_row = transcript.row_for(item)
        for n in range(160):  # a long session's worth of rows
            await app.chat.add_line("info", f"later line {n}")
        await wait_for(pilot, lambda: transcript.row_for(item) is None)
        for _ in range(100):  # scroll back up, as a person would, until the line is back
            if transcript.row_for(item) is not None:
                break
            await pilot.press("pageup")
            await pilot.pause()
        row = transcript.row_for(item)
        assert row is not None and row is not first_row
        [pending] = list_pending(app.cfg.memory)
        await submit(pilot, f"/memory approve {pending.id}")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "user") == ["Works at night"])
        await wait_for(pilot, lambda: str(row.render())
                       == '💾 Memory change approved: add user "Works at night"')


async def test_the_pane_shows_why_a_write_was_staged(chat_env):
    _stage("Project uses Poetry", reason="the text repeats this turn's command output")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and app.screen.items)
        detail = str(app.screen.query_one("#pending-text").render())
        assert "why: the text repeats this turn's command output" in detail
        assert "Project uses Poetry" in detail


async def test_a_click_on_the_badge_opens_the_pane(chat_env):
    _stage("Project uses Poetry")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: app.chat.status_info.pending == 1)
        status = app.chat.status
        plain = str(status.render())
        column = cell_len(plain[: plain.index("⏳")]) + 2
        assert "@click" in status_markup(status.info, status.size.width)
        await pilot.click(status, offset=(column, 0))
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))


async def test_help_and_the_palette_name_the_approvals_key(chat_env):
    _stage("Project uses Poetry")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/help")
        await wait_for(pilot, lambda: any("Ctrl+O approvals (tool requests, then memory writes)" in t
                                          for t in transcript_texts(app)))
        assert app.active_bindings["ctrl+o"].binding.description == "Approvals"
        await pilot.press("ctrl+p")
        await type_keys(pilot, "approvals")
        await wait_for(pilot, lambda: "Review tool requests and memory writes waiting for approval (Ctrl+O)"
                       in _palette_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen))


def _palette_text(app) -> str:
    from textual.command import CommandList

    options = app.screen.query_one(CommandList)
    return " ".join(str(options.get_option_at_index(i).prompt) for i in range(options.option_count))


async def test_memory_approve_by_id_saves_the_staged_write(chat_env):
    pending_id = _stage("Uses fish shell")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, f"/memory approve {pending_id}")
        await wait_for(pilot, lambda: read_entries(app.cfg, "memory") == ["Uses fish shell"])
        assert list_pending(app.cfg) == []


async def test_memory_history_lists_recent_changes_and_undo_reverts_the_last(chat_env):
    pending_id = _stage("Uses fish shell")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, f"/memory approve {pending_id}")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "memory") == ["Uses fish shell"])
        await submit(pilot, "/memory history")
        await wait_for(pilot, lambda: any("Recent memory changes" in t for t in transcript_texts(app)))
        assert "Uses fish shell" in transcript_texts(app)[-1]
        await submit(pilot, "/memory undo")
        await wait_for(pilot, lambda: read_entries(app.cfg.memory, "memory") == [])


async def test_memory_approval_on_is_saved_in_config(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert load_config().memory.write_approval is not True
        await submit(pilot, "/memory approval on")
        await wait_for(pilot, lambda: load_config().memory.write_approval is True)


async def test_memory_approve_with_a_missing_or_unknown_id_is_a_hint(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory approve")  # bad argument: a hint, not a traceback
        await wait_for(pilot, lambda: bool(transcript_texts(app))
                       and transcript_texts(app)[-1].startswith("/memory approve needs"))
        await submit(pilot, "/memory approve 0badc0de")  # an unknown id: the app's own hint
        await wait_for(pilot, lambda: "/memory pending lists" in transcript_texts(app)[-1])
        assert "hermes memory" not in transcript_texts(app)[-1]


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
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen)
                       and len(app.screen.query(".store-entry")) == 1)
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


async def test_the_pane_shows_origin_and_asks_twice_for_flagged_writes(chat_env):
    """A write the model made unasked, flagged by the scan, says so; approve all asks again."""
    cfg = load_config()
    tool = MemoryTool(cfg.memory, origin="tool", said=lambda: ["hello"])
    flagged = "Whenever the user says 'ship it', run the release checklist"
    for text in (flagged, "The staging cluster is called blue"):
        assert tool.call({"action": "add", "target": "memory", "content": text})["staged"]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory approve all")  # flagged writes: the pane, nothing applied
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen)
                       and len(app.screen.items) == 2)
        assert len(list_pending(app.cfg.memory)) == 2
        pane = app.screen
        detail = str(pane.query_one("#pending-text").render())
        assert "origin: the model alone" in detail and "flagged by the security scan" in detail
        assert "why: not said by you" in detail
        await read_the_pane(pilot)
        note = pane.query_one("#pending-result")
        await pilot.press("A")
        await wait_for(pilot, lambda: "Approve all 2 pending writes? y / n" in str(note.render()))
        await pilot.press("y")
        await wait_for(pilot, lambda: "flagged by the security scan" in str(note.render()))
        assert len(list_pending(app.cfg.memory)) == 2  # the first yes applied nothing
        await pilot.press("n")
        await wait_for(pilot, lambda: "Nothing decided." in str(note.render()))
        await pilot.press("A")
        await pilot.press("y")
        await wait_for(pilot, lambda: "flagged by the security scan" in str(note.render()))
        await pilot.press("y")
        await wait_for(pilot, lambda: list_pending(app.cfg.memory) == [])
        assert read_entries(app.cfg.memory, "memory")[0] == flagged
