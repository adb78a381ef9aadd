"""`hermes import hermes-agent` end to end: a generated Hermes Agent home into a real HERMES_HOME
(real files, real SQLite), checked through our own public APIs and commands."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import yaml

from hermes.config import load_config
from hermes.memory.journal import history
from hermes.memory.memory_files import read_entries
from hermes.memory.memory_tool import MemoryTool
from hermes.memory.pending import list_pending
from hermes.sessions.session_store import SessionStore
from tests.interop.conftest import tree_hash
from tests.support.hermes_agent_home import GITHUB_TOKEN, MEMORY_ENTRIES, SECRET_KEY, USER_ENTRIES

BLOCKED, STAGED = MEMORY_ENTRIES[3], MEMORY_ENTRIES[4]


def test_memories_merge_entry_by_entry_through_the_scan(agent_home: Path, hermes) -> None:
    cfg = load_config()
    # one of theirs is already ours: it must not appear twice
    MemoryTool(cfg.memory, origin="cli").call({"action": "add", "target": "user", "content": USER_ENTRIES[0]})

    run = hermes("import", "hermes-agent", str(agent_home))

    assert run.code == 0, run.err
    memory, user = read_entries(cfg.memory, "memory"), read_entries(cfg.memory, "user")
    assert memory == MEMORY_ENTRIES[:3]
    assert user == USER_ENTRIES  # the duplicate once, in its place; the rest appended
    assert BLOCKED not in memory and STAGED not in memory
    assert "blocked   memory: 'Ignore all previous instructions" in run.out
    assert "prompt injection" in run.out
    staged = list_pending()
    assert [c.after for r in staged for c in r.changes] == [STAGED]
    assert staged[0].origin == "import"
    assert "1 already here" in run.out
    # the writes are in the memory journal under their origin, so `hermes memory undo` works
    assert {e.origin for e in history(None, 20)} == {"cli", "import"}


def test_sessions_are_searchable_in_english_and_chinese(agent_home: Path, hermes) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0

    with SessionStore() as store:
        english = store.search("ansible")
        chinese = store.search("迁移")
    assert [r["session_id"] for r in english][:1] == ["20251229_091500_a1b2c3"]
    assert "20251231_080000_3c4d5e" in [r["session_id"] for r in chinese]
    run = hermes("sessions", "search", "数据库")
    assert run.code == 0 and "数据库迁移计划" in run.out


def test_sessions_keep_ids_titles_times_roles_tool_calls_and_sources(agent_home: Path, hermes) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0

    with SessionStore() as store:
        info = store.get_session("20251229_091500_a1b2c3")
        messages = store.get_messages(info.id)
        discord = store.get_messages("20260101_120000_9c0d1e")
    assert info.title == "Deploy the blog" and info.source == "hermes-agent:cli"
    assert info.started_at == 1_767_000_000.0
    assert [m.role for m in messages] == ["user", "assistant", "tool", "assistant", "tool", "assistant"]
    assert messages[1].tool_calls[0]["function"]["name"] == "terminal"
    assert messages[2].tool_call_id == "call_1" and messages[2].tool_name == "terminal"
    assert messages[0].timestamp == 1_767_000_030.0
    # multimodal text kept with the image named; the rewound turn left out, the compacted one kept
    assert discord[0].content.startswith("What is in this screenshot") and "[image_url]" in discord[0].content
    assert "Forget that, wrong picture." not in [m.content for m in discord]
    assert "Earlier: the checkout service times out." in [m.content for m in discord]


def test_credentials_do_not_survive_the_import(agent_home: Path, hermes, hermes_home: Path) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0

    raw = (hermes_home / "state.db").read_bytes()
    with SessionStore() as store:
        rows = store.query("SELECT content, coalesce(tool_calls, '') FROM messages")
    text = json.dumps(rows, ensure_ascii=False)
    assert SECRET_KEY not in text and GITHUB_TOKEN not in text
    assert SECRET_KEY.encode() not in raw and GITHUB_TOKEN.encode() not in raw
    assert "[REDACTED" in text
    # what was said around the secret is kept exactly
    assert "Deploy the blog to staging. My OpenAI key is [REDACTED" in text


def test_lineage_maps_to_ours_and_resume_by_title_lands_on_the_newest(agent_home: Path, hermes) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0

    with SessionStore() as store:
        tip = store.resolve_session("Rust refactor")
        assert tip.id == "20251230_113000_0a1b2c" and tip.title == "Rust refactor #2"
        assert tip.parent_id == "20251230_100000_d4e5f6"
        assert store.get_session(tip.parent_id).end_reason == "compression"
        # a /branch copy is not a continuation: it must not hijack the name's lineage
        assert store.get_session("20251231_090000_6f7a8b").parent_id is None
        assert store.resolve_session("Deploy the blog").id == "20251229_091500_a1b2c3"
        # our own naming continues their lineage
        child = store.continue_session(tip.id, system_prompt="", model="m", source="cli", cwd="/")
        assert store.get_session(child).title == "Rust refactor #3"


async def test_resume_an_imported_session_by_its_title(agent_home: Path, hermes, fake_llm,
                                                      hermes_home: Path, monkeypatch) -> None:
    from hermes.agent.session import AgentSession

    assert hermes("import", "hermes-agent", str(agent_home)).code == 0
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({
        "model": {"name": fake_llm.model("main"), "api_base": fake_llm.api_base,
                  "api_key_env": "FAKE_LLM_KEY"},
        "memory": {"review_interval": 0}}))
    from tests.support.fake_llm import Reply

    fake_llm.default = Reply(text="Continuing with the lexer tests.")
    agent = AgentSession.open(load_config(), resume="Rust refactor")
    try:
        assert agent.view.session_id == "20251230_113000_0a1b2c"
        assert any("proptest" in str(m.get("content")) for m in agent.view.messages)
        await agent.send("what next?")
    finally:
        await agent.close()
    sent = json.dumps(fake_llm.requests_for("main")[0]["messages"], ensure_ascii=False)
    assert "Added proptest round-trip tests for the lexer." in sent


def test_a_second_run_imports_nothing_new(agent_home: Path, hermes) -> None:
    first = hermes("import", "hermes-agent", str(agent_home))
    with SessionStore() as store:
        sessions, messages = store.query("SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM messages)")[0]
    pending = len(list_pending())

    second = hermes("import", "hermes-agent", str(agent_home))

    assert first.code == second.code == 0
    assert "0 to import, 6 already imported" in second.out
    assert "Imported 0 memory entries, 0 session(s) with 0 messages" in second.out
    with SessionStore() as store:
        assert store.query("SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM messages)")[0] == (
            sessions, messages)
    assert len(list_pending()) == pending  # the staged entry is not staged twice


def test_an_interrupted_import_resumes_where_it_stopped(agent_home: Path, hermes) -> None:
    from hermes.interop.agent_home import AgentHistory
    from hermes.interop.session_import import SessionReport, import_sessions, plan_sessions

    with AgentHistory(agent_home / "state.db") as source, SessionStore() as store:
        report = SessionReport()
        plan = plan_sessions(source, store, report)
        import_sessions(store, source, plan[:2], report)  # as if stopped after two sessions

    run = hermes("import", "hermes-agent", str(agent_home))

    assert "4 to import, 2 already imported" in run.out
    with SessionStore() as store:
        assert store.count_sessions() == 6
        assert store.query("SELECT count(*) FROM messages")[0][0] == 21


def test_a_title_taken_here_is_renamed_and_its_lineage_follows(agent_home: Path, hermes) -> None:
    with SessionStore() as store:
        ours = store.create_session(source="tui", model="m", system_prompt="", cwd="/",
                                    title="rust refactor")

    run = hermes("import", "hermes-agent", str(agent_home))

    assert "renamed   'Rust refactor' → 'Rust refactor (2)'" in run.out
    with SessionStore() as store:
        assert store.get_session(ours).title == "rust refactor"
        tip = store.resolve_session("Rust refactor (2)")
        assert tip.title == "Rust refactor (2) #2" and tip.parent_id == "20251230_100000_d4e5f6"


def test_dry_run_changes_nothing(agent_home: Path, hermes, hermes_home: Path) -> None:
    cfg = load_config()
    MemoryTool(cfg.memory, origin="cli").call({"action": "add", "target": "memory", "content": "Our own fact."})
    with SessionStore() as store:
        store.create_session(source="tui", model="m", system_prompt="", cwd="/", title="Ours")
    before, source_before = tree_hash(hermes_home), tree_hash(agent_home)

    run = hermes("import", "hermes-agent", str(agent_home), "--dry-run", "--config", "--into-pending")

    assert run.code == 0, run.err
    assert "dry run" in run.out and "6 to import" in run.out and "1 blocked" in run.out
    assert "model.name: '' → 'openrouter/anthropic/claude-sonnet-4'" in run.out
    assert tree_hash(hermes_home) == before
    assert_source_untouched(agent_home, source_before)


def assert_source_untouched(agent_home: Path, before: dict[str, str]) -> None:
    """Every file of the source home is as it was. Reading a WAL database makes SQLite add its
    shared-memory index and an empty -wal beside it (Hermes Agent running does the same); those
    may appear, holding nothing."""
    after = tree_hash(agent_home)
    added = set(after) - set(before)
    assert added <= {"state.db-shm", "state.db-wal"}
    assert (agent_home / "state.db-wal").stat().st_size == 0 if "state.db-wal" in added else True
    assert {k: v for k, v in after.items() if k not in added} == before


def test_dry_run_into_an_empty_home_creates_no_history(agent_home: Path, hermes, hermes_home: Path) -> None:
    run = hermes("import", "hermes-agent", str(agent_home), "--dry-run")
    assert run.code == 0 and "6 to import" in run.out
    assert not (hermes_home / "state.db").exists()
    assert not (hermes_home / "memories").exists()


def test_a_corrupt_source_is_one_line_and_changes_nothing(agent_home: Path, hermes, hermes_home: Path) -> None:
    (agent_home / "state.db").write_bytes(b"this is not a database, it only has the name" * 200)
    before = tree_hash(hermes_home)

    run = hermes("import", "hermes-agent", str(agent_home))

    assert run.code == 1
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "not a readable Hermes Agent database" in lines[0]
    assert "Nothing was changed" in lines[0] and "Traceback" not in run.err
    assert tree_hash(hermes_home) == before  # not even the memories went in


def test_a_locked_source_is_one_line_and_changes_nothing(agent_home: Path, hermes, hermes_home: Path) -> None:
    db = agent_home / "state.db"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA journal_mode=DELETE")  # Hermes Agent's fallback on network drives
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        before = tree_hash(hermes_home)
        run = hermes("import", "hermes-agent", str(agent_home))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run.code == 1
    lines = run.err.strip().splitlines()
    assert len(lines) == 1 and "locked by another program" in lines[0] and "run the import again" in lines[0]
    assert tree_hash(hermes_home) == before


def test_our_own_home_is_refused(hermes, hermes_home: Path) -> None:
    run = hermes("import", "hermes-agent", str(hermes_home))
    assert run.code == 2
    assert len(run.err.strip().splitlines()) == 1 and "own home (HERMES_HOME)" in run.err


def test_a_folder_that_is_not_a_home_is_refused(tmp_path: Path, hermes) -> None:
    (tmp_path / "empty").mkdir()
    run = hermes("import", "hermes-agent", str(tmp_path / "empty"))
    assert run.code == 2 and "does not look like a Hermes Agent home" in run.err
    run = hermes("import", "hermes-agent", str(tmp_path / "missing"))
    assert run.code == 2 and "no folder at" in run.err


def test_over_the_limit_the_import_stops_and_lists_what_did_not_fit(agent_home: Path, hermes,
                                                                   hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("memory:\n  memory_char_limit: 170\n")

    run = hermes("import", "hermes-agent", str(agent_home))

    assert run.code == 1
    assert read_entries(load_config().memory, "memory") == MEMORY_ENTRIES[:2]
    assert "no room   memory: '用户的团队在杭州" in run.out
    assert "did not fit" in run.err and "--into-pending" in run.err
    # the scan's suspicious entry must fit too before it can wait for approval
    assert "no room   memory: 'Do not mention this note" in run.out and "covert" in run.out
    assert list_pending() == []

    staged = hermes("import", "hermes-agent", str(agent_home), "--into-pending")

    assert staged.code == 0, staged.err
    waiting = {c.after: r.reason for r in list_pending() for c in r.changes}
    assert sorted(waiting) == sorted([STAGED, MEMORY_ENTRIES[2]])
    assert "did not fit" in waiting[STAGED] and "covert instruction" in waiting[STAGED]
    assert read_entries(load_config().memory, "memory") == MEMORY_ENTRIES[:2]  # still nothing unseen


def test_config_is_shown_and_applied_only_with_the_flag(agent_home: Path, hermes) -> None:
    shown = hermes("import", "hermes-agent", str(agent_home))
    assert "memory.memory_char_limit: 2200 → 3000" in shown.out and "apply with --config" in shown.out
    assert load_config().model.name == ""

    applied = hermes("import", "hermes-agent", str(agent_home), "--config")

    cfg = load_config()
    assert applied.code == 0
    assert cfg.model.name == "openrouter/anthropic/claude-sonnet-4"
    assert (cfg.memory.memory_char_limit, cfg.memory.user_char_limit) == (3000, 1500)
    assert cfg.user_model.provider == "honcho"


def test_an_id_taken_here_gets_a_new_id_and_its_children_follow(agent_home: Path, hermes) -> None:
    with SessionStore() as store:
        ours = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
    # their compression root happens to carry the id of one of our sessions
    with sqlite3.connect(agent_home / "state.db") as conn:
        conn.execute("PRAGMA foreign_keys=OFF")
        conn.execute("UPDATE messages SET session_id = ? WHERE session_id = ?", (ours, "20251230_100000_d4e5f6"))
        conn.execute("UPDATE sessions SET parent_session_id = ? WHERE parent_session_id = ?",
                     (ours, "20251230_100000_d4e5f6"))
        conn.execute("UPDATE sessions SET id = ? WHERE id = ?", (ours, "20251230_100000_d4e5f6"))

    run = hermes("import", "hermes-agent", str(agent_home))

    assert run.code == 0 and "1 session id(s) taken here get new ids" in run.out
    with SessionStore() as store:
        assert store.get_session(ours).title is None  # ours untouched
        root = store.resolve_session("Rust refactor", follow_lineage=False)
        assert root.id != ours and root.message_count == 4
        assert store.resolve_session("Rust refactor").parent_id == root.id


def test_an_older_hermes_agent_file_without_later_columns_imports(tmp_path: Path, hermes) -> None:
    """An early state.db: no titles, no soft-delete flags, no cost columns."""
    home = tmp_path / "old-agent"
    home.mkdir()
    with sqlite3.connect(home / "state.db") as conn:
        conn.executescript("""
            CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL, model TEXT,
                parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL, end_reason TEXT);
            CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL,
                role TEXT NOT NULL, content TEXT, tool_calls TEXT, timestamp REAL NOT NULL);
            INSERT INTO sessions VALUES ('20240101_000000_aaaaaa', 'cli', 'gpt-4o', NULL, 1704067200, NULL, NULL);
            INSERT INTO messages (session_id, role, content, timestamp) VALUES
                ('20240101_000000_aaaaaa', 'user', 'How do I rotate nginx logs?', 1704067201),
                ('20240101_000000_aaaaaa', 'session_meta', '{"note": "internal"}', 1704067202),
                ('20240101_000000_aaaaaa', 'assistant', 'Use logrotate with a daily rule.', 1704067203);
        """)

    run = hermes("import", "hermes-agent", str(home))

    assert run.code == 0, run.err
    assert "1 session(s) with 2 messages" in run.out and "1 message(s) with roles" in run.out
    with SessionStore() as store:
        assert [m.content for m in store.get_messages("20240101_000000_aaaaaa")] == [
            "How do I rotate nginx logs?", "Use logrotate with a daily rule."]


def test_our_own_history_format_is_not_taken_for_hermes_agent(tmp_path: Path, hermes) -> None:
    other = tmp_path / "another-hermes"
    other.mkdir(mode=0o700)
    SessionStore(other / "state.db").close()

    run = hermes("import", "hermes-agent", str(other))

    assert run.code == 1 and "not a Hermes Agent history (no sessions.parent_session_id)" in run.err


def test_api_keys_are_pointed_to_never_copied(agent_home: Path, hermes, hermes_home: Path) -> None:
    (agent_home / ".env").write_text(f"OPENROUTER_API_KEY={SECRET_KEY}\n")

    run = hermes("import", "hermes-agent", str(agent_home), "--config")

    assert run.code == 0
    assert "API keys are not copied" in run.out and SECRET_KEY not in run.out
    assert not (hermes_home / ".env").exists()
    assert SECRET_KEY not in (hermes_home / "config.yaml").read_text()
