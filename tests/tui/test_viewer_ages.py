"""Ages in the memory viewer: each entry's written / last-confirmed dates under it, and none
at all while the memory layer gives no dates (nothing is guessed)."""

from __future__ import annotations

from hermes.config import load_config
from hermes.memory import MemoryTool
from hermes.tui import memory_bridge
from hermes.tui.memory_bridge import EntryAge
from hermes.tui.screens.memory_viewer import MemoryViewerScreen, age_line
from tests.tui.conftest import SIZE, make_app, ready, submit, wait_for

ENTRY = "Deploys go through staging first"


def test_the_age_line_names_both_dates_or_only_the_first():
    assert age_line(EntryAge("2026-11-28", "2026-12-01")) == "written 2026-11-28 · confirmed 2026-12-01"
    assert age_line(EntryAge("2026-11-28")) == "written 2026-11-28"


def _ages_shown(app) -> list[str]:
    return [str(w.render()) for w in app.screen.query(".store-age")]


async def _open_viewer(app, pilot) -> None:
    await submit(pilot, "/memory")
    await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen)
                   and bool(app.screen.query(".store-entry")))
    await pilot.pause()


async def test_the_viewer_shows_no_age_while_the_memory_layer_gives_none(chat_env):
    MemoryTool(load_config().memory, origin="cli").call({"action": "add", "target": "memory", "content": ENTRY})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await _open_viewer(app, pilot)
        assert _ages_shown(app) == []


async def test_the_viewer_shows_the_dates_it_is_given_under_their_entry(chat_env, monkeypatch):
    MemoryTool(load_config().memory, origin="cli").call({"action": "add", "target": "memory", "content": ENTRY})
    monkeypatch.setattr(memory_bridge, "entry_ages", lambda cfg, target, entries: (
        {ENTRY: EntryAge("2026-11-28", "2026-12-01")} if target == "memory" else {}))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await _open_viewer(app, pilot)
        assert _ages_shown(app) == ["written 2026-11-28 · confirmed 2026-12-01"]
