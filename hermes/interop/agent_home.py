"""Reading a Hermes Agent home: where its files are, and its state.db opened read-only.

The database is opened with a `mode=ro` URI, checked (schema and SQLite's quick check) before
anything is imported, and read inside one read transaction, so a locked, damaged or foreign
file is reported in one line before any change is made on our side.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from hermes.jsontypes import JsonArray
from hermes.interop.agent_schema import (
    CONTENT_JSON_PREFIX,
    MEMORIES_DIR,
    REQUIRED_MESSAGE_COLUMNS,
    REQUIRED_SESSION_COLUMNS,
)
from hermes.memory.memory_files import parse_entries
from hermes.sessions.models import DbRow

DEFAULT_HOME = "~/.hermes"
# Short: a source held by a running Hermes Agent should be reported, not waited on.
LOCK_TIMEOUT_S = 2.0


class SourceError(Exception):
    """The Hermes Agent home cannot be read; str() is one line saying what to do."""


@dataclass(frozen=True)
class AgentHome:
    """The files of one Hermes Agent home (any of them may be missing)."""

    root: Path

    @property
    def state_db(self) -> Path:
        return self.root / "state.db"

    @property
    def config(self) -> Path:
        return self.root / "config.yaml"

    def memory_file(self, target: str) -> Path:
        return self.root / MEMORIES_DIR / ("MEMORY.md" if target == "memory" else "USER.md")


def locate(path: str | Path | None, our_home: Path) -> AgentHome:
    """The home at `path` (default ~/.hermes); refuses our own HERMES_HOME and non-homes."""
    given = Path(path or DEFAULT_HOME).expanduser()
    root = given.resolve()
    if root == our_home.expanduser().resolve():
        raise SourceError(
            f"{given} is this Hermes's own home (HERMES_HOME), not a Hermes Agent home; pass the "
            "folder Hermes Agent uses, e.g. `hermes import hermes-agent /path/to/agent-home`, "
            "or set HERMES_HOME to another folder for Hermes first")
    if not root.is_dir():
        raise SourceError(f"no folder at {given}; pass the folder that holds Hermes Agent's "
                          "state.db and memories/ (usually ~/.hermes)")
    home = AgentHome(root)
    if not (home.state_db.exists() or (root / MEMORIES_DIR).is_dir() or home.config.exists()):
        raise SourceError(f"{given} does not look like a Hermes Agent home (no state.db, "
                          "memories/ or config.yaml); pass the folder that holds them")
    return home


@dataclass(frozen=True)
class AgentSession:
    """One session row of Hermes Agent, in the terms the import needs."""

    id: str
    source: str
    title: str | None
    parent_id: str | None
    started_at: float
    ended_at: float | None
    end_reason: str | None
    model: str
    system_prompt: str
    cwd: str
    input_tokens: int
    output_tokens: int
    cache_tokens: int
    cost: float
    branched: bool  # a /branch copy or a delegated child, not a compression continuation


@dataclass(frozen=True)
class AgentMessage:
    role: str
    content: str
    tool_calls: JsonArray | None
    tool_call_id: str | None
    tool_name: str | None
    timestamp: float
    token_count: int | None
    finish_reason: str | None


def content_text(raw: object) -> str:
    """Message text from Hermes Agent's column: plain text, or its JSON-encoded list of parts
    (multimodal), whose text parts are kept and other parts named in brackets."""
    if raw is None:
        return ""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", "replace")
    if not isinstance(raw, str):
        return str(raw)
    if not raw.startswith(CONTENT_JSON_PREFIX):
        return raw
    try:
        value = json.loads(raw[len(CONTENT_JSON_PREFIX):])
    except ValueError:
        return raw[len(CONTENT_JSON_PREFIX):]
    if isinstance(value, list):
        parts = []
        for part in value:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, dict):
                parts.append(f"[{part.get('type') or 'attachment'}]")
            else:
                parts.append(str(part))
        return "\n".join(parts)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _tool_calls(raw: object) -> JsonArray | None:
    if not raw or not isinstance(raw, (str, bytes, bytearray)):
        return None
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return None
    if isinstance(value, dict):
        value = [value]
    return value if isinstance(value, list) and value else None


def _describe_sqlite_error(path: Path, exc: sqlite3.Error) -> str:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return (f"{path} is locked by another program (is Hermes Agent running?); close it and "
                "run the import again. Nothing was changed")
    if "unable to open" in text:
        return (f"cannot open {path} ({text}); check that you can read it and its folder. "
                "Nothing was changed")
    return (f"{path} is not a readable Hermes Agent database ({text}); restore it from a "
            "backup or pass another home. Nothing was changed")


class AgentHistory:
    """Hermes Agent's state.db, read-only, inside one read transaction (a stable snapshot)."""

    def __init__(self, path: Path, *, timeout: float = LOCK_TIMEOUT_S) -> None:
        self.path = path
        uri = f"file:{quote(str(path.resolve()))}?mode=ro"
        try:
            self._conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None,
                                         check_same_thread=False)
        except sqlite3.Error as exc:
            raise SourceError(_describe_sqlite_error(path, exc)) from None
        try:
            self._check()
            self._conn.execute("BEGIN")
            # A deferred transaction takes its snapshot at the first read; take it now.
            self._conn.execute("SELECT count(*) FROM sessions").fetchone()
        except sqlite3.Error as exc:
            self._conn.close()
            raise SourceError(_describe_sqlite_error(path, exc)) from None
        except SourceError:
            self._conn.close()
            raise

    def _columns(self, table: str) -> set[str]:
        return {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}

    def _check(self) -> None:
        sessions, messages = self._columns("sessions"), self._columns("messages")
        missing = [f"sessions.{c}" for c in REQUIRED_SESSION_COLUMNS if c not in sessions]
        missing += [f"messages.{c}" for c in REQUIRED_MESSAGE_COLUMNS if c not in messages]
        if missing:
            raise SourceError(f"{self.path} is not a Hermes Agent history (no {', '.join(missing)}); "
                              "pass the home of Hermes Agent 0.19 or later. Nothing was changed")
        problems = [r[0] for r in self._conn.execute("PRAGMA quick_check").fetchall() if r[0] != "ok"]
        if problems:
            raise SourceError(f"{self.path} is damaged ({problems[0]}); repair it with Hermes "
                              "Agent or restore a backup, then import again. Nothing was changed")
        self._session_columns, self._message_columns = sessions, messages

    def close(self) -> None:
        try:
            self._conn.rollback()
        finally:
            self._conn.close()

    def __enter__(self) -> AgentHistory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _col(self, name: str, table: str = "sessions", default: str = "NULL") -> str:
        columns = self._session_columns if table == "sessions" else self._message_columns
        return name if name in columns else f"{default} AS {name}"

    def _kept_messages(self) -> str:
        # Rewound turns (active = 0, compacted = 0) were taken back by the user; turns that
        # compaction summarised (compacted = 1) were said, so they come along.
        if "active" not in self._message_columns:
            return "1"
        if "compacted" not in self._message_columns:
            return "active IS NOT 0"
        return "(active IS NOT 0 OR compacted = 1)"

    def counts(self) -> tuple[int, int, int]:
        """(sessions, messages kept, rewound messages left out)."""
        sessions = int(self._conn.execute("SELECT count(*) FROM sessions").fetchone()[0])
        total = int(self._conn.execute("SELECT count(*) FROM messages").fetchone()[0])
        kept = int(self._conn.execute(
            f"SELECT count(*) FROM messages WHERE {self._kept_messages()}").fetchone()[0])
        return sessions, kept, total - kept

    def message_counts(self) -> dict[str, int]:
        """Kept messages per session id."""
        rows = self._conn.execute(f"SELECT session_id, count(*) FROM messages WHERE "
                                  f"{self._kept_messages()} GROUP BY session_id")
        return {str(sid): int(n) for sid, n in rows}

    def sessions(self) -> list[AgentSession]:
        """Every session, each parent before its children (then oldest first)."""
        c = self._col
        rows = self._conn.execute(
            f"SELECT id, source, {c('title')}, {c('parent_session_id')}, started_at, "
            f"{c('ended_at')}, {c('end_reason')}, {c('model')}, {c('system_prompt')}, {c('cwd')}, "
            f"{c('input_tokens', default='0')}, {c('output_tokens', default='0')}, "
            f"{c('cache_read_tokens', default='0')}, {c('cache_write_tokens', default='0')}, "
            f"{c('actual_cost_usd')}, {c('estimated_cost_usd')}, {c('model_config')} "
            "FROM sessions ORDER BY started_at, id"
        ).fetchall()
        out = [_session(r) for r in rows]
        return _parents_first(out)

    def messages(self, session_id: str) -> Iterator[AgentMessage]:
        optional = ", ".join(self._col(name, "messages") for name in (
            "tool_calls", "tool_call_id", "tool_name", "timestamp", "token_count", "finish_reason"))
        rows = self._conn.execute(
            f"SELECT role, content, {optional} FROM messages "
            f"WHERE session_id = ? AND {self._kept_messages()} ORDER BY id",
            (session_id,),
        )
        for role, content, calls, call_id, tool_name, ts, tokens, finish in rows:
            yield AgentMessage(str(role or ""), content_text(content), _tool_calls(calls),
                               call_id, tool_name, float(ts or 0.0),
                               int(tokens) if isinstance(tokens, (int, float)) else None, finish)


