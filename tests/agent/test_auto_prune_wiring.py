"""sessions.auto_prune is acted on: `hermes chat -q` prunes old history, at most once a day;
read-only commands never prune."""

from __future__ import annotations

import time

from hermes.sessions import SessionStore
from tests.agent.test_chat_cli import _hermes

DAY = 86400.0


def _old_session(home, days_ago: float) -> str:
    then = time.time() - days_ago * DAY
    with SessionStore(home / "state.db", clock=lambda: then) as store:
        sid = store.create_session(source="cli", model="m", system_prompt="p", cwd="/")
        store.append_message(sid, "user", "an old question")
        return sid


def _ids(home) -> set[str]:
    with SessionStore(home / "state.db") as store:
        return {s.id for s in store.list_sessions(limit=100)}


def test_chat_q_prunes_old_history_once_a_day_when_configured(agent_env, hermes_home):
    _, make_cfg = agent_env
    make_cfg(sessions={"auto_prune": True, "retention_days": 30})
    old = _old_session(hermes_home, 200)
    recent = _old_session(hermes_home, 5)

    assert _hermes(hermes_home, "sessions", "list").returncode == 0
    assert old in _ids(hermes_home)  # a read-only command never prunes

    first = _hermes(hermes_home, "chat", "-q", "hello")
    assert first.returncode == 0, first.stderr
    after = _ids(hermes_home)
    assert old not in after and recent in after and len(after) == 2  # + the new chat

    older = _old_session(hermes_home, 300)
    second = _hermes(hermes_home, "chat", "-q", "hello again")
    assert second.returncode == 0, second.stderr
    assert older in _ids(hermes_home)  # pruned less than a day ago: not due yet


def test_auto_prune_is_off_by_default(agent_env, hermes_home):
    _, make_cfg = agent_env
    make_cfg()
    old = _old_session(hermes_home, 2000)
    assert _hermes(hermes_home, "chat", "-q", "hello").returncode == 0
    assert old in _ids(hermes_home)
