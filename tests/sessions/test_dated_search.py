"""Searching history by date and leaving sessions out: discover, the session_search tool and
`hermes sessions search`, on a real store whose clock the test moves."""

from __future__ import annotations

import json
import time
from datetime import datetime
from pathlib import Path

import pytest

from hermes.sessions import SessionStore
from hermes.sessions.search import discover
from hermes.sessions.search_tool import SessionSearchTool, session_search_schema
from hermes.sessions.time_bounds import BadTimeBound, parse_bound, time_range
from tests.sessions.conftest import FakeClock, new_session, run_hermes

DAY = 86400.0


def test_bounds_read_spans_words_and_dates() -> None:
    now = datetime(2026, 12, 1, 15, 30).timestamp()
    assert parse_bound("7d", now=now) == now - 7 * DAY
    assert parse_bound("12h", now=now) == now - 12 * 3600
    assert parse_bound("2w", now=now) == now - 14 * DAY
    assert parse_bound("today", now=now) == datetime(2026, 12, 1).timestamp()
    assert parse_bound("yesterday", now=now) == datetime(2026, 11, 30).timestamp()
    assert parse_bound("2026-11-01") == datetime(2026, 11, 1).timestamp()
    assert parse_bound("2026-11-01T14:30") == datetime(2026, 11, 1, 14, 30).timestamp()
    # a bare date as the upper bound includes that whole day
    assert time_range(None, "2026-11-01", now=now) == (None, datetime(2026, 11, 2).timestamp())
    for bad in ("last tuesday", "7x", "2026-13-01"):
        with pytest.raises(BadTimeBound, match="accepted"):
            parse_bound(bad)
    with pytest.raises(BadTimeBound, match="later than"):
        time_range("2026-11-05", "2026-11-01")


@pytest.fixture
def history(hermes_home: Path) -> tuple[SessionStore, dict[str, str]]:
    """Three sessions about 'kraken', 30, 10 and 1 day(s) old."""
    clock = FakeClock(time.time() - 30 * DAY)
    store = SessionStore(clock=clock)
    ids = {}
    for name, age in (("old", 30), ("mid", 10), ("new", 1)):
        clock.now = time.time() - age * DAY
        ids[name] = new_session(store)
        store.append_message(ids[name], "user", f"the kraken deploy, {name} notes")
    return store, ids


def test_discover_keeps_the_span_and_leaves_out_excluded(history: tuple[SessionStore, dict[str, str]]) -> None:
    store, ids = history

    def found(**kw: object) -> set[str]:
        return {r["session_id"] for r in discover(store, "kraken", limit=10, **kw)}

    assert found() == set(ids.values())
    assert found(after=parse_bound("14d")) == {ids["mid"], ids["new"]}
    assert found(before=parse_bound("14d")) == {ids["old"]}
    assert found(after=parse_bound("20d"), before=parse_bound("5d")) == {ids["mid"]}
    assert found(exclude=(ids["new"], ids["old"])) == {ids["mid"]}
    assert found(exclude=(ids["new"],), exclude_session=ids["old"]) == {ids["mid"]}


def test_the_tool_takes_after_before_and_exclude(history: tuple[SessionStore, dict[str, str]]) -> None:
    store, ids = history
    tool = SessionSearchTool(store, current_session_id=None)

    def call(**args: object) -> dict:
        return json.loads(tool.dispatch(json.dumps(args)))

    got = call(query="kraken", after="14d", limit=10)
    assert got["success"] and {r["session_id"] for r in got["results"]} == {ids["mid"], ids["new"]}
    got = call(query="kraken", exclude=[ids["mid"][:8]], limit=10)
    assert {r["session_id"] for r in got["results"]} == {ids["old"], ids["new"]}
    listed = call(after="3d")  # no query: sessions active in the span
    assert [s["session_id"] for s in listed["sessions"]] == [ids["new"]]
    bad = call(query="kraken", after="last tuesday")
    assert bad["success"] is False and "7d" in bad["error"]
    props = session_search_schema()["function"]["parameters"]["properties"]
    assert {"after", "before", "exclude"} <= set(props)


def test_cli_search_takes_the_same_bounds(history: tuple[SessionStore, dict[str, str]], hermes_home: Path) -> None:
    store, ids = history
    store.close()
    res = run_hermes(hermes_home, "sessions", "search", "kraken", "--after", "14d", "--color", "never")
    assert res.returncode == 0, res.stderr
    assert ids["new"] in res.stdout and ids["mid"] in res.stdout and ids["old"] not in res.stdout
    res = run_hermes(hermes_home, "sessions", "search", "kraken", "--exclude", ids["new"],
                     "--exclude", ids["mid"], "--color", "never")
    assert ids["old"] in res.stdout and ids["new"] not in res.stdout and ids["mid"] not in res.stdout
    res = run_hermes(hermes_home, "sessions", "search", "kraken", "--before", "40d")
    assert res.returncode == 0 and "in that time span" in res.stdout
    res = run_hermes(hermes_home, "sessions", "search", "kraken", "--after", "soon")
    assert res.returncode == 2 and "accepted" in res.stderr and "Traceback" not in res.stderr
