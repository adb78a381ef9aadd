"""The state.db schema as an ordered list of forward migrations.

How to add a migration (for example, tables for the local user-model provider):
  1. Append `Migration(N, "what it does", steps)` to MIGRATIONS, N = last version + 1.
     `steps` is a SQL script (str) or a function `(conn) -> None` for work SQL cannot do.
  2. Only add: new tables, new columns (`ALTER TABLE … ADD COLUMN` with a default), new
     indexes, backfills. Never drop or rewrite user data; an older file must open in a newer
     program with everything kept.
  3. Never edit a migration that has shipped: files in the wild already ran it.
  4. Add a test that opens a file at the previous version and checks the new shape.
Each migration runs in its own IMMEDIATE transaction together with the version bump, so a
crash mid-migration leaves the file at the previous version.

The full-text index is fed by SQL functions registered on every connection (db.py). If the
way text is split for the index ever changes, add a migration that runs `rebuild_fts`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    steps: str | Callable[[sqlite3.Connection], None]


_V1_CORE = """
CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    title         TEXT,
    title_source  TEXT,
    source        TEXT NOT NULL DEFAULT '',
    model         TEXT NOT NULL DEFAULT '',
    parent_id     TEXT REFERENCES sessions(id) ON DELETE SET NULL,
    started_at    REAL NOT NULL,
    ended_at      REAL,
    last_active   REAL NOT NULL,
    end_reason    TEXT,
    message_count INTEGER NOT NULL DEFAULT 0,
    input_tokens  INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cache_tokens  INTEGER NOT NULL DEFAULT 0,
    cost          REAL NOT NULL DEFAULT 0,
    system_prompt TEXT NOT NULL DEFAULT '',
    cwd           TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX sessions_title ON sessions(title COLLATE NOCASE) WHERE title IS NOT NULL;
CREATE INDEX sessions_last_active ON sessions(last_active);
CREATE INDEX sessions_parent ON sessions(parent_id) WHERE parent_id IS NOT NULL;

CREATE TABLE messages (
    id            INTEGER PRIMARY KEY,
    session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    role          TEXT NOT NULL,
    content       TEXT NOT NULL DEFAULT '',
    tool_calls    TEXT,
    tool_call_id  TEXT,
    tool_name     TEXT,
    timestamp     REAL NOT NULL,
    token_count   INTEGER,
    finish_reason TEXT
);
CREATE INDEX messages_session ON messages(session_id, id);
"""

# External-content FTS5 table whose "content" is a view computing the indexed columns, so
# 'rebuild' and 'integrity-check' work; triggers keep it in step with `messages`. Schema 2–3
# indexed words through FTS5's porter stemmer; schema 4 indexes them as written (see _V4_EXACT).
def _fts_values(row: str, body: str = "hermes_fts_body") -> str:
    """The four indexed values computed from `new` or `old` inside a trigger."""
    return (
        f"{body}({row}.role, {row}.content), "
        f"hermes_fts_tools({row}.tool_name, {row}.tool_calls), "
        f"hermes_fts_cjk2({row}.role, {row}.content), "
        f"hermes_fts_cjk1({row}.role, {row}.content)"
    )


def _source_view(body: str = "hermes_fts_body", where: str = "") -> str:
    """The view FTS5 reads its content from: the four indexed values of each message, computed
    by the same functions as the triggers' (`_fts_values`)."""
    return (
        "CREATE VIEW messages_fts_source AS\n"
        f"    SELECT id, {body}(role, content) AS body,\n"
        "           hermes_fts_tools(tool_name, tool_calls) AS tools,\n"
        "           hermes_fts_cjk2(role, content) AS cjk2,\n"
        "           hermes_fts_cjk1(role, content) AS cjk1\n"
        f"    FROM messages{where};"
    )


_V2_FTS = f"""
{_source_view()}
CREATE VIRTUAL TABLE messages_fts USING fts5(
    body, tools, cjk2, cjk1,
    content='messages_fts_source', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    VALUES (new.id, {_fts_values("new")});
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    VALUES ('delete', old.id, {_fts_values("old")});
END;
CREATE TRIGGER messages_fts_update
AFTER UPDATE OF role, content, tool_name, tool_calls ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    VALUES ('delete', old.id, {_fts_values("old")});
    INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    VALUES (new.id, {_fts_values("new")});
END;
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
"""


