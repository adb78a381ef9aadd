"""Ages in the memory viewer: under each entry the date it was written and when it was last
confirmed, from the real journal under HERMES_HOME; an entry no journal record wrote says so
(no date is guessed)."""

from __future__ import annotations

from datetime import UTC, datetime

from hermes.config import load_config
from hermes.memory import MemoryTool
from hermes.memory.memory_files import store_path
from tests.tui.conftest import SIZE, make_app, ready, submit, wait_for
from hermes.tui.screens.memory_viewer import MemoryViewerScreen

ENTRY = "Deploys go through staging first"
HAND = "Written by hand in MEMORY.md"


def _ages_shown(app) -> list[str]:
    return [str(w.render()) for w in app.screen.query(".store-age")]


async def test_the_viewer_shows_when_each_entry_was_written_and_confirmed(chat_env):
    MemoryTool(load_config().memory, origin="cli").call({"action": "add", "target": "memory", "content": ENTRY})
    path = store_path("memory")
    path.write_text(path.read_text(encoding="utf-8") + "\n§\n" + HAND, encoding="utf-8")
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen)
                       and len(app.screen.query(".store-entry")) == 2)
        assert _ages_shown(app) == [f"written {today} · confirmed today",
                                    "not in the journal (a hand edit, or older than the journal)"]
