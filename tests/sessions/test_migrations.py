"""A newer program opens an older file: everything kept, new shape added."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hermes import paths
from hermes.sessions import SessionStore
from hermes.sessions.db import register_functions
from hermes.sessions.migrations import LATEST_VERSION, MIGRATIONS, current_version, migrate


def _old_file(version: int) -> Path:
    """A state.db as a program at `version` left it, with data written by that program."""
    path = paths.state_db_path()
    paths.ensure_dir(path.parent)
    conn = sqlite3.connect(path, isolation_level=None)
    register_functions(conn)
    assert migrate(conn, target=version) == version
    conn.execute(
        "INSERT INTO sessions (id, title, title_source, source, model, started_at, last_active,"
        " message_count, system_prompt, cwd) VALUES ('20250101_120000_abcdef', 'old work', 'user',"
        " 'tui', 'm', 1735732800, 1735732900, 2, 'SYS', '/old')"
    )
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)",
        [("20250101_120000_abcdef", "user", "how do I tune the 数据库 vacuum settings", 1735732800),
         ("20250101_120000_abcdef", "assistant", "set autovacuum_naptime lower", 1735732900)],
    )
    conn.close()
    return path


def test_versions_are_ordered_and_contiguous() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))


def test_v1_file_opens_with_everything_kept(hermes_home: Path) -> None:
    path = _old_file(1)
    with SessionStore(path) as store:
        assert current_version(store.conn) == LATEST_VERSION
        info = store.get_session("20250101_120000_abcdef")
        assert (info.title, info.system_prompt, info.cwd, info.message_count) == ("old work", "SYS", "/old", 2)
        assert info.preview == "how do I tune the 数据库 vacuum settings"  # backfilled by v3
        assert [m.content for m in store.get_messages(info.id)][1] == "set autovacuum_naptime lower"
        assert store.search("autovacuum_naptime")[0]["session_id"] == info.id  # indexed by v2
        assert store.search("数据库")[0]["session_id"] == info.id
        assert store.check_integrity() == []
        new = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
        store.append_message(new, "user", "new vacuum question")
        assert {r["session_id"] for r in store.search("vacuum", limit=5)} == {info.id, new}


def test_v2_file_opens_and_reopening_is_a_no_op(hermes_home: Path) -> None:
    path = _old_file(2)
    SessionStore(path).close()
    with SessionStore(path) as store:
        rows = store.conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert [r[0] for r in rows] == list(range(1, LATEST_VERSION + 1))
        assert store.get_session("20250101_120000_abcdef").preview


def test_v3_stemmed_index_becomes_exact_in_place(hermes_home: Path) -> None:
    """A file at schema 3 (porter-stemmed index) with data in it: the rows become searchable exactly."""
    path = _old_file(3)
    conn = sqlite3.connect(path, isolation_level=None)
    register_functions(conn)
    sid = "20250101_120000_abcdef"
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, ?, ?, ?)",
        [(sid, "user", "notes on the runnings of the old mill 🎉", 1735733000),
         (sid, "assistant", "the job kept running, and runs again tonight", 1735733100)],
    )
    # what schema 3 did: the stemmed index gives both messages for either word, and no emoji
    stemmed = conn.execute(
        "SELECT count(*) FROM messages_fts WHERE messages_fts MATCH '\"runnings\"'").fetchone()[0]
    assert stemmed == 2
    conn.close()
    with SessionStore(path) as store:
        assert current_version(store.conn) == LATEST_VERSION >= 4
        runnings, running = (m.id for m in store.get_messages(sid)[2:])

        def matched(expression: str) -> list[int]:
            return [r[0] for r in store.conn.execute(
                "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid", (expression,))]

        assert matched('"runnings"') == [runnings]
        assert matched('"runni" *') == [runnings, running]
        assert matched('"run"') == []  # neither says "run"; the stemmed index had both under it
        assert matched('"🎉"') == [runnings]
        [hit] = store.search("runnings")
        assert hit["message_id"] == runnings and "stemmed" not in hit
        assert store.search('"running"')[0]["message_id"] == running
        assert store.search("数据库")[0]["session_id"] == sid  # CJK columns rebuilt too
        assert store.check_integrity() == []
        # the new triggers keep the new index in step
        store.update_message(runnings, content="nothing left here")
        assert matched('"runnings"') == []
        assert store.check_integrity() == []
