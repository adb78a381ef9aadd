"""The four ways of reading history: discover (search), scroll, read and browse.

Discover stays fast on large histories by ranking a bounded set of candidates: FTS5 walks
the matches newest first (lazily, no sort), at most CANDIDATES of them are scored (BM25-style,
ranking.py), and the best hit per session wins. A rare word is ranked over all its matches;
a very common one over its most recent CANDIDATES matches.

Matches come in two tiers. Tier 0 matches the words exactly as typed (case and accents
folded). Only when it leaves room among the candidates does tier 1 run: the same query with
each bare word widened to its inflections found in the index (expand.py), so `deploy` also
finds "deployed". With sort="relevance" every tier-0 hit ranks above every tier-1 hit, so a
word that occurs in a handful of messages puts those sessions first, however common its stem.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable
from typing import TypedDict, Unpack

from hermes.sessions.errors import SessionNotFoundError, SessionStoreError
from hermes.sessions.expand import variants
from hermes.jsontypes import JsonObject
from hermes.sessions.models import (
    MESSAGE_COLUMNS,
    ROLES,
    MessageRecord,
    SqlValue,
    message_from_row,
    project_filter,
)
from hermes.sessions.query import FtsQuery, build_fts_query, plain_words_query
from hermes.sessions.ranking import SCORED_CHARS, bm25_scores
from hermes.sessions.search_results import BestHit, message_dict, result_entries, when
from hermes.sessions.store_api import StoreApi
from hermes.sessions.text import format_time, one_line
from hermes.plural import count


log = logging.getLogger("hermes.sessions")

CANDIDATES = 400
# A query that would run longer than this (a short prefix over a huge history, a long OR
# list) is interrupted and retried in a cheaper form, so a search never hangs the app.
TIME_BUDGET_S = 0.25
PROGRESS_STEPS = 1000  # SQLite VM steps between two looks at the clock
SORTS = ("relevance", "newest", "oldest")


def normalize_roles(role_filter: object) -> list[str] | None:
    """'user', 'user,assistant' or a list → validated role names (None = all roles)."""
    if role_filter in (None, "", []):
        return None
    if isinstance(role_filter, str):
        items: list[object] = list(role_filter.split(","))
    elif isinstance(role_filter, (list, tuple)):
        items = list(role_filter)
    else:
        items = [role_filter]
    roles = [str(r).strip().lower() for r in items if str(r).strip()]
    bad = [r for r in roles if r not in ROLES]
    if bad:
        raise ValueError(f"role_filter must name roles among {', '.join(ROLES)}; got {', '.join(bad)}")
    return roles or None


# message id, session id, tool name, text to score (the content's first SCORED_CHARS characters)
Row = tuple[int, str, str | None, str]


def _candidates(
    store: StoreApi, expression: str, *, roles: list[str] | None, exclude: tuple[str, ...],
    only: str | None, descending: bool, after: float | None = None, before: float | None = None,
    bounded: bool = True,
) -> list[Row]:
    """(message id, session id, tool name, text to score) of the newest (or oldest) matches,
    as SQLite returns them (no Python work per row).

    `bounded` applies the time budget; the last, cheapest form runs without it so a busy
    machine (wall time, not work, over the budget) still gets its results."""
    where = ["messages_fts MATCH ?"]
    params: list[SqlValue] = [expression]
    if exclude:
        where.append(f"m.session_id NOT IN ({', '.join('?' * len(exclude))})")
        params.extend(exclude)
    if after is not None:
        where.append("m.timestamp >= ?")
        params.append(after)
    if before is not None:
        where.append("m.timestamp < ?")
        params.append(before)
    if only:
        # the session's id range lets FTS5 seek instead of walking every newer match
        lo, hi = store.query(
            "SELECT min(id), max(id) FROM messages WHERE session_id = ?", (only,))[0]
        where.append("messages_fts.rowid BETWEEN ? AND ? AND m.session_id = ?")
        params.extend([lo or 0, hi or 0, only])
    if roles:
        where.append(f"m.role IN ({', '.join('?' * len(roles))})")
        params.extend(roles)
    sql = (
        # The text is cut only when it may be longer: substr() copies every value it returns.
        # The test is on its size in bytes, which SQLite has at hand (length() of a text counts
        # its characters one by one); a text of no more bytes than that has no more characters
        # either, and substr() gives a longer one with few enough characters back whole.
        "SELECT messages_fts.rowid, m.session_id, m.tool_name,"
        f" CASE WHEN length(CAST(m.content AS BLOB)) > {SCORED_CHARS}"
        f" THEN substr(m.content, 1, {SCORED_CHARS}) ELSE m.content END"
        " FROM messages_fts"
        " JOIN messages m ON m.id = messages_fts.rowid"
        f" WHERE {' AND '.join(where)}"
        f" ORDER BY messages_fts.rowid {'DESC' if descending else 'ASC'} LIMIT {CANDIDATES}"
    )
    deadline = time.perf_counter() + TIME_BUDGET_S
    with store.reading() as conn:
        if bounded:
            conn.set_progress_handler(lambda: time.perf_counter() > deadline, PROGRESS_STEPS)
        try:
            rows: list[Row] = conn.execute(sql, params).fetchall()
            return rows
        except sqlite3.OperationalError as exc:
            # Raised past reading() on purpose: the caller retries an interrupted search in
            # a cheaper form, which reading() would otherwise report as a damaged file.
            raise _Interrupted(exc) from None
        finally:
            conn.set_progress_handler(None, 0)


class _Interrupted(Exception):
    """A candidate query stopped by the time budget (or an FTS syntax error SQLite reported)."""

    def __init__(self, exc: sqlite3.OperationalError) -> None:
        super().__init__(str(exc))
        self.error = exc


class _Expander:
    """Inflections of query words, read from the index once per search and remembered."""

    def __init__(self, store: StoreApi) -> None:
        self.store = store
        self.found: dict[str, list[str]] = {}

    def __call__(self, word: str) -> list[str]:
        if word not in self.found:
            with self.store.reading() as conn:
                self.found[word] = variants(conn, word)
        return self.found[word]

    def words(self) -> list[str]:
        return [v for vs in self.found.values() for v in vs]


class _Filters(TypedDict):
    """What every candidate query of one search shares (see _candidates)."""

    roles: list[str] | None
    exclude: tuple[str, ...]
    only: str | None
    descending: bool
    after: float | None
    before: float | None


class DiscoverOptions(TypedDict, total=False):
    """discover's keyword arguments, for SessionStore.search to pass on."""

    limit: int
    role_filter: object
    sort: str
    exclude_session: str | None
    session_id: str | None
    context: int
    content_cap: int
    project_dir: str
    after: float | None
    before: float | None
    exclude: tuple[str, ...]


