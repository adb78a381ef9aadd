"""Pending that is seen: the badge stays until the queue is empty, across sessions, and a
start-up notice names writes that have waited more than a day. Real records under HERMES_HOME."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from hermes.config import load_config
from hermes.memory import MemoryTool, list_pending
from hermes.memory.pending import pending_path
from hermes.memory.pending_summary import PendingSummary
from hermes.tui.memory_bridge import old_pending_notice
from hermes.tui.approvals.memory_pane import ApprovalScreen
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for


def stage(content: str, *, days_ago: float = 0) -> str:
    """A write staged with approval on (as an earlier session would leave it)."""
    cfg = load_config()
    cfg.memory.write_approval = True
    result = MemoryTool(cfg.memory, origin="tool").call(
        {"action": "add", "target": "memory", "content": content})
    assert result["staged"] is True
    if days_ago:
        path = pending_path(result["pending_id"])
        record = json.loads(path.read_text(encoding="utf-8"))
        when = datetime.now(UTC) - timedelta(days=days_ago)
        record["created_at"] = when.isoformat(timespec="microseconds").replace("+00:00", "Z")
        path.write_text(json.dumps(record), encoding="utf-8")
    return str(result["pending_id"])


def badge(app) -> str:
    return str(app.chat.status.render())


async def test_the_badge_shows_earlier_writes_and_stays_until_the_queue_is_empty(chat_env):
    stage("The release branch is cut on Thursdays")
    stage("The staging cluster is called blue")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.chat.status_info.pending == 2 and "⏳ 2 pending" in badge(app)
        await pilot.press("ctrl+o")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await pilot.pause(ApprovalScreen.typing_gap + 0.05)
        await pilot.press("a")
        await wait_for(pilot, lambda: len(list_pending(app.cfg.memory)) == 1)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.chat)
        assert "⏳ 1 pending" in badge(app)
        await submit(pilot, "/new")  # a new session: the queue is the same, so is the badge
        await wait_for(pilot, lambda: any("new session" in t.lower() for t in transcript_texts(app)))
        app.refresh_memory_status()
        await pilot.pause()
        assert "⏳ 1 pending" in badge(app)
        await submit(pilot, "/memory approve all")
        await wait_for(pilot, lambda: list_pending(app.cfg.memory) == [])
        await wait_for(pilot, lambda: app.chat.status_info.pending == 0)
        assert "pending" not in badge(app)


async def test_a_write_waiting_since_days_ago_gets_a_start_up_notice(chat_env):
    stage("The release branch is cut on Thursdays", days_ago=3)
    stage("The staging cluster is called blue")
    oldest = (datetime.now(UTC) - timedelta(days=3)).astimezone()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: any("waiting for approval since" in t for t in transcript_texts(app)))
        notice = next(t for t in transcript_texts(app) if "waiting for approval since" in t)
        assert notice.startswith(f"⏳ 2 writes are waiting for approval since {oldest:%b} {oldest.day}")
        assert "Ctrl+O" in notice


async def test_writes_staged_today_get_no_notice(chat_env):
    stage("The staging cluster is called blue")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: app.chat.status_info.pending == 1)
        await pilot.pause(0.2)
        assert not any("waiting for approval since" in t for t in transcript_texts(app))


def test_the_notice_says_how_many_and_since_when():
    now = datetime(2026, 12, 2, 9, tzinfo=UTC)
    day_old = PendingSummary(3, timedelta(hours=25))
    assert old_pending_notice(day_old, now).startswith("3 writes are waiting for approval since ")
    assert old_pending_notice(PendingSummary(1, timedelta(hours=23)), now) == ""
    assert old_pending_notice(PendingSummary(0, None), now) == ""
    last_year = old_pending_notice(PendingSummary(1, now - datetime(2025, 11, 28, 12, tzinfo=UTC)), now)
    assert last_year.startswith("1 write is waiting for approval since Nov 28, 2025")
