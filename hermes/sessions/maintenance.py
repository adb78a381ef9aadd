"""Keeping state.db tidy: stats, deleting a session and pruning whole lineages (with their
undo journals), VACUUM when worthwhile, auto-prune."""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path

from hermes import paths
from hermes.config import SessionsConfig
from hermes.sessions.models import StoreStats
from hermes.sessions.session_store import SessionStore
from hermes.sessions.undo_journals import (
    JournalRemoval,
    hand_down,
    list_journals,
    remove_journals,
    remove_orphans,
)

log = logging.getLogger("hermes.sessions")

AUTO_PRUNE_INTERVAL_S = 86400.0
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(d|day|days|w|week|weeks|h|hour|hours)?\s*$", re.I)


def parse_duration(text: str) -> float:
    """'90d', '12w', '36h' or a bare number of days → seconds."""
    m = _DURATION.match(text or "")
    if not m:
        raise ValueError(f"cannot read the age {text!r}; use e.g. 90d, 12w or 36h")
    value, unit = float(m.group(1)), (m.group(2) or "d").lower()[0]
    seconds = value * {"d": 86400, "w": 7 * 86400, "h": 3600}[unit]
    if seconds <= 0:
        raise ValueError("the age must be more than zero")
    return seconds


def _file_size(path: Path) -> int:
    total = 0
    for suffix in ("", "-wal"):
        with contextlib.suppress(OSError):
            total += Path(str(path) + suffix).stat().st_size
    return total


def stats(store: SessionStore, *, index_size: bool = True) -> StoreStats:
    """Counts, token and cost totals, file and index size."""
    with store.reading() as conn:
        row = conn.execute(
            "SELECT count(*), coalesce(sum(input_tokens), 0), coalesce(sum(output_tokens), 0),"
            " coalesce(sum(cache_tokens), 0), coalesce(sum(cost), 0) FROM sessions"
        ).fetchone()
        messages = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        text_bytes = conn.execute(
            "SELECT coalesce(sum(length(CAST(content AS BLOB))), 0) FROM messages"
        ).fetchone()[0]
        by_source = dict(conn.execute("SELECT source, count(*) FROM sessions GROUP BY source"))
        idx: int | None = None
        if index_size:
            try:
                idx = conn.execute(
                    "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'messages_fts%'"
                ).fetchone()[0]
            except sqlite3.OperationalError:  # SQLite built without dbstat
                idx = None
    return StoreStats(
        sessions=row[0], messages=messages, input_tokens=row[1], output_tokens=row[2],
        cache_tokens=row[3], cost=float(row[4]), db_bytes=_file_size(store.path),
        index_bytes=idx, text_bytes=text_bytes, by_source=by_source,
    )


def _is_home_store(store: SessionStore) -> bool:
    """Whether `store` is this home's state.db: a store over another file says nothing about
    which journals in the home lost their session."""
    try:
        return store.path.resolve() == paths.state_db_path().resolve()
    except OSError:
        return False


@dataclass
class DeleteResult:
    messages: int
    journals: JournalRemoval


def delete_session(store: SessionStore, session_id: str) -> DeleteResult:
    """Delete one session, its messages and its undo journal; a session that a continuation
    follows hands its journal (the lineage's) down to it instead."""
    children = [row[0] for row in store.query("SELECT id FROM sessions WHERE parent_id = ?", (session_id,))]
    messages = store.delete_session(session_id)
    if children:
        return DeleteResult(messages, hand_down(session_id, children))
    return DeleteResult(messages, remove_journals([session_id]))


@dataclass
class PruneResult:
    lineages: int
    sessions: list[str]
    messages: int
    vacuumed: bool = False
    journals: JournalRemoval = field(default_factory=JournalRemoval)  # of the pruned sessions
    orphans: JournalRemoval = field(default_factory=JournalRemoval)  # of sessions no longer stored