def _tiers(store: StoreApi, fq: FtsQuery, expand: _Expander, relaxed: bool, *,
           enough: int | None = None, bounded: bool = True, **kw: Unpack[_Filters]
           ) -> tuple[list[Row], int]:
    """Tier 0 rows, then tier 1 rows when there is room, and how many of them are tier 0.
    With `enough` (relevance order, where every tier-0 hit ranks first), tier 1 is not even
    looked up once tier 0 alone holds that many sessions: none of its hits could reach the
    results."""
    exact = fq.exact(expand, relaxed=relaxed)
    rows = _candidates(store, exact, bounded=bounded, **kw)
    split = len(rows)
    if split >= CANDIDATES or not fq.bare_words:
        return rows, split
    if enough is not None and len({r[1] for r in rows}) >= enough:
        return rows, split
    stemmed = fq.stemmed(expand, relaxed=relaxed)
    if stemmed != exact:
        seen = {r[0] for r in rows}
        rows += [r for r in _candidates(store, stemmed, bounded=bounded, **kw) if r[0] not in seen]
    return rows, split


def _run(store: StoreApi, fq: FtsQuery, expand: _Expander, *, enough: int | None, bounded: bool,
         **kw: Unpack[_Filters]) -> tuple[list[Row], int, bool]:
    """The candidate rows, how many are tier 0, and whether they come from the OR relaxation
    (some words only)."""
    rows, split = _tiers(store, fq, expand, False, enough=enough, bounded=bounded, **kw)
    if not rows and fq.or_terms:
        return *_tiers(store, fq, expand, True, enough=enough, bounded=bounded, **kw), True
    return rows, split, False


