"""The user model's tables in state.db: conclusions with provenance, the profile, status.

The tables carry a `um_` prefix and are created idempotently with their own version row
(`um_meta.schema_version`), so they live beside the sessions layer's schema without touching it.
Every text that reaches a table passes the secret redactor first.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hermes import paths
from hermes.security.redact import redact

SCHEMA_VERSION = 2
PEER_CARD_MAX_ITEMS = 16
PEER_CARD_ITEM_MAX = 200
CONCLUSION_MAX = 500

_SCHEMA = """
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
"""

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_STOPWORDS = frozenset((
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "do", "does", "for", "from",
    "has", "have", "he", "her", "his", "how", "i", "if", "in", "is", "it", "its", "me",
    "my", "no", "not", "of", "on", "or", "our", "she", "so", "that", "the", "their", "them",
    "they", "this", "to", "us", "was", "we", "were", "what", "when", "where", "which",
    "who", "why", "will", "with", "you", "your",
))


@dataclass(frozen=True)
class Conclusion:
    """One stored conclusion about the user."""

    id: int
    content: str
    session_id: str | None
    message_id: int | None
    source: str
    times_seen: int
    created_at: float
    updated_at: float


def normalize(text: str) -> str:
    """Lower-case words only: two phrasings that differ in case or punctuation are one."""
    return " ".join(_WORD.findall(text.lower()))


def search_terms(text: str) -> set[str]:
    """Words (2+ letters, no stopwords) plus overlapping bigrams of CJK runs."""
    terms: set[str] = set()
    for word in _WORD.findall(text.lower()):
        if _CJK.search(word):
            chars = [c for c in word if _CJK.match(c)]
            terms.update(a + b for a, b in zip(chars, chars[1:], strict=False))
            if len(chars) == 1:
                terms.add(chars[0])
        elif len(word) >= 2 and word not in _STOPWORDS:
            terms.add(word)
    return terms


def _norm_hash(norm: str) -> str:
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def clean_text(text: str, limit: int) -> str:
    """Redacted, one-spaced, cut to `limit` characters."""
    return " ".join(redact(str(text)).split())[:limit]


class UserModelStore:
    """Conclusions, profile and status in state.db (a fresh connection per call)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else paths.state_db_path()
        self._ready = False

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if not self.path.exists():  # create it private from the first byte
            paths.ensure_dir(self.path.parent)
            os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, paths.FILE_MODE))
        con = sqlite3.connect(self.path, timeout=10.0)
        try:
            con.row_factory = sqlite3.Row
            con.execute("PRAGMA busy_timeout=10000")
            if not self._ready:
                con.execute("PRAGMA journal_mode=WAL")
                _migrate(con)
                self._ready = True
            with con:
                yield con
        finally:
            con.close()

    # -- conclusions

    def add_conclusion(self, content: str, *, session_id: str | None = None,
                       message_id: int | None = None, source: str = "derived") -> int | None:
        """Store a conclusion (or count it again if already known); None if empty or forgotten."""
        text = clean_text(content, CONCLUSION_MAX)
        norm = normalize(text)
        if not norm:
            return None
        now = time.time()
        with self._connect() as con:
            if con.execute("SELECT 1 FROM um_forgotten WHERE norm_hash=?",
                           (_norm_hash(norm),)).fetchone() and source == "derived":
                return None
            row = con.execute("SELECT id FROM um_conclusions WHERE norm=?", (norm,)).fetchone()
            if row:
                con.execute("UPDATE um_conclusions SET times_seen=times_seen+1, updated_at=?"
                            " WHERE id=?", (now, row["id"]))
                return int(row["id"])
            con.execute("DELETE FROM um_forgotten WHERE norm_hash=?", (_norm_hash(norm),))
            cur = con.execute(
                "INSERT INTO um_conclusions(content, norm, session_id, message_id, source,"
                " created_at, updated_at) VALUES (?,?,?,?,?,?,?)",
                (text, norm, session_id, message_id, source, now, now))
            new_id = int(cur.lastrowid or 0)
            _index(con, new_id, text)
            return new_id

    def delete_conclusion(self, conclusion_id: int) -> bool:
        """Delete one conclusion and remember it so the model does not derive it again."""
        with self._connect() as con:
            row = con.execute("SELECT norm FROM um_conclusions WHERE id=?",
                              (conclusion_id,)).fetchone()
            if row is None:
                return False
            con.execute("DELETE FROM um_conclusions WHERE id=?", (conclusion_id,))
            con.execute("DELETE FROM um_conclusions_fts WHERE rowid=?", (conclusion_id,))
            con.execute("INSERT OR REPLACE INTO um_forgotten(norm_hash, forgotten_at) VALUES (?,?)",
                        (_norm_hash(row["norm"]), time.time()))
            return True

    def get_conclusion(self, conclusion_id: int) -> Conclusion | None:
        with self._connect() as con:
            row = con.execute("SELECT * FROM um_conclusions WHERE id=?",
                              (conclusion_id,)).fetchone()
        return _conclusion(row) if row else None

    def recent_conclusions(self, limit: int = 20) -> list[Conclusion]:
        """Newest first (by when they were last seen)."""
        with self._connect() as con:
            rows = con.execute("SELECT * FROM um_conclusions ORDER BY updated_at DESC, id DESC"
                               " LIMIT ?", (max(0, limit),)).fetchall()
        return [_conclusion(r) for r in rows]

    def count_conclusions(self) -> int:
        with self._connect() as con:
            return int(con.execute("SELECT COUNT(*) FROM um_conclusions").fetchone()[0])

    def search_conclusions(self, query: str, limit: int = 8) -> list[Conclusion]:
        """Best matches for `query` (any of its terms; BM25, then recency); [] if none match.

        The index holds each conclusion's terms as `search_terms` makes them (words, and CJK
        runs as overlapping bigrams), so short Chinese or Japanese words match too.
        """
        terms = search_terms(query)
        if not terms:
            return []
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in sorted(terms)[:32])
        with self._connect() as con:
            rows = con.execute(
                "SELECT c.* FROM um_conclusions_fts f JOIN um_conclusions c ON c.id = f.rowid"
                " WHERE um_conclusions_fts MATCH ? ORDER BY f.rank, c.times_seen DESC,"
                " c.updated_at DESC LIMIT ?", (match, max(1, limit))).fetchall()
        return [_conclusion(r) for r in rows]

    # -- profile: peer card and representations

    def get_profile(self, key: str) -> str:
        with self._connect() as con:
            row = con.execute("SELECT value FROM um_profile WHERE key=?", (key,)).fetchone()
        return str(row["value"]) if row else ""

    def set_profile(self, key: str, value: str) -> None:
        with self._connect() as con:
            con.execute("INSERT OR REPLACE INTO um_profile(key, value, updated_at) VALUES (?,?,?)",
                        (key, redact(value), time.time()))

    def peer_card(self) -> list[str]:
        raw = self.get_profile("peer_card")
        try:
            items = json.loads(raw) if raw else []
        except ValueError:
            return []
        return [str(i) for i in items if isinstance(i, str)] if isinstance(items, list) else []

    def set_peer_card(self, items: list[str]) -> list[str]:
        """Replace the card: cleaned, duplicates dropped, capped; returns what was stored."""
        out: list[str] = []
        seen: set[str] = set()
        for item in items:
            text = clean_text(item, PEER_CARD_ITEM_MAX)
            norm = normalize(text)
            if norm and norm not in seen:
                seen.add(norm)
                out.append(text)
        out = out[:PEER_CARD_MAX_ITEMS]
        self.set_profile("peer_card", json.dumps(out, ensure_ascii=False))
        return out

    def add_to_peer_card(self, items: list[str]) -> list[str]:
        """Append new items (existing ones kept first); returns the card."""
        return self.set_peer_card(self.peer_card() + list(items))

    # -- per-session state

    def session_summary(self, session_id: str) -> str:
        with self._connect() as con:
            row = con.execute("SELECT summary FROM um_session_state WHERE session_id=?",
                              (session_id,)).fetchone()
        return str(row["summary"]) if row else ""

    def record_turn(self, session_id: str, summary: str | None,
                    last_message_id: int | None) -> None:
        """Count a processed turn for a session and keep its rolling summary."""
        now = time.time()
        with self._connect() as con:
            con.execute(
                "INSERT INTO um_session_state(session_id, summary, turns, last_message_id,"
                " updated_at) VALUES (?, ?, 1, ?, ?) ON CONFLICT(session_id) DO UPDATE SET"
                " summary=CASE WHEN excluded.summary != '' THEN excluded.summary ELSE summary END,"
                " turns=turns+1, last_message_id=COALESCE(excluded.last_message_id,"
                " last_message_id), updated_at=excluded.updated_at",
                (session_id, clean_text(summary or "", 1200), last_message_id, now))

    def count_sessions(self) -> int:
        with self._connect() as con:
            return int(con.execute("SELECT COUNT(*) FROM um_session_state").fetchone()[0])

    # -- status

    def meta(self) -> dict[str, str]:
        with self._connect() as con:
            return {r["key"]: r["value"] for r in con.execute("SELECT key, value FROM um_meta")}

    def set_meta(self, **values: str | float | int) -> None:
        with self._connect() as con:
            con.executemany("INSERT OR REPLACE INTO um_meta(key, value) VALUES (?, ?)",
                            [(k, redact(str(v))) for k, v in values.items()])

    def record_sync(self, provider: str) -> None:
        """Note a successful exchange with the provider's back end."""
        with self._connect() as con:
            con.execute("INSERT OR REPLACE INTO um_meta(key, value) VALUES ('last_sync', ?)",
                        (str(time.time()),))
            con.execute("INSERT OR REPLACE INTO um_meta(key, value) VALUES ('last_sync_provider',"
                        " ?)", (provider,))
            row = con.execute("SELECT value FROM um_meta WHERE key='turns_synced'").fetchone()
            count = int(row["value"]) + 1 if row and str(row["value"]).isdigit() else 1
            con.execute("INSERT OR REPLACE INTO um_meta(key, value) VALUES ('turns_synced', ?)",
                        (str(count),))

    def record_error(self, message: str) -> None:
        """Keep the latest error (redacted, one line) for `hermes memory status`."""
        errors = 0
        with self._connect() as con:
            row = con.execute("SELECT value FROM um_meta WHERE key='error_count'").fetchone()
            if row and str(row["value"]).isdigit():
                errors = int(row["value"])
            con.executemany("INSERT OR REPLACE INTO um_meta(key, value) VALUES (?, ?)", [
                ("last_error", clean_text(message, 300)),
                ("last_error_at", str(time.time())),
                ("error_count", str(errors + 1)),
            ])