def _v3_preview_and_meta(conn: sqlite3.Connection) -> None:
    from hermes.sessions.text import one_line

    conn.execute("ALTER TABLE sessions ADD COLUMN preview TEXT")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    rows = conn.execute(
        "SELECT s.id, (SELECT content FROM messages m WHERE m.session_id = s.id AND m.role = 'user'"
        " ORDER BY m.id LIMIT 1) FROM sessions s"
    ).fetchall()
    conn.executemany(
        "UPDATE sessions SET preview = ? WHERE id = ?",
        [(one_line(text, 80), sid) for sid, text in rows if text],
    )


# Schema 4: the word index holds words exactly as written (case and accents folded), no stemming.
# A stemmed index answered `runnings` with every run/running/runs message and stemmed prefix
# queries (`runni*` missed "running"). Stemming is now done at query time from this index's own
# vocabulary (expand.py), as a recall tier ranked behind exact matches. Symbols (emoji, ✅, °)
# become words: the tokenizer counts category So as word characters and hermes_fts_words sets
# each apart. The function has a new name so that a process still running an older Hermes fails
# loudly on insert instead of indexing text its delete trigger would not reproduce.
_WORDS = "hermes_fts_words"
_V4_EXACT = f"""
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
DROP TABLE messages_fts;
DROP VIEW messages_fts_source;
{_source_view(_WORDS)}
CREATE VIRTUAL TABLE messages_fts USING fts5(
    body, tools, cjk2, cjk1,
    content='messages_fts_source', content_rowid='id',
    tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co So'"
);
CREATE VIRTUAL TABLE messages_fts_terms USING fts5vocab(messages_fts, instance);
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    VALUES (new.id, {_fts_values("new", _WORDS)});
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    VALUES ('delete', old.id, {_fts_values("old", _WORDS)});
END;
CREATE TRIGGER messages_fts_update
AFTER UPDATE OF role, content, tool_name, tool_calls ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    VALUES ('delete', old.id, {_fts_values("old", _WORDS)});
    INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    VALUES (new.id, {_fts_values("new", _WORDS)});
END;
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
"""

# Schema 5: the user-model provider's tables (providers/user_model_tables.py), so that this one list creates
# every table in state.db. Before, the provider created them itself and kept its own version row
# in um_meta; a file where it did keeps its tables and rows (IF NOT EXISTS), and that row is
# retired. The conclusions' search index is derived data the provider refills when the way it
# splits text changes (UserModelStore), as the provider's terms are its own, not this layer's.
_V5_USER_MODEL = """
CREATE TABLE IF NOT EXISTS um_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS um_conclusions (
    id INTEGER PRIMARY KEY,
    content TEXT NOT NULL,
    norm TEXT NOT NULL UNIQUE,
    session_id TEXT,
    message_id INTEGER,
    source TEXT NOT NULL DEFAULT 'derived',
    times_seen INTEGER NOT NULL DEFAULT 1,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS um_conclusions_updated ON um_conclusions(updated_at);
CREATE VIRTUAL TABLE IF NOT EXISTS um_conclusions_fts USING fts5(terms);
CREATE TABLE IF NOT EXISTS um_forgotten (norm_hash TEXT PRIMARY KEY, forgotten_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS um_profile (key TEXT PRIMARY KEY, value TEXT NOT NULL,
                                       updated_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS um_session_state (
    session_id TEXT PRIMARY KEY,
    summary TEXT NOT NULL DEFAULT '',
    turns INTEGER NOT NULL DEFAULT 0,
    last_message_id INTEGER,
    updated_at REAL NOT NULL
);
DELETE FROM um_meta WHERE key = 'schema_version';
"""

# Schema 6: the project a session ran in (the git root of its working directory, else the
# directory; hermes/workspace/project.py). Older rows keep '' and are matched by their cwd.
_V6_PROJECT_DIR = """
ALTER TABLE sessions ADD COLUMN project_dir TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_project ON sessions(project_dir, last_active) WHERE project_dir != '';
"""

