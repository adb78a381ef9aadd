"""Instant titles, names with provenance, lineage and resolving a session."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.sessions import (
    AmbiguousSessionError,
    InvalidTitleError,
    SessionNotFoundError,
    SessionStore,
    TitleClashError,
    derive_title,
)
from hermes.sessions.text import clean_title, relative_time
from tests.sessions.conftest import FakeClock, new_session


@pytest.mark.parametrize(("text", "expected"), [
    ("Fix the flaky login test", "Fix the flaky login test"),
    ("\n\n  # Refactor the authentication module so that it uses the new token service please",
     "Refactor the authentication module so that it"),
    ("- a list item\nsecond", "a list item"),
    ("x" * 80, "x" * 48),
    ("帮我重构认证模块的代码", "帮我重构认证模块的代码"),
    ("", ""),
    ("   \n\t ", ""),
])
def test_derive_title(text: str, expected: str) -> None:
    title = derive_title(text)
    assert title == expected
    assert len(title) <= 48


def test_clean_title_removes_invisible_and_collapses_space() -> None:
    assert clean_title("  my\u200b  project\x07\n name\u202e ") == "my project name"
    assert len(clean_title("n" * 300)) == 100


def test_provenance_derived_llm_user(store: SessionStore) -> None:
    sid = new_session(store)
    assert store.set_title(sid, "fix login test", "derived")
    assert not store.set_title(sid, "another derived", "derived")  # derived never replaces a title
    assert store.set_title(sid, "Login test repair", "llm")
    assert store.get_session(sid).title_source == "llm"
    assert store.set_title(sid, "my login work", "user")
    assert not store.set_title(sid, "Model idea", "llm")
    assert not store.set_title(sid, "derived idea", "derived")
    info = store.get_session(sid)
    assert (info.title, info.title_source) == ("my login work", "user")
    assert store.set_title(sid, "renamed again", "user")


def test_user_name_clash_names_the_holder(store: SessionStore) -> None:
    a, b = new_session(store), new_session(store)
    store.set_title(a, "Release plan", "user")
    with pytest.raises(TitleClashError) as err:
        store.set_title(b, "release  PLAN", "user")
    assert a in str(err.value) and "Release plan" in str(err.value)
    assert err.value.holder_id == a
    assert store.set_title(a, "Release plan", "user")  # its own name is no clash
    with pytest.raises(InvalidTitleError):
        store.set_title(b, "\u200b \x07", "user")


def test_automatic_title_clash_gets_a_number(store: SessionStore) -> None:
    a, b = new_session(store), new_session(store)
    store.set_title(a, "Fix tests", "derived")
    assert store.set_title(b, "Fix tests", "derived")
    assert store.get_session(b).title == "Fix tests (2)"


def test_lineage_names_and_resolve_to_newest(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        root = new_session(store, title="my project")
        store.append_message(root, "user", "start")
        clock.advance(60)
        second = store.continue_session(root, system_prompt="S2", model="m", source="tui", cwd="/")
        clock.advance(60)
        third = store.continue_session(second, system_prompt="S3", model="m", source="tui", cwd="/")
        assert store.get_session(second).title == "my project #2"
        assert store.get_session(third).title == "my project #3"
        assert store.get_session(third).parent_id == second
        assert store.get_session(root).end_reason == "compression"
        assert store.get_session(second).end_reason == "compression"
        assert store.get_session(third).system_prompt == "S3"
        assert store.resolve_session("my project").id == third
        assert store.resolve_session("My Project").id == third
        assert store.resolve_session("my project", follow_lineage=False).id == root
        assert store.resolve_session("my project #2", follow_lineage=False).id == second
        assert not store.set_title(third, "Model idea", "llm")  # keeps its lineage name
        assert store.most_recent_session().id == third


def test_untitled_parent_gives_untitled_child(store: SessionStore) -> None:
    parent = new_session(store)
    child = store.continue_session(parent, system_prompt="s", model="m", source="tui", cwd="/")
    assert store.get_session(child).title is None
    assert store.get_session(child).parent_id == parent


def test_resolve_by_id_prefix_and_errors(store: SessionStore) -> None:
    ids = [new_session(store) for _ in range(3)]
    for sid in ids:
        assert store.resolve_session(sid).id == sid
        assert store.resolve_session(sid[:-2]).id == sid
    common = ids[0][:9]  # the date part: shared by all three
    with pytest.raises(AmbiguousSessionError) as err:
        store.resolve_session(common)
    assert all(sid in str(err.value) for sid in ids)
    assert {c[0] for c in err.value.candidates} == set(ids)
    with pytest.raises(SessionNotFoundError):
        store.resolve_session("no such thing")
    with pytest.raises(SessionNotFoundError):
        store.resolve_session("")


def test_most_recent_and_list_sessions(hermes_home: Path, clock: FakeClock) -> None:
    with SessionStore(clock=clock) as store:
        assert store.most_recent_session() is None
        a = new_session(store, title="alpha")
        store.append_message(a, "user", "first question about kubernetes")
        clock.advance(100)
        b = new_session(store)
        store.append_message(b, "user", "second question")
        clock.advance(100)
        store.append_message(a, "user", "back to alpha")
        rows = store.list_sessions()
        assert [r.id for r in rows] == [a, b]
        assert rows[0].preview == "first question about kubernetes" and rows[0].message_count == 2
        assert [r.id for r in store.list_sessions(query_filter="KUBER")] == [a]
        assert [r.id for r in store.list_sessions(query_filter="alp")] == [a]
        assert store.list_sessions(query_filter="100%_") == []
        assert [r.id for r in store.list_sessions(limit=1)] == [a]
        assert store.most_recent_session().id == a


def test_relative_times() -> None:
    now = 1_790_000_000.0
    assert relative_time(now - 5, now) == "just now"
    assert relative_time(now - 300, now) == "5m ago"
    assert relative_time(now - 7200, now) == "2h ago"
    assert relative_time(now - 30 * 3600, now) == "yesterday"
    assert relative_time(now - 3 * 86400, now) == "3d ago"
    assert relative_time(now - 40 * 86400, now)[:2] == "20"
    assert relative_time(None, now) == "—"
