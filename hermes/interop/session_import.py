"""Importing Hermes Agent sessions into our state.db: one transaction per session, resumable.

Each imported session leaves a marker in state.db's `meta` table (`hermes-agent-import:<their
id>` → our id), written in the same transaction as its rows, so an interrupted import picks
up where it stopped and a second run imports nothing new. Text passes the store's redactor
(`scrub`, `scrub_tool_calls`) before it is written, and the full-text index is fed by the
store's own triggers, so imported sessions are searchable like ours.

Rows are written with the store's public `writing()` transaction because an import must keep
what the store's writer API would replace: the original ids, timestamps and titles.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from hermes.interop.agent_home import AgentHistory, AgentMessage, AgentSession
from hermes.sessions.models import ROLES
from hermes.sessions.naming import LINEAGE
from hermes.sessions.scrub import scrub, scrub_tool_calls
from hermes.sessions.session_store import SessionStore, new_session_id
from hermes.sessions.text import TITLE_MAX, clean_title, one_line

MARKER_PREFIX = "hermes-agent-import:"
# Our sources name where a session ran; imported ones say where they came from.
SOURCE_PREFIX = "hermes-agent:"

Progress = Callable[[int], None]  # called with the number of messages just handled


@dataclass
class SessionPlanItem:
    session: AgentSession
    our_id: str
    title: str | None
    parent_id: str | None


@dataclass
class SessionReport:
    found: int = 0
    messages_found: int = 0
    rewound_left_out: int = 0
    already: int = 0  # imported by an earlier run (or the same session already here)
    imported: int = 0
    messages_imported: int = 0
    messages_skipped: int = 0  # roles we do not store
    new_ids: list[tuple[str, str]] = field(default_factory=list)  # (their id, our id) on clash
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (their title, ours) on clash


class ImportStopped(Exception):
    """The session import stopped part-way (earlier sessions are kept); str() says what to do."""


class _Names:
    """Titles and ids taken in our store, plus those this import has assigned."""

    def __init__(self, titles: set[str], ids: set[str]) -> None:
        self.titles = {t.casefold() for t in titles}
        self.ids = ids

    def free(self, title: str) -> bool:
        return title.casefold() not in self.titles

    def take(self, title: str | None, sid: str) -> None:
        if title:
            self.titles.add(title.casefold())
        self.ids.add(sid)


def _lineage_title(session: AgentSession, parent: AgentSession | None,
                   parent_title: str | None) -> str | None:
    """`NAME #n` of a continuation, renamed along with its parent's name when that changed."""
    if not session.title or parent is None or not parent.title or not parent_title:
        return None
    m = LINEAGE.match(session.title)
    if not m:
        return None
    theirs = LINEAGE.match(parent.title)
    their_base = theirs.group("base") if theirs else parent.title
    if m.group("base") != their_base:
        return None
    ours = LINEAGE.match(parent_title)
    our_base = ours.group("base") if ours else parent_title
    return f"{our_base} #{m.group('n')}"


def _pick_title(wanted: str, names: _Names) -> str:
    """`wanted`, or the next free `NAME #n` / `NAME (n)` when another session holds it."""
    if names.free(wanted):
        return wanted
    m = LINEAGE.match(wanted)
    if m:
        base, n = m.group("base"), int(m.group("n"))
        while not names.free(f"{base} #{n}"):
            n += 1
        return f"{base} #{n}"
    n = 2
    while not names.free(f"{wanted[:TITLE_MAX - 8]} ({n})"):
        n += 1
    return f"{wanted[:TITLE_MAX - 8]} ({n})"


def _existing(store: SessionStore) -> tuple[dict[str, str], _Names, dict[str, float]]:
    markers = {k[len(MARKER_PREFIX):]: v for k, v in store.query(
        "SELECT key, value FROM meta WHERE key >= ? AND key < ?",
        (MARKER_PREFIX, MARKER_PREFIX + "\U0010ffff"))}
    rows = store.query("SELECT id, title, started_at FROM sessions")
    names = _Names({r[1] for r in rows if r[1]}, {r[0] for r in rows})
    return markers, names, {r[0]: float(r[2]) for r in rows}