def _lineages(conn: sqlite3.Connection) -> dict[str, list[tuple[str, float, int]]]:
    """root id → [(session id, last_active, message_count)] for every compression lineage."""
    rows = conn.execute("SELECT id, parent_id, last_active, message_count FROM sessions").fetchall()
    parent = {r[0]: r[1] for r in rows}

    def root(sid: str) -> str:
        seen = set()
        while parent.get(sid) and parent[sid] in parent and sid not in seen:
            seen.add(sid)
            sid = parent[sid]
        return sid

    groups: dict[str, list[tuple[str, float, int]]] = {}
    for sid, _p, last, count in rows:
        groups.setdefault(root(sid), []).append((sid, last, count))
    return groups


def prune(store: SessionStore, older_than_s: float, *, dry_run: bool = False,
          now: float | None = None, vacuum: bool = True) -> PruneResult:
    """Delete every lineage whose newest activity is older than the cut-off, as one unit, with
    the undo journals of its sessions; and the journals whose session is gone (orphans)."""
    cutoff = (store.now() if now is None else now) - older_than_s
    listed = list_journals() if _is_home_store(store) else []
    with store.writing() as conn:
        lineages = _lineages(conn)
        doomed = [
            members for members in lineages.values()
            if max(last for _, last, _ in members) < cutoff
        ]
        ids = [sid for members in doomed for sid, _, _ in members]
        messages = sum(count for members in doomed for _, _, count in members)
        if not dry_run:
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                conn.execute(
                    f"DELETE FROM sessions WHERE id IN ({', '.join('?' * len(chunk))})", chunk
                )
    result = PruneResult(lineages=len(doomed), sessions=ids, messages=messages)
    # after the commit: a prune that failed leaves every journal in place
    result.journals = remove_journals(ids, dry_run=dry_run)
    stored = [sid for members in lineages.values() for sid, _, _ in members]
    result.orphans = remove_orphans(listed, stored, dry_run=dry_run)
    if ids and not dry_run and vacuum:
        result.vacuumed = vacuum_if_worthwhile(store)
    return result


def vacuum_if_worthwhile(store: SessionStore, *, min_free_fraction: float = 0.25,
                         min_free_bytes: int = 8 << 20) -> bool:
    """VACUUM when a quarter of the file (and at least 8 MB) is free pages; True if it ran."""
    with store.reading() as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        free = conn.execute("PRAGMA freelist_count").fetchone()[0]
        if not pages or free / pages < min_free_fraction or free * page_size < min_free_bytes:
            return False
        try:
            conn.execute("INSERT INTO messages_fts(messages_fts) VALUES ('optimize')")
            conn.execute("VACUUM")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.OperationalError as exc:  # another process is busy: next time
            log.info("VACUUM skipped: %s", exc)
            return False
    return True


def _meta_get(store: SessionStore, key: str) -> str | None:
    rows = store.query("SELECT value FROM meta WHERE key = ?", (key,))
    return rows[0][0] if rows else None


def auto_prune_if_due(store: SessionStore, retention_days: int) -> PruneResult | None:
    """Prune by the retention setting, at most once a day (remembered in the file)."""
    now = store.now()
    last = _meta_get(store, "last_auto_prune")
    if last is not None and now - float(last) < AUTO_PRUNE_INTERVAL_S:
        return None
    with store.writing() as conn:
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('last_auto_prune', ?)"
            " ON CONFLICT(key) DO UPDATE SET value = excluded.value", (repr(now),),
        )
    result = prune(store, retention_days * 86400.0, now=now)
    if result.sessions:
        log.info("auto-prune removed %d sessions (%d messages)", len(result.sessions), result.messages)
    journals = result.journals.removed + result.orphans.removed
    if journals:
        log.info("auto-prune removed %d undo journals", journals)
    for line in result.journals.left + result.orphans.left:
        log.warning("auto-prune: %s", line)
    return result


def start_auto_prune(sessions_cfg: SessionsConfig, path: Path | None = None
                     ) -> threading.Thread | None:
    """If `sessions.auto_prune` is on, prune in a background thread; never raises."""
    if not sessions_cfg.auto_prune:
        return None
    days = sessions_cfg.retention_days

    def run() -> None:
        try:
            with SessionStore(path) as store:
                auto_prune_if_due(store, days)
        except Exception:
            log.exception("automatic prune failed")

    thread = threading.Thread(target=run, name="hermes-auto-prune", daemon=True)
    thread.start()
    return thread
