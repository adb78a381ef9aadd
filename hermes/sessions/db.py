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


def _folder_read_only(folder: Path) -> str | None:
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return f"{folder} is on a read-only file system"
    except OSError:
        return None
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is read-only for your user"
    return None


def read_only_reason(path: Path) -> str | None:
    """Why `path` (state.db) can be read but not written, in words for a sentence; None when
    it can be written (or does not exist yet)."""
    reason = _folder_read_only(path.parent)
    if reason is None and path.exists() and os.access(path, os.R_OK) and not os.access(path, os.W_OK):
        reason = f"{path} is read-only for your user"
    return reason


def reader_uri(path: Path) -> str:
    """The URI that opens `path` for reading only. SQLite's WAL reader creates a -shm file
    beside the database; where the folder cannot take one (a read-only home) the file is read
    as it is (immutable: nobody can be writing it there either)."""
    immutable = _folder_read_only(path.parent) is not None and not Path(f"{path}-shm").exists()
    return f"file:{path}?mode=ro{'&immutable=1' if immutable else ''}"


def read_only_error(path: Path, reason: str) -> SessionStoreError:
    """The one message for a write to a history that can only be read."""
    return SessionStoreError(
        f"cannot change the session history: {reason}. Reading works; to change it, make the "
        f"folder writable (or point HERMES_HOME at a writable copy) and try again.", path)


def _ensure_file(path: Path) -> None:
    paths.ensure_dir(path.parent)
    if path.exists():
        if not os.access(path, os.R_OK):
            raise SessionStoreError(
                f"cannot read {path} (permission denied). Give your user access "
                f"(chmod 600 '{path}') and try again; Hermes can still run without history.",
                path,
            )
        return
    fd = os.open(path, os.O_CREAT | os.O_RDWR, paths.FILE_MODE)
    os.close(fd)
    os.chmod(path, paths.FILE_MODE)


def connect_read_only(path: Path, reason: str) -> sqlite3.Connection:
    """A connection that only reads a state.db that cannot be written (see read_only_reason)."""
    try:
        conn = sqlite3.connect(reader_uri(path), uri=True, timeout=BUSY_TIMEOUT_S,
                               isolation_level=None, check_same_thread=False)
        register_functions(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA query_only = ON")
        version = current_version(conn)
    except sqlite3.Error as exc:
        raise unusable(path, exc) from None
    if version != LATEST_VERSION:
        conn.close()
        newer = version > LATEST_VERSION
        raise SessionStoreError(
            f"{path} was written by {'a newer' if newer else 'an older'} Hermes (schema "
            f"{version}; this one knows {LATEST_VERSION}) and {reason}, so it can be neither "
            f"{'read' if newer else 'upgraded'} here. "
            + ("Upgrade Hermes." if newer else "Make the folder writable once so Hermes can "
               "upgrade it."), path)
    return conn


def connect(path: Path, *, migrate_to_latest: bool = True,
            allow_read_only: bool = False) -> sqlite3.Connection:
    """An open, migrated connection in autocommit mode (transactions are explicit). A file
    that can be read but not written (a read-only home) is opened for reading only with
    `allow_read_only` (the read commands), else refused with a sentence saying why."""
    reason = read_only_reason(path) if path.exists() else None
    if reason is not None:
        if allow_read_only:
            return connect_read_only(path, reason)
        raise SessionStoreError(
            f"cannot write the session history: {reason}. Make it writable (or point "
            f"HERMES_HOME at a writable folder); Hermes can still run without history.", path)
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
