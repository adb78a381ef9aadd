"""The session_search tool: four forms, JSON in and out, errors as JSON, never raises."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hermes.sessions import (
    SessionSearchTool,
    SessionStore,
    session_search_guidance,
    session_search_schema,
)
from tests.sessions.conftest import FakeClock, new_session


@pytest.fixture
def history(hermes_home: Path, clock: FakeClock) -> tuple[SessionStore, str, str, list[int]]:
    store = SessionStore(clock=clock)
    past = new_session(store, title="postgres tuning")
    ids = []
    for i in range(45):
        clock.advance(1)
        text = "we decided to raise shared_buffers to 4GB" if i == 22 else f"note {i} about postgres"
        ids.append(store.append_message(past, "user" if i % 2 == 0 else "assistant", text))
    clock.advance(10)
    current = new_session(store, title="today")
    store.append_message(current, "user", "what did we decide about shared_buffers?")
    return store, past, current, ids


def call(tool: SessionSearchTool, args) -> dict:
    out = tool.dispatch(args if isinstance(args, str) else json.dumps(args))
    return json.loads(out)


def test_discover_excludes_current_session(history) -> None:
    store, past, current, ids = history
    tool = SessionSearchTool(store, current)
    res = call(tool, {"query": "shared_buffers"})
    assert res["success"] and res["mode"] == "discover"
    assert [r["session_id"] for r in res["results"]] == [past]
    assert res["results"][0]["message_id"] == ids[22]
    assert res["results"][0]["title"] == "postgres tuning"
    assert len(res["results"][0]["messages"]) == 5
    without = SessionSearchTool(store, None)
    assert {r["session_id"] for r in call(without, {"query": "shared_buffers"})["results"]} == {past, current}


def test_discover_limit_role_and_sort(history) -> None:
    store, past, current, _ = history
    tool = SessionSearchTool(store, None)
    res = call(tool, {"query": "postgres", "limit": "1", "role_filter": "assistant", "sort": "oldest"})
    assert res["success"] and res["count"] == 1
    assert res["results"][0]["role"] == "assistant"
    assert call(tool, {"query": "postgres", "limit": 50})["count"] <= 10
    some = call(tool, {"query": "shared_buffers kubernetes"})
    assert some["count"] == 2 and "some of them" in some["note"]
    empty = call(tool, {"query": "nonexistentword"})
    assert empty["success"] and empty["results"] == [] and "note" in empty


def test_scroll_window_and_counts(history) -> None:
    store, past, current, ids = history
    tool = SessionSearchTool(store, current)
    res = call(tool, {"session_id": past, "around_message_id": ids[22], "window": 3})
    assert res["mode"] == "scroll"
    assert [m["id"] for m in res["messages"]] == ids[19:26]
    assert (res["more_before"], res["more_after"]) == (19, 19)
    wide = call(tool, {"session_id": past, "around_message_id": ids[0], "window": 100})
    assert len(wide["messages"]) == 21 and wide["more_before"] == 0 and wide["more_after"] == 24
    default = call(tool, {"session_id": past, "around_message_id": ids[10]})
    assert len(default["messages"]) == 11


def test_read_short_and_long(history) -> None:
    store, past, current, ids = history
    tool = SessionSearchTool(store, current)
    res = call(tool, {"session_id": past})
    assert res["mode"] == "read" and res["message_count"] == 45
    assert [m["id"] for m in res["messages"]] == ids[:20] + ids[-10:]
    assert res["omitted"] == 15 and "around_message_id" in res["hint"]
    short = call(tool, {"session_id": current})
    assert len(short["messages"]) == 1 and "omitted" not in short
    by_prefix = call(tool, {"session_id": past[:-1]})
    assert by_prefix["session_id"] == past


def test_browse_recent_without_current(history) -> None:
    store, past, current, _ = history
    res = call(SessionSearchTool(store, current), "")
    assert res["mode"] == "browse" and [s["session_id"] for s in res["sessions"]] == [past]
    s = res["sessions"][0]
    assert s["title"] == "postgres tuning" and s["message_count"] == 45
    assert s["preview"] == "note 0 about postgres" and s["last_active"].endswith("(just now)")
    assert call(SessionSearchTool(store, current), {})["mode"] == "browse"


@pytest.mark.parametrize("raw", [
    "{not json", "[1, 2]", '"a string"', '{"session_id": "nope"}', '{"around_message_id": 3}',
    '{"query": "x", "sort": "sideways"}', '{"query": "x", "role_filter": "robot"}',
    '{"query": "x", "limit": "many"}', '{"session_id": "20", "around_message_id": 1}',
    '{"query": "x", "limit": true}',
])
def test_errors_are_json(history, raw: str) -> None:
    store, past, current, ids = history
    res = json.loads(SessionSearchTool(store, current).dispatch(raw))
    assert res["success"] is False and res["error"]


def test_scroll_into_another_sessions_message_is_an_error(history) -> None:
    store, past, current, ids = history
    res = call(SessionSearchTool(store, None), {"session_id": current, "around_message_id": ids[3]})
    assert res["success"] is False and "not in session" in res["error"]


def test_dispatch_survives_a_closed_store(history) -> None:
    store, past, current, ids = history
    tool = SessionSearchTool(store, current)
    store.close()
    res = call(tool, {"query": "postgres"})
    assert res["success"] is False and "closed" in res["error"]


def test_schema_is_lean_and_guidance_mentions_the_tool(monkeypatch: pytest.MonkeyPatch) -> None:
    schema = session_search_schema()
    assert schema["type"] == "function" and schema["function"]["name"] == "session_search"
    props = schema["function"]["parameters"]["properties"]
    assert set(props) == {"query", "session_id", "around_message_id", "window", "limit",
                          "role_filter", "sort", "after", "before", "exclude"}
    import importlib.util

    # tiktoken's cl100k file ships inside litellm; find it without importing litellm (slow).
    litellm_dir = importlib.util.find_spec("litellm").submodule_search_locations[0]
    cache = Path(litellm_dir) / "litellm_core_utils" / "tokenizers"
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    import tiktoken

    tokens = len(tiktoken.get_encoding("cl100k_base").encode(json.dumps(schema)))
    assert tokens <= 300  # memory + session_search together must stay under 800
    assert "session_search" in session_search_guidance()
    assert os.environ.get("TIKTOKEN_CACHE_DIR")


def test_a_rare_word_puts_its_session_first(hermes_home: Path, clock: FakeClock) -> None:
    store = SessionStore(clock=clock)
    holder = new_session(store, title="mill history")
    store.append_message(holder, "user", "the runnings of the old mill were noted in 1890")
    busy = new_session(store, title="jobs")
    with store.batch():  # many newer messages whose words share the rare word's stem
        for i in range(450):
            clock.advance(1)
            store.append_message(busy, "assistant" if i % 2 else "user", f"job {i} is running; it runs daily")
    current = new_session(store, title="today")
    store.append_message(current, "user", "what were the runnings again?")
    tool = SessionSearchTool(store, current)
    for query in ("runnings", '"runnings"', "runnings 1890"):
        res = call(tool, {"query": query})
        assert res["success"] and res["results"][0]["session_id"] == holder, query
        assert "stemmed" not in res["results"][0]
    store.close()


def test_discover_messages_are_cut_to_max_chars_within_bounds(hermes_home: Path, clock: FakeClock) -> None:
    store = SessionStore(clock=clock)
    past = new_session(store, title="go")
    store.append_message(past, "user", "errgroup or WaitGroup for the Go fetcher?")
    store.append_message(past, "assistant", "errgroup is simpler. " + "x" * 3_000)
    tool = SessionSearchTool(store, None)

    def answer(**extra) -> dict:
        [result] = call(tool, {"query": "errgroup", **extra})["results"]
        return next(m for m in result["messages"] if m["role"] == "assistant")

    assert len(answer()["content"]) == 500 + 1  # the default, and "…"
    short = answer(max_chars=240)
    assert short["content"].startswith("errgroup is simpler.") and len(short["content"]) == 241
    assert short["truncated"] and short["chars"] == 3_021
    assert len(answer(max_chars=5)["content"]) == 80 + 1  # bounded below and above
    assert len(answer(max_chars=10**6)["content"]) == 2_000 + 1
    assert "max_chars" not in json.dumps(session_search_schema())  # the tool's bound, not sent


def test_snippet_is_left_out_only_when_the_matching_message_is_whole(hermes_home: Path, clock: FakeClock) -> None:
    store = SessionStore(clock=clock)
    short = new_session(store, title="short")
    store.append_message(short, "user", "the retry budget is three attempts")
    clock.advance(5)
    long = new_session(store, title="long")
    store.append_message(long, "user", "y" * 900 + " the retry budget lives here")
    results = {r["session_id"]: r for r in call(SessionSearchTool(store, None), {"query": "budget"})["results"]}
    assert "snippet" not in results[short]  # it would repeat the whole message beside it
    assert "**budget**" in results[long]["snippet"]  # the match is past the cut: only the snippet shows it
