"""Prune by lineage, auto-prune at most once a day, VACUUM when worthwhile, stats."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import SessionsConfig
from hermes.sessions import SessionStore
from hermes.sessions.maintenance import (
    auto_prune_if_due,
    parse_duration,
    prune,
    start_auto_prune,
    stats,
    vacuum_if_worthwhile,
)
from tests.sessions.conftest import FakeClock, new_session

DAY = 86400.0


def test_parse_duration() -> None:
    assert parse_duration("90d") == 90 * DAY
    assert parse_duration("2w") == 14 * DAY
    assert parse_duration("36h") == 36 * 3600
    assert parse_duration("7") == 7 * DAY
    for bad in ("", "ninety", "-3d", "0d", "5y"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def _aged_history(clock: FakeClock) -> tuple[SessionStore, dict[str, str]]:
    store = SessionStore(clock=clock)
    ids = {}
    ids["old"] = new_session(store, title="old")
    store.append_message(ids["old"], "user", "ancient history")
    # a lineage whose root is old but whose newest part is recent: kept as a whole
    ids["root"] = new_session(store, title="long project")
    store.append_message(ids["root"], "user", "project start")
    clock.advance(120 * DAY)
    ids["child"] = store.continue_session(ids["root"], system_prompt="", model="m", source="tui", cwd="/")
    store.append_message(ids["child"], "user", "project continues")
    ids["recent"] = new_session(store, title="recent")
    store.append_message(ids["recent"], "user", "fresh")
    return store, ids


def test_prune_whole_lineages_only(hermes_home: Path, clock: FakeClock) -> None:
    store, ids = _aged_history(clock)
    dry = prune(store, 90 * DAY, dry_run=True)
    assert dry.sessions == [ids["old"]] and dry.messages == 1
    assert store.get_session(ids["old"])  # dry run deleted nothing
    done = prune(store, 90 * DAY)
    assert done.sessions == [ids["old"]]
    remaining = {s.id for s in store.list_sessions()}
    assert remaining == {ids["root"], ids["child"], ids["recent"]}
    assert store.search("ancient") == []
    clock.advance(100 * DAY)
    gone = prune(store, 90 * DAY)
    assert set(gone.sessions) == {ids["root"], ids["child"], ids["recent"]} and gone.lineages == 2
    assert store.list_sessions() == [] and store.check_integrity() == []


def test_auto_prune_at_most_once_a_day(hermes_home: Path, clock: FakeClock) -> None:
    store, ids = _aged_history(clock)
    first = auto_prune_if_due(store, 90)
    assert first is not None and first.sessions == [ids["old"]]
    clock.advance(100 * DAY - 1)  # everything is now old, but the last run was... 100 days ago
    again = auto_prune_if_due(store, 90)
    assert again is not None
    assert auto_prune_if_due(store, 1) is None  # ran moments ago: not due
    clock.advance(DAY)
    assert auto_prune_if_due(store, 1) is not None


def test_start_auto_prune_is_off_by_default(hermes_home: Path) -> None:
    store, ids = _aged_history(FakeClock(start=1_500_000_000.0))  # 2017: years before now
    off = SessionsConfig(auto_prune=False, retention_days=90)
    assert start_auto_prune(off) is None
    on = SessionsConfig(auto_prune=True, retention_days=1)
    thread = start_auto_prune(on, store.path)  # real clock: all sessions look years old
    assert thread is not None
    thread.join(timeout=30)
    assert store.list_sessions() == []


def test_vacuum_when_worthwhile(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        with store.batch():
            for n in range(40):
                sid = new_session(store)
                for i in range(30):
                    store.append_message(sid, "user", f"bulk text {n} {i} " + "lorem ipsum " * 80)
        assert not vacuum_if_worthwhile(store)  # nothing free yet
        pages_before = store.conn.execute("PRAGMA page_count").fetchone()[0]
        clock.advance(400 * DAY)
        result = prune(store, 90 * DAY, vacuum=False)
        assert len(result.sessions) == 40
        assert vacuum_if_worthwhile(store, min_free_bytes=0)
        assert store.conn.execute("PRAGMA page_count").fetchone()[0] < pages_before / 4
        assert store.check_integrity() == []


def test_stats(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        a = new_session(store)
        store.append_message(a, "user", "hello 世界")
        store.add_usage(a, input_tokens=10, output_tokens=5, cache_tokens=2, cost=0.25)
        b = new_session(store, source="cli")
        store.append_message(b, "user", "x")
        st = stats(store)
        assert (st.sessions, st.messages, st.input_tokens, st.output_tokens, st.cache_tokens) == (2, 2, 10, 5, 2)
        assert st.cost == pytest.approx(0.25)
        assert st.text_bytes == len("hello 世界".encode()) + 1
        assert st.db_bytes > 0 and st.index_bytes and st.index_bytes > 0
        assert st.by_source == {"tui": 1, "cli": 1}