def _best_per_session(rows: list[Row], split: int, scores: list[float], sort: str,
                      wanted: int | None) -> list[BestHit]:
    """(session id, message id, tier) of each session's best hit, best session first; with
    `wanted`, only the first that many sessions. The first `split` rows are tier 0."""
    if sort == "relevance":
        # By (tier, -score, -rowid). The rows come tier by tier, each tier newest first (see
        # _tiers), so a stable sort of each tier on the score alone, best first (reverse=True
        # keeps equal scores in their order), gives that order, keyed in C.
        order = (sorted(range(split), key=scores.__getitem__, reverse=True)
                 + sorted(range(split, len(rows)), key=scores.__getitem__, reverse=True))
    else:  # by date only: a session's newest (oldest) hit, whichever tier it is in
        ids = [r[0] for r in rows]  # each message once (_tiers drops tier 1's repeats)
        order = sorted(range(len(rows)), key=ids.__getitem__, reverse=sort == "newest")
    best: dict[str, tuple[int, int]] = {}
    for i in order:
        rowid, sid = rows[i][0], rows[i][1]
        if sid not in best:
            best[sid] = (rowid, 0 if i < split else 1)
            if len(best) == wanted:
                break
    return [(sid, rowid, tier) for sid, (rowid, tier) in best.items()]


def _project_first(store: StoreApi, ordered: list[BestHit], project_dir: str) -> list[BestHit]:
    """`ordered` with the sessions of `project_dir` moved to the front of their tier (a stable
    partition: each group keeps its relevance order)."""
    condition, values = project_filter(project_dir)
    ids = [sid for sid, _, _ in ordered]
    here: set[str] = set()
    for start in range(0, len(ids), 500):  # SQLite's parameter limit
        chunk = ids[start:start + 500]
        rows = store.query(
            f"SELECT id FROM sessions WHERE id IN ({', '.join('?' * len(chunk))}) AND {condition}",
            (*chunk, *values))
        here.update(r[0] for r in rows)
    # within a tier: an exact match elsewhere still beats a stemmed one in this project
    return sorted(ordered, key=lambda item: (item[2], item[0] not in here))


def _window(store: StoreApi, session_id: str, message_id: int, before: int, after: int
            ) -> tuple[list[MessageRecord], list[MessageRecord]]:
    with store.reading() as conn:
        older = conn.execute(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? AND id < ?"
            " ORDER BY id DESC LIMIT ?", (session_id, message_id, before),
        ).fetchall()
        newer = conn.execute(
            f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? AND id > ?"
            " ORDER BY id LIMIT ?", (session_id, message_id, after),
        ).fetchall()
    return [message_from_row(r) for r in reversed(older)], [message_from_row(r) for r in newer]


def discover(
    store: StoreApi,
    query: str,
    *,
    limit: int = 3,
    role_filter: object = None,
    sort: str = "relevance",
    exclude_session: str | None = None,
    session_id: str | None = None,
    context: int = 2,
    content_cap: int = 500,
    project_dir: str = "",
    after: float | None = None,
    before: float | None = None,
    exclude: tuple[str, ...] = (),
) -> list[JsonObject]:
    """Best matching sessions, one result per session, best hit first ([] when none);
    with `project_dir` and sort="relevance", that project's sessions come first in each tier.
    `after`/`before` (Unix times) keep messages written in that span; `exclude` leaves out
    the sessions with those ids (as `exclude_session` does for one)."""
    if sort not in SORTS:
        raise ValueError(f"sort must be one of {', '.join(SORTS)}")
    roles = normalize_roles(role_filter)
    fq = build_fts_query(query)
    if fq is None:
        return []
    try:  # messages of a turn still running (here or in another process) are found too
        store.index_pending()
    except SessionStoreError as exc:  # busy for long: search what is indexed already
        log.info("search without indexing the waiting messages: %s", exc)
    skipped = tuple(dict.fromkeys((*exclude, *([exclude_session] if exclude_session else []))))
    # in relevance order every exact hit ranks first (a project's sessions move ahead only
    # within their tier), so tier 1 cannot reach the results once tier 0 fills them
    enough = max(1, min(int(limit), 10)) if sort == "relevance" else None
    kw: _Filters = {"roles": roles, "exclude": skipped, "only": session_id,
                    "descending": sort != "oldest", "after": after, "before": before}
    expand = _Expander(store)
    rows: list[Row] = []
    split, partial = 0, False
    # Cheaper forms to try when one is interrupted by the time budget or (which should not
    # happen: every term is quoted) rejected by FTS5: without prefixes, then plain words.
    # Each is parsed only when its turn comes; neither is None when the first form is not
    # (both keep the same searchable characters), so the last is known to be the last.
    first = fq
    forms: list[Callable[[], FtsQuery | None]] = [lambda: first]
    if first.has_prefix:
        forms.append(lambda: build_fts_query(query, allow_prefix=False))
    forms.append(lambda: plain_words_query(query))
    for n, form in enumerate(forms, 1):
        attempt = form()
        if attempt is None:
            continue
        try:
            rows, split, partial = _run(store, attempt, expand, enough=enough,
                                        bounded=n < len(forms), **kw)
            fq = attempt
            break
        except (sqlite3.OperationalError, _Interrupted) as exc:
            log.info("search for %r gave up on %r: %s", query[:80], attempt.expression[:80], exc)
    # Tier 1 hits matched through an inflection, which the scorer and the snippet must see.
    tier_terms = [fq.terms, fq.terms + expand.words()]
    wanted = max(1, min(int(limit), 10))
    scores = [0.0] * len(rows)
    if sort == "relevance" and rows:  # _tiers puts every tier-0 row before the tier-1 rows
        _, _, tools, texts = zip(*rows, strict=True)
        scores = (bm25_scores(texts[:split], tier_terms[0], tools[:split])
                  + bm25_scores(texts[split:], tier_terms[1], tools[split:]))
    # a project's sessions move forward within their tier, so every session must be ranked
    moved = bool(project_dir) and sort == "relevance"
    ordered = _best_per_session(rows, split, scores, sort, None if moved else wanted)
    if moved and ordered:
        ordered = _project_first(store, ordered, project_dir)
    return result_entries(store, ordered[:wanted], tier_terms, partial=partial, context=context,
                          content_cap=content_cap)


