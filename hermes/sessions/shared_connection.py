"""One SQLite connection to state.db, shared by every thread of a process behind a lock.

Threading: an asyncio app may use it from the event loop and from background tasks or worker
threads alike (calls are short: single-row writes, indexed reads, bounded searches). Several
processes may use the same file at once: WAL lets readers run beside a writer, and every write
is an IMMEDIATE transaction that waits (busy timeout, then retries) for its turn. A write inside
another (SessionStore.batch() around single writes) joins the enclosing transaction.

Opening the file (mode, pragmas, migrations, clear errors) is db.py's part.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from hermes.sessions import db
from hermes.sessions.errors import SessionStoreError
from hermes.sessions.migrations import index_waiting

__all__ = ["SharedConnection"]


class SharedConnection:
    """The connection SessionStore reads and writes through; SQLite failures become
    SessionStoreError."""

    def __init__(self, path: Path, *, allow_read_only: bool = False) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0  # nesting of write transactions (batch() around single writes)
        self._index_at_commit = False  # a write in this transaction asked for its index entry
        self._conn: sqlite3.Connection | None = db.connect(path, allow_read_only=allow_read_only)
        # why the file can only be read (a read-only home), or None: writes are refused up front
        self.read_only = db.read_only_reason(path)

    def close(self) -> None:
        """Close the connection; further calls raise SessionStoreError."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise SessionStoreError(f"the session store for {self.path} is closed", self.path)
        return self._conn

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, held for a group of reads; SQLite failures become SessionStoreError."""
        with self._lock:
            try:
                yield self.conn
            except sqlite3.IntegrityError:
                raise
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    raise SessionStoreError(
                        f"{self.path} is busy: another Hermes process kept it locked for too "
                        "long; try again in a moment", self.path) from None
                raise db.unusable(self.path, exc) from None
            except sqlite3.Error as exc:
                raise db.unusable(self.path, exc) from None

    @contextlib.contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """An IMMEDIATE transaction (or a part of the enclosing batch)."""
        if self.read_only is not None:
            raise db.read_only_error(self.path, self.read_only)
        with self.reading() as conn:
            if self._depth:
                self._depth += 1
                try:
                    yield conn
                finally:
                    self._depth -= 1
                return
            for attempt in range(6):
                try:
                    conn.execute("BEGIN IMMEDIATE")
                    break
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc) or attempt == 5:
                        raise
                    time.sleep(0.05 * (attempt + 1))
            self._depth = 1
            try:
                yield conn
                if self._index_at_commit:  # one index write for all the rows of the transaction
                    index_waiting(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            finally:
                self._depth = 0
                self._index_at_commit = False

    def index_at_commit(self) -> None:
        """Write the full-text entries of the waiting messages when the current transaction
        commits: one index write for all the rows it adds."""
        self._index_at_commit = True