def _session(r: DbRow) -> AgentSession:
    (sid, source, title, parent, started, ended, reason, model, prompt, cwd, tin, tout,
     cache_read, cache_write, actual, estimated, model_config) = r
    branched = False
    if model_config:
        try:
            cfg = json.loads(model_config)
        except (TypeError, ValueError):
            cfg = None
        branched = isinstance(cfg, dict) and any(
            cfg.get(k) is not None for k in ("_branched_from", "_delegate_from"))
    return AgentSession(
        id=str(sid), source=str(source or ""), title=str(title) if title else None,
        parent_id=str(parent) if parent else None, started_at=float(started or 0.0),
        ended_at=float(ended) if ended is not None else None, end_reason=reason,
        model=str(model or ""), system_prompt=str(prompt or ""), cwd=str(cwd or ""),
        input_tokens=int(tin or 0), output_tokens=int(tout or 0),
        cache_tokens=int(cache_read or 0) + int(cache_write or 0),
        cost=float(actual if actual is not None else estimated or 0.0), branched=branched,
    )


def _parents_first(sessions: list[AgentSession]) -> list[AgentSession]:
    """Order so a parent always comes before its children (a cycle is broken, not followed)."""
    by_id = {s.id: s for s in sessions}
    done: set[str] = set()
    out: list[AgentSession] = []
    for session in sessions:
        chain: list[AgentSession] = []
        current: AgentSession | None = session
        seen: set[str] = set()
        while current is not None and current.id not in done and current.id not in seen:
            seen.add(current.id)
            chain.append(current)
            current = by_id.get(current.parent_id) if current.parent_id else None
        for item in reversed(chain):
            done.add(item.id)
            out.append(item)
    return out


def read_memory_entries(home: AgentHome, target: str) -> tuple[list[str], str | None]:
    """(entries, problem) of one Hermes Agent memory file; a missing file has no entries."""
    path = home.memory_file(target)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return [], None
    except OSError as exc:
        return [], f"cannot read {path} ({exc.strerror or exc})"
    try:
        return parse_entries(raw.decode("utf-8")), None
    except UnicodeDecodeError as exc:
        return [], f"cannot decode {path} as UTF-8 (bad byte at offset {exc.start})"