def scroll(store: StoreApi, session_id: str, around_message_id: int, window: int = 5,
           content_cap: int = 2000) -> JsonObject:
    """`window` messages either side of one message, with counts of what lies beyond."""
    window = max(1, min(int(window), 20))
    info = store.get_session(session_id)
    center = store.get_message(int(around_message_id))
    if center.session_id != info.id:
        raise SessionNotFoundError(f"message {around_message_id} is not in session {info.id}")
    before, after = _window(store, info.id, center.id, window, window)
    with store.reading() as conn:
        first = before[0].id if before else center.id
        last = after[-1].id if after else center.id
        more_before = conn.execute(
            "SELECT count(*) FROM messages WHERE session_id = ? AND id < ?", (info.id, first)
        ).fetchone()[0]
        more_after = conn.execute(
            "SELECT count(*) FROM messages WHERE session_id = ? AND id > ?", (info.id, last)
        ).fetchone()[0]
    return {
        "session_id": info.id,
        "title": info.title,
        "messages": [message_dict(m, content_cap) for m in (*before, center, *after)],
        "more_before": more_before,
        "more_after": more_after,
    }


def read(store: StoreApi, session_id: str, content_cap: int = 800) -> JsonObject:
    """The whole session when short (≤30 messages), else the first 20 and last 10."""
    info = store.get_session(session_id)
    with store.reading() as conn:
        total = conn.execute(
            "SELECT count(*) FROM messages WHERE session_id = ?", (info.id,)
        ).fetchone()[0]
        if total <= 30:
            rows = conn.execute(
                f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? ORDER BY id",
                (info.id,)).fetchall()
        else:
            head = conn.execute(
                f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ? ORDER BY id LIMIT 20",
                (info.id,)).fetchall()
            tail = conn.execute(
                f"SELECT {MESSAGE_COLUMNS} FROM messages WHERE session_id = ?"
                " ORDER BY id DESC LIMIT 10", (info.id,)).fetchall()
            rows = head + list(reversed(tail))
    messages = [message_from_row(r) for r in rows]
    out: JsonObject = {
        "session_id": info.id,
        "title": info.title,
        "started": format_time(info.started_at),
        "source": info.source,
        "message_count": total,
        "messages": [message_dict(m, content_cap) for m in messages],
    }
    if total > 30:
        out["omitted"] = total - 30
        out["hint"] = (
            f"{count(total - 30, 'message')} between id {messages[19].id} and {messages[20].id} "
            f"{'is' if total - 30 == 1 else 'are'} not shown; call again with session_id and "
            "around_message_id to scroll there"
        )
    return out


def browse(store: StoreApi, *, limit: int = 10, exclude_session: str | None = None,
           after: float | None = None, before: float | None = None) -> list[JsonObject]:
    """Recent sessions: id, title, one-line preview, last active, message count; with
    `after`/`before`, those that were active in that span."""
    summaries = store.list_sessions(limit=max(1, min(int(limit), 50)), exclude=exclude_session,
                                    active_after=after, active_before=before)
    return [
        {
            "session_id": s.id,
            "title": s.title,
            "preview": one_line(s.preview, 60),
            "last_active": when(store, s.last_active),
            "message_count": s.message_count,
        }
        for s in summaries
    ]