# Schema 7: a turn's messages are indexed together, in one FTS5 write, when the turn ends.
# Every message row still commits the moment it is written (nothing said is ever held back);
# only its index entry waits, listed in messages_unindexed, until SessionStore.index_pending()
# runs (at the end of an agent turn, before a search, at the end of a batch). FTS5 writes one
# segment per transaction, so a message per transaction made a segment per message and
# merge work to match; a streamed reply's checkpoint row is no longer indexed and then
# re-indexed when it is finished. The content view leaves waiting rows out, so FTS5's own
# 'rebuild' and 'integrity-check' agree with the index at every moment, and a row deleted or
# edited while it waits needs no index work. FTS5 automerge 8 (its default is 4): a merge
# waits for 8 segments of a level, not 4, so each message is rewritten by fewer merges; on the
# agent's write path (bench/insert_bench.py, 4,000 messages on a 1M history) CPU per message
# fell ~35 % (4.4–4.5k → 6.5–7.1k messages per CPU-second; 100k: 5.4–5.6k → 6.2–6.6k), and a
# query reads at most 7 segments a level instead of 3. The setting is stored in the file.
_V7_TURN_INDEXING = f"""
CREATE TABLE messages_unindexed (id INTEGER PRIMARY KEY);
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
DROP VIEW messages_fts_source;
{_source_view(_WORDS, " WHERE id NOT IN (SELECT id FROM messages_unindexed)")}
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_unindexed (id) VALUES (new.id);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    SELECT 'delete', old.id, {_fts_values("old", _WORDS)}
    WHERE old.id NOT IN (SELECT id FROM messages_unindexed);
    DELETE FROM messages_unindexed WHERE id = old.id;
END;
CREATE TRIGGER messages_fts_update
AFTER UPDATE OF role, content, tool_name, tool_calls ON messages
WHEN old.id NOT IN (SELECT id FROM messages_unindexed) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, body, tools, cjk2, cjk1)
    VALUES ('delete', old.id, {_fts_values("old", _WORDS)});
    INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    VALUES (new.id, {_fts_values("new", _WORDS)});
END;
INSERT INTO messages_fts(messages_fts, rank) VALUES ('automerge', 8);
"""

_INDEX_WAITING = f"""
INSERT INTO messages_fts(rowid, body, tools, cjk2, cjk1)
    SELECT m.id, {_fts_values("m", _WORDS)}
    FROM messages_unindexed u CROSS JOIN messages m ON m.id = u.id ORDER BY u.id
"""  # CROSS JOIN fixes the loop order: a few waiting ids, each looked up, never a messages scan

MIGRATIONS: list[Migration] = [
    Migration(1, "sessions and messages", _V1_CORE),
    Migration(2, "full-text index with CJK bigram and unigram columns", _V2_FTS),
    Migration(3, "session preview column and meta table", _v3_preview_and_meta),
    Migration(4, "exact-word index without stemming; symbols and emoji as words", _V4_EXACT),
    Migration(5, "user-model provider tables (conclusions, profile, per-session state)", _V5_USER_MODEL),
    Migration(6, "sessions record their project directory", _V6_PROJECT_DIR),
    Migration(7, "a turn's messages indexed together, in one write; FTS5 automerge 8", _V7_TURN_INDEXING),
]

LATEST_VERSION = MIGRATIONS[-1].version


def rebuild_fts(conn: sqlite3.Connection) -> None:
    """Re-index every message (for a migration that changes how text is split)."""
    conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")


def index_waiting(conn: sqlite3.Connection) -> int:
    """Index the messages waiting in messages_unindexed (schema 7); returns how many. Call it
    inside a write transaction (SessionStore.index_pending does)."""
    count = conn.execute(_INDEX_WAITING).rowcount
    conn.execute("DELETE FROM messages_unindexed")
    return max(0, count)


def current_version(conn: sqlite3.Connection) -> int:
    has_table = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone()
    if not has_table:
        return 0
    row = conn.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    # executescript() would COMMIT our transaction; run statement by statement instead.
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            conn.execute(buf)
            buf = ""
    if buf.strip():
        conn.execute(buf)


def migrate(conn: sqlite3.Connection, target: int | None = None) -> int:
    """Bring the file up to `target` (default: latest); returns the version reached."""
    target = LATEST_VERSION if target is None else target
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at REAL)"
    )
    version = current_version(conn)
    for migration in MIGRATIONS:
        if migration.version <= version or migration.version > target:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if current_version(conn) >= migration.version:  # another process got there first
                conn.execute("ROLLBACK")
                continue
            if isinstance(migration.steps, str):
                _run_script(conn, migration.steps)
            else:
                migration.steps(conn)
            conn.execute(
                "INSERT INTO schema_version (version, applied_at) VALUES (?, (julianday('now') - 2440587.5) * 86400.0)",
                (migration.version,),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version = migration.version
    return max(version, current_version(conn))
