"""The app acts on sessions.auto_prune after its first frame, in the background."""

from __future__ import annotations

from tests.agent.test_auto_prune_wiring import _ids, _old_session
from tests.tui.conftest import SIZE, make_app, ready, wait_for

async def test_the_app_prunes_old_history_when_configured(chat_env, hermes_home):
    chat_env.configure(sessions={"auto_prune": True, "retention_days": 30})
    old = _old_session(hermes_home, 200)
    recent = _old_session(hermes_home, 5)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: old not in _ids(hermes_home))
        assert recent in _ids(hermes_home)
        await app.action_quit()
