"""Checking a damaged state.db and recovering what SQLite can still read into a fresh file.

The check opens the file read-only and runs SQLite's own `quick_check` (or the slower
`integrity_check`). The repair never changes the damaged file: it copies every row it can
read, table by table, into a new database built by the normal migrations (so the search
index is rebuilt from the recovered messages), verifies it, and only then swaps it in,
keeping the damaged file beside it as `state.db.damaged-<time>`.

Rows are read by rowid range; a range that hits a damaged page is split in halves until the
unreadable rows are isolated, so one bad page costs only the rows on it. (sqlite3's own
`.recover` fails on this schema, whose search view calls functions only Hermes registers.)
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from hermes.sessions import db
from hermes.sessions.errors import SessionStoreError
from hermes.sessions.migrations import LATEST_VERSION, current_version, index_waiting
from hermes.sessions.models import DbRow

log = logging.getLogger("hermes.sessions")

ROWID_MIN, ROWID_MAX = -(2**63), 2**63 - 1
# Copied in this order (sessions before the messages that refer to them); the search index
# tables are not copied but rebuilt: the messages' in one write once they are all in, the user
# model's conclusions' by its store when it next opens the file (it misses rows).
_SKIP = ("sqlite_", "messages_fts", "messages_unindexed", "schema_version", "um_conclusions_fts")


class NewerSchemaError(SessionStoreError):
    """The file was written by a newer Hermes: this one neither judges nor rewrites it."""

    def __init__(self, path: Path, version: int) -> None:
        super().__init__(
            f"{path} was written by a newer Hermes (schema {version}; this one knows up to "
            f"{LATEST_VERSION}), so this Hermes can neither check nor repair it. It has not been "
            f"touched. Upgrade Hermes (pip install --upgrade hermes-recall-tui) and run the "
            f"command again.", path)
        self.version = version


@dataclass
class CheckReport:
    path: Path
    problems: list[str]
    sessions: int | None = None
    messages: int | None = None
    newer_schema: int | None = None  # the file's schema, when a newer Hermes wrote it

    @property
    def healthy(self) -> bool:
        return not self.problems and self.newer_schema is None


def _schema_if_newer(conn: sqlite3.Connection) -> int | None:
    version = current_version(conn)
    return version if version > LATEST_VERSION else None


def peek_newer_schema(path: Path) -> int | None:
    """The schema of a file a newer Hermes wrote, read from the main file alone (opened
    immutable, so not even the -wal/-shm files SQLite adds for a reader are created); None
    for a file this Hermes knows, or one that cannot be read this way."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        return _schema_if_newer(conn)
    except sqlite3.Error:
        return None
    finally:
        conn.close()


@dataclass
class RepairReport:
    recovered: Path  # the fresh file (state.db itself after a swap)
    damaged: Path | None  # where the damaged file was kept (None without a swap)
    copied: dict[str, int] = field(default_factory=dict)  # table → rows recovered
    lost: dict[str, int] = field(default_factory=dict)  # table → rows known unreadable/refused


def _open_read_only(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db.reader_uri(path), uri=True, timeout=db.BUSY_TIMEOUT_S,
                           check_same_thread=False)
    db.register_functions(conn)
    return conn