def plan_sessions(history: AgentHistory, store: SessionStore | None,
                  report: SessionReport) -> list[SessionPlanItem]:
    """Decide ids, titles and parents for the sessions not imported yet (writes nothing)."""
    sessions = history.sessions()
    report.found = len(sessions)
    report.messages_found = sum(history.message_counts().values())
    _, _, report.rewound_left_out = history.counts()
    markers, names, started = _existing(store) if store is not None else ({}, _Names(set(), set()), {})
    by_id = {s.id: s for s in sessions}
    our_ids = dict(markers)  # their id → our id, for parents imported earlier or in this run
    our_titles: dict[str, str | None] = {}
    if store is not None and markers:
        rows = store.query("SELECT id, title FROM sessions")
        title_of = {r[0]: r[1] for r in rows}
        our_titles = {theirs: title_of.get(ours) for theirs, ours in markers.items()}
    plan: list[SessionPlanItem] = []
    for s in sessions:
        if s.id in markers:
            report.already += 1
            continue
        if s.id in started and abs(started[s.id] - s.started_at) < 1e-3:
            # The same session is already here (exported from us and brought back): keep ours.
            report.already += 1
            our_ids[s.id] = s.id
            continue
        sid = s.id
        if sid in names.ids:
            sid = new_session_id(s.started_at)
            while sid in names.ids:
                sid = new_session_id(s.started_at)
            report.new_ids.append((s.id, sid))
        parent = by_id.get(s.parent_id) if s.parent_id else None
        continues = parent is not None and parent.end_reason == "compression" and not s.branched
        parent_id = our_ids.get(parent.id) if continues and parent is not None else None
        title = None
        if s.title:
            cleaned = clean_title(scrub(s.title) or "")
            wanted = (_lineage_title(s, parent, our_titles.get(parent.id)) if parent_id and parent
                      else None) or cleaned
            title = _pick_title(wanted, names) if wanted else None
            if title and title != cleaned:
                report.renamed.append((s.title, title))
        names.take(title, sid)
        our_ids[s.id] = sid
        our_titles[s.id] = title
        plan.append(SessionPlanItem(s, sid, title, parent_id))
    return plan


def _message_row(sid: str, m: AgentMessage) -> tuple[object, ...]:
    calls = json.dumps(scrub_tool_calls(m.tool_calls), ensure_ascii=False) if m.tool_calls else None
    return (sid, m.role, scrub(m.content) or "", calls, m.tool_call_id, m.tool_name, m.timestamp,
            m.token_count, m.finish_reason)


def import_one(store: SessionStore, history: AgentHistory, item: SessionPlanItem,
               report: SessionReport, progress: Progress | None = None) -> None:
    """Write one session, its messages and its marker in one transaction."""
    s = item.session
    rows: list[tuple[object, ...]] = []
    preview = None
    last = s.ended_at or s.started_at
    skipped = 0
    for m in history.messages(s.id):
        if m.role not in ROLES:
            skipped += 1
            continue
        row = _message_row(item.our_id, m)
        if preview is None and m.role == "user" and str(row[2]).strip():
            preview = one_line(str(row[2]), 80)
        last = max(last, m.timestamp)
        rows.append(row)
    with store.writing() as conn:
        if conn.execute("SELECT 1 FROM meta WHERE key = ?", (MARKER_PREFIX + s.id,)).fetchone():
            report.already += 1  # another import run got there first
            return
        conn.execute(
            "INSERT INTO sessions (id, title, title_source, source, model, parent_id, started_at,"
            " ended_at, last_active, end_reason, message_count, input_tokens, output_tokens,"
            " cache_tokens, cost, system_prompt, cwd, preview)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            # "user": an imported name is the person's; our automatic titling must not replace it
            (item.our_id, item.title, "user" if item.title else None,
             SOURCE_PREFIX + (s.source or "unknown"), s.model, item.parent_id, s.started_at,
             s.ended_at, last, s.end_reason, len(rows), s.input_tokens, s.output_tokens,
             s.cache_tokens, s.cost, scrub(s.system_prompt) or "", s.cwd, preview),
        )
        conn.executemany(
            "INSERT INTO messages (session_id, role, content, tool_calls, tool_call_id, tool_name,"
            " timestamp, token_count, finish_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (MARKER_PREFIX + s.id, item.our_id))
    report.imported += 1
    report.messages_imported += len(rows)
    report.messages_skipped += skipped
    if progress:
        progress(len(rows) + skipped)


def import_sessions(store: SessionStore, history: AgentHistory, plan: list[SessionPlanItem],
                    report: SessionReport, progress: Progress | None = None) -> None:
    """Import every planned session; a failure stops the run with earlier sessions kept."""
    for item in plan:
        try:
            import_one(store, history, item, report, progress)
        except sqlite3.IntegrityError as exc:
            # a title or id taken by a Hermes session started meanwhile: plan again and rerun
            raise ImportStopped(f"session {item.session.id} clashes with one created meanwhile "
                               f"({exc}); run the import again to continue") from None
