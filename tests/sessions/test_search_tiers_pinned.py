"""The ranked order of phrase, common, rare and prefix searches, checked against a reference
computed straight from SQLite, and the number of SQL statements a search costs.

The reference is the ranking contract written out plainly: tier 0 is the newest CANDIDATES
matches of the exact expression (FTS5 rowid order), scored by `bm25_scores`; a session's best
hit is its highest score, ties going to the newer message; sessions come best first. Tier 1
(inflections) only runs for bare words when tier 0 leaves room, so the queries here are the
ones tier 0 answers on its own (quoted phrases, prefixes, a word with many matches), plus a
rare word, checked to come from tier 0 first. The corpus is the golden test's (real SQLite).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes.sessions import SessionStore
from hermes.sessions.query import build_fts_query
from hermes.sessions.ranking import SCORED_CHARS, bm25_scores
from hermes.sessions.search import CANDIDATES, discover
from tests.sessions.conftest import FakeClock
from tests.sessions.test_search_golden import build_corpus

PHRASES = ['"error handling"', '"unit tests"', '"database migration"', '"stack trace"',
           '"race condition"', '"pull request"', '"config file"', '"memory leak"']
PREFIXES = ["depl*", "migr*", "test*", "cach*"]
COMMON = ["the", "error", "function", "code"]
RARE = ["kraken", "zephyr", "quokka", "marzipan", "nimbus"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SessionStore]:
    clock = FakeClock()
    store = SessionStore(tmp_path_factory.mktemp("pinned") / "state.db", clock=clock)
    build_corpus(store, clock)
    store.index_pending()
    yield store
    store.close()


def reference(store: SessionStore, query: str, limit: int) -> list[tuple[str, int]]:
    """(session id, message id) of the best `limit` sessions by tier 0 alone, from plain SQL."""
    fq = build_fts_query(query)
    assert fq is not None
    rows = store.query(
        "SELECT messages_fts.rowid, m.session_id, m.tool_name, substr(m.content, 1, ?)"
        " FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid"
        " WHERE messages_fts MATCH ? ORDER BY messages_fts.rowid DESC LIMIT ?",
        (SCORED_CHARS, fq.expression, CANDIDATES))
    scores = bm25_scores([r[3] for r in rows], fq.terms, [r[2] for r in rows])
    ranked = sorted(zip(scores, [r[0] for r in rows], [r[1] for r in rows], strict=True),
                    key=lambda t: (-t[0], -t[1]))
    best: dict[str, int] = {}
    for _, rowid, sid in ranked:
        best.setdefault(sid, rowid)
    return list(best.items())[:limit]


def found(store: SessionStore, query: str, limit: int, **kw: object) -> list[tuple[str, int]]:
    return [(str(r["session_id"]), int(str(r["message_id"])))
            for r in discover(store, query, limit=limit, **kw)]  # type: ignore[arg-type]


@pytest.mark.parametrize("query", PHRASES + PREFIXES + COMMON)
@pytest.mark.parametrize("limit", [1, 3, 10])
def test_tier_zero_order_is_the_reference(corpus: SessionStore, query: str, limit: int) -> None:
    expected = reference(corpus, query, limit)
    assert expected, f"{query} finds nothing in the corpus"
    got = discover(corpus, query, limit=limit)
    assert [(r["session_id"], r["message_id"]) for r in got] == expected
    assert not any(r.get("stemmed") or r.get("partial") for r in got)


@pytest.mark.parametrize("query", RARE)
def test_rare_word_sessions_lead_with_their_exact_hits(corpus: SessionStore, query: str) -> None:
    """A rare word's exact sessions come first, in the reference order; stemmed ones after."""
    got = discover(corpus, query, limit=10)
    exact = [(r["session_id"], r["message_id"]) for r in got if not r.get("stemmed")]
    assert exact == reference(corpus, query, 10)[:len(exact)]
    assert exact, f"{query} finds nothing in the corpus"
    tiers = [bool(r.get("stemmed")) for r in got]
    assert tiers == sorted(tiers)  # no stemmed result above an exact one


@pytest.mark.parametrize("query", PHRASES[:3] + PREFIXES[:2] + COMMON[:2])
def test_newest_order_is_each_sessions_newest_match(corpus: SessionStore, query: str) -> None:
    fq = build_fts_query(query)
    assert fq is not None
    rows = corpus.query(
        "SELECT messages_fts.rowid, m.session_id FROM messages_fts JOIN messages m"
        " ON m.id = messages_fts.rowid WHERE messages_fts MATCH ?"
        " ORDER BY messages_fts.rowid DESC LIMIT ?", (fq.expression, CANDIDATES))
    newest: dict[str, int] = {}
    for rowid, sid in rows:
        newest.setdefault(sid, rowid)
    assert found(corpus, query, 10, sort="newest") == list(newest.items())[:10]


def _statements(store: SessionStore, query: str, **kw: object) -> list[str]:
    """The SQL statements one discover runs (not FTS5's own reads of its shadow tables)."""
    seen: list[str] = []
    with store.reading() as conn:
        conn.set_trace_callback(seen.append)
    try:
        assert discover(store, query, **kw)  # type: ignore[arg-type]
    finally:
        with store.reading() as conn:
            conn.set_trace_callback(None)
    return [s for s in seen if not s.startswith("--")]


@pytest.mark.parametrize("query", [PHRASES[0], PREFIXES[0], COMMON[1]])
def test_a_search_tier_zero_answers_costs_three_statements(corpus: SessionStore, query: str) -> None:
    """The waiting-message check, the candidates, and the results' sessions with their windows
    in one read; no inflection lookups and no second candidate query."""
    statements = _statements(corpus, query, limit=3)
    assert len(statements) == 3, statements
    assert sum("messages_fts MATCH" in s for s in statements) == 1
    assert not any("messages_fts_terms" in s for s in statements)


def test_results_still_find_a_session_renamed_between_searches(corpus: SessionStore) -> None:
    """The session's title is read with the hit, so a new title shows at once."""
    sid = found(corpus, PHRASES[0], 1)[0][0]
    conn = sqlite3.connect(Path(corpus.path))
    with conn:
        conn.execute("UPDATE sessions SET title = 'renamed now' WHERE id = ?", (sid,))
    conn.close()
    assert discover(corpus, PHRASES[0], limit=1)[0]["title"] == "renamed now"
