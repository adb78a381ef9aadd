"""The chat screen's seams with the app: state down (the status bar follows the screen's
`status_info`), and the model client's background import as a worker owned by the app."""

from __future__ import annotations

import asyncio
import threading

from tests.tui.conftest import SIZE, make_app, ready, wait_for


async def test_the_status_bar_follows_the_screens_status_info(chat_env):
    app = make_app(open_agent=False, preload=lambda: None)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        bar = app.chat.status
        assert "hermes-app" not in str(bar.render())
        app.chat.update_status(project="hermes-app", title="auth refactor")
        await wait_for(pilot, lambda: "hermes-app" in str(bar.render()))
        assert bar.info.project == "hermes-app" and "auth refactor" in str(bar.render())
        app.chat.update_status(project="")
        await wait_for(pilot, lambda: "hermes-app" not in str(bar.render()))


async def test_quitting_while_the_model_client_loads_leaves_cleanly(chat_env):
    """The import runs in a thread worker the app owns: leaving before it ends is a normal
    exit, and when the import ends later nothing calls back into the closed app."""
    release = threading.Event()
    app = make_app(preload=lambda: release.wait(30))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await ready(app)
            assert not app.loader.done.is_set()
            await pilot.press("ctrl+q")
            await wait_for(pilot, lambda: app.return_code is not None)
    finally:
        release.set()
    assert app.return_code == 0
    assert app.loader.done.is_set()  # the waiting side ended with the app
    for _ in range(600):  # the import's thread finishes on its own, later
        if app.loader.seconds > 0:
            break
        await asyncio.sleep(0.05)
    assert app.loader.seconds > 0 and app.loader.error is None