def _index(con: sqlite3.Connection, conclusion_id: int, text: str) -> None:
    con.execute("INSERT OR REPLACE INTO um_conclusions_fts(rowid, terms) VALUES (?, ?)",
                (conclusion_id, " ".join(sorted(search_terms(text)))))


def _migrate(con: sqlite3.Connection) -> None:
    """Create the tables (idempotent) and bring an older layout up to SCHEMA_VERSION."""
    con.executescript(_SCHEMA)
    row = con.execute("SELECT value FROM um_meta WHERE key='schema_version'").fetchone()
    version = int(row[0]) if row and str(row[0]).isdigit() else 0
    if version < 2:  # version 2 added the search index: fill it from what is stored
        with con:
            con.execute("DELETE FROM um_conclusions_fts")
            for cid, content in con.execute("SELECT id, content FROM um_conclusions").fetchall():
                _index(con, int(cid), str(content))
    if version < SCHEMA_VERSION:
        with con:
            con.execute("INSERT OR REPLACE INTO um_meta(key, value) VALUES ('schema_version', ?)",
                        (str(SCHEMA_VERSION),))


def _conclusion(row: sqlite3.Row) -> Conclusion:
    return Conclusion(
        id=int(row["id"]), content=str(row["content"]), session_id=row["session_id"],
        message_id=row["message_id"], source=str(row["source"]),
        times_seen=int(row["times_seen"]), created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]))
