"""The writer and reader API on a real state.db."""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from hermes import paths
from hermes.sessions import SessionNotFoundError, SessionStore
from hermes.sessions.session_store import scrub
from hermes.security.redact import redact
from tests.sessions.conftest import FakeClock, new_session


def test_file_is_private_and_uses_wal(store: SessionStore) -> None:
    new_session(store)
    path = paths.state_db_path()
    assert store.path == path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert store.conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 5000


def test_session_id_format_and_row_fields(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        sid = store.create_session(source="cli", model="openai/gpt-x", system_prompt="SYS",
                                   cwd="/work", title="First")
        assert re.fullmatch(r"\d{8}_\d{6}_[0-9a-f]{6}", sid)
        info = store.get_session(sid)
        assert (info.source, info.model, info.system_prompt, info.cwd) == ("cli", "openai/gpt-x", "SYS", "/work")
        assert (info.title, info.title_source) == ("First", "user")
        assert info.started_at == clock.now and info.ended_at is None and info.message_count == 0


def test_append_updates_count_last_active_and_preview(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        sid = new_session(store)
        clock.advance(10)
        store.append_message(sid, "user", "Please look at the flaky login test\nsecond line")
        clock.advance(5)
        mid = store.append_message(
            sid, "assistant", "",
            tool_calls=[{"id": "c1", "type": "function",
                         "function": {"name": "terminal", "arguments": '{"cmd": "pytest"}'}}],
        )
        store.append_message(sid, "tool", "3 passed", tool_call_id="c1", tool_name="terminal")
        info = store.get_session(sid)
        assert info.message_count == 3
        assert info.last_active == clock.now
        assert info.preview == "Please look at the flaky login test second line"
        msgs = store.get_messages(sid)
        assert [m.role for m in msgs] == ["user", "assistant", "tool"]
        assert msgs[1].id == mid and msgs[1].tool_calls[0]["function"]["name"] == "terminal"
        assert msgs[2].to_openai() == {"role": "tool", "content": "3 passed", "tool_call_id": "c1",
                                       "name": "terminal"}


def test_partial_reply_then_final_or_interrupted(store: SessionStore) -> None:
    sid = new_session(store)
    store.append_message(sid, "user", "write a haiku")
    mid = store.append_message(sid, "assistant", "", finish_reason="streaming")
    store.update_message(mid, content="Autumn moon", finish_reason="interrupted")
    msg = store.get_message(mid)
    assert msg.content == "Autumn moon" and msg.interrupted
    store.update_message(mid, content="Autumn moon rises", finish_reason="stop", token_count=7)
    msg = store.get_message(mid)
    assert (msg.content, msg.finish_reason, msg.token_count, msg.interrupted) == (
        "Autumn moon rises", "stop", 7, False)
    assert store.search("rises")[0]["message_id"] == mid
    assert store.search("Autumn NOT rises") == []
    with pytest.raises(SessionNotFoundError):
        store.update_message(99999, content="x")


def test_usage_end_reopen_and_unknown_session(store: SessionStore) -> None:
    sid = new_session(store)
    store.add_usage(sid, input_tokens=100, output_tokens=20, cache_tokens=50, cost=0.01)
    store.add_usage(sid, input_tokens=1, output_tokens=2, cache_tokens=3, cost=0.5)
    info = store.get_session(sid)
    assert (info.input_tokens, info.output_tokens, info.cache_tokens) == (101, 22, 53)
    assert info.cost == pytest.approx(0.51)
    store.end_session(sid, "user_exit")
    assert store.get_session(sid).end_reason == "user_exit" and store.get_session(sid).ended
    store.reopen_session(sid)
    assert not store.get_session(sid).ended
    with pytest.raises(SessionNotFoundError):
        store.append_message("nope", "user", "x")
    with pytest.raises(SessionNotFoundError):
        store.add_usage("nope", input_tokens=1)
    with pytest.raises(ValueError):
        store.append_message(sid, "robot", "x")


def test_secrets_never_reach_the_database(store: SessionStore) -> None:
    key = "sk-proj-" + "A1b2C3d4" * 5
    sid = store.create_session(source="tui", model="m", system_prompt=f"key {key}", cwd="/")
    store.append_message(sid, "user", f"my key is {key}")
    store.append_message(sid, "assistant", "ok", tool_calls=[
        {"id": "1", "type": "function", "function": {"name": "write", "arguments": f'{{"v": "{key}"}}'}}])
    store.close()
    raw = b"".join(p.read_bytes() for p in paths.hermes_home().glob("state.db*"))
    assert key.encode() not in raw
    with SessionStore() as again:
        assert "[REDACTED:openai-key]" in again.get_messages(sid)[0].content


@pytest.mark.parametrize("text", [
    "sk-ant-" + "x" * 30, "ghp_" + "a" * 36, "AKIAABCDEFGHIJKLMNOP", "xoxb-1234567890-abc",
    "AIza" + "b" * 35, "hf_" + "c" * 34, "sk_live_" + "d" * 20, "Authorization: Bearer abcdefghijklmnop",
    "postgres://user:hunter22@db/x", "password = 'correcthorse'", "API_KEY=abcdef123456",
    "-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----",
    "eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.abcdefghijk", "plain text without anything",
])
def test_fast_scrub_matches_the_shared_redactor(text: str) -> None:
    assert scrub(f"before {text} after") == redact(f"before {text} after")


def test_writes_from_many_threads(store: SessionStore) -> None:
    sids = [new_session(store) for _ in range(4)]
    errors: list[BaseException] = []

    def work(sid: str) -> None:
        try:
            for i in range(50):
                store.append_message(sid, "user", f"thread message {i}")
                store.search("thread")
        except BaseException as exc:  # noqa: BLE001  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(s,)) for s in sids]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [store.get_session(s).message_count for s in sids] == [50] * 4
    assert sum(len(store.get_messages(s)) for s in sids) == 200


def test_delete_cascades_and_unindexes(store: SessionStore) -> None:
    keep, gone = new_session(store), new_session(store)
    store.append_message(keep, "user", "kangaroo facts")
    store.append_message(gone, "user", "kangaroo recipes")
    assert store.delete_session(gone) == 1
    assert [r["session_id"] for r in store.search("kangaroo")] == [keep]
    assert store.conn.execute("SELECT count(*) FROM messages WHERE session_id = ?", (gone,)).fetchone()[0] == 0
    assert store.check_integrity() == []


def test_closed_store_raises_typed_error(hermes_home: Path) -> None:
    from hermes.sessions import SessionStoreError

    s = SessionStore()
    s.close()
    with pytest.raises(SessionStoreError):
        s.list_sessions()
    assert os.path.exists(paths.state_db_path())
