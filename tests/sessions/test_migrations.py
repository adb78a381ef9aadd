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


# The user-model tables as the provider created them itself before schema 5 (its version 2).
_OLD_PROVIDER_TABLES = """
CREATE TABLE um_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE um_conclusions (id INTEGER PRIMARY KEY, content TEXT NOT NULL, norm TEXT NOT NULL UNIQUE,
    session_id TEXT, message_id INTEGER, source TEXT NOT NULL DEFAULT 'derived',
    times_seen INTEGER NOT NULL DEFAULT 1, created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE INDEX um_conclusions_updated ON um_conclusions(updated_at);
CREATE VIRTUAL TABLE um_conclusions_fts USING fts5(terms);
CREATE TABLE um_forgotten (norm_hash TEXT PRIMARY KEY, forgotten_at REAL NOT NULL);
CREATE TABLE um_profile (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at REAL NOT NULL);
CREATE TABLE um_session_state (session_id TEXT PRIMARY KEY, summary TEXT NOT NULL DEFAULT '',
    turns INTEGER NOT NULL DEFAULT 0, last_message_id INTEGER, updated_at REAL NOT NULL);
INSERT INTO um_meta VALUES ('schema_version', '2'), ('last_sync_provider', 'local');
INSERT INTO um_conclusions (id, content, norm, session_id, times_seen, created_at, updated_at)
    VALUES (7, 'Eats lunch at 𠮷野家', 'eats lunch at 𠮷野家', '20250101_120000_abcdef', 3, 1, 2);
INSERT INTO um_conclusions_fts (rowid, terms) VALUES (7, 'eats lunch 野家');
INSERT INTO um_forgotten VALUES ('abc', 5);
INSERT INTO um_profile VALUES ('peer_card', '["Writes Rust"]', 3);
INSERT INTO um_session_state VALUES ('20250101_120000_abcdef', 'talked about lunch', 4, 2, 6);
"""


def test_v5_takes_over_user_model_tables_the_provider_created(hermes_home: Path) -> None:
    """A schema-4 file holding the provider's own um_* tables: schema 5 keeps every row, retires
    the provider's version row, and the provider re-indexes with the shared CJK definition."""
    from hermes.providers.user_model_tables import INDEX_TERMS, UserModelStore

    path = _old_file(4)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(_OLD_PROVIDER_TABLES)
    conn.close()
    with SessionStore(path) as store:
        assert current_version(store.conn) == LATEST_VERSION >= 5
        assert store.conn.execute("SELECT key, value FROM um_meta").fetchall() == [
            ("last_sync_provider", "local")]
    with UserModelStore(path) as um:
        [kept] = um.recent_conclusions()
        assert (kept.id, kept.content, kept.times_seen) == (7, "Eats lunch at 𠮷野家", 3)
        assert um.peer_card() == ["Writes Rust"]
        assert um.session_summary("20250101_120000_abcdef") == "talked about lunch"
        assert um.count_sessions() == 1
        # 𠮷 (CJK extension B) was outside the provider's old CJK range: found only after re-indexing
        assert [c.id for c in um.search_conclusions("𠮷野")] == [7]
        assert um.meta()["index_terms"] == INDEX_TERMS
        assert um.add_conclusion("Eats lunch at 𠮷野家!") == 7  # the same one, counted again
    with SessionStore(path) as store:
        assert store.check_integrity() == []


def test_fresh_file_has_the_user_model_tables(hermes_home: Path) -> None:
    with SessionStore() as store:
        names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"um_meta", "um_conclusions", "um_conclusions_fts", "um_forgotten", "um_profile",
            "um_session_state"} <= names


def test_v5_file_gets_turn_indexing_with_its_index_kept(hermes_home: Path) -> None:
    """A schema-5 file whose messages its triggers indexed one by one: schema 7 keeps that
    index as it is (no rebuild), and from then on new messages wait for their turn's end."""
    path = _old_file(5)
    sid = "20250101_120000_abcdef"
    conn = sqlite3.connect(path, isolation_level=None)
    terms_before = conn.execute("SELECT count(*) FROM messages_fts_data").fetchone()[0]
    conn.close()
    with SessionStore(path) as store:
        assert current_version(store.conn) == LATEST_VERSION >= 7
        assert store.query("SELECT count(*) FROM messages_unindexed") == [(0,)]
        assert store.query("SELECT count(*) FROM messages_fts_data")[0][0] == terms_before
        assert store.query("SELECT v FROM messages_fts_config WHERE k = 'automerge'") == [(8,)]
        old_user, old_reply = (m.id for m in store.get_messages(sid))
        assert store.search("autovacuum_naptime")[0]["message_id"] == old_reply
        assert store.check_integrity() == []
        # an old, indexed message edited and another deleted: the index follows at once
        store.update_message(old_user, content="how do I tune the planner")
        with store.writing() as conn:
            conn.execute("DELETE FROM messages WHERE id = ?", (old_reply,))
        assert store.search("autovacuum_naptime") == [] and store.search("planner")
        fresh = store.append_message(sid, "user", "a vacuum question", index=False)
        assert store.query("SELECT id FROM messages_unindexed") == [(fresh,)]
        assert store.index_pending() == 1
        assert [r["message_id"] for r in store.search("vacuum")] == [fresh]
        assert store.check_integrity() == []
