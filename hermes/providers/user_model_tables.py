"""The user model's tables in state.db: conclusions with provenance, the profile, status.

The tables (`um_` prefix) are created by the sessions layer's numbered migrations, which own
every table in state.db (schema 5); this module reads and writes them on one connection. The
search index over conclusions holds terms this module makes, so it refills the index itself when
the way terms are made changes (INDEX_TERMS). Every text that reaches a table passes the secret
redactor first.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hermes import paths
from hermes.security.redact import redact
from hermes.sessions import db
from hermes.sessions.text import CJK_RUN

PEER_CARD_MAX_ITEMS = 16
PEER_CARD_ITEM_MAX = 200
CONCLUSION_MAX = 500
# How `search_terms` splits text; bump it when that changes and every open refills the index.
# 3: CJK is the sessions layer's definition (Hangul Jamo, half-width Katakana, extensions B-G...)
INDEX_TERMS = "3"

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
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
        if CJK_RUN.search(word):
            chars = [c for run in CJK_RUN.findall(word) for c in run]
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
    """Conclusions, profile and status in state.db, on one connection opened on first use.

    Safe to call from worker threads (calls take turns). Opening may raise SessionStoreError
    (a file that is not a usable database, or one from a newer Hermes).
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else paths.state_db_path()
        self._lock = threading.Lock()
        self._conn: sqlite3.Connection | None = None

    def close(self) -> None:
        """Close the connection (the next call opens it again)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> UserModelStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = db.connect(self.path)  # created private, migrated, WAL, autocommit
            try:
                conn.row_factory = sqlite3.Row
                _refill_index_if_stale(conn)
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The connection for one read statement (no write lock taken)."""
        with self._lock:
            yield self._open()

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """The connection inside one IMMEDIATE transaction: a call's reads and writes are atomic."""
        with self._lock:
            con = self._open()
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
            except BaseException:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                raise

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
        with self._reading() as con:
            row = con.execute("SELECT * FROM um_conclusions WHERE id=?",
                              (conclusion_id,)).fetchone()
        return _conclusion(row) if row else None

    def recent_conclusions(self, limit: int = 20) -> list[Conclusion]:
        """Newest first (by when they were last seen)."""
        with self._reading() as con:
            rows = con.execute("SELECT * FROM um_conclusions ORDER BY updated_at DESC, id DESC"
                               " LIMIT ?", (max(0, limit),)).fetchall()
        return [_conclusion(r) for r in rows]

    def count_conclusions(self) -> int:
        with self._reading() as con:
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
        with self._reading() as con:
            rows = con.execute(
                "SELECT c.* FROM um_conclusions_fts f JOIN um_conclusions c ON c.id = f.rowid"
                " WHERE um_conclusions_fts MATCH ? ORDER BY f.rank, c.times_seen DESC,"
                " c.updated_at DESC LIMIT ?", (match, max(1, limit))).fetchall()
        return [_conclusion(r) for r in rows]

    # -- profile: peer card and representations

    def get_profile(self, key: str) -> str:
        with self._reading() as con:
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
        with self._reading() as con:
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
        with self._reading() as con:
            return int(con.execute("SELECT COUNT(*) FROM um_session_state").fetchone()[0])

    # -- status

    def meta(self) -> dict[str, str]:
        with self._reading() as con:
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


def _refill_index_if_stale(con: sqlite3.Connection) -> None:
    """Rebuild the conclusions' search index when its terms were made another way (INDEX_TERMS)
    or it misses rows (a file from before the index, or one `hermes sessions repair` rebuilt)."""
    row = con.execute("SELECT value FROM um_meta WHERE key='index_terms'").fetchone()
    counts = con.execute("SELECT (SELECT count(*) FROM um_conclusions),"
                         " (SELECT count(*) FROM um_conclusions_fts)").fetchone()
    if row is not None and row[0] == INDEX_TERMS and counts[0] == counts[1]:
        return
    con.execute("BEGIN IMMEDIATE")
    try:
        con.execute("DELETE FROM um_conclusions_fts")
        for cid, content in con.execute("SELECT id, content FROM um_conclusions").fetchall():
            _index(con, int(cid), str(content))
        con.execute("INSERT OR REPLACE INTO um_meta(key, value) VALUES ('index_terms', ?)",
                    (INDEX_TERMS,))
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise


def _conclusion(row: sqlite3.Row) -> Conclusion:
    return Conclusion(
        id=int(row["id"]), content=str(row["content"]), session_id=row["session_id"],
        message_id=row["message_id"], source=str(row["source"]),
        times_seen=int(row["times_seen"]), created_at=float(row["created_at"]),
        updated_at=float(row["updated_at"]))
