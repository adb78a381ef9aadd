"""/undo in the app: it asks the session to revert the agent's last edit and prints its line.

The session's undo journal is ws-tools' part; until it is merged, `undo_last_edit` is replaced
here by one that records the call, so these tests check the command's side only.
"""

from __future__ import annotations

import pytest

from hermes.agent.session import AgentSession
from tests.tui.conftest import SIZE, make_app, mid_reply, ready, submit, transcript_texts, wait_for


@pytest.fixture
def undo_calls(monkeypatch: pytest.MonkeyPatch) -> list[AgentSession]:
    calls: list[AgentSession] = []

    def undo_last_edit(self: AgentSession) -> str:
        calls.append(self)
        return "Reverted the edit of greet.py (restored 2 lines)."

    monkeypatch.setattr(AgentSession, "undo_last_edit", undo_last_edit)
    return calls


async def test_undo_reverts_through_the_session_and_prints_its_line(chat_env, undo_calls):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: "↶ Reverted the edit of greet.py (restored 2 lines)." in transcript_texts(app))
        assert undo_calls == [app.agent]


async def test_undo_waits_for_the_running_reply(chat_env, undo_calls):
    async with mid_reply(chat_env, "hello") as (app, pilot):
        await submit(pilot, "/undo")
        await wait_for(pilot, lambda: any(t.startswith("The agent is still working; /undo")
                                          for t in transcript_texts(app)))
        assert undo_calls == []
