"""Opening state.db: file mode, pragmas, the SQL functions the index needs, clear errors."""

from __future__ import annotations

import functools
import os
import sqlite3
from pathlib import Path

from hermes import paths
from hermes.sessions import text
from hermes.sessions.errors import SessionStoreError
from hermes.sessions.migrations import LATEST_VERSION, current_version, migrate

BUSY_TIMEOUT_S = 10.0


@functools.lru_cache(maxsize=16)
def _body(role: str | None, content: str | None) -> str:
    return text.index_body(role, content)


@functools.lru_cache(maxsize=16)
def _words(role: str | None, content: str | None) -> str:
    return text.index_words(role, content)


@functools.lru_cache(maxsize=16)
def _cjk2(role: str | None, content: str | None) -> str:
    return text.index_bigrams(role, content)


@functools.lru_cache(maxsize=16)
def _cjk1(role: str | None, content: str | None) -> str:
    return text.index_unigrams(role, content)


def register_functions(conn: sqlite3.Connection) -> None:
    """The functions the FTS view and triggers call; every connection needs them."""
    conn.create_function("hermes_fts_body", 2, _body, deterministic=True)  # schema 2-3 only
    conn.create_function("hermes_fts_words", 2, _words, deterministic=True)
    conn.create_function("hermes_fts_cjk2", 2, _cjk2, deterministic=True)
    conn.create_function("hermes_fts_cjk1", 2, _cjk1, deterministic=True)
    conn.create_function("hermes_fts_tools", 2, text.index_tool_names, deterministic=True)


def unusable(path: Path, exc: BaseException) -> SessionStoreError:
    """The one message for a file that exists but cannot be used."""
    return SessionStoreError(
        f"{path} is not a usable session database ({exc}). Hermes has not changed it. "
        "Run `hermes sessions repair` to copy what can still be read into a fresh file, or "
        f"move it aside (mv '{path}' '{path}.broken') to start a new history; Hermes can "
        "still run without history.",
        path,
    )


def _ensure_file(path: Path) -> None:
    paths.ensure_dir(path.parent)
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            raise SessionStoreError(
                f"cannot read and write {path} (permission denied). Give your user access "
                f"(chmod 600 '{path}') and try again; Hermes can still run without history.",
                path,
            )
        return
    fd = os.open(path, os.O_CREAT | os.O_RDWR, paths.FILE_MODE)
    os.close(fd)
    os.chmod(path, paths.FILE_MODE)


def connect(path: Path, *, migrate_to_latest: bool = True) -> sqlite3.Connection:
    """An open, migrated connection in autocommit mode (transactions are explicit)."""
    try:
        _ensure_file(path)
    except OSError as exc:
        from hermes.os_errors import describe_os_error

        raise SessionStoreError(f"cannot open the session history: {describe_os_error(exc, path)} "
                                "Hermes can still run without history.", path) from None
    try:
        conn = sqlite3.connect(
            path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    try:
        register_functions(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise sqlite3.DatabaseError(f"could not switch to WAL journal (got {mode})")
        # NORMAL in WAL mode: a crashed process loses nothing; only a power cut can lose
        # the last commits, and the file is never corrupted.
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA temp_store = MEMORY")
        conn.execute("PRAGMA cache_size = -16000")
        version = current_version(conn)
        if version > LATEST_VERSION:
            conn.close()
            raise SessionStoreError(
                f"{path} was written by a newer Hermes (schema {version}, this one knows "
                f"{LATEST_VERSION}). Upgrade Hermes to use it; it has not been changed.",
                path,
            )
        if migrate_to_latest and version < LATEST_VERSION:
            migrate(conn)
    except SessionStoreError:
        raise
    except sqlite3.Error as exc:
        conn.close()
        raise unusable(path, exc) from None
    return conn