def check(path: Path, *, full: bool = False) -> CheckReport:
    """SQLite's verdict on the file, in its own words ([] problems when healthy); never
    writes. A file that cannot be opened at all is one problem."""
    if not path.exists():
        return CheckReport(path, [f"{path} does not exist yet (it is created by the first chat)"])
    newer = peek_newer_schema(path)
    if newer is not None:
        return CheckReport(path, [], newer_schema=newer)
    try:
        conn = _open_read_only(path)
    except sqlite3.Error as exc:
        return CheckReport(path, [f"cannot be opened: {exc}"])
    try:
        newer = _schema_if_newer(conn)
        if newer is not None:  # its tables may mean other things: nothing here can judge them
            return CheckReport(path, [], newer_schema=newer)
        pragma = "integrity_check" if full else "quick_check"
        problems = [line for r in conn.execute(f"PRAGMA {pragma}").fetchall()
                    for line in str(r[0]).splitlines()
                    if line.strip() and line != "ok" and not line.startswith("*** in database")]
        counts: list[int | None] = []
        for table in ("sessions", "messages"):
            try:
                counts.append(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
            except sqlite3.Error as exc:
                counts.append(None)
                if not problems:
                    problems.append(f"the {table} table cannot be read: {exc}")
        return CheckReport(path, problems, counts[0], counts[1])
    except sqlite3.Error as exc:
        return CheckReport(path, [f"the check itself failed: {exc}"])
    finally:
        conn.close()


def _tables(conn: sqlite3.Connection) -> list[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
    return [r[0] for r in rows if not r[0].startswith(_SKIP)]


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")')]


def _readable_rows(src: sqlite3.Connection, table: str, cols: list[str], lo: int = ROWID_MIN,
                   hi: int = ROWID_MAX, lost: list[int] | None = None) -> list[DbRow]:
    """Every row of `table` with rowid in [lo, hi] that can be read; unreadable single rowids
    are added to `lost`."""
    names = ", ".join(f'"{c}"' for c in cols)
    try:
        return src.execute(f'SELECT {names} FROM "{table}" WHERE rowid BETWEEN ? AND ? '
                           f"ORDER BY rowid", (lo, hi)).fetchall()
    except sqlite3.DatabaseError:
        if lo >= hi:
            if lost is not None:
                lost.append(lo)
            return []
        mid = (lo + hi) // 2
        return (_readable_rows(src, table, cols, lo, mid, lost)
                + _readable_rows(src, table, cols, mid + 1, hi, lost))


def _copy_table(src: sqlite3.Connection, dst: sqlite3.Connection, table: str,
                report: RepairReport) -> None:
    try:
        cols = [c for c in _columns(dst, table) if c in set(_columns(src, table))]
    except sqlite3.DatabaseError as exc:
        log.warning("repair: table %s unreadable: %s", table, exc)
        report.lost[table] = report.lost.get(table, 0) + 1
        return
    if not cols:
        return
    unreadable: list[int] = []
    rows = _readable_rows(src, table, cols, lost=unreadable)
    marks = ", ".join("?" * len(cols))
    sql = f'INSERT OR IGNORE INTO "{table}" ({", ".join(cols)}) VALUES ({marks})'
    copied = refused = 0
    parent = cols.index("parent_id") if table == "sessions" and "parent_id" in cols else -1
    for row in rows:
        try:
            dst.execute(sql, row)
            copied += 1
        except sqlite3.IntegrityError:
            if parent >= 0 and row[parent] is not None:  # its parent was lost: keep it alone
                row = tuple(None if i == parent else v for i, v in enumerate(row))
                with contextlib.suppress(sqlite3.IntegrityError):
                    dst.execute(sql, row)
                    copied += 1
                    continue
            refused += 1  # e.g. a message whose session was lost
    report.copied[table] = copied
    if unreadable or refused:
        report.lost[table] = len(unreadable) + refused


def recover(path: Path, *, swap: bool = True) -> RepairReport:
    """Copy what can be read from `path` into a fresh file beside it; with `swap`, keep the
    damaged file as `<name>.damaged-<time>` and put the fresh one in its place. Raises
    NewerSchemaError for a file of a newer Hermes (copying it into this schema would lose what
    that one added), before anything is written; OSError / sqlite3.Error when the damaged file
    cannot be read at all."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fresh = path.with_name(f"{path.name}.recovered-{stamp}")
    newer = peek_newer_schema(path)
    if newer is not None:
        raise NewerSchemaError(path, newer)
    src = _open_read_only(path)
    try:
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()
        newer = _schema_if_newer(src)
        if newer is not None:
            raise NewerSchemaError(path, newer)
        dst = db.connect(fresh)
        report = RepairReport(recovered=fresh, damaged=None)
        try:
            dst.execute("PRAGMA foreign_keys = ON")
            dst.execute("BEGIN IMMEDIATE")
            source_tables = set(_tables(src))
            for table in _tables(dst):
                if table in source_tables:
                    _copy_table(src, dst, table, report)
            index_waiting(dst)  # the copied messages' full-text entries, in one write
            if "sessions" in source_tables:  # the counts follow what was recovered
                dst.execute("UPDATE sessions SET message_count = "
                            "(SELECT count(*) FROM messages WHERE session_id = sessions.id)")
            dst.execute("COMMIT")
            dst.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            problems = [r[0] for r in dst.execute("PRAGMA quick_check") if r[0] != "ok"]
            if problems:
                raise sqlite3.DatabaseError(f"the recovered copy failed its check: {problems[0]}")
        finally:
            dst.close()
    finally:
        src.close()
    if swap:
        damaged = path.with_name(f"{path.name}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            old = Path(str(path) + suffix)
            if old.exists():
                os.replace(old, Path(str(damaged) + suffix))
        os.replace(fresh, path)
        report.recovered, report.damaged = path, damaged
    return report
