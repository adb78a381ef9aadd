"""The local provider end to end: derive from a conversation, inject in a later session."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from hermes.config import UserModelConfig
from hermes.providers import compose_user_message, load_provider
from hermes.providers.past_sessions import HistoryHit
from hermes.providers.local import LocalProvider
from hermes.providers.user_model_tables import UserModelStore
from tests.providers.fakes import STRONG, FakeComplete, derive_reply

REPRESENT = json.dumps({"user": "A Go developer who works in small steps.",
                        "assistant": "Answer with code first; keep prose to three lines."})


async def test_a_shown_preference_reaches_a_later_session(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    complete = FakeComplete({
        "user_model.derive": derive_reply(
            ("Prefers code before explanation, and little prose", 11),
            card=["Writes Go at work"], summary="Fixing a Go HTTP handler."),
        "user_model.represent": REPRESENT,
        "user_model.dialectic": STRONG,
    })
    cfg = UserModelConfig(provider="local", dialectic_depth=2)
    guard = load_provider(cfg, complete=complete, store_path=db, history=None)
    assert guard is not None

    # session A: the user never states a rule, they just keep cutting the prose
    await guard.turn_context("A", 1, "fix this handler")
    await guard.on_turn_finished("A", 1, "too long, just show me the code", "func h() {...}",
                                 [11, 12])
    await guard.on_session_end("A")
    assert await guard.drain(timeout=10)
    assert complete.count("user_model.derive") == 1
    assert complete.count("user_model.represent") == 1
    await guard.on_session_end("A-idle")  # nothing new learned: no rewrite, no model call
    assert await guard.drain(timeout=10)
    assert complete.count("user_model.represent") == 1
    # the derivation saw the exchange with its message ids
    assert "[#11 user] too long, just show me the code" in complete.last_user_content(
        "user_model.derive")

    # provenance in state.db
    row = sqlite3.connect(db).execute(
        "SELECT content, session_id, message_id, source FROM um_conclusions").fetchone()
    assert row == ("Prefers code before explanation, and little prose", "A", 11, "derived")

    # session B, fresh process state: the preference is injected into the user message
    later = load_provider(cfg, complete=complete, store_path=db, history=None)
    assert later is not None
    block = await later.turn_context("B", 1, "write a retry loop")
    assert "Prefers code before explanation" in block
    assert "Writes Go at work" in block
    assert "Answer with code first" in block  # the assistant's own representation
    message = compose_user_message("write a retry loop", block)
    assert message.startswith("<user-model-context") and message.endswith("write a retry loop")
    # the system prompt block is static text: no stored data in it
    assert "Prefers code" not in later.system_prompt_block()


async def test_failed_derivation_is_retried_at_session_end(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    complete = FakeComplete({
        "user_model.derive": ["Sorry, I cannot help with that.",
                              derive_reply(("Uses vim keybindings", 3))],
        "user_model.represent": REPRESENT,
    })
    provider = LocalProvider(store, complete)
    try:
        await provider.on_turn_finished("A", 1, "map jk to esc", "done", [3, 4])
    except Exception as exc:  # noqa: BLE001 - the guard logs this; the turn is kept for a retry
        assert "not JSON" in str(exc)
    assert store.count_conclusions() == 0
    await provider.on_session_end("A")
    assert [c.content for c in store.recent_conclusions()] == ["Uses vim keybindings"]
    assert store.recent_conclusions()[0].message_id == 3
    assert complete.count("user_model.derive") == 2


async def test_invented_message_ids_fall_back_to_the_user_message(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    complete = FakeComplete({"user_model.derive": derive_reply(("Likes Rust", 999))})
    await LocalProvider(store, complete).on_turn_finished("A", 1, "rust pls", "ok", [7, 8])
    assert store.recent_conclusions()[0].message_id == 7


async def test_secrets_never_reach_the_table(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    key = "sk-proj-" + "a1B2c3D4e5" * 4
    complete = FakeComplete({"user_model.derive": derive_reply((f"Uses the key {key}", 1))})
    await LocalProvider(store, complete).on_turn_finished("A", 1, f"my key is {key}", "ok", [1, 2])
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("state.db*"))
    assert key.encode() not in raw
    assert key not in complete.last_user_content("user_model.derive")  # nor the model call
    assert "[REDACTED:openai-key]" in store.recent_conclusions()[0].content


async def test_tools(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    complete = FakeComplete({"user_model.dialectic": STRONG})
    provider = LocalProvider(store, complete, dialectic_depth=3)
    names = [s["function"]["name"] for s in provider.tool_schemas()]
    assert names == ["user_profile", "user_search", "user_reasoning", "user_conclude"]

    added = json.loads(await provider.dispatch("user_conclude", '{"text": "Prefers tabs"}',
                                               session_id="A"))
    assert added["success"] and added["id"]
    found = json.loads(await provider.dispatch("user_search", '{"query": "tabs or spaces"}'))
    assert [r["text"] for r in found["results"]] == ["Prefers tabs"]
    assert found["results"][0]["session_id"] == "A"

    card = json.loads(await provider.dispatch("user_profile",
                                              '{"action": "add", "item": "Name: Ada"}'))
    assert card["peer_card"] == ["Name: Ada"]
    removed = json.loads(await provider.dispatch("user_profile",
                                                 '{"action": "remove", "item": "name: ada"}'))
    assert removed["removed"] == "Name: Ada" and removed["peer_card"] == []

    answer = json.loads(await provider.dispatch("user_reasoning",
                                                '{"question": "How should I format code?"}'))
    assert "reviewable steps" in answer["answer"]
    assert complete.count("user_model.dialectic") == 1  # strong at once: no second pass
    assert "Question: How should I format code?" in complete.last_user_content(
        "user_model.dialectic")

    gone = json.loads(await provider.dispatch("user_conclude",
                                              json.dumps({"delete_id": added["id"]})))
    assert gone == {"success": True, "deleted": added["id"]}
    assert store.count_conclusions() == 0

    for raw, fragment in [("{not json", "not valid JSON"), ("[1]", "JSON object"),
                          ('{"query": ""}', "'query' is required"),
                          ('{"delete_id": "x"}', "conclusion id")]:
        tool = "user_conclude" if "delete_id" in raw else "user_search"
        result = json.loads(await provider.dispatch(tool, raw))
        assert result["success"] is False and fragment in result["error"], (raw, result)


async def test_forgotten_conclusions_are_not_derived_again(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    complete = FakeComplete({"user_model.derive": derive_reply(("Lives in Lisbon", 1))})
    provider = LocalProvider(store, complete)
    await provider.on_turn_finished("A", 1, "it's sunny in Lisbon", "nice", [1, 2])
    [c] = store.recent_conclusions()
    overview = await provider.overview()
    assert [v.text for v in overview.conclusions] == ["Lives in Lisbon"]
    assert await provider.forget(str(c.id)) is True
    assert await provider.forget(str(c.id)) is False
    await provider.on_turn_finished("A", 2, "Lisbon again", "yes", [3, 4])
    assert store.count_conclusions() == 0
    # stating it on purpose through the tool brings it back
    await provider.dispatch("user_conclude", '{"text": "Lives in Lisbon"}')
    assert store.count_conclusions() == 1


async def test_dialectic_reads_past_sessions(tmp_path: Path) -> None:
    searched: list[tuple[str, int, str | None]] = []

    def history(query: str, limit: int, exclude: str | None) -> list[HistoryHit]:
        searched.append((query, limit, exclude))
        return [HistoryHit("20260101_000000_abcdef", 5, "user",
                           "we agreed to use sqlite for the cache")]

    complete = FakeComplete({"user_model.dialectic": STRONG})
    provider = LocalProvider(UserModelStore(tmp_path / "state.db"), complete, history=history)
    await provider.turn_context("B", 1, "what cache did we pick?")
    assert searched == [("what cache did we pick?", 3, "B")]
    assert "we agreed to use sqlite for the cache" in complete.last_user_content(
        "user_model.dialectic")


def test_store_search_handles_cjk_and_dedupes(tmp_path: Path) -> None:
    store = UserModelStore(tmp_path / "state.db")
    first = store.add_conclusion("喜欢用认证模块的单元测试")
    assert store.add_conclusion("  喜欢用认证模块的单元测试 ") == first
    store.add_conclusion("Prefers dark themes")
    assert [c.content for c in store.search_conclusions("认证")] == ["喜欢用认证模块的单元测试"]
    assert store.search_conclusions("the a of") == []
    assert store.recent_conclusions()[-1].times_seen == 2
    assert (tmp_path / "state.db").stat().st_mode & 0o777 == 0o600


async def test_dialectic_searches_real_session_history(tmp_path: Path) -> None:
    """state.db shared with the sessions layer: its FTS finds the past session for the dialectic."""
    from hermes.providers.past_sessions import sessions_history_search
    from hermes.sessions import SessionStore

    db = tmp_path / "state.db"
    with SessionStore(db) as sessions:
        old = sessions.create_session(source="test", model="m", system_prompt="sys", cwd="/")
        sessions.append_message(old, "user", "let's use sqlite for the cache layer")
        sessions.append_message(old, "assistant", "Agreed: sqlite, one file, WAL mode.")
        current = sessions.create_session(source="test", model="m", system_prompt="sys", cwd="/")
        sessions.append_message(current, "user", "which cache did we choose?")

    complete = FakeComplete({"user_model.dialectic": STRONG, "user_model.derive": derive_reply(
        ("Builds a caching layer", None))})
    guard = load_provider(UserModelConfig(provider="local"), complete=complete, store_path=db)
    assert guard is not None
    await guard.turn_context(current, 1, "which cache did we choose?")
    evidence = complete.last_user_content("user_model.dialectic")
    assert f"[{old} " in evidence and "sqlite" in evidence
    assert current not in evidence.split("Past sessions:")[1]  # the current one is excluded
    # both layers keep working on the one file
    await guard.on_turn_finished(current, 1, "which cache did we choose?", "sqlite", [3, 4])
    assert await guard.drain(5)
    with SessionStore(db) as sessions:
        assert len(sessions.get_messages(old)) == 2
    assert UserModelStore(db).count_conclusions() == 1
    # the provider's view of past sessions reads the same file, leaving out the current one
    search = sessions_history_search(db)
    assert search is not None
    hits = search("sqlite", 5, current)
    assert hits and {h.session_id for h in hits} == {old}


def test_store_upgrades_a_version_1_file(tmp_path: Path) -> None:
    """Version 1 had no search index: opening the file builds it and keeps every row."""
    db = tmp_path / "state.db"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE um_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO um_meta VALUES ('schema_version', '1');
        CREATE TABLE um_conclusions (id INTEGER PRIMARY KEY, content TEXT NOT NULL,
            norm TEXT NOT NULL UNIQUE, session_id TEXT, message_id INTEGER,
            source TEXT NOT NULL DEFAULT 'derived', times_seen INTEGER NOT NULL DEFAULT 1,
            created_at REAL NOT NULL, updated_at REAL NOT NULL);
        INSERT INTO um_conclusions(content, norm, created_at, updated_at)
            VALUES ('Prefers tabs', 'prefers tabs', 1, 1), ('Uses 认证模块', 'uses 认证模块', 2, 2);
    """)
    con.commit()
    con.close()
    store = UserModelStore(db)
    assert [c.content for c in store.search_conclusions("tabs")] == ["Prefers tabs"]
    assert [c.content for c in store.search_conclusions("认证")] == ["Uses 认证模块"]
    # the state.db migrations own the schema now: the provider's own version row is retired
    assert "schema_version" not in store.meta()
    assert store.count_conclusions() == 2


def test_repair_keeps_conclusions_and_their_search(tmp_path: Path) -> None:
    """`hermes sessions repair` copies the user model's rows into the fresh file; the store then
    refills the conclusions' search index, which the repair does not copy."""
    from hermes.sessions.repair import recover

    db = tmp_path / "state.db"
    with UserModelStore(db) as store:
        kept = store.add_conclusion("Keeps notes in 数据库 tables")
        store.set_peer_card(["Writes Go"])
    report = recover(db)
    assert report.copied["um_conclusions"] == 1 and report.lost == {}
    with UserModelStore(db) as store:
        assert [c.id for c in store.search_conclusions("数据")] == [kept]
        assert [c.id for c in store.search_conclusions("notes")] == [kept]
        assert store.peer_card() == ["Writes Go"]
